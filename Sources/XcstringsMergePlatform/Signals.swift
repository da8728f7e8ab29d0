#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// How the process meets signals that would otherwise end it in the middle of a write.
public enum Signals {
    /// At start: a closed pipe (`lint | head`, a driver whose standard error git closed) makes
    /// writes fail with EPIPE, which output ignores, instead of killing the process before it
    /// writes its result; a file-size limit (`ulimit -f`) makes a write fail with EFBIG, which
    /// is reported (exit 2), instead of killing the process with status 153.
    public static func ignoreWriteSignals() {
        signal(SIGPIPE, SIG_IGN)
        signal(SIGXFSZ, SIG_IGN)
    }

    /// Installs `handler` for `number` (no flags, nothing masked while it runs) and gives back
    /// the action it replaced.
    @discardableResult
    public static func setHandler(_ number: Int32, _ handler: @convention(c) (Int32) -> Void) -> sigaction {
        var action = sigaction(), previous = sigaction()
        #if canImport(Darwin)
        action.__sigaction_u.__sa_handler = handler
        #else
        action.__sigaction_handler.sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        sigaction(number, &action, &previous)
        return previous
    }

    /// Whether `number` is ignored (`SIG_IGN`), as a parent may leave it for its children.
    public static func isIgnored(_ number: Int32) -> Bool {
        var previous = sigaction()
        sigaction(number, nil, &previous)
        #if canImport(Darwin)
        return unsafeBitCast(previous.__sigaction_u.__sa_handler, to: Int.self) == 1
        #else
        return unsafeBitCast(previous.__sigaction_handler.sa_handler, to: Int.self) == 1
        #endif
    }
}

/// The temporary files being written, removed if SIGINT, SIGTERM or SIGHUP ends the process
/// before they are renamed into place: the handler only calls `unlink` (async-signal-safe) on
/// paths kept in memory it never frees, then lets the signal end the process as it would have.
public enum TemporaryFiles {
    static let slots = 16
    static let pathSize = 4096
    /// Each slot: a NUL-terminated path, empty when unused.
    nonisolated(unsafe) static let paths: UnsafeMutablePointer<CChar> = {
        let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: slots * pathSize)
        buffer.initialize(repeating: 0, count: slots * pathSize)
        return buffer
    }()
    nonisolated(unsafe) static var installed = false
    static let lock = Lock()

    /// Runs `make`, which creates a temporary file and gives its descriptor and path, with
    /// SIGINT, SIGTERM and SIGHUP held back until the path is noted: none can end the process
    /// between the two.
    public static func creating(_ make: () -> (Int32, String?)) -> (Int32, String?) {
        var held = sigset_t(), previous = sigset_t()
        sigemptyset(&held)
        for signal in handled { sigaddset(&held, signal) }
        pthread_sigmask(SIG_BLOCK, &held, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let (fd, path) = make()
        register(path)
        return (fd, path)
    }

    static let handled = [SIGINT, SIGTERM, SIGHUP]

    /// Notes `path`, installing the handlers the first time.
    static func register(_ path: String?) {
        lock.locked {
            if !installed {
                installed = true
                for signal in handled { install(signal) }
            }
            guard let path, path.utf8.count < pathSize else { return }
            for slot in 0..<slots where paths[slot * pathSize] == 0 {
                _ = path.withCString { strcpy(paths + slot * pathSize, $0) }
                return
            }
        }
    }

    /// Forgets `path`, once it was renamed into place or removed.
    public static func unregister(_ path: String?) {
        guard let path else { return }
        lock.locked {
            for slot in 0..<slots where paths[slot * pathSize] != 0 {
                if path.withCString({ strcmp(paths + slot * pathSize, $0) }) == 0 {
                    paths[slot * pathSize] = 0
                    return
                }
            }
        }
    }

    static func install(_ signal: Int32) {
        // A signal ignored when the process started (`nohup`, a shell's background job) stays
        // ignored, as the one who started it asked.
        if Signals.isIgnored(signal) { return }
        Signals.setHandler(signal, removeTemporaryFiles)
    }
}

/// The handler: removes the files noted, then ends the process by the same signal.
private func removeTemporaryFiles(_ number: Int32) {
    for slot in 0..<TemporaryFiles.slots where TemporaryFiles.paths[slot * TemporaryFiles.pathSize] != 0 {
        unlink(TemporaryFiles.paths + slot * TemporaryFiles.pathSize)
    }
    signal(number, SIG_DFL)
    raise(number)
}
