import Foundation
import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// `diff` through the real binary and git: the two-file form against the fixtures, the
/// repository forms with git's meaning, exit statuses, a broken version, and git's own diff,
/// log and show through the installed diff driver.
@Suite struct DiffCommandTests {
    static let fixtures = Paths.fixtures.appendingPathComponent("diff")

    static func catalog(_ strings: [String: [String: String]]) throws -> [UInt8] {
        try LintCommandTests.catalog(strings)
    }

    /// The command shows each fixture as the library's expected files say (the library is held
    /// to them in `DiffFixtureTests`).
    @Test(arguments: ["added", "rename", "layout-only", "substitution"])
    func theCommandShowsTheFixture(_ name: String) throws {
        let folder = Self.fixtures.appendingPathComponent(name)
        for (format, file) in [("human", "expected.txt"), ("json", "expected.json"), ("markdown", "expected.md")] {
            let run = try runTool(["diff", "old.xcstrings", "new.xcstrings", "--format", format, "--color", "never"], in: folder)
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout == (try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)), "\(name) \(format)")
        }
        let textconv = try runTool(["textconv", "new.xcstrings"], in: folder)
        #expect(textconv.stdout == (try String(contentsOf: folder.appendingPathComponent("expected-textconv.txt"), encoding: .utf8)))
    }

    @Test func exitCodeAndBrokenInput() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let old = try directory.write("old.xcstrings", try Self.catalog(["Save": ["de": "Speichern"]]))
        let same = try directory.write("same.xcstrings", try Self.catalog(["Save": ["de": "Speichern"]]))
        let new = try directory.write("new.xcstrings", try Self.catalog(["Save": ["de": "Sichern"]]))
        #expect(try runTool(["diff", old.path, same.path, "--exit-code"]).status == 0)
        #expect(try runTool(["diff", old.path, new.path, "--exit-code"]).status == 1)
        #expect(try runTool(["diff", old.path, new.path]).status == 0)
        let broken = try directory.write("broken.xcstrings", Array("{\n  \"sourceLanguage\" : \"en\",\n<<<<<<< ours\n".utf8))
        let failed = try runTool(["diff", old.path, broken.path])
        #expect(failed.status == 2)
        #expect(failed.stderr.contains("broken.xcstrings (new):3:1:"), "\(failed.stderr)")
        // A broken old version is named by its own file.
        let brokenOld = try runTool(["diff", broken.path, new.path])
        #expect(brokenOld.status == 2)
        #expect(brokenOld.stderr.contains("broken.xcstrings (old):3:1:"), "\(brokenOld.stderr)")
        let fallback = try runTool(["diff", old.path, broken.path, "--fallback"])
        #expect(fallback.stdout.contains("+<<<<<<< ours"), "\(fallback.stdout)")
    }

    /// The edges real histories reach: a refused version gets no JSON document that reads as
    /// "no change"; `--fallback` names each side by its own file or revision; a key renamed from
    /// NFC to NFD says only the normalization changed; a change of layout alone is no change for
    /// `--exit-code` (unless `--count-layout`); a new or deleted catalog is said to be one.
    @Test func theEdgesOfRealHistories() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let old = try directory.write("old.xcstrings", try Self.catalog(["Save": ["de": "Speichern"]]))
        let broken = try directory.write("broken.xcstrings", Array("{\n  \"sourceLanguage\" : \"en\",\n<<<<<<< ours\n".utf8))
        let json = try runTool(["diff", old.path, broken.path, "--format", "json"])
        #expect(json.status == 2 && json.stdout.isEmpty, "\(json.stdout)")
        let markdown = try runTool(["diff", old.path, broken.path, "--format", "markdown"])
        #expect(markdown.status == 2 && !markdown.stdout.contains("No change"), "\(markdown.stdout)")
        let fallback = try runTool(["diff", "old.xcstrings", "broken.xcstrings", "--fallback"], in: directory.url)
        #expect(fallback.stdout.hasPrefix("diff --git a/old.xcstrings b/broken.xcstrings\n"), "\(fallback.stdout)")
        #expect(fallback.stdout.contains("\n--- a/old.xcstrings\n+++ b/broken.xcstrings\n") && !fallback.stdout.contains("xcstrings-merge-diff-"), "\(fallback.stdout)")

        let nfc = try directory.write("nfc.xcstrings", try Self.catalog(["Caf\u{E9}": ["de": "Caf\u{E9}"]]))
        let nfd = try directory.write("nfd.xcstrings", try Self.catalog(["Cafe\u{301}": ["de": "Caf\u{E9}"]]))
        let renamed = try runTool(["diff", nfc.path, nfd.path])
        #expect(renamed.stdout.contains("(renamed: only the Unicode normalization changed)"), "\(renamed.stdout)")

        let laidOut = try directory.write("laid-out.xcstrings", Array(String(decoding: try bytes(old), as: UTF8.self).replacingOccurrences(of: "  ", with: "    ").utf8))
        #expect(try runTool(["diff", old.path, laidOut.path, "--exit-code"]).status == 0)
        #expect(try runTool(["diff", old.path, laidOut.path, "--exit-code", "--count-layout"]).status == 1)

        // A member added as null reads absent → null; a member added inside a string unit (a
        // comment) is that change, not the unit removed and added again.
        let plain = try directory.write("plain.xcstrings", Array("""
            {"sourceLanguage" : "en", "strings" : {"Hi" : {"localizations" : {"de" : {"stringUnit" : {"state" : "translated", "value" : "Hallo"}}}}}, "version" : "1.0"}
            """.utf8))
        let members = try directory.write("members.xcstrings", Array("""
            {"sourceLanguage" : "en", "strings" : {"Hi" : {"comment" : null, "localizations" : {"de" : {"stringUnit" : {"comment" : "formal", "state" : "translated", "value" : "Hallo"}}}}}, "version" : "1.0"}
            """.utf8))
        let added = try runTool(["diff", plain.path, members.path, "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(added.stdout.utf8)) as? [String: Any])
        let changes = try #require(((document["files"] as? [[String: Any]])?.first?["changes"]) as? [[String: Any]])
        #expect(changes.count == 2, "\(added.stdout)")
        let null = try #require(changes.first { ($0["path"] as? [String]) == ["comment"] })
        #expect(null["old"] == nil && null["new"] is NSNull, "\(null)")
        let unitComment = try #require(changes.first { ($0["path"] as? [String]) == ["stringUnit", "comment"] })
        #expect(unitComment["kind"] as? String == "added" && unitComment["new"] as? String == "formal", "\(unitComment)")
        #expect(try runTool(["diff", plain.path, members.path]).stdout.contains("members.xcstrings: 2 other changes\n"))

        let repo = try GitSandbox()
        defer { repo.remove() }
        try repo.write("Old.xcstrings", try Self.catalog(["Save": ["de": "Speichern"]]))
        try repo.commitAll("first")
        try repo.git("rm", "-q", "Old.xcstrings")
        try repo.write("New.xcstrings", try Self.catalog(["Done": ["de": "Fertig"]]))
        try repo.git("add", "New.xcstrings")
        let staged = try repo.tool(["diff", "--staged"])
        #expect(staged.stdout.contains("New.xcstrings: new catalog; 1 string added") && staged.stdout.contains("Old.xcstrings: deleted catalog; 1 string removed"), "\(staged.stdout)")
        #expect(!staged.stdout.contains("sourceLanguage"), "\(staged.stdout)")
        let fallbackRepo = try repo.tool(["diff", "--staged", "--fallback"])
        #expect(fallbackRepo.status == 0)
    }

    /// In the middle of a merge the index holds three versions of a conflicted catalog: the
    /// working tree is compared with ours (each catalog once, though git lists it twice), and
    /// `--staged` says the catalog is unmerged instead of calling it deleted.
    @Test func aCatalogInTheMiddleOfAMergeIsComparedWithOurs() throws {
        typealias Scenario = GitDriverTests
        let (repo, merge) = try Scenario.merged(
            ours: { Scenario.setting($0, "Save", "de", "Sichern unter") },
            theirs: { Scenario.setting(Scenario.setting($0, "Save", "de", "Speichern"), "Cancel", "de", "Verwerfen") })
        defer { repo.remove() }
        #expect(merge.status != 0)
        let diff = try repo.tool(["diff", "--color", "never"])
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(!diff.stdout.contains("new catalog") && diff.stdout.contains("\"Verwerfen\""), "\(diff.stdout)")
        let staged = try repo.tool(["diff", "--staged"])
        #expect(staged.status == 0 && staged.stderr.contains("is unmerged") && !staged.stdout.contains("deleted"), "\(staged.stdout)\(staged.stderr)")
        // Git's markers in the working file: the error once, not once per side git lists.
        try repo.write(Scenario.path, Array("{\n  \"sourceLanguage\" : \"en\",\n<<<<<<< ours\n".utf8))
        let markers = try repo.tool(["diff"])
        #expect(markers.status == 2)
        #expect(markers.stderr.components(separatedBy: "git conflict marker").count == 2, "\(markers.stderr)")
        // review says the merge fell back to a line merge, and why, instead of "0 decisions".
        try repo.git("merge", "--abort")
        try repo.git("checkout", "-q", "b")
        try repo.write(Scenario.path, Array("{\n  \"sourceLanguage\" : \"en\",\n".utf8))
        try repo.commitAll("broken")
        try repo.git("checkout", "-q", "a")
        #expect(try repo.git("merge", "--no-edit", "b").status != 0)
        let review = try repo.tool(["review"])
        #expect(review.stdout.contains("fell back to git's line merge") && review.stdout.contains("theirs (b)"), "\(review.stdout)")
    }

    /// In a repository, git's meaning: the working tree against the index, --staged the index
    /// against HEAD, one revision, two revisions and A..B; only catalogs.
    @Test func repositoryFormsFollowGit() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        try repo.write("App/L.xcstrings", try Self.catalog(["Save": ["de": "Speichern"], "Cancel": ["de": "Abbrechen"]]))
        try repo.write("notes.txt", Array("one\n".utf8))
        try repo.commitAll("first")
        try repo.write("App/L.xcstrings", try Self.catalog(["Save": ["de": "Sichern"], "Cancel": ["de": "Abbrechen"]]))
        try repo.write("notes.txt", Array("two\n".utf8))
        let unstaged = try repo.tool(["diff", "--color", "never"])
        #expect(unstaged.status == 0, "\(unstaged.stderr)")
        #expect(unstaged.stdout.contains("App/L.xcstrings: 1 translation changed"), "\(unstaged.stdout)")
        #expect(unstaged.stdout.contains("[de]: \"Speichern\" → \"Sichern\""), "\(unstaged.stdout)")
        #expect(!unstaged.stdout.contains("notes.txt"))
        #expect(try repo.tool(["diff", "--staged", "--exit-code"]).status == 0)
        try repo.git("add", "-A")
        #expect(try repo.tool(["diff", "--exit-code"]).status == 0)
        #expect(try repo.tool(["diff", "--staged", "--exit-code"]).status == 1)
        try repo.git("commit", "-q", "-m", "second")
        let between = try repo.tool(["diff", "HEAD~1", "HEAD", "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(between.stdout.utf8)) as? [String: Any])
        let files = try #require(document["files"] as? [[String: Any]])
        #expect(files.first?["path"] as? String == "App/L.xcstrings")
        let change = try #require((files.first?["changes"] as? [[String: Any]])?.first)
        #expect(change["kind"] as? String == "value")
        #expect(change["old"] as? String == "Speichern" && change["new"] as? String == "Sichern")
        #expect(try repo.tool(["diff", "HEAD~1..HEAD", "--exit-code"]).status == 1)
        #expect(try repo.tool(["diff", "--exit-code", "HEAD~1", "--", "App/L.xcstrings"]).status == 1)
        #expect(try repo.tool(["diff", "--exit-code", "HEAD~1", "--", "notes.txt"]).status == 0)
        #expect(try repo.tool(["diff", "nonsense"]).status == 2)
    }

    /// The installed diff driver: git diff, log -p and show read strings; --no-textconv the
    /// JSON; uninstall takes it away.
    @Test func gitShowsCatalogsAsStringsThroughTheDiffDriver() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        #expect(try repo.tool(["install"]).status == 0)
        #expect(try repo.git("config", "diff.xcstrings.textconv").stdout.hasSuffix(" textconv\n"))
        #expect(try repo.git("config", "diff.xcstrings.cachetextconv").stdout == "true\n")
        try repo.write("L.xcstrings", try Self.catalog(["Save": ["de": "Speichern", "fr": "Enregistrer"]]))
        try repo.commitAll("first")
        try repo.write("L.xcstrings", try Self.catalog(["Save": ["de": "Sichern", "fr": "Enregistrer"]]))
        let diff = try repo.git("diff")
        #expect(diff.stdout.contains("-\"Save\" [de]: \"Speichern\" (translated)"), "\(diff.stdout)")
        #expect(diff.stdout.contains("+\"Save\" [de]: \"Sichern\" (translated)"), "\(diff.stdout)")
        #expect(!diff.stdout.contains("\"stringUnit\""))
        let raw = try repo.git("diff", "--no-textconv")
        #expect(raw.stdout.contains("\"value\" : \"Sichern\""), "\(raw.stdout)")
        try repo.commitAll("second")
        let log = try repo.git("log", "-p", "-n", "1")
        #expect(log.stdout.contains("+\"Save\" [de]: \"Sichern\" (translated)"), "\(log.stdout)")
        let show = try repo.git("show", "HEAD~1")
        #expect(show.stdout.contains("+\"Save\" [fr]: \"Enregistrer\" (translated)"), "\(show.stdout)")
        // A tool that writes the keys and languages in another order: git log -p through the
        // driver shows only the string that changed, not the order.
        let reordered = #"{"version" : "1.1", "strings" : {"Save" : {"localizations" : {"fr" : {"stringUnit" : {"value" : "Enregistrer", "state" : "translated"}}, "de" : {"stringUnit" : {"value" : "Sichern", "state" : "translated"}}}}, "Open" : {"localizations" : {"de" : {"stringUnit" : {"state" : "translated", "value" : "Öffnen"}}}}}, "sourceLanguage" : "en"}"#
        try repo.write("L.xcstrings", Array(reordered.utf8))
        try repo.commitAll("third, another tool's order")
        let reorderedLog = try repo.git("log", "-p", "-n", "1", "--format=")
        let changedLines = reorderedLog.stdout.split(separator: "\n").filter { ($0.hasPrefix("+") || $0.hasPrefix("-")) && !$0.hasPrefix("+++") && !$0.hasPrefix("---") }
        #expect(changedLines == ["+\"Open\" [de]: \"Öffnen\" (translated)"], "\(reorderedLog.stdout)")
        // git blame reads the lines too: the German line is the second commit's.
        let blame = try repo.git("blame", "--porcelain", "L.xcstrings")
        #expect(blame.stdout.contains("\t\"Save\" [de]: \"Sichern\" (translated)"), "\(blame.stdout)")
        let doctor = try repo.tool(["doctor"])
        #expect(doctor.stdout.contains("diff driver: "), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("L.xcstrings: active; git diff shows strings"), "\(doctor.stdout)")
        #expect(try repo.git("rev-parse", "--verify", "-q", "refs/notes/textconv/xcstrings").status == 0)
        let uninstall = try repo.tool(["uninstall"])
        #expect(uninstall.status == 0)
        #expect(uninstall.stdout.contains("removed git's textconv cache (refs/notes/textconv/xcstrings)"), "\(uninstall.stdout)")
        #expect(try repo.git("rev-parse", "--verify", "-q", "refs/notes/textconv/xcstrings").status != 0)
        #expect(try repo.git("config", "diff.xcstrings.textconv").status != 0)
        #expect(!(try repo.git("config", "--list").stdout.contains("diff.xcstrings")))
    }

    /// install fills git's textconv cache with every catalog version of the history, in one
    /// process: the first git log -p then starts no converter and prints what it prints without
    /// the cache. Versions added later are converted by git as before, and a second fill keeps
    /// what git added; a cache made for another command is started afresh.
    @Test func theTextconvCacheIsFilledAheadSoTheFirstLogStartsNoConverter() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        try repo.write("L.xcstrings", try Self.catalog(["Save": ["de": "Speichern"]]))
        try repo.write("notes.txt", Array("one\n".utf8))
        try repo.commitAll("first")
        try repo.write("L.xcstrings", try Self.catalog(["Save": ["de": "Sichern", "fr": "Enregistrer"]]))
        try repo.write("App/Deep/M.xcstrings", try Self.catalog(["Open": ["de": "Öffnen"]]))
        try repo.commitAll("second")
        try repo.write("L.xcstrings", Array("not a catalog\n".utf8))  // printed as it is
        try repo.write("notes.txt", Array("two\n".utf8))
        try repo.commitAll("third")
        let install = try repo.tool(["install"])
        #expect(install.status == 0, "\(install.stderr)")
        #expect(install.stdout.contains("git's textconv cache: 4 catalog versions converted"), "\(install.stdout)")
        let command = try repo.git("config", "diff.xcstrings.textconv").stdout.trimmingCharacters(in: .newlines)
        #expect(try repo.git("log", "--format=%s", "-1", "refs/notes/textconv/xcstrings").stdout == command + "\n")
        let uncached = try repo.git("-c", "diff.xcstrings.cachetextconv=false", "log", "-p")
        #expect(uncached.stdout.contains("+\"Save\" [fr]: \"Enregistrer\" (translated)"), "\(uncached.stdout)")
        #expect(try repo.git("log", "-p").stdout == uncached.stdout)

        // A converter that counts its runs, cached under its own command.
        let counter = repo.directory.url.appendingPathComponent("runs")
        let converter = repo.directory.url.appendingPathComponent("converter.sh")
        try Data("#!/bin/sh\necho run >> '\(counter.path)'\nexec '\(Paths.tool.path)' textconv \"$@\"\n".utf8).write(to: converter)
        chmod(converter.path, 0o755)
        try repo.git("config", "diff.xcstrings.textconv", converter.path)
        let refill = try repo.tool(["textconv", "--fill-cache"])
        #expect(refill.status == 0, "\(refill.stderr)")
        // The cache was made for the other command: started afresh, as git would.
        #expect(refill.stdout.hasPrefix("git's textconv cache: 4 catalog versions converted ("), "\(refill.stdout)")
        #expect(try repo.git("log", "-p").stdout == uncached.stdout)
        #expect(!FileManager.default.fileExists(atPath: counter.path), "git started the converter")

        // A later version: git converts it (once) and adds it to the cache; a fill keeps it.
        try repo.write("L.xcstrings", try Self.catalog(["Save": ["de": "Sichern"]]))
        try repo.commitAll("fourth")
        let withLater = try repo.git("log", "-p", "-n", "1")
        #expect(withLater.stdout.contains("-\"Save\" [fr]") == false, "\(withLater.stdout)")
        #expect(withLater.stdout.contains("+\"Save\" [de]: \"Sichern\" (translated)"), "\(withLater.stdout)")
        #expect(try String(contentsOf: counter, encoding: .utf8) == "run\n")
        let again = try repo.tool(["textconv", "--fill-cache"])
        #expect(again.stdout == "git's textconv cache: all 5 catalog versions there already\n", "\(again.stdout)")
        #expect(try repo.tool(["textconv", "--fill-cache", "L.xcstrings"]).status == 2)
        try repo.git("config", "diff.xcstrings.cachetextconv", "false")
        let off = try repo.tool(["textconv", "--fill-cache"])
        #expect(off.status == 2 && off.stderr.contains("diff.xcstrings.cachetextconv"), "\(off.stderr)")
    }
}
