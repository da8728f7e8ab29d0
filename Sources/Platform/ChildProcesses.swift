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
        /// The processor time the child used, user and system: what other work on the machine
        /// changes least.
        public var cpuSeconds: Double = 0
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
        func cpu(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
        return Cost(
            seconds: seconds, cpuSeconds: cpu(usage.ru_utime) + cpu(usage.ru_stime), peakBytes: peakResidentBytes(usage),
            status: status)
    }

    /// `ru_maxrss` is in bytes on macOS and in kilobytes on Linux.
    static func peakResidentBytes(_ usage: rusage) -> Int {
        #if canImport(Darwin)
        Int(usage.ru_maxrss)
        #else
        Int(usage.ru_maxrss) * 1024
        #endif
    }

    /// Starts a program in this process's own process group, with the signals this process
    /// ignores or blocks given back their defaults and an empty signal mask (Dispatch's threads
    /// block signals; a child of theirs would inherit that); nil when it cannot be started.
    public static func spawn(_ arguments: [String]) -> pid_t? {
        #if canImport(Darwin)
        var attributes: posix_spawnattr_t? = nil
        #else
        var attributes = posix_spawnattr_t()
        #endif
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t(), defaults = sigset_t()
        sigemptyset(&none)
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGQUIT, SIGTERM, SIGHUP, SIGPIPE, SIGXFSZ, SIGTTIN, SIGTTOU] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let cArguments = arguments.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawnp(&pid, arguments[0], nil, &attributes, cArguments, ProcessEnvironment.block) == 0 else { return nil }
        return pid
    }

    /// Waits for a child: its exit status, 128 + the signal for one that ended it, 127 when it
    /// cannot be waited for.
    public static func wait(_ pid: pid_t) -> Int32 {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if FileDescriptors.lastError != EINTR { return 127 }
        }
        let signalled = status & 0x7f
        return signalled == 0 ? (status >> 8) & 0xff : 128 + signalled
    }

    /// Runs a program on this terminal and waits for it (`$EDITOR`): in this process's own
    /// process group (`spawn`), so that it is in the terminal's foreground and may read it
    /// (Foundation's `Process` starts a new group, whose reads of the terminal stop it with
    /// SIGTTIN), with SIGINT and SIGQUIT ignored here meanwhile, as `system(3)` does: a Ctrl-C is
    /// the program's. The exit status as `wait` gives it, or 127 when it cannot be started.
    public static func runAttached(_ arguments: [String]) -> Int32 {
        let previousInterrupt = signal(SIGINT, SIG_IGN)
        let previousQuit = signal(SIGQUIT, SIG_IGN)
        defer {
            signal(SIGINT, previousInterrupt)
            signal(SIGQUIT, previousQuit)
        }
        guard let pid = spawn(arguments) else { return 127 }
        return wait(pid)
    }
}
