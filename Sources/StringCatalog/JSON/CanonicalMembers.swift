#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The members of an object whose bytes are what `XcodeWriter` writes (`RawJSON.canonicalIndent`),
/// found from the layout alone: each member starts a line at the object's member indent with
/// `"`, and nothing inside a member does (its own members are indented deeper, its closing brace
/// is not a quote, and a string holds no line feed). No key or value is decoded or copied.
public struct CanonicalMembers {
    /// One member: its key's bytes between the quotes (as written, escapes and all) and its
    /// value's bytes, as ranges of the source.
    public struct Span: Sendable {
        public var key: Range<Int>
        public var value: Range<Int>
    }

    public let spans: [Span]

    /// The members of `raw`'s object; nil when `raw` is not canonical or not an object.
    public init?(_ raw: RawJSON) {
        guard let indent = raw.canonicalIndent else { return nil }
        guard let spans = raw.source.withUnsafeBufferPointer({ Self.spans(in: $0, range: raw.range, indent: indent) }) else { return nil }
        self.spans = spans
    }

    /// The members of the canonical object `bytes[range]` written at `indent` (`spans`).
    public init?(in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, indent: Int) {
        guard let spans = Self.spans(in: bytes, range: range, indent: indent) else { return nil }
        self.spans = spans
    }

    /// The members of the canonical object `bytes[range]` written at `indent`; nil when it does
    /// not have the writer's layout.
    public static func spans(in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, indent: Int) -> [Span]? {
        var spans: [Span] = []
        // Room for an entry's members or a key's languages at once, not grown step by step.
        spans.reserveCapacity(12)
        guard readSpans(in: bytes, range: range, indent: indent, { spans.append($0); return true }) else { return nil }
        return spans
    }

    /// The members named `first` and `second` (names needing no escape, `isPlain`) of the
    /// canonical object `bytes[range]` at `indent`, its lines read only as far as the later of
    /// them: an entry's source language and one other, without reading the languages after
    /// them. Nil when the lines read do not have the writer's layout.
    public static func spans(named first: UTF8Bytes, _ second: UTF8Bytes, in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, indent: Int)
        -> (first: Span?, second: Span?)?
    {
        var found: (first: Span?, second: Span?) = (nil, nil)
        let read = first.bytes.withUnsafeBufferPointer { a in
            second.bytes.withUnsafeBufferPointer { b in
                readSpans(in: bytes, range: range, indent: indent) { span in
                    if found.first == nil, same(bytes, span.key, a, 0..<a.count) { found.first = span }
                    if found.second == nil, same(bytes, span.key, b, 0..<b.count) { found.second = span }
                    return found.first == nil || found.second == nil
                }
            }
        }
        return read ? found : nil
    }

    /// The member named `name` (a name needing no escape, `isPlain`) of the canonical object
    /// `bytes[range]` at `indent`, its lines read only as far as it, no list of members made:
    /// `.some(nil)` when the object has none, nil when the lines read do not have the writer's
    /// layout.
    public static func span(named name: UnsafeBufferPointer<UInt8>, in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, indent: Int) -> Span?? {
        var found: Span?
        let read = readSpans(in: bytes, range: range, indent: indent) { span in
            if same(bytes, span.key, name, 0..<name.count) { found = span }
            return found == nil
        }
        return read ? .some(found) : nil
    }

