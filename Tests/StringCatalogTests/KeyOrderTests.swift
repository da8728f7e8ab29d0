import Foundation
import Testing
@testable import StringCatalog
import XcstringsMergeTestSupport

@Suite struct KeyOrderTests {
    /// A sort's order applied by moving each member along the permutation's cycles: every
    /// member lands where the order puts it, with its own value.
    @Test(arguments: [0, 1, 2, 7, 1000] as [Int])
    func permutingPutsEachMemberWhereTheOrderSays(count: Int) {
        var generator = SeededGenerator(seed: UInt64(count))
        let members = (0..<count).map { JSONMember(key: UTF8Bytes("key \($0)"), value: .string(UTF8Bytes("value \($0)"))) }
        let order = Array(0..<count).shuffled(using: &generator)
        var permuted = members
        KeyOrder.permute(&permuted, into: order)
        #expect(permuted.map(\.key) == order.map { members[$0].key })
        #expect(permuted.map(\.value.stringValue) == order.map { members[$0].value.stringValue })
    }

    func expectAgreement(_ a: String, _ b: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let reference = KeyOrder.referenceCompare(a, b)
        let ours = KeyOrder.compare(UTF8Bytes(a), UTF8Bytes(b))
        if reference != 0 {
            #expect(ours == reference, "\(a.debugDescription) vs \(b.debugDescription)", sourceLocation: sourceLocation)
        } else {
            // Equal under the reference (canonically equivalent); we still order them by bytes.
            #expect(ours != 0 || a.utf8.elementsEqual(b.utf8), sourceLocation: sourceLocation)
        }
    }

    @Test func knownOrders() {
        let ordered: [(String, String)] = [
            ("Water low", "Water Low"), ("system", "System"), ("Item 9", "Item 10"),
            ("9sv-l5-xwG.title", "10j-rd-fWr.title"), ("doubao_translate", "doubao.error"),
            ("× %lld", "An internet connection"), ("zh-Hans", "zh-Hant"), ("zh-Hant", "zh-HK"), ("zh-HK", "zh-TW"),
            ("83.title", "103.title"), ("a", "A"), ("x1", "x01"), ("A", "a "), ("few", "many"),
        ]
        for (a, b) in ordered {
            #expect(KeyOrder.compare(UTF8Bytes(a), UTF8Bytes(b)) == -1, "\(a) < \(b)")
            #expect(KeyOrder.compare(UTF8Bytes(b), UTF8Bytes(a)) == 1, "\(b) > \(a)")
            expectAgreement(a, b)
        }
    }

    /// The reference comparison is Foundation's call with Xcode's options on every system: on
    /// macOS the production code makes that call itself (the same lines as `FoundationKeyOrder`,
    /// kept apart so that the tests' reference is not the code it checks; this keeps the two
    /// alike), on Linux it is the ICU transcription (`CoreFoundationCollationTests` go further).
    @Test func theReferenceIsFoundationsCall() {
        var generator = SeededGenerator(seed: 41)
        var compared = 0
        while compared < 3000 {
            let a = RandomStrings.collationKey(using: &generator)
            let b = RandomStrings.collationKey(using: &generator)
            // Past 64 UTF-16 units CF on Linux can read beyond its buffer (see CoreFoundationCollation).
            guard a.utf16.count <= 64 && b.utf16.count <= 64 else { continue }
            compared += 1
            #expect(KeyOrder.referenceCompare(a, b) == FoundationKeyOrder.compare(a, b), "\(a.debugDescription) vs \(b.debugDescription)")
        }
    }

