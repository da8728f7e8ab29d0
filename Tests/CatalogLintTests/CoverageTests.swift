import Foundation
import Testing
@testable import CatalogLint
import StringCatalog
import XcstringsMergeTestSupport

/// The coverage table is tallied in one pass per block of strings; it must equal counting each
/// locale by its definition, on the corpus, the lint fixtures and seeded catalogs.
@Suite struct CoverageTests {
    /// One locale's coverage counted directly from its definition: stale strings as stale, a
    /// missing localization as missing, else by the states of its forms.
    static func count(_ strings: [LintedString], locale: UTF8Bytes) -> LocaleCoverage {
        var coverage = LocaleCoverage(locale: locale.string)
        for string in strings where string.shouldTranslate {
            if string.isStale {
                coverage.stale += 1
            } else if let localization = string.localizations.first(where: { string.locale(of: $0) == locale }) {
                if string.forms[localization.forms].contains(where: { $0.state == .new }) {
                    coverage.new += 1
                } else if string.forms[localization.forms].contains(where: { $0.state == .needsReview }) {
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

    /// The locales the catalog translates into: every locale of every string but the source,
    /// in the order of their names.
    static func locales(of strings: [LintedString]) -> [UTF8Bytes] {
        var seen = Set<UTF8Bytes>()
        for string in strings {
            for localization in string.localizations where !localization.isSource { seen.insert(string.locale(of: localization)) }
        }
        return seen.sorted { $0.string < $1.string }
    }

    static func expectAgreement(_ catalog: Catalog, _ name: String) {
        let strings = Linter.strings(of: catalog)
        let expected = locales(of: strings).map { count(strings, locale: $0) }
        #expect(Coverage.of(strings) == expected, "\(name)")
    }

    @Test func agreesWithCountingEachLocaleOnTheCorpusAndFixtures() throws {
        var files = Paths.corpusFiles("catalogs")
        if files.isEmpty { print(Paths.sharedAbsentMessage) }
        let fixtures = Paths.fixtures.appendingPathComponent("lint")
        for folder in try FileManager.default.contentsOfDirectory(atPath: fixtures.path) {
            for name in ["flagged.xcstrings", "look-alikes.xcstrings"] {
                let file = fixtures.appendingPathComponent(folder).appendingPathComponent(name)
                if FileManager.default.fileExists(atPath: file.path) { files.append(file) }
            }
        }
        #expect(files.count > 10)
        for file in files {
            Self.expectAgreement(try Catalog(bytes: try bytes(file)), file.lastPathComponent)
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func agreesWithCountingEachLocaleOnSeededCatalogs(seed: UInt64) throws {
        var generator = CatalogGenerator(seed: seed)
        let catalog = try Catalog(bytes: generator.catalog(keys: 3000).canonicalBytes())
        Self.expectAgreement(catalog, "seed \(seed)")
    }
}
