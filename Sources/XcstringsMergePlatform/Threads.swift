#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Work on other cores with POSIX threads rather than Dispatch: linking libdispatch runs its
/// initialiser on every start of the process, which a merge driver started once per file pays
/// each time.
///
/// Like Dispatch, the threads are kept once made, parked on a condition variable between jobs:
/// waking a parked thread puts it on an idle core at once, where a new thread can wait on its
/// parent's core for the scheduler's next balancing (on this project's 2-core machine, making a
/// thread per job made an L merge 9% slower). Every thread has the same stack, 8 MiB, on both
/// systems (macOS gives a secondary thread 512 KiB unless told otherwise).
public enum Threads {
    /// The stack of each thread made here.
    public static let stackSize = 8 << 20

    /// The processors this process may run on now.
    public static var processorCount: Int {
        max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }

    /// `body(0)`, ..., `body(iterations - 1)` on this thread and up to `processorCount - 1` others,
    /// each index taken by whichever thread is free, lowest first; returns when all are done.
    /// Threads busy elsewhere are not waited for: this thread does what no other takes.
    public static func concurrentPerform(iterations: Int, _ body: (Int) -> Void) {
        guard iterations > 1 else {
            if iterations == 1 { body(0) }
            return
        }
        withoutActuallyEscaping(body) { body in
            let work = SharedWork(iterations: iterations, body: body)
            for _ in 1..<min(iterations, processorCount) {
                WorkerPool.shared.submit(Job { work.drain() })
            }
            work.drain()
            work.waitUntilDone()
        }
    }

    /// Runs `body` on another thread; `join` on the result waits for it, running it on the
    /// joining thread if no thread has taken it yet.
    public static func start(_ body: @escaping @Sendable () -> Void) -> Job {
        let job = Job(body)
        WorkerPool.shared.submit(job)
        return job
    }

    /// A piece of work for the pool: run once, by a pool thread or by whoever joins it first.
    public final class Job: @unchecked Sendable {
        private var body: (() -> Void)?
        private let lock = Lock()
        private let finished = Condition()
        private var state = State.waiting

        enum State { case waiting, running, done }

        init(_ body: @escaping () -> Void) { self.body = body }

        /// Runs the body unless someone already has or is.
        func runIfWaiting() {
            let taken: (() -> Void)? = lock.locked {
                guard state == .waiting else { return nil }
                state = .running
                defer { body = nil }
                return body
            }
            guard let taken else { return }
            taken()
            lock.locked {
                state = .done
                finished.broadcast()
            }
        }

        /// Waits for the job to end, running it here if no thread has started it.
        public func join() {
            runIfWaiting()
            waitUntilDone()
        }

        /// For a result no longer wanted: drops the job if no thread has started it, else waits
        /// for it to end.
        public func cancelOrJoin() {
            lock.locked {
                if state == .waiting {
                    state = .done
                    body = nil
                }
            }
            waitUntilDone()
        }

        private func waitUntilDone() {
            lock.lock()
            while state != .done { finished.wait(lock) }
            lock.unlock()
        }
    }

    /// The indices of a `concurrentPerform`, handed out one at a time. The body is dropped when
    /// all are done, so that a helper that starts late holds nothing of the caller's.
    final class SharedWork: @unchecked Sendable {
        let iterations: Int
        private var body: ((Int) -> Void)?
        private let lock = Lock()
        private let allDone = Condition()
        private var next = 0
        private var completed = 0

        init(iterations: Int, body: @escaping (Int) -> Void) {
            self.iterations = iterations
            self.body = body
        }

        func drain() {
            while runNext() {
                lock.locked {
                    completed += 1
                    if completed == iterations { allDone.broadcast() }
                }
            }
        }

        /// Takes the next index and runs the body on it; false when none is left. Apart, so that
        /// this thread's reference to the body is gone before the index counts as done: the
        /// caller's `withoutActuallyEscaping` checks that none is left once all are.
        @inline(never)
        private func runNext() -> Bool {
            let (index, body) = lock.locked { () -> (Int, ((Int) -> Void)?) in
                guard next < iterations else { return (next, nil) }
                next += 1
                return (next - 1, self.body)
            }
            guard let body else { return false }
            body(index)
            return true
        }

        func waitUntilDone() {
            lock.lock()
            while completed < iterations { allDone.wait(lock) }
            body = nil
            lock.unlock()
        }
    }

