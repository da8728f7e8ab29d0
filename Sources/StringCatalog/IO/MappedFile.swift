#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import XcstringsMergePlatform

/// A file mapped read-only into memory for as long as it is in use: read without copying it
/// into fresh memory (which the system must first fill with zeros). What is read from it must be
/// copied out (`Catalog(copyingFrom:)`), since the mapping goes with this object.
public final class MappedFile {
    public let path: String
    private let start: UnsafeRawPointer
    public let count: Int

    /// Nil when the path is not a regular file of at least `minimumSize` bytes that can be mapped
    /// (a pipe, a device, an empty or small file): read it instead.
    public convenience init?(path: String, minimumSize: Int) {
        self.init(path: path, minimumSize: minimumSize, streamed: false)
    }

    /// With `streamed`, the file is mapped to be read once front to back, its pages loaded as
    /// they are read and let go behind the reader (`Catalog(streamingFrom:reference:)`).
    public init?(path: String, minimumSize: Int, streamed: Bool) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) >= max(minimumSize, 1),
            Int(info.st_size) <= FileBytes.maximumInputSize,
            let start = streamed ? MemoryMaps.mapForStreaming(fd, count: Int(info.st_size)) : MemoryMaps.mapForReading(fd, count: Int(info.st_size))
        else { return nil }
        self.path = path
        self.start = start
        count = Int(info.st_size)
    }

    deinit { MemoryMaps.unmap(start, count: count) }

    /// Calls `body` with the file's bytes. Should the file be truncated meanwhile, the process
    /// ends with a message and exit status 2 rather than a crash.
    public func withBytes<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try MemoryMaps.survivingTruncation(message: "xcstrings-merge: \(path) was truncated while it was being read\n") {
            try body(UnsafeBufferPointer(start: start.assumingMemoryBound(to: UInt8.self), count: count))
        }
    }
}
