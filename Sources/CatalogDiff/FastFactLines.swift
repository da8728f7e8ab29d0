#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import StringCatalog

/// The lines of one entry written straight from its bytes, without decoding it into values and
/// facts first: how `textconv` prints a 40 MB catalog in the time of a merge. It walks the
/// entry's JSON (already validated when the catalog was read) and gives up, returning false,
/// at anything it does not write exactly as `FactLines` would: an escape other than `\"`, `\\`,
/// `\n`, `\t` and `\r`, an App Shortcut's phrases, a field whose value is an object or array, a
/// unit with other members. The caller then writes that entry through the facts.
/// `FastFactLinesTests` holds the two to the same bytes.
struct FastFactLines {
    /// The entry's bytes, read; kept apart from `output` so that the closures the walk passes to
    /// `members` can append to `output` without the reading holding a second reference to it
    /// (each append would then copy all the output written so far).
    let reader: EntryReader
    var output: [UInt8]
    var buffer: UnsafeBufferPointer<UInt8> { reader.buffer }

    typealias Name = CatalogSchema.Name

    // Made once: an `Array(": ".utf8)` at each use allocated an array for every line.
    static let colonSpace: [UInt8] = Array(": ".utf8)
    static let spaceBracket: [UInt8] = Array(" [".utf8)
    static let spaceParenthesis: [UInt8] = Array(" (".utf8)

    /// Appends the lines of the entry `key` whose value is the object at `range`; false (with
    /// nothing appended) when the entry needs the general path.
    static func append(key: UTF8Bytes, raw: RawJSON, to output: inout [UInt8]) -> Bool {
        let mark = output.count
        let written: Bool = raw.source.withUnsafeBufferPointer { buffer in
            var writer = FastFactLines(reader: EntryReader(buffer: buffer), output: [])
            swap(&writer.output, &output)
            defer { swap(&writer.output, &output) }
            return writer.entry(key: key, at: raw.range.lowerBound)
        }
        if !written { output.removeSubrange(mark...) }
        return written
    }

    // MARK: writing

