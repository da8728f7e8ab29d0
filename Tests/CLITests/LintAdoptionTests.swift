import Foundation
import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// What lets a team put `lint` in a build phase on day one: `.xcstrings-lint.json` (severities,
/// ignored keys, required locales, minimum coverage, excluded paths), `--print-config`, and a
/// baseline of the findings it already has.
@Suite struct LintAdoptionTests {
    static func catalog(_ strings: [String: [String: String]]) throws -> [UInt8] { try LintCommandTests.catalog(strings) }

    /// A folder (a repository root) holding `App/L.xcstrings` and, when given, a configuration.
    static func project(_ strings: [String: [String: String]], configuration: String?, at configFolder: String = "") throws -> TemporaryDirectory {
        let directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: directory.file(".git"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.file("App"), withIntermediateDirectories: true)
        _ = try directory.write("App/L.xcstrings", try catalog(strings))
        if let configuration { _ = try directory.write(configFolder + ".xcstrings-lint.json", Array(configuration.utf8)) }
        return directory
    }

    static let strings: [String: [String: String]] = [
        "Hello %@": ["en": "Hello %@", "de": "Hallo %d"],
        "debug.banner %@": ["en": "Debug %@", "de": "Debug %d"],
        "Save ": ["en": "Save ", "de": "Sichern"],
        "Done": ["en": "Done", "de": "Fertig"],
    ]

    @Test func theConfigurationSetsSeveritiesAndIgnoresKeys() throws {
        let project = try Self.project(Self.strings, configuration: """
            {
              "rules" : { "whitespace-mismatch" : "off", "placeholder-mismatch" : "warning" },
              "ignore" : { "*" : [ "debug.*" ] }
            }
            """)
        defer { project.remove() }
        let lint = try runTool(["lint", "App/L.xcstrings"], in: project.url)
        #expect(lint.status == 0, "\(lint.stdout)\(lint.stderr)")
        #expect(lint.stdout.contains("warning: \"Hello %@\" [de]:"), "\(lint.stdout)")
        #expect(!lint.stdout.contains("debug.banner"), "\(lint.stdout)")
        #expect(!lint.stdout.contains("whitespace-mismatch"), "\(lint.stdout)")
        let without = try runTool(["lint", "App/L.xcstrings"], in: project.url, environment: [:])
        #expect(without.status == 0)
        // Found from the catalog's folder up: the same run from inside App/.
        let inside = try runTool(["lint", "L.xcstrings"], in: project.file("App"))
        #expect(inside.stdout == lint.stdout.replacingOccurrences(of: "App/L.xcstrings", with: "L.xcstrings"), "\(inside.stdout)")
    }

    @Test func withoutAConfigurationTheDefaultsApply() throws {
        let project = try Self.project(Self.strings, configuration: nil)
        defer { project.remove() }
        let lint = try runTool(["lint", "App/L.xcstrings"], in: project.url)
        #expect(lint.status == 1)
        #expect(lint.stdout.contains("error: \"debug.banner %@\" [de]:"), "\(lint.stdout)")
    }

