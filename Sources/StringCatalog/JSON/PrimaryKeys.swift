#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

#if canImport(Darwin)
/// On macOS the reference is Foundation's own comparison and no ICU is public to compute keys
/// with: every key pair the fast comparisons do not know goes to Foundation.
enum PrimaryKeys {
    static let blockSize = 2048
    static func sortedOrder(_ keys: [UTF8Bytes], blockSize: Int = blockSize) -> [Int]? { nil }
    static func decisions(_ keys: [UTF8Bytes], pairs: [(Int, Int)]) -> [Int?] { pairs.map { _ in nil } }
}
#else
internal import _FoundationICU

/// Each key's primary sort key in the root collation, computed once per sort, so that two keys
/// of any script are ordered by comparing bytes where that is provably the reference's answer.
///
/// The reference (`CoreFoundationCollation`, CF's algorithm) walks two keys to the first
/// character where they differ, steps back to the base character before it (over marks and
/// punctuation: `rangeStart`), and asks ICU for the order of the rest from there; only a primary
/// difference decides there. When the keys are the same bytes up to that difference, ICU's
/// primary weights of the whole keys are those of the shared beginning followed by those of the
/// rest, unless something joins across `rangeStart`; so a primary difference of the whole keys
/// (their sort keys, compared as bytes) is the reference's answer. `decide` takes it only when
/// every step of that argument holds for the pair and leaves anything else to the other
/// comparisons and the reference:
/// - keys with characters ICU reads in runs or reads specially: digits of other scripts (ICU's
///   numeric collation reads them as numbers, CF does not), ASCII digit runs of 20 or more (CF's
///   value wraps past 2^64), conjoining jamo, noncharacters and NUL;
/// - a pair whose first differing characters CF folds (case, decomposition) to the same first
///   character: CF then walks on from a point the bytes do not show;
/// - a character before `rangeStart` that ICU joins with the one at it (a root contraction such
///   as a Thai prevowel and its consonant);
/// - past CF's 64-unit buffer, where it compares a word at a time, differing characters that
///   weigh alike alone (`a` and `🅰`) or may join their neighbours;
/// - whole keys with equal primary weights (the order is then secondary or tertiary).
/// Digit runs that differ are numbers in both (CF compares their values), and a key that is the
/// other's beginning sorts first in CF's walk whatever follows. `PrimaryKeysTests` hold the
/// result to the reference on every corpus key pair and on random keys of many scripts.
///
/// Linux only: macOS has no public ICU, and Foundation decides there.
struct PrimaryKeys {
    /// The keys' bytes one after another; key `i` ends at `textEnds[i]`.
    private var text: [UInt8] = []
    private var textEnds: [Int] = []
    /// Their sort keys (root, primary strength, numeric, non-ignorable, normalization off: the
    /// state of CF's first `ucol_strcoll`) likewise; an empty one for a key left to the reference.
    private var sortKeys: [UInt8] = []
    private var sortKeyEnds: [Int] = []
    /// Each sort key's first eight bytes as a number (`View.lead`).
    private var leads: [UInt64] = []
    /// The keys' indices, each block's in the order of its sort keys.
    private var runs: [Int] = []
    private let characters = CharacterFacts()

    /// How many keys a block of `makeSortKeys` takes (the tests use smaller blocks).
    static let blockSize = 2048

