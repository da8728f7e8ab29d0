#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Work on other cores with POSIX threads rather than Dispatch: linking libdispatch runs its
/// initialiser on every start of the process, which a merge driver started once per file pays
/// each time. Every thread is made with the same stack, 8 MiB, on both systems (macOS gives a
/// secondary thread 512 KiB unless told otherwise, Linux the `ulimit -s` of the shell).
public enum Threads {
    /// The stack of each thread made here.
    public static let stackSize = 8 << 20

    /// The processors this process may run on now.
    public static var processorCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// `body(0)`, ..., `body(iterations - 1)` on this thread and up to `processorCount - 1` others,
    /// each index taken by whichever thread is free, lowest first; returns when all are done.
    public static func concurrentPerform(iterations: Int, _ body: (Int) -> Void) {
        guard iterations > 1 else {
            if iterations == 1 { body(0) }
            return
        }
        withoutActuallyEscaping(body) { body in
            let work = SharedWork(iterations: iterations, body: body)
            let helpers = (1..<min(iterations, processorCount)).compactMap { _ in start { work.drain() } }
            work.drain()
            for helper in helpers { helper.join() }
        }
    }

    /// Runs `body` on a new thread; `join` on the result waits for it to end. Nil when no thread
    /// can be made (then nothing runs).
    public static func start(_ body: @escaping @Sendable () -> Void) -> Thread? {
        let context = Unmanaged.passRetained(ThreadBody(body)).toOpaque()
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        #if canImport(Darwin)
        var handle: pthread_t?
        let made = pthread_create(&handle, &attributes, { context in
            Unmanaged<ThreadBody>.fromOpaque(context).takeRetainedValue().body()
            return nil
        }, context)
        guard made == 0, let handle else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            return nil
        }
        return Thread(handle: handle)
        #else
        var handle = pthread_t()
        let made = pthread_create(&handle, &attributes, { context in
            Unmanaged<ThreadBody>.fromOpaque(context!).takeRetainedValue().body()
            return nil
        }, context)
        guard made == 0 else {
            Unmanaged<ThreadBody>.fromOpaque(context).release()
            return nil
        }
        return Thread(handle: handle)
        #endif
    }

    /// A thread `start` made.
    public struct Thread: @unchecked Sendable {
        let handle: pthread_t

        /// Waits for the thread to end.
        public func join() { pthread_join(handle, nil) }
    }

    final class ThreadBody {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// The indices of a `concurrentPerform`, handed out one at a time.
    final class SharedWork: @unchecked Sendable {
        let iterations: Int
        let body: (Int) -> Void
        let lock = Mutex()
        var next = 0

        init(iterations: Int, body: @escaping (Int) -> Void) {
            self.iterations = iterations
            self.body = body
        }

        func drain() {
            while true {
                let index = lock.withLock { () -> Int in
                    defer { next += 1 }
                    return next
                }
                guard index < iterations else { return }
                body(index)
            }
        }
    }
}
