import Foundation
import Testing
@testable import CatalogExchange
import StringCatalog
import XcstringsMergeTestSupport

/// The export made in blocks of entries on all cores (`CatalogExport`) against the units made one
/// entry at a time, and the base it cuts against what a cut must hold.
struct CatalogExportTests {
    /// Catalogs of 1,100 keys (two blocks and a part): as read from canonical bytes (entries
    /// kept raw), as built (entries as values), and with the keys out of order.
    static func catalogs(seed: UInt64) throws -> [(String, Catalog)] {
        var generator = CatalogGenerator(seed: seed)
        let built = generator.catalog(keys: 1_100)
        let read = try Catalog(bytes: built.canonicalBytes())
        var shuffled = read
        var strings = shuffled.strings
        var random = SeededGenerator(seed: seed &+ 1)
        strings.members.shuffle(using: &random)
        shuffled.strings = strings
        return [("read", read), ("built", built), ("out of order", shuffled)]
    }

    @Test(arguments: [1, 2] as [UInt64])
    func theBlocksWriteWhatOneEntryAtATimeWrites(seed: UInt64) throws {
        for (name, catalog) in try Self.catalogs(seed: seed) {
            for locale in ["de", "ar"] {
                let exported = CatalogExport(catalog, locale: locale)
                let serial = XLIFFExport.units(of: catalog, locale: locale)
                #expect(exported.unitCount == serial.units.count, "\(name) \(locale)")
                #expect(exported.translatedCount == serial.units.filter { $0.target != nil }.count, "\(name) \(locale)")
                #expect(exported.skipped == serial.skipped, "\(name) \(locale)")
                let base = ExportBase(blobID: String(repeating: "0", count: 40), catalogBytes: exported.cutBytes)
                var file = XLIFFFile(original: "a.xcstrings", sourceLanguage: "en", targetLanguage: locale, base: base, units: serial.units)
                let whole = XLIFFDocument(files: [file]).bytes()
                file.units = []
                let pieces = XLIFFDocument(files: [file]).pieces(bodies: [exported.body])
                #expect(Array(pieces.joined()) == whole, "\(name) \(locale)")
            }
        }
    }

    @Test(arguments: [1, 2] as [UInt64])
    func theCutKeepsTheTwoLanguagesAndIsCanonical(seed: UInt64) throws {
        for (name, catalog) in try Self.catalogs(seed: seed) {
            let source = catalog.sourceLanguage ?? "en"
            let cutBytes = CatalogExport(catalog, locale: "de").cutBytes
            let cut = try Catalog(bytes: cutBytes)
            #expect(cut.canonicalBytes() == cutBytes, "\(name): the cut is as Xcode writes it")
            #expect(cut.strings.count == catalog.strings.count, "\(name)")
            for member in catalog.strings.members {
                let entry = try #require(member.value.materialized.object)
                let cutEntry = try #require(cut.strings[key: member.key]?.materialized.object, "\(name): \(member.key.string)")
                let kept = (entry[CatalogSchema.Name.localizations]?.materialized.object?.members ?? []).filter { $0.key == source || $0.key == "de" }
                let cutLocalizations = cutEntry[CatalogSchema.Name.localizations]?.materialized.object?.members ?? []
                let cutKeys: [String] = cutLocalizations.map(\.key.string).sorted()
                let keptKeys: [String] = kept.map(\.key.string).sorted()
                #expect(cutKeys == keptKeys, "\(name): \(member.key.string)")
                for localization in kept {
                    let written = cutLocalizations.first { $0.key == localization.key }?.value
                    #expect(written.map { XcodeWriter.bytes(of: $0) } == XcodeWriter.bytes(of: localization.value), "\(name): \(member.key.string)")
                }
                for other in entry.members where !other.key.equals(CatalogSchema.Name.localizations) {
                    #expect(cutEntry[key: other.key].map { XcodeWriter.bytes(of: $0) } == XcodeWriter.bytes(of: other.value), "\(name): \(member.key.string)")
                }
            }
        }
    }

