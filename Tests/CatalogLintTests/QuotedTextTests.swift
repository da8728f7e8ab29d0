import Testing
@testable import CatalogLint
import XcstringsMergeTestSupport

/// Messages quote texts with their line breaks escaped, byte by byte; that must give what
/// replacing the line-break scalars gives. A CR LF pair is escaped too: printed as it is, it let a
/// value print a line of its own in lint's findings. The text is cut before it is escaped.
@Suite struct QuotedTextTests {
    /// The reference: scalars compared one by one.
    static func reference(_ text: String) -> String {
        let cut = text.count > 60
        var flat = ""
        for scalar in (cut ? String(text.prefix(59)) : text).unicodeScalars {
            if scalar == "\n" { flat += "\\n" } else if scalar == "\r" { flat += "\\r" } else { flat.unicodeScalars.append(scalar) }
        }
        return "\"\(flat)\(cut ? "…" : "")\""
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