    /// JSON string content as `FactLines` quotes it: the escapes it keeps are JSON's own, so the
    /// bytes are copied, but for C1 controls and bidirectional overrides, written as `\u{…}`.
    mutating func copyEscaped(_ range: Range<Int>) {
        var runStart = range.lowerBound
        var i = range.lowerBound
        let base = UnsafeRawPointer(buffer.baseAddress!)
        while i < range.upperBound {
            // Eight bytes at a time while they are ASCII other than DEL.
            while i + 8 <= range.upperBound {
                let word = ByteWords.load(base, at: i)
                if word & 0x8080_8080_8080_8080 != 0 || ByteWords.bytes(word, equalTo: 0x7F) != 0 { break }
                i += 8
            }
            guard i < range.upperBound else { break }
            // The string is whole in `range`: a character does not run past its end.
            if let (scalar, length) = FactLines.hiddenCharacter(UnsafeBufferPointer(rebasing: buffer[..<range.upperBound]), at: i) {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<i]))
                FactLines.hidden(scalar, into: &output)
                i += length
                runStart = i
                continue
            }
            i += 1
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[runStart..<range.upperBound]))
    }

    mutating func quoted(_ range: Range<Int>) {
        output.append(UInt8(ascii: "\""))
        copyEscaped(range)
        output.append(UInt8(ascii: "\""))
    }

    /// A locale, path component or state, written without quotes: only when it holds no escape.
    mutating func visible(_ range: Range<Int>, escaped: Bool) -> Bool {
        guard !escaped else { return false }
        copyEscaped(range)
        return true
    }

    // MARK: the entry

    mutating func entry(key: UTF8Bytes, at start: Int) -> Bool {
        var keyBytes: [UInt8] = []
        FactLines.quote(key, into: &keyBytes)
        var wrote = false
        let end = reader.members(start) { name, nameEscaped, value in
            if !nameEscaped && reader.isName(name, Name.localizations) && reader.buffer[value] == UInt8(ascii: "{") {
                return reader.members(value) { locale, localeEscaped, localization in
                    guard !localeEscaped else { return nil }
                    return self.localization(keyBytes, locale: locale, path: [], at: localization, wrote: &wrote)
                }
            }
            // A field of the entry: `"Save" comment: "…"`.
            self.output += keyBytes
            self.output.append(0x20)
            guard self.visible(name, escaped: nameEscaped) else { return nil }
            self.output += Self.colonSpace
            wrote = true
            return self.scalar(at: value)
        }
        guard end != nil else { return false }
        if !wrote {
            output += keyBytes
            output.append(0x0A)
        }
        return true
    }

    /// A field's value: a string quoted, a number or literal as written; nil for an object or
    /// array (compact JSON is the general path's).
    mutating func scalar(at value: Int) -> Int? {
        if buffer[value] == UInt8(ascii: "\"") {
            guard let text = reader.string(at: value) else { return nil }
            quoted(text.content)
            output.append(0x0A)
            return text.end
        }
        guard buffer[value] != UInt8(ascii: "{"), buffer[value] != UInt8(ascii: "[") else { return nil }
        let end = reader.scalarEnd(value)
        output.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[value..<end]))
        output.append(0x0A)
        return end
    }

    /// The head of a line inside a localization: `"Save" [de]` and the path.
    mutating func head(_ keyBytes: [UInt8], locale: Range<Int>, path: [Range<Int>]) {
        output += keyBytes
        output += Self.spaceBracket
        copyEscaped(locale)
        output.append(UInt8(ascii: "]"))
        for (index, component) in path.enumerated() {
            output.append(index == 0 ? 0x20 : UInt8(ascii: "."))
            copyEscaped(component)
        }
    }

    /// A localization or a variation's case; the offset after it, or nil to give up.
    mutating func localization(_ keyBytes: [UInt8], locale: Range<Int>, path: [Range<Int>], at start: Int, wrote: inout Bool) -> Int? {
        guard buffer[start] == UInt8(ascii: "{") else { return nil }
        var empty = true
        var wroteHere = false
        let end = reader.members(start) { name, nameEscaped, value in
            empty = false
            guard !nameEscaped else { return nil }
            if reader.isName(name, Name.stringUnit) {
                return self.unit(keyBytes, locale: locale, path: path, at: value, wrote: &wroteHere)
            }
            if reader.isName(name, Name.variations) {
                return self.variations(keyBytes, locale: locale, path: path, at: value, wrote: &wroteHere)
            }
            if reader.isName(name, Name.substitutions) {
                return reader.members(value) { substitution, substitutionEscaped, fields in
                    guard !substitutionEscaped else { return nil }
                    let place = path + [name, substitution]
                    return reader.members(fields) { field, fieldEscaped, fieldValue in
                        guard !fieldEscaped else { return nil }
                        if reader.isName(field, Name.variations) {
                            return self.variations(keyBytes, locale: locale, path: place, at: fieldValue, wrote: &wroteHere)
                        }
                        self.head(keyBytes, locale: locale, path: place + [field])
                        self.output += Self.colonSpace
                        wroteHere = true
                        return self.scalar(at: fieldValue)
                    }
                }
            }
            return nil
        }
        // An empty localization is `{}`, a field of the general path's.
        guard let end, !empty else { return nil }
        wrote = wrote || wroteHere
        return end
    }

    mutating func variations(_ keyBytes: [UInt8], locale: Range<Int>, path: [Range<Int>], at start: Int, wrote: inout Bool) -> Int? {
        var wroteHere = false
        let end = reader.members(start) { kind, kindEscaped, cases in
            guard !kindEscaped, reader.buffer[cases] == UInt8(ascii: "{") else { return nil }
            return reader.members(cases) { name, nameEscaped, value in
                guard !nameEscaped else { return nil }
                return self.localization(keyBytes, locale: locale, path: path + [kind, name], at: value, wrote: &wroteHere)
            }
        }
        wrote = wrote || wroteHere
        return end
    }

    /// A string unit of `state` and `value` alone: `"Save" [de]: "Sichern" (translated)`.
    mutating func unit(_ keyBytes: [UInt8], locale: Range<Int>, path: [Range<Int>], at start: Int, wrote: inout Bool) -> Int? {
        var value: Range<Int>?
        var state: Range<Int>?
        let end = reader.members(start) { name, nameEscaped, member in
            guard !nameEscaped, reader.buffer[member] == UInt8(ascii: "\""), let text = reader.string(at: member) else { return nil }
            if reader.isName(name, Name.value) { value = text.content } else if reader.isName(name, Name.state), !text.escaped { state = text.content } else { return nil }
            return text.end
        }
        guard let end, let value else { return nil }
        head(keyBytes, locale: locale, path: path)
        output += Self.colonSpace
        quoted(value)
        if let state {
            output += Self.spaceParenthesis
            copyEscaped(state)
            output.append(UInt8(ascii: ")"))
        }
        output.append(0x0A)
        wrote = true
        return end
    }
}

