#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Where a command's time goes, for measuring: with `XCSTRINGS_MERGE_TIMINGS=1` in the
/// environment, `mark` notes the monotonic time after each phase and `report` prints each
/// phase's milliseconds to standard error; otherwise both do nothing.
public enum PhaseTimes {
    nonisolated(unsafe) static var marks: [(String, Double)] = []
    public static let enabled = getenv("XCSTRINGS_MERGE_TIMINGS").map { String(cString: $0) == "1" } ?? false
    nonisolated(unsafe) static var start = 0.0

    /// Starts the clock (the process's first statement calls it).
    public static func begin() {
        if enabled { start = now() }
    }

    static func now() -> Double {
        Stopwatch.now() * 1000
    }

    /// Notes that the phase `name` ended now (from any thread: a phase may run on several).
    public static func mark(_ name: String) {
        guard enabled else { return }
        lock.lock()
        marks.append((name, now()))
        lock.unlock()
    }

    static let lock = Lock()

    /// Prints `phase: N ms` for each phase marked, then the total.
    public static func report() {
        guard enabled, !marks.isEmpty else { return }
        var previous = start
        var text = ""
        for (name, time) in marks {
            text += "timings: \(name): \(Double(Int((time - previous) * 10)) / 10) ms\n"
            previous = time
        }
        text += "timings: total: \(Double(Int((previous - start) * 10)) / 10) ms\n"
        _ = text.withCString { write(2, $0, strlen($0)) }
    }
}
