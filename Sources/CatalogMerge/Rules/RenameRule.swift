#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
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
/// is left to the other rules (MergeRules).
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

    /// `carried` and `movedAway` in one table of keys: a merge asks it about each of its
    /// 20,000 keys, and its hash costs a fraction of the Set's and the Dictionary's SipHash.
    private var lookup: (table: KeyTable, plans: [(movedAway: Bool, carry: Carry?)])?

    /// What the plan says of `key`: moved away (its entry lives on under a new key), carried (a
    /// new key whose entry comes from an old one), or neither.
    func plan(for key: UTF8Bytes) -> (movedAway: Bool, carry: Carry?) {
        guard let lookup, let position = lookup.table.position(of: key) else { return (false, nil) }
        return lookup.plans[position]
    }

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
        var keys: [JSONMember] = []
        var plans: [(movedAway: Bool, carry: Carry?)] = []
        for key in movedAway {
            keys.append(JSONMember(key: key, value: .null))
            plans.append((true, carried[key]))
        }
        for (key, carry) in carried where !movedAway.contains(key) {
            keys.append(JSONMember(key: key, value: .null))
            plans.append((false, carry))
        }
        lookup = (KeyTable(keys), plans)
    }

    /// The renames `side` made (old key → new key), as R10 defines them, of the keys the `other`
    /// side changed or deleted: only those can be followed (`init`), so no other is looked for.
    /// The other deleted keys still count where they make a pairing ambiguous.
    static func renames(
        base baseIndex: inout MemberIndex, side sideIndex: inout MemberIndex, other otherIndex: inout MemberIndex,
        sourceLanguage: UTF8Bytes?
    ) -> [UTF8Bytes: UTF8Bytes] {
        guard baseIndex.object != nil, sideIndex.object != nil else { return [:] }
        let (added, deleted) = sideIndex.difference(from: &baseIndex)
        let followed = deleted.indices.filter { index in
            otherIndex.value(deleted[index].key).map { $0 != deleted[index].value } ?? true
        }
        guard !followed.isEmpty, !added.isEmpty else { return [:] }
        // Added entries indexed by a hash of each of their translations, so that a deleted entry
        // finds its candidates by one look-up instead of a comparison with every added entry.
        // Decoding the entries is most of the work: it is done on all cores.
        let addedTranslations = ParallelBlocks.map(added.count, blockSize: 128) { range in
            added[range].map { Translations(of: $0.value, sourceLanguage: sourceLanguage) }
        }
        let candidates = RenameCandidates(addedTranslations)
        let followedTranslations = ParallelBlocks.map(followed.count, blockSize: 128) { range in
            followed[range].map { Translations(of: deleted[$0].value, sourceLanguage: sourceLanguage) }
        }
        var targetOf: [Int: Int] = [:]
        for (index, translations) in zip(followed, followedTranslations) {
            if let match = candidates.uniqueMatch(translations) { targetOf[index] = match }
        }
        guard !targetOf.isEmpty else { return [:] }
        var sourcesOf: [Int: Int] = [:]
        for target in targetOf.values { sourcesOf[target, default: 0] += 1 }
        // A target that another deleted key matches as well is no rename. A deleted entry can
        // match a target only if its first translation is one of the target's: the others are
        // read that far, and whole only when it is.
        let targetHashes = Set(targetOf.values.flatMap { addedTranslations[$0].items.map(\.hash) })
        let isFollowed = Set(followed)
        let others = deleted.indices.filter { !isFollowed.contains($0) }
        let otherTargets = ParallelBlocks.map(others.count, blockSize: 256) { range in
            others[range].compactMap { index -> Int? in
                let entry = deleted[index].value
                guard let first = Translations.firstHash(of: entry, sourceLanguage: sourceLanguage), targetHashes.contains(first) else {
                    return nil
                }
                return candidates.uniqueMatch(Translations(of: entry, sourceLanguage: sourceLanguage))
            }
        }
        for target in otherTargets where sourcesOf[target] != nil { sourcesOf[target]! += 1 }
        var renames: [UTF8Bytes: UTF8Bytes] = [:]
        for (source, target) in targetOf where sourcesOf[target] == 1 {
            renames[deleted[source].key] = added[target].key
        }
        return renames
    }
}

