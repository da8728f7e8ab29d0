#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import StringCatalog

/// Reads what the lint rules need from an entry whose bytes are exactly Xcode's (at indent 2),
/// line by line, without decoding the entry into JSON values: in Xcode's layout every member
/// starts its own line, indented by its depth, and every object closes on a line of its own.
/// Keys stay byte ranges; strings are made only for the texts and paths the rules read.
/// Decoding every entry was the larger part of linting a big catalog.
struct CanonicalEntry {
    var shouldTranslate = true
    var isStale = false

    /// One open object: where its key's text is, where the key starts, and the form path of
    /// the objects open down to it.
    struct Open {
        var keyStart: Int
        var keyEnd: Int
        /// What its key says it is, worked out once when it opens.
        var kind = Kind.other

        /// Where its key starts (its opening quote).
        var offset: Int { keyStart - 1 }
    }


    /// The objects whose keys the reading looks for (named by `CatalogSchema`). Any other object
    /// (a locale, a device or plural case, a substitution's name, an App Shortcut's phrases, a
    /// member the schema does not know) is `other`: its key only extends the path of the forms
    /// below it, as in the decoded reading (`LintedString`); `CanonicalEntryTests` hold the two
    /// readings equal.
    enum Kind: UInt8 {
        case localizations, stringUnit, variations, plural, substitutions, other
    }

    /// Nil when the bytes hold something this reading does not follow; the entry is then decoded.
    /// The localizations and forms go to `builder`.
    init?(_ raw: RawJSON, into builder: inout LintedStringBuilder) {
        guard raw.canonicalIndent == 2 else { return nil }
        let result: CanonicalEntry? = raw.source.withUnsafeBufferPointer { buffer in
            // The builder (and the stacks it keeps for this reading) is moved into the reader
            // and back, not copied: a copy would share its arrays, and the first append would
            // then copy each of them.
            var reader = Reader(buffer: buffer, builder: .placeholder)
            swap(&reader.builder, &builder)
            swap(&reader.stack, &reader.builder.openStack)
            swap(&reader.places, &reader.builder.placeStack)
            reader.stack.removeAll(keepingCapacity: true)
            reader.places.removeAll(keepingCapacity: true)
            let entry = reader.read(raw.range) ? reader.entry : nil
            swap(&reader.stack, &reader.builder.openStack)
            swap(&reader.places, &reader.builder.placeStack)
            swap(&reader.builder, &builder)
            return entry
        }
        guard let result else { return nil }
        self = result
    }

    /// The entry's bytes, and what is read from them without changing anything. Kept apart
    /// from `Reader`, which is big: calling a non-mutating method of the reader from a
    /// mutating one copied the whole reader, for every line.
    struct EntryBytes {
        let buffer: UnsafeBufferPointer<UInt8>

        /// The kind of the object whose key is `open`'s.
        func kind(of open: Open) -> Kind {
            // By length first: most keys are locales and plural categories, which match no name.
            switch open.keyEnd - open.keyStart {
            case Name.localizations.utf8CodeUnitCount:  // and `substitutions`
                if isKey(open, Name.localizations) { return .localizations }
                if isKey(open, Name.substitutions) { return .substitutions }
            case Name.stringUnit.utf8CodeUnitCount:  // and `variations`
                if isKey(open, Name.stringUnit) { return .stringUnit }
                if isKey(open, Name.variations) { return .variations }
            case Name.plural.utf8CodeUnitCount:
                if isKey(open, Name.plural) { return .plural }
            default: break
            }
            return .other
        }

        func isKey(_ open: Open, _ name: StaticString) -> Bool {
            let count = name.utf8CodeUnitCount
            guard open.keyEnd - open.keyStart == count, buffer[open.keyStart] == name.utf8Start[0] else { return false }
            return memcmp(buffer.baseAddress! + open.keyStart, name.utf8Start, count) == 0
        }

        func text(_ open: Open) -> String { String(decoding: UnsafeBufferPointer(rebasing: buffer[open.keyStart..<open.keyEnd]), as: UTF8.self) }

