import Foundation
import Testing
@testable import StringCatalog
import XcstringsMergeTestSupport

/// A file replaced through a temporary file: durable or not (a merge driver's output is put in
/// place by exchanging the two files on Linux), the destination holds the new bytes with the
/// old file's permissions, and nothing is left beside it.
@Suite struct AtomicFileTests {
    @Test(arguments: [true, false])
    func replacesAFileKeepingItsPermissionsAndLeavingNothing(durable: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write("Localizable.xcstrings", "old").path
        chmod(path, 0o640)
        try FileBytes.writeAtomically(Array("new".utf8), to: path, durable: durable)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("new".utf8))
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["Localizable.xcstrings"])
    }

    /// A catalog of several megabytes goes to the file in pieces written on another thread
    /// while the next is made: the file holds exactly the writer's bytes, in order; one under a
    /// megabyte is written whole.
    @Test(arguments: [(6_000, true), (6_000, false), (10, true)])
    func aCatalogWrittenInPiecesHoldsTheWritersBytes(entries: Int, durable: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
        for index in (0..<entries).reversed() {
            let value = String(repeating: "value \(index) ", count: 60)
            text += "    \"key \(index)\" : { \"localizations\" : { \"de\" : { \"stringUnit\" : { \"state\" : \"translated\", \"value\" : \"\(value)\" } } } }"
            text += index == 0 ? "\n" : ",\n"
        }
        text += "  },\n  \"version\" : \"1.0\"\n}"
        let catalog = try Catalog(bytes: Array(text.utf8))
        let expected = XcodeWriter.bytes(of: .object(catalog.root))
        let path = directory.file("Localizable.xcstrings").path
        try catalog.write(to: path, durable: durable)
        let written = try FileBytes.read(path)
        #expect(written.count == expected.count)
        #expect(written == expected)
        #expect(entries < 100 || written.count > 3 << 20)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["Localizable.xcstrings"])
    }

    @Test(arguments: [true, false])
    func createsAFileThatWasNotThere(durable: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("New.xcstrings").path
        try FileBytes.writeAtomically(Array("new".utf8), to: path, durable: durable)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("new".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["New.xcstrings"])
    }

    @Test(arguments: [true, false])
    func doesNotReplaceAFolder(durable: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = directory.file("Localizable.xcstrings")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(throws: FileError.self) { try FileBytes.writeAtomically(Array("new".utf8), to: folder.path, durable: durable) }
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["Localizable.xcstrings"])
    }
}
