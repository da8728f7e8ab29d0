/// A reason the bytes are not the JSON this tool accepts, with where it happened.
public struct JSONError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What was wrong, in words meant for the person who has to fix the file.
    public var message: String
    /// 1-based line of the problem.
    public var line: Int
    /// 1-based column, counted in characters (Unicode scalars) from the start of the line.
    public var column: Int
    /// Byte offset of the problem.
    public var offset: Int
    /// The bytes are valid JSON, but not a string catalog's shape (`{}`, another tool's file):
    /// nothing to repair, and never a result to accept quietly.
    public var isNotACatalog = false

    public init(message: String, offset: Int, in bytes: UnsafeBufferPointer<UInt8>) {
        self.message = message
        self.offset = offset
        (line, column) = LineColumn.lineAndColumn(of: offset, in: bytes)
    }

    public init(message: String, line: Int, column: Int, offset: Int, isNotACatalog: Bool = false) {
        self.message = message
        self.line = line
        self.column = column
        self.offset = offset
        self.isNotACatalog = isNotACatalog
    }

    public var description: String { "line \(line), column \(column): \(message)" }

    /// This error as every command reports it for `bytes`: a file that does not even start as a
    /// JSON object (a Swift file, a property list) is "not a string catalog", like a JSON file
    /// without a catalog's top level, rather than a syntax error at its first character. A file
    /// that starts as an object keeps its syntax error, with its place: it is a broken catalog.
    public func classified(for bytes: [UInt8]) -> JSONError {
        guard !isNotACatalog, Self.startsAsSomethingElse(bytes) else { return self }
        var error = self
        error.message = "not a string catalog: not a JSON object (\(message))"
        error.isNotACatalog = true
        return error
    }

    /// Whether `bytes` do not start as a JSON object (after a byte order mark and white space),
    /// nor with a conflict marker (a catalog whose first line a merge left in conflict).
    public static func startsAsSomethingElse(_ bytes: [UInt8]) -> Bool {
        var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
        guard index < bytes.count, bytes[index] != UInt8(ascii: "{") else { return false }
        return !bytes[index...].starts(with: Array("<<<<<<<".utf8))
    }
}

public enum LineColumn {
    /// Line and column of a byte offset; CR, LF and CRLF each end a line. Called only for
    /// messages, so it scans from the start rather than tracking lines while parsing.
    public static func lineAndColumn(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        var i = 0
        let end = min(offset, bytes.count)
        while i < end {
            let byte = bytes[i]
            if byte == 0x0A {
                line += 1
                lineStart = i + 1
            } else if byte == 0x0D {
                if i + 1 < bytes.count && bytes[i + 1] == 0x0A { i += 1 }
                line += 1
                lineStart = i + 1
            }
            i += 1
        }
        var column = 1
        var j = lineStart
        while j < end {
            if bytes[j] & 0xC0 != 0x80 { column += 1 }
            j += 1
        }
        // A BOM on the first line is not a character anyone sees.
        if line == 1, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF, end >= 3 {
            column -= 1
        }
        return (line, column)
    }

    public static func lineAndColumn(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        bytes.withUnsafeBufferPointer { lineAndColumn(of: offset, in: $0) }
    }
}
