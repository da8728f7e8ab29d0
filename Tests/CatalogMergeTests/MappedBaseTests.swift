import Foundation
import Testing
import CatalogMerge
import MergePipeline
import StringCatalog
import XcstringsMergePlatform
import XcstringsMergeTestSupport

/// A big base file is mapped into the array that holds it rather than read (on Linux, once the
/// process allows it, as the executable does): the merge must be the one its bytes give, and a
/// base that does not read as it is must be read again, so that what is said of it (a repair,
/// a problem's line and column, the line merge's input) is the file's own.
@Suite struct MappedBaseTests {
    /// A catalog above the 4 MB from which a base is mapped, and two sides each editing a few
    /// entries of it.
    static let sides: (base: [UInt8], ours: [UInt8], theirs: [UInt8]) = {
        var generator = CatalogGenerator(seed: 41)
        var base = generator.catalog(keys: 1_500)
        // Above 4 MB at little cost: one entry's comment of 4 MB.
        base.strings[key: "long comment"] = .object(JSONObject([
            JSONMember("comment", .string(UTF8Bytes([UInt8](repeating: UInt8(ascii: "a"), count: 4 << 20)))),
        ]))
        func edited(_ every: Int, _ offset: Int) -> [UInt8] {
            var catalog = base
            var strings = catalog.strings
            for (index, member) in strings.members.enumerated() where index % every == offset {
                guard var entry = member.value.object else { continue }
                generator.editLocale(&entry, locale: "fr")
                strings[key: member.key] = .object(entry)
            }
            catalog.strings = strings
            return catalog.canonicalBytes()
        }
        return (base.canonicalBytes(), edited(17, 3), edited(19, 5))
    }()

    static func merged(_ inputs: MergeInputs) throws -> (catalog: [UInt8], report: [UInt8]) {
        guard case .merged(let merged) = FileMerge().run(inputs) else {
            throw MappedBaseError(message: "the inputs did not read as catalogs")
        }
        return (merged.catalog.canonicalBytes(), merged.report.json(path: nil, labels: MergeLabels()))
    }

