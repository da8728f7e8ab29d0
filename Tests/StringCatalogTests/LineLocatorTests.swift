import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// Findings are located in one counting pass; it must give what a table of line starts gives
/// (line feeds, carriage returns and CR LF pairs ending lines; columns in Unicode scalars), for
/// every offset, including ones inside a CR LF pair and past the end.
@Suite struct LineLocatorTests {
    /// The reference: every line start listed, then the last one at or before the offset.
    static func reference(_ offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var starts = [0]
        var i = 0
        while i < bytes.count {
            if bytes[i] == 0x0A {
                starts.append(i + 1)
            } else if bytes[i] == 0x0D {
                if i + 1 < bytes.count && bytes[i + 1] == 0x0A { i += 1 }
                starts.append(i + 1)
            }
            i += 1
        }
        let offset = max(0, min(offset, bytes.count))
        let line = starts.lastIndex { $0 <= offset }!
        let column = 1 + bytes[starts[line]..<offset].filter { $0 & 0xC0 != 0x80 }.count
        return (line + 1, column)
    }

    @Test(arguments: Array(UInt64(1)...20))
    func agreesWithATableOfLineStarts(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let pieces: [[UInt8]] = [[0x0A], [0x0D], [0x0D, 0x0A], Array("ab".utf8), Array("é".utf8), Array("漢".utf8), [0x20]]
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...300, using: &random) { bytes += pieces.randomElement(using: &random)! }
        var offsets = (0..<Int.random(in: 0...40, using: &random)).map { _ in Int.random(in: 0...(bytes.count + 2), using: &random) }
        offsets.sort()
        let found = LineLocator.locations(of: offsets, in: bytes)
        for (offset, location) in zip(offsets, found) {
            let expected = Self.reference(offset, in: bytes)
            #expect(location == expected, "offset \(offset) in \(bytes)")
        }
    }
}

extension LineLocatorTests {
    @Test(arguments: Array(UInt64(1)...10))
    func lineFeedsCountedEightAtATime(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        let bytes = (0..<Int.random(in: 0...100, using: &random)).map { _ in
            [0x0A, 0x0B, 0x09, 0x8A, 0x00, 0xFF, 0x7F, 0x0A].randomElement(using: &random)! as UInt8
        }
        for start in stride(from: 0, through: bytes.count, by: 7) {
            let expected = bytes[start...].filter { $0 == 0x0A }.count
            let counted = bytes.withUnsafeBufferPointer { LineLocator.lineFeeds(in: UnsafeBufferPointer(rebasing: $0[start...])) }
            #expect(counted == expected)
        }
    }
}

extension LineLocatorTests {
    /// Lines long and short, in runs: long ones passed over by `memchr`, short ones counted
    /// eight bytes at a time, from every start.
    @Test(arguments: Array(UInt64(1)...6))
    func lineFeedsOfLinesLongAndShort(seed: UInt64) {
        var random = SeededGenerator(seed: seed)
        var bytes: [UInt8] = []
        while bytes.count < 30_000 {
            let length = Bool.random(using: &random) ? Int.random(in: 0...70, using: &random) : Int.random(in: 60...400, using: &random)
            for _ in 0..<Int.random(in: 1...40, using: &random) {
                bytes += (0..<length).map { _ in [0x41, 0x8A, 0x0B, 0x00].randomElement(using: &random)! as UInt8 }
                bytes.append(0x0A)
            }
        }
        for start in stride(from: 0, to: bytes.count, by: 997) {
            let end = min(bytes.count, start + Int.random(in: 0...12_000, using: &random))
            let expected = bytes[start..<end].filter { $0 == 0x0A }.count
            let counted = bytes.withUnsafeBufferPointer { LineLocator.lineFeeds(in: UnsafeBufferPointer(rebasing: $0[start..<end])) }
            #expect(counted == expected, "seed \(seed), \(start)..<\(end)")
        }
    }

    /// Long runs of line feeds fill every byte's count (255 words at a time) without overflow.
    @Test(arguments: [0, 1, 7, 2040, 2041, 4096, 20_000])
    func longRunsOfLineFeeds(count: Int) {
        let bytes = [UInt8](repeating: 0x0A, count: count) + [0x41] + [UInt8](repeating: 0x0A, count: count / 3)
        let counted = bytes.withUnsafeBufferPointer { LineLocator.lineFeeds(in: $0) }
        #expect(counted == count + count / 3)
    }
}