    /// Up to `processorCount - 1` threads, made as jobs come, that run queued jobs in order.
    final class WorkerPool: @unchecked Sendable {
        static let shared = WorkerPool()

        private let lock = Lock()
        private let jobWaiting = Condition()
        private var queue: [Job] = []
        private var threads = 0
        private var idle = 0
        private let limit = max(1, Threads.processorCount - 1)

        func submit(_ job: Job) {
            lock.lock()
            queue.append(job)
            if idle > 0 {
                jobWaiting.signal()
            } else if threads < limit, makeThread() {
                threads += 1
            }
            lock.unlock()
        }

        private func work() {
            while true {
                lock.lock()
                while queue.isEmpty {
                    idle += 1
                    jobWaiting.wait(lock)
                    idle -= 1
                }
                let job = queue.removeFirst()
                lock.unlock()
                job.runIfWaiting()
            }
        }

        /// A detached thread running `work`; false when none can be made (then joins run the
        /// jobs themselves).
        private func makeThread() -> Bool {
            let context = Unmanaged.passRetained(self).toOpaque()
            let made = Threads.makeThread(detached: true, context: context) { context in
                Unmanaged<WorkerPool>.fromOpaque(context!).takeRetainedValue().work()
                return nil
            }
            if made == nil { Unmanaged<WorkerPool>.fromOpaque(context).release() }
            return made != nil
        }
    }

    /// `body` on a thread of its own with this file's stack size, waited for: for work that
    /// recurses as deep as its input nests (the merge), whose frames then never depend on the
    /// calling thread's stack (a 512 KiB `ulimit -s`, a Mac's secondary threads, other
    /// processors' frame sizes). Runs `body` here when no thread can be made.
    public static func onOwnStack<T>(_ body: () -> T) -> T {
        var result: T?
        withoutActuallyEscaping(body) { body in
            let work = OwnStackWork { result = body() }
            let context = Unmanaged.passRetained(work).toOpaque()
            guard let thread = makeThread(detached: false, context: context, { context in
                Unmanaged<OwnStackWork>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }) else {
                Unmanaged<OwnStackWork>.fromOpaque(context).release()
                work.run()
                return
            }
            #if canImport(Darwin)
            pthread_join(thread!, nil)
            #else
            pthread_join(thread, nil)
            #endif
        }
        return result!
    }

    /// What a thread of `onOwnStack` runs, dropped once run so that nothing of the caller's
    /// outlives the call (the join orders the thread's writes before the caller's reads).
    final class OwnStackWork: @unchecked Sendable {
        private var body: (() -> Void)?
        init(_ body: @escaping () -> Void) { self.body = body }
        func run() {
            body?()
            body = nil
        }
    }

    #if canImport(Darwin)
    typealias ThreadHandle = pthread_t?
    #else
    typealias ThreadHandle = pthread_t
    #endif

    /// A thread with `stackSize` running `routine(context)`, detached or to be joined; nil when
    /// none can be made.
    ///
    /// Signals sent to the process go to the main thread, as with Dispatch, whose threads block
    /// them too: that thread holds SIGINT and SIGTERM back while it notes a new temporary file
    /// for the handler to remove, a window another thread would leave open. Faults (SIGBUS from
    /// a shrunk mapped file, SIGSEGV) stay with the thread that causes them.
    static func makeThread(
        detached: Bool, context: UnsafeMutableRawPointer,
        _ routine: @convention(c) (UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer?
    ) -> ThreadHandle? {
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setstacksize(&attributes, stackSize)
        pthread_attr_setdetachstate(&attributes, Int32(detached ? PTHREAD_CREATE_DETACHED : PTHREAD_CREATE_JOINABLE))
        var blocked = sigset_t(), previous = sigset_t()
        sigfillset(&blocked)
        for fault in [SIGBUS, SIGSEGV, SIGFPE, SIGILL, SIGTRAP, SIGABRT] { sigdelset(&blocked, fault) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        // Both systems' Swift import the start routine's argument as `UnsafeMutableRawPointer?`;
        // the handle is `pthread_t?` on Darwin (a pointer) and a zeroed integer on Linux.
        #if canImport(Darwin)
        var handle: pthread_t?
        #else
        var handle = pthread_t()
        #endif
        return pthread_create(&handle, &attributes, routine, context) == 0 ? handle : nil
    }
}
