/// Eight bytes at a time: the word tricks that the readers (the skimmer, its fast path, lint's
/// line reader) use to pass runs of plain bytes.
///
/// Words are loaded little-endian, so that the first byte is the lowest: the lowest flag of a
/// result (`trailingZeroBitCount / 8`) is the offset of the first byte it flags. `zeroBytes` and
/// `bytes(_:equalTo:)` flag exactly the bytes they name (no carry crosses from one byte into the
/// next), so that their flags can be counted; `stringSpecials`, made for scans that stop at the
/// first such byte, is cheaper and only its lowest flag is sure.
public enum ByteWords {
    public static let spaces: UInt64 = 0x2020_2020_2020_2020

    /// The eight bytes at `offset` from `base`, the first in the lowest byte.
    @inlinable @inline(__always)
    public static func load(_ base: UnsafeRawPointer, at offset: Int) -> UInt64 {
        UInt64(littleEndian: base.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
    }

    /// The high bit of each byte set where `word`'s byte is zero, and only there.
    @inlinable @inline(__always)
    public static func zeroBytes(_ word: UInt64) -> UInt64 {
        ~(((word & 0x7F7F_7F7F_7F7F_7F7F) &+ 0x7F7F_7F7F_7F7F_7F7F) | word) & 0x8080_8080_8080_8080
    }

    /// The high bit of each byte set where `word`'s byte is `byte`, and only there.
    @inlinable @inline(__always)
    public static func bytes(_ word: UInt64, equalTo byte: UInt8) -> UInt64 {
        zeroBytes(word ^ (0x0101_0101_0101_0101 &* UInt64(byte)))
    }

    /// The bytes that end a run of plain text in a JSON string: a quote, a backslash, a control
    /// character (below 0x20) or a byte of a multi-byte UTF-8 sequence. Only the lowest flag is
    /// sure: a borrow can set flags above it.
    @inlinable @inline(__always)
    public static func stringSpecials(_ word: UInt64) -> UInt64 {
        let low: UInt64 = 0x0101_0101_0101_0101, high: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (low &* 0x22), backslash = word ^ (low &* 0x5C)
        return (word & high) | ((quote &- low) & ~quote & high) | ((backslash &- low) & ~backslash & high)
            | ((word &- low &* 0x20) & ~word & high)
    }

    /// Whether the `count` bytes at `base` are all spaces: read as whole words, the last one
    /// overlapping the one before (an indentation is rarely a multiple of eight).
    @inlinable @inline(__always)
    public static func areSpaces(_ base: UnsafeRawPointer, count: Int) -> Bool {
        if count >= 8 {
            var i = 0
            while i + 8 < count {
                if load(base, at: i) != spaces { return false }
                i += 8
            }
            return load(base, at: count - 8) == spaces
        }
        if count >= 4 {
            return base.loadUnaligned(as: UInt32.self) == 0x2020_2020
                && base.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self) == 0x2020_2020
        }
        for i in 0..<count where base.load(fromByteOffset: i, as: UInt8.self) != 0x20 { return false }
        return true
    }

    /// The number of bytes `a` and `b` begin with alike, compared eight at a time.
    @inlinable @inline(__always)
    public static func sharedPrefixLength(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Int {
        let shorter = min(a.count, b.count)
        var length = 0
        if let x = a.baseAddress, let y = b.baseAddress {
            while length + 8 <= shorter {
                let difference = load(x, at: length) ^ load(y, at: length)
                if difference != 0 { return length + difference.trailingZeroBitCount >> 3 }
                length += 8
            }
        }
        while length < shorter && a[length] == b[length] { length += 1 }
        return length
    }
}
