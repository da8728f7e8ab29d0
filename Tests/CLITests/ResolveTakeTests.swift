import Foundation
import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// `resolve --take KEY[@LOCALE]=SIDE` with keys that hold `@`, as every interpolated `%@` key
/// does: the whole text is a key first; `@LOCALE` only names a locale of the conflicts.
@Suite struct ResolveTakeTests {
    typealias Scenario = GitDriverTests
    static let key = "instance.list.posts-%@"

    static func conflictedRepository() throws -> GitSandbox {
        let repo = try GitSandbox()
        #expect(try repo.tool(["install"]).status == 0)
        let base = Scenario.setting(try Scenario.sample(), key, "de", "Beiträge %@")
        let ours = Scenario.setting(Scenario.setting(base, key, "de", "Beiträge von %@"), "Save", "de", "Speichern")
        let theirs = Scenario.setting(Scenario.setting(base, key, "de", "Posts von %@"), "Save", "de", "Sichern unter")
        try Scenario.branches(repo, base: base, ours: ours, theirs: theirs)
        #expect(try repo.git("merge", "--no-edit", "b").status != 0)
        return repo
    }

    static func value(_ repo: GitSandbox, _ key: String) throws -> String? {
        try Catalog(bytes: try repo.read(Scenario.path)).strings[key: UTF8Bytes(key)]?.object?["localizations"]?.object?["de"]?
            .object?["stringUnit"]?.object?["value"]?.stringValue?.string
    }

    @Test(arguments: ["\(key)=theirs", "\(key)@de=theirs"])
    func aKeyWithAnAtSignIsTakenWhole(_ take: String) throws {
        let repo = try Self.conflictedRepository()
        defer { repo.remove() }
        let resolve = try repo.tool(["resolve", "--take", take, "--take", "Save@de=ours"])
        #expect(resolve.status == 0, "\(resolve.stdout)\(resolve.stderr)")
        #expect(try Self.value(repo, Self.key) == "Posts von %@")
        #expect(try Self.value(repo, "Save") == "Speichern")
    }

    @Test func whenNothingMatchesTheNearestKeysAreListed() throws {
        let repo = try Self.conflictedRepository()
        defer { repo.remove() }
        let resolve = try repo.tool(["resolve", "--take", "instance.list.post-%@=theirs"])
        #expect(resolve.status == 2)
        #expect(resolve.stderr.contains("no conflict matches --take instance.list.post-%@=theirs; the nearest conflicted keys: \"\(Self.key)\""), "\(resolve.stderr)")
        // A near key only: "Sve" is Save; nothing is near "Quit", and no unrelated key is named.
        let typo = try repo.tool(["resolve", "--take", "Sve@de=theirs"])
        #expect(typo.stderr.contains("the nearest conflicted keys: \"Save\"\n"), "\(typo.stderr)")
        let far = try repo.tool(["resolve", "--take", "Quit=theirs"])
        #expect(far.status == 2)
        #expect(far.stderr == "xcstrings-merge resolve: no conflict matches --take Quit=theirs\n", "\(far.stderr)")
    }
}

