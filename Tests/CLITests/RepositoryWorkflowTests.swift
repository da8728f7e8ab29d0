import Foundation
import Testing
@testable import xcstrings_merge
import MergeSession
import StringCatalog
import XcstringsMergeTestSupport

/// install, uninstall, doctor, resolve and repository-wide check, on real repositories.
@Suite struct RepositoryWorkflowTests {
    typealias Scenario = GitDriverTests

    static func sample() throws -> Catalog { try Scenario.sample() }

    /// A repository where branch a (checked out) and branch b changed "Save" [de] and
    /// "Cancel" [de] differently.
    static func twoConflicts(_ repo: GitSandbox, path: String = Scenario.path) throws {
        let base = try sample()
        let ours = Scenario.setting(Scenario.setting(base, "Save", "de", "Speichern"), "Cancel", "de", "Stornieren")
        let theirs = Scenario.setting(Scenario.setting(base, "Save", "de", "Sichern unter"), "Cancel", "de", "Abbruch")
        try Scenario.branches(repo, base: base, ours: ours, theirs: theirs, path: path)
    }

    static func unit(_ bytes: [UInt8], _ key: String, _ locale: String) throws -> JSONObject? {
        let catalog = try Catalog(bytes: bytes)
        return catalog.strings[key: UTF8Bytes(key)]?.object?["localizations"]?.object?[key: UTF8Bytes(locale)]?.object?["stringUnit"]?.object
    }

    @Test func installMakesGitMergeUseTheDriverAndIsIdempotent() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        let first = try repo.tool(["install"])
        #expect(first.status == 0)
        #expect(first.stdout.contains("set merge.xcstrings.driver"))
        #expect(first.stdout.contains("added '*.xcstrings merge=xcstrings'"))
        let second = try repo.tool(["install"])
        #expect(second.stdout.contains("already installed"))
        #expect(String(decoding: try repo.read(".gitattributes"), as: UTF8.self) == "*.xcstrings merge=xcstrings\n*.xcstrings diff=xcstrings\n")
        let driver = try repo.git("config", "merge.xcstrings.driver").stdout
        #expect(driver.hasPrefix("/"), "absolute path: \(driver)")

