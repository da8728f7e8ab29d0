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