/// What the first day's commands say: no summary that reads as a pass beside an error, no
/// global change without --global, every map line renamed or refused, a file told from a locale.
@Suite struct FirstDayMessageTests {
    @Test func aMissingPathIsNotAPass() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let check = try runTool(["check", directory.file("missing.xcstrings").path], in: directory.url)
        #expect(check.status == 2)
        #expect(check.stdout.contains("no catalog checked; 1 path not read (above)"), "\(check.stdout)")
        for command in ["check", "lint"] {
            let empty = try runTool([command, directory.url.path], in: directory.url)
            #expect(empty.status == 2, "\(command): \(empty.status)")
            #expect(empty.stderr.contains("no catalogs (*.xcstrings) in this folder"), "\(command): \(empty.stderr)")
        }
    }

    /// Outside git, resolve and check cannot help with a manual merge's conflicts: the advice
    /// says what can.
    @Test func aManualMergeOutsideARepositorySaysHowToSettleThere() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = Paths.fixtures.appendingPathComponent("merge/unit-value-both-modified")
        let inputs = try ["base", "ours", "theirs"].map { try directory.write($0 + ".xcstrings", bytes(folder.appendingPathComponent($0 + ".xcstrings"))).path }
        let merge = try runTool(["merge"] + inputs + ["-o", directory.file("out.xcstrings").path], in: directory.url, environment: ["GIT_CEILING_DIRECTORIES": directory.url.deletingLastPathComponent().path])
        #expect(merge.status == 1, "\(merge.stderr)")
        #expect(merge.stderr.contains("--prefer ours or --prefer theirs"), "\(merge.stderr)")
        #expect(!merge.stderr.contains("xcstrings-merge resolve") && !merge.stderr.contains("check (and its pre-commit hook) fails"), "\(merge.stderr)")
    }

    @Test func uninstallOutsideARepositoryNeedsGlobal() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        let outside = repo.directory.file("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        #expect(try run(Paths.tool, ["install", "--global"], in: outside, environment: repo.environment).status == 0)
        let refused = try run(Paths.tool, ["uninstall"], in: outside, environment: repo.environment)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("use --global"), "\(refused.stderr)")
        let config = String(decoding: try bytes(repo.home.appendingPathComponent(".gitconfig")), as: UTF8.self)
        #expect(config.contains("xcstrings"), "the global registration stays")
        let install = try repo.tool(["install"])
        #expect(install.stdout.contains("commit .gitattributes"), "\(install.stdout)")
    }

    @Test func aMapLineStartingWithHashIsAKeyWhenItHasATab() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var catalog = GitDriverTests.setting(try GitDriverTests.sample(), "#%@", "de", "Nr. %@")
        catalog = GitDriverTests.setting(catalog, "Plain", "de", "Einfach")
        let file = try directory.write("L.xcstrings", catalog.canonicalBytes())
        let map = try directory.write("map.tsv", "# a comment\n#%@\tnumber.%@\nPlain\tplain\n")
        let rename = try runTool(["rename-key", "--map", map.path, file.path])
        #expect(rename.status == 0, "\(rename.stderr)")
        let keys = try Catalog(bytes: try bytes(file)).strings.keys.map(\.string)
        #expect(keys.contains("number.%@") && !keys.contains("#%@") && keys.contains("plain"), "\(keys)")
    }

    @Test func removeLocaleTellsAFileFromALocale() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("notcat.json", "{}")
        let remove = try runTool(["remove-locale", "de", file.path])
        #expect(remove.status == 2, "\(remove.stdout)\(remove.stderr)")
        #expect(remove.stderr.contains("not a string catalog"), "the file was read as a file: \(remove.stderr)")
        let catalog = try directory.write("L.xcstrings", try bytes(Paths.fixtures.appendingPathComponent("catalogs/Sample.xcstrings")))
        let before = try bytes(catalog)
        for (typo, meant) in [("pt_BR", nil), ("DE", "de"), ("xx", nil)] as [(String, String?)] {
            let misspelt = try runTool(["remove-locale", typo, catalog.path])
            #expect(misspelt.status == 2, "\(typo): \(misspelt.stdout)\(misspelt.stderr)")
            #expect(misspelt.stderr.contains("\"\(typo)\" is in none of the catalogs"), "\(misspelt.stderr)")
            #expect(misspelt.stderr.contains("their locales: de"), "\(misspelt.stderr)")
            if let meant { #expect(misspelt.stderr.contains("did you mean \"\(meant)\"?"), "\(misspelt.stderr)") }
        }
        #expect(try bytes(catalog) == before)
    }
}

@Suite struct ResolveWithoutATerminalTests {
    @Test func withoutATerminalResolveSaysWhichOptionsSettle() throws {
        let repo = try ResolveTakeTests.conflictedRepository()
        defer { repo.remove() }
        let resolve = try repo.tool(["resolve"])
        #expect(resolve.status == 1)
        #expect(resolve.stderr.contains("standard input is not a terminal") && resolve.stderr.contains("--take KEY[@LOCALE]=SIDE"), "\(resolve.stderr)")
        let missing = try repo.tool(["resolve", "nosuch.xcstrings"])
        #expect(missing.stderr.contains("nosuch.xcstrings: no such file"), "\(missing.stderr)")
    }

    @Test func colourFollowsTheChoice() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let flagged = Paths.fixtures.appendingPathComponent("lint/placeholder-mismatch/flagged.xcstrings").path
        let always = try runTool(["lint", "--color", "always", flagged])
        #expect(always.stdout.contains("\u{1B}["))
        let dumb = try runTool(["lint", "--color", "auto", flagged], environment: ["TERM": "dumb"])
        #expect(!dumb.stdout.contains("\u{1B}["))
        #expect(try runTool(["lint", "--color", "sometimes", flagged]).status == 2)
    }
}

