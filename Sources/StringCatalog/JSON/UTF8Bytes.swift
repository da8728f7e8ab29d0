#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// An exact sequence of UTF-8 bytes: a JSON key or string value as written, after escapes are decoded.
///
/// Identity is byte equality. Swift's `String ==` treats canonically equivalent strings as equal
/// ("café" in NFC and NFD), while Xcode keeps such keys apart, so catalog keys and values are never
/// compared as `String`.
public struct UTF8Bytes: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    /// The bytes; often a slice of the file that was read, so that no copy is made.
    public var bytes: ArraySlice<UInt8>

    public init(_ bytes: ArraySlice<UInt8>) { self.bytes = bytes }
    public init(_ bytes: [UInt8]) { self.bytes = bytes[...] }
    public init(_ string: String) { self.bytes = Array(string.utf8)[...] }
    public init(stringLiteral value: String) { self.init(value) }
    /// A name of the schema's (`CatalogSchema.Name`).
    public init(_ name: StaticString) { self.bytes = Array(UnsafeBufferPointer(start: name.utf8Start, count: name.utf8CodeUnitCount))[...] }

    public var count: Int { bytes.count }
    public var isEmpty: Bool { bytes.isEmpty }

    /// The bytes decoded as a string, for display and for comparisons that want Unicode semantics.
    public var string: String { String(decoding: bytes, as: UTF8.self) }
    public var description: String { string }

    /// True when every byte is printable ASCII (0x20...0x7E).
    public var isPrintableASCII: Bool {
        bytes.withUnsafeBufferPointer { buffer in
            for byte in buffer where byte < 0x20 || byte > 0x7E { return false }
            return true
        }
    }

    public static func == (lhs: UTF8Bytes, rhs: UTF8Bytes) -> Bool {
        let count = lhs.bytes.count
        guard count == rhs.bytes.count else { return false }
        if count == 0 { return true }
        return lhs.bytes.withUnsafeBufferPointer { a in
            rhs.bytes.withUnsafeBufferPointer { b in
                // The same bytes in memory (a key shared by two versions of a catalog).
                a.baseAddress == b.baseAddress || memcmp(a.baseAddress!, b.baseAddress!, count) == 0
            }
        }
    }

    public func hash(into hasher: inout Hasher) {
        bytes.withUnsafeBufferPointer { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// True when `buffer` holds exactly the UTF-8 of `name`.
    public static func equal(_ buffer: UnsafeBufferPointer<UInt8>, _ name: StaticString) -> Bool {
        let count = name.utf8CodeUnitCount
        guard count == buffer.count else { return false }
        return count == 0 || memcmp(buffer.baseAddress!, name.utf8Start, count) == 0
    }

    /// True when the bytes equal the UTF-8 of `string`.
    public func equals(_ string: StaticString) -> Bool {
        let count = string.utf8CodeUnitCount
        guard count == bytes.count else { return false }
        if count == 0 { return true }
        return bytes.withUnsafeBufferPointer { a in
            memcmp(a.baseAddress!, string.utf8Start, count) == 0
        }
    }
}

extension String {
    /// The string with every `target` scalar replaced by `replacement`, without Foundation.
    ///
    /// Scalars, never Characters: `"\r\n"` is one Character, and so is an apostrophe followed
    /// by a combining accent, so that a comparison of Characters would let a CR LF through an
    /// escaping of `\r` and `\n` (a forged `::error` line in CI) and an apostrophe through shell
    /// quoting (a pasted command that runs code).
    public func replacingAll(_ target: Unicode.Scalar, _ replacement: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in unicodeScalars {
            if scalar == target { result.append(contentsOf: replacement.unicodeScalars) } else { result.append(scalar) }
        }
        return String(result)
    }
}

extension UTF8Bytes {
    /// The scalar whose UTF-8 encoding starts at `start` in `bytes`; nil when the bytes there are
    /// not valid UTF-8.
    public static func scalar(in bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Unicode.Scalar? {
        var decoder = UTF8()
        var iterator = UnsafeBufferPointer(rebasing: bytes[start...]).makeIterator()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return scalar
    }
}
