import Foundation
import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// `lint` through the command line: formats, exit statuses, `--since` in a real repository and
/// `--fix`.
@Suite struct LintCommandTests {
    static let fixtures = Paths.fixtures.appendingPathComponent("lint")
    static func fixture(_ rule: String, _ name: String = "flagged") -> String {
        fixtures.appendingPathComponent("\(rule)/\(name).xcstrings").path
    }

    @Test func humanOutputIsWhatXcodeAndEditorsReadAndErrorsFail() throws {
        let result = try runTool(["lint", Self.fixture("placeholder-mismatch")])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        let first = try #require(lines.first)
        #expect(first.hasPrefix(Self.fixture("placeholder-mismatch") + ":9:13: error: \"%@ posts\" [ca]: \"% publicacions\" reads argument 1"), "\(first)")
        #expect(first.hasSuffix("[placeholder-mismatch]"))
        #expect(result.stdout.contains("locale  translated  needs review  new  missing  stale"))
        #expect(result.stdout.contains("1 catalog linted: 8 errors"), "\(result.stdout)")
        #expect(!result.stdout.contains("\u{1B}["), "no colour when not on a terminal")
    }

    /// Every human line names the string and the locale, `--strict` and `--since` ones too;
    /// the help names the CLDR release of the plural table.
    @Test func everyLineNamesTheKeyAndTheLocale() throws {
        let result = try runTool(["lint", "--strict", Self.fixture("untranslated"), Self.fixture("plural-incomplete")])
        let lines = result.stdout.split(separator: "\n").filter { $0.contains(": warning: ") || $0.contains(": error: ") || $0.contains(": note: ") }
        #expect(!lines.isEmpty)
        for line in lines {
            let message = line.split(separator: ": ", maxSplits: 2).dropFirst(2).first ?? ""
            #expect(message.hasPrefix("\""), "\(line)")
        }
        #expect(result.stdout.contains(": warning: \"%lld items\" [he]: plural lacks two, which he uses for some counts from 0 to 999; such counts show the other form [plural-incomplete]"), "\(result.stdout)")
        #expect(result.stdout.contains(": error: \"%lld days\" [de]: plural lacks other, which every language needs [plural-incomplete]"), "\(result.stdout)")
        let help = try runTool(["lint", "--help"])
        #expect(help.stdout.contains("Plural categories are those of the ICU Apple's Foundation builds on (ICU 7"), "\(help.stdout)")
    }

    /// The empty key (Xcode extracts it from `Text("")`) is never shown to anyone: no rule
    /// reports it, under `--strict` or `requiredLocales` alike, and coverage does not count it.
    @Test func theEmptyKeyIsExemptEverywhere() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("L.xcstrings", """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "" : {
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "new", "value" : "" } }
                  }
                },
                "Done" : {
                  "localizations" : {
                    "de" : { "stringUnit" : { "state" : "translated", "value" : "Fertig" } },
                    "fr" : { "stringUnit" : { "state" : "translated", "value" : "Terminé" } }
                  }
                }
              },
              "version" : "1.0"
            }
            """)
        let result = try runTool(["lint", "--strict", file.path])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(!result.stdout.contains("\"\" [") && !result.stdout.contains(": [fr]"), "\(result.stdout)")
        #expect(result.stdout.contains("  fr               1             0    0        0      0  100.0"), "\(result.stdout)")
        try Data(#"{ "requiredLocales" : ["de", "fr"] }"#.utf8).write(to: directory.url.appendingPathComponent(".xcstrings-lint.json"))
        let required = try runTool(["lint", "--format", "json", file.path], in: directory.url)
        #expect(required.status == 0 && !required.stdout.contains("\"key\" : \"\""), "\(required.stdout)")
    }

    @Test func warningsPassUnlessStrict() throws {
        let file = Self.fixture("literal-escape")
        #expect(try runTool(["lint", file]).status == 0)
        #expect(try runTool(["lint", "--strict", file]).status == 1)
        let correct = Self.fixtures.appendingPathComponent("correct.xcstrings").path
        let strict = try runTool(["lint", "--strict", correct])
        #expect(strict.status == 0, "\(strict.stdout)")
        #expect(strict.stdout.contains("no findings"))
    }

    @Test func onlyAndDisableChooseRules() throws {
        let file = Self.fixture("placeholder-mismatch")
        #expect(try runTool(["lint", "--only", "plural-incomplete", file]).status == 0)
        #expect(try runTool(["lint", "--disable", "placeholder-mismatch", file]).status == 0)
        let unknown = try runTool(["lint", "--only", "no-such-rule", file])
        #expect(unknown.status == 2)
        #expect(unknown.stderr.contains("unknown rule 'no-such-rule'"))
        #expect(try runTool(["lint", "--format", "xml", file]).status == 2)
        let broken = try runTool(["lint", Paths.fixtures.appendingPathComponent("missing.xcstrings").path])
        #expect(broken.status == 2)
    }

