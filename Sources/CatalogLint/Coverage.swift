import StringCatalog

/// How far a catalog's translation into one locale has come.
public struct LocaleCoverage: Sendable, Equatable {
    public var locale: String
    public var translated = 0
    public var needsReview = 0
    public var new = 0
    public var missing = 0
    public var stale = 0

    public var total: Int { translated + needsReview + new + missing + stale }
    /// Translated strings as a share of all, from 0 to 100.
    public var percent: Double { total == 0 ? 100 : Double(translated) * 100 / Double(total) }
}

public enum Coverage {
    /// Per locale the catalog translates into (every locale but the source), the state of each
    /// string that should be translated: stale entries count as stale; a missing localization as
    /// missing; a localization with a form in state `new` as new, else with one in
    /// `needs_review` as needing review, else translated.
    public static func of(_ strings: [LintedString]) -> [LocaleCoverage] {
        let locales = UntranslatedRule.locales(of: strings)
        // Counted in parallel blocks of strings, then added up.
        let blocks = ParallelBlocks.map(strings.count, blockSize: Linter.blockSize) { range in
            [locales.map { locale in count(strings[range], locale: locale) }]
        }
        return locales.indices.map { index in
            var total = LocaleCoverage(locale: locales[index].string)
            for block in blocks {
                total.translated += block[index].translated
                total.needsReview += block[index].needsReview
                total.new += block[index].new
                total.missing += block[index].missing
                total.stale += block[index].stale
            }
            return total
        }
    }

    static func count(_ strings: ArraySlice<LintedString>, locale: UTF8Bytes) -> LocaleCoverage {
        var coverage = LocaleCoverage(locale: locale.string)
        for string in strings where string.shouldTranslate {
            if string.isStale {
                coverage.stale += 1
            } else if let index = string.localizations.firstIndex(where: { $0.locale == locale }) {
                // Read in place: copying a localization per string and locale is most of the cost.
                if string.localizations[index].forms.contains(where: { $0.state == "new" }) {
                    coverage.new += 1
                } else if string.localizations[index].forms.contains(where: { $0.state == "needs_review" }) {
                    coverage.needsReview += 1
                } else {
                    coverage.translated += 1
                }
            } else {
                coverage.missing += 1
            }
        }
        return coverage
    }
}
