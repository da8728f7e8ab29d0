import StringCatalog

/// `carriage-return` (warning): a value holds a carriage return (U+000D), usually left by a
/// Windows editor or a `.strings` migration; it does not display as written.
enum CarriageReturnRule {
    static let rule = LintRule(
        id: "carriage-return", severity: .warning,
        summary: "A value holds a carriage return.",
        checkString: { string, context in check(string, &context) })

    static func check(_ string: LintedString, _ context: inout RuleContext) {
        guard string.shouldTranslate else { return }
        for localization in string.localizations {
            // In a JSON string a carriage return is always escaped.
            for index in localization.forms where string.forms[index].text.mayHoldEscapes && string.forms[index].text.holds(0x0D) {
                let form = string.forms[index]
                let value = form.value
                context.report(
                    "\(quoted(value)) holds a carriage return; use a line feed (\\n) alone",
                    key: string.key, locale: string.locale(of: localization), at: form.offset)
            }
        }
    }
}
