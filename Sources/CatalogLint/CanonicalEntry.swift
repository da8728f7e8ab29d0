import StringCatalog

/// Reads what the lint rules need from an entry whose bytes are exactly Xcode's (at indent 2),
/// line by line, without decoding the entry into JSON values: in Xcode's layout every member
/// starts its own line, indented by its depth, and every object closes on a line of its own.
/// Keys stay byte ranges; strings are made only for the texts and paths the rules read.
/// Decoding every entry was the larger part of linting a big catalog.
struct CanonicalEntry {
    var shouldTranslate = true
    var isStale = false
    var localizations: [Localization] = []

    /// One open object: where its key's text is, and where the key starts.
    struct Open {
        var keyStart: Int
        var keyEnd: Int
        var offset: Int
    }

    /// Nil when the bytes hold something this reading does not follow; the entry is then decoded.
    /// `locales` hands out one copy of each locale name (see `LocaleNames`).
    init?(_ raw: RawJSON, sourceLanguage: UTF8Bytes, locales: LocaleNames = LocaleNames()) {
        guard raw.canonicalIndent == 2 else { return nil }
        let source = raw.source
        let result: CanonicalEntry? = source.withUnsafeBufferPointer { buffer in
            var reader = Reader(buffer: buffer, source: source, sourceLanguage: sourceLanguage, locales: locales)
            return reader.read(raw.range) ? reader.entry : nil
        }
        guard let result else { return nil }
        self = result
    }

    /// The line-by-line reading.
    struct Reader {
        let buffer: UnsafeBufferPointer<UInt8>
        let source: [UInt8]
        let sourceLanguage: UTF8Bytes
        let locales: LocaleNames
        var entry = CanonicalEntry(empty: ())
        var stack: [Open] = []
        var current: Localization?
        var pendingState: String?

        init(buffer: UnsafeBufferPointer<UInt8>, source: [UInt8], sourceLanguage: UTF8Bytes, locales: LocaleNames) {
            self.buffer = buffer
            self.source = source
            self.sourceLanguage = sourceLanguage
            self.locales = locales
        }

        func isKey(_ open: Open, _ name: StaticString) -> Bool {
            let count = name.utf8CodeUnitCount
            guard open.keyEnd - open.keyStart == count else { return false }
            for i in 0..<count where buffer[open.keyStart + i] != name.utf8Start[i] { return false }
            return true
        }

        func text(_ open: Open) -> String { String(decoding: UnsafeBufferPointer(rebasing: buffer[open.keyStart..<open.keyEnd]), as: UTF8.self) }

        /// The form path of the objects open below the localization: variation kinds and
        /// cases, and `substitutions` with its name; `variations` members do not count.
        func formPath(_ count: Int) -> [String] {
            guard count > 2 else { return [] }
            var path: [String] = []
            for index in 2..<count where !isKey(stack[index], "variations") { path.append(text(stack[index])) }
            return path
        }

        /// The end of the string whose opening quote is at `start` (the offset after its
        /// closing quote) and whether it holds escapes; nil when it does not close on the line.
        func stringEnd(from start: Int, to end: Int) -> (end: Int, escaped: Bool)? {
            var i = start + 1
            var escaped = false
            while i < end {
                let byte = buffer[i]
                if byte == UInt8(ascii: "\\") {
                    escaped = true
                    i += 2
                    continue
                }
                if byte == UInt8(ascii: "\"") { return (i + 1, escaped) }
                i += 1
            }
            return nil
        }

        static let states = ["translated", "needs_review", "new", "stale"]

        /// One of the states Xcode writes, without decoding (these are small strings: copies
        /// allocate nothing).
        func knownState(_ start: Int, _ end: Int) -> String? {
            let bytes = UnsafeBufferPointer(rebasing: buffer[start..<end])
            return Self.states.first { $0.utf8.elementsEqual(bytes) }
        }

        /// The decoded text of the string at `start..<end` (quotes included).
        func decoded(_ start: Int, _ end: Int, escaped: Bool) -> String? {
            if !escaped { return String(decoding: UnsafeBufferPointer(rebasing: buffer[(start + 1)..<(end - 1)]), as: UTF8.self) }
            guard case .string(let text)? = try? JSONReader.parse(Array(source[start..<end])) else { return nil }
            return text.string
        }

