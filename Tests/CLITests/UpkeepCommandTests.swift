import Foundation
import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// `add-locale`, `prune`, `get` and `set` through the command line: what they print, their exit
/// statuses, and that a refusal leaves the file as it was.
@Suite struct UpkeepCommandTests {
    static let catalog = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "%lld files in %@" : {
              "localizations" : {
                "en" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file in %@" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files in %@" } } } } },
                "pt-BR" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld arquivo em %@" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld arquivos em %@" } } } } }
              }
            },
            "Old button" : { "extractionState" : "stale", "localizations" : {
              "pt-BR" : { "stringUnit" : { "state" : "translated", "value" : "Botão antigo" } } } },
            "Save" : { "localizations" : {
              "pt-BR" : { "stringUnit" : { "state" : "translated", "value" : "Salvar" } } } },
            "Used stale" : { "extractionState" : "stale" }
          },
          "version" : "1.0"
        }
        """

    struct Setup {
        let directory: TemporaryDirectory
        let file: URL
        let before: [UInt8]
        init() throws {
            directory = try TemporaryDirectory()
            file = try directory.write("Localizable.xcstrings", try Catalog(bytes: Array(UpkeepCommandTests.catalog.utf8)).canonicalBytes())
            before = try bytes(file)
        }
        func tool(_ arguments: String...) throws -> ProcessResult { try runTool(arguments, in: directory.url) }
        var unchanged: Bool { (try? bytes(file)) == before }
    }

    @Test func addLocaleCopiesForReviewAndRefusesAnExistingOne() throws {
        let setup = try Setup()
        defer { setup.directory.remove() }
        let dry = try setup.tool("add-locale", "pt-PT", "--copy-from", "pt-BR", "--dry-run", "Localizable.xcstrings")
        #expect(dry.status == 0 && dry.stdout.contains("would add pt-PT to 3 strings") && setup.unchanged, "\(dry)")
        let added = try setup.tool("add-locale", "pt-PT", "--copy-from", "pt-BR", "Localizable.xcstrings")
        #expect(added.status == 0 && added.stdout.contains("added pt-PT to 3 strings"), "\(added)")
        let value = try setup.tool("get", "Localizable.xcstrings", "%lld files in %@", "pt-PT", "--form", "plural.other")
        #expect(value.status == 0 && value.stdout == "%lld arquivos em %@\n")
        #expect(try setup.tool("get", "Localizable.xcstrings", "Save", "pt-PT").stdout == "Salvar\n")
        #expect(try setup.tool("check", "Localizable.xcstrings").status == 0)
        let after = try bytes(setup.file)
        let again = try setup.tool("add-locale", "pt-PT", "--copy-from", "pt-BR", "Localizable.xcstrings")
        #expect(again.status == 2 && again.stderr.contains("has \"pt-PT\" already"))
        #expect(try bytes(setup.file) == after)
        let merged = try setup.tool("add-locale", "pt-PT", "--copy-from", "pt-BR", "--merge", "Localizable.xcstrings")
        #expect(merged.status == 0 && merged.stdout.contains("nothing to copy"), "\(merged)")
        #expect(try bytes(setup.file) == after)
        #expect(try setup.tool("add-locale", "pt-PT", "Localizable.xcstrings").status == 2)
        #expect(try setup.tool("add-locale", "en", "--copy-from", "pt-BR", "Localizable.xcstrings").stderr.contains("source language"))
    }

    @Test func getPrintsExactValuesAndSuggestsKeys() throws {
        let setup = try Setup()
        defer { setup.directory.remove() }
        let all = try setup.tool("get", "Localizable.xcstrings", "%lld files in %@")
        #expect(all.status == 0 && all.stdout.split(separator: "\n").count == 4 && all.stdout.contains("pt-BR plural.one\ttranslated\t%lld arquivo em %@"))
        let missing = try setup.tool("get", "Localizable.xcstrings", "Sav", "de")
        #expect(missing.status == 1 && missing.stderr.contains("nearest: \"Save\""), "\(missing)")
        let noLocale = try setup.tool("get", "Localizable.xcstrings", "Save", "de")
        #expect(noLocale.status == 1 && noLocale.stderr.contains("it has: pt-BR"))
        #expect(try setup.tool("get", "Localizable.xcstrings", "Save", "pt-BR", "--form", "plural").status == 2)
    }

    @Test func setWritesCheckedValuesAndRefusesMismatchedPlaceholders() throws {
        let setup = try Setup()
        defer { setup.directory.remove() }
        // %@ read as an integer: refused, nothing written; --force writes it.
        let wrong = try setup.tool("set", "Localizable.xcstrings", "%lld files in %@", "de", "%lld Dateien in %lld", "--form", "plural.other")
        #expect(wrong.status == 1 && wrong.stderr.contains("nothing was written") && setup.unchanged, "\(wrong)")
        let forced = try setup.tool("set", "Localizable.xcstrings", "%lld files in %@", "de", "%lld Dateien in %lld", "--form", "plural.other", "--force")
        #expect(forced.status == 0)
        let right = try setup.tool("set", "Localizable.xcstrings", "%lld files in %@", "de", "%lld Dateien in %@", "--form", "plural.other", "--state", "needs_review")
        #expect(right.status == 0 && right.stdout.contains("set 1 unit"))
        #expect(try setup.tool("check", "Localizable.xcstrings").status == 0)
        // get --format json, edited, back through set --from-json.
        let json = try setup.tool("get", "Localizable.xcstrings", "Save", "--format", "json").stdout
        _ = try setup.directory.write("save.json", Array(json.replacingOccurrences(of: "Salvar", with: "Gravar").utf8))
        #expect(try setup.tool("set", "Localizable.xcstrings", "--from-json", "save.json").status == 0)
        #expect(try setup.tool("get", "Localizable.xcstrings", "Save", "pt-BR").stdout == "Gravar\n")
        let unknown = try setup.tool("set", "Localizable.xcstrings", "Sav", "de", "x")
        #expect(unknown.status == 1 && unknown.stderr.contains("nearest: \"Save\""))
    }

    @Test func pruneListsThenRemovesStaleStringsTheSourcesDoNotName() throws {
        let setup = try Setup()
        defer { setup.directory.remove() }
        _ = try setup.directory.write("Sources/View.swift", Array("Text(\"Used stale\")\n".utf8))
        let listed = try setup.tool("prune", "--sources", "Sources", "Localizable.xcstrings")
        #expect(listed.status == 0 && setup.unchanged, "\(listed)")
        #expect(listed.stdout.contains("would remove 1 string (1 translation)") && listed.stdout.contains("\"Old button\""))
        #expect(listed.stdout.contains("kept, stale but still in the sources: 1 string"))
        let json = try setup.tool("prune", "--sources", "Sources", "--format", "json", "Localizable.xcstrings")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        let catalogs = try #require(document["catalogs"] as? [[String: Any]])
        #expect((catalogs.first?["removals"] as? [[String: Any]])?.first?["key"] as? String == "Old button")
        let written = try setup.tool("prune", "--sources", "Sources", "--write", "Localizable.xcstrings")
        #expect(written.status == 0 && written.stdout.contains("removed 1 string"))
        let keys = try Catalog(bytes: bytes(setup.file)).strings.keys.map(\.string)
        #expect(keys == ["%lld files in %@", "Save", "Used stale"])
        #expect(try setup.tool("prune", "--unused", "Localizable.xcstrings").status == 2)
        #expect(try setup.tool("prune", "--sources", "Nowhere", "Localizable.xcstrings").status == 2)
    }
}
