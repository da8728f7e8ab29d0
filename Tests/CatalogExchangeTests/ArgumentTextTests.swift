import Testing
@testable import CatalogExchange

/// An argument's text inside a substitution (`%arg` and `%2$lld`) is replaced in the bytes
/// where that is what replacing characters gives, and by characters elsewhere: the result is
/// always `String.replacing`'s.
struct ArgumentTextTests {
    static let needles = ["%arg", "%2$lld", "%1$@", "%3$K", "%1$;d", "a\r", "\nb"]
    static let values = [
        "", "%arg", "%arg%arg", "x %arg y", "%ar", "%%argg", "%2$lld items", "%2$lld%2$lld",
        // A combining mark after the match joins its last letter into another character.
        "%arg\u{301} mark", "%2$lld\u{301}",
        // A prepended mark before it (U+0600) joins the percent sign.
        "\u{600}%arg", "é%arg", "%argé", "日本%2$lld語",
        // Canonically equivalent to ASCII: KELVIN SIGN is K, GREEK QUESTION MARK is ;.
        "%3$\u{212A}", "%1$\u{37E}d", "%3$K",
        // CR LF is one character.
        "a\r\nb", "a\rb", "x\nb",
        "%1$@ and %1$@", "caf\u{E9} %arg caf\u{65}\u{301}",
    ]

    @Test(arguments: needles)
    func replacedAsCharactersAre(_ needle: String) {
        for value in Self.values {
            for replacement in ["%1$lld", "%arg", "é", ""] {
                let expected = value.replacing(needle, with: replacement)
                let got = XLIFFExport.replacing(needle, with: replacement, in: value)
                #expect(Array(got.utf8) == Array(expected.utf8), "\(needle.debugDescription) in \(value.debugDescription) by \(replacement.debugDescription)")
            }
        }
    }
}
