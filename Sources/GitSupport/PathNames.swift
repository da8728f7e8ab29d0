/// File names as bytes. A file name on Linux (and in a git tree) is any bytes; the tool works with
/// names as Swift strings, which hold only UTF-8. A name that is not UTF-8 is never decoded with
/// U+FFFD in its place (that name names no file, and a command would then pass it over in
/// silence): it is said to be unsupported, shown as git shows it.
public enum PathNames {
    /// The name `bytes` hold, when they are UTF-8; nil otherwise.
    public static func decoded<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var text = String.UnicodeScalarView()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): text.append(scalar)
            case .emptyInput: return String(text)
            case .error: return nil
            }
        }
    }

    /// The NUL-terminated name at `pointer`, when it is UTF-8.
    public static func decoded(cString pointer: UnsafePointer<CChar>) -> String? {
        decoded(bytes(cString: pointer))
    }

    /// The bytes of the NUL-terminated name at `pointer`.
    public static func bytes(cString pointer: UnsafePointer<CChar>) -> UnsafeBufferPointer<UInt8> {
        let start = UnsafeRawPointer(pointer).assumingMemoryBound(to: UInt8.self)
        var count = 0
        while start[count] != 0 { count += 1 }
        return UnsafeBufferPointer(start: start, count: count)
    }

    /// `bytes` as git quotes a name (`core.quotePath`): in double quotes when anything needs it,
    /// each byte of what is not UTF-8, and each control character, as a backslash and three
    /// octal digits (`"Loc-\377.xcstrings"`); UTF-8 letters stay as they are.
    public static func quoted<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        let bytes = Array(bytes)
        var text = ""
        var needsQuotes = false
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC2 ? 2 : 0
            if length > 1, i + length <= bytes.count, let scalar = decoded(bytes[i..<(i + length)]), scalar.unicodeScalars.count == 1,
                !(0x80...0x9F).contains(scalar.unicodeScalars.first!.value)
            {
                text += scalar
                i += length
                continue
            }
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"):
                text += "\\" + String(UnicodeScalar(byte))
                needsQuotes = true
            case 0x20..<0x7F:
                text.unicodeScalars.append(UnicodeScalar(byte))
            default:
                let octal = String(byte, radix: 8)
                text += "\\" + String(repeating: "0", count: 3 - octal.count) + octal
                needsQuotes = true
            }
            i += 1
        }
        return needsQuotes ? "\"" + text + "\"" : text
    }

    /// Why a name that is not UTF-8 is passed over: one sentence, the name as git shows it.
    public static func unsupported<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
        "\(quoted(bytes)): a file name that is not UTF-8 is not supported; rename it (git mv) to read it as a catalog"
    }
}
