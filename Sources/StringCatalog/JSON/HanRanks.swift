/// The order of the Han ideographs met in a set of keys.
///
/// The root collation does not weigh ideographs by code point: CLDR orders them by radical and
/// stroke count (`U+3A64` of Extension A sorts before `U+811C` of the main block), which only
/// the reference comparison knows. Ranking each ideograph once, by the reference order of the
/// ideographs alone, lets `KeyOrder` compare keys of Han, ASCII and Hangul without a reference
/// call per comparison: 20,000 Chinese keys cost one call per distinct ideograph and a
/// logarithm, not one per pair compared. An ideograph weighs as one primary weight and joins
/// nothing before or after it (no contraction, no combining), so comparing keys character by
/// character with these ranks gives the reference's primary order.
public struct HanRanks: Sendable {
    /// Each ranked ideograph's place in the reference order (equal ones share none: an
    /// ideograph the reference weighs like another is left out, for the reference to decide).
    private var ranks: [UInt32: Int32] = [:]

    public init() {}

    /// Ranks every unified ideograph in `keys`.
    public init(keys: some Sequence<UTF8Bytes>) {
        var found = Set<UInt32>()
        for key in keys {
            key.bytes.withUnsafeBufferPointer { bytes in
                var i = 0
                while i < bytes.count {
                    let lead = bytes[i]
                    guard lead >= 0xE3 else {
                        i += 1
                        continue
                    }
                    if let (scalar, length) = Self.ideograph(in: bytes, at: i) {
                        found.insert(scalar)
                        i += length
                    } else {
                        i += 1
                    }
                }
            }
        }
        guard !found.isEmpty else { return }
        let ordered = found.sorted { KeyOrder.referenceCompare(Self.text($0), Self.text($1)) < 0 }
        var rank: Int32 = 0
        var index = 0
        while index < ordered.count {
            // A run the reference weighs alike gets no rank.
            var end = index + 1
            while end < ordered.count && KeyOrder.referenceCompare(Self.text(ordered[index]), Self.text(ordered[end])) == 0 { end += 1 }
            if end == index + 1 { ranks[ordered[index]] = rank }
            rank += 1
            index = end
        }
    }

    public var isEmpty: Bool { ranks.isEmpty }

    /// The rank of the ideograph `scalar`, when it has one.
    @inline(__always)
    func rank(_ scalar: UInt32) -> Int32? { ranks[scalar] }

    /// The rank and length of the ranked ideograph whose UTF-8 starts at `i`: read per
    /// comparison, so decoded without looking up Unicode's properties (only ideographs have ranks).
    @inline(__always)
    func rankedIdeograph(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (rank: Int32, length: Int)? {
        guard let (scalar, length) = Self.wideScalar(in: bytes, at: i) else { return nil }
        return ranks[scalar].map { ($0, length) }
    }

    /// The scalar of three or four UTF-8 bytes at `i` whose lead byte could start an ideograph
    /// (`E3`–`EF`, `F0`–`F3`), with its length; nil for anything else, a malformed sequence too
    /// (it must not pass for the ideograph it resembles).
    @inline(__always)
    static func wideScalar(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (scalar: UInt32, length: Int)? {
        let lead = bytes[i]
        let length: Int
        var scalar: UInt32
        if lead >= 0xE3 && lead <= 0xEF {
            length = 3
            scalar = UInt32(lead & 0x0F)
        } else if lead >= 0xF0 && lead <= 0xF3 {
            length = 4
            scalar = UInt32(lead & 0x07)
        } else {
            return nil
        }
        guard i + length <= bytes.count else { return nil }
        for k in 1..<length {
            guard bytes[i + k] & 0xC0 == 0x80 else { return nil }
            scalar = scalar << 6 | UInt32(bytes[i + k] & 0x3F)
        }
        return (scalar, length)
    }

    static func text(_ scalar: UInt32) -> String { String(Unicode.Scalar(scalar).map(Character.init) ?? " ") }

    /// The unified ideograph whose UTF-8 starts at `i` (the main block, Extensions A on, and the
    /// twelve unified ones among the compatibility ideographs), with its length in bytes.
    static func ideograph(in bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (scalar: UInt32, length: Int)? {
        guard let (scalar, length) = wideScalar(in: bytes, at: i) else { return nil }
        let inRange = length == 3
            ? (scalar >= 0x3400 && scalar <= 0x4DBF) || (scalar >= 0x4E00 && scalar <= 0x9FFF)
                || (scalar >= 0xFA0E && scalar <= 0xFA29 && isUnifiedCompatibility(scalar))
            : scalar >= 0x20000 && scalar <= 0x3FFFF
        guard inRange, Unicode.Scalar(scalar)?.properties.isUnifiedIdeograph == true else { return nil }
        return (scalar, length)
    }

    /// The compatibility ideographs that are unified ideographs, not canonical equivalents of one.
    @inline(__always)
    static func isUnifiedCompatibility(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0xFA0E, 0xFA0F, 0xFA11, 0xFA13, 0xFA14, 0xFA1F, 0xFA21, 0xFA23, 0xFA24, 0xFA27, 0xFA28, 0xFA29: return true
        default: return false
        }
    }
}
