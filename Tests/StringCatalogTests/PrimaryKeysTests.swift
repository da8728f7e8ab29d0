import Testing
@testable import StringCatalog
import XcstringsMergeTestSupport

/// Sort keys decide a pair of keys only where that is the reference's answer: held to the
/// reference on random keys of each script, with near variants (shared beginnings, NFC and NFD
/// twins, case twins, ignorables, digits, long keys). On macOS `PrimaryKeys` decides nothing and
/// these tests check nothing beyond that.
@Suite struct PrimaryKeysTests {
    /// The reference's order, bytes breaking a tie as `KeyOrder.compare` breaks it.
    static func reference(_ a: UTF8Bytes, _ b: UTF8Bytes) -> Int {
        let order = KeyOrder.referenceCompare(a.string, b.string)
        if order != 0 || a == b { return order }
        return a.bytes.lexicographicallyPrecedes(b.bytes) ? -1 : 1
    }

    /// Random keys of the script and near variants of them.
    static func keys(_ letters: [String], count: Int, seed: UInt64) -> [UTF8Bytes] {
        var generator = SeededGenerator(seed: seed)
        var keys: [String] = []
        var seen = Set<[UInt8]>()
        while keys.count < count {
            let key = keys.isEmpty || Bool.random(using: &generator)
                ? ScriptKeys.key(letters, using: &generator)
                : ScriptKeys.nearVariant(of: keys.randomElement(using: &generator)!, letters, using: &generator)
            if seen.insert(Array(key.utf8)).inserted { keys.append(key) }
        }
        return keys.map { UTF8Bytes($0) }
    }

    /// The scripts' index, and one past them for all of them mixed.
    static func script(_ index: Int) -> (name: String, letters: [String]) {
        index < ScriptKeys.scripts.count ? ScriptKeys.scripts[index] : ScriptKeys.mixed
    }

    @Test(arguments: 0...ScriptKeys.scripts.count)
    func sortKeysDecideOnlyWhatTheReferenceDecides(script: Int) {
        let (name, letters) = Self.script(script)
        let keys = Self.keys(letters, count: 1500, seed: UInt64(100 + script))
        var generator = SeededGenerator(seed: UInt64(200 + script))
        var pairs: [(Int, Int)] = []
        for i in keys.indices {
            for j in [i + 1, i + 2, Int.random(in: 0..<keys.count, using: &generator), Int.random(in: 0..<keys.count, using: &generator)] where j < keys.count && j != i {
                pairs.append((i, j))
            }
        }
        let compared = pairs.count
        var decided = 0
        for ((i, j), decision) in zip(pairs, PrimaryKeys.decisions(keys, pairs: pairs)) {
            guard let decision else { continue }
            decided += 1
            #expect(decision == Self.reference(keys[i], keys[j]), "\(name): \(keys[i].string.debugDescription) vs \(keys[j].string.debugDescription)")
        }
        #if canImport(Darwin)
        return
        #endif
        print("\(name): sort keys decided \(decided) of \(compared) pairs")
        // Most pairs are decided by the keys, or the sort would be no faster (fewer where keys
        // hold digits of other scripts, which the reference decides).
        #expect(decided * 10 > compared * (script < ScriptKeys.scripts.count ? 6 : 4), "\(name): \(decided) of \(compared)")
    }

    /// Every corpus key against its neighbours in the reference order and a random one.
    @Test(.enabled(if: Paths.corpusPresent, "../shared/corpus is absent")) func sortKeysAgreeOnEveryCorpusKeyPair() throws {
        var seen = Set<UTF8Bytes>()
        var keys: [UTF8Bytes] = []
        for file in Paths.corpusFiles("catalogs") {
            for entry in try Catalog(bytes: try bytes(file)).strings.members where seen.insert(entry.key).inserted { keys.append(entry.key) }
        }
        let sorted = keys.indices.sorted { Self.reference(keys[$0], keys[$1]) < 0 }
        var generator = SeededGenerator(seed: 9)
        var pairs: [(Int, Int)] = []
        for n in sorted.indices {
            for m in [n + 1, n + 2, n + 5, Int.random(in: 0..<sorted.count, using: &generator)] where m < sorted.count && m != n {
                pairs.append((sorted[n], sorted[m]))
            }
        }
        var decided = 0
        for ((i, j), decision) in zip(pairs, PrimaryKeys.decisions(keys, pairs: pairs)) {
            guard let decision else { continue }
            decided += 1
            #expect(decision == Self.reference(keys[i], keys[j]), "\(keys[i].string.debugDescription) vs \(keys[j].string.debugDescription)")
        }
        #if canImport(Darwin)
        return
        #endif
        #expect(keys.count > 4000 && decided > keys.count)
    }