/// Reading an entry's JSON, already validated: members, strings, scalars.
struct EntryReader {
    let buffer: UnsafeBufferPointer<UInt8>

    func skipSpace(_ i: Int) -> Int {
        var i = i
        while i < buffer.count, buffer[i] == 0x20 || buffer[i] == 0x0A || buffer[i] == 0x0D || buffer[i] == 0x09 { i += 1 }
        return i
    }

    /// The content of the string whose quote is at `quote` and the offset after it; nil when it
    /// holds an escape this path does not copy as it is.
    func string(at quote: Int) -> (content: Range<Int>, end: Int, escaped: Bool)? {
        guard let (end, escaped) = JSONStringEnd.find(in: buffer, quote: quote, end: buffer.count) else { return nil }
        if escaped {
            var i = quote + 1
            while i < end - 1 {
                if buffer[i] == UInt8(ascii: "\\") {
                    switch buffer[i + 1] {
                    case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "r"): i += 2
                    default: return nil
                    }
                } else {
                    i += 1
                }
            }
        }
        return (quote + 1..<end - 1, end, escaped)
    }

    /// The offset after a scalar (number, `true`, `false`, `null`) starting at `i`.
    func scalarEnd(_ i: Int) -> Int {
        var i = i
        while i < buffer.count {
            switch buffer[i] {
            case UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), 0x20, 0x0A, 0x0D, 0x09: return i
            default: i += 1
            }
        }
        return i
    }

    /// Calls `body` with each member of the object whose `{` is at `open` (key content, key
    /// escaped, value start); returns the offset after the `}`, or nil when `body` gave up.
    func members(_ open: Int, _ body: (Range<Int>, Bool, Int) -> Int?) -> Int? {
        guard open < buffer.count, buffer[open] == UInt8(ascii: "{") else { return nil }
        var i = skipSpace(open + 1)
        if i < buffer.count, buffer[i] == UInt8(ascii: "}") { return i + 1 }
        while i < buffer.count {
            guard buffer[i] == UInt8(ascii: "\""), let key = string(at: i) else { return nil }
            i = skipSpace(key.end)
            guard i < buffer.count, buffer[i] == UInt8(ascii: ":") else { return nil }
            i = skipSpace(i + 1)
            guard let after = body(key.content, key.escaped, i) else { return nil }
            i = skipSpace(after)
            guard i < buffer.count else { return nil }
            if buffer[i] == UInt8(ascii: "}") { return i + 1 }
            guard buffer[i] == UInt8(ascii: ",") else { return nil }
            i = skipSpace(i + 1)
        }
        return nil
    }

    func isName(_ range: Range<Int>, _ name: StaticString) -> Bool {
        range.count == name.utf8CodeUnitCount && memcmp(buffer.baseAddress! + range.lowerBound, name.utf8Start, range.count) == 0
    }

}
