#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import StringCatalog
import XcstringsMergePlatform

/// A catalog's lines written in one pass over its bytes, without reading it into a `Catalog`
/// first: what keeps `textconv`, which git runs once per version of a catalog, cheap. It
/// validates what it passes as the reader would (syntax, UTF-8, control characters, escapes,
/// numbers, keys written twice) and gives up, returning false, at anything it does not write
/// exactly as `FactLines` would: the caller then reads the catalog and writes it through the
/// facts. An entry it cannot write itself (an App Shortcut's phrases, a field whose value is an
/// object, an escape other than `\"`, `\\`, `\n`, `\t` and `\r` inside it) is decoded alone and
/// written through the facts. `FastFactLinesTests` holds the two paths to the same bytes, on
/// catalogs and on seeded damage to them.
///
/// Each string is scanned once, eight bytes at a time, and copied whole when it holds no hidden
/// character; indentation is passed eight spaces at a time; lines go to a `LineBuffer`.
struct FastFactLines {
    let bytes: UnsafePointer<UInt8>
    let count: Int
    /// The entries' lines.
    var output = LineBuffer()
    /// The top level's lines, which come first whatever the order in the file.
    var head = LineBuffer()
    /// The entry's key, quoted as its lines start with it.
    var key = LineBuffer()
    /// The keys of the objects being walked (start and end of each, object after object), for
    /// the check that no key is written twice.
    var keys = OffsetStack()


    /// Hands `sink` the lines of the catalog in `buffer` (in a few pieces, in order) and returns
    /// true; false, having handed it nothing, when they must come from a `Catalog` (the bytes
    /// are not a catalog this path reads, or not valid).
    /// Entries spanning more than `splitAbove` bytes are written by two threads, a half each
    /// (0: never); tests lower it, so that small catalogs take the path a big one takes.
    static func write(_ buffer: UnsafeBufferPointer<UInt8>, splitAbove: Int = 2 << 20, to sink: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        guard let base = buffer.baseAddress else { return false }
        var writer = FastFactLines(bytes: base, count: buffer.count)
        writer.splitAbove = splitAbove
        defer { writer.deallocate() }
        // The lines are about half the JSON: room for them at once, touched only as written.
        writer.output.grow(to: buffer.count / 2 + 4096)
        guard writer.document() else { return false }
        sink(writer.head.bytes)
        sink(writer.output.bytes)
        if let secondHalf = writer.secondHalf { sink(secondHalf.bytes) }
        return true
    }

    /// See `write(_:splitAbove:to:)`.
    var splitAbove = 0
    /// The lines of the entries' second half, when two threads wrote them: they follow `output`.
    var secondHalf: LineBuffer?

    mutating func deallocate() {
        output.deallocate()
        head.deallocate()
        key.deallocate()
        keys.deallocate()
        secondHalf?.deallocate()
    }

    // MARK: reading

    @inline(__always) func byte(_ i: Int) -> UInt8 { i < count ? bytes[i] : 0 }

    /// The offset of the first byte at or after `i` that is not JSON white space; runs of
    /// spaces (indentation) eight at a time.
    @inline(__always)
    func skipSpace(_ start: Int) -> Int {
        var i = start
        let raw = UnsafeRawPointer(bytes)
        while i < count {
            switch bytes[i] {
            case 0x20:
                // Eight at a time; in the last word, the spaces before the first other byte.
                while i + 8 <= count {
                    let others = ByteWords.load(raw, at: i) ^ ByteWords.spaces
                    if others != 0 {
                        i += others.trailingZeroBitCount / 8
                        break
                    }
                    i += 8
                }
                while i < count && bytes[i] == 0x20 { i += 1 }
            case 0x0A, 0x0D, 0x09:
                i += 1
            default:
                return i
            }
        }
        return i
    }