        let base = try Self.sample()
        try GitDriverTests.branches(
            repo, base: base,
            ours: Scenario.setting(Scenario.setting(base, "Cancel", "de", "Abbruch"), "Copy", "en", "Copy"),
            theirs: Scenario.setting(Scenario.setting(base, "Cancel", "es", "Anular"), "Cut", "en", "Cut"))
        let merge = try repo.git("merge", "--no-edit", "b")
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stderr.contains("xcstrings-merge:"))

        let doctor = try repo.tool(["doctor"])
        #expect(doctor.status == 0, "\(doctor.stdout)")
        #expect(doctor.stdout.contains("\(Scenario.path): active"))
    }

    @Test func uninstallRestoresConfigAndAttributesByteForByte() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        try repo.write(".gitattributes", Array("*.png binary\n*.strings diff\n".utf8))
        let configBefore = try repo.read(".git/config")
        let attributesBefore = try repo.read(".gitattributes")
        #expect(try repo.tool(["install", "--local"]).status == 0)
        #expect(try repo.read(".git/config") != configBefore)
        #expect(try repo.tool(["uninstall"]).status == 0)
        #expect(try repo.read(".git/config") == configBefore)
        #expect(try repo.read(".gitattributes") == attributesBefore)
        #expect(try repo.tool(["uninstall"]).stdout.contains("nothing to remove"))

        // Without a .gitattributes before, none after.
        try FileManager.default.removeItem(at: repo.root.appendingPathComponent(".gitattributes"))
        #expect(try repo.tool(["install"]).status == 0)
        #expect(try repo.tool(["uninstall"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: repo.root.appendingPathComponent(".gitattributes").path))
        #expect(try repo.read(".git/config") == configBefore)
    }

    @Test func globalInstallWritesTheUsersConfigAndAttributes() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        #expect(try repo.tool(["install", "--global"]).status == 0)
        let gitconfig = repo.home.appendingPathComponent(".gitconfig")
        let attributes = repo.home.appendingPathComponent(".config/git/attributes")
        #expect(String(decoding: try Data(contentsOf: attributes), as: UTF8.self) == "*.xcstrings merge=xcstrings\n*.xcstrings diff=xcstrings\n")
        #expect(try repo.git("config", "--global", "merge.xcstrings.driver").stdout.contains(" merge %O %A %B --path %P"))
        let doctor = try repo.tool(["doctor"])
        #expect(doctor.stdout.contains("driver: "))
        #expect(try repo.tool(["uninstall", "--global"]).status == 0)
        #expect(!FileManager.default.fileExists(atPath: gitconfig.path))
        #expect(!FileManager.default.fileExists(atPath: attributes.path))
    }

    @Test func doctorExplainsWhatIsMissing() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        try repo.write("L.xcstrings", try Self.sample().canonicalBytes())
        try repo.commitAll("catalog")
        let doctor = try repo.tool(["doctor"])
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("driver: not configured"))
        #expect(doctor.stdout.contains("L.xcstrings: not active"))
        #expect(doctor.stdout.contains("git: 2."))
    }

    @Test func resolveTheirsClearsTheConflict() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        #expect(try repo.tool(["install"]).status == 0)
        try Self.twoConflicts(repo)
        #expect(try repo.git("merge", "--no-edit", "b").status != 0)
        let list = try repo.tool(["resolve", "--list"])
        #expect(list.status == 1)
        #expect(list.stdout.contains("2 conflicts"))
        #expect(list.stdout.contains("\"Save\" [de] stringUnit: both-modified"), "\(list.stdout)")
        #expect(GitOperationTests.shows(list.stdout, "ours (a)", "\"Speichern\"") && GitOperationTests.shows(list.stdout, "theirs (b)", "\"Sichern unter\""), "\(list.stdout)")

        let resolve = try repo.tool(["resolve", "--theirs"])
        #expect(resolve.status == 0, "\(resolve.stdout) \(resolve.stderr)")
        #expect(try repo.git("ls-files", "-u").stdout.isEmpty)
        let bytes = try repo.read(Scenario.path)
        let expected = Scenario.setting(Scenario.setting(Scenario.setting(try Self.sample(), "Save", "de", "Sichern unter"), "Cancel", "de", "Abbruch"), "Save", "de", "Sichern unter")
        #expect(bytes == expected.canonicalBytes())
        #expect(try repo.git("commit", "-q", "--no-edit").status == 0)
    }

    /// After a merge that followed a rename, `resolve --list` names the rename; a conflict on a
    /// whole entry lists what each side changed in it.
    @Test(arguments: [
        ("renamed-key--conflict-inside", ["\"Cancel\" was renamed to \"action.cancel\" by ours"]),
        ("deleted-one-side--changed-on-the-other", ["ours (a) deleted it", "[fr] stringUnit", "theirs (b): (absent) → \"Terminé\" (translated)"]),
    ])
    func resolveListShowsRenamesAndWhatChanged(_ fixture: String, _ expected: [String]) throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        #expect(try repo.tool(["install"]).status == 0)
        let folder = Paths.fixtures.appendingPathComponent("merge/\(fixture)")
        func side(_ name: String) throws -> Catalog { try Catalog(bytes: try bytes(folder.appendingPathComponent("\(name).xcstrings"))) }
        try Scenario.branches(repo, base: try side("base"), ours: try side("ours"), theirs: try side("theirs"))
        #expect(try repo.git("merge", "--no-edit", "b").status != 0)
        let list = try repo.tool(["resolve", "--list"])
        #expect(list.status == 1)
        for line in expected { #expect(list.stdout.contains(line), "\(list.stdout)") }
    }

    @Test func resolveTakeSettlesOneConflictAtATime() throws {
        let repo = try Self.mergedWithTwoConflicts()
        defer { repo.remove() }
        let first = try repo.tool(["resolve", "--take", "Save@de=theirs"])
        #expect(first.status == 1)
        #expect(first.stdout.contains("1 conflict left; not staged"))
        #expect(!(try repo.git("ls-files", "-u").stdout.isEmpty))
        #expect(try Self.unit(try repo.read(Scenario.path), "Save", "de")?["value"] == "Sichern unter")
        #expect(try Self.unit(try repo.read(Scenario.path), "Cancel", "de")?["state"] == "needs_review")

        let unmatched = try repo.tool(["resolve", "--take", "Nope=ours"])
        #expect(unmatched.status == 2)
        #expect(unmatched.stderr.contains("no conflict matches --take Nope=ours"))

        let second = try repo.tool(["resolve", "--take", "Cancel=ours"])
        #expect(second.status == 0, "\(second.stdout) \(second.stderr)")
        #expect(try repo.git("ls-files", "-u").stdout.isEmpty)
        let bytes = try repo.read(Scenario.path)
        #expect(try Self.unit(bytes, "Save", "de")?["value"] == "Sichern unter")
        #expect(try Self.unit(bytes, "Cancel", "de")?["value"] == "Stornieren")
        #expect(try Self.unit(bytes, "Cancel", "de")?["state"] == "translated")
    }

    @Test func resolveRescuesALineMergeFullOfMarkers() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        try Self.twoConflicts(repo)
        #expect(try repo.git("merge", "--no-edit", "b").status != 0)
        let marked = String(decoding: try repo.read(Scenario.path), as: UTF8.self)
        #expect(marked.contains("<<<<<<<"))
        let check = try repo.tool(["check"])
        #expect(check.status == 1)
        #expect(check.stdout.contains("git conflict marker"))

        let resolve = try repo.tool(["resolve", "--ours"])
        #expect(resolve.status == 0, "\(resolve.stdout) \(resolve.stderr)")
        #expect(try repo.git("ls-files", "-u").stdout.isEmpty)
        let bytes = try repo.read(Scenario.path)
        #expect(try Self.unit(bytes, "Save", "de")?["value"] == "Speichern")
        #expect(try repo.tool(["check"]).status == 0)
    }

    /// A repository with the driver installed, in a merge of `b` that left two conflicts.
    static func mergedWithTwoConflicts() throws -> GitSandbox {
        let repo = try GitSandbox()
        #expect(try repo.tool(["install"]).status == 0)
        try twoConflicts(repo)
        _ = try repo.git("merge", "--no-edit", "b")
        return repo
    }

    /// The working file as the merge left it, with `edit` applied (a catalog; `edit` sets values).
    static func editMerged(_ repo: GitSandbox, _ edits: [(String, String, String)]) throws -> [UInt8] {
        var catalog = try Catalog(bytes: try repo.read(Scenario.path))
        for (key, locale, value) in edits { catalog = Scenario.setting(catalog, key, locale, value) }
        let bytes = catalog.canonicalBytes()
        try repo.write(Scenario.path, bytes)
        return bytes
    }

    /// Edits made in the file since the merge are kept: the answers are merged around them, the
    /// keys edited are named, and a conflict settled by editing its place is settled.
    @Test func resolveKeepsTheEditsMadeSinceTheMergeAndNamesTheirKeys() throws {
        let repo = try Self.mergedWithTwoConflicts()
        defer { repo.remove() }
        // "Done" is no conflict; "Save" is one, settled here by hand.
        _ = try Self.editMerged(repo, [("Done", "fr", "Fini"), ("Save", "de", "Von Hand")])

        let list = try repo.tool(["resolve", "--list"])
        #expect(list.stdout.contains("\(Scenario.path): 1 conflict (1 more settled by editing the file)"), "\(list.stdout)")
        #expect(list.stdout.contains("\"Cancel\" [de]") && !list.stdout.contains("\"Save\" [de]"), "\(list.stdout)")

        let resolve = try repo.tool(["resolve", "--theirs"])
        #expect(resolve.status == 0, "\(resolve.stdout) \(resolve.stderr)")
        #expect(resolve.stderr.contains("kept the edits made since the merge (2 strings: \"Done\", \"Save\")"), "\(resolve.stderr)")
        #expect(resolve.stdout.contains("(2 conflicts settled, 1 by editing the file) and staged it"), "\(resolve.stdout)")
        #expect(try repo.git("ls-files", "-u").stdout.isEmpty)
        let bytes = try repo.read(Scenario.path)
        #expect(try Self.unit(bytes, "Save", "de")?["value"] == "Von Hand")
        #expect(try Self.unit(bytes, "Done", "fr")?["value"] == "Fini")
        #expect(try Self.unit(bytes, "Cancel", "de")?["value"] == "Abbruch")
        #expect(try repo.tool(["check"]).status == 0)
    }

    /// Every conflict settled in the file: `--list` says to stage it, `resolve` stages it as it is.
    @Test func conflictsSettledByEditingTheFileAreOnlyLeftToStage() throws {
        let repo = try Self.mergedWithTwoConflicts()
        defer { repo.remove() }
        let edited = try Self.editMerged(repo, [("Save", "de", "Sichern"), ("Cancel", "de", "Abbrechen")])
        #expect(try repo.tool(["check"]).status == 0)
        let list = try repo.tool(["resolve", "--list"])
        #expect(list.stdout == "\(Scenario.path): 2 conflicts settled by editing the file since the merge; stage it: git add \(Scenario.path)\n", "\(list.stdout)")
        #expect(list.status == 1)
        let resolve = try repo.tool(["resolve"])
        #expect(resolve.status == 0, "\(resolve.stdout) \(resolve.stderr)")
        #expect(resolve.stdout.contains("(2 conflicts settled by editing the file) and staged it"), "\(resolve.stdout)")
        #expect(try repo.read(Scenario.path) == edited)
        #expect(try repo.git("ls-files", "-u").stdout.isEmpty)
    }

    /// A choice named for a place edited by hand meets the edit: refused, naming exactly the
    /// keys edited; `--force` takes the choice there, keeps the other edits, and keeps a copy.
    @Test func aChoiceThatMeetsAnEditNeedsForceAndNamesTheEditedKeys() throws {
        let repo = try Self.mergedWithTwoConflicts()
        defer { repo.remove() }
        let edited = try Self.editMerged(repo, [("Done", "fr", "Fini"), ("Save", "de", "Von Hand")])
        let refused = try repo.tool(["resolve", "--take", "Save=theirs", "--take", "Cancel=ours"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("was edited since the merge (2 strings: \"Done\", \"Save\"), and your choices settle \"Save\" [de] stringUnit too; rerun with --force"), "\(refused.stderr)")
        #expect(try repo.read(Scenario.path) == edited)

        let forced = try repo.tool(["resolve", "--take", "Save=theirs", "--take", "Cancel=ours", "--force"])
        #expect(forced.status == 0, "\(forced.stdout) \(forced.stderr)")
        #expect(forced.stderr.contains("--force takes your choices over the edits at \"Save\" [de] stringUnit (2 strings edited: \"Done\", \"Save\")"), "\(forced.stderr)")
        let bytes = try repo.read(Scenario.path)
        #expect(try Self.unit(bytes, "Save", "de")?["value"] == "Sichern unter")
        #expect(try Self.unit(bytes, "Done", "fr")?["value"] == "Fini")
        let copy = repo.root.appendingPathComponent(".git/xcstrings-merge/\(Scenario.path).edited")
        #expect(forced.stderr.contains("the edited file is kept as "), "\(forced.stderr)")
        #expect(try Array(Data(contentsOf: copy)) == edited)
    }

    /// An edit that left no catalog is not merged: refused, and `--force` overwrites it (kept).
    @Test func anEditThatLeftNoCatalogIsOverwrittenOnlyWithForce() throws {
        let repo = try Self.mergedWithTwoConflicts()
        defer { repo.remove() }
        let broken = Array("{ \"sourceLanguage\" : \"en\", \"strings\" : { ".utf8)
        try repo.write(Scenario.path, broken)
        let refused = try repo.tool(["resolve", "--theirs"])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("was edited since the merge and is no valid catalog now"), "\(refused.stderr)")
        #expect(try repo.read(Scenario.path) == broken)
        let forced = try repo.tool(["resolve", "--theirs", "--force"])
        #expect(forced.status == 0, "\(forced.stdout) \(forced.stderr)")
        #expect(forced.stderr.contains("--force discards the edits made since the merge"), "\(forced.stderr)")
        #expect(try Self.unit(try repo.read(Scenario.path), "Save", "de")?["value"] == "Sichern unter")
    }

    /// A merge committed with its conflicts unsettled (`git commit --no-verify`): `review` and
    /// `resolve --list` name them and how to settle them now; `resolve` does, for a new commit.
    @Test func conflictsCommittedUnsettledAreNamedAndSettledAfterwards() throws {
        let repo = try Self.mergedWithTwoConflicts()
        defer { repo.remove() }
        try repo.git("add", Scenario.path)
        #expect(try repo.git("commit", "-q", "--no-verify", "--no-edit").status == 0)

        let review = try repo.tool(["review", "--no-pager"])
        #expect(review.stdout.contains("2 conflicts committed unsettled"), "\(review.stdout)")
        #expect(review.stdout.contains("settle them with xcstrings-merge resolve \(Scenario.path), then commit"), "\(review.stdout)")
        #expect(GitOperationTests.shows(review.stdout, "theirs (b)", "\"Sichern unter\""), "\(review.stdout)")
        let json = try repo.tool(["review", "--format", "json"])
        let reviewed = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect((reviewed.first?["unsettled"] as? [Any])?.count == 2, "\(json.stdout)")

        let list = try repo.tool(["resolve", "--list"])
        #expect(list.status == 1)
        #expect(list.stdout.contains("\(Scenario.path): 2 conflicts left unsettled in the merge commit HEAD (committed with --no-verify)"), "\(list.stdout)")
        #expect(list.stdout.contains("xcstrings-merge resolve \(Scenario.path) && git commit"), "\(list.stdout)")

        let resolve = try repo.tool(["resolve", "--theirs"])
        #expect(resolve.status == 0, "\(resolve.stdout) \(resolve.stderr)")
        #expect(resolve.stdout.contains("commit it to settle the merge"), "\(resolve.stdout)")
        #expect(try Self.unit(try repo.read(Scenario.path), "Cancel", "de")?["value"] == "Abbruch")
        #expect(try repo.git("commit", "-q", "-m", "Settle the merge's conflicts").status == 0)
        #expect(try repo.tool(["resolve", "--list"]).stdout == "no conflicted catalogs\n")
    }

    /// A resolve stopped after writing the catalog and before staging it (killed; here the index
    /// is locked) leaves its own output in the working file: a rerun takes it for its own, not
    /// for an edit, and finishes the job, with or without the choice given again.
    @Test(arguments: [["resolve", "--theirs"], ["resolve"]])
    func aResolveStoppedBeforeStagingIsFinishedByItsRerun(rerun: [String]) throws {
        let repo = try Self.mergedWithTwoConflicts()
        defer { repo.remove() }
        let lock = repo.root.appendingPathComponent(".git/index.lock")
        try Data().write(to: lock)
        let stopped = try repo.tool(["resolve", "--theirs"])
        #expect(stopped.status == 2, "\(stopped.stdout) \(stopped.stderr)")
        #expect(try Self.unit(try repo.read(Scenario.path), "Save", "de")?["value"] == "Sichern unter")
        #expect(!(try repo.git("ls-files", "-u").stdout.isEmpty))
        try FileManager.default.removeItem(at: lock)

        let again = try repo.tool(rerun)
        #expect(again.status == 0, "\(again.stdout) \(again.stderr)")
        #expect(try repo.git("ls-files", "-u").stdout.isEmpty)
        let bytes = try repo.read(Scenario.path)
        #expect(try Self.unit(bytes, "Save", "de")?["value"] == "Sichern unter")
        #expect(try Self.unit(bytes, "Cancel", "de")?["value"] == "Abbruch")
    }

    @Test func resolveRefusesOutsideARepositoryAndForPathsNotConflicted() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let outside = try run(Paths.tool, ["resolve"], in: directory.url, environment: ["GIT_CEILING_DIRECTORIES": directory.url.deletingLastPathComponent().path])
        #expect(outside.status == 2)
        #expect(outside.stderr.contains("not inside a git repository"))

        let repo = try GitSandbox()
        defer { repo.remove() }
        try repo.write("L.xcstrings", try Self.sample().canonicalBytes())
        try repo.commitAll("catalog")
        let notConflicted = try repo.tool(["resolve", "L.xcstrings"])
        #expect(notConflicted.status == 2)
        #expect(notConflicted.stderr.contains("L.xcstrings is not conflicted"))
        #expect(try repo.tool(["resolve"]).stdout.contains("no conflicted catalogs"))
    }

    @Test func interactiveResolveFromAScriptedStandardInput() throws {
        let repo = try Self.mergedWithTwoConflicts()
        defer { repo.remove() }

        // Quit without keeping: nothing changes.
        let before = try repo.read(Scenario.path)
        let quit = try repo.tool(["resolve", "--interactive"], input: "t\nq\nn\n")
        #expect(quit.status == 1)
        #expect(quit.stdout.contains("Keep the 1 answer given so far? [y/N]"))
        #expect(try repo.read(Scenario.path) == before)

        // Answer the first, skip the second.
        let first = try repo.tool(["resolve", "--interactive"], input: "t\ns\n")
        #expect(first.stdout.contains("Conflict 1 of 2 in \(Scenario.path)"))
        #expect(first.stdout.contains("ours (a):"))
        #expect(first.stdout.contains("theirs (b):"))
        #expect(first.stdout.contains("[o]urs [t]heirs [b]ase [e]dit [s]kip [q]uit?"))
        #expect(first.status == 1)
        #expect(!(try repo.git("ls-files", "-u").stdout.isEmpty))

        // The earlier answer is kept; only the skipped conflict is asked again.
        // Edit the value in $EDITOR (a script standing in for a person).
        let editor = repo.directory.url.appendingPathComponent("editor.sh")
        try Data("#!/bin/sh\nprintf '{\"state\" : \"translated\", \"value\" : \"Edited\"}' > \"$1\"\n".utf8).write(to: editor)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: editor.path)
        var environment = repo.environment
        // Through sh: a script just written can be busy to exec (see EditorTests).
        environment["EDITOR"] = "/bin/sh '\(editor.path)'"
        environment["VISUAL"] = "/bin/sh '\(editor.path)'"
        let second = try run(Paths.tool, ["resolve", "--interactive"], in: repo.root, input: "e\n", environment: environment)
        #expect(second.stdout.contains("Conflict 1 of 1"))
        #expect(second.status == 0, "\(second.stdout) \(second.stderr)")
        #expect(try repo.git("ls-files", "-u").stdout.isEmpty)
        let bytes = try repo.read(Scenario.path)
        #expect(try Self.unit(bytes, "Cancel", "de")?["value"] == "Abbruch")
        #expect(try Self.unit(bytes, "Save", "de")?["value"] == "Edited")
    }

    @Test func checkCoversTrackedCatalogsAndStagedVersions() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        let good = try Self.sample().canonicalBytes()
        try repo.write("A/One.xcstrings", good)
        try repo.write("B/Two.xcstrings", good)
        try repo.write("Untracked.xcstrings", Array("{".utf8))
        try repo.git("add", "A", "B")
        try repo.git("commit", "-q", "-m", "catalogs")
        let all = try repo.tool(["check"])
        #expect(all.status == 0, "\(all.stdout)")
        #expect(all.stdout.contains("2 catalogs checked, 0 failed"))

        // Stage a broken version, then fix the working file: --staged sees the staged one.
        var broken = good
        broken.append(contentsOf: Array("\n}".utf8))
        try repo.write("A/One.xcstrings", broken)
        try repo.git("add", "A/One.xcstrings")
        try repo.write("A/One.xcstrings", good)
        let staged = try repo.tool(["check", "--staged"])
        #expect(staged.status == 1)
        #expect(staged.stdout.contains("A/One.xcstrings:"))
        #expect(staged.stdout.contains("after the end of the top-level value"))
        #expect(try repo.tool(["check"]).status == 0)

        // As a pre-commit hook.
        try repo.write(".git/hooks/pre-commit", Array("#!/bin/sh\nexec '\(Paths.tool.path)' check --staged\n".utf8))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: repo.root.appendingPathComponent(".git/hooks/pre-commit").path)
        #expect(try repo.git("commit", "-q", "-m", "broken").status != 0)
        try repo.write("A/One.xcstrings", Scenario.setting(try Self.sample(), "Done", "fr", "Fini").canonicalBytes())
        try repo.git("add", "A/One.xcstrings")
        let fixed = try repo.git("commit", "-q", "-m", "fixed")
        #expect(fixed.status == 0, "\(fixed.stdout) \(fixed.stderr)")
    }

    @Test func preCommitFrameworkRunsTheHook() throws {
        let which = try run(URL(fileURLWithPath: "/usr/bin/env"), ["which", "pre-commit"])
        guard which.status == 0 else {
            print("pre-commit is not installed (pip install pre-commit); skipping the pre-commit framework test")
            return
        }
        let preCommit = which.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        let repo = try GitSandbox()
        defer { repo.remove() }
        try repo.write("L.xcstrings", try Self.sample().canonicalBytes())
        try repo.write("Broken.xcstrings", Array("{\"a\" : 1,}".utf8))
        try repo.git("add", "-A")
        var environment = repo.environment
        environment["PATH"] = Paths.tool.deletingLastPathComponent().path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        environment["PRE_COMMIT_HOME"] = repo.home.appendingPathComponent("pre-commit").path
        // pre-commit needs the hooks repository committed: use a clone of this package's HEAD plus
        // the hooks file as it is in the working tree.
        let hooksRepo = repo.directory.url.appendingPathComponent("hooks")
        try FileManager.default.createDirectory(at: hooksRepo, withIntermediateDirectories: true)
        try Data(contentsOf: Paths.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml"))
            .write(to: hooksRepo.appendingPathComponent(".pre-commit-hooks.yaml"))
        for arguments in [["init", "-q", "-b", "main"], ["add", "-A"], ["-c", "user.name=T", "-c", "user.email=t@t", "commit", "-q", "-m", "hooks"]] {
            try run(Paths.git, arguments, in: hooksRepo, environment: repo.environment)
        }
        let failing = try run(URL(fileURLWithPath: preCommit), ["try-repo", hooksRepo.path, "xcstrings-check", "--all-files"], in: repo.root, environment: environment)
        #expect(failing.status == 1, "\(failing.stdout) \(failing.stderr)")
        #expect(failing.stdout.contains("Broken.xcstrings:1:10: error: trailing comma before '}'"))
        try repo.git("rm", "-q", "--cached", "Broken.xcstrings")
        try FileManager.default.removeItem(at: repo.root.appendingPathComponent("Broken.xcstrings"))
        let passing = try run(URL(fileURLWithPath: preCommit), ["try-repo", hooksRepo.path, "xcstrings-check", "--all-files"], in: repo.root, environment: environment)
        #expect(passing.status == 0, "\(passing.stdout) \(passing.stderr)")
    }

    @Test func demoRunsAndLeavesNothingBehind() throws {
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("xcstrings-merge-demo") })
        let demo = try runTool(["demo"])
        #expect(demo.status == 0, "\(demo.stdout) \(demo.stderr)")
        #expect(demo.stdout.contains("git merge without the driver: CONFLICT"))
        #expect(demo.stdout.contains("git merge with the driver: clean"))
        #expect(demo.stdout.contains("a valid catalog, byte for byte as Xcode writes it"))
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: NSTemporaryDirectory()).filter { $0.hasPrefix("xcstrings-merge-demo") })
        #expect(after == before)
    }

    @Test func demoCatalogIsTheSampleFixture() throws {
        let fixture = try bytes(Paths.fixtures.appendingPathComponent("catalogs/Sample.xcstrings"))
        #expect(Demonstration.catalog.canonicalBytes() == Array(fixture))
    }
}