/// The added entries a deleted one may have been renamed to, found by the hashes of their
/// translations.
struct RenameCandidates: Sendable {
    let translations: [Translations]
    /// Each translation's hash with the added entry that has it, sorted (by hash, then entry),
    /// each pair once: the entries with one hash are a run, found by binary search. A sorted
    /// array rather than a dictionary of lists: no list to allocate for each of 10,000 hashes.
    let byTranslation: [(hash: Int, entry: Int)]

    /// How many added entries one deleted entry is compared with at most.
    static let maximumCandidates = 256

    init(_ translations: [Translations]) {
        self.translations = translations
        var pairs: [(hash: Int, entry: Int)] = []
        pairs.reserveCapacity(translations.reduce(0) { $0 + $1.items.count })
        for (index, entry) in translations.enumerated() {
            for item in entry.items { pairs.append((item.hash, index)) }
        }
        pairs.sort { $0.hash != $1.hash ? $0.hash < $1.hash : $0.entry < $1.entry }
        // Once per entry, even should two of its translations share a hash.
        var unique: [(hash: Int, entry: Int)] = []
        unique.reserveCapacity(pairs.count)
        for pair in pairs where unique.last.map({ $0.hash != pair.hash || $0.entry != pair.entry }) ?? true {
            unique.append(pair)
        }
        byTranslation = unique
    }

    /// The positions in `byTranslation` of the entries that have a translation with `hash`.
    func entries(withHash hash: Int) -> Range<Int> {
        /// The first position whose hash is at least `bound` (with `orEqual`, above it).
        func first(after bound: Int, orEqual: Bool) -> Int {
            var low = 0
            var high = byTranslation.count
            while low < high {
                let middle = (low + high) / 2
                let value = byTranslation[middle].hash
                if value < bound || (orEqual && value == bound) { low = middle + 1 } else { high = middle }
            }
            return low
        }
        return first(after: hash, orEqual: false)..<first(after: hash, orEqual: true)
    }

    /// The one added entry that has all of `deleted`'s translations; nil when none or several
    /// do, or `deleted` has none.
    func uniqueMatch(_ deleted: Translations) -> Int? {
        // The candidates of its rarest translation, and no further than a second match: a
        // rename is followed only when one added entry matches, and 8,000 deleted keys that
        // share one translation would otherwise each compare with all 8,000 added ones.
        var rarest: Range<Int>?
        for item in deleted.items {
            let run = entries(withHash: item.hash)
            guard !run.isEmpty else { return nil }
            if rarest == nil || run.count < rarest!.count { rarest = run }
        }
        guard let rarest else { return nil }
        var match: Int?
        for (checked, position) in rarest.enumerated() {
            // Past `maximumCandidates` compared whole, the pairing is not taken as unique:
            // only translations that share hashes without being equal (a crafted catalog)
            // get that far, and the key is left to the other rules.
            guard checked < Self.maximumCandidates else { return nil }
            let candidate = byTranslation[position].entry
            guard translations[candidate].contains(deleted) else { continue }
            if match != nil { return nil }
            match = candidate
        }
        return match
    }
}

/// An entry's localizations other than the source language's, as R10 compares them: by locale,
/// with every `state` member set aside.
///
/// Each is compared as the bytes Xcode would write for it without its states and without
/// indentation, which are equal exactly when the values are. For an entry read in Xcode's form
/// those are the file's own bytes, read line by line with indentation and state lines passed
/// over, neither decoded nor copied: what makes R10 cheap on a big catalog where many keys were
/// renamed.
struct Translations: Sendable {
    /// One localization: where its locale and its canonical bytes are in `storage`. Ranges, not
    /// slices: a slice of a file counts a reference to the whole file, which the threads reading
    /// the entries at once would all count on.
    struct Item: Sendable {
        var locale: Range<Int>
        /// Canonical bytes of the localization: as the file has them (indented, with state lines)
        /// or as the writer writes them once decoded without states; `Lines` reads both alike.
        var bytes: Range<Int>
        var hash: Int

        init(locale: Range<Int>, bytes: Range<Int>, hash: Int) {
            self.locale = locale
            self.bytes = bytes
            self.hash = hash
        }