    @Test func jsonHasEveryFieldAndNullLocalesForEntries() throws {
        let result = try runTool(["lint", "--format", "json", Self.fixture("format-only-key"), Self.fixture("plural-incomplete")])
        #expect(result.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        #expect(findings.count == 11)
        for finding in findings {
            #expect(Set(finding.keys) == ["rule", "severity", "file", "line", "column", "key", "locale", "message"])
            #expect((finding["line"] as? Int ?? 0) > 1)
        }
        let formatOnly = findings.filter { $0["rule"] as? String == "format-only-key" }
        #expect(formatOnly.count == 6 && formatOnly.allSatisfy { $0["locale"] is NSNull })
        // Lacking `other` is an error; lacking a category that falls back to `other`, a warning.
        let plurals = findings.filter { $0["rule"] as? String == "plural-incomplete" }
        #expect(plurals.allSatisfy { $0["locale"] as? String != nil })
        #expect(plurals.filter { $0["severity"] as? String == "error" }.map { $0["key"] as? String } == ["%lld days"])
        #expect(plurals.filter { $0["severity"] as? String == "warning" }.count == 4)
        let coverage = try #require(document["coverage"] as? [String: [String: [String: Any]]])
        let ru = try #require(coverage[Self.fixture("plural-incomplete")]?["ru"])
        #expect(ru["translated"] as? Int == 1 && ru["missing"] as? Int == 4, "\(ru)")
    }

    @Test func githubAnnotations() throws {
        let result = try runTool(["lint", "--format", "github", Self.fixture("placeholder-missing")])
        let lines = result.stdout.split(separator: "\n")
        #expect(lines.filter { $0.hasPrefix("::warning file=") }.count == 4)
        #expect(lines.contains { $0.contains(",line=") && $0.contains(",col=") && $0.contains(",title=placeholder-missing::") })
    }

