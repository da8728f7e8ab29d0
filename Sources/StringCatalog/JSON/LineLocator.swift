#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Byte offsets to lines and columns. Lines end at a line feed, a carriage return, or both
/// together; columns count Unicode scalars.
public enum LineLocator {
    /// The 1-based line and column of each of `offsets` (in ascending order) in `bytes`, found
    /// in one pass that counts line feeds up to the last of them, with no table of lines.
    public static func locations(of offsets: [Int], in bytes: [UInt8]) -> [(line: Int, column: Int)] {
        bytes.withUnsafeBufferPointer { locations(of: offsets, in: $0) }
    }

    /// `locations(of:in:)` in bytes held elsewhere (a mapped file).
    public static func locations(of offsets: [Int], in buffer: UnsafeBufferPointer<UInt8>) -> [(line: Int, column: Int)] {
        // A carriage return (rare in catalogs) ends lines too: then the bytes are read one by one.
        let carriageReturns = holdsCarriageReturn(buffer)
        var line = 0
        var counted = 0
        return locations(of: offsets, in: buffer, from: 0, carriageReturns: carriageReturns, line: &line, counted: &counted)
            .map { ($0.line + 1, $0.column) }
    }

    /// The locations of `offsets` (none before `from`, no carriage return in `buffer`) and the
    /// number of line feeds from `from` to `end`, in one pass.
    public static func locations(of offsets: [Int], in buffer: UnsafeBufferPointer<UInt8>, from: Int, lineFeedsTo end: Int) -> (
        locations: [(line: Int, column: Int)], lineFeeds: Int
    ) {
        var line = 0
        var counted = 0
        let found = locations(of: offsets, in: buffer, from: from, carriageReturns: false, line: &line, counted: &counted)
        return (found, line + lineFeeds(in: UnsafeBufferPointer(rebasing: buffer[counted..<max(counted, min(end, buffer.count))])))
    }

    /// The lines (counted from 0 at the line holding `from`) and columns of `offsets` (in
    /// ascending order, none before `from`; with `carriageReturns`, `from` must be 0), leaving
    /// in `line` the lines counted and in `counted` the offset they were counted to.
    static func locations(
        of offsets: [Int], in buffer: UnsafeBufferPointer<UInt8>, from: Int, carriageReturns hasCarriageReturn: Bool,
        line: inout Int, counted: inout Int
    ) -> [(line: Int, column: Int)] {
        line = 0
        var lineStart = max(0, min(from, buffer.count))
        while lineStart > 0 && buffer[lineStart - 1] != 0x0A { lineStart -= 1 }
        counted = max(0, min(from, buffer.count))
        var result: [(line: Int, column: Int)] = []
        result.reserveCapacity(offsets.count)
        var (lastLineStart, lastOffset, lastColumn) = (-1, -1, 1)
        for unclamped in offsets {
            let offset = max(counted, min(unclamped, buffer.count))
            if hasCarriageReturn {
                var i = counted
                while i < offset {
                    let byte = buffer[i]
                    if byte == 0x0D && i + 1 < buffer.count && buffer[i + 1] == 0x0A {
                        // CR LF ends one line, after the LF: not before `offset` if the LF
                        // is at it (the next offset reads the pair again).
                        if i + 1 >= offset { break }
                        i += 1
                    }
                    if byte == 0x0A || byte == 0x0D {
                        line += 1
                        lineStart = i + 1
                    }
                    i += 1
                }
                counted = i
            } else {
                let feeds = lineFeeds(in: UnsafeBufferPointer(rebasing: buffer[counted..<offset]))
                if feeds > 0 {
                    line += feeds
                    var start = offset
                    while buffer[start - 1] != 0x0A { start -= 1 }
                    lineStart = start
                }
                counted = offset
            }
            // Columns count on from the last offset when it is on the same line: many offsets
            // on one long line (a minified file) cost one pass over it, not one each.
            var column = 1
            var i = lineStart
            if lastLineStart == lineStart && lastOffset >= lineStart && lastOffset <= offset {
                column = lastColumn
                i = lastOffset
            }
            while i < offset {
                if buffer[i] & 0xC0 != 0x80 { column += 1 }
                i += 1
            }
            (lastLineStart, lastOffset, lastColumn) = (lineStart, offset, column)
            // A byte order mark on the first line is not a character anyone sees.
            let bom = lineStart == 0 && offset >= 3 && buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF
            result.append((line, bom ? column - 1 : column))
        }
        return result
    }

    /// Whether a carriage return is in `bytes` (then lines are not counted by line feeds).
    public static func holdsCarriageReturn(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { holdsCarriageReturn($0) }
    }

    static func holdsCarriageReturn(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        buffer.baseAddress.map { memchr($0, 0x0D, buffer.count) != nil } ?? false
    }

    /// The number of line feeds in `bytes`: long lines (an export's base64, a minified file)
    /// and the few lines between two places asked for (an XLIFF's units) passed over a line
    /// at a time by `memchr`; many short ones counted eight bytes at a time
    /// (`denseLineFeeds`), a few kilobytes at once.
    public static func lineFeeds(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        var count = 0
        var i = 0
        while i < bytes.count, let found = memchr(base + i, 0x0A, bytes.count - i) {
            let feed = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            count += 1
            if feed - i >= 64 || bytes.count - feed < 1024 {
                i = feed + 1
                continue
            }
            let end = min(bytes.count, feed + 1 + 4096)
            count += denseLineFeeds(in: UnsafeBufferPointer(rebasing: bytes[(feed + 1)..<end]))
            i = end
        }
        return count
    }

    /// The number of line feeds in `bytes`, counted eight bytes at a time.
    static func denseLineFeeds(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        var count = 0
        var i = 0
        while i + 8 <= bytes.count {
            // The high bit of each byte of `feeds` is set exactly for the line feeds. Those bits
            // are added up bytewise for up to 255 words, then summed across the bytes.
            var sums: UInt64 = 0
            var words = 0
            while words < 255 && i + 8 <= bytes.count {
                let feeds = ByteWords.bytes(ByteWords.load(raw, at: i), equalTo: 0x0A)
                sums &+= feeds >> 7
                words += 1
                i += 8
            }
            // Byte pairs first (each at most 510), then the four pairs (at most 2,040).
            let pairs = (sums & 0x00FF_00FF_00FF_00FF) &+ ((sums >> 8) & 0x00FF_00FF_00FF_00FF)
            count += Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) >> 48)
        }
        while i < bytes.count {
            if bytes[i] == 0x0A { count += 1 }
            i += 1
        }
        return count
    }
}
