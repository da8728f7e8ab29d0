#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Time elapsed on the monotonic clock since it was started.
///
/// Not `ContinuousClock`: that type lives in Swift's Concurrency library, and one use of it links
/// the concurrency runtime and, on Linux, libdispatch into the binary, whose start-up code then
/// runs in every process (the driver starts once per merged file).
public struct Stopwatch: Sendable {
    let started: Double

    public init() {
        started = Stopwatch.now()
    }

    /// Seconds since `init`.
    public var seconds: Double {
        Stopwatch.now() - started
    }

    /// The monotonic clock, in seconds.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
