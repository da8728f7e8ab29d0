#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The times in a `stat`, whose fields Darwin and Linux name differently (`st_mtimespec` and
/// `st_mtim`).
public enum FileStatus {
    public typealias Time = (seconds: Int, nanoseconds: Int)

    /// When the file's contents last changed.
    public static func modificationTime(_ info: stat) -> Time {
        #if canImport(Darwin)
        (Int(info.st_mtimespec.tv_sec), Int(info.st_mtimespec.tv_nsec))
        #else
        (Int(info.st_mtim.tv_sec), Int(info.st_mtim.tv_nsec))
        #endif
    }

    /// When the file's inode last changed.
    public static func statusChangeTime(_ info: stat) -> Time {
        #if canImport(Darwin)
        (Int(info.st_ctimespec.tv_sec), Int(info.st_ctimespec.tv_nsec))
        #else
        (Int(info.st_ctim.tv_sec), Int(info.st_ctim.tv_nsec))
        #endif
    }

    /// The `stat` of `path`, links followed; nil when there is nothing.
    public static func of(_ path: String) -> stat? {
        var info = stat()
        return stat(path, &info) == 0 ? info : nil
    }
}
