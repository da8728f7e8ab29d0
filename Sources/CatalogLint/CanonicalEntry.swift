import StringCatalog

/// Reads what the lint rules need from an entry whose bytes are exactly Xcode's (at indent 2),
/// line by line, without decoding the entry into JSON values: in Xcode's layout every member
/// starts its own line, indented by its depth, and every object closes on a line of its own.
/// Decoding every entry was the larger part of linting a big catalog.
struct CanonicalEntry {
    var shouldTranslate = true
    var isStale = false
    var localizations: [Localization] = []

    /// One open object: its key and, for the lint model, what it is.
    struct Open {
        var key: String
        var offset: Int
    }

    /// Nil when the bytes hold something this reading does not follow; the entry is then decoded.
    init?(_ raw: RawJSON, sourceLanguage: UTF8Bytes) {
        guard raw.canonicalIndent == 2 else { return nil }
        let source = raw.source
        var stack: [Open] = []
        var current: Localization?
        var pendingState: String?
        var lineStart = raw.range.lowerBound
        let end = raw.range.upperBound
        // The first line is the entry's own "{".
        guard let firstBreak = source[lineStart..<end].firstIndex(of: 0x0A) else { return }
        lineStart = firstBreak + 1
        while lineStart < end {
            var lineEnd = lineStart
            while lineEnd < end && source[lineEnd] != 0x0A { lineEnd += 1 }
            var content = lineStart
            while content < lineEnd && source[content] == 0x20 { content += 1 }
            defer { lineStart = lineEnd + 1 }
            if content == lineEnd { continue }  // the empty line of an empty object
            let first = source[content]
            if first == UInt8(ascii: "}") {
                // With nothing open, this is the entry's own closing brace.
                guard stack.popLast() != nil else { break }
                // A localization closes at depth 1 below "localizations".
                if stack.count == 1, stack[0].key == "localizations", let finished = current {
                    localizations.append(finished)
                    current = nil
                }
                continue
            }
            guard first == UInt8(ascii: "\"") else { return nil }
            // `"key" : value`
            guard let (key, afterKey) = Self.string(in: source, from: content, to: lineEnd) else { return nil }
            let valueStart = afterKey + 3
            guard valueStart < lineEnd, source[afterKey] == 0x20, source[afterKey + 1] == UInt8(ascii: ":") else { return nil }
            let valueFirst = source[valueStart]
            if valueFirst == UInt8(ascii: "{") {
                let depth = stack.count
                if depth == 1 && stack[0].key == "localizations" {
                    current = Localization(locale: UTF8Bytes(key), offset: content)
                } else if var localization = current, depth >= 2 {
                    // Below a localization: note plural variations as they open.
                    let path = Self.formPath(stack, below: 2)
                    if key == "plural" && stack.last?.key == "variations" {
                        localization.pluralVariations.append((path + ["plural"], [], content))
                    } else if path.last == "plural", stack[stack.count - 2].key == "variations",
                        let index = localization.pluralVariations.lastIndex(where: { $0.path == path })
                    {
                        localization.pluralVariations[index].categories.append(key)
                    }
                    current = localization
                }
                if key == "stringUnit" { pendingState = nil }
                stack.append(Open(key: key, offset: content))
                // An empty object closes two lines later, as any other.
                continue
            }
            // A scalar member.
            if stack.isEmpty {
                if key == "shouldTranslate" && source[valueStart..<lineEnd].starts(with: "false".utf8) { shouldTranslate = false }
                if key == "extractionState" && source[valueStart..<lineEnd].starts(with: "\"stale\"".utf8) { isStale = true }
                continue
            }
            guard var localization = current, stack.count >= 2 else { continue }
            if stack.last?.key == "stringUnit" {
                if valueFirst == UInt8(ascii: "\"") {
                    guard let (text, _) = Self.string(in: source, from: valueStart, to: lineEnd) else { return nil }
                    if key == "state" { pendingState = text }
                    if key == "value" {
                        let path = Self.formPath(Array(stack.dropLast()), below: 2)
                        localization.forms.append(Form(path: path, value: text, state: pendingState, offset: content))
                        pendingState = nil
                    }
                }
            } else if stack.count == 4, stack[2].key == "substitutions" {
                let name = stack[3].key
                var substitution = localization.substitutions[name] ?? (nil, nil)
                if key == "argNum" { substitution.argNum = Int(String(decoding: source[valueStart..<lineEnd].filter { $0 != UInt8(ascii: ",") }, as: UTF8.self)) }
                if key == "formatSpecifier", let (text, _) = Self.string(in: source, from: valueStart, to: lineEnd) {
                    substitution.argumentClass = ArgumentClass(formatSpecifier: text)
                }
                localization.substitutions[name] = substitution
            }
            current = localization
        }
        guard stack.isEmpty else { return nil }
    }

    /// The form path of the objects open below the localization (`stack[below...]`): variation
    /// kinds and cases, and `substitutions` with its name; the `variations` members themselves
    /// do not count.
    static func formPath(_ stack: [Open], below: Int) -> [String] {
        guard stack.count > below else { return [] }
        return stack[below...].compactMap { $0.key == "variations" ? nil : $0.key }
    }

    /// The string at `start` (its opening quote), decoded, and the offset after its closing
    /// quote; nil when it does not close on this line.
    static func string(in source: [UInt8], from start: Int, to end: Int) -> (String, Int)? {
        var i = start + 1
        var escaped = false
        while i < end {
            let byte = source[i]
            if byte == UInt8(ascii: "\\") {
                escaped = true
                i += 2
                continue
            }
            if byte == UInt8(ascii: "\"") {
                if !escaped { return (String(decoding: source[(start + 1)..<i], as: UTF8.self), i + 1) }
                guard case .string(let text)? = try? JSONReader.parse(Array(source[start...i])) else { return nil }
                return (text.string, i + 1)
            }
            i += 1
        }
        return nil
    }
}
