import XcstringsMergePlatform

/// Work over many items in blocks, the blocks on all cores, the results kept in order: how a big
/// catalog's entries are validated and linted.
public enum ParallelBlocks {
    /// `body` over `0..<count` in blocks of `blockSize`; the results concatenated in order.
    public static func map<T>(_ count: Int, blockSize: Int, _ body: @Sendable (Range<Int>) -> [T]) -> [T] {
        guard count > blockSize else { return body(0..<count) }
        let blocks = (count + blockSize - 1) / blockSize
        let results = Results<T>(count: blocks)
        Threads.concurrentPerform(iterations: blocks) { block in
            results.set(block, body(block * blockSize..<min(count, (block + 1) * blockSize)))
        }
        return results.all
    }

    /// The results of the blocks, in block order.
    final class Results<T>: @unchecked Sendable {
        private var slots: [[T]]
        private let lock = Lock()

        init(count: Int) { slots = Array(repeating: [], count: count) }

        func set(_ index: Int, _ value: [T]) {
            lock.lock()
            slots[index] = value
            lock.unlock()
        }

        var all: [T] { slots.flatMap { $0 } }
    }
}
