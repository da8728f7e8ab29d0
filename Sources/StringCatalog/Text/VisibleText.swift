/// Catalog text made safe to show. Catalogs come from other people's branches: a key or value may
/// hold ESC or BEL sequences (OSC 52 writes the clipboard, CSI 2J clears the screen, OSC 0 sets the
/// window title), C1 controls (U+009B is a one-character CSI), or the bidirectional overrides that
/// make text read differently from what it holds. None of them may reach a terminal, a CI log or
/// a GitHub annotation as itself: each is shown as `\u{1B}`, the way Swift writes it (git shows
/// unusual bytes in a visible form too).
public enum VisibleText {
    /// Whether `scalar` is shown escaped: C0 controls but tab and line feed, DEL, C1 controls, and
    /// the bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). A
    /// carriage return is escaped unless a line feed follows it (CR LF is one line break).
    @inline(__always)
    public static func isHidden(_ value: UInt32) -> Bool {
        (value < 0x20 && value != 0x09 && value != 0x0A) || (value >= 0x7F && value <= 0x9F)
            || (value >= 0x202A && value <= 0x202E) || (value >= 0x2066 && value <= 0x2069)
    }

    /// Whether the UTF-8 `bytes` hold a character `escaping` would change. Byte-level, so the
    /// common case (nothing to escape) costs one pass and no decoding: the characters concerned are
    /// the bytes below 0x20 and 0x7F, and the sequences C2 80–C2 9F, E2 80 AA–E2 80 AE and
    /// E2 81 A6–E2 81 A9.
    public static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var i = 0
        let count = bytes.count
        while i < count {
            let byte = bytes[i]
            if byte < 0x20 {
                if byte == 0x0D { if i + 1 >= count || bytes[i + 1] != 0x0A { return true } }
                else if byte != 0x09 && byte != 0x0A { return true }
            } else if byte == 0x7F {
                return true
            } else if byte == 0xC2 {
                if i + 1 < count && bytes[i + 1] >= 0x80 && bytes[i + 1] <= 0x9F { return true }
            } else if byte == 0xE2 && i + 2 < count {
                let second = bytes[i + 1], third = bytes[i + 2]
                if (second == 0x80 && third >= 0xAA && third <= 0xAE) || (second == 0x81 && third >= 0xA6 && third <= 0xA9) {
                    return true
                }
            }
            i += 1
        }
        return false
    }

    /// `text` with every hidden character (see `isHidden`) written as `\u{1B}`; `text` itself when
    /// it holds none.
    public static func escaping(_ text: String) -> String {
        var text = text
        guard text.withUTF8({ needsEscaping($0) }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        let scalars = Array(text.unicodeScalars)
        for (index, scalar) in scalars.enumerated() {
            let isLineBreak = scalar.value == 0x0D && index + 1 < scalars.count && scalars[index + 1].value == 0x0A
            if isHidden(scalar.value) && !isLineBreak {
                result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
