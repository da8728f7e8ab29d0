/// The skimmer's fast path for what Xcode writes.
///
/// Nearly every entry of a catalog Xcode wrote is in `XcodeWriter`'s exact layout. The general
/// skimmer reads such an entry one token at a time through routines that can also read any other
/// layout and name any error, about 500 instructions a line. This reads it line by line and
/// accepts only that layout: each member on its own line at its indent, `" : "`, `,` and line
/// feeds where the writer puts them, printable ASCII keys without escapes in strictly increasing
/// `KeyOrder`, strings escaped only with the writer's short escapes, no arrays and no empty
/// object other than the writer's. At anything else, every error included, it gives up, and the
/// general skimmer reads the value from its start and says what it is.
///
/// So what it accepts is a subset of what the general skimmer accepts as canonical, and it ends
/// where that one ends; `CanonicalSkimTests` holds the two together on the corpus and on mutated
/// entries. It does not check the catalog schema, so only readings that skip that check use it
/// (`merge`, `lint`, `format`); `check` reads with the general skimmer and its schema notes.
struct CanonicalSkim {
    let bytes: UnsafePointer<UInt8>
    let count: Int

    init(_ buffer: UnsafeBufferPointer<UInt8>) {
        bytes = buffer.baseAddress!
        count = buffer.count
    }

    /// The end of the object at `start` when it is exactly what the writer writes at `indent`
    /// with at most `levels` levels of objects (counting itself); nil otherwise.
    func object(at start: Int, indent: Int, levels: Int) -> Int? {
        guard levels > 0, start + 2 < count, bytes[start] == UInt8(ascii: "{"), bytes[start + 1] == 0x0A else {
            return nil
        }
        var i = start + 2
        if bytes[i] == 0x0A { return closing(at: i + 1, indent: indent) }
        let memberIndent = 2 * (indent + 1)
        var previousKey: Range<Int>?
        while true {
            // The key, after its line's indentation.
            guard isSpaces(at: i, memberIndent), i + memberIndent < count, bytes[i + memberIndent] == UInt8(ascii: "\"")
            else { return nil }
            let keyStart = i + memberIndent + 1
            guard let keyEnd = plainKeyEnd(from: keyStart) else { return nil }
            let key = keyStart..<keyEnd
            if let previousKey {
                // Most neighbours (`comment`, `localizations`; `state`, `value`; locale codes)
                // start with different lowercase letters, which order them as the letters do.
                let first = bytes[previousKey.lowerBound]
                let second = bytes[key.lowerBound]
                if first != second && first &- 0x61 < 26 && second &- 0x61 < 26 {
                    guard first < second else { return nil }
                } else {
                    guard KeyOrder.compareASCII(
                        UnsafeBufferPointer(start: bytes + previousKey.lowerBound, count: previousKey.count),
                        UnsafeBufferPointer(start: bytes + key.lowerBound, count: key.count)) == -1
                    else { return nil }
                }
            }
            previousKey = key
            i = keyEnd + 1
            guard i + 3 < count, bytes[i] == 0x20, bytes[i + 1] == UInt8(ascii: ":"), bytes[i + 2] == 0x20 else { return nil }
            i += 3
            // The value.
            switch bytes[i] {
            case UInt8(ascii: "\""):
                guard let end = stringEnd(from: i + 1) else { return nil }
                i = end
            case UInt8(ascii: "{"):
                if levels > 1 && isStringUnitKey(key), let end = stringUnit(at: i, indent: indent + 1) {
                    i = end
                } else {
                    guard let end = object(at: i, indent: indent + 1, levels: levels - 1) else { return nil }
                    i = end
                }
            default:
                guard let end = JSONScalar.end(bytes, count: count, at: i) else { return nil }
                i = end
            }
            // A comma and the next line, or the closing line.
            guard i + 1 < count else { return nil }
            if bytes[i] == UInt8(ascii: ",") {
                guard bytes[i + 1] == 0x0A else { return nil }
                i += 2
                continue
            }
            guard bytes[i] == 0x0A else { return nil }
            return closing(at: i + 1, indent: indent)
        }
    }

    /// Whether `key` is `stringUnit`.
    @inline(__always)
    func isStringUnitKey(_ key: Range<Int>) -> Bool {
        key.count == 10 && ByteWords.load(bytes, at: key.lowerBound) == Self.stringUnWord
            && bytes[key.lowerBound + 8] == UInt8(ascii: "i") && bytes[key.lowerBound + 9] == UInt8(ascii: "t")
    }

