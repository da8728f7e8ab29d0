import XcstringsMergePlatform

#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A catalog's bytes handed to the file with as few copies as the kernel allows.
///
/// Most of a merged or formatted catalog is entries kept as the bytes they were read from
/// (`RawJSON`). Copying each into a buffer and the buffer into the file read 40 MB twice for an
/// L merge; here an entry's bytes go to `writev(2)` where they are (the mapped or read input),
/// and so do the writer's bytes before an entry when the input holds the same bytes there: a run
/// of entries that an input holds side by side, in Xcode's layout, is one piece however long.
/// Only the writer's other bytes (a changed entry's key, the top of the file) are pieces of
/// their own, handed over as the writer made them.
///
/// Pieces go to the file in order on another thread while the next are gathered, one batch in
/// flight at a time: about a megabyte, a run being cut at `longestRun` so that the two overlap.
final class GatheredWrites: @unchecked Sendable {
    private let file: AtomicFile
    /// Pieces gathered and not yet handed over; each slice keeps its bytes alive.
    private var pieces: [ArraySlice<UInt8>] = []
    private var gatheredBytes = 0
    /// The input's bytes being gathered into one piece: a value read from that input, and how
    /// far they go in it.
    private var run: (raw: RawJSON, range: Range<Int>)?
    /// The batch being written; touched by the caller only after `inFlight` is joined.
    private var batch: [ArraySlice<UInt8>] = []
    private var inFlight: Threads.Job?
    /// The first failure; later batches are then dropped. Read after a join.
    private var failure: FileError?

    /// At most this many pieces a batch: `writev` takes 1,024 at a time.
    static let batchPieces = 1024
    /// The bytes a batch gathers before it is handed over, and the longest run; tests lower
    /// them, so that small catalogs take the paths a big one takes.
    let batchSize: Int
    let longestRun: Int

    init(_ file: AtomicFile, batchSize: Int = 1 << 20, longestRun: Int = 4 << 20) {
        self.file = file
        self.batchSize = batchSize
        self.longestRun = longestRun
    }

    /// Takes `raw` and `output`, the writer's bytes since the value before (`XcodeWriter.rawSink`),
    /// leaving `output` empty.
    func take(_ output: inout [UInt8], _ raw: RawJSON) {
        if let (runRaw, range) = run, range.upperBound + output.count == raw.range.lowerBound, range.count < longestRun,
            runRaw.sharesSource(with: raw), Self.holds(raw.source, output, at: range.upperBound)
        {
            run = (runRaw, range.lowerBound..<raw.range.upperBound)
            output.removeAll(keepingCapacity: true)
            return
        }
        endRun()
        var start = raw.range.lowerBound
        if !output.isEmpty {
            if start >= output.count && Self.holds(raw.source, output, at: start - output.count) {
                start -= output.count
                output.removeAll(keepingCapacity: true)
            } else {
                // Handed over as they are; the writer starts a new buffer.
                append(ArraySlice(output))
                output = []
            }
        }
        run = (raw, start..<raw.range.upperBound)
    }

    /// Takes what the writer gathered of its own (`XcodeWriter.drain`), leaving `output` empty.
    func drain(_ output: inout [UInt8]) {
        endRun()
        append(ArraySlice(output))
        output = []
    }

    /// Writes `last` after everything taken, waits for the writing to end and throws its first
    /// failure.
    func finish(_ last: [UInt8]) throws(FileError) {
        endRun()
        if !last.isEmpty { append(ArraySlice(last)) }
        handOver()
        inFlight?.join()
        inFlight = nil
        if let failure { throw failure }
    }

    private func endRun() {
        guard let (raw, range) = run else { return }
        append(raw.source[range])
        run = nil
    }

    private func append(_ piece: ArraySlice<UInt8>) {
        pieces.append(piece)
        gatheredBytes += piece.count
        if gatheredBytes >= batchSize || pieces.count >= Self.batchPieces { handOver() }
    }

    /// Starts writing the pieces gathered once the batch before them is written.
    private func handOver() {
        inFlight?.join()
        inFlight = nil
        guard !pieces.isEmpty else { return }
        swap(&batch, &pieces)
        pieces.removeAll(keepingCapacity: true)
        gatheredBytes = 0
        inFlight = Threads.start { [self] in
            guard failure == nil else { return }
            // The batch holds every slice until the write returns, and nothing changes them:
            // their buffers stay where they are.
            let buffers = batch.map { slice in slice.withUnsafeBytes { $0 } }
            do throws(FileError) { try file.write(pieces: buffers) } catch { failure = error }
        }
    }

    /// Whether `source` holds `bytes` at `offset`.
    static func holds(_ source: [UInt8], _ bytes: [UInt8], at offset: Int) -> Bool {
        guard offset >= 0, offset + bytes.count <= source.count else { return false }
        return source.withUnsafeBufferPointer { source in
            bytes.withUnsafeBufferPointer { bytes in
                bytes.isEmpty || memcmp(source.baseAddress! + offset, bytes.baseAddress!, bytes.count) == 0
            }
        }
    }
}
