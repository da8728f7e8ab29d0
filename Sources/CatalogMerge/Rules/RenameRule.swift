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

    /// The renames to follow when merging the `strings` objects of the three sides, found
    /// through the merge's own indexes of them (whose look-up tables are built once).
    init(base baseIndex: inout MemberIndex, ours oursIndex: inout MemberIndex, theirs theirsIndex: inout MemberIndex, sourceLanguage: UTF8Bytes?) {
        let oursRenames = Self.renames(base: &baseIndex, side: &oursIndex, other: &theirsIndex, sourceLanguage: sourceLanguage)
        let theirsRenames = Self.renames(base: &baseIndex, side: &theirsIndex, other: &oursIndex, sourceLanguage: sourceLanguage)
        guard !oursRenames.isEmpty || !theirsRenames.isEmpty else { return }
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

    /// The renames `side` made (old key → new key), as R10 defines them; none when the `other`
    /// side neither changed nor deleted any key `side` deleted, for then no rename matters.
    static func renames(
        base baseIndex: inout MemberIndex, side sideIndex: inout MemberIndex, other otherIndex: inout MemberIndex,
        sourceLanguage: UTF8Bytes?
    ) -> [UTF8Bytes: UTF8Bytes] {
        guard let base = baseIndex.object, let side = sideIndex.object else { return [:] }
        let deleted = base.members.filter { !sideIndex.contains($0.key) }
        guard deleted.contains(where: { member in otherIndex.value(member.key).map { $0 != member.value } ?? true }) else {
            return [:]
        }
        let added = side.members.filter { !baseIndex.contains($0.key) }
        guard !added.isEmpty else { return [:] }
        // Added entries indexed by a hash of each of their translations, so that a deleted entry
        // finds its candidates by one look-up instead of a comparison with every added entry.
        let addedTranslations = added.map { Translations(of: $0.value, sourceLanguage: sourceLanguage) }
        var byTranslation: [Int: [Int]] = [:]
        for (index, translations) in addedTranslations.enumerated() {
            for hash in translations.hashes { byTranslation[hash, default: []].append(index) }
        }
        var targetOf: [Int: Int] = [:]
        var sourcesOf: [Int: Int] = [:]
        for (index, member) in deleted.enumerated() {
            let translations = Translations(of: member.value, sourceLanguage: sourceLanguage)
            guard let first = translations.items.first, let candidates = byTranslation[first.hash] else { continue }
            let matches = candidates.filter { addedTranslations[$0].contains(translations) }
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
}

/// An entry's localizations other than the source language's, as R10 compares them: by locale,
/// with every `state` member set aside.
struct Translations {
    struct Item {
        var locale: UTF8Bytes
        var value: JSONValue
        /// A hash of the locale and the value without states.
        var hash: Int
    }

    var items: [Item] = []
    var hashes: Set<Int> = []

    init(of entry: JSONValue, sourceLanguage: UTF8Bytes?) {
        guard let localizations = entry.materialized.object?["localizations"]?.object else { return }
        for member in localizations.members where member.key != sourceLanguage {
            var hasher = Hasher()
            hasher.combine(member.key)
            hasher.combine(Self.stateFreeHash(member.value))
            let item = Item(locale: member.key, value: member.value, hash: hasher.finalize())
            items.append(item)
            hashes.insert(item.hash)
        }
    }

    /// Whether every one of `other`'s translations is among these, states aside.
    func contains(_ other: Translations) -> Bool {
        other.items.allSatisfy { item in
            hashes.contains(item.hash)
                && items.contains { $0.locale == item.locale && Self.equalIgnoringStates($0.value, item.value) }
        }
    }

    /// A hash of `value` that ignores `state` members and the order of object members.
    static func stateFreeHash(_ value: JSONValue) -> Int {
        var hasher = Hasher()
        switch value.materialized {
        case .object(let object):
            // Summing the members' hashes makes the order of members irrelevant.
            var sum = 0
            var count = 0
            for member in object.members where !member.key.equals("state") {
                var memberHasher = Hasher()
                memberHasher.combine(member.key)
                memberHasher.combine(stateFreeHash(member.value))
                sum &+= memberHasher.finalize()
                count += 1
            }
            hasher.combine(0)
            hasher.combine(count)
            hasher.combine(sum)
        case .array(let elements):
            hasher.combine(1)
            for element in elements { hasher.combine(stateFreeHash(element)) }
        case .string(let text):
            hasher.combine(2)
            hasher.combine(text)
        case .number(let text):
            hasher.combine(3)
            hasher.combine(text)
        case .bool(let flag):
            hasher.combine(4)
            hasher.combine(flag)
        case .null, .raw:
            hasher.combine(5)
        }
        return hasher.finalize()
    }

    /// Equality with every `state` member removed, at any depth; member order does not count.
    static func equalIgnoringStates(_ a: JSONValue, _ b: JSONValue) -> Bool {
        if case .raw = a { return equalIgnoringStates(a.materialized, b) }
        if case .raw = b { return equalIgnoringStates(a, b.materialized) }
        guard case .object(let left) = a, case .object(let right) = b else {
            if case .array(let left) = a, case .array(let right) = b {
                return left.count == right.count && zip(left, right).allSatisfy { equalIgnoringStates($0, $1) }
            }
            return a == b
        }
        var compared = 0
        for (index, member) in left.members.enumerated() where !member.key.equals("state") {
            // Members usually come in the same order: try the same position first.
            let other: JSONValue?
            if index < right.members.count && right.members[index].key == member.key {
                other = right.members[index].value
            } else {
                other = right[key: member.key]
            }
            guard let other, equalIgnoringStates(member.value, other) else { return false }
            compared += 1
        }
        return compared == right.members.reduce(0) { $0 + ($1.key.equals("state") ? 0 : 1) }
    }
}

extension ThreeWayMerge {
    /// Handles `key` of the `strings` object when a rename involves it, appending what it merges
    /// into `result`; false when no rename does, leaving the key to the other rules. An old key
    /// lives on under its new one; a new key merges with base and unrenamed sides read at the
    /// old key, renamed sides at the new one.
    mutating func followRename(
        _ key: UTF8Bytes, base: inout MemberIndex, ours: inout MemberIndex, theirs: inout MemberIndex,
        at strings: Trail, into result: inout [JSONMember]
    ) -> Bool {
        if renames.movedAway.contains(key) {
            baseKeysKept += 1
            return true
        }
        guard let carry = renames.carried[key] else { return false }
        let trail = strings.child(key, of: .strings)
        let oursKey = carry.renamedBy == .theirs ? carry.from : key
        let theirsKey = carry.renamedBy == .ours ? carry.from : key
        if let merged = merge(base.value(carry.from), ours.value(oursKey), theirs.value(theirsKey), kind: .entry, at: trail) {
            result.append(JSONMember(key: key, value: merged))
        }
        report.autoResolved.append(AutoResolution(
            location: trail.location, rule: "renamed-key", chosen: "combined", from: carry.from,
            renamedBy: carry.renamedBy.rawValue))
        report.keysRenamed += 1
        if carry.renamedBy == .both { baseKeysKept += 1 }
        return true
    }
}
