#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

extension RawJSON {
    /// The deepest indent at which `oneLevel` reads: every level it opens rescans the bytes
    /// below, so the levels are bounded to keep a deep value's reading linear.
    static let oneLevelIndentLimit = 10

    /// The object these bytes hold, read one level deep: members whose values are objects stay
    /// raw (canonical one level deeper, as everything inside a canonical object is), the others
    /// are decoded. Nil when the bytes are not a canonical object at a shallow indent, or hold an
    /// array member; then `parsed()` is the reading.
    ///
    /// A merge of an entry both sides changed descends only into the members that differ:
    /// reading the rest one level at a time keeps them bytes, compared with `memcmp` and copied
    /// to the output, instead of trees built and written again (100,000 plural forms in one
    /// entry).
    public func oneLevel() -> JSONObject? {
        guard let indent = canonicalIndent, indent < Self.oneLevelIndentLimit, range.count > 2,
            source[range.lowerBound] == UInt8(ascii: "{")
        else { return nil }
        return source.withUnsafeBufferPointer { buffer in
            var reader = OneLevelReader(raw: self, buffer: buffer, indent: indent)
            return reader.read()
        }
    }
}

/// Reads the members of a canonical object (`XcodeWriter`'s bytes at `indent`), keeping
/// object values as raw slices found by their closing line.
private struct OneLevelReader {
    let raw: RawJSON
    let buffer: UnsafeBufferPointer<UInt8>
    let indent: Int
    var parser: Parser

    init(raw: RawJSON, buffer: UnsafeBufferPointer<UInt8>, indent: Int) {
        self.raw = raw
        self.buffer = buffer
        self.indent = indent
        parser = Parser(source: raw.source, buffer: buffer, maximumDepth: JSONReader.defaultMaximumDepth)
    }

    mutating func read() -> JSONObject? {
        let end = raw.range.upperBound
        // `{` and its line break; an empty object is `{`, two line breaks, its closing line.
        var i = raw.range.lowerBound + 2
        guard i < end else { return nil }
        if buffer[i] == 0x0A { return JSONObject() }
        let memberIndent = 2 * (indent + 1)
        var members: [JSONMember] = []
        while true {
            i += memberIndent
            guard i < end, buffer[i] == UInt8(ascii: "\"") else { return nil }
            let keyOffset = i
            parser.position = i
            guard let key = try? parser.parseString() else { return nil }
            // `" : "`
            i = parser.position + 3
            guard i < end else { return nil }
            let value: JSONValue
            switch buffer[i] {
            case UInt8(ascii: "{"):
                guard let close = closingBrace(from: i, memberIndent: memberIndent, end: end) else { return nil }
                value = .raw(RawJSON(source: raw.source, range: i..<(close + 1), canonicalIndent: indent + 1))
                i = close + 1
            case UInt8(ascii: "["):
                return nil
            default:
                parser.position = i
                guard let scalar = try? parser.parseValue() else { return nil }
                value = scalar
                i = parser.position
            }
            members.append(JSONMember(key: key, value: value, offset: keyOffset))
            // `,` and a line break before the next member, or the line break before the closing line.
            guard i + 1 < end else { return nil }
            if buffer[i] == UInt8(ascii: ",") && buffer[i + 1] == 0x0A {
                i += 2
            } else if buffer[i] == 0x0A {
                return JSONObject(members)
            } else {
                return nil
            }
        }
    }

    /// The `}` that closes the object opened at `open`, a member's value at `memberIndent`
    /// spaces: the first `}` that is alone on its line after just those spaces. Lines inside are
    /// indented further, and a canonical string holds no raw line break (a `}` in a string is
    /// never alone on a line).
    func closingBrace(from open: Int, memberIndent: Int, end: Int) -> Int? {
        let base = buffer.baseAddress!
        var i = open + 1
        while i < end {
            guard let found = memchr(base + i, Int32(UInt8(ascii: "}")), end - i) else { return nil }
            let brace = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let lineStart = brace - memberIndent
            if lineStart > open && base[lineStart - 1] == 0x0A
                && (lineStart..<brace).allSatisfy({ base[$0] == 0x20 })
            {
                return brace
            }
            i = brace + 1
        }
        return nil
    }
}
