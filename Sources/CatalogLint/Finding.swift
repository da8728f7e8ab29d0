#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import StringCatalog

/// How much a finding matters.
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case note, warning, error

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

/// Byte offsets to lines and columns, with the line starts found once per file.
struct LineIndex {
    let bytes: [UInt8]
    let lineStarts: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            // Line feeds found with memchr; a carriage return (rare in catalogs) is looked for
            // only when the file has one.
            let hasCarriageReturn = memchr(base, 0x0D, buffer.count) != nil
            if hasCarriageReturn {
                var i = 0
                while i < buffer.count {
                    if buffer[i] == 0x0A {
                        starts.append(i + 1)
                    } else if buffer[i] == 0x0D {
                        if i + 1 < buffer.count && buffer[i + 1] == 0x0A { i += 1 }
                        starts.append(i + 1)
                    }
                    i += 1
                }
                return
            }
            var offset = 0
            while offset < buffer.count, let found = memchr(base + offset, 0x0A, buffer.count - offset) {
                offset = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
                starts.append(offset)
            }
        }
        lineStarts = starts
    }

    /// 1-based line and column (counted in Unicode scalars) of `offset`.
    func location(of offset: Int) -> (line: Int, column: Int) {
        let offset = max(0, min(offset, bytes.count))
        var low = 0, high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        var column = 1
        for byte in bytes[lineStarts[low]..<offset] where byte & 0xC0 != 0x80 { column += 1 }
        return (low + 1, column)
    }
}