    /// The table of characters ICU may join is that of the ICU the tool runs with.
    @Test func theJoiningPairsAreICUs() {
        #if !canImport(Darwin)
        let fromICU = JoiningPairs.fromICU()
        #expect(fromICU.count > 1000)
        if fromICU != JoiningPairs.table {
            let lines = fromICU.map { pair -> String in
                let second = String(pair & 0xFFFF_FFFF, radix: 16, uppercase: true)
                return "0x" + String(pair >> 32, radix: 16, uppercase: true) + "_" + String(repeating: "0", count: 8 - second.count) + second + ","
            }
            Issue.record(Comment(rawValue: "JoiningPairs+Generated.swift is not this ICU's; its table should be:\n" + lines.joined(separator: " ")))
        }
        // Thai and Lao vowels written before their consonant, `L·`, Cyrillic и with a breve.
        #expect(JoiningPairs.shared.contains(0xE40, 0xE01) && JoiningPairs.shared.contains(0x4C, 0xB7) && JoiningPairs.shared.contains(0x438, 0x306))
        #expect(!JoiningPairs.shared.contains(0x61, 0x62) && JoiningPairs.shared.startsAPair(0xE40) && !JoiningPairs.shared.startsAPair(0x61))
        #endif
    }

    /// `sort` with sort keys puts every key where the reference does. The reference (CF's
    /// comparison) is not transitive on every set of random keys (it compares the rest of two
    /// keys from a point each pair sets anew, and its forced ordering can put each of two keys
    /// before the other), and where it is not, no order agrees with it and
    /// sorts of it differ; so sets of keys are drawn until they hold a total order (every pair
    /// of the reference-sorted keys agrees with their places), and the sort must then give
    /// exactly that order, whether the keys are ranked in one block or in several (each
    /// block's keys put in order alone, then the blocks' runs merged).
    @Test(arguments: 0...ScriptKeys.scripts.count)
    func sortingGivesTheReferenceOrder(script: Int) {
        let (name, letters) = Self.script(script)
        var checked = 0
        for round in 0..<24 as Range<UInt64> {
            let keys = Self.keys(letters, count: 120, seed: 1000 * UInt64(script) + round)
            let reference = keys.sorted { Self.reference($0, $1) < 0 }
            var total = true
            outer: for i in reference.indices {
                // CF's forced ordering can also order a pair the same way both ways round.
                for j in (i + 1)..<reference.count
                where Self.reference(reference[i], reference[j]) > 0 || Self.reference(reference[j], reference[i]) < 0 {
                    total = false
                    break outer
                }
            }
            guard total else { continue }
            checked += 1
            var members = keys.map { JSONMember(key: $0, value: .null) }
            KeyOrder.sort(&members)
            #expect(members.map(\.key) == reference, "\(name), round \(round)")
            let inBlocks = PrimaryKeys.sortedOrder(keys, blockSize: 16)
            #if canImport(Glibc)
            #expect(inBlocks.map { $0.map { keys[$0] } } == reference, "\(name), round \(round), in blocks of 16")
            #else
            #expect(inBlocks == nil, "macOS computes no sort keys")
            #endif
        }
        #expect(checked >= 3, "\(name): \(checked) of 24 sets were totally ordered")
    }

    #if canImport(Glibc)
    /// The keys are handed to ICU as UTF-16 transcoded directly: the same units Swift's own
    /// UTF-16 view gives, for every script, emoji and supplementary planes included.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func keysReachICUAsSwiftsOwnUTF16(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var units: [UInt16] = []
        var texts = ["", "a", "é", "€", "𝄞", "👩‍👩‍👧", "a𝄞b€c\u{10FFFF}", "\u{7F}\u{80}\u{7FF}\u{800}\u{FFFF}\u{10000}"]
        for _ in 0..<500 { texts.append(RandomStrings.collationKey(using: &generator)) }
        for text in texts {
            let bytes = Array(text.utf8)
            bytes.withUnsafeBufferPointer { PrimaryCollator.transcode($0, into: &units) }
            #expect(units == Array(text.utf16), "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
    }
    #else
    // macOS hands no key to ICU (Foundation orders them there): nothing to transcode.
    #endif
}