    /// A string read in one pass: its content, the offset after its closing quote, whether it
    /// holds escapes and whether a hidden character (`VisibleText.isHidden`) needs writing as `\u{…}`.
    struct Text {
        var content: Range<Int>
        var end: Int
        var escaped: Bool
        var hidden: Bool
    }

    /// The string whose quote is at `quote`, validated; nil when it is not a valid string or
    /// holds an escape this path does not copy as it is.
    @inline(__always)
    func string(at quote: Int) -> Text? {
        guard byte(quote) == UInt8(ascii: "\"") else { return nil }
        var i = quote + 1
        var escaped = false, hidden = false
        let raw = UnsafeRawPointer(bytes)
        while i < count {
            // Eight bytes at a time up to a quote, a backslash, a control character, DEL or a
            // byte of a multi-byte character.
            while i + 8 <= count {
                let word = ByteWords.load(raw, at: i)
                let stops = ByteWords.stringSpecials(word) | ByteWords.bytes(word, equalTo: 0x7F)
                if stops != 0 {
                    i += stops.trailingZeroBitCount / 8
                    break
                }
                i += 8
            }
            guard i < count else { return nil }
            let byte = bytes[i]
            switch byte {
            case 0x22:
                return Text(content: quote + 1..<i, end: i + 1, escaped: escaped, hidden: hidden)
            case 0x5C:
                switch self.byte(i + 1) {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "n"), UInt8(ascii: "t"), UInt8(ascii: "r"):
                    escaped = true
                    i += 2
                default:
                    return nil
                }
            case 0..<0x20:
                return nil
            case 0x7F:
                hidden = true
                i += 1
            case 0x80...:
                guard let length = validUTF8SequenceLength(bytes, count: count, at: i) else { return nil }
                if !hidden && (byte == 0xC2 || byte == 0xD8 || byte == 0xE2 || byte == 0xEF),
                    FactLines.hiddenCharacter(UnsafeBufferPointer(start: bytes, count: count), at: i) != nil
                {
                    hidden = true
                }
                i += length
            default:
                i += 1
            }
        }
        return nil
    }

    /// Whether `text` is `name`; compared here, not by a call to `memcmp`, names being short.
    @inline(__always)
    func isName(_ text: Text, _ name: StaticString) -> Bool {
        guard !text.escaped, text.content.count == name.utf8CodeUnitCount else { return false }
        let other = name.utf8Start
        var i = 0
        while i < text.content.count {
            if bytes[text.content.lowerBound + i] != other[i] { return false }
            i += 1
        }
        return true
    }

    /// Calls `body` with each member of the object whose `{` is at `open` (its key and where its
    /// value starts); returns the offset after the `}`, or nil when `body` gave up, the bytes
    /// are not an object or a key is written twice.
    @inline(__always)
    mutating func members(_ open: Int, checkingKeys: Bool = true, _ body: (inout FastFactLines, Text, Int) -> Int?) -> Int? {
        guard byte(open) == UInt8(ascii: "{") else { return nil }
        let firstKey = keys.count
        defer { keys.count = firstKey }
        var sorted = true
        var previous: Text?
        var i = skipSpace(open + 1)
        if byte(i) == UInt8(ascii: "}") { return i + 1 }
        while true {
            guard let name = string(at: i), !checkingKeys || isNew(name.content, since: firstKey, sorted: &sorted) else { return nil }
            // The lines come in Xcode's order whatever the file's: keys out of it are left to
            // the general path, which sorts them.
            if let previous, !inKeyOrder(previous, name) { return nil }
            previous = name
            i = skipSpace(name.end)
            guard byte(i) == UInt8(ascii: ":") else { return nil }
            guard let after = body(&self, name, skipSpace(i + 1)) else { return nil }
            i = skipSpace(after)
            if byte(i) == UInt8(ascii: "}") { return i + 1 }
            guard byte(i) == UInt8(ascii: ",") else { return nil }
            i = skipSpace(i + 1)
        }
    }

    /// Whether `key` differs from the keys of its object read so far (from `firstKey` on the
    /// stack), and puts it there. Xcode writes keys sorted, nearly always in an order a
    /// case-folded byte comparison agrees with: while every key has come after the one before
    /// (`sorted`), a key after the one before needs no other comparison. (Escapes compare as
    /// written: this path reads only those with one spelling.) False, to give up, past 64 keys
    /// out of that order, which would cost quadratic time.
    @inline(__always)
    mutating func isNew(_ key: Range<Int>, since firstKey: Int, sorted: inout Bool) -> Bool {
        defer { keys.push(key.lowerBound, key.upperBound) }
        guard keys.count > firstKey else { return true }
        if sorted {
            let previous = keys.pair(keys.count - 2)
            if Self.foldedOrder(bytes + previous.start, previous.end - previous.start, bytes + key.lowerBound, key.count) < 0 { return true }
            sorted = false
        }
        guard keys.count - firstKey <= 128 else { return false }
        var index = firstKey
        while index < keys.count {
            let other = keys.pair(index)
            if other.end - other.start == key.count && memcmp(bytes + other.start, bytes + key.lowerBound, key.count) == 0 { return false }
            index += 2
        }
        return true
    }

    /// Whether key `a` sorts before key `b` as Xcode writes them (`KeyOrder`).
    @inline(__always)
    func inKeyOrder(_ a: Text, _ b: Text) -> Bool {
        if !a.escaped && !b.escaped {
            return KeyOrder.compare(bytes: UnsafeBufferPointer(start: bytes + a.content.lowerBound, count: a.content.count),
                                    UnsafeBufferPointer(start: bytes + b.content.lowerBound, count: b.content.count)) < 0
        }
        // Escaped keys compare decoded (the reader validated their escapes).
        let x = decoded(a), y = decoded(b)
        return x.withUnsafeBufferPointer { x in y.withUnsafeBufferPointer { y in KeyOrder.compare(bytes: x, y) < 0 } }
    }

    /// A key's content with its escapes decoded.
    func decoded(_ text: Text) -> [UInt8] {
        JSONStringContent.decoded(UnsafeBufferPointer(start: bytes + text.content.lowerBound, count: text.content.count)) ?? []
    }

    /// -1, 0 or 1 as `a` comes before, with, or after `b` compared byte by byte with ASCII
    /// letters folded to lower case.
    @inline(__always)
    static func foldedOrder(_ a: UnsafePointer<UInt8>, _ aCount: Int, _ b: UnsafePointer<UInt8>, _ bCount: Int) -> Int {
        let shared = min(aCount, bCount)
        var i = 0
        while i < shared {
            var x = a[i], y = b[i]
            if x != y {
                if x >= 0x41 && x <= 0x5A { x |= 0x20 }
                if y >= 0x41 && y <= 0x5A { y |= 0x20 }
                if x != y { return x < y ? -1 : 1 }
            }
            i += 1
        }
        return aCount == bCount ? 0 : (aCount < bCount ? -1 : 1)
    }

    // MARK: writing

    /// String content as `FactLines` quotes it (see `LineBuffer.append(_:of:)`).
    @inline(__always)
    mutating func copy(_ text: Text) { output.append(text, of: bytes) }

    @inline(__always)
    mutating func quoted(_ text: Text) {
        output.append(UInt8(ascii: "\""))
        copy(text)
        output.append(UInt8(ascii: "\""))
    }

    // MARK: the document

    /// The top level: its fields' lines into `head`, the entries' into `output`.
    mutating func document() -> Bool {
        let open = skipSpace(0)
        guard let end = members(open, { writer, name, value in
            guard !name.escaped else { return nil }
            if writer.isName(name, Name.strings) { return writer.entries(at: value) }
            // A top-level field: `sourceLanguage: "en"`, written where the top level's go.
            swap(&writer.head, &writer.output)
            defer { swap(&writer.head, &writer.output) }
            writer.copy(name)
            writer.output.append(UInt8(ascii: ":"))
            writer.output.append(0x20)
            return writer.scalar(at: value)
        }) else { return false }
        return skipSpace(end) == count
    }

    /// The entries of `strings`, in their order; by two threads, a half each, when they are
    /// many (`splitAbove`).
    mutating func entries(at open: Int) -> Int? {
        guard byte(open) == UInt8(ascii: "{") else { return nil }
        let first = skipSpace(open + 1)
        if byte(first) == UInt8(ascii: "}") { return first + 1 }
        if splitAbove > 0, count - open > splitAbove,
            let split = JSONReader.entryBoundary(in: UnsafeBufferPointer(start: bytes, count: count), near: open + (count - open) / 2)
        {
            let mark = output.count
            if let end = entriesInHalves(from: first, split: split) { return end }
            // Not an entry where the split was looked for (a layout not Xcode's): one thread.
            output.count = mark
            secondHalf?.deallocate()
            secondHalf = nil
        }
        var last: Text?
        return entryRun(from: first, stop: nil, last: &last)
    }

    /// The entries from the key at `start` on, each after the one before in Xcode's order
    /// (strictly, so that no key comes twice; else nil, to give up): to the object's end, whose
    /// offset after the `}` it returns, or, given `stop`, to the key there, which must follow a
    /// member's comma (its offset is returned). `last` is the last key written.
    mutating func entryRun(from start: Int, stop: Int?, last: inout Text?) -> Int? {
        var i = start
        last = nil
        while true {
            guard let name = string(at: i) else { return nil }
            if let previous = last, !inKeyOrder(previous, name) { return nil }
            last = name
            i = skipSpace(name.end)
            guard byte(i) == UInt8(ascii: ":") else { return nil }
            key.count = 0
            key.append(UInt8(ascii: "\""))
            key.append(name, of: bytes)
            key.append(UInt8(ascii: "\""))
            let value = skipSpace(i + 1)
            let mark = output.count
            var after = entry(at: value)
            if after == nil {
                output.count = mark
                after = decodedEntry(name, at: value)
            }
            guard let after else { return nil }
            i = skipSpace(after)
            if byte(i) == UInt8(ascii: "}") { return stop == nil ? i + 1 : nil }
            guard byte(i) == UInt8(ascii: ",") else { return nil }
            i = skipSpace(i + 1)
            if let stop, i >= stop { return i == stop ? i : nil }
        }
    }

    /// The entries written a half on each of two threads: this writer up to `split` (a key the
    /// layout says starts an entry), another from there, whose lines become `secondHalf`. Nil
    /// when the first half does not end at `split` (then the caller writes them on one thread)
    /// or either half gives up.
    mutating func entriesInHalves(from start: Int, split: Int) -> Int? {
        let other = OtherHalf(FastFactLines(bytes: bytes, count: count))
        other.writer.output.grow(to: (count - split) / 2 + 4096)
        let job = Threads.start {
            var last: Text?
            other.end = other.writer.entryRun(from: split, stop: nil, last: &last)
        }
        var last: Text?
        let firstHalf = entryRun(from: start, stop: split, last: &last)
        job.join()
        defer { other.writer.deallocate() }
        guard firstHalf != nil, let end = other.end, let previous = last,
            let next = string(at: split), inKeyOrder(previous, next)
        else { return nil }
        secondHalf = other.writer.output
        other.writer.output = LineBuffer()
        return end
    }

    /// An entry this path does not write itself (keys out of Xcode's order among them), decoded
    /// alone and written through the facts in Xcode's order; nil when it is not valid (the
    /// reader, reading the whole catalog, then says why).
    mutating func decodedEntry(_ key: Text, at start: Int) -> Int? {
        guard let end = valueEnd(at: start),
            // The entry sits two levels down: the same depth limit as the whole catalog's reading.
            let value = try? JSONReader.parse(Array(UnsafeBufferPointer(start: bytes + start, count: end - start)),
                maximumDepth: JSONReader.defaultMaximumDepth - 2),
            let keyText = JSONStringContent.decoded(UnsafeBufferPointer(start: bytes + key.content.lowerBound, count: key.content.count))
        else { return nil }
        var lines: [UInt8] = []
        for fact in CatalogFacts.entry(UTF8Bytes(keyText), FactLines.inXcodeOrder(value)) { FactLines.append(fact, to: &lines) }
        output.append(lines)
        return end
    }

    /// Where the value at `start` ends: a container found by its brackets and strings alone (the
    /// reader then validates it), a string by the shared scanner, a number or literal validated;
    /// nil when it does not end or nests deeper than a catalog may.
    func valueEnd(at start: Int) -> Int? {
        let buffer = UnsafeBufferPointer(start: bytes, count: count)
        switch byte(start) {
        case UInt8(ascii: "\""):
            return JSONStringEnd.find(in: buffer, quote: start, end: count)?.end
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            break
        default:
            return JSONScalar.end(bytes, count: count, at: start)
        }
        var depth = 0
        var i = start
        repeat {
            guard i < count else { return nil }
            switch bytes[i] {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                depth += 1
                guard depth <= JSONReader.defaultMaximumDepth else { return nil }
                i += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                i += 1
            case UInt8(ascii: "\""):
                guard let (end, _) = JSONStringEnd.find(in: buffer, quote: i, end: count) else { return nil }
                i = end
            default:
                i += 1
            }
        } while depth > 0
        return i
    }

    // MARK: the entry

    /// An entry's lines; nil to give up (an entry it does not write, or bytes not valid).
    mutating func entry(at start: Int) -> Int? {
        var wrote = false
        let end = members(start) { writer, name, value in
            if writer.isName(name, Name.localizations) && writer.byte(value) == UInt8(ascii: "{") {
                return writer.members(value) { writer, locale, localization in
                    guard !locale.escaped else { return nil }
                    return writer.localization(Path(locale: locale), at: localization, wrote: &wrote)
                }
            }
            // A field of the entry: `"Save" comment: "…"`.
            guard !name.escaped else { return nil }
            writer.output.append(writer.key)
            writer.output.append(0x20)
            writer.copy(name)
            writer.output.append(UInt8(ascii: ":"))
            writer.output.append(0x20)
            wrote = true
            return writer.scalar(at: value)
        }
        guard let end else { return nil }
        if !wrote {
            output.append(key)
            output.append(0x0A)
        }
        return end
    }

    /// A field's value and the line's end: a string quoted, a number or literal as written; nil
    /// for an object or array (compact JSON is the general path's) and for what is not valid.
    @inline(__always)
    mutating func scalar(at value: Int) -> Int? {
        if byte(value) == UInt8(ascii: "\"") {
            guard let text = string(at: value) else { return nil }
            quoted(text)
            output.append(0x0A)
            return text.end
        }
        guard let end = JSONScalar.end(bytes, count: count, at: value) else { return nil }
        output.append(bytes + value, count: end - value)
        output.append(0x0A)
        return end
    }

    /// Where a line is inside an entry: the locale and up to six path components (a
    /// substitution's variation's case is four; deeper gives up), none escaped.
    struct Path {
        var locale: Text
        var components: (Text?, Text?, Text?, Text?, Text?, Text?) = (nil, nil, nil, nil, nil, nil)
        var depth = 0

        init(locale: Text) { self.locale = locale }

        func adding(_ component: Text) -> Path? {
            var path = self
            switch depth {
            case 0: path.components.0 = component
            case 1: path.components.1 = component
            case 2: path.components.2 = component
            case 3: path.components.3 = component
            case 4: path.components.4 = component
            case 5: path.components.5 = component
            default: return nil
            }
            path.depth += 1
            return path
        }

        func adding(_ first: Text, _ second: Text) -> Path? {
            adding(first)?.adding(second)
        }

        func component(_ index: Int) -> Text {
            switch index {
            case 0: components.0!
            case 1: components.1!
            case 2: components.2!
            case 3: components.3!
            case 4: components.4!
            default: components.5!
            }
        }
    }

    /// The head of a line inside a localization: `"Save" [de]` and the path.
    @inline(__always)
    mutating func head(_ path: Path) {
        output.append(key)
        output.append(0x20)
        output.append(UInt8(ascii: "["))
        copy(path.locale)
        output.append(UInt8(ascii: "]"))
        var index = 0
        while index < path.depth {
            output.append(index == 0 ? 0x20 : UInt8(ascii: "."))
            copy(path.component(index))
            index += 1
        }
    }

    /// A localization or a variation's case; the offset after it, or nil to give up.
    mutating func localization(_ path: Path, at start: Int, wrote: inout Bool) -> Int? {
        guard byte(start) == UInt8(ascii: "{") else { return nil }
        var empty = true
        var wroteHere = false
        let end = members(start) { writer, name, value in
            empty = false
            if writer.isName(name, Name.stringUnit) {
                return writer.unit(path, at: value, wrote: &wroteHere)
            }
            if writer.isName(name, Name.variations) {
                return writer.variations(path, at: value, wrote: &wroteHere)
            }
            guard writer.isName(name, Name.substitutions) else { return nil }
            return writer.members(value) { writer, substitution, fields in
                guard !substitution.escaped, let place = path.adding(name, substitution) else { return nil }
                return writer.members(fields) { writer, field, fieldValue in
                    guard !field.escaped else { return nil }
                    if writer.isName(field, Name.variations) {
                        return writer.variations(place, at: fieldValue, wrote: &wroteHere)
                    }
                    guard let fieldPlace = place.adding(field) else { return nil }
                    writer.head(fieldPlace)
                    writer.output.append(UInt8(ascii: ":"))
                    writer.output.append(0x20)
                    wroteHere = true
                    return writer.scalar(at: fieldValue)
                }
            }
        }
        // An empty localization is `{}`, a field of the general path's.
        guard let end, !empty else { return nil }
        wrote = wrote || wroteHere
        return end
    }

    mutating func variations(_ path: Path, at start: Int, wrote: inout Bool) -> Int? {
        var wroteHere = false
        let end = members(start) { writer, kind, cases in
            guard !kind.escaped, writer.byte(cases) == UInt8(ascii: "{") else { return nil }
            return writer.members(cases) { writer, name, value in
                guard !name.escaped, let place = path.adding(kind, name) else { return nil }
                return writer.localization(place, at: value, wrote: &wroteHere)
            }
        }
        wrote = wrote || wroteHere
        return end
    }

    /// A string unit of `state` and `value` alone: `"Save" [de]: "Sichern" (translated)`.
    mutating func unit(_ path: Path, at start: Int, wrote: inout Bool) -> Int? {
        var value: Text?
        var state: Text?
        let end = members(start) { writer, name, member in
            guard let text = writer.string(at: member) else { return nil }
            if writer.isName(name, Name.value) {
                value = text
            } else if writer.isName(name, Name.state), !text.escaped {
                state = text
            } else {
                return nil
            }
            return text.end
        }
        guard let end, let value else { return nil }
        head(path)
        output.append(UInt8(ascii: ":"))
        output.append(0x20)
        quoted(value)
        if let state {
            output.append(0x20)
            output.append(UInt8(ascii: "("))
            copy(state)
            output.append(UInt8(ascii: ")"))
        }
        output.append(0x0A)
        wrote = true
        return end
    }
}

/// The writer of the second half of the entries, on its own thread (`entriesInHalves`).
final class OtherHalf: @unchecked Sendable {
    var writer: FastFactLines
    var end: Int?
    init(_ writer: FastFactLines) { self.writer = writer }
}
