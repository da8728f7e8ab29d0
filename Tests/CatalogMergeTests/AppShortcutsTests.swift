import Foundation
import Testing
import CatalogMerge
import MergeOracle
import StringCatalog
import XcstringsMergeTestSupport

/// App Shortcut phrases (`stringSet` in `AppShortcuts.xcstrings`) are a known shape: validated,
/// written as Xcode writes them, merged by R11, watched by the loss check, shown by `resolve`.
@Suite struct AppShortcutsTests {
    static let folder = Paths.fixtures.appendingPathComponent("merge/phrases-added")

    static func load(_ name: String) throws -> Catalog {
        try Catalog(bytes: try bytes(folder.appendingPathComponent(name + ".xcstrings")))
    }

    @Test func aStringSetIsValidAndWrittenAsXcodeWritesIt() throws {
        for name in ["base", "ours", "theirs", "expected"] {
            let file = Self.folder.appendingPathComponent(name + ".xcstrings")
            let result = CatalogCheck.run(path: file.path, bytes: try bytes(file))
            #expect(result.findings.isEmpty, "\(name): \(result.findings.map(\.message))")
        }
        let bad = Catalog(root: ["sourceLanguage": "en", "version": "1.0", "strings": ["K": ["localizations": ["de": ["stringSet": ["state": "translated", "values": "one phrase"]]]]]])
        #expect(CatalogValidator.validate(bad).map(\.message).contains { $0.contains("\"values\" is a string; expected an array of phrases") })
    }

    @Test func bothSidesPhrasesAreKeptAndTheLossCheckWatchesEachPhrase() throws {
        let (base, ours, theirs) = (try Self.load("base"), try Self.load("ours"), try Self.load("theirs"))
        let (merged, report) = ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(report.conflicts.isEmpty)
        #expect(LossCheck.problems(base: base, ours: ours, theirs: theirs, merged: merged, report: report).isEmpty)
        // Dropping theirs' phrase from the output is a loss the check names.
        let lost = LossCheck.problems(base: base, ours: ours, theirs: theirs, merged: ours, report: MergeReport())
        #expect(lost.count == 1 && lost[0].contains("Timer mit ${applicationName} starten"), "\(lost)")
    }

    @Test func resolveShowsThePhrases() {
        let set: JSONValue = ["state": "translated", "values": .array(["Starte ${applicationName}", "Öffne ${applicationName}"])]
        #expect(MergeReport.shortText(set) == "\"Starte ${applicationName} (+1 phrase)\"")
    }
}
