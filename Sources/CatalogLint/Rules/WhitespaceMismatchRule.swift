import StringCatalog

/// `whitespace-mismatch` (warning): a translation starts or ends with other white space or line
/// breaks than the source text, which shifts layout or joins words the app puts together. In
/// languages written without spaces between words (Chinese, Japanese, Thai, Lao, Khmer,
/// Burmese) a missing or extra space is usual (`更新了：` for `Updated: `): there only line
/// breaks and tabs count.
enum WhitespaceMismatchRule {
    static let rule = LintRule(
        id: "whitespace-mismatch", severity: .warning,
        summary: "Leading or trailing white space or line breaks differ from the source text.",
        checkString: { string, context in check(string, &context) })

    static func leading(_ text: String) -> String { String(text.prefix { $0.isWhitespace }) }
    static func trailing(_ text: String) -> String { String(text.reversed().prefix { $0.isWhitespace }.reversed()) }

    static let withoutSpaces: Set<String> = ["zh", "ja", "yue", "th", "lo", "km", "my"]

    /// The white space that counts for `locale`: all of it, or its line breaks and tabs alone.
    static func significant(_ space: String, locale: UTF8Bytes) -> String {
        let language = String(locale.string.prefix { $0 != "-" && $0 != "_" })
        guard withoutSpaces.contains(language) else { return space }
        return space.filter { $0 == "\n" || $0 == "\t" || $0 == "\r\n" || $0 == "\r" }
    }

    static func describe(_ space: some StringProtocol) -> String {
        space.isEmpty ? "none" : quoted(String(space)).replacingAll("\t", "\\t")
    }

    static func check(_ string: LintedString, _ context: inout RuleContext) {
        guard string.shouldTranslate else { return }
        for localization in string.localizations where localization.locale != string.sourceLanguage {
            for form in localization.forms where !form.value.isEmpty {
                guard let source = string.sourceText(for: form.path), !source.isEmpty,
                    !source.allSatisfy({ $0.isWhitespace })
                else { continue }
                var differences: [String] = []
                let locale = localization.locale
                if significant(leading(form.value), locale: locale) != significant(leading(source), locale: locale) {
                    differences.append("starts with \(describe(leading(form.value))) where the source has \(describe(leading(source)))")
                }
                if significant(trailing(form.value), locale: locale) != significant(trailing(source), locale: locale) {
                    differences.append("ends with \(describe(trailing(form.value))) where the source has \(describe(trailing(source)))")
                }
                guard !differences.isEmpty else { continue }
                context.report(
                    "\(quoted(form.value)) \(differences.joined(separator: " and "))",
                    key: string.key, locale: localization.locale, at: form.offset)
            }
        }
    }
}
