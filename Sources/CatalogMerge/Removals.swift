import StringCatalog

/// What one side removed while the other left it as the base had it: R0 carries the removal
/// into the output without a conflict, as it should, but a person should see it go. In 27 of
/// 1,104 real merges the committers put back what one side had deleted (a whole locale in one),
/// perhaps because nothing said it went.
public struct Removal: Sendable {
    public enum Scope: String, Sendable {
        /// A whole key.
        case key
        /// A whole localization of a key.
        case locale
        /// A part of a localization: a plural or device case, a substitution.
        case variation
    }

    public var side: Side
    public var scope: Scope
    public var location: MergeLocation
    /// What the base had there (and the side that left it still has): recoverable from the report.
    public var value: JSONValue?

    public init(side: Side, scope: Scope, location: MergeLocation, value: JSONValue?) {
        self.side = side
        self.scope = scope
        self.location = location
        self.value = value
    }
}

extension ThreeWayMerge {
    /// Notes what `side` removed from `base` in the version the output takes (`taken`, nil when
    /// the whole node went): keys, localizations and the cases of variations and substitutions.
    /// Called only where one side changed a node and the other did not.
    @inline(never)
    mutating func noteRemovals(base: JSONValue, taken: JSONValue?, side: Side, kind: NodeKind, at trail: Trail) {
        guard let taken else {
            guard trail.key != nil else { return }
            switch kind {
            case .entry: report.removals.append(Removal(side: side, scope: .key, location: trail.location, value: base))
            case .localization where trail.path.isEmpty:
                report.removals.append(Removal(side: side, scope: .locale, location: trail.location, value: base))
            case .localization, .substitution:
                report.removals.append(Removal(side: side, scope: .variation, location: trail.location, value: base))
            default: break
            }
            return
        }
        switch kind {
        case .stringUnit, .stringSet, .generic: return
        default: break
        }
        guard let baseObject = base.object, let takenObject = taken.object else { return }
        // Below a node, only the members that can hold translations.
        let names: [UTF8Bytes]
        switch kind {
        case .root: names = ["strings"]
        case .entry: names = ["localizations"]
        case .localization: names = ["variations", "substitutions"]
        case .substitution: names = ["variations"]
        case .strings, .localizations, .variations, .variationCases, .substitutions: names = baseObject.keys
        default: return
        }
        // Looked up by key: an object may have 100,000 members (a hostile input's locales).
        var takenMembers: [UTF8Bytes: JSONValue] = [:]
        takenMembers.reserveCapacity(takenObject.count)
        for member in takenObject.members { takenMembers[member.key] = member.value }
        var baseMembers: [UTF8Bytes: JSONValue] = [:]
        baseMembers.reserveCapacity(baseObject.count)
        for member in baseObject.members { baseMembers[member.key] = member.value }
        for name in names {
            guard let inBase = baseMembers[name] else { continue }
            let inTaken = takenMembers[name]
            if inTaken == inBase { continue }
            noteRemovals(base: inBase, taken: inTaken, side: side, kind: kind.child(name), at: trail.child(name, of: kind))
        }
    }
}

extension MergeReport {
    /// One line for each kind of removal of each side, for the driver's summary and `review`:
    /// `theirs (b) removed fr from 30 strings: "A", "B", "C" and 27 more`.
    public static func removalLines(_ removals: [Removal], labels: MergeLabels, examples: Int = 3) -> [String] {
        func listed(_ keys: [UTF8Bytes]) -> String {
            let shown = keys.prefix(examples).map { quoted($0.string, limit: 40) }.joined(separator: ", ")
            return keys.count > examples ? "\(shown) and \(keys.count - examples) more" : shown
        }
        func strings(_ count: Int) -> String { count == 1 ? "1 string" : "\(count) strings" }
        var lines: [String] = []
        for side in [Side.ours, .theirs] {
            let mine = removals.filter { $0.side == side }
            guard !mine.isEmpty else { continue }
            let name = labels.name(side)
            let keys = mine.filter { $0.scope == .key }.compactMap(\.location.key)
            if !keys.isEmpty {
                lines.append("\(name) removed \(keys.count) key\(keys.count == 1 ? "" : "s"): \(listed(keys))")
            }
            // Localizations, by locale, most strings first.
            var byLocale: [UTF8Bytes: [UTF8Bytes]] = [:]
            var localeOrder: [UTF8Bytes] = []
            for removal in mine where removal.scope == .locale {
                guard let locale = removal.location.locale, let key = removal.location.key else { continue }
                if byLocale[locale] == nil { localeOrder.append(locale) }
                byLocale[locale, default: []].append(key)
            }
            for locale in localeOrder.sorted(by: { (byLocale[$0]!.count, $1.string) > (byLocale[$1]!.count, $0.string) }) {
                let keys = byLocale[locale]!
                lines.append("\(name) removed \(locale) from \(strings(keys.count)): \(listed(keys))")
            }
            let parts = mine.filter { $0.scope == .variation }
            if !parts.isEmpty {
                var seen = Set<UTF8Bytes>()
                let partKeys = parts.compactMap(\.location.key).filter { seen.insert($0).inserted }
                lines.append("\(name) removed \(parts.count) variation\(parts.count == 1 ? "" : "s") (plural, device or substitution cases) from \(strings(partKeys.count)): \(listed(partKeys))")
            }
        }
        return lines
    }
}
