#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Mapping files into memory, and surviving a mapped file that shrinks.
public enum MemoryMaps {
    /// Maps `count` bytes of `fd` read-only and private. Linux loads every page at once
    /// (`MAP_POPULATE`: one system call instead of a fault per page); macOS is asked to read
    /// ahead (`MADV_WILLNEED`). Nil when the file cannot be mapped (a pipe, a device).
    public static func mapForReading(_ fd: Int32, count: Int) -> UnsafeRawPointer? {
        guard count > 0 else { return nil }
        #if os(Linux)
        let address = mmap(nil, count, PROT_READ, MAP_PRIVATE | MAP_POPULATE, fd, 0)
        #else
        let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0)
        #endif
        guard let address, address != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        #if os(Linux)
        // MAP_POPULATE has loaded the pages already.
        #else
        _ = madvise(address, count, MADV_WILLNEED)
        #endif
        return UnsafeRawPointer(address)
    }

    /// Maps `count` bytes of `fd` read-only and private to be read once, front to back: pages are
    /// loaded as they are read (no `MAP_POPULATE`), so that `release` can let go of the ones
    /// passed and the whole file is never resident at once.
    public static func mapForStreaming(_ fd: Int32, count: Int) -> UnsafeRawPointer? {
        guard count > 0 else { return nil }
        let address = mmap(nil, count, PROT_READ, MAP_PRIVATE, fd, 0)
        guard let address, address != UnsafeMutableRawPointer(bitPattern: -1) else { return nil }
        _ = madvise(address, count, MADV_SEQUENTIAL)
        return UnsafeRawPointer(address)
    }

    /// Puts the first `count` bytes of `fd` at `address` (a page boundary; `count` rounded up to
    /// whole pages must lie in memory the caller owns and holds nothing in), replacing that
    /// memory with a private mapping of the file whose pages are the page cache's own until
    /// written (then copied): the file is in memory without fresh pages zero-filled and copied
    /// into. The pages are mapped at once for reading (`MADV_POPULATE_READ`; a kernel without it
    /// maps them as they are first read).
    ///
    /// Only on Linux, and only once `allowMappingsInPlace` was called by a process that ends
    /// soon after its work (the executable, not a library's host): once the memory is freed,
    /// glibc hands it out again as it is, and a page not yet written stays the file's until the
    /// process ends: a file truncated meanwhile raises SIGBUS at a touch of a page it lost, which
    /// from then on ends the process with exit status 2 rather than a crash, and with the
    /// `truncationMessage` of the file mapped so that is now shorter than its mapping (`path`:
    /// an import maps two). False elsewhere and when the system refuses: the caller reads the file into the
    /// memory instead. macOS's allocator keeps freed big blocks in a cache of its own, whose
    /// reuse of such a mapping is not documented, so nothing is mapped there.
    public static func mapFileInPlace(
        _ fd: Int32, count: Int, at address: UnsafeMutableRawPointer, path: String, truncationMessage: String
    ) -> Bool {
        #if os(Linux)
        guard mappingsInPlaceAllowed, count > 0, Int(bitPattern: address) % pageSize == 0 else { return false }
        let mapped = mmap(address, count, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_FIXED, fd, 0)
        guard mapped == address else { return false }
        // MADV_POPULATE_READ (Linux 5.14): MAP_POPULATE would fault a writable private mapping in
        // for writing, copying every page.
        _ = madvise(address, count, 22)
        lastingMessageLock.locked {
            // Kept for the rest of the process (the handler may run at any time from now on),
            // each slot filled before the count that shows it to the handler.
            guard lastingMappingCount < lastingMappingSlots, let path = strdup(path) else { return }
            lastingMappings[lastingMappingCount] = LastingMapping(path: UnsafePointer(path), count: count, message: handlerMessage(truncationMessage))
            lastingMappingCount += 1
            _ = Signals.setHandler(SIGBUS, busErrorHandler)
        }
        return true
        #else
        return false
        #endif
    }

    /// Lets `mapFileInPlace` map: called at the start of a process that ends soon after its work.
    public static func allowMappingsInPlace() {
        mappingsInPlaceAllowed = true
    }

    /// Whether `mapFileInPlace` may map at all: Linux, once allowed.
    public static var mapsInPlace: Bool {
        #if os(Linux)
        return mappingsInPlaceAllowed
        #else
        return false
        #endif
    }

    /// `message`'s bytes where a signal handler may read them: memory Swift neither moves nor frees.
    static func handlerMessage(_ message: String) -> (UnsafePointer<UInt8>, Int) {
        let text = Array(message.utf8)
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: max(text.count, 1))
        buffer.initialize(from: text, count: text.count)
        return (UnsafePointer(buffer), text.count)
    }

    /// Lets the system drop the pages of a read-only mapping in `count` bytes from `address` (a
    /// page boundary): a later read loads them from the file again.
    /// Asks for fresh memory that is about to be filled whole (a big input read into it) to be
    /// given in huge pages where the system can, so that filling it takes a few hundred page
    /// faults rather than one every 4 KiB. Only the 2 MiB-aligned pages inside the range are
    /// concerned; nothing happens where the system has no such pages (macOS's are only for
    /// memory mapped with that request).
    public static func preferHugePages(_ address: UnsafeMutableRawPointer, count: Int) {
        #if os(Linux)
        let huge = 2 << 20
        let start = (Int(bitPattern: address) + huge - 1) & ~(huge - 1)
        let end = (Int(bitPattern: address) + count) & ~(huge - 1)
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, end - start, MADV_HUGEPAGE)
        #else
        // Nothing to ask (see above).
        #endif
    }

    public static func release(_ address: UnsafeRawPointer, count: Int) {
        guard count > 0 else { return }
        _ = madvise(UnsafeMutableRawPointer(mutating: address), count, MADV_DONTNEED)
    }

    /// The size of a page of memory.
    public static let pageSize = Int(sysconf(Int32(_SC_PAGESIZE)))

    public static func unmap(_ address: UnsafeRawPointer, count: Int) {
        _ = munmap(UnsafeMutableRawPointer(mutating: address), count)
    }

    /// While `body` runs, a read of a mapped page that its file no longer has (the file was
    /// truncated: the system raises SIGBUS) ends the process with `message` on standard error
    /// and exit status 2, instead of a crash. Nothing has been written by then: what was being
    /// read is the input.
    public static func survivingTruncation<R>(message: String, _ body: () throws -> R) rethrows -> R {
        let text = handlerMessage(message)
        busErrorMessage = text
        var previous = Signals.setHandler(SIGBUS, busErrorHandler)
        defer {
            // Back to the handler before, or to this one for a lasting mapping made meanwhile.
            if lastingMessageLock.locked({ lastingMappingCount > 0 }) {
                _ = Signals.setHandler(SIGBUS, busErrorHandler)
            } else {
                sigaction(SIGBUS, &previous, nil)
            }
            busErrorMessage = nil
            UnsafeMutablePointer(mutating: text.0).deallocate()
        }
        return try body()
    }
}

