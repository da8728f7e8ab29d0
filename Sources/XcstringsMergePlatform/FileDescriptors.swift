#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The system calls on file descriptors that the tool needs, with what differs between macOS
/// and Linux decided here and nowhere else.
public enum FileDescriptors {
    /// The calling thread's last system error.
    public static var lastError: Int32 {
        #if canImport(Darwin)
        Darwin.errno
        #else
        Glibc.errno
        #endif
    }

    /// The system's words for the calling thread's last error.
    public static var lastErrorDescription: String { String(cString: strerror(lastError)) }

    /// `read(2)`: bytes read, 0 at the end of the file, -1 on error (see `lastError`).
    public static func read(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.read(fd, buffer, count)
        #else
        Glibc.read(fd, buffer, count)
        #endif
    }

    /// `pread(2)`: bytes read from `offset`, 0 at the end of the file, -1 on error.
    public static func read(_ fd: Int32, into buffer: UnsafeMutableRawPointer, count: Int, at offset: Int) -> Int {
        #if canImport(Darwin)
        Darwin.pread(fd, buffer, count, off_t(offset))
        #else
        Glibc.pread(fd, buffer, count, off_t(offset))
        #endif
    }

    /// `write(2)`: bytes written, -1 on error (see `lastError`).
    public static func write(_ fd: Int32, from buffer: UnsafeRawPointer, count: Int) -> Int {
        #if canImport(Darwin)
        Darwin.write(fd, buffer, count)
        #else
        Glibc.write(fd, buffer, count)
        #endif
    }

    /// Writes all of `buffer`, retrying after interruptions; false on an error.
    public static func writeAll(_ fd: Int32, _ buffer: UnsafeRawBufferPointer) -> Bool {
        var offset = 0
        while offset < buffer.count {
            let n = write(fd, from: buffer.baseAddress! + offset, count: buffer.count - offset)
            if n < 0 {
                if lastError == EINTR { continue }
                return false
            }
            offset += n
        }
        return true
    }

    /// Writes all of `pieces`, in order, with as few system calls as `writev(2)` takes them
    /// (at most 1,024 pieces a call, `IOV_MAX` on Linux and macOS alike), retrying after
    /// interruptions and short writes; false on an error.
    public static func writeAll(_ fd: Int32, pieces: [UnsafeRawBufferPointer]) -> Bool {
        var vectors = pieces.filter { $0.count > 0 }.map { iovec(iov_base: UnsafeMutableRawPointer(mutating: $0.baseAddress), iov_len: $0.count) }
        var first = 0
        while first < vectors.count {
            let count = min(vectors.count - first, 1024)
            let n = vectors.withUnsafeBufferPointer { writev(fd, $0.baseAddress! + first, Int32(count)) }
            if n < 0 {
                if lastError == EINTR { continue }
                return false
            }
            skip(n, of: &vectors, from: &first)
        }
        return true
    }

    /// Moves past `written` bytes of `vectors` from `first`: the pieces written whole are
    /// passed, and one written in part starts where the writing stopped.
    static func skip(_ written: Int, of vectors: inout [iovec], from first: inout Int) {
        var left = written
        while left > 0 && first < vectors.count && left >= vectors[first].iov_len {
            left -= vectors[first].iov_len
            first += 1
        }
        if left > 0 && first < vectors.count {
            vectors[first].iov_base = vectors[first].iov_base! + left
            vectors[first].iov_len -= left
        }
    }

    /// Puts the file at `temporary` in the place of `path`, atomically: readers see the old file
    /// or the new one. With `flushing: false` on Linux the two are exchanged
    /// (`renameat2(RENAME_EXCHANGE)`, as atomic as `rename`) and the old one then removed: ext4
    /// starts writing a file's delayed blocks out when it is renamed over another
    /// (`auto_da_alloc`), about a twentieth of a big merge, which a file that is not to be
    /// durable (a merge driver's output, which git reads back and deletes) need not pay.
    /// Otherwise, and when exchanging is not possible (no file at `path`, an older system),
    /// `rename(2)`; on macOS always (APFS does no such thing). False when the file could not
    /// be put in place (see `lastError`).
    #if os(Linux)
    public static func replace(_ path: String, with temporary: String, flushing: Bool) -> Bool {
        // Only a file (or a link) is exchanged: `rename` refuses to put a file over a folder,
        // and so must this.
        var info = stat()
        let isFile = lstat(path, &info) == 0 && [S_IFREG, S_IFLNK].contains(info.st_mode & S_IFMT)
        if !flushing, isFile, let exchange = renameExchange, exchange(AT_FDCWD, temporary, AT_FDCWD, path, 1 << 1) == 0 {
            // `temporary` now names the old file.
            unlink(temporary)
            return true
        }
        return rename(temporary, path) == 0
    }

    /// glibc's `renameat2` (2.28 and later), which its module map does not declare; 1 << 1 is
    /// `RENAME_EXCHANGE` (linux/fs.h).
    static let renameExchange: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_LAZY), "renameat2") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32).self)
    }()
    #else
    public static func replace(_ path: String, with temporary: String, flushing: Bool) -> Bool {
        rename(temporary, path) == 0
    }
    #endif

    /// Starts writing `count` bytes at `offset` of a file out to disk without waiting for them,
    /// so that a flush at the end (`syncToDisk`) waits only for what is still in flight: the disk
    /// works while the rest of the file is made. Linux's `sync_file_range(SYNC_FILE_RANGE_WRITE)`,
    /// which promises nothing about durability (the flush still does); glibc's module map does
    /// not declare it, so it is looked up as `renameat2` is. Elsewhere nothing: the flush does it.
    public static func startWritingOut(_ fd: Int32, offset: Int, count: Int) {
        _ = syncFileRange?(fd, Int64(offset), Int64(count), 2)
    }

    #if os(Linux)
    /// glibc's `sync_file_range`; 2 is `SYNC_FILE_RANGE_WRITE` (fcntl.h).
    static let syncFileRange: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32)? = {
        guard let symbol = dlsym(dlopen(nil, RTLD_LAZY), "sync_file_range") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32).self)
    }()
    #else
    /// macOS has no such call: `F_FULLFSYNC` at the end writes the whole file out.
    static let syncFileRange: (@convention(c) (Int32, Int64, Int64, UInt32) -> Int32)? = nil
    #endif

    /// Makes a file's contents durable. On macOS `fsync` only hands the data to the drive, whose
    /// cache may still lose it on power loss; `F_FULLFSYNC` asks the drive to write it out (and
    /// falls back to `fsync` on file systems that do not support it, such as some network
    /// volumes). On Linux `fsync` already does that.
    public static func syncToDisk(_ fd: Int32) -> Bool {
        #if canImport(Darwin)
        if fcntl(fd, F_FULLFSYNC) == 0 { return true }
        return fsync(fd) == 0
        #else
        return fsync(fd) == 0
        #endif
    }
}
