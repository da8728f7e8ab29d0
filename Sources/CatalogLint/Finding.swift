#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import StringCatalog

/// How much a finding matters.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case note, warning, error

    /// Its place in `allCases`.
    var index: Int {
        switch self {
        case .note: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}

/// Something a lint rule found, located in the catalog file as it is on disk.
public struct Finding: Sendable, Equatable {
    public var rule: String
    public var severity: Severity
    public var file: String
    /// 1-based line and column of the offending value (or of the entry's key).
    public var line: Int
    public var column: Int
    public var key: UTF8Bytes
    /// nil for findings about a whole entry.
    public var locale: UTF8Bytes?
    public var message: String

    public init(
        rule: String, severity: Severity, file: String, line: Int, column: Int, key: UTF8Bytes, locale: UTF8Bytes?,
        message: String
    ) {
        self.rule = rule
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.key = key
        self.locale = locale
        self.message = message
    }

    /// What `--since` compares: the same rule at the same key and locale is the same finding.
    public var identity: String { rule + "\u{0}" + key.string + "\u{0}" + (locale?.string ?? "") }
}

/// Byte offsets to lines and columns. Lines end at a line feed, a carriage return, or both
/// together; columns count Unicode scalars.
enum LineLocator {
    /// The 1-based line and column of each of `offsets` (in ascending order) in `bytes`, found
    /// in one pass that counts line feeds up to the last of them, with no table of lines.
    static func locations(of offsets: [Int], in bytes: [UInt8]) -> [(line: Int, column: Int)] {
        // A carriage return (rare in catalogs) ends lines too: then the bytes are read one by one.
        let carriageReturns = holdsCarriageReturn(bytes)
        return bytes.withUnsafeBufferPointer { buffer in
            var line = 0
            var counted = 0
            return locations(of: offsets, in: buffer, from: 0, carriageReturns: carriageReturns, line: &line, counted: &counted)
                .map { ($0.line + 1, $0.column) }
        }
    }

    /// The locations of `offsets` (none before `from`, no carriage return in `buffer`) and the
    /// number of line feeds from `from` to `end`, in one pass.
    static func locations(of offsets: [Int], in buffer: UnsafeBufferPointer<UInt8>, from: Int, lineFeedsTo end: Int) -> (
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
            var column = 1
            var i = lineStart
            while i < offset {
                if buffer[i] & 0xC0 != 0x80 { column += 1 }
                i += 1
            }
            result.append((line, column))
        }
        return result
    }

    /// Whether a carriage return is in `bytes` (then lines are not counted by line feeds).
    static func holdsCarriageReturn(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { memchr($0, 0x0D, buffer.count) != nil } ?? false }
    }

    /// The number of line feeds in `bytes`, counted eight bytes at a time.
    static func lineFeeds(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
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
