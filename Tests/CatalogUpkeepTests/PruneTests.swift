import Foundation
import Testing
import CatalogUpkeep
import StringCatalog
import XcstringsMergeTestSupport

/// `prune`: stale strings removed unless the sources still name them; `--unused` on that evidence.
struct PruneTests {
    static let catalog = try! Catalog(bytes: Array("""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Old title" : { "extractionState" : "stale", "localizations" : {
              "de" : { "stringUnit" : { "state" : "translated", "value" : "Alter Titel" } },
              "en" : { "stringUnit" : { "state" : "translated", "value" : "Old title" } },
              "fr" : { "stringUnit" : { "state" : "translated", "value" : "Ancien titre" } } } },
            "Still in code" : { "extractionState" : "stale" },
            "Bxy-Zz-1ab.text" : { "extractionState" : "stale" },
            "NSCameraUsageDescription" : { "extractionState" : "stale" },
            "%lld photos of %@" : { "extractionState" : "stale" },
            "onboarding.welcome_title" : { "extractionState" : "manual" },
            "Never mentioned" : { },
            "Manual and unused" : { "extractionState" : "manual" }
          },
          "version" : "1.0"
        }
        """.utf8))

    static var evidence: SourceEvidence {
        var evidence = SourceEvidence()
        evidence.read(Array("""
            struct V: View {
                var body: some View {
                    Text("Still in code") // a comment
                    Text("\\(count) photos of \\(album.name(for: "x"))")
                    Text(.onboardingWelcomeTitle)
                }
            }
            """.utf8), path: "App/V.swift")
        evidence.read(Array("""
            <?xml version="1.0" encoding="UTF-8"?>
            <document><label id="Bxy-Zz-1ab" text="Hello &amp; welcome"/></document>
            """.utf8), path: "App/Main.storyboard")
        evidence.read(Array("<plist><dict><key>NSCameraUsageDescription</key><string>To scan</string></dict></plist>".utf8), path: "App/Info.plist")
        return evidence
    }

    @Test func withoutSourcesEveryStaleStringGoes() {
        let plan = Prune.plan(Self.catalog, evidence: nil, unused: false, includeManual: false)
        #expect(plan.removals.map(\.key.string) == ["Old title", "Still in code", "Bxy-Zz-1ab.text", "NSCameraUsageDescription", "%lld photos of %@"])
        #expect(plan.count(.stale) == (5, 2))
        #expect(plan.catalog.strings.count == 3)
    }

    @Test func theSourcesKeepWhatTheyName() {
        let plan = Prune.plan(Self.catalog, evidence: Self.evidence, unused: false, includeManual: false)
        // Swift literal, interpolated literal, storyboard id, Info.plist key: kept; one goes.
        #expect(plan.removals.map(\.key.string) == ["Old title"])
        #expect(plan.kept.map(\.key.string) == ["Still in code", "Bxy-Zz-1ab.text", "NSCameraUsageDescription", "%lld photos of %@"])
        #expect(Self.evidence.uses("Hello & welcome"))
    }

