/// A JSON value left as the bytes it was read from: validated, but not decoded.
///
/// Catalog entries are read this way. Most of a merge or a format never looks inside an entry:
/// an entry whose bytes are already what Xcode writes is compared with `memcmp` and copied to the
/// output as it is. Only the entries a rule has to look at are decoded, on demand.
public struct RawJSON: Sendable {
    /// The whole file the value was read from (shared, not copied).
    public let source: [UInt8]
    public let range: Range<Int>
    /// The indent level at which these bytes are exactly what `XcodeWriter` writes, or nil.
    public let canonicalIndent: Int?
    /// True when the bytes are a catalog entry that `CatalogValidator` has nothing to say about
    /// (checked while skimming); false says nothing.
    public let shapeClean: Bool

    public init(source: [UInt8], range: Range<Int>, canonicalIndent: Int?, shapeClean: Bool = false) {
        self.source = source
        self.range = range
        self.canonicalIndent = canonicalIndent
        self.shapeClean = shapeClean
    }

    /// `object` as Xcode writes it at `indent`, kept as those bytes.
    public init(writing object: JSONObject, indent: Int) {
        var writer = XcodeWriter(capacity: 1024)
        writer.write(object, indent: indent)
        self.init(source: writer.output, range: 0..<writer.output.count, canonicalIndent: indent)
    }

    public var bytes: ArraySlice<UInt8> { source[range] }

    func sharesSource(with other: RawJSON) -> Bool {
        source.withUnsafeBufferPointer { a in other.source.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }

    /// The decoded value. The bytes were validated when read, so this cannot fail; should it
    /// ever, the result is null rather than a crash.
    public func parsed() -> JSONValue {
        let result: JSONValue? = source.withUnsafeBufferPointer { buffer in
            var parser = Parser(source: source, buffer: buffer, maximumDepth: JSONReader.defaultMaximumDepth)
            parser.position = range.lowerBound
            return try? parser.parseValue()
        }
        return result ?? .null
    }

    /// True when both are canonical at the same indent and byte-identical, which for canonical
    /// bytes means the values are equal. False says nothing.
    func isIdentical(to other: RawJSON) -> Bool {
        guard let indent = canonicalIndent, indent == other.canonicalIndent, range.count == other.range.count else {
            return false
        }
        if range == other.range && sharesSource(with: other) { return true }
        return UTF8Bytes(bytes) == UTF8Bytes(other.bytes)
    }

    /// Whether the two values are equal when the bytes alone can say: both canonical at the
    /// same indent are `XcodeWriter`'s output for their values, which is one text per value, so
    /// they are equal exactly when their bytes are. Nil otherwise (the values must be decoded).
    func equalsByBytes(_ other: RawJSON) -> Bool? {
        guard let indent = canonicalIndent, indent == other.canonicalIndent else { return nil }
        return isIdentical(to: other)
    }
}
