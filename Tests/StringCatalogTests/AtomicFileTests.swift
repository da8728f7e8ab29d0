import Foundation
import Testing
@testable import StringCatalog
import TestSupport

/// A file replaced through a temporary file: durable or not (a merge driver's output is put in
/// place by exchanging the two files on Linux), the destination holds the new bytes with the
/// old file's permissions, and nothing is left beside it.
@Suite struct AtomicFileTests {
    @Test(arguments: [true, false])
    func replacesAFileKeepingItsPermissionsAndLeavingNothing(durable: Bool) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-\(getpid())-\(durable)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("Localizable.xcstrings").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: path))
        chmod(path, 0o640)
        try FileBytes.writeAtomically(Array("new".utf8), to: path, durable: durable)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("new".utf8))
        var info = stat()
        #expect(stat(path, &info) == 0 && info.st_mode & 0o777 == 0o640)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["Localizable.xcstrings"])
    }

    @Test(arguments: [true, false])
    func createsAFileThatWasNotThere(durable: Bool) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-new-\(getpid())-\(durable)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("New.xcstrings").path
        try FileBytes.writeAtomically(Array("new".utf8), to: path, durable: durable)
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == Data("new".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["New.xcstrings"])
    }

    @Test(arguments: [true, false])
    func doesNotReplaceAFolder(durable: Bool) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("atomic-folder-\(getpid())-\(durable)")
        let folder = directory.appendingPathComponent("Localizable.xcstrings")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: FileError.self) { try FileBytes.writeAtomically(Array("new".utf8), to: folder.path, durable: durable) }
        var isFolder: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder) && isFolder.boolValue)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["Localizable.xcstrings"])
    }
}
