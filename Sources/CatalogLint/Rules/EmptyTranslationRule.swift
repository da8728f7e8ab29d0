import StringCatalog

/// `empty-translation` (warning): a translation is empty but marked `translated`, while the
/// source text is not empty: the app shows nothing. A case the source leaves empty too (a
/// `zero` fragment), under whatever device split or substitution name, is not one.
enum EmptyTranslationRule {
    static let rule = LintRule(
        id: "empty-translation", severity: .warning,
        summary: "An empty translation is marked translated while the source text is not empty.",
        checkString: { string, context in check(string, &context) })

    static func check(_ string: LintedString, _ context: inout RuleContext) {
        guard string.shouldTranslate else { return }
        for localization in string.localizations where !localization.isSource {
            for index in localization.forms where string.forms[index].isEmpty && string.forms[index].state == .translated {
                let form = string.forms[index]
                guard let source = string.sourceText(for: form.place), !source.isEmpty else { continue }
                // The source leaves this case empty too (a `zero` fragment that shows nothing),
                // though under another device split or substitution name.
                let sameCase = string.sourceFormsAtTheSameCase(as: form, in: localization)
                if !sameCase.isEmpty && sameCase.allSatisfy(\.isEmpty) { continue }
                context.report(
                    "the translation is empty but marked translated; the source text is \(quoted(source))",
                    key: string.key, locale: string.locale(of: localization), at: form.offset)
            }
        }
    }
}