    @Test func thePlanAsJSON() throws {
        let plan = Prune.plan(Self.catalog, evidence: Self.evidence, unused: false, includeManual: false)
        let bytes = XcodeWriter.reportBytes(of: plan.json(path: "L.xcstrings", written: false))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any])
        let removals = try #require(document["removals"] as? [[String: Any]])
        #expect(document["path"] as? String == "L.xcstrings" && document["written"] as? Bool == false)
        #expect(removals.count == 1 && removals[0]["key"] as? String == "Old title" && removals[0]["reason"] as? String == "stale")
        #expect(removals[0]["translations"] as? Int == 2)
        #expect((document["kept"] as? [[String: Any]])?.count == 4)
    }

    @Test func unusedRemovesWhatTheSourcesDoNotNameButManualStrings() {
        let plan = Prune.plan(Self.catalog, evidence: Self.evidence, unused: true, includeManual: false)
        #expect(plan.removals.map(\.key.string) == ["Old title", "Never mentioned"])
        // The manual key's generated symbol is used; the other manual string is kept as manual.
        #expect(plan.kept.contains { $0.key == "Manual and unused" && $0.reason == .manual })
        #expect(!plan.kept.contains { $0.key == "onboarding.welcome_title" })
        let all = Prune.plan(Self.catalog, evidence: Self.evidence, unused: true, includeManual: true)
        #expect(all.removals.map(\.key.string) == ["Old title", "Never mentioned", "Manual and unused"])
    }

    @Test(arguments: [
        ("let a = \"plain\"", "plain", true),
        ("let a = #\"raw \\(x) \"quoted\"\"#", "raw \\(x) \"quoted\"", true),
        ("let a = \"\"\"\n    Multi\n    line\n    \"\"\"", "Multi", true),
        ("let a = \"tab\\there\"", "tab\there", true),
        ("let a = \"\\u{1F600} smile\"", "😀 smile", true),
        ("let a = \"%@ and \\(b)\"", "%@ and %@", true),
        ("let a = \"other\"", "plain", false),
    ])
    func swiftLiteralsAreReadAsTheTextTheyMake(_ source: String, _ key: String, _ used: Bool) {
        var evidence = SourceEvidence()
        evidence.read(Array(source.utf8), path: "A.swift")
        #expect(evidence.uses(key) == used)
    }

    /// A catalog of a real app with hundreds of stale strings: the plan removes exactly those,
    /// with the translations Foundation's reading counts.
    @Test(.enabled(if: Paths.corpusPresent, "\(Paths.sharedAbsentMessage)"))
    func aCorpusCatalogsStaleStringsAreCounted() throws {
        let url = try #require(Paths.corpus("catalogs")?.appendingPathComponent("ejbills__DockDoor__Localizable.xcstrings"))
        let data = try Data(contentsOf: url)
        let reference = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let source = reference["sourceLanguage"] as? String
        let strings = try #require(reference["strings"] as? [String: [String: Any]])
        let stale = strings.filter { $0.value["extractionState"] as? String == "stale" }
        let translations = stale.values.reduce(0) { count, entry in
            count + ((entry["localizations"] as? [String: Any])?.keys.filter { $0 != source }.count ?? 0)
        }
        let plan = Prune.plan(try Catalog(bytes: Array(data)), evidence: nil, unused: false, includeManual: false)
        #expect(stale.count == 266)
        #expect(plan.count(.stale) == (stale.count, translations))
        #expect(Set(plan.removals.map(\.key.string)) == Set(stale.keys))
        #expect(plan.catalog.strings.count == strings.count - stale.count)
    }
}

/// The scan of a folder: source files by their endings, hidden folders and links to folders
/// passed over (a link to `..` once made the walk read the tree again at every depth).
struct SourceScanTests {
    @Test func aFolderIsReadOnceWhateverItsLinks() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("scan-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("App")
        try FileManager.default.createDirectory(at: app.appendingPathComponent(".build"), withIntermediateDirectories: true)
        try Data("Text(\"Hello\")".utf8).write(to: app.appendingPathComponent("V.swift"))
        try Data("Text(\"Hidden\")".utf8).write(to: app.appendingPathComponent(".build/G.swift"))
        try Data("\"Not code\"".utf8).write(to: app.appendingPathComponent("notes.txt"))
        try FileManager.default.createSymbolicLink(atPath: app.appendingPathComponent("up").path, withDestinationPath: "..")
        let (evidence, unreadable) = SourceEvidence.scan([folder.path, folder.appendingPathComponent("missing").path])
        #expect(evidence.filesRead == 1 && unreadable.count == 1)
        #expect(evidence.uses("Hello") && !evidence.uses("Hidden") && !evidence.uses("Not code"))
        #expect(CatalogFinder.catalogs(under: folder.path).isEmpty)
    }
}
