import StringCatalog

/// `untranslated` (warning; reported with `--strict` or `--since`): a string to translate lacks a
/// locale the catalog uses, or a form of it is in state `new`; a `needs_review` form and a
/// `stale` entry are notes. `shouldTranslate: false` exempts a string.
enum UntranslatedRule {
    static let rule = LintRule(
        id: "untranslated", severity: .warning,
        summary: "A string lacks a translation into a locale the catalog uses, or it is new or needs review.",
        isOptIn: true,
        checkCatalog: { strings, locales, context in check(strings, locales: locales, &context) },
        needsLocalizationStates: true)

    static func check(_ strings: [StringSummary], locales: [UTF8Bytes], _ context: inout RuleContext) {
        check(strings, locales: locales, required: context.requiredLocales, onlyRequired: false, &context)
    }

    /// With `required` (a configuration's `requiredLocales`), a string that lacks one of those,
    /// or has it only as `new`, is an error, even where no string has that locale yet; with
    /// `onlyRequired` (no `--strict`), nothing else is reported.
    static func check(_ strings: [StringSummary], locales: [UTF8Bytes], required: [UTF8Bytes], onlyRequired: Bool, _ context: inout RuleContext) {
        let requiredSet = Set(required)
        let all = onlyRequired ? required : locales + required.filter { !locales.contains($0) }
        for string in strings where string.shouldTranslate {
            if string.isStale {
                if onlyRequired { continue }
                context.report("the string is stale (no longer in the code)", key: string.key, locale: nil, at: string.keyOffset, severity: .note)
                continue
            }
            for locale in all {
                let isRequired = requiredSet.contains(locale)
                let severity: Severity? = isRequired ? .error : nil
                let note = isRequired ? ", a required locale" : ""
                guard let localization = string.localizations.first(where: { $0.locale == locale }) else {
                    context.report("no \(locale) translation\(note)", key: string.key, locale: locale, at: string.keyOffset, severity: severity)
                    continue
                }
                if let offset = localization.firstNew {
                    context.report("the \(locale) translation is new (not translated yet)\(note)", key: string.key, locale: locale, at: offset, severity: severity)
                } else if onlyRequired {
                    continue
                } else if let offset = localization.firstNeedsReview {
                    context.report("the \(locale) translation needs review", key: string.key, locale: locale, at: offset, severity: .note)
                }
            }
        }
    }
}
