import Testing
import StringCatalog
import XcstringsMergeTestSupport
@testable import CatalogExchange

/// The base's notes are not given to libxml2 (`XLIFFReading.catalogNoteTexts`): their text is
/// taken from the document, and libxml2 reads a stand-in of their line breaks. A document must
/// read the same either way: its files, units, places, base, and its errors with their lines and
/// columns.
struct PassedOverNotesTests {
    /// An export's document whose base takes three notes (over `ExportBase.bytesPerNote` twice),
    /// with units after them.
    static let exported: String = {
        var generator = SeededGenerator(seed: 3)
        let baseBytes = (0..<(7 << 20)).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let units = (0..<40).map { XLIFFUnit(id: "key \($0)", source: "Source \($0)", target: "Ziel \($0)", state: "translated", note: "note") }
        let file = XLIFFFile(
            original: "App/Localizable.xcstrings", sourceLanguage: "en", targetLanguage: "de",
            tool: XLIFFTool(id: "xcstrings-merge", name: "xcstrings-merge", version: "1"),
            base: ExportBase(blobID: String(repeating: "ab", count: 20), catalogBytes: baseBytes), units: units)
        return String(decoding: XLIFFDocument(files: [file]).bytes(), as: UTF8.self)
    }()

    enum Read: Equatable {
        case read([XLIFFFile])
        case failed(line: Int, column: Int, message: String)
    }

    /// Read from a buffer, its notes passed over or not, or (`fromArray`) from an array whose
    /// slices keep the notes' text.
    static func read(_ text: String, passingOverNotes: Bool, fromArray: Bool = false) -> Read {
        do throws(XMLReadError) {
            if fromArray { return .read(try XLIFFDocument(bytes: Array("  \(text)".utf8), from: 2).files) }
            return .read(try Array(text.utf8).withUnsafeBufferPointer { bytes throws(XMLReadError) in
                try XLIFFDocument(buffer: bytes, passingOverNotes: passingOverNotes).files
            })
        } catch {
            return .failed(line: error.line, column: error.column, message: error.message)
        }
    }

    static func noteTexts(_ text: String) -> Int {
        Array(text.utf8).withUnsafeBufferPointer { XLIFFReading.catalogNoteTexts(in: $0).count }
    }

    /// The first catalog note's `</note>`, where a variation puts something after it.
    static func afterFirstNote(_ text: String, _ insert: String) -> String {
        let end = text.range(of: "</note>", range: text.range(of: "xcstrings-merge-base")!.upperBound..<text.endIndex)!.upperBound
        return String(text[..<end]) + insert + String(text[end...])
    }

    /// The first catalog note with `insert` at the end of its text.
    static func beforeFirstNoteEnd(_ text: String, _ insert: String) -> String {
        let end = text.range(of: "</note>", range: text.range(of: "xcstrings-merge-base")!.upperBound..<text.endIndex)!.lowerBound
        return String(text[..<end]) + insert + String(text[end...])
    }

    static let variations: [(name: String, text: String, notesPassedOver: Int)] = [
        ("as exported", exported, 3),
        ("carriage returns and line feeds", exported.replacingOccurrences(of: "\n", with: "\r\n"), 3),
        ("a note's text inside a comment before the file", exported.replacingOccurrences(
            of: "  <file ", with: "  <!-- <note from=\"xcstrings-merge-base\">QUJD\nRUZH</note> -->\n  <file "), 4),
        ("a reference in the first note (read by libxml2)", exported.replacingOccurrences(
            of: "<note from=\"xcstrings-merge-base\">", with: "<note from=\"xcstrings-merge-base\">&#10;", options: [],
            range: exported.range(of: "<note from=\"xcstrings-merge-base\">")), 2),
        ("an undefined entity right after the first note", afterFirstNote(exported, "&nothing;"), 3),
        ("a second root after the units", exported + "<xliff/>\n", 3),
        ("a misspelt end tag after the notes", afterFirstNote(exported, "\n<tool></tol>"), 3),
        // The search for notes stops at the first unit: the others are libxml2's.
        ("a byte base64 has not in the first note", beforeFirstNoteEnd(exported, "!"), 2),
        ("a unit on the first note's last line", afterFirstNote(exported, "<!-- x --><trans-unit id=\"z\"><source>a</source></trans-unit>"), 1),
    ]

    @Test(arguments: variations.indices)
    func aDocumentReadsTheSameWithItsNotesPassedOver(_ index: Int) throws {
        let (name, text, notesPassedOver) = Self.variations[index]
        #expect(Self.noteTexts(text) == notesPassedOver, "\(name)")
        let passedOver = Self.read(text, passingOverNotes: true)
        let read = Self.read(text, passingOverNotes: false)
        #expect(passedOver == read, "\(name)")
        #expect(Self.read(text, passingOverNotes: true, fromArray: true) == read, "\(name)")
        // The two reads are compared on what they found, not merely on finding nothing.
        switch read {
        case .read(let files):
            let file = try #require(files.first)
            #expect(file.units.count == 40 && file.units[39].line > 1000, "\(name)")
            // The second note's last group is cut by the byte put in it: no base.
            #expect(file.base?.catalogBytes.count == (name.hasPrefix("a byte base64") ? nil : 7 << 20), "\(name)")
        case .failed(let line, _, _):
            #expect(line > 1, "\(name)")
        }
    }
}

extension XLIFFFile: Equatable {
    public static func == (lhs: XLIFFFile, rhs: XLIFFFile) -> Bool {
        lhs.original == rhs.original && lhs.sourceLanguage == rhs.sourceLanguage && lhs.targetLanguage == rhs.targetLanguage
            && lhs.tool == rhs.tool && lhs.base == rhs.base && lhs.units == rhs.units && lhs.line == rhs.line
    }
}
