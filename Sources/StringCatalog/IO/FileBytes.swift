#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Platform

/// A file-system failure, with the path and the system's reason.
public struct FileError: Error, Sendable, CustomStringConvertible {
    public var path: String
    public var reason: String
    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }
    public var description: String { "\(path): \(reason)" }

    static func errno(_ path: String, _ action: String) -> FileError {
        FileError(path: path, reason: "\(action): \(FileDescriptors.lastErrorDescription)")
    }
}

/// Whole-file reads and atomic writes.
public enum FileBytes {
    /// Reads a whole file with one allocation (no mapping: the driver overwrites its inputs).
    public static func read(_ path: String) throws(FileError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .errno(path, "cannot open") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .errno(path, "cannot stat") }
        if (info.st_mode & S_IFMT) == S_IFDIR { throw FileError(path: path, reason: "is a directory") }
        var capacity = max(Int(info.st_size), 0) + 1
        var bytes: [UInt8] = []
        var count = 0
        while true {
            if count == capacity || bytes.isEmpty {
                if !bytes.isEmpty { capacity *= 2 }
                // Uninitialized storage: read() fills it, so there is no memset pass.
                let previous = bytes
                let filled = count
                bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
                    if filled > 0 {
                        previous.withUnsafeBufferPointer { old in
                            buffer.baseAddress!.update(from: old.baseAddress!, count: filled)
                        }
                    }
                    initialized = capacity
                }
            }
            let n = bytes.withUnsafeMutableBufferPointer { buffer in
                FileDescriptors.read(fd, into: buffer.baseAddress! + count, count: capacity - count)
            }
            if n < 0 {
                if FileDescriptors.lastError == EINTR { continue }
                throw .errno(path, "cannot read")
            }
            if n == 0 { break }
            count += n
        }
        bytes.removeLast(bytes.count - count)
        return bytes
    }

    /// Replaces `path` with `bytes` so that readers see the old file or the new one, never a part:
    /// a temporary file in the same directory is written, flushed to disk, given the old file's
    /// permissions and renamed over it.
    public static func writeAtomically(_ bytes: [UInt8], to path: String, durable: Bool = true) throws(FileError) {
        let file = try AtomicFile(replacing: path)
        try file.write(bytes)
        try file.commit(durable: durable)
    }

    public static func parentDirectory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    /// 0666 less the process umask, as a newly created file would get.
    static func defaultMode() -> mode_t {
        let mask = umask(0)
        umask(mask)
        return 0o666 & ~mask
    }

    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }
}

/// A file written beside its destination and renamed over it only when complete, so that readers
/// see the old file or the new one, never a part. Dropped without `commit()`, it leaves nothing.
public final class AtomicFile {
    public let path: String
    let temporary: String
    var fd: Int32
    var committed = false

    public init(replacing path: String) throws(FileError) {
        self.path = path
        let directory = FileBytes.parentDirectory(of: path)
        let name = path.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? path
        var template = Array("\(directory)/.\(name).xcstrings-merge-XXXXXX".utf8CString)
        fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else { throw .errno(path, "cannot create a temporary file in \(directory)") }
        temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        if fd >= 0 { close(fd) }
        if !committed { unlink(temporary) }
    }

    public func write(_ bytes: [UInt8]) throws(FileError) {
        let fd = self.fd
        guard bytes.withUnsafeBytes({ FileDescriptors.writeAll(fd, $0) }) else {
            throw .errno(path, "cannot write")
        }
    }

    /// Gives the file the old one's permissions (or the umask's), flushes it to disk and renames
    /// it into place. `durable: false` skips the flush: the rename alone keeps readers from
    /// seeing a part, which is all a file that git reads back and deletes (a merge driver's
    /// output) needs; git does not flush work-tree files either.
    public func commit(durable: Bool = true) throws(FileError) {
        var info = stat()
        let mode: mode_t = stat(path, &info) == 0 ? info.st_mode & 0o7777 : FileBytes.defaultMode()
        fchmod(fd, mode)
        if durable {
            guard FileDescriptors.syncToDisk(fd) else { throw .errno(path, "cannot flush to disk") }
        }
        close(fd)
        fd = -1
        guard rename(temporary, path) == 0 else { throw .errno(path, "cannot replace") }
        committed = true
    }
}
