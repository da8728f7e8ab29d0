import StringCatalog

/// `whitespace-mismatch` (warning): a translation starts or ends with other white space or line
/// breaks than the source text, which shifts layout or joins words the app puts together.
enum WhitespaceMismatchRule {
    static let rule = LintRule(
        id: "whitespace-mismatch", severity: .warning,
        summary: "Leading or trailing white space or line breaks differ from the source text.",
        checkString: { string, context in check(string, &context) })

    static func leading(_ text: String) -> Substring { text.prefix { $0.isWhitespace } }
    static func trailing(_ text: String) -> String { String(text.reversed().prefix { $0.isWhitespace }.reversed()) }

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
                if leading(form.value) != leading(source) {
                    differences.append("starts with \(describe(leading(form.value))) where the source has \(describe(leading(source)))")
                }
                if trailing(form.value) != trailing(source) {
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