        /// Nil when a state line cannot simply be passed over (see `Lines`).
        init?(locale: Range<Int>, bytes: Range<Int>, in storage: UnsafeBufferPointer<UInt8>) {
            self.locale = locale
            self.bytes = bytes
            // A fast hash, line by line: one per translation of every added entry and of the
            // deleted ones R10 reads. `renames` bounds what colliding hashes can cost.
            var hasher = ByteHash()
            hasher.combine(UnsafeBufferPointer(rebasing: storage[locale]))
            guard Lines.forEach(UnsafeBufferPointer(rebasing: storage[bytes]), { line in hasher.combine(line) }) else { return nil }
            hash = Int(truncatingIfNeeded: hasher.finalize())
        }
    }

    /// The bytes the items are in: the file's, for an entry read in Xcode's form, or those
    /// written for a decoded one.
    var storage: [UInt8] = []
    var items: [Item] = []
    /// The items' hashes, for an entry with many localizations (else the items are scanned).
    var hashes: Set<Int>?

    init(of entry: JSONValue, sourceLanguage: UTF8Bytes?) {
        if case .raw(let raw) = entry, raw.canonicalIndent == 2, let canonical = Self(canonical: raw, sourceLanguage: sourceLanguage) {
            self = canonical
        } else if let localizations = entry.materialized.object?[Name.localizations]?.object {
            var ranges: [(Range<Int>, Range<Int>)] = []
            for member in localizations.members where member.key != sourceLanguage {
                let localeStart = storage.count
                storage.append(contentsOf: member.key.bytes)
                let bytesStart = storage.count
                storage.append(contentsOf: XcodeWriter.bytes(of: member.value.materialized.withoutStates, capacityHint: 256))
                ranges.append((localeStart..<bytesStart, bytesStart..<storage.count))
            }
            items = storage.withUnsafeBufferPointer { buffer in
                // Written without state members, every line passes: never nil.
                ranges.compactMap { Item(locale: $0.0, bytes: $0.1, in: buffer) }
            }
        }
        if items.count > 16 { hashes = Set(items.map(\.hash)) }
    }

    /// The translations of an entry whose bytes are Xcode's at indent 2, read from those bytes
    /// (at most `limit` of them); nil when the layout holds a case this reading does not follow
    /// (then the entry is decoded).
    init?(canonical raw: RawJSON, sourceLanguage: UTF8Bytes?, limit: Int = .max) {
        guard let items = Self.items(ofCanonical: raw, sourceLanguage: sourceLanguage, limit: limit) else { return nil }
        storage = raw.source
        self.items = items
    }

    /// The hash of the entry's first translation (the first of `init(of:)`'s items), read no
    /// further than that; nil when it has none.
    static func firstHash(of entry: JSONValue, sourceLanguage: UTF8Bytes?) -> Int? {
        if case .raw(let raw) = entry, raw.canonicalIndent == 2, let first = Self(canonical: raw, sourceLanguage: sourceLanguage, limit: 1) {
            return first.items.first?.hash
        }
        return Translations(of: entry, sourceLanguage: sourceLanguage).items.first?.hash
    }

    /// The locale of `item`.
    func locale(_ item: Item) -> UTF8Bytes { UTF8Bytes(Array(storage[item.locale])) }

    /// The bytes compared of `item`: the localization without state lines and indentation.
    func text(_ item: Item) -> [UInt8] {
        var result: [UInt8] = []
        _ = storage.withUnsafeBufferPointer { buffer in
            Lines.forEach(UnsafeBufferPointer(rebasing: buffer[item.bytes])) { line in
                if !result.isEmpty { result.append(0x0A) }
                result.append(contentsOf: line)
            }
        }
        return result
    }

    /// Whether every one of `other`'s translations is among these, states aside.
    func contains(_ other: Translations) -> Bool {
        storage.withUnsafeBufferPointer { mine in
            other.storage.withUnsafeBufferPointer { theirs in
                other.items.allSatisfy { item in
                    if let hashes, !hashes.contains(item.hash) { return false }
                    return items.contains { candidate in
                        candidate.hash == item.hash
                            && Self.equal(UnsafeBufferPointer(rebasing: mine[candidate.locale]), UnsafeBufferPointer(rebasing: theirs[item.locale]))
                            && Lines.equal(UnsafeBufferPointer(rebasing: mine[candidate.bytes]), UnsafeBufferPointer(rebasing: theirs[item.bytes]))
                    }
                }
            }
        }
    }