    /// The order of `keys` (indices into it) in the reference order; nil when no key has a byte
    /// outside printable ASCII, which the other comparisons know without keys, and for a few
    /// keys, whose reference calls cost less than the tables a sort sets up (a third of a MB).
    static func sortedOrder(_ keys: [UTF8Bytes], blockSize: Int = blockSize) -> [Int]? {
        guard keys.count >= 64, keys.contains(where: { !$0.isPrintableASCII }) else { return nil }
        let primaryKeys = PrimaryKeys(keys, blockSize: blockSize)
        var order = primaryKeys.runs
        primaryKeys.withView { view in
            /// The reference order: the sort keys where they decide, else the other comparisons.
            func precedes(_ i: Int, _ j: Int) -> Bool {
                let a = view.key(i), b = view.key(j)
                return (view.decide(i, j, a, b) ?? KeyOrder.compare(bytes: a, b)) < 0
            }
            // First by the sort keys alone, their first eight bytes as a number: bytes compared
            // without a check per pair, and the order of nearly every pair. Keys with the same
            // weights are ordered as the reference orders them. Each block's keys come in the
            // order of their sort keys already (`runs`): this sort merges the runs.
            let leads = primaryKeys.leads
            order.sort { i, j in
                if leads[i] != leads[j] { return leads[i] < leads[j] }
                let order = view.compareSortKeys(i, j)
                return order != 0 ? order < 0 : precedes(i, j)
            }
            // Where the sort keys and the reference disagree (a pair `decide` leaves to the
            // reference), a second sort mends the few keys out of place: a sort of sorted runs
            // compares little more than neighbours.
            if !order.indices.dropFirst().allSatisfy({ precedes(order[$0 - 1], order[$0]) }) {
                order.sort(by: precedes)
            }
        }
        return order
    }

    /// What the sort keys decide of each pair of `keys` (indices), for the tests.
    static func decisions(_ keys: [UTF8Bytes], pairs: [(Int, Int)]) -> [Int?] {
        PrimaryKeys(keys).withView { view in pairs.map { i, j in view.decide(i, j, view.key(i), view.key(j)) } }
    }

    private init(_ keys: [UTF8Bytes], blockSize: Int = blockSize) {
        makeSortKeys(keys, blockSize: blockSize)
    }

    private func withView<T>(_ body: (View) -> T) -> T {
        text.withUnsafeBufferPointer { text in
            sortKeys.withUnsafeBufferPointer { sortKeys in
                body(View(text: text, textEnds: textEnds, sortKeys: sortKeys, sortKeyEnds: sortKeyEnds, characters: characters))
            }
        }
    }

    /// The keys' bytes, sort keys, leads and runs, in blocks on all cores: a block copies its
    /// keys (which lie all over the file read: each copy waits on memory, and two cores wait on
    /// two at once), makes their sort keys and sorts its keys by them.
    private mutating func makeSortKeys(_ keys: [UTF8Bytes], blockSize: Int) {
        struct Block {
            var text: [UInt8] = []
            var textEnds: [Int] = []
            var sortKeys: [UInt8] = []
            var sortKeyEnds: [Int] = []
            var leads: [UInt64] = []
            /// The block's keys (offsets in it) in the order of their sort keys.
            var run: [Int] = []
        }
        let count = keys.count
        let blocks: [Block] = ParallelBlocks.map(count, blockSize: blockSize) { range in
            var collator = PrimaryCollator()
            defer { collator.close() }
            var block = Block()
            block.text.reserveCapacity(range.reduce(0) { $0 + keys[$1].count })
            block.textEnds.reserveCapacity(range.count)
            block.sortKeyEnds.reserveCapacity(range.count)
            for index in range {
                keys[index].bytes.withUnsafeBufferPointer { block.text.append(contentsOf: $0) }
                block.textEnds.append(block.text.count)
            }
            block.text.withUnsafeBufferPointer { text in
                var start = 0
                for end in block.textEnds {
                    let key = UnsafeBufferPointer(rebasing: text[start..<end])
                    if !Self.isLeftToReference(key) { collator.appendSortKey(key, to: &block.sortKeys) }
                    block.sortKeyEnds.append(block.sortKeys.count)
                    start = end
                }
            }
            let ends = block.sortKeyEnds
            block.sortKeys.withUnsafeBufferPointer { sortKeys in
                func sortKey(_ i: Int) -> UnsafeBufferPointer<UInt8> {
                    UnsafeBufferPointer(rebasing: sortKeys[(i == 0 ? 0 : ends[i - 1])..<ends[i]])
                }
                let leads = (0..<range.count).map { View.lead(of: sortKey($0)) }
                var run = Array(0..<range.count)
                run.sort { i, j in leads[i] != leads[j] ? leads[i] < leads[j] : View.compare(sortKey(i), sortKey(j)) < 0 }
                block.leads = leads
                block.run = run
            }
            return [block]
        }
        text.reserveCapacity(blocks.reduce(0) { $0 + $1.text.count })
        textEnds.reserveCapacity(count)
        sortKeys.reserveCapacity(blocks.reduce(0) { $0 + $1.sortKeys.count })
        sortKeyEnds.reserveCapacity(count)
        leads.reserveCapacity(count)
        runs.reserveCapacity(count)
        for block in blocks {
            let first = textEnds.count
            let textOffset = text.count, sortKeyOffset = sortKeys.count
            text.append(contentsOf: block.text)
            textEnds.append(contentsOf: block.textEnds.lazy.map { $0 + textOffset })
            sortKeys.append(contentsOf: block.sortKeys)
            sortKeyEnds.append(contentsOf: block.sortKeyEnds.lazy.map { $0 + sortKeyOffset })
            leads.append(contentsOf: block.leads)
            runs.append(contentsOf: block.run.lazy.map { $0 + first })
        }
    }