    /// `span(named:in:range:indent:)` of a schema name (`CatalogSchema.Name`).
    public static func span(named name: StaticString, in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, indent: Int) -> Span?? {
        span(named: UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount), in: bytes, range: range, indent: indent)
    }

    /// Hands each member of the canonical object `bytes[range]` written at `indent` to `body`
    /// in order, until it returns false; false when the lines read do not have the writer's
    /// layout.
    static func readSpans(in bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>, indent: Int, _ body: (Span) -> Bool) -> Bool {
        guard range.count >= 4, range.upperBound <= bytes.count, bytes[range.lowerBound] == UInt8(ascii: "{"),
            bytes[range.lowerBound + 1] == 0x0A, bytes[range.upperBound - 1] == UInt8(ascii: "}")
        else { return false }
        let memberIndent = 2 * (indent + 1)
        let end = range.upperBound
        // Whether the line at `start` opens a member: exactly the member indent, then a quote.
        func opensMember(_ start: Int) -> Bool {
            guard start + memberIndent < end, bytes[start + memberIndent] == UInt8(ascii: "\"") else { return false }
            for i in start..<(start + memberIndent) where bytes[i] != UInt8(ascii: " ") { return false }
            return true
        }
        var line = range.lowerBound + 2
        guard opensMember(line) else { return bytes[line] == 0x0A }
        while true {
            // The key, up to its closing quote (a backslash escapes the byte after it).
            let keyStart = line + memberIndent + 1
            var i = keyStart
            while i < end && bytes[i] != UInt8(ascii: "\"") { i += bytes[i] == UInt8(ascii: "\\") ? 2 : 1 }
            guard i + 3 < end, bytes[i + 1] == UInt8(ascii: " "), bytes[i + 2] == UInt8(ascii: ":"), bytes[i + 3] == UInt8(ascii: " ") else { return false }
            let key = keyStart..<i
            let valueStart = i + 4
            // An object's value ends at the first closing brace alone at the member indent:
            // found by its braces (a string holds no line feed, deeper ones are indented
            // more), not line by line.
            if let close = Self.closingBrace(in: bytes, from: valueStart, to: end, indent: memberIndent) {
                let next = close + 1
                if next < end, bytes[next] == UInt8(ascii: ","), next + 1 < end, bytes[next + 1] == 0x0A, opensMember(next + 2) {
                    guard body(Span(key: key, value: valueStart..<next)) else { return true }
                    line = next + 2
                    continue
                }
                guard next < end, bytes[next] == 0x0A, next + 1 + 2 * indent == end - 1 else { return false }
                _ = body(Span(key: key, value: valueStart..<next))
                return true
            }
            // The value ends with the line before the next member's, or before the closing brace.
            var lineEnd = valueStart
            while true {
                guard let found = Self.lineFeed(in: bytes, from: lineEnd, to: end) else { return false }
                let next = found + 1
                if opensMember(next) {
                    guard bytes[found - 1] == UInt8(ascii: ",") else { return false }
                    guard body(Span(key: key, value: valueStart..<(found - 1))) else { return true }
                    line = next
                    break
                }
                if next + 2 * indent == end - 1 {
                    _ = body(Span(key: key, value: valueStart..<found))
                    return true
                }
                lineEnd = next
            }
        }
    }

    /// Where the object value opening at `start` (its first line ends with `{`) closes: the
    /// first `}` that a line feed and `indent` spaces come before. Nil when the value is not
    /// an object or no such brace is found before `end`.
    static func closingBrace(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, indent: Int) -> Int? {
        guard let base = bytes.baseAddress, let firstLineEnd = lineFeed(in: bytes, from: start, to: end), firstLineEnd > start,
            bytes[firstLineEnd - 1] == UInt8(ascii: "{")
        else { return nil }
        var from = firstLineEnd + 1
        while from < end, let found = memchr(base + from, Int32(UInt8(ascii: "}")), end - from) {
            let brace = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let lineStart = brace - indent
            if lineStart > firstLineEnd, bytes[lineStart - 1] == 0x0A, (lineStart..<brace).allSatisfy({ bytes[$0] == UInt8(ascii: " ") }) {
                return brace
            }
            from = brace + 1
        }
        return nil
    }

    static func lineFeed(in bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        guard start < end, let base = bytes.baseAddress else { return nil }
        guard let found = memchr(base + start, 0x0A, end - start) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// Whether `name` is written as its own bytes (no byte the writer escapes): only such a
    /// name is found by `span(named:in:)`.
    public static func isPlain(_ name: UTF8Bytes) -> Bool {
        !name.bytes.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    }

    /// The member whose key is `name` (as written: a name needing no escape, `isPlain`).
    public func span(named name: UTF8Bytes, in bytes: UnsafeBufferPointer<UInt8>) -> Span? {
        name.bytes.withUnsafeBufferPointer { wanted in spans.first { Self.same(bytes, $0.key, wanted, 0..<wanted.count) } }
    }

    /// The member named `name`, a schema name (`CatalogSchema.Name`).
    public func span(named name: StaticString, in bytes: UnsafeBufferPointer<UInt8>) -> Span? {
        spans.first { UTF8Bytes.equal(UnsafeBufferPointer(rebasing: bytes[$0.key]), name) }
    }

    /// The value reached from the canonical object `raw` through the member `first`, then the
    /// member `second` of its value: `.some(nil)` when either is absent, nil when the layout
    /// cannot tell (not Xcode's, `second` not plain). An entry's `localizations` and one
    /// language's, without decoding the others; the languages' lines are read only as far as
    /// that one.
    public static func value(_ first: StaticString, _ second: UTF8Bytes, in raw: RawJSON) -> RawJSON?? {
        guard let indent = raw.canonicalIndent, isPlain(second), let members = CanonicalMembers(raw) else { return nil }
        return raw.source.withUnsafeBufferPointer { bytes -> RawJSON?? in
            guard let outer = members.span(named: first, in: bytes) else { return .some(nil) }
            guard let inner = spans(named: second, second, in: bytes, range: outer.value, indent: indent + 1) else { return nil }
            return .some(inner.first.map { RawJSON(source: raw.source, range: $0.value, canonicalIndent: indent + 2) })
        }
    }

    /// Whether two ranges of bytes hold the same bytes.
    public static func same(_ x: UnsafeBufferPointer<UInt8>, _ xRange: Range<Int>, _ y: UnsafeBufferPointer<UInt8>, _ yRange: Range<Int>) -> Bool {
        xRange.count == yRange.count && (xRange.isEmpty || memcmp(x.baseAddress! + xRange.lowerBound, y.baseAddress! + yRange.lowerBound, xRange.count) == 0)
    }
}
