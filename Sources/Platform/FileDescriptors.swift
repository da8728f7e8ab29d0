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
