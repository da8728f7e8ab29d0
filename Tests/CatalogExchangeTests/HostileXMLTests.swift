import Foundation
import Testing
import CatalogExchange

/// XML from outside the team: what attacks an XML reader is refused at once, with where and why.
struct HostileXMLTests {
    static func refusal(_ text: String) -> XMLReadError? {
        refusal(Array(text.utf8))
    }

    static func refusal(_ bytes: [UInt8]) -> XMLReadError? {
        do {
            _ = try XLIFFDocument(bytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    /// Each unit's place is its start tag's line and column, however far down a big file it is
    /// (libxml2's nodes keep a line in 16 bits: a unit past line 65,535 was placed there).
    @Test func unitsArePlacedPastLine65535() throws {
        var text = "<?xml version=\"1.0\"?>\n<xliff version=\"1.2\">\n<file original=\"a.xcstrings\" source-language=\"en\"><body>\n"
        for index in 0..<70_000 { text += "<trans-unit id=\"k\(index)\"><source>s</source></trans-unit>\n" }
        text += "  <!-- < -->  <trans-unit id=\"last\" xml:space=\"preserve\"\n  translate=\"no\"><source>&amp;&lt;</source></trans-unit>\n</body></file></xliff>\n"
        let document = try XLIFFDocument(bytes: Array(text.utf8))
        let units = try #require(document.files.first?.units)
        #expect(units.count == 70_001)
        #expect(units[0].line == 4 && units[0].column == 1)
        #expect(units[69_999].line == 70_003 && units[69_999].column == 1)
        let last = try #require(units.last)
        #expect(last.line == 70_004 && last.column == 15 && last.id == "last" && !last.translate && last.source == "&<")
    }

    @Test func billionLaughsIsRefusedAtItsDoctype() throws {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE lolz [\n <!ENTITY lol \"lol\">\n"
        text += " <!ENTITY lol1 \"" + String(repeating: "&lol;", count: 10) + "\">\n"
        for level in 2...9 { text += " <!ENTITY lol\(level) \"" + String(repeating: "&lol\(level - 1);", count: 10) + "\">\n" }
        text += "]>\n<xliff version=\"1.2\"><file original=\"a.xcstrings\" source-language=\"en\"><body><trans-unit id=\"x\"><source>&lol9;</source></trans-unit></body></file></xliff>\n"
        let error = try #require(Self.refusal(text))
        #expect(error.message.contains("DOCTYPE"))
        #expect(error.line >= 2)
    }

    @Test func anExternalEntityIsNeverRead() throws {
        let text = """
            <?xml version="1.0"?>
            <!DOCTYPE xliff [ <!ENTITY secret SYSTEM "file:///etc/passwd"> ]>
            <xliff version="1.2"><file original="a.xcstrings" source-language="en"><body>
            <trans-unit id="x"><source>&secret;</source></trans-unit></body></file></xliff>
            """
        let error = try #require(Self.refusal(text))
        #expect(error.message.contains("DOCTYPE"))
        // Without a DOCTYPE the entity is undeclared: an error, not a read of the file.
        let undeclared = try #require(Self.refusal("<xliff version=\"1.2\"><file original=\"a\" source-language=\"en\"><body><trans-unit id=\"x\"><source>&secret;</source></trans-unit></body></file></xliff>"))
        #expect(undeclared.line == 1 && !undeclared.message.contains("root:"))
    }

    @Test func aMillionNestedElementsEndAtTheDepthLimit() throws {
        let depth = 1_000_000
        var bytes: [UInt8] = []
        bytes.reserveCapacity(depth * 7 + 16)
        for _ in 0..<depth { bytes += Array("<a>".utf8) }
        for _ in 0..<depth { bytes += Array("</a>".utf8) }
        let error = try #require(Self.refusal(bytes))
        #expect(error.message.contains("deeper than \(XMLReader.maximumDepth)") || error.message.contains("depth"))
    }

    @Test func aHundredMegabytesIsRefusedBeforeParsing() throws {
        let bytes = [UInt8](repeating: UInt8(ascii: " "), count: 100 << 20)
        let error = try #require(Self.refusal(bytes))
        #expect(error.message.contains("larger than the 64 MiB accepted") && error.line == 0)
    }

    @Test(arguments: [
        ("<xliff version=\"1.2\">\n  <file original=\"a\" source-language=\"en\">\n    <body>\n  </file>\n</xliff>\n", 4),
        ("<xliff version=\"1.2\"><file original=\"a\" source-language=\"en\"><body><trans-unit id=\"x\"><source>a & b</source></trans-unit></body></file></xliff>", 1),
        ("<xliff version=\"1.2\">\n<file original=\"a\" source-language=\"en\" source-language=\"fr\"/></xliff>", 2),
    ])
    func malformedXMLSaysLineAndColumn(_ text: String, _ line: Int) throws {
        let error = try #require(Self.refusal(text))
        #expect(error.line == line && error.column > 0, "\(error)")
        #expect(!error.message.isEmpty && !error.message.contains("\n"))
    }

    @Test func notXLIFFIsSaidSo() throws {
        #expect(try #require(Self.refusal("<html><body/></html>")).message.contains("not an XLIFF document"))
        #expect(try #require(Self.refusal("<xliff version=\"2.0\"/>")).message.contains("only XLIFF 1.2"))
        #expect(try #require(Self.refusal("")).line == 1)
        #expect(try #require(Self.refusal("<xliff version=\"1.2\"><file source-language=\"en\"/></xliff>")).message == "<file> has no original")
    }

    /// Inline markup a translation tool inserts (<g>, <x/>) is flattened to its text, as
    /// Xcode's import does; CDATA is text.
    @Test func inlineMarkupIsFlattened() throws {
        let text = "<xliff version=\"1.2\"><file original=\"a.xcstrings\" source-language=\"en\" target-language=\"de\"><body><trans-unit id=\"x\"><source>a</source><target>b<g id=\"1\">c</g><x id=\"2\"/>d<![CDATA[<e>]]></target></trans-unit></body></file></xliff>"
        let unit = try #require(try XLIFFDocument(bytes: Array(text.utf8)).files.first?.units.first)
        #expect(unit.target == "bcd<e>")
    }
}