        mutating func read(_ range: Range<Int>) -> Bool {
            let end = range.upperBound
            var lineStart = range.lowerBound
            // The first line is the entry's own "{".
            while lineStart < end && buffer[lineStart] != 0x0A { lineStart += 1 }
            lineStart += 1
            while lineStart < end {
                var lineEnd = lineStart
                while lineEnd < end && buffer[lineEnd] != 0x0A { lineEnd += 1 }
                var content = lineStart
                while content < lineEnd && buffer[content] == 0x20 { content += 1 }
                let next = lineEnd + 1
                defer { lineStart = next }
                if content == lineEnd { continue }  // the empty line of an empty object
                let first = buffer[content]
                if first == UInt8(ascii: "}") {
                    // With nothing open, this is the entry's own closing brace.
                    guard stack.popLast() != nil else { return true }
                    // A localization closes at depth 1 below "localizations".
                    if stack.count == 1, isKey(stack[0], "localizations"), let finished = current {
                        entry.localizations.append(finished)
                        current = nil
                    }
                    continue
                }
                guard first == UInt8(ascii: "\""), let (afterKey, keyEscaped) = stringEnd(from: content, to: lineEnd), !keyEscaped else {
                    return false
                }
                let key = Open(keyStart: content + 1, keyEnd: afterKey - 1, offset: content)
                let valueStart = afterKey + 3
                guard valueStart < lineEnd, buffer[afterKey] == 0x20, buffer[afterKey + 1] == UInt8(ascii: ":") else { return false }
                if buffer[valueStart] == UInt8(ascii: "{") {
                    openObject(key)
                    continue
                }
                guard scalar(key, valueStart: valueStart, lineEnd: lineEnd) else { return false }
            }
            return stack.isEmpty
        }

        mutating func openObject(_ key: Open) {
            let depth = stack.count
            if depth == 1 && isKey(stack[0], "localizations") {
                current = Localization(locale: locales.name(UnsafeBufferPointer(rebasing: buffer[key.keyStart..<key.keyEnd])), offset: key.offset)
            } else if depth >= 2, current != nil {
                // Plural variations, and their categories as they open.
                if isKey(key, "plural") && isKey(stack[depth - 1], "variations") {
                    current!.pluralVariations.append((formPath(depth) + ["plural"], [], key.offset))
                } else if depth >= 4, isKey(stack[depth - 1], "plural"), isKey(stack[depth - 2], "variations") {
                    let path = formPath(depth)
                    if let index = current!.pluralVariations.lastIndex(where: { $0.path == path }) {
                        current!.pluralVariations[index].categories.append(text(key))
                    }
                }
            }
            if isKey(key, "stringUnit") { pendingState = nil }
            stack.append(key)
        }

        mutating func scalar(_ key: Open, valueStart: Int, lineEnd: Int) -> Bool {
            if stack.isEmpty {
                let value = UnsafeBufferPointer(rebasing: buffer[valueStart..<lineEnd])
                if isKey(key, "shouldTranslate") && value.starts(with: "false".utf8) { entry.shouldTranslate = false }
                if isKey(key, "extractionState") && value.starts(with: "\"stale\"".utf8) { entry.isStale = true }
                return true
            }
            guard current != nil, stack.count >= 2 else { return true }
            if isKey(stack[stack.count - 1], "stringUnit") {
                guard buffer[valueStart] == UInt8(ascii: "\"") else { return true }
                guard let (stringEnd, escaped) = stringEnd(from: valueStart, to: lineEnd) else { return false }
                if isKey(key, "state") {
                    guard let state = knownState(valueStart + 1, stringEnd - 1) ?? decoded(valueStart, stringEnd, escaped: escaped) else { return false }
                    pendingState = state
                }
                if isKey(key, "value") {
                    // The text stays in the file until a rule reads it (see `FormText`).
                    let text = FormText(jsonStringAt: buffer.baseAddress! + valueStart + 1, count: stringEnd - valueStart - 2, escaped: escaped)
                    current!.forms.append(Form(path: formPath(stack.count - 1), text: text, state: pendingState, offset: key.offset))
                    pendingState = nil
                }
            } else if stack.count == 4, isKey(stack[2], "substitutions") {
                let name = text(stack[3])
                var substitution = current!.substitutions[name] ?? (nil, nil)
                if isKey(key, "argNum") {
                    var digits = ""
                    for byte in UnsafeBufferPointer(rebasing: buffer[valueStart..<lineEnd]) where byte != UInt8(ascii: ",") {
                        digits.append(Character(UnicodeScalar(byte)))
                    }
                    substitution.argNum = Int(digits)
                }
                if isKey(key, "formatSpecifier"), buffer[valueStart] == UInt8(ascii: "\""),
                    let (stringEnd, escaped) = stringEnd(from: valueStart, to: lineEnd),
                    let text = decoded(valueStart, stringEnd, escaped: escaped)
                {
                    substitution.argumentClass = ArgumentClass(formatSpecifier: text)
                }
                current!.substitutions[name] = substitution
            }
            return true
        }
    }

    init(empty: Void) {}
}

/// One copy of each locale name, for the strings one thread reads. A name sliced from the file
/// would share the file's storage: every copy of a localization, by every rule on every
/// thread, would then count references on that one object, and the two threads' counting of it
/// cost more than all the reading.
final class LocaleNames {
    private var names: [UTF8Bytes] = []

    func name(_ bytes: UnsafeBufferPointer<UInt8>) -> UTF8Bytes {
        for name in names where name.bytes.elementsEqual(bytes) { return name }
        let name = UTF8Bytes(Array(bytes))
        names.append(name)
        return name
    }
}