@Suite struct DriverOutputTests {
    /// While git waits, at most 20 conflict lines, then how many more and where to see them.
    @Test func atMostTwentyConflictLines() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var base = try GitDriverTests.sample()
        for i in 0..<25 { base = GitDriverTests.setting(base, "key \(i)", "de", "Wert \(i)") }
        var ours = base, theirs = base
        for i in 0..<25 {
            ours = GitDriverTests.setting(ours, "key \(i)", "de", "Unser \(i)")
            theirs = GitDriverTests.setting(theirs, "key \(i)", "de", "Ihr \(i)")
        }
        let files = try [("base", base), ("ours", ours), ("theirs", theirs)].map { try directory.write($0.0 + ".xcstrings", $0.1.canonicalBytes()).path }
        let merge = try runTool(["merge"] + files + ["--path", "L.xcstrings", "--report", directory.file("r.json").path])
        #expect(merge.status == 1)
        let lines = merge.stderr.split(separator: "\n").filter { $0.hasPrefix("  \"key ") }
        #expect(lines.count == 20, "\(merge.stderr)")
        #expect(merge.stderr.contains("  … and 5 more: xcstrings-merge resolve --list L.xcstrings"), "\(merge.stderr)")
        #expect(merge.stderr.contains("25 unresolved"), "\(merge.stderr)")
    }

    static let paths = ["One/Localizable.xcstrings", "Two/Localizable.xcstrings"]

    /// Two catalogs, each with the same one conflict ("Save" [de]), mid-merge.
    static func twoConflictedCatalogs() throws -> GitSandbox {
        let repo = try GitSandbox()
        #expect(try repo.tool(["install"]).status == 0)
        let paths = Self.paths
        let base = try GitDriverTests.sample()
        for path in paths { try repo.write(path, base.canonicalBytes()) }
        try repo.commitAll("base")
        try repo.git("checkout", "-q", "-b", "b")
        for path in paths { try repo.write(path, GitDriverTests.setting(base, "Save", "de", "Sichern unter").canonicalBytes()) }
        try repo.commitAll("theirs")
        try repo.git("checkout", "-q", "main")
        for path in paths { try repo.write(path, GitDriverTests.setting(base, "Save", "de", "Speichern").canonicalBytes()) }
        try repo.commitAll("ours")
        #expect(try repo.git("merge", "--no-edit", "b").status != 0)
        return repo
    }

    /// The same conflict in two catalogs has two ids: `--take-id` settles the one named.
    @Test func conflictIdsAreUniquePerFile() throws {
        let repo = try Self.twoConflictedCatalogs()
        defer { repo.remove() }
        let paths = Self.paths
        let list = try repo.tool(["resolve", "--list", "--format", "json"])
        let reports = try #require(try JSONSerialization.jsonObject(with: Data(list.stdout.utf8)) as? [[String: Any]])
        let ids = reports.compactMap { ($0["conflicts"] as? [[String: Any]])?.first?["id"] as? String }
        #expect(ids.count == 2 && Set(ids).count == 2, "\(ids)")
        // The driver's report has the id resolve lists.
        let report = try String(contentsOf: repo.root.appendingPathComponent(".git/xcstrings-merge/\(paths[0]).json"), encoding: .utf8)
        #expect(report.contains(ids[0]), "\(report)")
        let take = try repo.tool(["resolve", "--take-id", "\(ids[0])=theirs"])
        #expect(take.status == 1, "the other file stays conflicted: \(take.stdout)\(take.stderr)")
        #expect(take.stdout.contains("resolved \(paths[0])"), "\(take.stdout)")
        #expect(try repo.git("diff", "--name-only", "--diff-filter=U").stdout.trimmingCharacters(in: .whitespacesAndNewlines) == paths[1])
    }

    /// The prompt counts in the file and in all: one conflict in each of two files is 1 of 1
    /// in each, and 1 and 2 of 2 in all.
    @Test func thePromptCountsPerFileAndInAll() throws {
        let repo = try Self.twoConflictedCatalogs()
        defer { repo.remove() }
        let resolve = try repo.tool(["resolve", "--interactive"], input: "o\no\n")
        #expect(resolve.status == 0, "\(resolve.stdout)\(resolve.stderr)")
        #expect(resolve.stdout.contains("Conflict 1 of 1 in \(Self.paths[0]) (1 of 2 in all)"), "\(resolve.stdout)")
        #expect(resolve.stdout.contains("Conflict 1 of 1 in \(Self.paths[1]) (2 of 2 in all)"), "\(resolve.stdout)")
    }
}

/// A key written in another case, or nearly: rename-key says which key was meant.
@Suite struct KeySuggestionTests {
    @Test func renameKeySuggestsTheKeyMeant() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("L.xcstrings", simpleCatalog(["Settings": ["de": "Einstellungen"], "Save": ["de": "Sichern"]]))
        let result = try runTool(["rename-key", "settings", "prefs", file.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("\"settings\" is in none of the catalogs; did you mean \"Settings\"?"), "\(result.stderr)")
    }
}