    /// The buffers of one sort, read through pointers.
    struct View {
        let text: UnsafeBufferPointer<UInt8>
        let textEnds: [Int]
        let sortKeys: UnsafeBufferPointer<UInt8>
        let sortKeyEnds: [Int]
        let characters: CharacterFacts

        @inline(__always)
        func key(_ i: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: text[(i == 0 ? 0 : textEnds[i - 1])..<textEnds[i]])
        }

        @inline(__always)
        func sortKey(_ i: Int) -> UnsafeBufferPointer<UInt8> {
            UnsafeBufferPointer(rebasing: sortKeys[(i == 0 ? 0 : sortKeyEnds[i - 1])..<sortKeyEnds[i]])
        }

        /// The first eight bytes of a sort key as a number (big-endian, zeros after a short
        /// key): keys whose leads differ are ordered as their sort keys are.
        @inline(__always)
        static func lead(of key: UnsafeBufferPointer<UInt8>) -> UInt64 {
            var lead: UInt64 = 0
            for k in 0..<8 { lead = lead << 8 | UInt64(k < key.count ? key[k] : 0) }
            return lead
        }

        /// Two sort keys compared as bytes.
        @inline(__always)
        static func compare(_ keyA: UnsafeBufferPointer<UInt8>, _ keyB: UnsafeBufferPointer<UInt8>) -> Int {
            let common = min(keyA.count, keyB.count)
            let order = common == 0 ? 0 : Int(memcmp(keyA.baseAddress!, keyB.baseAddress!, common))
            return order != 0 ? order : keyA.count - keyB.count
        }

        /// The sort keys of `i` and `j` compared as bytes.
        @inline(__always)
        func compareSortKeys(_ i: Int, _ j: Int) -> Int { Self.compare(sortKey(i), sortKey(j)) }

