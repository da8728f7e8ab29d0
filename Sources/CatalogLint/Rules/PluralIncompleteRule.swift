import StringCatalog

/// `plural-incomplete`: a plural variation lacks `other` (an error: a count in no category has
/// nothing to show), or lacks a category that its language's CLDR cardinal rules give to at
/// least one whole number from 0 to 999 (a warning: such a count falls back to `other` at run
/// time, which is sometimes meant, as for a title that is only ever for two or more). Russian
/// needs one, few, many and other; Arabic all six; Japanese other only. `many` in French,
/// Spanish, Italian and Portuguese is for millions only and is not required.
enum PluralIncompleteRule {
    static let rule = LintRule(
        id: "plural-incomplete", severity: .error,
        summary: "A plural variation lacks other (error) or a category its language uses for some whole number (warning).",
        checkString: { string, context in check(string, &context) })

    static func check(_ string: LintedString, _ context: inout RuleContext) {
        guard string.shouldTranslate else { return }
        for localization in string.localizations {
            guard !localization.pluralVariations.isEmpty else { continue }
            let locale = string.locale(of: localization)
            let required: (names: [String], set: PluralCategorySet)
            if let known = context.pluralCategories[locale] {
                required = known
            } else {
                let names = PluralCategories.required(for: locale.string)
                var set = PluralCategorySet()
                for name in names { set.insert(name) }
                required = (names, set)
                context.pluralCategories[locale] = required
            }
            for variation in string.pluralVariations[localization.pluralVariations] {
                // Most variations have every category their language needs: sets say so.
                guard !variation.categories.isSuperset(of: required.set) else { continue }
                let missing = required.names.filter { !variation.categories.contains($0) }
                let path = string.components(of: variation.path)
                let place = path.first == PathName.substitutions ? " in substitution \"\(path[1])\"" : ""
                let lacksOther = missing.contains("other")
                let uses = missing == ["other"] ? "which every language needs" : "which \(locale) uses for some counts from 0 to 999"
                context.report(
                    "plural\(place) lacks \(missing.joined(separator: ", ")), \(uses)\(lacksOther ? "" : "; such counts show the other form")",
                    key: string.key, locale: locale, at: variation.offset, severity: lacksOther ? .error : .warning)
            }
        }
    }
}
