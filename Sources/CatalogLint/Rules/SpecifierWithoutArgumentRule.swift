import StringCatalog

/// `specifier-without-argument` (warning): a translation holds a placeholder (`%@`, `%lld`,
/// `%1$@`) while the app passes no arguments (neither the key nor the source text has one): the
/// app shows it as written. A `%` before a space or a word (`100 %`, `50%off`) is prose and is
/// not reported.
enum SpecifierWithoutArgumentRule {
    static let rule = LintRule(
        id: "specifier-without-argument", severity: .warning,
        summary: "A translation holds a placeholder while the app passes no arguments: it shows as written.",
        checkString: { string, context in check(string, &context) })

    static func check(_ string: LintedString, _ context: inout RuleContext) {
        guard string.shouldTranslate, string.appArguments == nil else { return }
        for localization in string.localizations where !localization.isSource {
            for index in localization.forms where string.forms[index].text.mayHoldPercent && string.forms[index].text.holds(UInt8(ascii: "%")) {
                let form = string.forms[index]
                let value = form.value
                guard let placeholder = FormatString.specifiers(in: value).first(where: { isPlaceholder($0, in: value) }) else { continue }
                context.report(
                    "\(quoted(value)) holds \(value[placeholder.range]), but the app passes no arguments: it shows as written",
                    key: string.key, locale: string.locale(of: localization), at: form.offset)
            }
        }
    }

    /// A conversion a translator writes as a placeholder: an object, a written position, or a
    /// number conversion that no letter follows.
    static func isPlaceholder(_ specifier: FormatSpecifier, in text: String) -> Bool {
        guard !specifier.hasSpaceFlag, specifier.substitution == nil else { return false }
        let written = text[specifier.range]
        if written.hasSuffix("@") || written.contains("$") { return true }
        guard specifier.argumentClass == .integer || specifier.argumentClass == .floatingPoint else { return false }
        let after = text[specifier.range.upperBound...].unicodeScalars.first
        return !(after?.properties.isAlphabetic ?? false)
    }
}
