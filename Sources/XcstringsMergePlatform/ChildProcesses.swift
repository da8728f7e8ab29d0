#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Running other programs: git and an editor for the tool, any program for the benchmark.
public enum ChildProcesses {
    /// What a program printed and how it ended.
    public struct Output: Sendable {
        /// The exit status as `wait` gives it; 127 when the program could not be started.
        public var status: Int32
        public var standardOutput: [UInt8]
        public var standardError: [UInt8]
    }

    /// Runs `arguments` (the program found on PATH), standard input empty, with `environment`
    /// added to this process's, and collects both of its outputs (read together, so that a
    /// child filling one pipe while this process waits on the other cannot stall).
    public static func run(_ arguments: [String], environment: [String: String] = [:]) -> Output {
        var outputPipe: [Int32] = [-1, -1], errorPipe: [Int32] = [-1, -1]
        guard pipe(&outputPipe) == 0 else { return Output(status: 127, standardOutput: [], standardError: []) }
        guard pipe(&errorPipe) == 0 else {
            close(outputPipe[0])
            close(outputPipe[1])
            return Output(status: 127, standardOutput: [], standardError: [])
        }
        var variables = ProcessEnvironment.variables
        for (name, value) in environment { variables[name] = value }
        let cEnvironment = variables.map { strdup($0.key + "=" + $0.value) } + [nil]
        defer { for pointer in cEnvironment { free(pointer) } }
        let pid = cEnvironment.withUnsafeBufferPointer { block in
            spawn(arguments, environment: block.baseAddress!) { fileActions in
                posix_spawn_file_actions_addopen(fileActions, 0, "/dev/null", O_RDONLY, 0)
                posix_spawn_file_actions_adddup2(fileActions, outputPipe[1], 1)
                posix_spawn_file_actions_adddup2(fileActions, errorPipe[1], 2)
                for fd in outputPipe + errorPipe { posix_spawn_file_actions_addclose(fileActions, fd) }
            }
        }
        close(outputPipe[1])
        close(errorPipe[1])
        defer {
            close(outputPipe[0])
            close(errorPipe[0])
        }
        guard let pid else {
            return Output(status: 127, standardOutput: [], standardError: Array("cannot run \(arguments[0])".utf8))
        }
        var collected: [[UInt8]] = [[], []]
        var open = [true, true]
        let fds = [outputPipe[0], errorPipe[0]]
        var chunk = [UInt8](repeating: 0, count: 65536)
        while open[0] || open[1] {
            var polled = (0..<2).filter { open[$0] }.map { pollfd(fd: fds[$0], events: Int16(POLLIN), revents: 0) }
            if poll(&polled, nfds_t(polled.count), -1) < 0 {
                if FileDescriptors.lastError == EINTR { continue }
                break
            }
            for entry in polled where entry.revents != 0 {
                let which = entry.fd == fds[0] ? 0 : 1
                let count = chunk.withUnsafeMutableBytes { FileDescriptors.read(entry.fd, into: $0.baseAddress!, count: $0.count) }
                if count > 0 { collected[which] += chunk[0..<count] } else { open[which] = false }
            }
        }
        return Output(status: wait(pid), standardOutput: collected[0], standardError: collected[1])
    }

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
        var start = timespec()
        let spawned = spawn(arguments, environment: ProcessEnvironment.block) { fileActions in
            posix_spawn_file_actions_addopen(fileActions, 1, standardOutput, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
            posix_spawn_file_actions_addopen(fileActions, 2, "/dev/null", O_WRONLY, 0)
            clock_gettime(CLOCK_MONOTONIC, &start)
        }
        guard let pid = spawned else { return nil }
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

    #if canImport(Darwin)
    /// `posix_spawn_file_actions_t` is a pointer on Darwin and a struct on Linux; both start from
    /// a zeroed value that `posix_spawn_file_actions_init` fills in.
    typealias FileActions = posix_spawn_file_actions_t?
    static var unsetFileActions: FileActions { nil }
    #else
    typealias FileActions = posix_spawn_file_actions_t
    static var unsetFileActions: FileActions { FileActions() }
    #endif

    /// `posix_spawnp` of `arguments` with the file actions `arrange` adds; nil when the program
    /// cannot be started.
    static func spawn(
        _ arguments: [String], environment: UnsafePointer<UnsafeMutablePointer<CChar>?>,
        arrange: (UnsafeMutablePointer<FileActions>) -> Void
    ) -> pid_t? {
        var fileActions = unsetFileActions
        posix_spawn_file_actions_init(&fileActions)
        defer { posix_spawn_file_actions_destroy(&fileActions) }
        arrange(&fileActions)
        let cArguments = arguments.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        return posix_spawnp(&pid, arguments[0], &fileActions, nil, cArguments, environment) == 0 ? pid : nil
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
    /// ignores or blocks given back their defaults and an empty signal mask (the pool's threads
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
