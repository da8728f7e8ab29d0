import Foundation
import Testing
import CatalogLint
import CatalogMerge
import MergeSession
import StringCatalog
import XcstringsMergeTestSupport

/// The parts of the session library the commands render, in process: lint's run over catalogs
/// (findings, --fix, a baseline), diff's two files, the shape of a value typed in `resolve`,
/// the driver's configuration section taken away by uninstall.
@Suite struct SessionPartsTests {
    /// A German translation with a literal `\n` where the source has a line break: one
    /// `literal-escape` finding, which `--fix` repairs.
    static let catalogWithLiteralEscape = """
        {"sourceLanguage" : "en", "strings" : {"Line\\nbreak" : {"localizations" : {
          "de" : {"stringUnit" : {"state" : "translated", "value" : "Zeilen\\\\numbruch"}}}}}, "version" : "1.0"}
        """

    func lintRun(_ directory: TemporaryDirectory, fix: Bool = false, baseline: LintBaseline? = nil) throws -> (LintRun.Outcome, [LintRun.Notice]) {
        let file = try directory.write("L.xcstrings", Self.catalogWithLiteralEscape).path
        var run = LintRun(settings: LintSettings(rules: LintRules.all, includeOptIn: false))
        run.fix = fix
        run.baseline = baseline
        if baseline != nil { run.baselineFolder = directory.url.path }
        var notices: [LintRun.Notice] = []
        let outcome = run.run([CheckJob(path: file, file: file)]) { notices.append($0) }
        return (outcome, notices)
    }

    @Test func lintFindsWhatTheRuleFlags() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (outcome, notices) = try lintRun(directory)
        #expect(!outcome.failed && notices.isEmpty)
        #expect(outcome.files.flatMap(\.findings).map(\.rule).contains("literal-escape"))
    }

    @Test func lintFixRepairsAndSaysSo() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (outcome, notices) = try lintRun(directory, fix: true)
        #expect(!outcome.files.flatMap(\.findings).map(\.rule).contains("literal-escape"))
        #expect(notices.contains { if case .fixed = $0 { return true } else { return false } })
        let written = try Catalog(bytes: Array(Data(contentsOf: directory.file("L.xcstrings"))))
        #expect(written.hasCanonicalBytes(Array(try Data(contentsOf: directory.file("L.xcstrings")))))
    }

    @Test func aBaselineHoldsItsFindingsBack() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (first, _) = try lintRun(directory)
        let known = first.files.flatMap(\.findings).map { (file: "L.xcstrings", finding: $0) }
        let (outcome, _) = try lintRun(directory, baseline: LintBaseline(findings: known))
        #expect(outcome.files.flatMap(\.findings).isEmpty)
        #expect(outcome.held == known.count && outcome.held > 0)
    }

    @Test func aCatalogThatDoesNotParseIsNamedWithItsLine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("Bad.xcstrings", "{\n  \"strings\" : {,\n}").path
        var run = LintRun(settings: LintSettings(rules: LintRules.all, includeOptIn: false))
        var notices: [LintRun.Notice] = []
        let outcome = run.run([CheckJob(path: file, file: file)]) { notices.append($0) }
        #expect(outcome.failed && outcome.files.isEmpty)
        guard case .failed(_, let line, _, _)? = notices.first else {
            Issue.record("no failure notice: \(notices)")
            return
        }
        #expect(line == 2)
    }

    @Test func twoFilesAreComparedAsCatalogs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let old = try directory.write("old.xcstrings", simpleCatalog(["Hello": ["de": "Hallo"]])).path
        let new = try directory.write("new.xcstrings", simpleCatalog(["Hello": ["de": "Servus"]])).path
        let operands = CatalogVersions.Operands(positionals: [old, new], beforeSeparator: nil, staged: false)
        let versions = try #require(try CatalogVersions.files(operands))
        #expect(versions.count == 1 && versions[0].hasNew)
        let diff = try CatalogVersions.compare(versions[0]).get()
        #expect(!diff.isEmpty)
    }

    @Test func aTypedTextBecomesATranslatedUnit() throws {
        let location = MergeLocation(key: "Hello", locale: "de", path: [UTF8Bytes(CatalogSchema.Name.stringUnit)])
        let start: JSONValue = .object(.localization("Hallo", state: .needsReview))
        let typed = try ResolveSession.shaped(.string("Servus"), like: start.object?[CatalogSchema.Name.stringUnit], at: location).get()
        #expect(typed.object?[CatalogSchema.Name.value] == .string("Servus"))
        #expect(UnitState.translated.isNamed(by: typed.object?[CatalogSchema.Name.state]?.stringValue))
        let stateless: JSONValue = .object(JSONObject([JSONMember(CatalogSchema.Name.value, "x")]))
        #expect(throws: ResolveSession.ShapeRefusal.self) { try ResolveSession.shaped(stateless, like: nil, at: location).get() }
    }

    @Test func uninstallTakesAwayTheEmptySection() {
        let config = "[core]\n\tbare = false\n[merge \"xcstrings\"]\n[user]\n\tname = A\n"
        let cleaned = String(decoding: DriverSetup.removingEmptySection(Array(config.utf8)), as: UTF8.self)
        #expect(cleaned == "[core]\n\tbare = false\n[user]\n\tname = A\n")
        #expect(DriverSetup.removingEmptySection(Array("[merge \"xcstrings\"]\n".utf8)).isEmpty)
    }

    @Test(arguments: UnitState.allCases) func aUnitStateIsReadBackFromItsName(_ state: UnitState) {
        #expect(UnitState(UTF8Bytes(state.name)) == state)
        #expect(state.isNamed(by: UTF8Bytes(state.name)))
    }

    @Test func staleIsAnExtractionStateNotAUnitState() {
        #expect(UnitState("stale") == nil)
        #expect(ExtractionState.stale.isNamed(by: "stale"))
        #expect(CatalogSchema.Vocabulary.unitStates.names.map(\.description) == ["translated", "needs_review", "new"])
    }
}

/// The reports of a catalog's earlier merges: each replaced report kept, the latest N of them.
@Suite struct EarlierReportTests {
    @Test func aReplacedReportIsKeptAndTheOldestGoBeyondTheLimit() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("store-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let store = ReportStore(gitDirectory: folder.path)
        var asked = 0
        for merge in 1...15 {
            store.keepEarlierReport("App/L.xcstrings") {
                asked += 1
                return 10
            }
            let document = MergeReportDocument(MergeReport(), path: "App/L.xcstrings", labels: MergeLabels(), merge: MergeRecord(head: String(merge), theirs: nil))
            #expect(store.write(document.bytes, "App/L.xcstrings", .report))
        }
        // 14 replaced, the oldest 4 dropped; the setting asked only beyond the fewest kept.
        let heads = store.earlierReports("App/L.xcstrings").compactMap { try? $0.get().merge?.head }
        let expected: [String] = (5...14).reversed().map { String($0) }
        #expect(heads == expected)
        #expect(asked == 4)
        #expect(try store.report("App/L.xcstrings")?.get().merge?.head == "15")
        #expect(store.reportPaths() == ["App/L.xcstrings"])
    }
}
