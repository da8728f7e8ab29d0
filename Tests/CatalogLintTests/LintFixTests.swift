import Foundation
import Testing
@testable import CatalogLint
import StringCatalog
import XcstringsMergeTestSupport

/// `lint --fix` repairs what is mechanical and safe, and never leaves more findings than there
/// were: on every lint fixture, and on every real catalog when `../shared` is here.
@Suite struct LintFixTests {
    static func findings(_ catalog: Catalog) -> [String] {
        let bytes = catalog.canonicalBytes()
        let reread = (try? Catalog(bytes: bytes)) ?? catalog
        return Linter(includeOptIn: true).findings(in: reread, bytes: bytes, file: "L.xcstrings").map { "\($0.rule) \($0.key)" + ($0.locale.map { " [\($0)]" } ?? "") }
    }

    static let fixtures: [String] = {
        let folder = Paths.fixtures.appendingPathComponent("lint")
        let rules = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return rules.filter { !$0.contains(".") }.sorted().flatMap { ["\($0)/flagged.xcstrings", "\($0)/look-alikes.xcstrings"] }
    }()

    @Test(arguments: fixtures)
    func aFixLeavesNoFindingThatWasNotThere(_ name: String) throws {
        let catalog = try Catalog(bytes: try bytes(Paths.fixtures.appendingPathComponent("lint/" + name)))
        let before = Self.findings(catalog)
        let fixed = LintFix.apply(to: catalog).catalog
        let after = Self.findings(fixed)
        #expect(Set(after).subtracting(before).isEmpty, "new after --fix: \(Set(after).subtracting(before).sorted())")
        #expect(after.count <= before.count)
    }

    /// A format-only key that someone translated keeps its translations and its warning: marked
    /// `shouldTranslate` false it would only trade the warning for a note.
    @Test func aTranslatedFormatOnlyKeyIsLeftAlone() throws {
        let text = """
            {"sourceLanguage" : "en", "strings" : {
              "%lld" : {"localizations" : {"de" : {"stringUnit" : {"state" : "translated", "value" : "%lld"}}}},
              "(%lld)" : {}
            }, "version" : "1.0"}
            """
        let catalog = try Catalog(bytes: Array(text.utf8))
        let outcome = LintFix.apply(to: catalog)
        #expect(outcome.changes == ["\"(%lld)\": marked \"shouldTranslate\" : false (nothing to translate)"], "\(outcome.changes)")
        #expect(!Self.findings(outcome.catalog).contains { $0.hasPrefix("translation-not-needed") })
    }

    @Test(.enabled(if: Paths.corpusPresent, "../shared/corpus is absent")) func realCatalogsGainNoFindingFromAFix() throws {
        let files = Paths.corpusFiles("catalogs")
        guard !files.isEmpty else {
            print(Paths.sharedAbsentMessage)
            return
        }
        for url in files {
            let file = url.lastPathComponent
            guard let catalog = try? Catalog(bytes: try bytes(url)) else { continue }
            let before = Self.findings(catalog)
            let after = Self.findings(LintFix.apply(to: catalog).catalog)
            #expect(Set(after).subtracting(before).isEmpty, "\(file): \(Set(after).subtracting(before).sorted().prefix(5))")
        }
    }
}
