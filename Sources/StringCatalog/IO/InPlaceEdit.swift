#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import XcstringsMergePlatform

/// What identifies one version of a file: the inode it is, its size and its last change. A file
/// replaced (a new inode) or written in place (a new size or time) no longer matches.
public struct FileIdentity: Equatable, Sendable {
    var device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int

    init(_ info: stat) {
        device = UInt64(info.st_dev)
        inode = UInt64(info.st_ino)
        size = Int64(info.st_size)
        (seconds, nanoseconds) = FileStatus.modificationTime(info)
    }

    /// The identity of what `path` names now (links followed); nil when nothing is there.
    static func of(_ path: String) -> FileIdentity? { FileStatus.of(path).map(FileIdentity.init) }
}

/// A file rewritten where it is (`format`, `rename-key`, `remove-locale`, `lint --fix`,
/// `resolve`): locked from before it is read until it is replaced, so that two runs of the tool
/// on one file take turns and neither loses the other's change; and replaced only if it is
/// still the version that was read, so that an edit made meanwhile by anything else (Xcode, an
/// editor) is never overwritten.
///
/// The lock is `flock` on the file itself, released when the process ends however it ends (a
/// lock file beside it would outlive a kill). Replacing the file gives it a new inode, so a run
/// that waited on the old one finds, once it holds the lock, that the path now names another
/// file, and locks that one instead.
public final class InPlaceEdit {
    /// The path given.
    public let path: String
    /// The file locked and replaced: `path` with its symbolic links followed.
    public let destination: String
    private var fd: Int32 = -1
    private var readIdentity: FileIdentity?

    /// Locks the file at `path`, waiting while another process holds it (`waiting` is called
    /// once, before the wait).
    public init(path: String, waiting: () -> Void = {}) throws(FileError) {
        self.path = path
        destination = try AtomicFile.followingLinks(path)
        var waited = false
        while true {
            let opened = open(destination, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
            guard opened >= 0 else { throw .errno(path, "cannot open") }
            var info = stat()
            guard fstat(opened, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
                close(opened)
                // Devices, pipes and folders are not edited in place; reading says why.
                return
            }
            if flock(opened, LOCK_EX | LOCK_NB) != 0 {
                if !waited {
                    waiting()
                    waited = true
                }
                while flock(opened, LOCK_EX) != 0 {
                    guard FileDescriptors.lastError == EINTR else {
                        close(opened)
                        throw .errno(path, "cannot lock")
                    }
                }
            }
            // Still the file the path names? A run that held the lock may have replaced it.
            var now = stat(), held = stat()
            if stat(destination, &now) == 0, fstat(opened, &held) == 0, now.st_ino == held.st_ino, now.st_dev == held.st_dev {
                fd = opened
                // What a run killed while writing this catalog left beside it goes now, whether
                // or not this edit writes (`format` of a file already in Xcode's form).
                StaleTemporaryFiles.removeOnce(in: FileBytes.parentDirectory(of: destination))
                return
            }
            close(opened)
        }
    }

    deinit {
        if fd >= 0 { close(fd) }
    }

    /// The file's bytes, read with the lock held; the version read is the one `replace` expects.
    public func read() throws(FileError) -> [UInt8] {
        let before = FileIdentity.of(destination)
        // A big catalog in parts on all cores, as a merge reads its base.
        let bytes = try FileBytes.readInParts(destination, alongside: {})
        // A writer that takes no lock may have changed it while it was read: the identity after
        // a read that began on that version would not match, and replace refuses.
        readIdentity = FileIdentity.of(destination) == before ? before : nil
        return bytes
    }

    /// A big catalog (4 MB or more) mapped rather than read (`FileBytes.mappedForTheProcess`:
    /// the page cache's pages, not fresh ones filled with a copy), and read as a catalog, with
    /// the lock held; nil where it is not mapped or does not read as one as it is (then `read`
    /// it, so that a problem's line and column are the file's own).
    public func readMapped() -> Catalog? {
        let before = FileIdentity.of(destination)
        guard let mapped = FileBytes.mappedForTheProcess(destination, minimumSize: 4 << 20, alongside: {}),
            let catalog = try? Catalog(bytes: mapped.bytes)
        else { return nil }
        readIdentity = FileIdentity.of(destination) == before ? before : nil
        return catalog
    }

    /// Takes the version there now as the one read, for a caller that reads the file another
    /// way (`merge -o` onto one of its inputs): `replace` then refuses if it changes after this.
    public func noteVersion() {
        readIdentity = FileIdentity.of(destination)
    }

    /// Replaces the file with `catalog` in Xcode's form, unless it changed since `read`.
    public func replace(with catalog: Catalog, durable: Bool = true) throws(FileError) {
        try catalog.write(to: destination, durable: durable, expecting: expectedVersion(), reportedAs: path)
    }

    /// Replaces the file with `bytes`, unless it changed since `read`.
    public func replace(with bytes: [UInt8]) throws(FileError) {
        let file = try AtomicFile(replacing: destination, reportedAs: path)
        file.expectedOriginal = try expectedVersion()
        try file.write(bytes)
        try file.commit()
    }

    private func expectedVersion() throws(FileError) -> FileIdentity {
        guard let readIdentity else { throw FileError(path: path, reason: "changed while it was being read; nothing was written (run the command again)") }
        return readIdentity
    }
}
