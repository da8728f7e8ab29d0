#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Dispatch
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

    /// Reads a whole file as `read` does, a big regular file in four parts on all cores while
    /// `alongside` runs: copying from the page cache, and the zero-filling of the fresh pages it
    /// goes to, are then shared between the cores. A file that is small, not regular, or
    /// changes size while it is read is read by `read` (after `alongside`).
    public static func readInParts(_ path: String, alongside: @Sendable () -> Void) throws(FileError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            alongside()
            return try read(path)
        }
        defer { close(fd) }
        var info = stat()
        let size = fstat(fd, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG ? Int(info.st_size) : 0
        guard size >= 4 << 20 else {
            alongside()
            return try read(path)
        }
        let parts = 4
        // Parts cover the file and begin on page boundaries.
        let partSize = ((size + parts - 1) / parts + 4095) & ~4095
        let complete = UnsafeMutablePointer<Bool>.allocate(capacity: parts)
        defer { complete.deallocate() }
        complete.initialize(repeating: false, count: parts)
        var bytes = [UInt8](unsafeUninitializedCapacity: size) { buffer, initialized in
            let base = UnsafeMutableRawPointer(buffer.baseAddress!)
            let slots = UnsafeSendable(value: (base, complete))
            // The other work first, so that it starts at once; the parts are taken by whichever
            // core is free.
            DispatchQueue.concurrentPerform(iterations: parts + 1) { index in
                guard index > 0 else { return alongside() }
                let part = index - 1
                let start = min(part * partSize, size)
                let end = min(start + partSize, size)
                slots.value.1[part] = readFully(fd, into: slots.value.0 + start, from: start, count: end - start)
            }
            initialized = size
        }
        // A part that came short (the file shrank) or a file that grew since: read it again.
        var extra: UInt8 = 0
        let grew = FileDescriptors.read(fd, into: &extra, count: 1, at: size) != 0
        if grew || (0..<parts).contains(where: { !complete[$0] }) {
            bytes = try read(path)
        }
        return bytes
    }

    /// Reads exactly `count` bytes from `offset`, retrying after interruptions; false when the
    /// file ends first or reading fails.
    static func readFully(_ fd: Int32, into buffer: UnsafeMutableRawPointer, from offset: Int, count: Int) -> Bool {
        var done = 0
        while done < count {
            let n = FileDescriptors.read(fd, into: buffer + done, count: count - done, at: offset + done)
            if n < 0 && FileDescriptors.lastError == EINTR { continue }
            if n <= 0 { return false }
            done += n
        }
        return true
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
        guard FileDescriptors.replace(path, with: temporary, flushing: durable) else { throw .errno(path, "cannot replace") }
        committed = true
    }
}

/// A value handed to the threads of `concurrentPerform`, which each touch their own part of it.
struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
}
