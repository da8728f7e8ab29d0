/// Big values a short-lived process lets go of by ending, not by freeing them one by one.
///
/// Freeing is work: an import of a 40 MB catalog ends with tens of thousands of entries, units
/// and judgements, each its own allocation, and releasing them took 40 ms of its 300 (the
/// kernel takes the whole address space back at exit in one go). Once the executable called
/// `allowKeepingUntilExit` (as `MemoryMaps.allowMappingsInPlace`: a process that ends soon after
/// its work, never a library's host such as the tests), `keepUntilExit` holds a value until the
/// process ends; otherwise it does nothing and the value is freed as usual.
public enum ProcessLifetime {
    nonisolated(unsafe) private static var allowed = false
    nonisolated(unsafe) private static var kept: [Any] = []
    private static let lock = Lock()

    /// Lets `keepUntilExit` keep: called at the start of a process that ends soon after its work.
    public static func allowKeepingUntilExit() {
        allowed = true
    }

    /// Holds `value` (its references) until the process ends, where that is allowed.
    public static func keepUntilExit(_ value: Any) {
        guard allowed else { return }
        lock.locked { kept.append(value) }
    }
}
