/// Strings that exercise Xcode's key order: ASCII punctuation, digit runs, case pairs, accents,
/// CJK and emoji.
public enum RandomStrings {
    static let pieces: [String] = [
        "a", "A", "b", "B", "z", "Z", "Item", "item", "ITEM", " ", "_", "-", ",", ";", ":", "!", "?", ".", "'",
        "\"", "(", ")", "[", "]", "{", "}", "@", "*", "/", "\\", "&", "#", "%", "`", "^", "+", "<", "=", ">",
        "|", "~", "$", "0", "1", "9", "10", "09", "007", "42", "100", "é", "É", "e\u{301}", "ü", "ß", "ø",
        "漢", "字", "中", "日本", "한", "😀", "👍🏽", "\u{A0}", "×", "%lld", "%@", "x", "Water", "low", "Low",
    ]

    public static func key<G: RandomNumberGenerator>(using generator: inout G) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 1...5, using: &generator) {
            text += pieces.randomElement(using: &generator)!
        }
        return text
    }

    /// A string of printable ASCII only, to stress the comparator's fast path.
    public static func asciiKey<G: RandomNumberGenerator>(using generator: inout G) -> String {
        let alphabet = Array(" _-.,:;!?'\"()[]{}@*/\\&#%`^+<=>|~$0123456789aAbBzZ")
        var text = ""
        for _ in 0..<Int.random(in: 0...7, using: &generator) {
            text.append(alphabet.randomElement(using: &generator)!)
        }
        return text
    }
}

extension RandomStrings {
    /// Pieces that reach every branch of CoreFoundation's comparison: case pairs that fold to
    /// more than one character, composed and decomposed accents, marks after punctuation,
    /// width and circled forms, digits of other scripts, surrogate pairs, controls and format
    /// characters, CJK and Hangul, punctuation runs.
    static let collationPieces: [String] = pieces + [
        "SS", "ss", "ẞ", "ﬀ", "ﬁ", "İ", "ı", "I", "i", "i\u{307}", "Σ", "σ", "ς", "ſ", "K", "k", "\u{212A}",
        "ǅ", "ǆ", "Ǆ", "ᏸ", "Ᏸ", "\u{301}", "\u{308}", "\u{327}", "a\u{301}", "á", "Å", "\u{212B}", "A\u{30A}",
        "１", "２", "１０", "Ａ", "ａ", "ｶ", "カ", "か", "ガ", "が", "①", "②", "⑩", "٣", "٤", "१", "๒", "²",
        "\u{200B}", "\u{200D}", "\u{FEFF}", "\u{7}", "\u{1F}", "\u{AD}", "—", "–", "…", "“", "”", "‘", "’", "«", "»",
        "·", "・", "、", "。", "〜", "가", "각", "나", "힣", "\u{1100}\u{1161}", "ㄱ", "丁", "七", "鍵", "𠀀", "𝐀", "𝐚",
        "😀", "👨‍👩‍👧", "🇫🇷", "Ω", "ω", "Д", "д", "ё", "Ё", "ا", "ب", "ي", "א", "ñ", "Ñ", "n\u{303}", "œ", "Œ", "æ",
        "99999999999999999999", "18446744073709551616", "0000", "12345678901234567890123",
    ]

    /// `collationPieces`, for tests that make their own keys of them.
    public static var collationPiecesForTests: [String] { collationPieces }

    /// A random string of `collationPieces`, up to `maxPieces` of them; long ones pass CF's
    /// 64-character inline buffer.
    public static func collationKey<G: RandomNumberGenerator>(maxPieces: Int = 6, using generator: inout G) -> String {
        var text = ""
        for _ in 0..<Int.random(in: 1...maxPieces, using: &generator) {
            text += collationPieces.randomElement(using: &generator)!
        }
        return text
    }
}