    /// The SARIF log against the 2.1.0 schema's structure: the required properties of each
    /// object the log uses, their types, and the allowed values of `level`.
    @Test func sarifFollowsTheSchema() throws {
        let result = try runTool(["lint", "--format", "sarif", Self.fixture("placeholder-mismatch"), Self.fixture("whitespace-mismatch")])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        #expect((log["$schema"] as? String)?.hasSuffix("sarif-2.1.0.json") == true)
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 1)
        let driver = try #require((runs[0]["tool"] as? [String: Any])?["driver"] as? [String: Any])
        #expect(driver["name"] as? String == "xcstrings-merge")
        let rules = try #require(driver["rules"] as? [[String: Any]])
        #expect(rules.count == 18)
        #expect(rules.last?["id"] as? String == "minimum-coverage")
        for rule in rules {
            #expect(rule["id"] is String)
            #expect((rule["shortDescription"] as? [String: Any])?["text"] is String)
            let level = (rule["defaultConfiguration"] as? [String: Any])?["level"] as? String
            #expect(["none", "note", "warning", "error"].contains(level ?? ""))
        }
        let results = try #require(runs[0]["results"] as? [[String: Any]])
        #expect(results.count == 13)
        for item in results {
            let ruleId = try #require(item["ruleId"] as? String)
            let index = try #require(item["ruleIndex"] as? Int)
            #expect(rules[index]["id"] as? String == ruleId)
            #expect(["none", "note", "warning", "error"].contains(item["level"] as? String ?? ""))
            #expect((item["message"] as? [String: Any])?["text"] is String)
            let location = try #require((item["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let uri = try #require((location["artifactLocation"] as? [String: Any])?["uri"] as? String)
            #expect(URL(string: uri) != nil)
            let region = try #require(location["region"] as? [String: Any])
            #expect((region["startLine"] as? Int ?? 0) >= 1 && (region["startColumn"] as? Int ?? 0) >= 1)
        }
    }

    static func catalog(_ strings: [String: [String: String]]) throws -> [UInt8] { simpleCatalog(strings) }

    /// `--fix` marks a format-only key only while nothing is translated: one with translations
    /// is left, and the fix says why rather than skipping it in silence; one whose translators
    /// localized the punctuation is no finding at all.
    @Test func fixSaysWhyItLeavesAFormatOnlyKeyWithTranslations() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("L.xcstrings", try Self.catalog(["%@ – %@": ["de": "%2$@ – %1$@"], "%@ %@": ["zh-Hans": "%@%@"], "%lld": [:]]))
        let fixed = try runTool(["lint", "--fix", file.path], in: directory.url)
        #expect(fixed.stderr.contains("fixed \"%lld\": marked \"shouldTranslate\" : false"), "\(fixed.stderr)")
        #expect(fixed.stderr.contains("left \"%@ – %@\": not marked \"shouldTranslate\" : false, as it has translations"), "\(fixed.stderr)")
        #expect(!fixed.stderr.contains("\"%@ %@\""), "\(fixed.stderr)")
        #expect(fixed.stdout.contains("[format-only-key]") && !fixed.stdout.contains("\"%@ %@\": the key has nothing"), "\(fixed.stdout)")
    }

    /// `copied-source` is off by default (names and brands are kept on purpose): it runs when
    /// `--only` names it or a configuration gives it a severity.
    @Test func copiedSourceRunsOnlyWhenTurnedOn() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("L.xcstrings", try Self.catalog(["Powered by Syncthing": ["ja": "Powered by Syncthing"]]))
        #expect(!(try runTool(["lint", file.path], in: directory.url)).stdout.contains("[copied-source]"))
        let named = try runTool(["lint", "--only", "copied-source", file.path], in: directory.url)
        #expect(named.stdout.contains("\"Powered by Syncthing\" [ja]: \"Powered by Syncthing\" is the source text unchanged"), "\(named.stdout)")
        try Data(#"{ "rules" : { "copied-source" : "warning" } }"#.utf8).write(to: directory.url.appendingPathComponent(".xcstrings-lint.json"))
        #expect(try runTool(["lint", file.path], in: directory.url).stdout.contains("[copied-source]"))
    }

    /// A pull request is judged on what it adds: findings the catalog had at the merge base are
    /// left out, and a catalog new since then is reported whole.
    @Test func sinceReportsOnlyWhatABranchAdded() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        try repo.write("App/L.xcstrings", try Self.catalog(["%lld files": ["de": "%@ Dateien"], "Hello %@": ["fr": "Bonjour"]]))
        try repo.commitAll("base with one old bug")
        try repo.git("checkout", "-q", "-b", "feature")
        try repo.write("App/L.xcstrings", try Self.catalog([
            "%lld files": ["de": "%@ Dateien"], "Hello %@": ["fr": "Bonjour"], "%@ posts": ["ca": "% publicacions"],
        ]))
        try repo.write("App/New.xcstrings", try Self.catalog(["%lld": [:]]))
        try repo.commitAll("feature adds one")
        let all = try repo.tool(["lint", "--format", "json"])
        #expect(all.stdout.components(separatedBy: "\"placeholder-mismatch\"").count - 1 == 2)
        let since = try repo.tool(["lint", "--since", "main", "--format", "json"])
        #expect(since.status == 1, "\(since.stderr)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(since.stdout.utf8)) as? [String: Any])
        let findings = try #require(document["findings"] as? [[String: Any]])
        let described = Set(findings.map { "\($0["rule"]!) \($0["key"]!)" })
        // The new Catalan translation also makes every other string lack a ca translation: new
        // findings too (the same rule, key and locale were not found at the base).
        #expect(described == [
            "placeholder-mismatch %@ posts", "untranslated %@ posts", "untranslated %lld files", "untranslated Hello %@",
            "format-only-key %lld",
        ], "\(described)")
        #expect(!findings.contains { $0["rule"] as? String == "placeholder-mismatch" && $0["key"] as? String == "%lld files" })
        #expect(try repo.tool(["lint", "--since", "no-such-branch"]).status == 2)
    }

    @Test func fixMakesExactlyItsThreeRepairs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("L.xcstrings", try Self.catalog([
            "two.lines": ["en": "Line 1\nLine 2", "de": "Zeile 1\\nZeile 2"],
            "escape.help": ["en": "Type \\n", "de": "Tippe \\n"],
            "windows": ["en": "One\nTwo", "fr": "Un\r\nDeux\r"],
            "%lld": [:],
            "%lld files": ["de": "%@ Dateien"],
        ]))
        let result = try runTool(["lint", "--fix", file.path])
        #expect(result.status == 1, "the placeholder error is for a person")
        let fixes = result.stderr.split(separator: "\n").filter { $0.contains(": fixed ") }
        #expect(fixes.count == 3, "\(result.stderr)")
        let catalog = try Catalog(bytes: try bytes(file))
        func value(_ key: String, _ locale: String) -> String? {
            catalog.strings[key: UTF8Bytes(key)]?.materialized.object?["localizations"]?.object?[key: UTF8Bytes(locale)]?
                .object?["stringUnit"]?.object?["value"]?.stringValue?.string
        }
        #expect(value("two.lines", "de") == "Zeile 1\nZeile 2")
        #expect(value("escape.help", "de") == "Tippe \\n", "a literal \\n that the source has too stays")
        #expect(value("windows", "fr") == "Un\nDeux")
        #expect(catalog.strings[key: "%lld"]?.materialized.object?["shouldTranslate"] == .bool(false))
        #expect(value("%lld files", "de") == "%@ Dateien")
        #expect(result.stdout.contains("[placeholder-mismatch]"))
        #expect(!result.stdout.contains("[literal-escape]") && !result.stdout.contains("[carriage-return]") && !result.stdout.contains("[format-only-key]"))
        let written = try bytes(file)
        #expect(try Catalog(bytes: written).hasCanonicalBytes(written))
        // Nothing is left to fix.
        let again = try runTool(["lint", "--fix", file.path])
        #expect(!again.stderr.contains(": fixed "))
    }
}
