#if !canImport(Darwin)
import Testing
@testable import StringCatalog
import XcstringsMergeTestSupport

/// On Linux the tool orders keys by a transcription of CoreFoundation's comparison onto ICU
/// instead of calling Foundation (whose load costs each start of the process). Here it is held to
/// Foundation itself.
@Suite struct CoreFoundationCollationTests {
    func expectFoundationOrder(_ a: String, _ b: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let ours = CoreFoundationCollation.compare(Array(a.utf16), Array(b.utf16))
        let foundation = FoundationKeyOrder.compare(a, b)
        #expect(ours == foundation, "\(a.debugDescription) vs \(b.debugDescription)", sourceLocation: sourceLocation)
    }

    @Test func knownHardCases() {
        let pairs: [(String, String)] = [
            ("가나", "각"), ("각", "가나"), ("straße", "STRASSE"), ("Straße", "strasse"), ("İstanbul", "istanbul"),
            ("a\u{301}", "á"), ("á", "a\u{301}"), ("１０", "9"), ("item １", "item 1"), ("x01", "x1"), ("Item 010", "item 10"),
            ("ǅ", "ǆ"), ("ﬀ", "ff"), ("K", "\u{212A}"), ("Å", "\u{212B}"), ("a", "a"), ("", "a"), ("a", ""), ("", ""),
            ("鍵0・", "鍵1・"), ("😀a", "😀A"), ("𝐀", "𝐚"), ("co\u{AD}op", "coop"), ("a\u{200B}b", "ab"),
            ("18446744073709551616", "0"), ("99999999999999999999x", "99999999999999999999X"),
            (String(repeating: "é", count: 70) + "a", String(repeating: "é", count: 70) + "B"),
            (String(repeating: "word ", count: 20) + "Ärger", String(repeating: "word ", count: 20) + "arger"),
        ]
        for (a, b) in pairs {
            expectFoundationOrder(a, b)
            expectFoundationOrder(b, a)
        }
    }

    /// Strings of up to 64 UTF-16 units. (Longer ones whose rest after a difference fits CF's
    /// 64-character buffer can make CF on Linux read past that buffer; see `compareWithLocale`.)
    @Test(arguments: [21, 22, 23, 24] as [UInt64])
    func agreesWithFoundationOnRandomStrings(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        var compared = 0
        for round in 0..<8000 {
            let a = RandomStrings.collationKey(maxPieces: round % 3 == 0 ? 14 : 6, using: &generator)
            let cut = Int.random(in: 0...a.count, using: &generator)
            let b: String
            // Most pairs share a beginning, where the comparison's later branches are.
            switch round % 4 {
            case 0: b = RandomStrings.collationKey(using: &generator)
            case 1: b = String(a.prefix(cut)) + RandomStrings.collationKey(maxPieces: 3, using: &generator)
            case 2: b = String(a.prefix(cut)) + RandomStrings.collationKey(maxPieces: 3, using: &generator) + String(a.dropFirst(cut))
            default: b = a.uppercased()
            }
            guard a.utf16.count <= 64 && b.utf16.count <= 64 else { continue }
            compared += 1
            expectFoundationOrder(a, b)
        }
        #expect(compared > 6000)
    }

    /// Long strings that first differ early, at the primary strength: CF then compares them word
    /// by word, not whole.
    @Test(arguments: [31, 32] as [UInt64])
    func agreesWithFoundationOnLongStrings(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let starts = ["b", "c", "B", "x", "é", "Д", "漢", "가", "ß", "ｶ", "…", "\u{301}", "_", " "]
        for _ in 0..<3000 {
            let prefix = RandomStrings.collationKey(maxPieces: 4, using: &generator)
            var tail1 = starts.randomElement(using: &generator)!, tail2 = starts.randomElement(using: &generator)!
            while tail1.utf16.count < 70 { tail1 += RandomStrings.collationKey(maxPieces: 8, using: &generator) }
            while tail2.utf16.count < 70 { tail2 += RandomStrings.collationKey(maxPieces: 8, using: &generator) }
            expectFoundationOrder(prefix + tail1, prefix + tail2)
        }
    }

    @Test(.enabled(if: Paths.corpusPresent, "../shared/corpus is absent")) func agreesWithFoundationOnCorpusKeys() throws {
        let files = Paths.corpusFiles("catalogs")
        guard !files.isEmpty else { print(Paths.sharedAbsentMessage); return }
        var seen = Set<String>()
        var keys: [String] = []
        for file in files {
            for entry in try Catalog(bytes: try bytes(file)).strings.members where seen.insert(entry.key.string).inserted {
                keys.append(entry.key.string)
            }
        }
        keys.sort { FoundationKeyOrder.compare($0, $1) < 0 }
        var generator = SeededGenerator(seed: 8)
        for i in keys.indices {
            for j in [i + 1, i + 2, i + 7, Int.random(in: 0..<keys.count, using: &generator)] where j < keys.count {
                expectFoundationOrder(keys[i], keys[j])
                expectFoundationOrder(keys[j], keys[i])
            }
        }
        #expect(keys.count > 4000)
    }
}
#endif
