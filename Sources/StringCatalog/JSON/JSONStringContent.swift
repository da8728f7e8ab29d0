/// The content of a JSON string (between its quotes) once it has been validated: its escapes
/// read without the checks and error messages of the reader. The reader's own escape decoding
/// uses the same tables (`unescaped`, `hexDigit`).
public enum JSONStringContent {
    /// The byte a one-letter escape (`\n`, `\"`, …; not `\u`) stands for.
    @inline(__always)
    static func unescaped(_ letter: UInt8) -> UInt8? {
        switch letter {
        case UInt8(ascii: "\""): return 0x22
        case UInt8(ascii: "\\"): return 0x5C
        case UInt8(ascii: "/"): return 0x2F
        case UInt8(ascii: "b"): return 0x08
        case UInt8(ascii: "f"): return 0x0C
        case UInt8(ascii: "n"): return 0x0A
        case UInt8(ascii: "r"): return 0x0D
        case UInt8(ascii: "t"): return 0x09
        default: return nil
        }
    }

    /// A hexadecimal digit's value.
    @inline(__always)
    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
        default: return nil
        }
    }

    /// The four hexadecimal digits at `start`, or nil.
    static func hexQuad(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> UInt32? {
        guard start + 4 <= bytes.count else { return nil }
        var value: UInt32 = 0
        for byte in bytes[start..<(start + 4)] {
            guard let digit = hexDigit(byte) else { return nil }
            value = value << 4 | UInt32(digit)
        }
        return value
    }

    /// The scalar of the `\u` escape at `start` (a surrogate pair takes two) and where it ends.
    static func unicodeEscape(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (scalar: UInt32, end: Int)? {
        guard let unit = hexQuad(bytes, at: start + 2) else { return nil }
        guard unit >= 0xD800 && unit <= 0xDBFF else { return unit >= 0xDC00 && unit <= 0xDFFF ? nil : (unit, start + 6) }
        guard start + 12 <= bytes.count, bytes[start + 6] == UInt8(ascii: "\\"), bytes[start + 7] == UInt8(ascii: "u"),
            let low = hexQuad(bytes, at: start + 8), low >= 0xDC00 && low <= 0xDFFF
        else { return nil }
        return (0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00), start + 12)
    }

    /// The text's UTF-8 bytes; nil when the content holds what a validated string cannot.
    public static func decoded(_ bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var text: [UInt8] = []
        text.reserveCapacity(bytes.count)
        var i = 0
        var runStart = 0
        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "\\") else {
                i += 1
                continue
            }
            text += bytes[runStart..<i]
            guard i + 1 < bytes.count else { return nil }
            if let byte = unescaped(bytes[i + 1]) {
                text.append(byte)
                i += 2
            } else if bytes[i + 1] == UInt8(ascii: "u"), let (scalar, end) = unicodeEscape(bytes, at: i) {
                appendUTF8(scalar, to: &text)
                i = end
            } else {
                return nil
            }
            runStart = i
        }
        text += bytes[runStart..<bytes.count]
        return text
    }

    /// Whether the text holds the ASCII character `ascii`, read through the escapes without
    /// decoding the rest.
    public static func holds(_ ascii: UInt8, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            guard byte == UInt8(ascii: "\\"), i + 1 < bytes.count else {
                if byte == ascii { return true }
                i += 1
                continue
            }
            if let decoded = unescaped(bytes[i + 1]) {
                if decoded == ascii { return true }
                i += 2
            } else if bytes[i + 1] == UInt8(ascii: "u"), let (scalar, end) = unicodeEscape(bytes, at: i) {
                if scalar == UInt32(ascii) { return true }
                i = end
            } else {
                i += 2
            }
        }
        return false
    }
}