    @Test(arguments: [0, 1, 2, 3, 56, 57, 58, 114, 1_000])
    func base64IsFoundationsInLinesOf76(count: Int) {
        var random = SeededGenerator(seed: UInt64(count) &+ 9)
        let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
        var written: [UInt8] = []
        bytes.withUnsafeBufferPointer { Base64.append($0, lineLength: 76, to: &written) }
        let text = String(decoding: written, as: UTF8.self)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.dropLast().allSatisfy { $0.count == 76 })
        let lastLength = lines.last.map(\.count) ?? 0
        #expect(lastLength <= 76)
        #expect(count == 0 || lastLength > 0)
        #expect(lines.joined() == Data(bytes).base64EncodedString())
        #expect(Base64.decoded(text) == bytes)
    }

    /// Decoding takes an export's whole lines (76 characters) at a time and other groups of
    /// four where it can: every length, in one line and in lines of 76, 16 and 6, decodes as
    /// Foundation encodes, and a byte not of the alphabet anywhere in it is refused (tests run
    /// with bounds checked, so a read past the text's end fails them).
    @Test func base64DecodesEveryLengthAcrossItsTurns() {
        var random = SeededGenerator(seed: 77)
        for count in 0..<180 {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            let encoded = Data(bytes).base64EncodedString()
            for lineLength in [Int.max, 76, 16, 6] {
                var text = ""
                for (index, character) in encoded.enumerated() {
                    if index > 0 && index % lineLength == 0 { text += "\n" }
                    text.append(character)
                }
                #expect(Base64.decoded(text) == bytes, "\(count) bytes, lines of \(lineLength)")
                #expect(Base64.decoded(text + "!") == nil, "\(count) bytes, lines of \(lineLength)")
                if !text.isEmpty {
                    let place = Int.random(in: 0..<text.count, using: &random)
                    var corrupted = Array(text.utf8)
                    corrupted[place] = corrupted[place] == 0x0A ? UInt8(ascii: "*") : UInt8(ascii: "!")
                    #expect(Base64.decoded(String(decoding: corrupted, as: UTF8.self)) == nil, "\(count) bytes, lines of \(lineLength), at \(place)")
                }
            }
        }
    }

    /// Every length up to 200 bytes, in lines of 4, 16 and 76 characters, encodes as
    /// Foundation does with a line feed between lines (whole groups are written a line at a
    /// time, the last one or two bytes after).
    @Test func base64EncodesEveryLengthInLines() {
        var random = SeededGenerator(seed: 78)
        for count in 0..<200 {
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            let expected = Data(bytes).base64EncodedString()
            for lineLength in [4, 16, 76] {
                var written: [UInt8] = []
                bytes.withUnsafeBufferPointer { Base64.append($0, lineLength: lineLength, to: &written) }
                var lines: [String] = []
                var rest = Substring(expected)
                while !rest.isEmpty {
                    lines.append(String(rest.prefix(lineLength)))
                    rest = rest.dropFirst(lineLength)
                }
                #expect(String(decoding: written, as: UTF8.self) == lines.joined(separator: "\n"), "\(count) bytes, lines of \(lineLength)")
            }
        }
    }

    @Test func base64ReadsWhitespaceAndRefusesTheMalformed() {
        #expect(Base64.decoded("aGVs\nbG8=") == Array("hello".utf8))
        #expect(Base64.decoded(" aGVsbG8h\r\n") == Array("hello!".utf8))
        #expect(Base64.decoded("aGVsbA==") == Array("hell".utf8))
        #expect(Base64.decoded("") == [])
        for malformed in ["a", "ab=c", "aGVsbA==aGVs", "aGVsbA===", "aGVs@G8=", "aGVsbA=", "aGVsbA==\naGVsbG8h"] {
            #expect(Base64.decoded(malformed) == nil, "\(malformed)")
        }
    }

    /// A base over one note's 3 MiB is split across notes, and read back whole.
    @Test func aBigBaseSpansNotesAndReadsBack() throws {
        let bytes = (0..<(ExportBase.bytesPerNote * 2 + 1_234)).map { UInt8(0x20 + $0 &* 7_919 % 95) }
        let base = ExportBase(blobID: String(repeating: "a", count: 40), catalogBytes: bytes)
        #expect(base.catalogNotes().count == 3)
        let file = XLIFFFile(original: "a.xcstrings", sourceLanguage: "en", targetLanguage: "de", base: base, units: [])
        let read = try XLIFFDocument(bytes: XLIFFDocument(files: [file]).bytes())
        #expect(read.files.first?.base == base)
    }

    /// The notes' base64 is kept as the reading meets it, in whatever pieces the XML parser
    /// hands over (a character reference splits the text), and decoded when first asked for; a
    /// note that is not base64 leaves the file without a base (imported two-way), even where
    /// the others are.
    @Test func aBaseIsReadNoteByNoteAndADamagedNoteDropsIt() throws {
        let bytes = (0..<(ExportBase.bytesPerNote + 5_000)).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) }
        let base = ExportBase(blobID: String(repeating: "b", count: 40), catalogBytes: bytes)
        let file = XLIFFFile(original: "a.xcstrings", sourceLanguage: "en", targetLanguage: "de", base: base, units: [])
        let text = String(decoding: XLIFFDocument(files: [file]).bytes(), as: UTF8.self)
        let notes = text.components(separatedBy: "<note from=\"xcstrings-merge-base\">")
        #expect(notes.count == 3)
        // Every "A" of the second note written as a character reference.
        let referenced = notes[0] + "<note from=\"xcstrings-merge-base\">" + notes[1] + "<note from=\"xcstrings-merge-base\">"
            + notes[2].replacingOccurrences(of: "A", with: "&#65;")
        #expect(referenced.contains("&#65;"))
        #expect(try XLIFFDocument(bytes: Array(referenced.utf8)).files.first?.base == base)
        let damaged = notes[0] + "<note from=\"xcstrings-merge-base\">" + notes[1] + "<note from=\"xcstrings-merge-base\">*" + notes[2]
        let damagedFile = try #require(try XLIFFDocument(bytes: Array(damaged.utf8)).files.first)
        #expect(damagedFile.recordedBase != nil && damagedFile.base == nil)
    }

    /// The recorded base is decoded once, by whichever thread asks first; every copy of the
    /// file shares it.
    @Test func aRecordedBaseIsDecodedOnceForEveryThread() throws {
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 40_503) }
        let base = ExportBase(blobID: String(repeating: "c", count: 40), catalogBytes: bytes)
        let file = try #require(try XLIFFDocument(bytes: XLIFFDocument(files: [XLIFFFile(original: "a.xcstrings", sourceLanguage: "en", targetLanguage: "de", base: base, units: [])]).bytes()).files.first)
        let recorded = try #require(file.recordedBase)
        let seen = ParallelBlocks.map(8, blockSize: 1) { range in range.map { _ in recorded.base } }
        #expect(seen.allSatisfy { $0 == base })
        let copy = file
        #expect(copy.recordedBase === recorded && copy.base == base)
    }
}
