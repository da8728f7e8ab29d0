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
            var counter = Counter()
            for string in strings[range] { counter.count(string, flushingInto: &tally) }
            counter.flush(into: &tally)
            return [tally]
        }
        var total = Tally()
        for block in blocks { total.add(block) }
        return table(total)
    }

    /// The coverage per locale, in the order of the locales' names.
    static func table(_ total: Tally) -> [LocaleCoverage] {
        let locales = total.perLocale.keys.sorted { $0.string < $1.string }
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
        /// Every locale but the source met in any string, with its counts.
        var perLocale: [UTF8Bytes: Counts] = [:]
        /// Strings to translate that are not stale, and those that are.
        var eligible = 0
        var stale = 0

        mutating func add(_ other: Tally) {
            perLocale.merge(other.perLocale) { a, b in
                Counts(translated: a.translated + b.translated, needsReview: a.needsReview + b.needsReview, new: a.new + b.new)
            }
            eligible += other.eligible
            stale += other.stale
        }
    }

    /// Counts strings read with the same `LintNames` by their locales' indices there, not by
    /// hashing each locale's name.
    struct Counter {
        var names: LintNames?
        var present: [Bool] = []
        var counts: [Counts] = []
        var eligible = 0
        var stale = 0

        /// Counts `string`, first moving what was counted to `tally` if `string` was read with
        /// other names.
        mutating func count(_ string: LintedString, flushingInto tally: inout Tally) {
            if let names, names !== string.names { flush(into: &tally) }
            count(string)
        }

        private mutating func count(_ string: LintedString) {
            names = string.names
            for localization in string.localizations where !localization.isSource {
                mark(localization.localeIndex)
            }
            guard string.shouldTranslate else { return }
            if string.isStale {
                stale += 1
                return
            }
            eligible += 1
            for localization in string.localizations where !localization.isSource {
                let forms = string.forms[localization.forms]
                let index = Int(localization.localeIndex)
                if forms.contains(where: { $0.state == .new }) {
                    counts[index].new += 1
                } else if forms.contains(where: { $0.state == .needsReview }) {
                    counts[index].needsReview += 1
                } else {
                    counts[index].translated += 1
                }
            }
        }

        private mutating func mark(_ localeIndex: Int32) {
            let index = Int(localeIndex)
            while present.count <= index {
                present.append(false)
                counts.append(Counts())
            }
            present[index] = true
        }

        /// Adds what was counted to `tally`, by locale name, and starts again.
        mutating func flush(into tally: inout Tally) {
            if let names {
                var part = Tally()
                for index in present.indices where present[index] { part.perLocale[names.locales[index]] = counts[index] }
                part.eligible = eligible
                part.stale = stale
                tally.add(part)
            }
            self = Counter()
        }
    }
}
