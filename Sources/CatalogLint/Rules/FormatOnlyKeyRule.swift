import StringCatalog

/// `format-only-key` (warning): a key that is nothing but format specifiers and punctuation
/// (`%lld`, `-%@`, `%@ / %@`, `(%lld)`), not marked `"shouldTranslate": false`. Xcode extracts
/// such a key from `Text("\(count)")` and asks translators to translate it. Use
/// `Text(verbatim:)`, or mark the key.
///
/// Not when a translation differs from the source text in more than its specifiers (their order
/// or positions): translators localized the punctuation (`%@ %@` → zh `%@%@`, `%@,` → `%@，`,
/// `%@ (%@)` → `%1$@（%2$@）`), and the advice would throw that work away.
enum FormatOnlyKeyRule {
    static let rule = LintRule(
        id: "format-only-key", severity: .warning,
        summary: "A key made only of format specifiers and punctuation is offered for translation.",
        checkString: { string, context in check(string, &context) })

    static func isFormatOnly(_ key: String) -> Bool {
        key.utf8.contains(UInt8(ascii: "%")) && !FormatString.specifiers(in: key).isEmpty && !FormatString.removingSpecifiers(key).contains { $0.isLetter }
    }

    /// Whether a translation of `string` changes more than its specifiers: punctuation or
    /// spacing localized on purpose.
    static func isLocalized(_ string: LintedString) -> Bool {
        for localization in string.localizations where !localization.isSource {
            for index in localization.forms {
                let form = string.forms[index]
                guard !form.isEmpty, let source = string.sourceText(for: form.place) else { continue }
                if FormatString.removingSpecifiers(form.value) != FormatString.removingSpecifiers(source) { return true }
            }
        }
        return false
    }

    static func check(_ string: LintedString, _ context: inout RuleContext) {
        // Without a `%` a key holds no specifier: no need to make it a string.
        guard string.shouldTranslate, string.key.bytes.contains(UInt8(ascii: "%")), isFormatOnly(string.key.string), !isLocalized(string) else { return }
        context.report(
            "the key has nothing to translate; use Text(verbatim:) or mark it \"shouldTranslate\" : false",
            key: string.key, locale: nil, at: string.keyOffset)
    }
}
