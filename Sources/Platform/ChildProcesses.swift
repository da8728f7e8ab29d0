#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Running a program and measuring it, for the benchmark.
public enum ChildProcesses {
    /// What one run of a program cost.
    public struct Cost: Sendable {
        public var seconds: Double
        /// The child's peak resident memory in bytes.
        public var peakBytes: Int
        public var status: Int32
    }

    /// Runs `arguments` (the program found on PATH) with standard output sent to
    /// `standardOutput` and standard error discarded; nil when it cannot be started.
    public static func measure(_ arguments: [String], standardOutput: String = "/dev/null") -> Cost? {
        // `posix_spawn_file_actions_t` is a pointer on Darwin and a struct on Linux; both start
        // from a zeroed value that `posix_spawn_file_actions_init` fills in.
        #if canImport(Darwin)
        var fileActions: posix_spawn_file_actions_t? = nil
        #else
        var fileActions = posix_spawn_file_actions_t()
        #endif
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        posix_spawn_file_actions_addopen(&fileActions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&fileActions, 2, "/dev/null", O_WRONLY, 0)
        let cArguments = arguments.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        var start = timespec()
        clock_gettime(CLOCK_MONOTONIC, &start)
        guard posix_spawnp(&pid, arguments[0], &fileActions, nil, cArguments, ProcessEnvironment.block) == 0 else {
            return nil
        }
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) < 0 && FileDescriptors.lastError == EINTR {}
        var end = timespec()
        clock_gettime(CLOCK_MONOTONIC, &end)
        let seconds = Double(end.tv_sec - start.tv_sec) + Double(end.tv_nsec - start.tv_nsec) / 1e9
        return Cost(seconds: seconds, peakBytes: peakResidentBytes(usage), status: status)
    }

    /// `ru_maxrss` is in bytes on macOS and in kilobytes on Linux.
    static func peakResidentBytes(_ usage: rusage) -> Int {
        #if canImport(Darwin)
        Int(usage.ru_maxrss)
        #else
        Int(usage.ru_maxrss) * 1024
        #endif
    }
}
