/// Catalog text made safe to show. Catalogs come from other people's branches: a key or value may
/// hold ESC or BEL sequences (OSC 52 writes the clipboard, CSI 2J clears the screen, OSC 0 sets the
/// window title), C1 controls (U+009B is a one-character CSI), the bidirectional overrides and
/// marks that make text read differently from what it holds, line and paragraph separators some
/// viewers break lines at, or zero-width characters that make two different keys look the same.
/// None of them may reach a terminal, a CI log or a GitHub annotation as itself: each is shown as
/// `\u{1B}`, the way Swift writes it (git shows unusual bytes in a visible form too).
///
/// Two forms: `escaping` for text that may span lines (a message, a value shown as a block), and
/// `name` and `inline` for text that must stay on its line (a key, a locale, a file name in a
/// heading or a table; a value quoted in a message), where a line break would let catalog text print a line of its own.
public enum VisibleText {
    /// Whether `scalar` is shown escaped: C0 controls but tab and line feed, DEL, C1 controls, the
    /// bidirectional embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), the
    /// direction marks (U+200E, U+200F, U+061C), the line and paragraph separators (U+2028,
    /// U+2029) and the zero-width characters that join nothing (U+200B, U+2060–U+2064, U+FEFF).
    /// A carriage return is escaped unless a line feed follows it (CR LF is one line break).
    ///
    /// The zero-width joiner and non-joiner (U+200C, U+200D) are not: Persian and the Indic
    /// scripts spell words with them and emoji sequences are built with them, so a translation
    /// shown with them escaped would be unreadable. `name` (keys, locales) escapes them too.
    @inline(__always)
    public static func isHidden(_ value: UInt32) -> Bool {
        if value < 0x20 { return value != 0x09 && value != 0x0A }
        if value < 0x7F { return false }
        if value <= 0x9F { return true }
        switch value {
        case 0x061C, 0x200B, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF:
            return true
        default:
            return false
        }
    }

    /// Whether `scalar` is shown escaped in `name`: the hidden ones, and line feed, tab, and
    /// the zero-width joiner and non-joiner.
    @inline(__always)
    public static func isHiddenInOneLine(_ value: UInt32) -> Bool {
        isHidden(value) || value == 0x0A || value == 0x09 || value == 0x200C || value == 0x200D
    }

    /// The multi-byte hidden character (see `isHidden`; with `inOneLine`, `isHiddenInOneLine`)
    /// that starts at `i`, and its length in bytes; nil for any other. Byte-level: the characters
    /// concerned start with 0xC2 (C1 controls), 0xD8 (U+061C), 0xE2 (U+200B–U+2069) or 0xEF
    /// (U+FEFF), and DEL is one byte.
    @inline(__always)
    public static func hiddenCharacter(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int, inOneLine: Bool = false) -> (scalar: UInt32, length: Int)? {
        let count = bytes.count
        switch bytes[i] {
        case 0x7F:
            return (0x7F, 1)
        case 0xC2 where i + 1 < count && bytes[i + 1] >= 0x80 && bytes[i + 1] <= 0x9F:
            return (UInt32(bytes[i + 1]), 2)
        case 0xD8 where i + 1 < count && bytes[i + 1] == 0x9C:
            return (0x061C, 2)
        case 0xE2 where i + 2 < count && (bytes[i + 1] == 0x80 || bytes[i + 1] == 0x81):
            let scalar = 0x2000 | UInt32(bytes[i + 1] & 0x3F) << 6 | UInt32(bytes[i + 2] & 0x3F)
            return (inOneLine ? isHiddenInOneLine(scalar) : isHidden(scalar)) ? (scalar, 3) : nil
        case 0xEF where i + 2 < count && bytes[i + 1] == 0xBB && bytes[i + 2] == 0xBF:
            return (0xFEFF, 3)
        default:
            return nil
        }
    }

    /// Whether the UTF-8 `bytes` hold a character `escaping` (with `inOneLine`, `name`) would
    /// change. Byte-level, so the common case (nothing to escape) costs one pass and no decoding.
    public static func needsEscaping(_ bytes: UnsafeBufferPointer<UInt8>, inOneLine: Bool = false) -> Bool {
        var i = 0
        let count = bytes.count
        while i < count {
            let byte = bytes[i]
            if byte < 0x20 {
                if inOneLine { return true }
                if byte == 0x0D { if i + 1 >= count || bytes[i + 1] != 0x0A { return true } }
                else if byte != 0x09 && byte != 0x0A { return true }
            } else if byte >= 0x7F, hiddenCharacter(bytes, at: i, inOneLine: inOneLine) != nil {
                return true
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

    /// A key, locale or file name kept on one line: line feed, carriage return and tab written
    /// `\n`, `\r`, `\t`, every other character `isHiddenInOneLine` names as `\u{200D}`. For
    /// headings, tables and the places of findings: there a line break in catalog text would print
    /// a line the tool did not write (a forged `path:line: error:` for Xcode, a fake `theirs`
    /// line), and a zero-width character would make two keys look the same.
    public static func name(_ text: String) -> String { oneLine(text, keepingJoiners: false) }

    /// A value kept on one line (a message quoting it): as `name`, but the zero-width joiner and
    /// non-joiner stay, as in `escaping`, for they are part of the words of a translation.
    public static func inline(_ text: String) -> String { oneLine(text, keepingJoiners: true) }

    static func oneLine(_ text: String, keepingJoiners: Bool) -> String {
        var text = text
        guard text.withUTF8({ needsEscaping($0, inOneLine: true) }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: result += "\\n"
            case 0x0D: result += "\\r"
            case 0x09: result += "\\t"
            case 0x200C where keepingJoiners, 0x200D where keepingJoiners: result.unicodeScalars.append(scalar)
            case let value where isHiddenInOneLine(value):
                result += "\\u{" + String(value, radix: 16, uppercase: true) + "}"
            default:
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}