    static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
        a.count == b.count && (a.isEmpty || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
    }

    /// The lines of a localization's canonical bytes as R10 compares them: each without the
    /// spaces that start it, `"state" : "…",` lines left out. JSON strings hold no raw line
    /// break, so only indentation goes.
    enum Lines {
        /// Calls `body` with each line compared, in order; false when a state line is not what
        /// can simply be left out: the last member of its object (its line has no comma, and the
        /// line before would lose one) or not a string (an unknown field, left to decoding, which
        /// removes it as it removes every state member).
        static func forEach(_ buffer: UnsafeBufferPointer<UInt8>, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
            var lineStart = 0
            while let line = next(buffer, from: &lineStart) {
                guard let line else { return false }
                body(line)
            }
            return true
        }

        /// Whether the two give the same lines.
        static func equal(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
            var i = 0
            var j = 0
            while true {
                let x = next(a, from: &i)
                let y = next(b, from: &j)
                switch (x, y) {
                case (nil, nil): return true
                case (.some(.some(let p)), .some(.some(let q))):
                    guard p.count == q.count, p.count == 0 || memcmp(p.baseAddress!, q.baseAddress!, p.count) == 0 else { return false }
                default: return false
                }
            }
        }

        /// The next line compared from `lineStart` on (nil at the end; .some(nil) for a state
        /// line that cannot be left out), with `lineStart` moved past it.
        @inline(__always)
        static func next(_ buffer: UnsafeBufferPointer<UInt8>, from lineStart: inout Int) -> UnsafeBufferPointer<UInt8>?? {
            guard let base = buffer.baseAddress else { return nil }
            let stateMember = StaticString("\"state\" : ")
            let stateMemberLength = stateMember.utf8CodeUnitCount
            while lineStart < buffer.count {
                let lineEnd = memchr(base + lineStart, 0x0A, buffer.count - lineStart)
                    .map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? buffer.count
                var content = lineStart
                while content + 8 <= lineEnd && ByteWords.load(base, at: content) == ByteWords.spaces { content += 8 }
                while content < lineEnd && base[content] == 0x20 { content += 1 }
                lineStart = lineEnd + 1
                if lineEnd - content > stateMemberLength && memcmp(base + content, stateMember.utf8Start, stateMemberLength) == 0 {
                    guard base[content + stateMemberLength] == UInt8(ascii: "\""), lineEnd - content > stateMemberLength + 1,
                        base[lineEnd - 1] == UInt8(ascii: ",")
                    else { return .some(nil) }
                    continue
                }
                return .some(UnsafeBufferPointer(start: base + content, count: lineEnd - content))
            }
            return nil
        }
    }

    /// The items of an entry whose bytes are Xcode's at indent 2, cut from those bytes; nil when
    /// the layout holds a case this reading does not follow (then the entry is decoded). No more
    /// than `limit` items are read.
    static func items(ofCanonical raw: RawJSON, sourceLanguage: UTF8Bytes?, limit: Int = .max) -> [Item]? {
        raw.source.withUnsafeBufferPointer { buffer -> [Item]? in
            @inline(__always) func isSourceLanguage(_ locale: UnsafeBufferPointer<UInt8>) -> Bool {
                guard let sourceLanguage else { return false }
                return sourceLanguage.bytes.withUnsafeBufferPointer { Translations.equal($0, locale) }
            }
            let end = raw.range.upperBound
            let opening = Array("\n      \"localizations\" : {".utf8)
            guard var i = find(opening, in: buffer, from: raw.range.lowerBound, to: end) else { return [] }
            i += opening.count
            var items: [Item] = []
            let memberStart = Array("\n        \"".utf8)
            let memberEnd = Array("\n        }".utf8)
            while true {
                guard starts(buffer, at: i, with: memberStart, end: end) else {
                    // "\n\n      }" (no localizations) or "\n      }" (the last one read).
                    return items
                }
                let keyStart = i + memberStart.count
                guard let (afterKey, escaped) = JSONStringEnd.find(in: buffer, quote: keyStart - 1, end: end), !escaped else { return nil }
                let k = afterKey - 1
                let locale = keyStart..<k
                let valueStart = k + 4  // past `" : `
                guard valueStart < end, buffer[valueStart] == UInt8(ascii: "{") else { return nil }
                let valueEnd: Int
                if isSourceLanguage(UnsafeBufferPointer(rebasing: buffer[locale])) {
                    guard let close = find(memberEnd, in: buffer, from: valueStart, to: end) else { return nil }
                    valueEnd = close + memberEnd.count
                } else {
                    // Its end and its hash in one reading of its lines.
                    guard let (closeEnd, hash) = hashLocalization(buffer, locale: locale, from: valueStart, to: end) else { return nil }
                    valueEnd = closeEnd
                    items.append(Item(locale: locale, bytes: valueStart..<valueEnd, hash: hash))
                    if items.count == limit { return items }
                }
                i = valueEnd
                guard i < end else { return nil }
                if buffer[i] == UInt8(ascii: ",") { i += 1 }
            }
        }
    }

