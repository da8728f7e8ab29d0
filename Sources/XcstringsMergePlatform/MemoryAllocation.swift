#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// How the C allocator hands out memory, set once at the start of the process.
public enum MemoryAllocation {
    /// On Linux, keeps the memory of big blocks once freed, for the next ones.
    ///
    /// glibc gives each block above a threshold (128 KiB at first) its own mapping and unmaps it
    /// when it is freed, so the next big block is fresh memory again, and fresh memory costs a
    /// page fault every 4 KiB on its first touch: a merge of three 40 MB catalogs frees and
    /// allocates member arrays, tables and buffers of megabytes each, and took about 600 such
    /// faults more. From the heap instead, and with the heap's top kept rather than trimmed, a
    /// freed block's pages serve the next. The process is short-lived, so memory kept is not
    /// memory held for long; its peak does not grow, since freed pages are reused rather than
    /// added to. macOS's allocator keeps no such threshold: nothing is set there.
    public static func keepFreedMemory() {
        #if canImport(Glibc)
        // glibc's `mallopt`, which its module map does not declare (malloc.h), with the values
        // of `M_MMAP_THRESHOLD` (-3) and `M_TRIM_THRESHOLD` (-1).
        guard let symbol = dlsym(dlopen(nil, RTLD_LAZY), "mallopt") else { return }
        let mallopt = unsafeBitCast(symbol, to: (@convention(c) (Int32, Int32) -> Int32).self)
        _ = mallopt(-3, 256 << 20)
        _ = mallopt(-1, 1 << 30)
        #else
        // Nothing to set (see above).
        #endif
    }
}
