import Testing
@testable import CatalogLint
import XcstringsMergeTestSupport

/// Messages quote texts with their line breaks escaped, byte by byte; that must give what
/// replacing the line-break characters gives (a CR LF pair is one character, left as it is).
@Suite struct QuotedTextTests {
    /// The reference: characters compared one by one.
    static func reference(_ text: String) -> String {
        var flat = ""
        for character in text {
            if character == "\n" { flat += "\\n" } else if character == "\r" { flat += "\\r" } else { flat.append(character) }
        }
        if flat.count > 60 { flat = String(flat.prefix(59)) + "…" }
        return "\"\(flat)\""
    }

    @Test(arguments: Array(UInt64(1)...5))
    func agreesWithReplacingCharacters(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let pieces = ["a", "\n", "\r", "\r\n", "\n\r", "é", "e\u{301}", "\u{301}", "漢", "😀", " ", "%@", "\\"]
        for _ in 0..<3000 {
            let text = (0..<Int.random(in: 0...40, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            #expect(quoted(text) == Self.reference(text), "\(text.debugDescription)")
        }
    }
}
