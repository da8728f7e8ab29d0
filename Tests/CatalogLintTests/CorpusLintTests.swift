import Foundation
import Testing
import CatalogLint
import StringCatalog
import XcstringsMergeTestSupport

/// `lint` on every Xcode-written catalog of `../shared/corpus/catalogs/`: it finishes, and finds
/// the real bugs the README lists (and, of the placeholder errors, only the real one).
@Suite struct CorpusLintTests {
    @Test(.enabled(if: Paths.corpusPresent, "../shared/corpus is absent")) func lintFinishesOnTheCorpusAndFindsTheRealBugs() throws {
        let files = Paths.corpusFiles("catalogs").filter { !$0.lastPathComponent.contains("NOT-Xcode") }
        guard !files.isEmpty else { print(Paths.sharedAbsentMessage); return }
        #expect(files.count == 26)
        var findings: [Finding] = []
        for file in files {
            let data = try bytes(file)
            findings += Linter(includeOptIn: true).findings(in: try Catalog(bytes: data), bytes: data, file: file.lastPathComponent)
        }
        let errors = findings.filter { $0.rule == "placeholder-mismatch" }
        #expect(errors.count == 1)
        #expect(errors.first?.key == "instance.list.posts-%@" && errors.first?.locale == "ca")
        let missing = findings.filter { $0.rule == "placeholder-missing" }
        // 18: Ice Cubes' Norwegian "account.movedto.redirect-%@" is an empty value marked
        // needs_review, a string not translated yet rather than a dropped argument.
        #expect(missing.count == 18)
        #expect(Set(missing.map { $0.file.components(separatedBy: "__")[1] }) == ["IceCubesApp", "Pearcleaner", "DockDoor", "mac-mouse-fix"])
        // 53 plurals lack a category (Ice Cubes' Belarusian, Polish and Ukrainian; CotEditor's
        // `one`), and every one has `other` to fall back to: warnings. Mac Mouse Fix's Vietnamese
        // has `other` alone, as Apple's ICU (CLDR 46) wants; CLDR 49's `one` is not required.
        // The only error left is the Catalan `% publicacions`, a real crash.
        #expect(findings.filter { $0.rule == "plural-incomplete" }.count == 53)
        #expect(findings.filter { $0.severity == .error }.map { "\($0.key) [\($0.locale?.string ?? "")]" } == ["instance.list.posts-%@ [ca]"])
        #expect(findings.filter { $0.rule == "carriage-return" || $0.rule == "normalization-twins" }.isEmpty)
        #expect(findings.allSatisfy { $0.line >= 1 && $0.column >= 1 })
    }
}