    @Test(arguments: [
        (#"{ "rules" : { "whitespace" : "off" } }"#, "1:15: error: unknown rule \"whitespace\""),
        ("{\n  \"colour\" : true\n}", "2:3: error: unknown setting \"colour\""),
        (#"{ "rules" : { "untranslated" : "loud" } }"#, "1:15: error: rule \"untranslated\" must be \"off\", \"note\", \"warning\" or \"error\""),
        (#"{ "minimumCoverage" : { "de" : 120 } }"#, "1:25: error: minimum coverage of \"de\" must be a number from 0 to 100"),
        (#"{ "requiredLocales" : "de" }"#, "1:3: error: \"requiredLocales\" must be an array of strings"),
        ("{ \"rules\" : ", "1:13: error:"),
    ])
    func aBadConfigurationIsAnErrorAtItsLineAndColumn(_ text: String, _ message: String) throws {
        let project = try Self.project(Self.strings, configuration: text)
        defer { project.remove() }
        let lint = try runTool(["lint", "App/L.xcstrings"], in: project.url)
        #expect(lint.status == 2)
        #expect(lint.stderr.contains(".xcstrings-lint.json:" + message), "\(lint.stderr)")
        #expect(lint.stdout.contains("no catalog linted: 1 not read (see above)"), "\(lint.stdout)")
    }

    /// Every problem of a bad configuration is named, each once, however many catalogs it covers.
    @Test func aBadConfigurationReportsEachProblemOnce() throws {
        let text = #"{ "rules" : { "whitespace" : "off", "untranslated" : "loud" }, "colour" : true }"#
        let project = try Self.project(Self.strings, configuration: text)
        defer { project.remove() }
        _ = try project.write("App/M.xcstrings", try Self.catalog(Self.strings))
        let lint = try runTool(["lint", "App"], in: project.url)
        #expect(lint.status == 2)
        let lines = lint.stderr.split(separator: "\n").filter { $0.contains(".xcstrings-lint.json:") }
        #expect(lines.count == 3, "\(lint.stderr)")
        #expect(Set(lines).count == 3, "\(lint.stderr)")
        #expect(lint.stdout.contains("no catalog linted: 2 not read (see above)"), "\(lint.stdout)")
    }

    /// A file that is not there: its error, and no summary that reads as a pass.
    @Test func aMissingCatalogIsNoPass() throws {
        let project = try Self.project(Self.strings, configuration: nil)
        defer { project.remove() }
        let lint = try runTool(["lint", "Nope.xcstrings"], in: project.url)
        #expect(lint.status == 2)
        #expect(lint.stderr.contains("Nope.xcstrings: error: no such file or directory"))
        #expect(lint.stdout == "no catalog linted: 1 not read (see above)\n", "\(lint.stdout)")
    }

    /// The source language in `requiredLocales` is satisfied by the key (Xcode writes no source
    /// localization when the key is the text) and by a source unit in state `new` (what Xcode
    /// writes for an extracted string with a value).
    @Test func theSourceLanguageAsARequiredLocaleIsSatisfiedByTheKey() throws {
        let project = try Self.project([:], configuration: #"{ "requiredLocales" : [ "en", "de" ] }"#)
        defer { project.remove() }
        _ = try project.write("App/L.xcstrings", """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "Save" : {
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Sichern" } }
                  }
                },
                "Welcome" : {
                  "extractionState" : "extracted_with_value",
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Willkommen" } },
                    "en" : { "stringUnit" : { "state" : "new", "value" : "Welcome!" } }
                  }
                }
              },
              "version" : "1.0"
            }
            """)
        let lint = try runTool(["lint", "App/L.xcstrings"], in: project.url)
        #expect(lint.status == 0, "\(lint.stdout)")
        #expect(!lint.stdout.contains("[en]"), "\(lint.stdout)")
    }

    @Test func requiredLocalesAreReportedWithoutStrict() throws {
        let project = try Self.project(Self.strings, configuration: #"{ "requiredLocales" : [ "de", "fr" ], "rules" : { "placeholder-mismatch" : "off", "whitespace-mismatch" : "off" } }"#)
        defer { project.remove() }
        let lint = try runTool(["lint", "App/L.xcstrings"], in: project.url)
        #expect(lint.status == 1, "\(lint.stdout)")
        // French is a locale no string has yet: every string lacks it.
        #expect(lint.stdout.contains("error: \"Done\" [fr]: no fr translation, a required locale [untranslated]"), "\(lint.stdout)")
        #expect(!lint.stdout.contains("[de]: no de translation"), "\(lint.stdout)")
    }

    @Test func minimumCoverageFailsUnderIt() throws {
        var strings = Self.strings
        strings["New"] = ["en": "New"]
        let project = try Self.project(strings, configuration: #"{ "minimumCoverage" : { "*" : 90 }, "rules" : { "placeholder-mismatch" : "off", "whitespace-mismatch" : "off" } }"#)
        defer { project.remove() }
        let lint = try runTool(["lint", "App/L.xcstrings"], in: project.url)
        #expect(lint.status == 1, "\(lint.stdout)")
        #expect(lint.stdout.contains("error: [de]: de is 80.0% translated; the configuration asks for at least 90.0% [minimum-coverage]"), "\(lint.stdout)")
        // Described where every rule is: SARIF's rules (each result's ruleIndex), --help,
        // --print-config.
        let sarif = try runTool(["lint", "--format", "sarif", "App/L.xcstrings"], in: project.url)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let rules = try #require(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let coverage = try #require((run["results"] as? [[String: Any]])?.first { $0["ruleId"] as? String == "minimum-coverage" })
        let index = try #require(coverage["ruleIndex"] as? Int)
        #expect(rules[index]["id"] as? String == "minimum-coverage")
        #expect(try runTool(["lint", "--help"]).stdout.contains("minimum-coverage"))
        let printed = try runTool(["lint", "--print-config", "App"], in: project.url)
        #expect(printed.stdout.contains("\"minimum-coverage\" : \"error\""), "\(printed.stdout)")
    }

    @Test func excludedCatalogsAreSkippedWhenFoundNotWhenNamed() throws {
        let project = try Self.project(Self.strings, configuration: #"{ "exclude" : [ "App/*" ] }"#)
        defer { project.remove() }
        let found = try runTool(["lint", "."], in: project.url)
        #expect(found.stdout.contains("0 catalogs linted"), "\(found.stdout)")
        let named = try runTool(["lint", "App/L.xcstrings"], in: project.url)
        #expect(named.stdout.contains("1 catalog linted"), "\(named.stdout)")
    }

    @Test func printConfigShowsWhatIsInEffect() throws {
        let project = try Self.project(Self.strings, configuration: #"{ "rules" : { "whitespace-mismatch" : "off" }, "requiredLocales" : [ "de" ] }"#)
        defer { project.remove() }
        let printed = try runTool(["lint", "--print-config", "App"], in: project.url)
        #expect(printed.status == 0)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(printed.stdout.utf8)) as? [String: Any])
        let rules = try #require(document["rules"] as? [String: String])
        #expect(rules["whitespace-mismatch"] == "off")
        #expect(rules["placeholder-mismatch"] == "error")
        #expect(rules.count == 18)
        #expect(document["requiredLocales"] as? [String] == ["de"])
        #expect((document["file"] as? String)?.hasSuffix(".xcstrings-lint.json") == true)
    }

    /// The baseline: today's findings recorded pass; one new broken translation fails; a fixed
    /// one is counted as gone.
    @Test func aBaselineLetsLintFailOnlyOnNewFindings() throws {
        let project = try Self.project(Self.strings, configuration: nil)
        defer { project.remove() }
        let write = try runTool(["lint", "--strict", "--write-baseline", "lint-baseline.json", "App/L.xcstrings"], in: project.url)
        #expect(write.status == 0, "\(write.stderr)")
        #expect(write.stderr.contains("findings recorded in lint-baseline.json"), "\(write.stderr)")
        let clean = try runTool(["lint", "--strict", "--baseline", "lint-baseline.json", "App/L.xcstrings"], in: project.url)
        #expect(clean.status == 0, "\(clean.stdout)")
        // Held, not gone: the summary says how many the baseline holds.
        let recorded = try #require(write.stderr.split(separator: " ").dropFirst(2).first.flatMap { Int($0) })
        #expect(clean.stdout.contains("1 catalog linted: no new findings; \(recorded) held by the baseline"), "\(clean.stdout)")
        var broken = Self.strings
        broken["Open %@"] = ["en": "Open %@", "de": "%d öffnen"]
        broken["Hello %@"] = ["en": "Hello %@", "de": "Hallo %@"]
        _ = try project.write("App/L.xcstrings", try Self.catalog(broken))
        let after = try runTool(["lint", "--baseline", "lint-baseline.json", "App/L.xcstrings"], in: project.url)
        #expect(after.status == 1, "\(after.stdout)")
        #expect(after.stdout.contains("\"Open %@\" [de]"), "\(after.stdout)")
        #expect(!after.stdout.contains("debug.banner"), "\(after.stdout)")
        #expect(after.stderr.contains("1 baseline entry no longer occurs"), "\(after.stderr)")
    }

    /// On a real app's catalog (Ice Cubes, 733 keys): a baseline written today passes; one
    /// broken translation fails.
    @Test(.enabled(if: Paths.corpusPresent, "../shared/corpus is absent")) func aBaselineOnIceCubes() throws {
        guard let file = Paths.corpusFiles("catalogs").first(where: { $0.lastPathComponent.contains("IceCubes") }) else {
            print(Paths.sharedAbsentMessage)
            return
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var bytes = try bytes(file)
        _ = try directory.write("Localizable.xcstrings", bytes)
        #expect(try runTool(["lint", "Localizable.xcstrings"], in: directory.url).status == 1, "the Catalan crash fails it today")
        #expect(try runTool(["lint", "--strict", "--write-baseline", "b.json", "Localizable.xcstrings"], in: directory.url).status == 0)
        #expect(try runTool(["lint", "--strict", "--baseline", "b.json", "Localizable.xcstrings"], in: directory.url).status == 0)
        var text = String(decoding: bytes, as: UTF8.self)
        // A translation of an interpolated key that now reads an integer where the app passes an object.
        let range = try #require(text.range(of: "\"value\" : \"#%@\""))
        text.replaceSubrange(range, with: "\"value\" : \"#%d\"")
        bytes = Array(text.utf8)
        _ = try directory.write("Localizable.xcstrings", bytes)
        let broken = try runTool(["lint", "--baseline", "b.json", "Localizable.xcstrings"], in: directory.url)
        #expect(broken.status == 1, "\(broken.stdout)")
        #expect(broken.stdout.contains("[placeholder-mismatch]"), "\(broken.stdout)")
    }

    /// `--since` without `--strict`: a string the branch adds without a required locale fails;
    /// the old ones that lack it are the base's, not the branch's.
    @Test func sinceFailsAStringAddedWithoutARequiredLocale() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        try repo.write(".xcstrings-lint.json", Array(#"{ "requiredLocales" : [ "de", "fr" ] }"#.utf8))
        try repo.write("App/L.xcstrings", try Self.catalog(["Done": ["en": "Done", "de": "Fertig"]]))
        try repo.commitAll("base: Done lacks fr")
        try repo.git("checkout", "-q", "-b", "feature")
        try repo.write("App/L.xcstrings", try Self.catalog(["Done": ["en": "Done", "de": "Fertig"], "Open": ["en": "Open", "de": "Öffnen"]]))
        try repo.commitAll("adds Open without fr")
        let since = try repo.tool(["lint", "--since", "main", "App/L.xcstrings"])
        #expect(since.status == 1, "\(since.stdout)")
        #expect(since.stdout.contains("error: \"Open\" [fr]: no fr translation, a required locale"), "\(since.stdout)")
        #expect(!since.stdout.contains("\"Done\""), "\(since.stdout)")
    }
}
