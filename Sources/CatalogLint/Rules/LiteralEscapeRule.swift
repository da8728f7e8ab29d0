import StringCatalog

/// `literal-escape` (warning): a translation holds a backslash followed by `n`, `t`, `r` or `"`
/// where the source text does not: a migration from `.strings` files left the escape as text,
/// and the app shows a backslash instead of a line break.
enum LiteralEscapeRule {
    static let rule = LintRule(
        id: "literal-escape", severity: .warning,
        summary: "A translation holds a literal backslash escape (\\n, \\t, \\r, \\\") that the source text does not.",
        checkString: { string, context in check(string, &context) })

    static let escapes: [(text: String, bytes: StaticString)] = [("\\n", "\\n"), ("\\t", "\\t"), ("\\r", "\\r"), ("\\\"", "\\\"")]

    static func check(_ string: LintedString, _ context: inout RuleContext) {
        guard string.shouldTranslate else { return }
        for localization in string.localizations where !localization.isSource {
            // Most values hold no backslash at all (in JSON, one is always escaped).
            for index in localization.forms where string.forms[index].text.mayHoldEscapes && string.forms[index].text.holds(0x5C) {
                let form = string.forms[index]
                let value = form.value
                let source = string.sourceText(for: form.place) ?? ""
                let found = escapes.filter { value.containsBytes($0.bytes) && !source.containsBytes($0.bytes) }.map(\.text)
                guard !found.isEmpty else { continue }
                context.report(
                    "\(quoted(value)) holds \(found.map { "a literal \($0)" }.joined(separator: " and ")) (a backslash, not the character) where the source text has none",
                    key: string.key, locale: string.locale(of: localization), at: form.offset)
            }
        }
    }
}
