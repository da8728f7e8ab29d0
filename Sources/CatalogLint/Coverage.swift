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
        // One pass over each block of strings, tallies per locale, then added up: not a pass
        // per locale, each looking for that locale in every string.
        let blocks = ParallelBlocks.map(strings.count, blockSize: Linter.blockSize) { range in
            var tally = Tally()
            for string in strings[range] { tally.count(string) }
            return [tally]
        }
        var total = Tally()
        for block in blocks { total.add(block) }
        return table(total)
    }

    /// The coverage per locale, in the order of the locales' names.
    static func table(_ total: Tally) -> [LocaleCoverage] {
        let locales = total.locales.keys.sorted { $0.string < $1.string }
        return locales.map { locale in
            let counts = total.perLocale[locale] ?? Counts()
            var coverage = LocaleCoverage(locale: locale.string)
            coverage.translated = counts.translated
            coverage.needsReview = counts.needsReview
            coverage.new = counts.new
            coverage.stale = total.stale
            coverage.missing = total.eligible - counts.translated - counts.needsReview - counts.new
            return coverage
        }
    }

    struct Counts {
        var translated = 0
        var needsReview = 0
        var new = 0
    }

    struct Tally {
        /// Every locale but the source met in any string (as `UntranslatedRule.locales`).
        var locales: [UTF8Bytes: Void] = [:]
        var perLocale: [UTF8Bytes: Counts] = [:]
        /// Strings to translate that are not stale, and those that are.
        var eligible = 0
        var stale = 0

        /// Counts one string.
        mutating func count(_ string: LintedString) {
            for localization in string.localizations where !localization.isSource {
                locales[string.locale(of: localization)] = ()
            }
            guard string.shouldTranslate else { return }
            if string.isStale {
                stale += 1
                return
            }
            eligible += 1
            for localization in string.localizations where !localization.isSource {
                let forms = string.forms[localization.forms]
                let locale = string.locale(of: localization)
                if forms.contains(where: { $0.state == .new }) {
                    perLocale[locale, default: Counts()].new += 1
                } else if forms.contains(where: { $0.state == .needsReview }) {
                    perLocale[locale, default: Counts()].needsReview += 1
                } else {
                    perLocale[locale, default: Counts()].translated += 1
                }
            }
        }

        mutating func add(_ other: Tally) {
            locales.merge(other.locales) { _, _ in () }
            perLocale.merge(other.perLocale) { a, b in
                Counts(translated: a.translated + b.translated, needsReview: a.needsReview + b.needsReview, new: a.new + b.new)
            }
            eligible += other.eligible
            stale += other.stale
        }
    }
}
