import XcstringsMergePlatform
import Testing

/// Platform's threads, which replace Dispatch: every index once, nested use without deadlock,
/// joins that run a job nobody took. (That signals sent to the process reach the main thread, not
/// a pool thread, is proven through the tool: `WriteSafetyTests.aSignalMidWriteLeavesNoTemporaryFile`.)
@Suite struct ThreadsTests {
    final class Counts: @unchecked Sendable {
        let lock = Lock()
        var seen: [Int]
        init(_ count: Int) { seen = Array(repeating: 0, count: count) }
        func note(_ index: Int) { lock.locked { seen[index] += 1 } }
    }

    @Test(arguments: [0, 1, 2, 3, 17, 1000])
    func concurrentPerformRunsEveryIndexOnce(iterations: Int) {
        // Many rounds: a helper still holding the body when the call returns would trap
        // ("non-escaping closure has escaped").
        for _ in 0..<200 {
            let counts = Counts(iterations)
            Threads.concurrentPerform(iterations: iterations) { counts.note($0) }
            #expect(counts.seen.allSatisfy { $0 == 1 })
        }
    }

    @Test func nestedUseFinishesWithEveryThreadBusy() {
        let counts = Counts(64)
        Threads.concurrentPerform(iterations: 8) { outer in
            Threads.concurrentPerform(iterations: 8) { inner in counts.note(outer * 8 + inner) }
            let job = Threads.start { counts.note(63 - outer) }
            job.join()
        }
        #expect(counts.seen.enumerated().allSatisfy { index, count in count == (index >= 56 ? 2 : 1) })
    }

    @Test func aJobRunsOnceWhetherJoinedOrCancelled() {
        for round in 0..<500 {
            let counts = Counts(1)
            let job = Threads.start { counts.note(0) }
            if round % 2 == 0 {
                job.join()
                #expect(counts.seen[0] == 1)
            } else {
                job.cancelOrJoin()
                #expect(counts.seen[0] <= 1)
            }
        }
    }
}
