#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import XcstringsMergePlatform

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
    /// The largest input any command reads: 1 GiB. The largest public catalogs are a few
    /// megabytes and the benchmark's largest inputs 60 MB; a larger file (or an endless device)
    /// is refused before it is read, so that no command asks for more memory than an input
    /// warrants (under an address-space limit that would end the process with a signal).
    public static let maximumInputSize = 1 << 30

    /// Why a file of this kind and size is not read; nil when it may be. Regular files up to
    /// `maximumInputSize`, and pipes (`/dev/stdin`, `<(…)`), whose size shows only as they are
    /// read; never a device (`/dev/zero`, `/dev/urandom`), a socket or a folder.
    static func refusal(_ info: stat, _ path: String) -> FileError? {
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            guard Int(info.st_size) > maximumInputSize else { return nil }
            return FileError(path: path, reason: "is \(Int(info.st_size)) bytes, more than the 1 GiB an input may have")
        case S_IFIFO: return nil
        case S_IFDIR: return FileError(path: path, reason: "is a directory")
        default: return FileError(path: path, reason: "is not a regular file or a pipe (a device or a socket); nothing was read")
        }
    }

    static func tooLarge(_ path: String) -> FileError {
        FileError(path: path, reason: "holds more than the 1 GiB an input may have")
    }

    /// Reads a whole file with one allocation (no mapping: the driver overwrites its inputs).
    /// Refuses what `refusal` names before reading anything, and a pipe once it has given more
    /// than `maximumInputSize`.
    public static func read(_ path: String) throws(FileError) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw .errno(path, "cannot open") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0 else { throw .errno(path, "cannot stat") }
        if let refusal = refusal(info, path) { throw refusal }
        var capacity = max(Int(info.st_size), 0) + 1
        var bytes: [UInt8] = []
        var count = 0
        while true {
            if count == capacity || bytes.isEmpty {
                if !bytes.isEmpty {
                    guard count <= maximumInputSize else { throw tooLarge(path) }
                    capacity = min(capacity * 2, maximumInputSize + 2)
                }
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
        guard count <= maximumInputSize else { throw tooLarge(path) }
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
        guard size >= 4 << 20, size <= maximumInputSize else {
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
            MemoryMaps.preferHugePages(base, count: size)
            let slots = UnsafeSendable(value: (base, complete))
            // The other work first, so that it starts at once; the parts are taken by whichever
            // core is free.
            Threads.concurrentPerform(iterations: parts + 1) { index in
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

    /// A big regular file's bytes for the rest of the process, not copied: the file is mapped
    /// into the array's own memory (`MemoryMaps.mapFileInPlace`), so that its pages are the page
    /// cache's rather than fresh ones filled with zeros and then with a copy (for 40 MB, about
    /// 3 ms against 12-30), while `alongside` runs on another core. The array holds
    /// `leadingSpaces` spaces (fewer than a page: what puts the file's first byte on a page
    /// boundary), then the file; a JSON reader takes the spaces for white space before the
    /// document, but a line or column it reports on the first line is off by them. Nil where it
    /// is not done (not allowed, a file smaller than `minimumSize` or not regular: `alongside`
    /// has not run; a refused mapping: it has): read the file instead.
    public static func mappedForTheProcess(
        _ path: String, minimumSize: Int, alongside: @Sendable () -> Void
    ) -> (bytes: [UInt8], leadingSpaces: Int)? {
        guard MemoryMaps.mapsInPlace else { return nil }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, case let size = Int(info.st_size),
            size >= max(minimumSize, 1), size <= maximumInputSize
        else { return nil }
        let page = MemoryMaps.pageSize
        var leadingSpaces = 0
        let mapped = UnsafeMutablePointer<Bool>.allocate(capacity: 1)
        defer { mapped.deallocate() }
        mapped.initialize(to: false)
        let message = "xcstrings-merge: \(path) was truncated while it was in use\n"
        // Room for the spaces and for the mapping's last page, which covers whole pages.
        let bytes = [UInt8](unsafeUninitializedCapacity: size + 2 * page) { buffer, initialized in
            let start = buffer.baseAddress!
            leadingSpaces = (page - Int(bitPattern: start) % page) % page
            let slots = UnsafeSendable(value: (UnsafeMutableRawPointer(start + leadingSpaces), mapped))
            Threads.concurrentPerform(iterations: 2) { index in
                guard index > 0 else { return alongside() }
                slots.value.1.pointee = MemoryMaps.mapFileInPlace(fd, count: size, at: slots.value.0, path: path, truncationMessage: message)
            }
            guard mapped.pointee else { return }
            start.update(repeating: 0x20, count: leadingSpaces)
            initialized = leadingSpaces + size
        }
        return mapped.pointee ? (bytes, leadingSpaces) : nil
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
    /// permissions and renamed over it (see `AtomicFile` for links, devices and FIFOs).
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

    /// Whether the file at `path` holds exactly `bytes`, read a megabyte at a time (not mapped
    /// or read whole: the caller holds `bytes` already).
    public static func contents(of path: String, equal bytes: [UInt8]) -> Bool {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        var offset = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { FileDescriptors.read(fd, into: $0.baseAddress!, count: $0.count) }
            if count < 0 { return false }
            if count == 0 { return offset == bytes.count }
            guard offset + count <= bytes.count, chunk[0..<count].elementsEqual(bytes[offset..<offset + count]) else { return false }
            offset += count
        }
    }

    public static func exists(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0
    }

    /// Whether `path` itself is a symbolic link (a dotfiles `~/.gitconfig`): written through,
    /// never removed or replaced.
    public static func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    public static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// Whether `path` is a regular file (through links): not a FIFO or a device, whose reading
    /// could block for ever.
    public static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }
}

/// A file written beside its destination and renamed over it only when complete, so that readers
/// see the old file or the new one, never a part. Dropped without `commit()`, it leaves nothing.
///
/// What is at the destination is respected:
/// - a regular file is replaced, keeping its mode, owner and group where this process may (the
///   set-user-ID and set-group-ID bits only when the owner is kept too);
/// - a symbolic link is followed, and its target replaced in the target's folder (a dangling
///   link's target is created);
/// - a device, a FIFO, a socket or anything under `/dev/` (`/dev/null`, `/dev/stdout`) is
///   written in place with plain writes, never replaced;
/// - a file with other hard links is refused: replacing it would split them silently;
/// - a folder is refused.
/// The temporary file's name fits `NAME_MAX` whatever the destination's name.
public final class AtomicFile {
    /// The path given.
    public let path: String
    /// The file replaced: `path`, or where its links lead.
    let destination: String
    /// The temporary file; nil when writing in place.
    let temporary: String?
    var fd: Int32
    var committed = false
    /// Set when the file will be flushed to disk at `commit`: each piece written is then sent
    /// on its way to the disk at once, so that the flush waits for the last pieces only.
    public var willBeFlushed = false
    /// Bytes written so far.
    var written = 0
    /// What the replaced file had, to give the new one.
    let original: stat?
    /// When set, the file is replaced only if what is there is still this version (see
    /// `InPlaceEdit`); else `commit` throws and nothing is written.
    public var expectedOriginal: FileIdentity?

    /// `reportedAs` names the file in messages when `path` is where a link the user named leads.
    public init(replacing path: String, reportedAs: String? = nil) throws(FileError) {
        self.path = reportedAs ?? path
        if path.hasPrefix("/dev/") || Self.isSpecial(path) {
            // Written in place: never replaced by a regular file.
            fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o666)
            guard fd >= 0 else { throw .errno(path, "cannot open for writing") }
            destination = path
            temporary = nil
            original = nil
            return
        }
        destination = try Self.followingLinks(path)
        let path = self.path
        var info = stat()
        if lstat(destination, &info) == 0 {
            switch info.st_mode & S_IFMT {
            case S_IFREG:
                if info.st_nlink > 1 {
                    throw FileError(path: path, reason: "has \(info.st_nlink) hard links; replacing it would leave the others with the old text (remove the other links, or copy the file)")
                }
                original = info
            case S_IFDIR:
                throw FileError(path: path, reason: "is a folder")
            default:
                throw FileError(path: path, reason: "is not a regular file")
            }
        } else {
            original = nil
        }
        let directory = FileBytes.parentDirectory(of: destination)
        let name = destination.split(separator: "/", omittingEmptySubsequences: false).last.map(String.init) ?? destination
        // A run killed with SIGKILL leaves its temporary file: the first run to write here after
        // it removes what no live process is writing any more.
        StaleTemporaryFiles.removeOnce(in: directory)
        var template = Array(StaleTemporaryFiles.template(directory: directory, name: Self.shortened(name)).utf8CString)
        // Removed on SIGINT, SIGTERM and SIGHUP too (see `TemporaryFiles`): noted before any of
        // them can end the process with the file made but not noted.
        let (made, temporary) = TemporaryFiles.creating {
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            return (fd, fd >= 0 ? String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil)
        }
        fd = made
        guard fd >= 0 else { throw .errno(path, "cannot create a temporary file in \(directory)") }
        // Not handed to the children some commands start (an editor, git).
        _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
        self.temporary = temporary
    }

    deinit {
        if fd >= 0 { close(fd) }
        if let temporary, !committed { unlink(temporary) }
        TemporaryFiles.unregister(temporary)
    }

    /// Whether `path` names something that exists and is neither a regular file nor a folder,
    /// links followed: a device, a FIFO, a socket.
    static func isSpecial(_ path: String) -> Bool {
        var info = stat()
        guard stat(path, &info) == 0 else { return false }
        let kind = info.st_mode & S_IFMT
        return kind != S_IFREG && kind != S_IFDIR
    }

    /// `path` with its symbolic links followed to what they name, which need not exist yet.
    public static func followingLinks(_ path: String) throws(FileError) -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: 4097)
            let count = readlink(current, &buffer, 4096)
            guard count > 0 else { throw .errno(path, "cannot read the link") }
            let target = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = target.hasPrefix("/") ? target : FileBytes.parentDirectory(of: current) + "/" + target
        }
        throw FileError(path: path, reason: "too many levels of symbolic links")
    }

    /// A name short enough that `.NAME.xcstrings-merge-PID-XXXXXX` fits `NAME_MAX` (255 bytes)
    /// with any process id, cut on a character boundary.
    static func shortened(_ name: String) -> String {
        let room = 255 - ".".utf8.count - ".xcstrings-merge-4294967295-XXXXXX".utf8.count
        guard name.utf8.count > room else { return name }
        var result = ""
        for character in name {
            if result.utf8.count + String(character).utf8.count > room { break }
            result.append(character)
        }
        return result
    }

    public func write(_ bytes: [UInt8]) throws(FileError) {
        let fd = self.fd
        guard bytes.withUnsafeBytes({ FileDescriptors.writeAll(fd, $0) }) else { throw writeFailure() }
        noteWritten(bytes.count)
    }

    /// Writes `pieces` one after another (see `FileDescriptors.writeAll(_:pieces:)`).
    func write(pieces: [UnsafeRawBufferPointer]) throws(FileError) {
        guard FileDescriptors.writeAll(fd, pieces: pieces) else { throw writeFailure() }
        noteWritten(pieces.reduce(0) { $0 + $1.count })
    }

    private func writeFailure() -> FileError {
        .errno(path, FileDescriptors.lastError == EFBIG ? "cannot write past the file-size limit (ulimit -f)" : "cannot write")
    }

    /// Counts `count` bytes just written, and starts sending them to the disk when the file is
    /// to be flushed.
    private func noteWritten(_ count: Int) {
        if willBeFlushed && temporary != nil {
            FileDescriptors.startWritingOut(fd, offset: written, count: count)
        }
        written += count
    }

    /// Gives the file the old one's mode, owner and group (or the umask's mode), flushes it to
    /// disk and renames it into place. `durable: false` skips the flush: the rename alone keeps
    /// readers from seeing a part, which is all a file that git reads back and deletes (a merge
    /// driver's output) needs; git does not flush work-tree files either. A file written in
    /// place is only closed.
    public func commit(durable: Bool = true) throws(FileError) {
        guard let temporary else {
            close(fd)
            fd = -1
            committed = true
            return
        }
        var mode: mode_t = FileBytes.defaultMode()
        if let original {
            mode = original.st_mode & 0o7777
            // The owner and group where this process may give them (root; a group it is in).
            if fchown(fd, original.st_uid, original.st_gid) != 0 {
                _ = fchown(fd, uid_t.max, original.st_gid)
                // Set-ID bits belong to the owner: never copied to a file of another one.
                mode &= ~(S_ISUID | S_ISGID)
            }
            var now = stat()
            if fstat(fd, &now) == 0, now.st_gid != original.st_gid { mode &= ~S_ISGID }
        }
        fchmod(fd, mode)
        if durable {
            guard FileDescriptors.syncToDisk(fd) else { throw .errno(path, "cannot flush to disk") }
        }
        close(fd)
        fd = -1
        if let expectedOriginal, FileIdentity.of(destination) != expectedOriginal {
            throw FileError(path: path, reason: "changed since it was read (another program wrote it); nothing was written, run the command again")
        }
        guard FileDescriptors.replace(destination, with: temporary, flushing: durable) else { throw .errno(path, "cannot replace") }
        committed = true
    }
}

/// A value handed to the threads of `concurrentPerform`, which each touch their own part of it.
struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
}