    /// The end of a `stringUnit` object at `start` (its brace) when it is a state and a value,
    /// exactly as the writer writes them at `indent`; nil for anything else, which `object`
    /// then reads. Two of every five lines of a catalog are such an object's: matched here as
    /// the fixed text they are, with only the two strings read, rather than key by key.
    func stringUnit(at start: Int, indent: Int) -> Int? {
        let spaces = 2 * (indent + 1)
        /// Whether `separator` (`{` or `,`), a line feed, the members' indentation and the
        /// eight bytes `name` (a quoted key and a space) followed by `: "` are at `at`.
        @inline(__always) func memberStart(at offset: Int, after separator: UInt8, _ name: UInt64) -> Bool {
            offset + 2 + spaces + 11 <= count && bytes[offset] == separator && bytes[offset + 1] == 0x0A
                && isSpaces(at: offset + 2, spaces) && ByteWords.load(bytes, at: offset + 2 + spaces) == name
                && bytes[offset + spaces + 10] == UInt8(ascii: ":") && bytes[offset + spaces + 11] == 0x20
                && bytes[offset + spaces + 12] == UInt8(ascii: "\"")
        }
        guard memberStart(at: start, after: UInt8(ascii: "{"), Self.stateWord),
            let stateEnd = stringEnd(from: start + spaces + 13),
            memberStart(at: stateEnd, after: UInt8(ascii: ","), Self.valueWord),
            let valueEnd = stringEnd(from: stateEnd + spaces + 13),
            valueEnd < count, bytes[valueEnd] == 0x0A
        else { return nil }
        return closing(at: valueEnd + 1, indent: indent)
    }

    /// `stringUn`, `"state" ` and `"value" ` as `ByteWords.load` reads them (the first byte
    /// lowest): constants, not lazily made globals, whose every use would check they are made.
    static var stringUnWord: UInt64 { 0x6E55_676E_6972_7473 }
    static var stateWord: UInt64 { 0x2022_6574_6174_7322 }
    static var valueWord: UInt64 { 0x2022_6575_6C61_7622 }

    /// The end of the line that closes an object at `indent`, which starts at `start`.
    @inline(__always)
    func closing(at start: Int, indent: Int) -> Int? {
        let spaces = 2 * indent
        guard isSpaces(at: start, spaces), start + spaces < count, bytes[start + spaces] == UInt8(ascii: "}") else {
            return nil
        }
        return start + spaces + 1
    }

    /// Whether the `length` bytes at `start` are all spaces.
    @inline(__always)
    func isSpaces(at start: Int, _ length: Int) -> Bool {
        start + length <= count && ByteWords.areSpaces(bytes + start, count: length)
    }

    /// The offset of the quote that ends a key of printable ASCII without escapes, which starts
    /// at `start`; nil for any other key.
    @inline(__always)
    func plainKeyEnd(from start: Int) -> Int? {
        var i = start
        // Eight bytes at a time while none is a quote, a backslash, or outside printable ASCII.
        while i + 8 <= count {
            let word = ByteWords.load(bytes, at: i)
            let special = ByteWords.stringSpecials(word) | ByteWords.bytes(word, equalTo: 0x7F)
            if special != 0 {
                // The lowest flag marks the first such byte.
                i += special.trailingZeroBitCount >> 3
                return bytes[i] == UInt8(ascii: "\"") ? i : nil
            }
            i += 8
        }
        while i < count {
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") { return i }
            guard byte >= 0x20 && byte < 0x7F && byte != UInt8(ascii: "\\") else { return nil }
            i += 1
        }
        return nil
    }

    /// The offset after the quote that ends a string whose content starts at `start`, when the
    /// string is valid and escaped as the writer escapes (its short escapes only); nil otherwise.
    @inline(__always)
    func stringEnd(from start: Int) -> Int? {
        var i = start
        while i < count {
            // Eight bytes at a time while they are plain ASCII with no quote or backslash.
            while i + 8 <= count {
                let special = ByteWords.stringSpecials(ByteWords.load(bytes, at: i))
                if special != 0 {
                    // The lowest flag marks the first such byte.
                    i += special.trailingZeroBitCount >> 3
                    break
                }
                i += 8
            }
            guard i < count else { return nil }
            let byte = bytes[i]
            if byte == UInt8(ascii: "\"") { return i + 1 }
            if byte == UInt8(ascii: "\\") {
                guard i + 1 < count else { return nil }
                switch bytes[i + 1] {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
                    UInt8(ascii: "r"), UInt8(ascii: "t"):
                    i += 2
                default:
                    // `\u`, `\/` or not an escape: the general skimmer decides.
                    return nil
                }
                continue
            }
            if byte < 0x20 { return nil }
            if byte < 0x80 {
                i += 1
                continue
            }
            // A run of other scripts' characters is read character by character, without
            // first looking for plain ASCII in the eight bytes that start each.
            repeat {
                guard case .valid(let length) = UTF8Sequence.check(bytes, count: count, at: i) else { return nil }
                i += length
            } while i < count && bytes[i] >= 0x80
        }
        return nil
    }
}

