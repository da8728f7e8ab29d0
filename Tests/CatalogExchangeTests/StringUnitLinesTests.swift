import Testing
@testable import CatalogExchange
import StringCatalog

/// A string unit read as its two lines (`stateAndValueLines`) gives what reading it member by
/// member gives, and only for the layout it knows; any other is left to that reading.
@Suite struct StringUnitLinesTests {
    /// Units as Xcode writes them at indent 5 (a plain localization's), and look-alikes.
    static let units: [(text: String, lines: Bool)] = [
        ("{\n            \"state\" : \"translated\",\n            \"value\" : \"Hallo\"\n          }", true),
        ("{\n            \"state\" : \"needs_review\",\n            \"value\" : \"\"\n          }", true),
        // Escapes, a quote and a backslash last.
        ("{\n            \"state\" : \"new\",\n            \"value\" : \"Zeile\\nZitat \\\"x\\\" \\\\\"\n          }", true),
        ("{\n            \"state\" : \"translated\",\n            \"value\" : \"a\\\",\\nb\"\n          }", true),
        // A value alone, members the other way round, a third member, another indent.
        ("{\n            \"value\" : \"Hallo\"\n          }", false),
        ("{\n            \"value\" : \"Hallo\",\n            \"state\" : \"translated\"\n          }", false),
        ("{\n            \"state\" : \"translated\",\n            \"value\" : \"Hallo\",\n            \"x\" : \"y\"\n          }", false),
        ("{\n          \"state\" : \"translated\",\n          \"value\" : \"Hallo\"\n        }", false),
        // A value not a string.
        ("{\n            \"state\" : \"translated\",\n            \"value\" : 5\n          }", false),
    ]

    @Test(arguments: units.indices)
    func linesAgreeWithMembers(index: Int) throws {
        let (text, expectsLines) = Self.units[index]
        let bytes = Array(text.utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            let lines = XLIFFImport.stateAndValueLines(buffer, 0..<buffer.count, indent: 5)
            #expect((lines != nil) == expectsLines, "\(text)")
            guard let lines else { return }
            let members = try #require(CanonicalMembers(in: buffer, range: 0..<buffer.count, indent: 5))
            #expect(members.spans.count == 2)
            for (span, read) in zip(members.spans, [lines.state, lines.value]) {
                #expect(span.value == (read.lowerBound - 1)..<(read.upperBound + 1), "\(text)")
            }
        }
    }
}