    @Test(.enabled(if: Paths.corpusPresent, "../shared/corpus is absent")) func agreesWithTheReferenceOnEveryCorpusKeyPair() throws {
        let files = Paths.corpusFiles("catalogs")
        guard !files.isEmpty else { print(Paths.sharedAbsentMessage); return }
        var keys = Set<String>()
        var keyBytes: [UTF8Bytes] = []
        for file in files {
            let catalog = try Catalog(bytes: try bytes(file))
            for entry in catalog.strings.members where keys.insert(entry.key.string).inserted {
                keyBytes.append(entry.key)
            }
        }
        // Neighbours in the reference order are the pairs that matter; compare each with the next
        // few and with a sample of far ones.
        let sorted = keyBytes.sorted { KeyOrder.referenceCompare($0.string, $1.string) < 0 }
        var generator = SeededGenerator(seed: 7)
        // With the corpus's ideographs ranked too, as `sort` ranks them.
        let han = HanRanks(keys: keyBytes)
        for i in sorted.indices {
            for j in [i + 1, i + 2, i + 5, Int.random(in: 0..<sorted.count, using: &generator)] where j < sorted.count {
                expectAgreement(sorted[i].string, sorted[j].string)
                let reference = KeyOrder.referenceCompare(sorted[i].string, sorted[j].string)
                if reference != 0 {
                    #expect(KeyOrder.compare(sorted[i], sorted[j], han: han) == reference, "\(sorted[i].string.debugDescription) vs \(sorted[j].string.debugDescription)")
                }
            }
        }
        #expect(sorted.count > 4000)
    }

    @Test(arguments: [11, 12, 13] as [UInt64])
    func agreesWithTheReferenceOnRandomStrings(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<4000 {
            expectAgreement(RandomStrings.key(using: &generator), RandomStrings.key(using: &generator))
        }
    }

    /// Keys that share a non-ASCII beginning and differ after it, where the comparator skips the
    /// shared part: beginnings that end in letters of many scripts, a Thai vowel written before
    /// its consonant, a combining accent, Hangul jamo, digits of other scripts, ASCII digits
    /// next to them, an ideographic space; and a near variant of the rest.
    @Test(arguments: [31, 32, 33] as [UInt64])
    func agreesWithTheReferenceAfterASharedNonASCIIBeginning(seed: UInt64) {
        let beginnings = [
            "鍵0・", "鍵", "設定.", "ファイル ", "Добавить ", "é", "e\u{301}", "\u{E40}", "ก\u{E40}", "\u{1100}",
            "\u{1100}\u{1161}", "٣", "١٢", "x٣", "३", "漢1", "漢12", "\u{3000}", "Ω", "ß", "ø", "👍🏽", "\u{A0}", "Item é",
        ]
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<20000 {
            let beginning = beginnings.randomElement(using: &generator)!
            let rest = RandomStrings.asciiKey(using: &generator)
            expectAgreement(beginning + rest, beginning + Self.nearVariant(of: rest, using: &generator))
        }
    }

    /// Keys of Korean words and ASCII, which the comparator orders itself: syllables with and
    /// without a trailing consonant (가, 각, 갛), the first and last syllables, digits and
    /// letters around them; and look-alikes it must leave to the reference: conjoining jamo,
    /// the jamo block after the syllables, Han and kana after a syllable (they weigh more than
    /// a trailing consonant, so 가漢 sorts after 각), and a syllable after one without a trailing
    /// consonant against one with it (가나 and 각, which the reference itself orders both ways:
    /// each after the other; such pairs are left out, as there is no order to agree with).
    @Test(arguments: [41, 42, 43] as [UInt64])
    func agreesWithTheReferenceOnHangulKeys(seed: UInt64) {
        let syllables = ["가", "각", "갛", "개", "나", "설정", "저장", "파일", "힣", "퓨", "\u{AC00}\u{AC01}"]
        let others = ["\u{1100}", "\u{1161}", "\u{11A8}", "\u{D7B0}", "漢", "か", "é", "١"]
        var generator = SeededGenerator(seed: seed)
        func key(strange: Bool) -> String {
            var text = ""
            for _ in 0..<Int.random(in: 1...5, using: &generator) {
                switch Int.random(in: 0..<10, using: &generator) {
                case 0..<5: text += syllables.randomElement(using: &generator)!
                case 5: text += strange ? others.randomElement(using: &generator)! : " "
                default: text += RandomStrings.asciiKey(using: &generator)
                }
            }
            return text
        }
        var compared = 0
        for _ in 0..<20000 {
            let a = key(strange: Bool.random(using: &generator))
            let b = Bool.random(using: &generator) ? key(strange: Bool.random(using: &generator)) : a + key(strange: false)
            guard KeyOrder.referenceCompare(a, b) == -KeyOrder.referenceCompare(b, a) else { continue }
            expectAgreement(a, b)
            compared += 1
        }
        #expect(compared > 15000)
        // Observed in Linux's Foundation (CoreFoundation's fold skips a comparison after a fully
        // matched jamo buffer); Apple's Foundation is not known to share it, so a Mac does not assert it.
        #if !canImport(Darwin)
        #expect(KeyOrder.referenceCompare("가나", "각") == 1 && KeyOrder.referenceCompare("각", "가나") == 1)
        #endif
        for (a, b) in [("가", "각"), ("가 1", "각"), ("가a", "각"), ("z", "가"), ("9", "가"), ("가9", "가10"), ("힣", "힣a")] {
            #expect(KeyOrder.compare(UTF8Bytes(a), UTF8Bytes(b)) == -1, "\(a) < \(b)")
            expectAgreement(a, b)
        }
    }

