import StringCatalog

extension ThreeWayMerge {
    /// R6 `version`: a `version` both sides changed differently: the higher one, compared as
    /// dotted numbers so that 1.10 > 1.9.
    mutating func resolveVersion(base: JSONValue?, ours: JSONValue?, theirs: JSONValue?, at trail: Trail) -> JSONValue? {
        if ours == theirs { return ours }
        if ours == base { return theirs }
        if theirs == base { return ours }
        guard let oursVersion = ours?.stringValue, let theirsVersion = theirs?.stringValue else {
            return conflict(.bothModified, at: trail, base: base, ours: ours, theirs: theirs)
        }
        let theirsIsHigher = Self.compareVersions(theirsVersion.string, oursVersion.string) > 0
        autoResolved(MergeRules.version, at: trail, chosen: theirsIsHigher ? Side.theirs.rawValue : Side.ours.rawValue, discarding: .some(theirsIsHigher ? ours : theirs))
        return theirsIsHigher ? theirs : ours
    }

    static func compareVersions(_ a: String, _ b: String) -> Int {
        let x = a.split(separator: ".").map { Int($0) ?? 0 }
        let y = b.split(separator: ".").map { Int($0) ?? 0 }
        for i in 0..<max(x.count, y.count) {
            let p = i < x.count ? x[i] : 0
            let q = i < y.count ? y[i] : 0
            if p != q { return p < q ? -1 : 1 }
        }
        return 0
    }

    /// R6 `source-language`: a `sourceLanguage` both sides changed differently is a conflict that
    /// keeps ours; which language the strings are written in is not for a tool to guess.
    mutating func resolveSourceLanguage(base: JSONValue?, ours: JSONValue?, theirs: JSONValue?, at trail: Trail) -> JSONValue? {
        if ours == theirs { return ours }
        if ours == base { return theirs }
        if theirs == base { return ours }
        return conflict(.sourceLanguage, at: trail, base: base, ours: ours, theirs: theirs)
    }
}
