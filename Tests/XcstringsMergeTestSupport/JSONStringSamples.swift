/// JSON string contents for the tests of string scanners.
public enum JSONStringSamples {
    /// A JSON string's content: plain ASCII (runs longer than a word), escapes the writer uses and
    /// ones it does not, UTF-8 of every length, quotes and backslashes at every offset.
    public static func content(_ generator: inout SeededGenerator, controls: Bool = true) -> String {
        var pieces = ["a", "plain text run ", "\\\"", "\\\\", "\\n", "\\t", "\\u00e9", "\\/", "é", "日本語", "🙂", " ", "%lld"]
        if controls { pieces.append("\\u001f") }
        var text = ""
        for _ in 0..<Int.random(in: 0...24, using: &generator) { text += pieces.randomElement(using: &generator)! }
        return text
    }
}
