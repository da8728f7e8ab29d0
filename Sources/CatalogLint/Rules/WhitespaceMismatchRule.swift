import StringCatalog

/// `whitespace-mismatch` (warning): a translation starts or ends with other white space or line
/// breaks than the source text, which shifts layout or joins words the app puts together. In
/// languages written without spaces between words (Chinese, Japanese, Thai, Lao, Khmer,
/// Burmese) a missing or extra space is usual (`更新了：` for `Updated: `): there only line
/// breaks and tabs count. A source of white space alone (`" "`, a separator between two
/// `Text`s) translated as text is reported too.
enum WhitespaceMismatchRule {
    static let rule = LintRule(
        id: "whitespace-mismatch", severity: .warning,
        summary: "Leading or trailing white space or line breaks differ from the source text.",
        checkString: { string, context in check(string, &context) })

    static func isASCIISpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }

    /// The white space a text starts with (ASCII bytes read directly; Unicode spaces by
    /// characters).
    static func leading(_ text: String) -> String {
        let utf8 = text.utf8
        let end = utf8.firstIndex { !isASCIISpace($0) } ?? utf8.endIndex
        if end == utf8.endIndex || utf8[end] < 0x80 { return String(text[utf8.startIndex..<end]) }
        return String(text.prefix { $0.isWhitespace })
    }

    static func trailing(_ text: String) -> String {
        let utf8 = text.utf8
        guard let last = utf8.lastIndex(where: { !isASCIISpace($0) }) else { return text }
        if utf8[last] < 0x80 { return String(text[utf8.index(after: last)...]) }
        return String(text.reversed().prefix { $0.isWhitespace }.reversed())
    }

    /// Whether a text starts or ends with white space, looking at one character at each end.
    static func hasEdgeSpace(_ text: String) -> Bool {
        let utf8 = text.utf8
        guard let first = utf8.first, let last = utf8.last else { return false }
        if first > 0x20 && first < 0x80 && last > 0x20 && last < 0x80 { return false }
        return (text.unicodeScalars.first?.properties.isWhitespace ?? false)
            || (text.unicodeScalars.last?.properties.isWhitespace ?? false)
            || first <= 0x20 || last <= 0x20
    }

    static let withoutSpaces: Set<String> = ["zh", "ja", "yue", "th", "lo", "km", "my"]

    /// Whether `locale`'s language is written without spaces between words.
    static func writtenWithoutSpaces(_ locale: UTF8Bytes) -> Bool {
        withoutSpaces.contains(String(locale.string.prefix { $0 != "-" && $0 != "_" }))
    }

    /// The white space that counts: all of it, or (`breaksOnly`) its line breaks and tabs.
    static func significant(_ space: String, breaksOnly: Bool) -> String {
        guard breaksOnly else { return space }
        return space.filter { $0 == "\n" || $0 == "\t" || $0 == "\r\n" || $0 == "\r" }
    }

    static func describe(_ space: some StringProtocol) -> String {
        space.isEmpty ? "none" : quoted(String(space)).replacingAll("\t", "\\t")
    }

    static func check(_ string: LintedString, _ context: inout RuleContext) {
        guard string.shouldTranslate else { return }
        var rootSourceMayHaveEdgeSpace: Bool?
        for localization in string.localizations where !localization.isSource {
            var breaksOnly: Bool?
            for index in localization.forms where !string.forms[index].isEmpty {
                let form = string.forms[index]
                // Most texts start and end with something other than white space, on both
                // sides; their bytes say so without decoding them. (The plain unit's source is
                // looked at once per string.)
                if !form.text.mayHaveEdgeSpace {
                    if form.path == .root {
                        if rootSourceMayHaveEdgeSpace == nil { rootSourceMayHaveEdgeSpace = string.sourceMayHaveEdgeSpace(for: .root) }
                        if rootSourceMayHaveEdgeSpace == false { continue }
                    } else if !string.sourceMayHaveEdgeSpace(for: form.place) {
                        continue
                    }
                }
                guard let source = string.sourceText(for: form.place), !source.isEmpty else { continue }
                if !hasEdgeSpace(form.value) && !hasEdgeSpace(source) { continue }
                if source.allSatisfy({ $0.isWhitespace }) {
                    // A source of white space alone is a separator between texts the app joins:
                    // a translation of it that is text shows a sentence where a space belongs.
                    if !form.value.allSatisfy({ $0.isWhitespace }) {
                        context.report(
                            "\(quoted(form.value)) is text where the source is only white space (\(describe(source))), a separator",
                            key: string.key, locale: string.locale(of: localization), at: form.offset)
                    }
                    continue
                }
                var differences: [String] = []
                let locale = string.locale(of: localization)
                let only = breaksOnly ?? writtenWithoutSpaces(locale)
                breaksOnly = only
                if significant(leading(form.value), breaksOnly: only) != significant(leading(source), breaksOnly: only) {
                    differences.append("starts with \(describe(leading(form.value))) where the source has \(describe(leading(source)))")
                }
                if significant(trailing(form.value), breaksOnly: only) != significant(trailing(source), breaksOnly: only) {
                    differences.append("ends with \(describe(trailing(form.value))) where the source has \(describe(trailing(source)))")
                }
                guard !differences.isEmpty else { continue }
                context.report(
                    "\(quoted(form.value)) \(differences.joined(separator: " and "))",
                    key: string.key, locale: locale, at: form.offset)
            }
        }
    }
}
