import Foundation
import Testing
@testable import CatalogLint
import StringCatalog
import XcstringsMergeTestSupport

/// Rules skip a text when its undecoded bytes rule a problem out, so the flags read from the
/// bytes must never say "no" where the decoded text says "yes"; and decoding must give the text.
@Suite struct FormTextTests {
    static let pieces = [
        "a", "Z", "1", "%", "%@", "%lld", " ", "\t", "\n", "\r", "\\", "\"", "/", "\u{A0}", "\u{2009}", "\u{3000}", "\u{202F}",
        "\u{85}", "\u{2028}", "é", "漢", "😀", "\u{1}", "x y", "\u{200B}", "\u{FEFF}", "Ω",
    ]

    static func randomText(_ random: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...5, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
    }

    /// `text` as a JSON string's content, the way Xcode writes it (without the quotes).
    static func jsonContent(_ text: String) -> [UInt8] {
        var writer = XcodeWriter()
        writer.writeString(UTF8Bytes(text))
        return Array(writer.output.dropFirst().dropLast())
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func flagsNeverMissWhatTheTextHolds(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        for _ in 0..<5000 {
            let text = Self.randomText(&random)
            let content = Self.jsonContent(text)
            content.withUnsafeBufferPointer { bytes in
                let escaped = bytes.contains(UInt8(ascii: "\\"))
                let form = FormText(jsonStringAt: bytes.baseAddress ?? UnsafePointer(bitPattern: 1)!, count: bytes.count, escaped: escaped)
                #expect(form.string == text, "\(text.debugDescription)")
                #expect(form.isEmpty == text.isEmpty)
                if text.contains("%") { #expect(form.mayHoldPercent, "\(text.debugDescription)") }
                if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0 == "\\" || $0 == "\"" }) {
                    #expect(form.mayHoldEscapes, "\(text.debugDescription)")
                }
                if WhitespaceMismatchRule.hasEdgeSpace(text) { #expect(form.mayHaveEdgeSpace, "\(text.debugDescription)") }
                for ascii in [0x0D, 0x0A, 0x5C, 0x22, 0x25, 0x01] as [UInt8] {
                    #expect(form.holds(ascii) == text.utf8.contains(ascii), "\(ascii) in \(text.debugDescription)")
                }
            }
        }
    }
}

extension FormTextTests {
    /// The lead bytes `EdgeSpace` looks up are those of every White_Space character above ASCII.
    @Test func everyWhiteSpaceCharacterHasALeadByteThatIsLookedUp() {
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), scalar.properties.isWhitespace else { continue }
            let lead = Array(String(scalar).utf8)[0]
            #expect(EdgeSpace.mayLeadSpace(lead), "U+\(String(value, radix: 16))")
        }
    }
}

extension FormTextTests {
    /// Escapes Xcode does not write but JSON allows decode as the catalog's reader decodes them.
    @Test(arguments: [
        #"caf\u00e9"#, #"\ud83d\ude00 smile"#, #"a\u000Db"#, #"a\u000db\/c"#, #"\b\f\t"#, #"\\n and \""#, #"\u005c\u0025"#,
    ])
    func unusualEscapesDecodeAsTheReaderDecodesThem(content: String) throws {
        let json = Array(("\"" + content + "\"").utf8)
        guard case .string(let expected) = try JSONReader.parse(json) else { throw CancellationError() }
        let bytes = Array(content.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let form = FormText(jsonStringAt: buffer.baseAddress!, count: buffer.count, escaped: true)
            #expect(form.string == expected.string)
            for ascii in [0x0D, 0x0A, 0x5C, 0x22, 0x25, 0x2F, 0x08] as [UInt8] {
                #expect(form.holds(ascii) == expected.string.utf8.contains(ascii), "\(ascii) in \(content)")
            }
        }
    }
}