    /// Chinese keys, compared with the ideographs ranked once (`HanRanks`), as `sort` does: Han
    /// of the main block, Extensions A, B and G, the unified compatibility ideographs and
    /// compatibility ones (canonical equivalents, left to the reference), mixed with digits,
    /// Latin, ASCII punctuation, Hangul and kana. Every comparison the ranks decide is the
    /// reference's.
    @Test(arguments: [71, 72, 73] as [UInt64])
    func agreesWithTheReferenceOnHanKeysWithRankedIdeographs(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        let words = ["设置", "保存", "打开", "文件", "文件夹", "窗口", "关闭", "重试", "項目", "帳戶", "通知", "鍵"]
        let blocks: [ClosedRange<UInt32>] = [0x4E00...0x9FFF, 0x3400...0x4DBF, 0x20000...0x2A6DF, 0x30000...0x3134A, 0xFA0E...0xFA29, 0xF900...0xF9FF]
        let others = ["가", "설정", "か", "ー", "、", "。", "・", "é", "١"]
        func key() -> String {
            var text = ""
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                switch Int.random(in: 0..<12, using: &generator) {
                case 0..<4: text += words.randomElement(using: &generator)!
                case 4..<7:
                    let block = blocks.randomElement(using: &generator)!
                    text += Unicode.Scalar(UInt32.random(in: block, using: &generator)).map { String(Character($0)) } ?? "字"
                case 7: text += String(Int.random(in: 0...120, using: &generator))
                case 8: text += others.randomElement(using: &generator)!
                case 9: text += [" ", ".", "_", "-", ":", "(", ")"].randomElement(using: &generator)!
                default: text += RandomStrings.asciiKey(using: &generator)
                }
            }
            return text
        }
        let keys = (0..<3000).map { _ in key() }
        let han = HanRanks(keys: keys.map { UTF8Bytes($0) })
        #expect(!han.isEmpty)
        var decided = 0
        for _ in 0..<20000 {
            let a = keys.randomElement(using: &generator)!
            let b = Bool.random(using: &generator) ? keys.randomElement(using: &generator)! : a + keys.randomElement(using: &generator)!
            let reference = KeyOrder.referenceCompare(a, b)
            guard reference != 0, reference == -KeyOrder.referenceCompare(b, a) else { continue }
            let ranked = Array(a.utf8).withUnsafeBufferPointer { x in
                Array(b.utf8).withUnsafeBufferPointer { y in KeyOrder.compareASCII(x, y, han: han) ?? KeyOrder.compareAfterSharedPrefix(x, y, han: han) }
            }
            if let ranked {
                #expect(ranked == reference, "\(a.debugDescription) vs \(b.debugDescription)")
                decided += 1
            }
            #expect(KeyOrder.compare(UTF8Bytes(a), UTF8Bytes(b), han: han) == reference)
        }
        #expect(decided > 5000, "the ranks decided \(decided)")
        // Sorting with the ranks gives the reference's order.
        var members = keys.prefix(800).map { JSONMember(key: UTF8Bytes($0), value: .null) }
        members.reverse()
        KeyOrder.sort(&members)
        for (x, y) in zip(members, members.dropFirst()) {
            #expect(KeyOrder.referenceCompare(x.key.string, y.key.string) <= 0, "\(x.key.string.debugDescription) then \(y.key.string.debugDescription)")
        }
    }

    /// Keys that begin alike in printable ASCII, where the comparator starts at the first
    /// difference: beginnings shorter and longer than a word of eight bytes, ending inside a
    /// digit run (`Item 1` before `9` and `10`), in a letter whose case differs later, before
    /// Hangul and before other scripts; the rest a near variant.
    @Test(arguments: [51, 52, 53] as [UInt64])
    func agreesWithTheReferenceAfterASharedASCIIBeginning(seed: UInt64) {
        let beginnings = [
            "a", "Settings.", "Settings.General.", "Item 1", "Item 12", "Item 0", "version 2.1", "Photos %lld ",
            "x_y-z ", "ABCDEFGH", "abcdefgh", "Save \"", "Open 설정 ", "Open 설", "Key ~", "0000000", "a1b2c3d4e5f6g7h8i9",
        ]
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<20000 {
            let beginning = beginnings.randomElement(using: &generator)!
            let rest = Bool.random(using: &generator) ? RandomStrings.asciiKey(using: &generator) : RandomStrings.key(using: &generator)
            let other = Bool.random(using: &generator)
                ? Self.nearVariant(of: rest, using: &generator) : String(Int.random(in: 0...200, using: &generator))
            for (a, b) in [(beginning + rest, beginning + other), (beginning + rest, beginning.uppercased() + other)]
            where KeyOrder.referenceCompare(a, b) == -KeyOrder.referenceCompare(b, a) {
                expectAgreement(a, b)
            }
        }
    }

    /// Keys that differ first at a CJK character after a shared beginning (or at their start):
    /// main-block ideographs, kana, Hangul and ASCII against each other, which the comparator
    /// orders itself; and look-alikes it must leave to the reference: two ideographs (not in
    /// code point order),
    /// ideographs of extension A and the compatibility block, combining and spacing sound marks,
    /// the prolonged sound mark and the middle dot, half-width katakana, a combining accent after
    /// an ideograph, and beginnings that end in a Thai vowel or a digit.
    @Test(arguments: [61, 62, 63] as [UInt64])
    func agreesWithTheReferenceAtCJKCharacters(seed: UInt64) {
        let beginnings = ["", "鍵0・", "Open ", "設定", "ファイル", "설정 ", "\u{E40}", "x٣", "Item 1", "é", "\u{3000}", "ー", "か\u{3099}", "ゝ", "鍵1", "鍵12", "鍵0"]
        let pieces = [
            "設", "定", "保", "存", "一", "丗", "中", "龥", "鿯", "\u{9FF0}", "\u{9FFF}", "㐀", "\u{4DBF}", "\u{F900}", "\u{FA0E}", "ファ", "か",
            "が", "か\u{3099}", "\u{309B}", "ー", "・", "ゝ", "ｶ", "가", "힣", "a", "Z", "1", "0", "9", "٣", "३", "・", " ", "_", "設\u{301}", "\u{200B}",
        ]
        var generator = SeededGenerator(seed: seed)
        func rest() -> String {
            (0..<Int.random(in: 1...3, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
        }
        var compared = 0
        for _ in 0..<20000 {
            let beginning = beginnings.randomElement(using: &generator)!
            let (a, b) = (beginning + rest(), beginning + rest())
            guard KeyOrder.referenceCompare(a, b) == -KeyOrder.referenceCompare(b, a) else { continue }
            expectAgreement(a, b)
            compared += 1
        }
        #expect(compared > 15000)
        for (a, b) in [("か", "設"), ("Open ファイル", "Open 設定"), ("鍵0・a", "鍵0・保"), ("설정 가", "설정 一"), ("힣", "一"), ("~", "鿿"), ("鍵9・b", "鍵10・a"), ("鍵0・Welcome", "鍵0・ファイル"), ("설정 힣", "설정 ア")] {
            // Decided without the reference.
            let decided = Array(a.utf8).withUnsafeBufferPointer { x in
                Array(b.utf8).withUnsafeBufferPointer { y in KeyOrder.compareAfterSharedPrefix(x, y) }
            }
            #expect(decided == -1, "\(a) < \(b)")
            #expect(KeyOrder.compare(UTF8Bytes(a), UTF8Bytes(b)) == -1, "\(a) < \(b)")
            expectAgreement(a, b)
        }
    }

    /// Often a near variant of `text`, so that ties and tie-breaks are exercised: another
    /// random key, the same in capitals, with a leading zero, or longer.
    static func nearVariant(of text: String, using generator: inout SeededGenerator) -> String {
        switch Int.random(in: 0..<4, using: &generator) {
        case 0: return RandomStrings.asciiKey(using: &generator)
        case 1: return text.uppercased()
        case 2: return text.replacingOccurrences(of: "1", with: "01")
        default: return text + RandomStrings.asciiKey(using: &generator)
        }
    }

    @Test(arguments: [21, 22, 23] as [UInt64])
    func agreesWithTheReferenceOnRandomASCII(seed: UInt64) {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<20000 {
            let a = RandomStrings.asciiKey(using: &generator)
            expectAgreement(a, Self.nearVariant(of: a, using: &generator))
        }
    }

    /// `KeyOrder.merge` and `mergeInPlace` (a merge's kept keys with its added ones) give exactly
    /// what sorting all of them gives, for random keys, ASCII and not.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func mergingAnOrderedListWithAddedKeysEqualsSortingThem(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var keys = Set<String>()
        while keys.count < 400 {
            keys.insert(Bool.random(using: &random) ? RandomStrings.key(using: &random) : RandomStrings.asciiKey(using: &random))
        }
        let members = keys.map { JSONMember(key: UTF8Bytes($0), value: .null) }
        let cut = Int.random(in: 0...40, using: &random)
        var kept = Array(members.dropFirst(cut))
        var added = Array(members.prefix(cut))
        KeyOrder.sort(&kept)
        KeyOrder.sort(&added)
        var everything = members
        KeyOrder.sort(&everything)
        #expect(KeyOrder.merge(kept, added).map(\.key) == everything.map(\.key))
        // As a merge holds them: the kept keys ahead of the added ones in one array, read where
        // they are.
        let together = kept + added
        #expect(KeyOrder.isSorted(together[..<kept.count]))
        #expect(KeyOrder.merge(together[..<kept.count], added).map(\.key) == everything.map(\.key))
        #expect(KeyOrder.isSorted(together[kept.count...]))
        // And merged where they are, each member moved with its value (the members' own
        // storage, so that a value left behind or released twice shows).
        for (keptCount, addedCount) in [(kept.count, added.count), (kept.count, 0), (0, added.count), (1, added.count), (kept.count, 1)] {
            let keptPart = Array(kept.prefix(keptCount)).map { JSONMember(key: $0.key, value: .string(UTF8Bytes(Array($0.key.bytes)))) }
            let addedPart = Array(added.prefix(addedCount)).map { JSONMember(key: $0.key, value: .string(UTF8Bytes(Array($0.key.bytes)))) }
            var inPlace = keptPart + addedPart
            KeyOrder.mergeInPlace(&inPlace, sortedCount: keptCount)
            #expect(inPlace.map(\.key) == KeyOrder.merge(keptPart, addedPart).map(\.key))
            #expect(inPlace.allSatisfy { $0.value == .string($0.key) })
        }
    }

    /// An object made as known to be in order says so until its members change.
    @Test func keyOrderedObjectsForgetItWhenChanged() {
        var object = JSONObject(keyOrdered: [JSONMember(key: "a", value: .null), JSONMember(key: "b", value: .null)])
        #expect(object.isKeyOrdered)
        object.members.append(JSONMember(key: "0", value: .null))
        #expect(!object.isKeyOrdered)
        #expect(!JSONObject([JSONMember(key: "a", value: .null)]).isKeyOrdered)
    }

    /// `isSorted` checks a long list in blocks on all cores: an inversion anywhere, at a block's
    /// first member or last among them, is found.
    @Test(arguments: [nil, 0, 1, 4094, 4095, 4096, 8191, 8192, 9998] as [Int?])
    func isSortedFindsAnInversionAnywhere(swappedAt index: Int?) {
        var members = (0..<10_000).map { JSONMember(key: UTF8Bytes("key \($0)"), value: .null) }
        #expect(KeyOrder.isSorted(members))
        #expect(KeyOrder.isSorted([]) && KeyOrder.isSorted(Array(members.prefix(1))) && KeyOrder.isSorted(Array(members.prefix(2))))
        guard let index else { return }
        members.swapAt(index, index + 1)
        #expect(!KeyOrder.isSorted(members), "swapped at \(index)")
        // A part of the list: the inversion is found when the part holds both keys.
        #expect(!KeyOrder.isSorted(members[index...]) && KeyOrder.isSorted(members[(index + 1)...]))
        #expect(!KeyOrder.isSorted(members[..<(index + 2)]) && KeyOrder.isSorted(members[..<(index + 1)]))
    }
}
