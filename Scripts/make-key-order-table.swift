// Writes Fixtures/key-order/pairs.tsv: a few hundred generated key pairs, each line "lesser<TAB>greater"
// in the order Foundation's comparison gives them, the call Xcode sorts a catalog's keys with
// (`compare(_:options: [.numeric, .caseInsensitive, .forcedOrdering], range:, locale: root)`).
//
//     swift Scripts/make-key-order-table.swift > Fixtures/key-order/pairs.tsv
//
// The keys are made here from small pieces (numbers, case, accents composed and decomposed,
// Hangul, kana, Han, punctuation, symbols, mixed scripts), not taken from anyone's catalog. The
// table was written on Linux, whose Foundation is the tool's reference there; the test that reads
// it (`KeyOrderTableTests`) runs on every system, so that on a Mac it compares Apple's Foundation
// with the order the Linux reference gave. Pairs Foundation calls equal, or orders both ways, are
// left out: there is no order to hold anyone to.
import Foundation

struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

func compare(_ a: String, _ b: String) -> ComparisonResult {
    (a as NSString).compare(
        b, options: [.numeric, .caseInsensitive, .forcedOrdering],
        range: NSRange(location: 0, length: (a as NSString).length), locale: Locale(identifier: ""))
}

let families: [(name: String, pieces: [String])] = [
    ("numbers", ["1", "2", "9", "10", "01", "007", "100", "1000", "3.5", "3,5", "12a", "Item 9", "Item 10", "x1", "x01", "v2.10", "v2.9", "٣", "۳", "३", "１２"]),
    ("case", ["a", "A", "ab", "Ab", "AB", "aB", "save", "Save", "SAVE", "z", "Z", "Water low", "Water Low", "ß", "SS", "ss", "ﬁ", "fi", "İ", "i", "ı"]),
    ("accents", ["e", "é", "e\u{301}", "è", "ê", "ë", "E", "É", "resume", "résumé", "re\u{301}sume\u{301}", "cote", "côte", "coté", "côté", "ñ", "n\u{303}", "å", "a\u{30A}", "ø", "o"]),
    ("hangul", ["가", "각", "갛", "개", "나", "설정", "저장", "파일", "힣", "퓨", "가나", "\u{1100}\u{1161}", "\u{3131}", "\u{AC00}\u{AC01}", "한국어", "삭제"]),
    ("kana", ["か", "が", "カ", "ガ", "ｶ", "きゃ", "キャ", "ー", "あ", "ア", "ん", "ン", "設定", "ひらがな", "カタカナ", "ゝ"]),
    ("han", ["设置", "設定", "保存", "文件", "一", "丁", "中", "中文", "漢", "汉", "\u{3400}", "\u{4E00}", "\u{9FFF}", "\u{F900}", "\u{FA30}", "\u{20000}", "\u{2A700}", "丽"]),
    ("punctuation", [" ", ".", ",", "-", "_", ":", ";", "!", "?", "'", "\"", "(", ")", "[", "]", "/", "\\", "…", "–", "—", "·", "、", "。", "「", "」", "%", "%@", "%lld", "%1$@", "#", "&"]),
    ("symbols", ["×", "÷", "+", "=", "<", ">", "~", "^", "€", "$", "£", "¥", "©", "®", "™", "°", "←", "→", "★", "♪", "✓", "😀", "👍", "👍🏽", "🇩🇪", "∞"]),
    ("mixed", ["Save 保存", "保存 Save", "設定 1", "設定 10", "a가", "가a", "カa", "aカ", "Ωmega", "omega", "Ωμέγα", "Привет", "привет", "مرحبا", "שלום", "ไทย", "Ελληνικά", "ελληνικά", "Straße", "Strasse"]),
]

var generator = SplitMix(state: 20261203)
var seen = Set<String>()
var lines: [String] = []
func add(_ a: String, _ b: String) {
    guard a != b, a.utf16.count <= 64, b.utf16.count <= 64 else { return }
    let forward = compare(a, b), backward = compare(b, a)
    guard forward != .orderedSame, forward != backward else { return }
    let (lesser, greater) = forward == .orderedAscending ? (a, b) : (b, a)
    guard seen.insert(lesser + "\t" + greater).inserted else { return }
    lines.append(lesser + "\t" + greater)
}
let allPieces = families.flatMap(\.pieces)
for family in families {
    // Within the family: neighbours, a piece against a longer key beginning with it, and two-piece keys.
    for _ in 0..<20 {
        let a = family.pieces.randomElement(using: &generator)!
        let b = family.pieces.randomElement(using: &generator)!
        let c = family.pieces.randomElement(using: &generator)!
        add(a, b)
        add(a + b, a + c)
        add(a, a + c)
    }
    // Across families: the same beginning with different continuations.
    for _ in 0..<12 {
        let a = family.pieces.randomElement(using: &generator)!
        add(a + allPieces.randomElement(using: &generator)!, a + allPieces.randomElement(using: &generator)!)
    }
}
print("# lesser\tgreater: Foundation's order, written by Scripts/make-key-order-table.swift")
for line in lines { print(line) }
