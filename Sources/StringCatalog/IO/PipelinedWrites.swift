import XcstringsMergePlatform

/// The pieces of a file written in order on another thread while the caller makes the next one:
/// for a big catalog, the kernel's copy of each megabyte into the file (and, for a durable
/// write, sending it to the disk) overlaps the writer's work on the next, where one thread did
/// both in turn (an out-of-order 41 MB catalog: a third of `format`'s time was those writes).
///
/// One piece is in flight at a time, so the pieces reach the file in the order handed over and
/// at most two buffers exist. The caller's buffer and the one in flight are swapped, never
/// copied.
final class PipelinedWrites: @unchecked Sendable {
    private let file: AtomicFile
    /// The piece being written; touched by the caller only after `inFlight` is joined.
    private var piece: [UInt8]
    private var inFlight: Threads.Job?
    /// The first failure; later pieces are then dropped. Read after a join.
    private var failure: FileError?

    init(_ file: AtomicFile) {
        self.file = file
        piece = []
    }

    /// Starts writing `output` and hands back an empty buffer (the previous piece's, once it is
    /// written) to fill next.
    func hand(_ output: inout [UInt8]) {
        inFlight?.join()
        piece.removeAll(keepingCapacity: true)
        // The second buffer is made the first time it is needed, as big as the caller's.
        if piece.capacity < output.capacity { piece.reserveCapacity(output.capacity) }
        swap(&piece, &output)
        inFlight = Threads.start { [self] in
            guard failure == nil else { return }
            do throws(FileError) { try file.write(piece) } catch { failure = error }
        }
    }

    /// Waits for the piece in flight, then writes `last` on this thread (a catalog under a
    /// megabyte is written here whole, with no thread woken); throws the first failure.
    func finish(_ last: [UInt8]) throws(FileError) {
        inFlight?.join()
        inFlight = nil
        if let failure { throw failure }
        if !last.isEmpty { try file.write(last) }
    }
}
