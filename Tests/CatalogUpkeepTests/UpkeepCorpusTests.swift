import Foundation
import Testing
import CatalogUpkeep
import StringCatalog
import XcstringsMergeTestSupport

/// The writers on every real catalog of the corpus: nothing removed or changed that the command
/// did not say it changes.
struct UpkeepCorpusTests {
    static let catalogs = Paths.corpusFiles("catalogs")

    /// Every unit of the catalog, by key, locale and form.
    static func units(_ catalog: Catalog) -> [String: UnitRecord] {
        var all: [String: UnitRecord] = [:]
        for key in catalog.strings.keys {
            for unit in StringAccess.units(of: key, in: catalog) ?? [] { all["\(key.string)\u{0}\(unit.locale.string)\u{0}\(unit.form)"] = unit }
        }
        return all
    }

    @Test(.enabled(if: Paths.corpusPresent, "\(Paths.sharedAbsentMessage)"))
    func addLocaleAddsOnlyTheNewLocaleAndPruneRemovesOnlyWhatItLists() throws {
        var checked = 0
        for url in Self.catalogs {
            let catalog = try Catalog(bytes: Array(try Data(contentsOf: url)))
            let before = Self.units(catalog)
            guard let from = catalog.locales.filter({ $0 != catalog.sourceLanguage }).min(by: { $0.string < $1.string }) else { continue }
            let outcome = LocaleAddition.apply("xx-TEST", copyingFrom: from, onlyMissing: false, to: catalog)
            let after = Self.units(outcome.catalog)
            // Every unit there before is there, unchanged; each new one is xx-TEST's, for review.
            #expect(before.allSatisfy { after[$0.key] == $0.value }, "\(url.lastPathComponent)")
            let added = after.filter { before[$0.key] == nil }.values
            #expect(added.allSatisfy { $0.locale == "xx-TEST" && $0.state == "needs_review" }, "\(url.lastPathComponent)")
            #expect(added.count == outcome.unitsCopied, "\(url.lastPathComponent)")
            let bytes = outcome.catalog.canonicalBytes()
            #expect(try Catalog(bytes: bytes).canonicalBytes() == bytes)

            let plan = Prune.plan(catalog, evidence: nil, unused: false, includeManual: false)
            let removed = Set(plan.removals.map(\.key))
            #expect(Set(plan.catalog.strings.keys) == Set(catalog.strings.keys).subtracting(removed))
            #expect(plan.catalog.strings.members.allSatisfy { catalog.strings[key: $0.key] == $0.value })
            checked += 1
        }
        #expect(checked > 20)
    }
}
