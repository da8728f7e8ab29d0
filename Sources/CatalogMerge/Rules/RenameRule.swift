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
        // Decoding the entries is most of the work: it is done on all cores.
        let addedTranslations = ParallelBlocks.map(added.count, blockSize: 128) { range in
            added[range].map { Translations(of: $0.value, sourceLanguage: sourceLanguage) }
        }
        let deletedTranslations = ParallelBlocks.map(deleted.count, blockSize: 128) { range in
            deleted[range].map { Translations(of: $0.value, sourceLanguage: sourceLanguage) }
        }
        var byTranslation: [Int: [Int]] = [:]
        for (index, translations) in addedTranslations.enumerated() {
            for hash in translations.hashes { byTranslation[hash, default: []].append(index) }
        }
        var targetOf: [Int: Int] = [:]
        var sourcesOf: [Int: Int] = [:]
        for (index, translations) in deletedTranslations.enumerated() {
            // The candidates of its rarest translation, and no further than a second match: a
            // rename is followed only when one added entry matches, and 8,000 deleted keys that
            // share one translation would otherwise each compare with all 8,000 added ones.
            var candidates: [Int]?
            for item in translations.items {
                guard let list = byTranslation[item.hash] else { candidates = nil; break }
                if candidates == nil || list.count < candidates!.count { candidates = list }
            }
            guard let candidates else { continue }
            var match: Int?
            var ambiguous = false
            for candidate in candidates where addedTranslations[candidate].contains(translations) {
                if match != nil { ambiguous = true; break }
                match = candidate
            }
            guard let match, !ambiguous else { continue }
            targetOf[index] = match
            sourcesOf[match, default: 0] += 1
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
///
/// Each is kept as the bytes Xcode would write for it without its states and without
/// indentation, which compare equal exactly when the values do. For an entry read in Xcode's
/// form those bytes are cut from the file without decoding the entry: what makes R10 cheap on a
/// big catalog where many keys were renamed.
struct Translations: Sendable {
    struct Item: Sendable {
        var locale: UTF8Bytes
        /// Canonical bytes of the localization without `state` members or indentation.
        var text: [UInt8]
        var hash: Int

        init(locale: UTF8Bytes, text: [UInt8]) {
            self.locale = locale
            self.text = text
            var hasher = Hasher()
            hasher.combine(locale)
            // As bytes, not element by element: a hash per translation of every added entry.
            text.withUnsafeBytes { hasher.combine(bytes: $0) }
            hash = hasher.finalize()
        }
    }

    var items: [Item] = []
    var hashes: Set<Int> = []

    init(of entry: JSONValue, sourceLanguage: UTF8Bytes?) {
        if case .raw(let raw) = entry, raw.canonicalIndent == 2, let items = Self.items(ofCanonical: raw, sourceLanguage: sourceLanguage) {
            self.items = items
        } else if let localizations = entry.materialized.object?["localizations"]?.object {
            for member in localizations.members where member.key != sourceLanguage {
                let bytes = XcodeWriter.bytes(of: member.value.materialized.withoutStates, capacityHint: 256)
                items.append(Item(locale: member.key, text: Self.unindented(bytes[...])))
            }
        }
        hashes = Set(items.map(\.hash))
    }

    /// Whether every one of `other`'s translations is among these, states aside.
    func contains(_ other: Translations) -> Bool {
        other.items.allSatisfy { item in
            hashes.contains(item.hash) && items.contains { $0.locale == item.locale && $0.text == item.text }
        }
    }

    /// `bytes` without the spaces that start its lines. JSON strings hold no raw line break, so
    /// only indentation goes.
    static func unindented(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var atLineStart = false
        for byte in bytes {
            if atLineStart && byte == 0x20 { continue }
            atLineStart = byte == 0x0A
            result.append(byte)
        }
        return result
    }

    /// The items of an entry whose bytes are Xcode's at indent 2, cut from those bytes; nil when
    /// the layout holds a case this reading does not follow (then the entry is decoded).
    static func items(ofCanonical raw: RawJSON, sourceLanguage: UTF8Bytes?) -> [Item]? {
        raw.source.withUnsafeBufferPointer { buffer -> [Item]? in
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
                var k = keyStart
                while k < end && buffer[k] != UInt8(ascii: "\"") {
                    if buffer[k] == UInt8(ascii: "\\") { return nil }
                    k += 1
                }
                let locale = UTF8Bytes(raw.source[keyStart..<k])
                let valueStart = k + 4  // past `" : `
                guard valueStart < end, buffer[valueStart] == UInt8(ascii: "{"),
                    let close = find(memberEnd, in: buffer, from: valueStart, to: end)
                else { return nil }
                let valueEnd = close + memberEnd.count
                if locale != sourceLanguage {
                    guard let text = withoutStateLines(raw.source[valueStart..<valueEnd]) else { return nil }
                    items.append(Item(locale: locale, text: text))
                }
                i = valueEnd
                guard i < end else { return nil }
                if buffer[i] == UInt8(ascii: ",") { i += 1 }
            }
        }
    }

    /// The unindented bytes of a canonical localization with its `"state" : "…",` lines left
    /// out; nil when a state is the last member of its object (its line has no comma, and the
    /// line before would lose one).
    static func withoutStateLines(_ bytes: ArraySlice<UInt8>) -> [UInt8]? {
        bytes.withUnsafeBufferPointer { buffer -> [UInt8]? in
            guard let base = buffer.baseAddress else { return [] }
            let stateMember = StaticString("\"state\" : ")
            let stateMemberLength = stateMember.utf8CodeUnitCount
            var result: [UInt8] = []
            result.reserveCapacity(buffer.count)
            var lineStart = 0
            while lineStart < buffer.count {
                let lineEnd = memchr(base + lineStart, 0x0A, buffer.count - lineStart)
                    .map { UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base } ?? buffer.count
                var content = lineStart
                while content < lineEnd && base[content] == 0x20 { content += 1 }
                if lineEnd - content > stateMemberLength && memcmp(base + content, stateMember.utf8Start, stateMemberLength) == 0 {
                    // A "state" member that is not a string (an unknown field) is left to
                    // decoding, which removes it as it removes every state member.
                    guard base[content + stateMemberLength] == UInt8(ascii: "\""), lineEnd - content > stateMemberLength + 1,
                        base[lineEnd - 1] == UInt8(ascii: ",")
                    else { return nil }
                } else {
                    result.append(contentsOf: UnsafeBufferPointer(start: base + content, count: lineEnd - content))
                    if lineEnd < buffer.count { result.append(0x0A) }
                }
                lineStart = lineEnd + 1
            }
            return result
        }
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
            member.key.equals("state") ? nil : JSONMember(key: member.key, value: member.value.withoutStates)
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
