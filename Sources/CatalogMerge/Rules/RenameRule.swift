import StringCatalog

/// R10 `renamed-key`: a merge follows a key that one side renamed.
///
/// Side X renamed K to K' when K is in the base and not in X; K' is in X and not in the base;
/// the base entry K has at least one localization other than the source language's; each of
/// those is in X's K' with the same text (compared with every `state` member removed, at any
/// depth; K' may have more locales, other states, another comment or extraction state); and the
/// pairing is unique both ways (no other deleted key carries into K', no other added key
/// receives K).
///
/// - X renamed K→K' and the other side Y changed K (not only in fields Xcode derives, see D1)
///   and has no K': the result has no K, and K' = merge(base K, X's K', Y's K) by the other
///   rules, every conflict inside reported at K'.
/// - Both sides renamed K to the same K' and their entries differ: K' = merge(base K, ours K',
///   theirs K'), not a merge of two unrelated additions.
///
/// Both are reported in `autoResolved` at K' with `from` and `renamedBy`. Anything else (Y
/// deleted K, Y renamed it to another name, ambiguous pairings, entries without translations)
/// is left to R0–R9.
struct RenamePlan {
    /// A renamed entry whose merge reads the base and the other side at the old key.
    struct Carry {
        var from: UTF8Bytes
        var renamedBy: RenamedBy
    }

    enum RenamedBy: String {
        case ours, theirs, both
    }

    /// New key → where it came from.
    var carried: [UTF8Bytes: Carry] = [:]
    /// Old keys not to visit: their entry lives on under the new key.
    var movedAway: Set<UTF8Bytes> = []

    var isEmpty: Bool { carried.isEmpty }

    init() {}

    /// The renames to follow when merging the `strings` objects of the three sides.
    init(base: JSONObject, ours: JSONObject, theirs: JSONObject, sourceLanguage: UTF8Bytes?) {
        let oursRenames = Self.renames(base: base, side: ours, sourceLanguage: sourceLanguage)
        let theirsRenames = Self.renames(base: base, side: theirs, sourceLanguage: sourceLanguage)
        guard !oursRenames.isEmpty || !theirsRenames.isEmpty else { return }
        var baseIndex = MemberIndex(base)
        var oursIndex = MemberIndex(ours)
        var theirsIndex = MemberIndex(theirs)
        for (renames, side) in [(oursRenames, RenamedBy.ours), (theirsRenames, .theirs)] {
            for (from, to) in renames {
                let otherRenames = side == .ours ? theirsRenames : oursRenames
                if let otherTarget = otherRenames[from] {
                    // Both renamed K: to the same K' with different entries is merged; to
                    // different names is left to the other rules.
                    if side == .ours, otherTarget == to, oursIndex.value(to) != theirsIndex.value(to) {
                        carried[to] = Carry(from: from, renamedBy: .both)
                    }
                    continue
                }
                guard let baseEntry = baseIndex.value(from) else { continue }
                let other = side == .ours ? theirsIndex.value(from) : oursIndex.value(from)
                let otherHasTarget = side == .ours ? theirsIndex.contains(to) : oursIndex.contains(to)
                guard let other, !otherHasTarget, other != baseEntry,
                    !ThreeWayMerge.differsOnlyInDerivedFields(baseEntry.materialized, other.materialized)
                else { continue }
                carried[to] = Carry(from: from, renamedBy: side)
                movedAway.insert(from)
            }
        }
    }

    /// The renames `side` made (old key → new key), as R10 defines them.
    static func renames(base: JSONObject, side: JSONObject, sourceLanguage: UTF8Bytes?) -> [UTF8Bytes: UTF8Bytes] {
        var sideIndex = MemberIndex(side)
        let deleted = base.members.filter { !sideIndex.contains($0.key) }
        guard !deleted.isEmpty else { return [:] }
        var baseIndex = MemberIndex(base)
        let added = side.members.filter { !baseIndex.contains($0.key) }
        guard !added.isEmpty else { return [:] }
        // Added entries indexed by each of their translations, so that a deleted entry finds its
        // candidates by one look-up instead of a comparison with every added entry.
        var addedTranslations: [Set<[UInt8]>] = []
        var byTranslation: [[UInt8]: [Int]] = [:]
        for (index, member) in added.enumerated() {
            let translations = Set(Self.translations(of: member.value, sourceLanguage: sourceLanguage))
            addedTranslations.append(translations)
            for translation in translations { byTranslation[translation, default: []].append(index) }
        }
        var targetOf: [Int: Int] = [:]
        var sourcesOf: [Int: Int] = [:]
        for (index, member) in deleted.enumerated() {
            let translations = Self.translations(of: member.value, sourceLanguage: sourceLanguage)
            guard let first = translations.first, let candidates = byTranslation[first] else { continue }
            let matches = candidates.filter { candidate in translations.allSatisfy(addedTranslations[candidate].contains) }
            guard matches.count == 1 else { continue }
            targetOf[index] = matches[0]
            sourcesOf[matches[0], default: 0] += 1
        }
        var renames: [UTF8Bytes: UTF8Bytes] = [:]
        for (source, target) in targetOf where sourcesOf[target] == 1 {
            renames[deleted[source].key] = added[target].key
        }
        return renames
    }

    /// Each localization of an entry other than the source language's, as the locale and the
    /// canonical bytes of the localization without its `state` members.
    static func translations(of entry: JSONValue, sourceLanguage: UTF8Bytes?) -> [[UInt8]] {
        guard let localizations = entry.materialized.object?["localizations"]?.object else { return [] }
        var result: [[UInt8]] = []
        for member in localizations.members where member.key != sourceLanguage {
            result.append(member.key.bytes + [0] + XcodeWriter.bytes(of: member.value.withoutStates, capacityHint: 256))
        }
        return result
    }
}

extension JSONValue {
    /// The value with every `state` member removed, at any depth.
    var withoutStates: JSONValue {
        guard case .object(let object) = materialized else { return materialized }
        return .object(JSONObject(object.members.compactMap { member in
            member.key.equals("state") ? nil : JSONMember(key: member.key, value: member.value.withoutStates)
        }))
    }
}

extension ThreeWayMerge {
    /// Merges the entry `key` that `carry` says was renamed: base and unrenamed sides are read
    /// at the old key, renamed sides at the new one.
    mutating func mergeRenamed(
        _ key: UTF8Bytes, _ carry: RenamePlan.Carry, base: inout MemberIndex, ours: inout MemberIndex,
        theirs: inout MemberIndex, at trail: Trail
    ) -> JSONValue? {
        let oursKey = carry.renamedBy == .theirs ? carry.from : key
        let theirsKey = carry.renamedBy == .ours ? carry.from : key
        let merged = merge(base.value(carry.from), ours.value(oursKey), theirs.value(theirsKey), kind: .entry, at: trail)
        report.autoResolved.append(AutoResolution(
            location: trail.location, rule: "renamed-key", chosen: "combined", from: carry.from,
            renamedBy: carry.renamedBy.rawValue))
        report.keysRenamed += 1
        return merged
    }
}