        /// The eight bytes at `offset`.
        func word(at offset: Int) -> UInt64 { ByteWords.load(buffer.baseAddress!, at: offset) }

        /// The end of the string whose opening quote is at `start` (the offset after its
        /// closing quote) and whether it holds escapes; nil when it does not close before `end`.
        @inline(__always)
        func stringEnd(from start: Int, to end: Int) -> (end: Int, escaped: Bool)? {
            JSONStringEnd.find(in: buffer, quote: start, end: end)
        }

        /// The first byte at or after `start` that is not a space.
        func skippingSpaces(from start: Int, to end: Int) -> Int {
            var i = start
            while i + 8 <= end && word(at: i) == ByteWords.spaces { i += 8 }
            while i < end && buffer[i] == 0x20 { i += 1 }
            return i
        }

        /// The start of the next line when this one ends at `position`, after an optional
        /// comma; nil when something else follows.
        func nextLine(after position: Int, to end: Int) -> Int? {
            var i = position
            if i < end && buffer[i] == UInt8(ascii: ",") { i += 1 }
            guard i < end, buffer[i] == 0x0A else { return nil }
            return i + 1
        }

        /// Whether the bytes at `position` are `text`.
        func matches(_ text: StaticString, at position: Int, to end: Int) -> Bool {
            let count = text.utf8CodeUnitCount
            return position + count <= end && memcmp(buffer.baseAddress! + position, text.utf8Start, count) == 0
        }

        /// The one form of a localization that holds nothing but a string unit (a `state` and a
        /// `value`, or a `value` alone), read from the lines after the localization's `{` at
        /// `lineStart`, with the start of the line after the localization's `}`. Most
        /// localizations are this; nil for anything else, which the member-by-member reading
        /// then reads.
        func plainUnit(from lineStart: Int, to end: Int) -> (form: Form, next: Int)? {
            var content = skippingSpaces(from: lineStart, to: end)
            guard matches("\"stringUnit\" : {\n", at: content, to: end) else { return nil }
            content = skippingSpaces(from: content + 17, to: end)
            var state: UnitState?
            if matches("\"state\" : \"", at: content, to: end) {
                let quote = content + 10
                guard let (stateEnd, escaped) = stringEnd(from: quote, to: end), !escaped,
                    let known = UnitState(bytes: UnsafeBufferPointer(rebasing: buffer[(quote + 1)..<(stateEnd - 1)])),
                    matches(",\n", at: stateEnd, to: end)
                else { return nil }
                state = known
                content = skippingSpaces(from: stateEnd + 2, to: end)
            }
            guard matches("\"value\" : \"", at: content, to: end) else { return nil }
            let valueKey = content
            let quote = content + 10
            guard let (valueEnd, escaped) = stringEnd(from: quote, to: end), matches("\n", at: valueEnd, to: end) else { return nil }
            // The unit's "}" (with no comma: nothing follows it), then the localization's.
            content = skippingSpaces(from: valueEnd + 1, to: end)
            guard matches("}\n", at: content, to: end) else { return nil }
            content = skippingSpaces(from: content + 2, to: end)
            guard matches("}", at: content, to: end), let next = nextLine(after: content + 1, to: end) else { return nil }
            let text = FormText(jsonStringAt: buffer.baseAddress! + quote + 1, count: valueEnd - quote - 2, escaped: escaped)
            return (Form(place: .root, text: text, state: state, offset: valueKey), next)
        }