/// Set once at the start of the process, before any thread reads it.
nonisolated(unsafe) private var mappingsInPlaceAllowed = false

/// The message for `busErrorHandler`, made before the handler can run (a handler may only
/// call async-signal-safe functions: `write` and `_exit` here).
nonisolated(unsafe) private var busErrorMessage: (UnsafePointer<UInt8>, Int)?

/// A file mapped for the rest of the process (`mapFileInPlace`): its path, the bytes mapped, and
/// the message that names it.
private struct LastingMapping {
    var path: UnsafePointer<CChar>
    var count: Int
    var message: (UnsafePointer<UInt8>, Int)
}

/// The files mapped for the rest of the process, in a table the handler reads without
/// allocating: an import maps its XLIFF and its catalog, and the message names the one of them
/// that shrank.
private let lastingMappingSlots = 16
nonisolated(unsafe) private let lastingMappings = UnsafeMutablePointer<LastingMapping>.allocate(capacity: lastingMappingSlots)
nonisolated(unsafe) private var lastingMappingCount = 0
private let lastingMessageLock = Lock()

/// A file mapped for the rest of the process that is now shorter than its mapping (`stat` is
/// async-signal-safe) names itself; otherwise a reading in progress, or the first such file.
private let busErrorHandler: @convention(c) (Int32) -> Void = { _ in
    var message = busErrorMessage
    for index in 0..<lastingMappingCount {
        var status = stat()
        if stat(lastingMappings[index].path, &status) == 0, Int(status.st_size) < lastingMappings[index].count {
            message = lastingMappings[index].message
            break
        }
    }
    if message == nil, lastingMappingCount > 0 { message = lastingMappings[0].message }
    if let (text, count) = message { _ = write(2, text, count) }
    _exit(2)
}
