import Foundation
import Testing
@testable import StringCatalog
@testable import XcstringsMergePlatform
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

    /// Entries kept as read go to the file from where they are, runs of neighbours as one
    /// piece (`GatheredWrites`): with changed, added, removed and renamed entries among them, entries
    /// read from two files, batches and runs cut small, the file holds exactly the writer's
    /// bytes.
    @Test(arguments: [(1 << 20, 4 << 20), (64, 200), (1, 1), (5_000, 1)])
    func entriesWrittenFromWhereTheyAreHoldTheWritersBytes(batchSize: Int, longestRun: Int) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var generator = CatalogGenerator(seed: UInt64(batchSize &+ longestRun))
        let base = try Catalog(bytes: generator.catalog(keys: 300).canonicalBytes())
        let other = try Catalog(bytes: generator.catalog(keys: 40).canonicalBytes())
        var catalog = base
        var strings = base.strings
        for (index, key) in base.strings.keys.enumerated() {
            switch index % 7 {
            case 0: strings[key: key] = generator.entry()
            case 1 where index % 3 == 0: strings[key: key] = nil
            case 2 where key.string.hasPrefix("key."):
                // Renamed to a key as long, in the same place: the value's bytes follow the
                // same neighbour in the file read, but the key before them differs.
                let value = strings[key: key]
                strings[key: key] = nil
                strings[key: UTF8Bytes(key.string.dropLast() + "f")] = value
            default: break
            }
        }
        for member in other.strings.members { strings[key: UTF8Bytes("other \(member.key.string)")] = member.value }
        catalog.strings = strings
        let expected = XcodeWriter.bytes(of: .object(catalog.root))
        let path = directory.file("Localizable.xcstrings").path
        let file = try AtomicFile(replacing: path)
        let writes = GatheredWrites(file, batchSize: batchSize, longestRun: longestRun)
        var writer = XcodeWriter(capacity: 64)
        writer.drain = { output in writes.drain(&output) }
        writer.rawSink = { output, raw in writes.take(&output, raw) }
        writer.write(.object(catalog.root), indent: 0)
        try writes.finish(writer.output)
        try file.commit(durable: false)
        let written = try FileBytes.read(path)
        #expect(written.count == expected.count)
        #expect(written == expected)
    }

    /// `writev` may write part of what it is given (a signal, a full disk): whatever it wrote,
    /// the rest follows in order from where it stopped, in the middle of a piece too.
    @Test func aShortWriteGoesOnFromWhereItStopped() {
        let pieces: [[UInt8]] = (0..<40).map { index in (0...(index % 7)).map { UInt8(truncatingIfNeeded: index * 8 + $0) } }
        let expected = pieces.flatMap { $0 }
        for step in [1, 2, 3, 5, 8, 13, 100, 1_000] {
            let buffers = pieces.map { piece in piece.withUnsafeBytes { $0 } }
            var vectors = buffers.map { iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count) }
            var first = 0
            var received: [UInt8] = []
            // A kernel that writes at most `step` bytes a call.
            while first < vectors.count {
                var want = step
                var index = first
                var written = 0
                while want > 0 && index < vectors.count {
                    let taken = min(want, vectors[index].iov_len)
                    received += UnsafeRawBufferPointer(start: vectors[index].iov_base, count: taken)
                    written += taken
                    want -= taken
                    index += 1
                }
                FileDescriptors.skip(written, of: &vectors, from: &first)
            }
            withExtendedLifetime(pieces) {}
            #expect(received == expected, "at most \(step) bytes a call")
        }
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