        /// The reference's order of keys `i` and `j` (bytes `a` and `b`), when their sort keys
        /// give it; nil when it must be found otherwise.
        func decide(_ i: Int, _ j: Int, _ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int? {
            let keyA = sortKey(i), keyB = sortKey(j)
            guard !keyA.isEmpty, !keyB.isEmpty else { return nil }
            var s = ByteWords.sharedPrefixLength(a, b)
            let shorter = min(a.count, b.count)
            // One key is the other's beginning: CF's walk runs out of the shorter first.
            if s == shorter { return a.count == b.count ? 0 : a.count < b.count ? -1 : 1 }
            let order = Self.compare(keyA, keyB)
            guard order != 0 else { return nil }
            while s > 0 && a[s] & 0xC0 == 0x80 { s -= 1 }
            guard let (x, _) = Self.scalar(a, at: s), let (y, _) = Self.scalar(b, at: s) else { return nil }

            // Digit runs: CF compares the runs that start where the shared one does by value.
            let afterDigit = s > 0 && Self.isDigit(UInt32(a[s - 1]))
            if (afterDigit && (Self.isDigit(x) || Self.isDigit(y))) || (Self.isDigit(x) && Self.isDigit(y)) {
                var start = s
                while start > 0 && Self.isDigit(UInt32(a[start - 1])) { start -= 1 }
                guard let valueA = Self.digitRunValue(a, from: start), let valueB = Self.digitRunValue(b, from: start),
                    valueA != valueB
                else { return nil }
                return valueA < valueB ? -1 : 1
            }

            // CF compares from here only if the two characters fold to different first characters.
            if x >= 0x80 || y >= 0x80 {
                let foldedX = characters.foldedStart(x), foldedY = characters.foldedStart(y)
                guard foldedX != foldedY, foldedX != y, foldedY != x else { return nil }
            }

            // Nothing may join across `rangeStart`.
            if s > 0 {
                let rangeStart = extendBackward(a, from: s)
                if rangeStart > 0 {
                    guard let (c, _) = Self.scalar(a, at: rangeStart), let p = Self.scalar(a, before: rangeStart),
                        !JoiningPairs.shared.contains(p, c)
                    else { return nil }
                }
            }

            // Past 64 UTF-16 units from the difference CF compares the rests a word at a time, and
            // a word that ends in a symbol weighing as a letter (`🅰`, `ⓐ`) can end before the
            // difference the whole keys have: the differing characters must weigh differently
            // themselves, so that the first word holds the difference.
            if (a.count - s > 64 && Self.utf16Count(a, from: s, atMost: 65) > 64)
                || (b.count - s > 64 && Self.utf16Count(b, from: s, atMost: 65) > 64) {
                let before = s > 0 ? Self.scalar(a, before: s) : nil
                guard !JoiningPairs.shared.startsAPair(x), !JoiningPairs.shared.startsAPair(y),
                    before.map({ !JoiningPairs.shared.contains($0, x) && !JoiningPairs.shared.contains($0, y) }) ?? true,
                    characters.weighApart(x, y)
                else { return nil }
            }
            return order < 0 ? -1 : 1
        }

        /// CF's `rangeStart` for a difference at byte `s` (> 0): from the character before it,
        /// back over combining marks and punctuation, not past CJK or the planes above the first.
        func extendBackward(_ a: UnsafeBufferPointer<UInt8>, from s: Int) -> Int {
            var location = s - 1
            while location > 0 && a[location] & 0xC0 == 0x80 { location -= 1 }
            while location > 0 {
                guard let (c, _) = Self.scalar(a, at: location), !characters.stopsRangeStart(c) else { break }
                location -= 1
                while location > 0 && a[location] & 0xC0 == 0x80 { location -= 1 }
            }
            return location
        }

        @inline(__always)
        static func isDigit(_ c: UInt32) -> Bool { c >= 0x30 && c <= 0x39 }

        /// The value of the ASCII digit run at `start`, or nil past 19 digits (CF's value wraps).
        static func digitRunValue(_ s: UnsafeBufferPointer<UInt8>, from start: Int) -> UInt64? {
            var value: UInt64 = 0
            var k = start
            while k < s.count && isDigit(UInt32(s[k])) {
                guard k - start < 19 else { return nil }
                value = value * 10 + UInt64(s[k] - 0x30)
                k += 1
            }
            return value
        }

        /// The scalar whose UTF-8 starts at `i`, with its length; nil for malformed bytes.
        @inline(__always)
        static func scalar(_ a: UnsafeBufferPointer<UInt8>, at i: Int) -> (UInt32, Int)? {
            let lead = a[i]
            if lead < 0x80 { return (UInt32(lead), 1) }
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            guard lead >= 0xC2, lead <= 0xF4, i + length <= a.count else { return nil }
            var value = UInt32(lead) & (0x7F >> UInt32(length))
            for k in 1..<length {
                let byte = a[i + k]
                guard byte & 0xC0 == 0x80 else { return nil }
                value = value << 6 | UInt32(byte & 0x3F)
            }
            return (value, length)
        }

        /// The scalar before byte `i` (> 0).
        @inline(__always)
        static func scalar(_ a: UnsafeBufferPointer<UInt8>, before i: Int) -> UInt32? {
            var start = i - 1
            while start > 0 && a[start] & 0xC0 == 0x80 { start -= 1 }
            return scalar(a, at: start)?.0
        }

        /// The UTF-16 length of `a` from byte `start`, counted up to `limit`.
        static func utf16Count(_ a: UnsafeBufferPointer<UInt8>, from start: Int, atMost limit: Int) -> Int {
            var count = 0
            var i = start
            while i < a.count && count < limit {
                let byte = a[i]
                if byte & 0xC0 != 0x80 { count += byte >= 0xF0 ? 2 : 1 }
                i += 1
            }
            return count
        }
    }

