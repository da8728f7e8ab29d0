#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Hints to the system about how a process will use big buffers.
public enum MemoryAdvice {
    /// Buffers at least this big are worth the hint.
    public static let largePageThreshold = 4 << 20

    /// Asks for `count` bytes at `start`, about to be filled once (a file read whole), to be
    /// backed by 2 MiB pages where possible: a 40 MB file then costs 20 page faults instead of
    /// 10,000. Linux only gives such pages to ranges that ask (`transparent_hugepage=madvise`,
    /// Debian's default); the hint is applied to the 2 MiB-aligned part of the buffer. macOS
    /// has no such request (its kernel chooses page sizes itself): there this does nothing.
    public static func preferLargePages(_ start: UnsafeMutableRawPointer, count: Int) {
        #if os(Linux)
        guard count >= largePageThreshold else { return }
        let large = 2 << 20
        let first = (Int(bitPattern: start) + large - 1) & ~(large - 1)
        let last = (Int(bitPattern: start) + count) & ~(large - 1)
        guard last > first, let aligned = UnsafeMutableRawPointer(bitPattern: first) else { return }
        _ = madvise(aligned, last - first, MADV_HUGEPAGE)
        #else
        // macOS: no such request; its kernel picks page sizes itself.
        _ = (start, count)
        #endif
    }
}
