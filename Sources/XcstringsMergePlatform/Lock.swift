#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A mutex for the few places that need one (the temporary files noted for the signal handler, a
/// slot of a result table, a pool of collators, the thread pool), the same on both systems and
/// without Foundation's `NSLock`: the tool does not link Foundation on Linux, where loading it
/// costs every start of the process. Its `pthread_mutex_t` lives at a fixed address, as POSIX
/// requires.
public final class Lock: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    public init() {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    public func lock() { pthread_mutex_lock(mutex) }
    func wait(on condition: UnsafeMutablePointer<pthread_cond_t>) { pthread_cond_wait(condition, mutex) }
    public func unlock() { pthread_mutex_unlock(mutex) }

    /// `body` with the lock held.
    public func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A condition variable to wait on with a `Lock` held (`pthread_cond_t`).
public final class Condition: @unchecked Sendable {
    private let condition: UnsafeMutablePointer<pthread_cond_t>

    public init() {
        condition = .allocate(capacity: 1)
        condition.initialize(to: pthread_cond_t())
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        condition.deallocate()
    }

    /// Releases `mutex`, which the caller holds, until signalled (or spuriously woken: callers
    /// wait in a loop on their own condition), then holds it again.
    public func wait(_ mutex: Lock) { mutex.wait(on: condition) }
    public func signal() { pthread_cond_signal(condition) }
    public func broadcast() { pthread_cond_broadcast(condition) }
}