    struct MappedBaseError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    @Test(arguments: [(4 << 20) + 1, (4 << 20) + 4097, (9 << 20) + 12_345])
    func aMappedFileIsItsBytesAfterFewerSpacesThanAPage(size: Int) throws {
        MemoryMaps.allowMappingsInPlace()
        var random = SeededGenerator(seed: UInt64(size))
        let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &random) }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write("file.bin", bytes).path
        #expect(FileBytes.mappedForTheProcess(path, minimumSize: size + 1, alongside: {}) == nil)
        let mapped = FileBytes.mappedForTheProcess(path, minimumSize: 4 << 20, alongside: {})
        #if os(Linux)
        let (read, spaces) = try #require(mapped)
        #expect(spaces >= 0 && spaces < MemoryMaps.pageSize)
        #expect(read.count == spaces + size)
        #expect(read.prefix(spaces).allSatisfy { $0 == 0x20 })
        // Compared apart, so that a failure does not print megabytes.
        let same = read.dropFirst(spaces).elementsEqual(bytes)
        #expect(same)
        // The array is the caller's: a copy written to is the copy's alone, and the file stays.
        var written = read
        written[spaces] ^= 0xFF
        #expect(written[spaces] != read[spaces])
        #expect(try FileBytes.read(path) == bytes)
        #else
        // Not mapped on macOS (see `MemoryMaps.mapFileInPlace`): read as any file is.
        #expect(mapped == nil)
        #endif
    }

    @Test func aBigBaseMappedMergesAsItsBytesDo() throws {
        MemoryMaps.allowMappingsInPlace()
        let (base, ours, theirs) = Self.sides
        try #require(base.count >= 4 << 20, "the base is \(base.count) bytes, under what is mapped")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let files = MergeInputs.files(
            base: try directory.write("base.xcstrings", base).path, ours: try directory.write("ours.xcstrings", ours).path,
            theirs: try directory.write("theirs.xcstrings", theirs).path)
        let fromFiles = try Self.merged(files)
        let fromBytes = try Self.merged(.bytes(base: base, ours: ours, theirs: theirs))
        let same = fromFiles.catalog == fromBytes.catalog
        #expect(same)
        #expect(fromFiles.report == fromBytes.report)
        #expect(fromFiles.catalog != base && fromFiles.catalog != ours)
    }

    /// A base that is repaired (a trailing comma), or is not JSON at its first line: the same
    /// repairs, problems and line-merge input as from its bytes, spaces or none.
    @Test(arguments: ["a trailing comma", "a problem on the first line"])
    func aBigBaseThatDoesNotReadAsItIsIsReadAgain(damage: String) throws {
        MemoryMaps.allowMappingsInPlace()
        let (base, ours, theirs) = Self.sides
        var damaged = base
        if damage == "a trailing comma" {
            // `"version" : "1.0"\n}` becomes `"version" : "1.0",\n}`.
            let end = try #require(damaged.lastIndex(of: UInt8(ascii: "\"")))
            damaged.insert(UInt8(ascii: ","), at: end + 1)
        } else {
            damaged.insert(contentsOf: Array("x".utf8), at: 1)
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let files = MergeInputs.files(
            base: try directory.write("base.xcstrings", damaged).path, ours: try directory.write("ours.xcstrings", ours).path,
            theirs: try directory.write("theirs.xcstrings", theirs).path, displayName: "Localizable.xcstrings")
        let bytes = MergeInputs.bytes(base: damaged, ours: ours, theirs: theirs, displayName: "Localizable.xcstrings")
        switch (FileMerge().run(files), FileMerge().run(bytes)) {
        case (.merged(let fromFiles), .merged(let fromBytes)):
            #expect(damage == "a trailing comma")
            #expect(!fromFiles.report.repairs.isEmpty)
            #expect(fromFiles.report.json(path: nil, labels: MergeLabels()) == fromBytes.report.json(path: nil, labels: MergeLabels()))
        case (.notCatalogs(let fromFiles), .notCatalogs(let fromBytes)):
            #expect(damage == "a problem on the first line")
            #expect(fromFiles.reason == fromBytes.reason)
            #expect(fromFiles.reason.contains(":1:2:"), "\(fromFiles.reason)")
            let same = fromFiles.inputs == fromBytes.inputs
            #expect(same)
        default:
            Issue.record("the file and its bytes did not merge alike")
        }
    }
    /// A big catalog edited in place (import, format, rename-key …) is mapped too where that is
    /// allowed: the catalog its bytes give, the version read is the one a replacement expects,
    /// and one that does not read as it is is left to `read`, whose error is the file's own.
    @Test func aBigCatalogEditedInPlaceIsMappedAndItsVersionKept() throws {
        MemoryMaps.allowMappingsInPlace()
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write("Big.xcstrings", Self.sides.base).path
        let edit = try InPlaceEdit(path: path)
        let mapped = edit.readMapped()
        #if os(Linux)
        let catalog = try #require(mapped)
        #expect(catalog.canonicalBytes() == (try Catalog(bytes: Self.sides.base)).canonicalBytes())
        // Another program writes the file meanwhile: not replaced. It replaces the file (never
        // truncates it in place: the mapped pages must stay the old file's in this process,
        // which goes on running other tests).
        try Data(Self.sides.ours).write(to: URL(fileURLWithPath: path), options: .atomic)
        #expect(throws: FileError.self) { try edit.replace(with: catalog) }
        #else
        #expect(mapped == nil)
        #endif
        // A damaged first line: not mapped, and read its error is at its own column.
        var damaged = Self.sides.base
        damaged.insert(UInt8(ascii: "x"), at: 1)
        let damagedPath = try directory.write("Damaged.xcstrings", damaged).path
        let damagedEdit = try InPlaceEdit(path: damagedPath)
        #expect(damagedEdit.readMapped() == nil)
        let error = try #require(throws: JSONError.self) { try Catalog(bytes: try damagedEdit.read()) }
        #expect(error.line == 1 && error.column == 2)
        // A small catalog is read, not mapped.
        let small = try directory.write("Small.xcstrings", Array(#"{"sourceLanguage":"en","strings":{},"version":"1.0"}"#.utf8)).path
        #expect(try InPlaceEdit(path: small).readMapped() == nil)
    }
}
