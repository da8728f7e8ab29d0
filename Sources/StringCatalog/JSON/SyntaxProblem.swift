/// The syntax errors the recursive parts of the reader can meet, as small values whose messages
/// are built out of line. Keeping the message-building code out of `parseObject`, `skimObject`
/// and their kin keeps their stack frames small, so that the deepest nesting the reader accepts
/// fits a 512 KiB thread stack (a macOS worker thread's) even in a debug build. (Usable from
/// inlined code for `validUTF8SequenceLength`, which other modules inline.)
@usableFromInline
enum SyntaxProblem {
    /// The file ends where a value should start.
    case endOfFileBeforeValue
    /// A byte that cannot start a value.
    case expectedValue
    /// The file ends inside the object or array that opened at `open`.
    case endOfFileInContainer(open: Int, isArray: Bool)
    /// A `}` or `]` right after a comma.
    case trailingComma(isArray: Bool)
    /// Something other than a quote where a key should start.
    case expectedKey
    /// The file ends after the key at `keyStart` (its opening quote).
    case endOfFileAfterKey(keyStart: Int)
    /// Something other than `:` after the key at `keyStart` (its opening quote).
    case expectedColon(keyStart: Int)
    /// The file ends after a member's value or an element.
    case endOfFileAfterValue(isArray: Bool)
    /// Something other than `,` or `]` after an element.
    case expectedCommaInArray
    /// The file ends inside the string that opened at `open`.
    case unterminatedString(open: Int)
    /// A byte at the current position that cannot start a UTF-8 sequence.
    case invalidUTF8Start
    /// A UTF-8 sequence cut short by the end of the file.
    case utf8CutShort
    /// A UTF-8 lead byte at the current position without its continuation bytes.
    case utf8MissingContinuation
    /// A character encoded in more bytes than it needs.
    case utf8Overlong
    /// A UTF-16 surrogate encoded as UTF-8.
    case utf8Surrogate(UInt32)
    /// A code point past U+10FFFF.
    case utf8AboveMaximum
}

extension Parser {
    /// The error for `problem` at `offset` (by default the current position).
    @inline(never)
    func error(_ problem: SyntaxProblem, at offset: Int? = nil) -> JSONError {
        let message: String
        switch problem {
        case .endOfFileBeforeValue:
            message = "unexpected end of file; expected a value (is the file truncated?)"
        case .expectedValue:
            message = "expected a value, found \(describeByte(at: position))"
        case .endOfFileInContainer(let open, let isArray):
            message = "unexpected end of file inside the \(isArray ? "array" : "object") that starts at \(lineText(open)) (is the file truncated?)"
        case .trailingComma(let isArray):
            message = "trailing comma before '\(isArray ? "]" : "}")'"
        case .expectedKey:
            message = "expected '\"' to start a key, found \(describeByte(at: position))"
        case .endOfFileAfterKey(let keyStart):
            message = "unexpected end of file after key \"\(keyText(at: keyStart))\"; expected ':' (is the file truncated?)"
        case .expectedColon(let keyStart):
            message = "expected ':' after key \"\(keyText(at: keyStart))\", found \(describeByte(at: position))"
        case .endOfFileAfterValue(let isArray):
            message = "unexpected end of file; expected ',' or '\(isArray ? "]" : "}")' (is the file truncated?)"
        case .expectedCommaInArray:
            message = "expected ',' or ']' in array, found \(describeByte(at: position))"
        case .unterminatedString(let open):
            message = "unexpected end of file inside the string that starts at \(lineText(open)) (missing closing '\"'?)"
        case .invalidUTF8Start:
            message = "invalid UTF-8: byte 0x\(hex(buffer[position]).uppercased()) cannot start a character"
        case .utf8CutShort:
            message = "invalid UTF-8: character cut short by the end of the file"
        case .utf8MissingContinuation:
            message = "invalid UTF-8: byte 0x\(hex(buffer[position]).uppercased()) is not followed by a continuation byte"
        case .utf8Overlong:
            message = "invalid UTF-8: overlong encoding"
        case .utf8Surrogate(let scalar):
            message = "invalid UTF-8: encoded surrogate U+\(hex(scalar))"
        case .utf8AboveMaximum:
            message = "invalid UTF-8: code point above U+10FFFF"
        }
        return error(message, at: offset ?? position)
    }

    /// The decoded text of the key whose opening quote is at `keyStart`.
    func keyText(at keyStart: Int) -> String {
        var keyParser = Parser(source: source, buffer: buffer, maximumDepth: maximumDepth, mode: ReadingMode(copiesFromBuffer: mode.copiesFromBuffer))
        keyParser.position = keyStart
        return (try? keyParser.parseString())?.string ?? ""
    }
}