    /// Whether a key holds what ICU and CF read differently or specially (see the type).
    static func isLeftToReference(_ key: UnsafeBufferPointer<UInt8>) -> Bool {
        var digits = 0
        var i = 0
        while i < key.count {
            let byte = key[i]
            if byte < 0x80 {
                if byte == 0 { return true }
                digits = View.isDigit(UInt32(byte)) ? digits + 1 : 0
                if digits >= 20 { return true }
                i += 1
                continue
            }
            digits = 0
            guard let (c, length) = View.scalar(key, at: i) else { return true }
            if (c >= 0x1100 && c <= 0x11FF) || (c >= 0xA960 && c <= 0xA97F) || (c >= 0xD7B0 && c <= 0xD7FF) { return true }
            if (c >= 0xFDD0 && c <= 0xFDEF) || c & 0xFFFE == 0xFFFE { return true }
            if CoreFoundationCollation.UnicodeData.category(c) == U_DECIMAL_DIGIT_NUMBER { return true }
            i += length
        }
        return false
    }
}

/// What a sort asks of characters, looked up in ICU once per character and kept: CF's fold of
/// a character's start, whether CF's `rangeStart` stops at it, and its own sort key. One sort
/// runs on one thread.
final class CharacterFacts {
    /// Per BMP character: 0 not yet known, else its folded start plus one.
    private var foldedStarts = [UInt32](repeating: 0, count: 0x10000)
    /// Per BMP character: 0 not yet known, 1 stops `rangeStart`, 2 is stepped over.
    private var rangeStops = [UInt8](repeating: 0, count: 0x10000)
    /// The same for characters of the other planes (emoji, mathematical letters).
    private var otherFoldedStarts: [UInt32: UInt32] = [:]
    private var otherRangeStops: [UInt32: Bool] = [:]
    /// Characters' own sort keys, one after another.
    private var singleKeyBytes: [UInt8] = []
    private var singleKeys: [UInt32: Range<Int>] = [:]
    private var collator: PrimaryCollator?

    deinit { collator?.close() }

    typealias UnicodeData = CoreFoundationCollation.UnicodeData

    /// The first character of CF's fold of `c` as a cluster's start: ASCII lowercased; anything
    /// else decomposed, its first character case folded.
    func foldedStart(_ c: UInt32) -> UInt32 {
        if c < 0x80 { return c >= 0x41 && c <= 0x5A ? c + 0x20 : c }
        if c < 0x10000 {
            if foldedStarts[Int(c)] != 0 { return foldedStarts[Int(c)] - 1 }
        } else if let known = otherFoldedStarts[c] {
            return known
        }
        let decomposed = UnicodeData.canonicalDecomposition(of: c)?.first ?? c
        let folded = UnicodeData.caseFolding(of: decomposed)?.first ?? decomposed
        if c < 0x10000 { foldedStarts[Int(c)] = folded + 1 } else { otherFoldedStarts[c] = folded }
        return folded
    }

