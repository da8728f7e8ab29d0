import StringCatalog

extension ThreeWayMerge {
    /// R11 `phrases-added`, for an App Shortcut's `stringSet` (`AppShortcuts.xcstrings`) whose
    /// phrases both sides changed differently: when each side kept every phrase of the base and
    /// added some, the phrases are the base's in its order, then ours' additions, then theirs'
    /// (each once); the set's other members merge as any node does. Any other change to the
    /// phrases on both sides (one removed or reworded) is a `both-modified` conflict, ours kept.
    ///
    /// Returns nil when the phrases themselves need no rule (equal, or changed by one side
    /// only) or are not arrays of strings: the general rules merge the set member by member.
    mutating func resolveStringSet(base: JSONValue?, ours: JSONValue, theirs: JSONValue, at trail: Trail) -> JSONValue?? {
        guard let oursSet = ours.object, let theirsSet = theirs.object,
            let oursPhrases = Self.phrases(oursSet), let theirsPhrases = Self.phrases(theirsSet)
        else { return nil }
        let baseSet = base?.object
        let basePhrases = baseSet.flatMap(Self.phrases) ?? []
        if oursPhrases == theirsPhrases || oursPhrases == basePhrases || theirsPhrases == basePhrases { return nil }
        let kept = Set(basePhrases)
        guard kept.isSubset(of: Set(oursPhrases)), kept.isSubset(of: Set(theirsPhrases)) else {
            return .some(conflict(baseSet == nil ? .bothAdded : .bothModified, at: trail, base: base, ours: ours, theirs: theirs))
        }
        var phrases: [UTF8Bytes] = []
        var seen: Set<UTF8Bytes> = []
        for phrase in basePhrases + oursPhrases + theirsPhrases where seen.insert(phrase).inserted { phrases.append(phrase) }
        autoResolved(MergeRules.phrasesAdded, at: trail, chosen: "combined")
        var set = oursSet
        set[Name.values] = .array(phrases.map(JSONValue.string))
        for name in Self.memberNames(baseSet, oursSet, theirsSet) where !name.equals(Name.values) {
            set[key: name] = merge(baseSet?[key: name], oursSet[key: name], theirsSet[key: name], kind: .generic, at: trail.child(name, of: .stringSet))
        }
        return .object(set)
    }

    /// The phrases of a string set, when its `values` are all strings.
    static func phrases(_ set: JSONObject) -> [UTF8Bytes]? {
        guard case .array(let values)? = set[Name.values]?.materialized else { return nil }
        let phrases = values.compactMap(\.stringValue)
        return phrases.count == values.count ? phrases : nil
    }
}
