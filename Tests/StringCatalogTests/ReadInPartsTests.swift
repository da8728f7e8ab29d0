import Foundation
import Testing
@testable import StringCatalog
import XcstringsMergeTestSupport

/// A big file is read in parts on all cores while other work runs; the bytes must be the file's,
/// whatever its size, and the other work must run exactly once.
@Suite struct ReadInPartsTests {
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var value = 0
        func increment() { lock.withLock { value += 1 } }
        var count: Int { lock.withLock { value } }
    }

    @Test(arguments: [0, 1, 4095, 1 << 20, (4 << 20) - 1, 4 << 20, (4 << 20) + 1, (4 << 20) + 3, (4 << 20) + 4097, (9 << 20) + 12_345])
    func givesTheFileAndRunsTheOtherWorkOnce(size: Int) throws {
        var random = SeededGenerator(seed: UInt64(size) &+ 1)
        let bytes = (0..<size).map { _ in UInt8.random(in: 0...255, using: &random) }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = try directory.write("file.bin", bytes).path
        let counter = Counter()
        let read = try FileBytes.readInParts(path) { counter.increment() }
        // Compared apart, so that a failure does not print megabytes.
        let same = read == bytes
        #expect(read.count == bytes.count)
        #expect(same)
        #expect(counter.count == 1)
    }

    @Test func aMissingFileIsAnErrorAndTheOtherWorkStillRuns() {
        let counter = Counter()
        #expect(throws: FileError.self) { try FileBytes.readInParts("/nonexistent/read-in-parts") { counter.increment() } }
        #expect(counter.count == 1)
    }
}