    /// Whether CF's backward extension stops at `c`: a base character that is no punctuation,
    /// or one of CJK (U+2E80..<U+AC00) or of the planes above the first.
    func stopsRangeStart(_ c: UInt32) -> Bool {
        if c < 0x80 {
            // ASCII punctuation (P*) is stepped over; everything else stops.
            return !(c >= 0x21 && c <= 0x7E && "!\"#%&'()*,-./:;?@[\\]_{}".utf8.contains(UInt8(c)))
        }
        if c > 0xFFFF {
            if let known = otherRangeStops[c] { return known }
            let stops = c >> 16 > 1 || (!UnicodeData.isNonBase(c) && !UnicodeData.isPunctuation(c))
            otherRangeStops[c] = stops
            return stops
        }
        let known = rangeStops[Int(c)]
        if known != 0 { return known == 1 }
        let stops = (!UnicodeData.isNonBase(c) && !UnicodeData.isPunctuation(c)) || (c >= 0x2E80 && c < 0xAC00)
        rangeStops[Int(c)] = stops ? 1 : 2
        return stops
    }

    /// Whether `x` and `y` alone have sort keys that differ before either ends: their weights
    /// differ, and neither's are the other's beginning.
    func weighApart(_ x: UInt32, _ y: UInt32) -> Bool {
        let keyX = singleKey(x), keyY = singleKey(y)
        return singleKeyBytes.withUnsafeBufferPointer { bytes in
            let common = min(keyX.count, keyY.count) - 1
            var k = 0
            while k < common && bytes[keyX.lowerBound + k] == bytes[keyY.lowerBound + k] { k += 1 }
            return k < common
        }
    }

    private func singleKey(_ c: UInt32) -> Range<Int> {
        if let key = singleKeys[c] { return key }
        if collator == nil { collator = PrimaryCollator() }
        let start = singleKeyBytes.count
        let text = Array(String(Unicode.Scalar(c).map(Character.init) ?? " ").utf8)
        text.withUnsafeBufferPointer { collator!.appendSortKey($0, to: &singleKeyBytes) }
        singleKeys[c] = start..<singleKeyBytes.count
        return start..<singleKeyBytes.count
    }
}

/// Pairs of neighbouring characters that ICU's root collation may weigh together: each
/// character of a contraction or prefix context and the one after it (`table`, generated).
final class JoiningPairs: Sendable {
    static let shared = JoiningPairs(table)

    private let pairs: Set<UInt64>
    /// The pairs' first and second characters of the first plane, a bit each: a cheap first test.
    private let firstBits: [UInt64]
    private let secondBits: [UInt64]
    /// The first characters of the other planes.
    private let otherFirsts: Set<UInt32>

    init(_ table: [UInt64]) {
        pairs = Set(table)
        var firstBits = [UInt64](repeating: 0, count: 1024)
        var secondBits = [UInt64](repeating: 0, count: 1024)
        for pair in table {
            let first = Int(pair >> 32), second = Int(pair & 0xFFFF_FFFF)
            if first < 0x10000 { firstBits[first >> 6] |= 1 << UInt64(first & 63) }
            if second < 0x10000 { secondBits[second >> 6] |= 1 << UInt64(second & 63) }
        }
        self.firstBits = firstBits
        self.secondBits = secondBits
        otherFirsts = Set(table.lazy.map { UInt32($0 >> 32) }.filter { $0 >= 0x10000 })
    }

