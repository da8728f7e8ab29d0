import Foundation
import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// `rename-key` and `remove-locale`: the edits, their refusals (exit 2, files untouched) and
/// `--dry-run`.
@Suite struct EditCommandTests {
    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "%lld files" : {
              "localizations" : {
                "de" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Datei" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Dateien" } } } } },
                "en" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } } } } }
              }
            },
            "Save" : {
              "comment" : "The save button",
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Sichern" } },
                "fr" : { "stringUnit" : { "state" : "needs_review", "value" : "Enregistrer" } }
              }
            },
            "open.title" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Öffnen" } },
                "en" : { "stringUnit" : { "state" : "translated", "value" : "Open" } },
                "fr" : { "stringUnit" : { "state" : "translated", "value" : "%1$@ de %2$#@count@" },
                  "substitutions" : { "count" : { "argNum" : 2, "formatSpecifier" : "lld",
                    "variations" : { "plural" : { "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg" } } } } } } }
              }
            }
          },
          "version" : "1.1"
        }
        """

    struct Setup {
        let directory: TemporaryDirectory
        let file: URL
        let before: [UInt8]
        init() throws {
            directory = try TemporaryDirectory()
            let catalog = try Catalog(bytes: Array(EditCommandTests.catalog.utf8))
            file = try directory.write("Localizable.xcstrings", catalog.canonicalBytes())
            before = try bytes(file)
        }
        func catalog() throws -> Catalog { try Catalog(bytes: try bytes(file)) }
        func entry(_ key: String) throws -> JSONValue? { try catalog().strings[key: UTF8Bytes(key)]?.materialized }
    }

    @Test func renameKeyMovesTheWholeEntryAndAddsTheSourceTextItWas() throws {
        let setup = try Setup()
        defer { setup.directory.remove() }
        let original = try #require(try setup.entry("Save")?.object)
        let result = try runTool(["rename-key", "Save", "save.button", setup.file.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("renamed 1 key; 1 had no en localization and got the old key as its value"))
        #expect(try setup.entry("Save") == nil)
        let moved = try #require(try setup.entry("save.button")?.object)
        // Everything the entry had, plus the English text the key used to be.
        #expect(moved["comment"] == original["comment"])
        let localizations = try #require(moved["localizations"]?.object)
        #expect(localizations["de"] == original["localizations"]?.object?["de"])
        #expect(localizations["fr"] == original["localizations"]?.object?["fr"])
        #expect(localizations["en"]?.object?["stringUnit"]?.object?["value"] == .string("Save"))
        // Canonical, and the other entries untouched.
        let after = try bytes(setup.file)
        #expect(try Catalog(bytes: after).hasCanonicalBytes(after))
        #expect(try setup.entry("open.title") == (try Catalog(bytes: setup.before)).strings[key: "open.title"]?.materialized)
    }

    @Test func aKeyWithASourceLocalizationMovesAsItIs() throws {
        let setup = try Setup()
        defer { setup.directory.remove() }
        let original = try setup.entry("open.title")
        let result = try runTool(["rename-key", "open.title", "menu.open", setup.file.path])
        #expect(result.status == 0)
        #expect(!result.stdout.contains("got the old key"))
        #expect(try setup.entry("menu.open") == original)
    }

    @Test func aMapRenamesManyKeysInTheCatalogsThatHaveThem() throws {
        let setup = try Setup()
        defer { setup.directory.remove() }
        let other = try setup.directory.write("Other.xcstrings", try Catalog(bytes: Array(Self.catalog.utf8)).canonicalBytes())
        let tsv = try setup.directory.write("renames.tsv", "# old, then a tab, then new\nSave\tsave.button\n\nopen.title\tmenu.open\n")
        let result = try runTool(["rename-key", "--map", tsv.path, setup.file.path, other.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("Localizable.xcstrings: renamed 2 keys"))
        #expect(result.stdout.contains("Other.xcstrings: renamed 2 keys"))
        let json = try setup.directory.write("renames.json", "{\"save.button\" : \"Save\"}")
        #expect(try runTool(["rename-key", "--map", json.path, setup.file.path]).status == 0)
        #expect(try setup.entry("Save") != nil)
    }

    @Test(arguments: [
        (["Missing", "x"], [String](), "\"Missing\" is in none of the catalogs"),
        (["Save", "open.title"], [], "\"open.title\" exists already"),
        ([], ["Save\ta\nopen.title\ta\n"], "\"Save\" and \"open.title\" are both renamed to \"a\""),
        ([], ["Save\ta\nSave\tb\n"], "\"Save\" is renamed twice"),
        ([], ["Save\ta\na\tb\n"], "chained renames: \"Save\" → \"a\" → \"b\""),
        ([], ["Save\ta\n", "Save\tb\n"], "\"Save\" is renamed twice"),
        ([], ["Save a\n"], "expected 'old<TAB>new'"),
    ])
    func renameKeyRefusesAndTouchesNothing(_ names: [String], _ maps: [String], _ message: String) throws {
        let setup = try Setup()
        defer { setup.directory.remove() }
        var arguments = ["rename-key"] + names
        for (index, map) in maps.enumerated() {
            arguments += ["--map", try setup.directory.write("map\(index).tsv", map).path]
        }
        let result = try runTool(arguments + [setup.file.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "\(result.stderr)")
        #expect(try bytes(setup.file) == setup.before)
    }

    /// One vocabulary of counts: a string is a key's entry, a translation a string in one locale,
    /// a form one plural, device or substitution variant. `remove-locale` and `diff --stat` count
    /// the same translations; the forms of a plural one are said apart.
    @Test func removeLocaleAndDiffCountTheSameTranslations() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let original = try bytes(Paths.fixtures.appendingPathComponent("catalogs/Sample.xcstrings"))
        let old = try directory.write("Old.xcstrings", original)
        let new = try directory.write("New.xcstrings", original)
        let remove = try runTool(["remove-locale", "de", new.path])
        #expect(remove.stdout.contains("removed 8 de translations (from 8 strings)"), "\(remove.stdout)")
        let stat = try runTool(["diff", "--stat", old.path, new.path])
        #expect(stat.stdout.contains("8 translations changed ("), "\(stat.stdout)")
        let row = stat.stdout.split(separator: "\n").first { $0.hasPrefix("  de ") }.map { $0.split(separator: " ").map(String.init) }
        #expect(row == ["de", "0", "0", "8", "8"], "\(stat.stdout)")
    }

    /// Like `check`, `lint` and `format`, the editing commands take the repository's tracked
    /// catalogs when none is named.
    @Test func editingCommandsDefaultToTheTrackedCatalogs() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        let sample = try bytes(Paths.fixtures.appendingPathComponent("catalogs/Sample.xcstrings"))
        try repo.write("App/Localizable.xcstrings", sample)
        try repo.write("Widget/Widget.xcstrings", sample)
        try repo.write("Untracked.xcstrings", sample)
        try repo.git("add", "App", "Widget")
        try repo.git("commit", "-q", "-m", "catalogs")
        let rename = try repo.tool(["rename-key", "Save", "save.button"])
        #expect(rename.status == 0, "\(rename.stderr)")
        #expect(rename.stdout.contains("App/Localizable.xcstrings: renamed") && rename.stdout.contains("Widget/Widget.xcstrings: renamed"), "\(rename.stdout)")
        let remove = try repo.tool(["remove-locale", "ja"])
        #expect(remove.status == 0, "\(remove.stderr)")
        #expect(remove.stdout.contains("App/Localizable.xcstrings: removed 7 ja translations"), "\(remove.stdout)")
        #expect(try repo.read("Untracked.xcstrings") == sample)
        let none = try GitSandbox()
        defer { none.remove() }
        let refused = try none.tool(["remove-locale", "ja"])
        #expect(refused.status == 2 && refused.stderr.contains("no catalogs given, and none here"), "\(refused.stderr)")
    }

    @Test func dryRunsWriteNothing() throws {
        let setup = try Setup()
        defer { setup.directory.remove() }
        let rename = try runTool(["rename-key", "--dry-run", "Save", "save.button", setup.file.path])
        #expect(rename.status == 0)
        #expect(rename.stdout.contains("would rename \"Save\" to \"save.button\""))
        let remove = try runTool(["remove-locale", "--dry-run", "fr", setup.file.path])
        #expect(remove.status == 0)
        #expect(remove.stdout.contains("would remove 2 fr translations (from 2 strings)"))
        #expect(try bytes(setup.file) == setup.before)
    }

    @Test func removeLocaleRemovesEveryLocalizationOfTheLocale() throws {
        let setup = try Setup()
        defer { setup.directory.remove() }
        let result = try runTool(["remove-locale", "fr", "de", setup.file.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("removed 2 fr translations, 3 de translations (from 3 strings)"), "\(result.stdout)")
        let text = String(decoding: try bytes(setup.file), as: UTF8.self)
        #expect(!text.contains("\"fr\"") && !text.contains("\"de\"") && !text.contains("substitutions"))
        #expect(text.contains("%lld files") && text.contains("\"en\""))
        let after = try bytes(setup.file)
        #expect(try Catalog(bytes: after).hasCanonicalBytes(after))
    }

    @Test func removeLocaleRefusesTheSourceLanguage() throws {
        let setup = try Setup()
        defer { setup.directory.remove() }
        let result = try runTool(["remove-locale", "de", "en", setup.file.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\"en\" is the source language"))
        #expect(try bytes(setup.file) == setup.before)
        #expect(try runTool(["remove-locale", setup.file.path]).status == 2)
        #expect(try runTool(["remove-locale", "de"]).status == 2)
    }
}