/// The end of a JSON number, `true`, `false` or `null`, validated: the scan the fast path for
/// Xcode's layout and textconv's one pass share (the parser's `parseNumber` also converts).
public enum JSONScalar {
    /// The offset after the number or literal at `start` of the `count` bytes; nil when none
    /// starts there or it is not valid.
    @inlinable @inline(__always)
    public static func end(_ bytes: UnsafePointer<UInt8>, count: Int, at start: Int) -> Int? {
        guard start < count else { return nil }
        switch bytes[start] {
        case UInt8(ascii: "t"): return literalEnd(bytes, count: count, at: start, "true")
        case UInt8(ascii: "f"): return literalEnd(bytes, count: count, at: start, "false")
        case UInt8(ascii: "n"): return literalEnd(bytes, count: count, at: start, "null")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return numberEnd(bytes, count: count, from: start)
        default: return nil
        }
    }

    @inlinable @inline(__always)
    static func literalEnd(_ bytes: UnsafePointer<UInt8>, count: Int, at start: Int, _ literal: StaticString) -> Int? {
        let length = literal.utf8CodeUnitCount
        guard start + length <= count else { return nil }
        for i in 0..<length where bytes[start + i] != literal.utf8Start[i] { return nil }
        return start + length
    }

    /// -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?
    @inlinable
    static func numberEnd(_ bytes: UnsafePointer<UInt8>, count: Int, from start: Int) -> Int? {
        var i = start
        func digits() -> Int {
            let from = i
            while i < count && bytes[i] >= UInt8(ascii: "0") && bytes[i] <= UInt8(ascii: "9") { i += 1 }
            return i - from
        }
        if bytes[i] == UInt8(ascii: "-") { i += 1 }
        let integerStart = i
        let integerDigits = digits()
        guard integerDigits > 0, integerDigits == 1 || bytes[integerStart] != UInt8(ascii: "0") else { return nil }
        if i < count && bytes[i] == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { return nil }
        }
        if i < count && (bytes[i] == UInt8(ascii: "e") || bytes[i] == UInt8(ascii: "E")) {
            i += 1
            if i < count && (bytes[i] == UInt8(ascii: "+") || bytes[i] == UInt8(ascii: "-")) { i += 1 }
            guard digits() > 0 else { return nil }
        }
        return i
    }
}

/// The length of the valid multi-byte UTF-8 sequence whose lead byte (0x80 or above) is at
/// `offset` of the `count` bytes, or nil: the readers' check (`UTF8Sequence`) without its
/// reasons, for a writer that validates as it copies (textconv's one pass).
@inlinable @inline(__always)
public func validUTF8SequenceLength(_ bytes: UnsafePointer<UInt8>, count: Int, at offset: Int) -> Int? {
    if case .valid(let length) = UTF8Sequence.check(bytes, count: count, at: offset) { return length }
    return nil
}

/// What a multi-byte UTF-8 sequence is: valid, with its length, or what is wrong with it.
@usableFromInline
enum UTF8Sequence {
    case valid(length: Int)
    case invalid(SyntaxProblem)

    /// Checks the sequence whose lead byte (0x80 or above) is at `offset` of the `count` bytes.
    @inlinable @inline(__always)
    static func check(_ bytes: UnsafePointer<UInt8>, count: Int, at offset: Int) -> UTF8Sequence {
        let first = bytes[offset]
        let length: Int
        var scalar: UInt32
        switch first {
        case 0xC2...0xDF: length = 2; scalar = UInt32(first & 0x1F)
        case 0xE0...0xEF: length = 3; scalar = UInt32(first & 0x0F)
        case 0xF0...0xF4: length = 4; scalar = UInt32(first & 0x07)
        default: return .invalid(.invalidUTF8Start)
        }
        guard offset + length <= count else { return .invalid(.utf8CutShort) }
        for i in 1..<length {
            let next = bytes[offset + i]
            guard next & 0xC0 == 0x80 else { return .invalid(.utf8MissingContinuation) }
            scalar = scalar << 6 | UInt32(next & 0x3F)
        }
        if (length == 3 && scalar < 0x800) || (length == 4 && scalar < 0x10000) { return .invalid(.utf8Overlong) }
        if length == 3 && scalar >= 0xD800 && scalar <= 0xDFFF { return .invalid(.utf8Surrogate(scalar)) }
        if scalar > 0x10FFFF { return .invalid(.utf8AboveMaximum) }
        return .valid(length: length)
    }
}