        /// The decoded text of the string at `start..<end` (quotes included).
        func decoded(_ start: Int, _ end: Int, escaped: Bool) -> String? {
            let content = UnsafeBufferPointer(rebasing: buffer[(start + 1)..<(end - 1)])
            if !escaped { return String(decoding: content, as: UTF8.self) }
            return JSONStringContent.decoded(content).map { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// The line-by-line reading.
    struct Reader {
        let bytes: EntryBytes
        var builder: LintedStringBuilder
        var entry = CanonicalEntry(empty: ())
        var stack: [Open] = []
        /// The form place of each open object (beside `stack`, which it would make too big to
        /// pass around cheaply).
        var places: [FormPlace] = []
        var pendingState: UnitState?

        init(buffer: UnsafeBufferPointer<UInt8>, builder: LintedStringBuilder) {
            bytes = EntryBytes(buffer: buffer)
            self.builder = builder
        }

        /// Reads the entry's lines: each is a member (a key, then an object's `{` or a scalar)
        /// or an object's closing `}`, with an optional comma, ending at a line feed. Anything
        /// else, and the entry is decoded instead.
        mutating func read(_ range: Range<Int>) -> Bool {
            let end = range.upperBound
            var lineStart = range.lowerBound
            // The first line is the entry's own "{".
            while lineStart < end && bytes.buffer[lineStart] != 0x0A { lineStart += 1 }
            lineStart += 1
            while lineStart < end {
                let content = bytes.skippingSpaces(from: lineStart, to: end)
                guard content < end else { break }
                let first = bytes.buffer[content]
                if first == 0x0A {
                    // The empty line of an empty object.
                    lineStart = content + 1
                    continue
                }
                if first == UInt8(ascii: "}") {
                    // With nothing open, this is the entry's own closing brace.
                    guard stack.popLast() != nil else { return true }
                    places.removeLast()
                    // A localization closes at depth 1 below "localizations".
                    if stack.count == 1, stack[0].kind == .localizations { builder.endLocalization() }
                    guard let next = bytes.nextLine(after: content + 1, to: end) else { return false }
                    lineStart = next
                    continue
                }
                guard first == UInt8(ascii: "\""), let (afterKey, keyEscaped) = bytes.stringEnd(from: content, to: end), !keyEscaped else {
                    return false
                }
                let key = Open(keyStart: content + 1, keyEnd: afterKey - 1)
                let valueStart = afterKey + 3
                guard valueStart < end, bytes.buffer[afterKey] == 0x20, bytes.buffer[afterKey + 1] == UInt8(ascii: ":"), bytes.buffer[afterKey + 2] == 0x20 else {
                    return false
                }
                if bytes.buffer[valueStart] == UInt8(ascii: "{") {
                    // A localization of one plain string unit, read in one go.
                    if stack.count == 1, stack[0].kind == .localizations, builder.current == nil, bytes.matches("{\n", at: valueStart, to: end),
                        let (form, next) = bytes.plainUnit(from: valueStart + 2, to: end)
                    {
                        builder.beginLocalization(builder.locale(UnsafeBufferPointer(rebasing: bytes.buffer[key.keyStart..<key.keyEnd])), offset: key.offset)
                        builder.addForm(form)
                        builder.endLocalization()
                        lineStart = next
                        continue
                    }
                    guard openObject(key) else { return false }
                    guard let next = bytes.nextLine(after: valueStart + 1, to: end) else { return false }
                    lineStart = next
                    continue
                }
                guard let next = scalar(key, valueStart: valueStart, end: end) else { return false }
                lineStart = next
            }
            return stack.isEmpty
        }

        /// Opens the object whose key is `key`; false for one this reading leaves to decoding:
        /// `substitutions` anywhere but directly in a localization (inside a variation case the
        /// schema allows them, and the decoded reading does not read their forms).
        mutating func openObject(_ key: Open) -> Bool {
            var key = key
            key.kind = bytes.kind(of: key)
            if key.kind == .substitutions && stack.count != 2 { return false }
            var place = FormPlace.root
            let depth = stack.count
            if depth == 1 {
                if stack[0].kind == .localizations {
                    builder.beginLocalization(builder.locale(UnsafeBufferPointer(rebasing: bytes.buffer[key.keyStart..<key.keyEnd])), offset: key.offset)
                }
            } else if depth >= 2 && builder.current != nil {
                // The form path below the localization: variation kinds and cases, and
                // `substitutions` with its name; `variations` and `stringUnit` do not count.
                let parent = places[depth - 1]
                switch key.kind {
                case .stringUnit:
                    pendingState = nil
                    place = parent
                case .variations:
                    place = parent
                default:
                    let names = builder.names
                    place = names[names.child(parent.path, bytes: UnsafeBufferPointer(rebasing: bytes.buffer[key.keyStart..<key.keyEnd]))].place
                    // Plural variations, and their categories as they open.
                    if key.kind == .plural && stack[depth - 1].kind == .variations {
                        builder.addPluralVariation(at: place.path, offset: key.offset)
                    } else if depth >= 4, stack[depth - 1].kind == .plural, stack[depth - 2].kind == .variations {
                        builder.addPluralCategory(bytes.text(key), to: parent.path)
                    }
                }
            }
            stack.append(key)
            places.append(place)
            return true
        }

        /// Reads a scalar member; the start of the next line, or nil when the line holds
        /// something else.
        mutating func scalar(_ key: Open, valueStart: Int, end: Int) -> Int? {
            let isString = bytes.buffer[valueStart] == UInt8(ascii: "\"")
            var valueEnd = valueStart
            var escaped = false
            if isString {
                guard let (stringEnd, stringEscaped) = bytes.stringEnd(from: valueStart, to: end) else { return nil }
                valueEnd = stringEnd
                escaped = stringEscaped
            } else {
                while valueEnd < end && bytes.buffer[valueEnd] != 0x0A && bytes.buffer[valueEnd] != UInt8(ascii: ",") { valueEnd += 1 }
            }
            guard let next = bytes.nextLine(after: valueEnd, to: end) else { return nil }
            if stack.isEmpty {
                let value = UnsafeBufferPointer(rebasing: bytes.buffer[valueStart..<valueEnd])
                if bytes.isKey(key, Name.shouldTranslate) && value.elementsEqual("false".utf8) { entry.shouldTranslate = false }
                if bytes.isKey(key, Name.extractionState) && value.elementsEqual("\"stale\"".utf8) { entry.isStale = true }
                return next
            }
            guard builder.current != nil, stack.count >= 2 else { return next }
            if stack[stack.count - 1].kind == .stringUnit {
                guard isString else { return next }
                let keyLength = key.keyEnd - key.keyStart
                let keyFirst = bytes.buffer[key.keyStart]
                if keyLength == 5 && keyFirst == UInt8(ascii: "s") && bytes.isKey(key, Name.state) {
                    let content = UnsafeBufferPointer(rebasing: bytes.buffer[(valueStart + 1)..<(valueEnd - 1)])
                    if let known = UnitState(bytes: content) {
                        pendingState = known
                    } else {
                        guard let state = bytes.decoded(valueStart, valueEnd, escaped: escaped) else { return nil }
                        pendingState = UnitState(UTF8Bytes(state))
                    }
                }
                if keyLength == 5 && keyFirst == UInt8(ascii: "v") && bytes.isKey(key, Name.value) {
                    // The text stays in the file until a rule reads it (see `FormText`).
                    let text = FormText(jsonStringAt: bytes.buffer.baseAddress! + valueStart + 1, count: valueEnd - valueStart - 2, escaped: escaped)
                    builder.addForm(Form(place: places[places.count - 1], text: text, state: pendingState, offset: key.offset))
                    pendingState = nil
                }
            } else if stack.count == 4, stack[2].kind == .substitutions {
                // Every substitution with a scalar member is listed (as decoding lists them).
                let isArgNum = bytes.isKey(key, Name.argNum)
                let isFormatSpecifier = !isArgNum && bytes.isKey(key, Name.formatSpecifier)
                var argNum: Int?
                var argumentClass: ArgumentClass?
                if isArgNum {
                    argNum = Int(String(decoding: UnsafeBufferPointer(rebasing: bytes.buffer[valueStart..<valueEnd]), as: UTF8.self))
                } else if isFormatSpecifier, isString, let text = bytes.decoded(valueStart, valueEnd, escaped: escaped) {
                    argumentClass = ArgumentClass(formatSpecifier: text)
                }
                builder.updateSubstitution(bytes.text(stack[3])) { substitution in
                    if isArgNum { substitution.argNum = argNum }
                    if isFormatSpecifier { substitution.argumentClass = argumentClass }
                }
            }
            return next
        }
    }

    init(empty: Void) {}
}