    /// The end of the localization whose `{` is at `start` (just past the `}` of the line, indented
    /// eight spaces, that closes it before `end`) and the hash `Item.init` makes of those bytes,
    /// read in one pass; nil where `Item.init` would give nil or no line closes it.
    static func hashLocalization(
        _ buffer: UnsafeBufferPointer<UInt8>, locale: Range<Int>, from start: Int, to end: Int
    ) -> (end: Int, hash: Int)? {
        let region = UnsafeBufferPointer(rebasing: buffer[start..<end])
        guard let base = region.baseAddress else { return nil }
        var hasher = ByteHash()
        hasher.combine(UnsafeBufferPointer(rebasing: buffer[locale]))
        var lineStart = 0
        while let next = Lines.next(region, from: &lineStart) {
            guard let line = next, let content = line.baseAddress else { return nil }
            let offset = content - base
            var indentStart = offset
            while indentStart > 0 && base[indentStart - 1] == 0x20 { indentStart -= 1 }
            if offset - indentStart == 8 && indentStart > 0 && base[indentStart - 1] == 0x0A && base[offset] == UInt8(ascii: "}") {
                hasher.combine(UnsafeBufferPointer(start: content, count: 1))
                return (start + offset + 1, Int(truncatingIfNeeded: hasher.finalize()))
            }
            hasher.combine(line)
        }
        return nil
    }

    /// The offset of the first `needle` in `buffer[start..<end]`: each candidate found by
    /// `memchr` of its first byte, then compared whole.
    static func find(_ needle: [UInt8], in buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        guard let first = needle.first, end - start >= needle.count, let base = buffer.baseAddress else { return nil }
        var i = start
        let last = end - needle.count
        while i <= last {
            guard let hit = memchr(base + i, Int32(first), last - i + 1) else { return nil }
            let candidate = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - base
            if starts(buffer, at: candidate, with: needle, end: end) { return candidate }
            i = candidate + 1
        }
        return nil
    }

    static func starts(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int, with prefix: [UInt8], end: Int) -> Bool {
        guard index + prefix.count <= end else { return false }
        return prefix.withUnsafeBufferPointer { memcmp(buffer.baseAddress! + index, $0.baseAddress!, prefix.count) == 0 }
    }
}


extension JSONValue {
    /// The value with every `state` member removed, at any depth.
    var withoutStates: JSONValue {
        guard case .object(let object) = materialized else { return materialized }
        return .object(JSONObject(object.members.compactMap { member in
            member.key.equals(Name.state) ? nil : JSONMember(key: member.key, value: member.value.withoutStates)
        }))
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
        let plan = renames.plan(for: key)
        if plan.movedAway {
            baseKeysKept += 1
            return true
        }
        guard let carry = plan.carry else { return false }
        let trail = strings.child(key, of: .strings)
        let oursKey = carry.renamedBy == .theirs ? carry.from : key
        let theirsKey = carry.renamedBy == .ours ? carry.from : key
        if let merged = merge(base.value(carry.from), ours.value(oursKey), theirs.value(theirsKey), kind: .entry, at: trail) {
            result.append(JSONMember(key: key, value: merged))
        }
        report.autoResolved.append(AutoResolution(
            location: trail.location, rule: MergeRules.renamedKey.id, chosen: "combined", from: carry.from,
            renamedBy: carry.renamedBy.rawValue))
        report.keysRenamed += 1
        if carry.renamedBy == .both { baseKeysKept += 1 }
        return true
    }
}