    /// The pairs of the root collation of the ICU the tool runs with, as `table` should be.
    static func fromICU() -> [UInt64] {
        var status = U_ZERO_ERROR
        var pairs = Set<UInt64>()
        guard let collator = swift_ucol_open("", &status), let set = swift_uset_openEmpty() else { return [] }
        defer {
            swift_uset_close(set)
            swift_ucol_close(collator)
        }
        swift_ucol_getContractionsAndExpansions(collator, set, nil, 1, &status)
        var units = [UChar](repeating: 0, count: 64)
        for item in 0..<swift_uset_getItemCount(set) {
            var start: UChar32 = 0, end: UChar32 = 0
            var itemStatus = U_ZERO_ERROR
            let length = swift_uset_getItem(set, item, &start, &end, &units, Int32(units.count), &itemStatus)
            guard length > 1, itemStatus.rawValue <= U_ZERO_ERROR.rawValue else { continue }
            let scalars = String(decoding: units.prefix(Int(length)), as: UTF16.self).unicodeScalars.map(\.value)
            for k in scalars.indices.dropLast() { pairs.insert(UInt64(scalars[k]) << 32 | UInt64(scalars[k + 1])) }
        }
        return pairs.sorted()
    }

    /// Whether `c` is the first of a pair: what follows it may join it.
    func startsAPair(_ c: UInt32) -> Bool {
        if c < 0x10000 { return firstBits[Int(c >> 6)] & (1 << UInt64(c & 63)) != 0 }
        return otherFirsts.contains(c)
    }

    func contains(_ first: UInt32, _ second: UInt32) -> Bool {
        if second < 0x10000 && secondBits[Int(second >> 6)] & (1 << UInt64(second & 63)) == 0 { return false }
        return pairs.contains(UInt64(first) << 32 | UInt64(second))
    }
}

/// A root collator set for primary sort keys as CF's first comparison is set, with a buffer
/// for the UTF-16 ICU reads. One per thread.
struct PrimaryCollator {
    private let collator: OpaquePointer
    private var units: [UChar] = []
    private var key: [UInt8] = Array(repeating: 0, count: 256)

    init() { collator = CoreFoundationCollation.rootCollator(numeric: true) }

    func close() { swift_ucol_close(collator) }

    /// The primary sort key of the UTF-8 `text`, appended to `output`.
    mutating func appendSortKey(_ text: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        Self.transcode(text, into: &units)
        while true {
            let length = units.withUnsafeBufferPointer { source in
                key.withUnsafeMutableBufferPointer { target in
                    swift_ucol_getSortKey(collator, source.baseAddress, Int32(source.count), target.baseAddress, Int32(target.count))
                }
            }
            if Int(length) <= key.count {
                output.append(contentsOf: key.prefix(Int(length)))
                return
            }
            key = Array(repeating: 0, count: Int(length))
        }
    }

    /// `text` (valid UTF-8, as every key read is) as the UTF-16 ICU reads, into `units`:
    /// directly, where a `String` made of each key and its UTF-16 view copied out were a third
    /// of the time the sort keys took.
    static func transcode(_ text: UnsafeBufferPointer<UInt8>, into units: inout [UChar]) {
        units.removeAll(keepingCapacity: true)
        var i = 0
        while i < text.count {
            let lead = UInt32(text[i])
            if lead < 0x80 {
                units.append(UChar(lead))
                i += 1
                continue
            }
            var scalar: UInt32
            var length: Int
            if lead >= 0xF0 {
                scalar = lead & 0x07
                length = 4
            } else if lead >= 0xE0 {
                scalar = lead & 0x0F
                length = 3
            } else {
                scalar = lead & 0x1F
                length = 2
            }
            length = min(length, text.count - i)
            for k in 1..<max(length, 1) { scalar = scalar << 6 | UInt32(text[i + k] & 0x3F) }
            i += max(length, 1)
            if scalar >= 0x10000 {
                let value = scalar - 0x10000
                units.append(UChar(0xD800 + (value >> 10)))
                units.append(UChar(0xDC00 + (value & 0x3FF)))
            } else {
                units.append(UChar(scalar))
            }
        }
    }
}
#endif
