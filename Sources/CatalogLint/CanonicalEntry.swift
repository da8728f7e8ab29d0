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
        var offset: Int
        var path = FormPath.root
    }

    /// Nil when the bytes hold something this reading does not follow; the entry is then decoded.
    /// The localizations and forms go to `builder`.
    init?(_ raw: RawJSON, into builder: inout LintedStringBuilder) {
        guard raw.canonicalIndent == 2 else { return nil }
        let source = raw.source
        let result: CanonicalEntry? = source.withUnsafeBufferPointer { buffer in
            var reader = Reader(buffer: buffer, source: source, builder: builder)
            let entry = reader.read(raw.range) ? reader.entry : nil
            builder = reader.builder
            return entry
        }
        guard let result else { return nil }
        self = result
    }

    /// The line-by-line reading.
    struct Reader {
        let buffer: UnsafeBufferPointer<UInt8>
        let source: [UInt8]
        var builder: LintedStringBuilder
        var entry = CanonicalEntry(empty: ())
        var stack: [Open] = []
        var pendingState: UnitState?

        init(buffer: UnsafeBufferPointer<UInt8>, source: [UInt8], builder: LintedStringBuilder) {
            self.buffer = buffer
            self.source = source
            self.builder = builder
            stack.reserveCapacity(8)
        }

        func isKey(_ open: Open, _ name: StaticString) -> Bool {
            let count = name.utf8CodeUnitCount
            guard open.keyEnd - open.keyStart == count else { return false }
            for i in 0..<count where buffer[open.keyStart + i] != name.utf8Start[i] { return false }
            return true
        }

        func text(_ open: Open) -> String { String(decoding: UnsafeBufferPointer(rebasing: buffer[open.keyStart..<open.keyEnd]), as: UTF8.self) }

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
                var content = lineStart
                while content < end && buffer[content] == 0x20 { content += 1 }
                var lineEnd = content
                while lineEnd < end && buffer[lineEnd] != 0x0A { lineEnd += 1 }
                let next = lineEnd + 1
                defer { lineStart = next }
                if content == lineEnd { continue }  // the empty line of an empty object
                let first = buffer[content]
                if first == UInt8(ascii: "}") {
                    // With nothing open, this is the entry's own closing brace.
                    guard stack.popLast() != nil else { return true }
                    // A localization closes at depth 1 below "localizations".
                    if stack.count == 1, isKey(stack[0], "localizations") { builder.endLocalization() }
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
            var key = key
            let depth = stack.count
            if depth == 1 {
                if isKey(stack[0], "localizations") {
                    builder.beginLocalization(builder.names.locale(UnsafeBufferPointer(rebasing: buffer[key.keyStart..<key.keyEnd])), offset: key.offset)
                }
            } else if depth >= 2 && builder.current != nil {
                // The form path below the localization: variation kinds and cases, and
                // `substitutions` with its name; `variations` and `stringUnit` do not count.
                let parent = stack[depth - 1].path
                if isKey(key, "stringUnit") {
                    pendingState = nil
                    key.path = parent
                } else if isKey(key, "variations") {
                    key.path = parent
                } else {
                    key.path = builder.names.child(parent, text(key))
                    // Plural variations, and their categories as they open.
                    if isKey(key, "plural") && isKey(stack[depth - 1], "variations") {
                        builder.addPluralVariation(at: key.path, offset: key.offset)
                    } else if depth >= 4, isKey(stack[depth - 1], "plural"), isKey(stack[depth - 2], "variations") {
                        builder.addPluralCategory(text(key), to: parent)
                    }
                }
            }
            stack.append(key)
        }

        mutating func scalar(_ key: Open, valueStart: Int, lineEnd: Int) -> Bool {
            if stack.isEmpty {
                let value = UnsafeBufferPointer(rebasing: buffer[valueStart..<lineEnd])
                if isKey(key, "shouldTranslate") && value.starts(with: "false".utf8) { entry.shouldTranslate = false }
                if isKey(key, "extractionState") && value.starts(with: "\"stale\"".utf8) { entry.isStale = true }
                return true
            }
            guard builder.current != nil, stack.count >= 2 else { return true }
            let parent = stack[stack.count - 1]
            if isKey(parent, "stringUnit") {
                guard buffer[valueStart] == UInt8(ascii: "\"") else { return true }
                guard let (stringEnd, escaped) = stringEnd(from: valueStart, to: lineEnd) else { return false }
                if isKey(key, "state") {
                    let content = UnsafeBufferPointer(rebasing: buffer[(valueStart + 1)..<(stringEnd - 1)])
                    if let known = UnitState(bytes: content) {
                        pendingState = known
                    } else {
                        guard let state = decoded(valueStart, stringEnd, escaped: escaped) else { return false }
                        pendingState = UnitState(state)
                    }
                }
                if isKey(key, "value") {
                    // The text stays in the file until a rule reads it (see `FormText`).
                    let text = FormText(jsonStringAt: buffer.baseAddress! + valueStart + 1, count: stringEnd - valueStart - 2, escaped: escaped)
                    builder.addForm(Form(path: parent.path, text: text, state: pendingState, offset: key.offset))
                    pendingState = nil
                }
            } else if stack.count == 4, isKey(stack[2], "substitutions") {
                // Every substitution with a scalar member is listed (as decoding lists them).
                let isArgNum = isKey(key, "argNum")
                let isFormatSpecifier = !isArgNum && isKey(key, "formatSpecifier")
                var argNum: Int?
                var argumentClass: ArgumentClass?
                if isArgNum {
                    var digits = ""
                    for byte in UnsafeBufferPointer(rebasing: buffer[valueStart..<lineEnd]) where byte != UInt8(ascii: ",") {
                        digits.append(Character(UnicodeScalar(byte)))
                    }
                    argNum = Int(digits)
                } else if isFormatSpecifier, buffer[valueStart] == UInt8(ascii: "\""), let (stringEnd, escaped) = stringEnd(from: valueStart, to: lineEnd),
                    let text = decoded(valueStart, stringEnd, escaped: escaped)
                {
                    argumentClass = ArgumentClass(formatSpecifier: text)
                }
                builder.updateSubstitution(text(stack[3])) { substitution in
                    if isArgNum { substitution.argNum = argNum }
                    if isFormatSpecifier { substitution.argumentClass = argumentClass }
                }
            }
            return true
        }
    }

    init(empty: Void) {}
}
