import Foundation
import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// A conflicted merge leaves a valid catalog (ours' value marked needs_review, theirs' only in
/// the report), so nothing in the file stops `git add && git commit`: `check` does, while the
/// merge is in progress, until each conflict is settled.
@Suite struct UnresolvedConflictTests {
    typealias Scenario = GitDriverTests
    typealias Workflow = RepositoryWorkflowTests

    /// A repository with the driver installed, mid-merge with two conflicts (Save and Cancel
    /// in German), the result staged.
    static func stagedConflictedMerge() throws -> GitSandbox {
        let repo = try GitSandbox()
        #expect(try repo.tool(["install"]).status == 0)
        try Workflow.twoConflicts(repo)
        let merge = try repo.git("merge", "--no-edit", "b")
        #expect(merge.status != 0)
        #expect(merge.stderr.contains("2 unresolved: until each is settled, xcstrings-merge check"), "\(merge.stderr)")
        try repo.git("add", "-A")
        return repo
    }

    @Test(arguments: [["check", "--staged"], ["check"], ["check", Scenario.path]])
    func checkFailsOnEachUnsettledConflict(arguments: [String]) throws {
        let repo = try Self.stagedConflictedMerge()
        defer { repo.remove() }
        let check = try repo.tool(arguments)
        #expect(check.status == 1, "\(check.stdout)\(check.stderr)")
        let lines = check.stdout.split(separator: "\n").filter { $0.contains("unresolved merge conflict") }
        #expect(lines.count == 2, "\(check.stdout)")
        #expect(check.stdout.contains("\(Scenario.path):"), "\(check.stdout)")
        #expect(check.stdout.contains("error: unresolved merge conflict: \"Save\" [de]: ours (a) \"Speichern\" / theirs (b) \"Sichern unter\"; run xcstrings-merge resolve"), "\(check.stdout)")
    }

    /// A report of a newer format than this tool reads cannot say whether its conflicts are
    /// settled: `check` fails on it by name, `review` says so, and neither skips it silently.
    @Test func aReportOfANewerFormatIsAnErrorNotASilentPass() throws {
        let repo = try Self.stagedConflictedMerge()
        defer { repo.remove() }
        let report = repo.root.appendingPathComponent(".git/xcstrings-merge/\(Scenario.path).json")
        let text = try String(contentsOf: report, encoding: .utf8).replacingOccurrences(of: "\"version\" : 1", with: "\"version\" : 9")
        try text.write(to: report, atomically: true, encoding: .utf8)
        let check = try repo.tool(["check", "--staged"])
        #expect(check.status == 1 && check.stdout.contains("format version 9, newer than this xcstrings-merge reads (1)"), "\(check.stdout)")
        let review = try repo.tool(["review"])
        #expect(review.status == 2 && review.stderr.contains("cannot read its merge report"), "\(review.stderr)")
    }

    @Test func aCommitThroughTheHookStopsUntilTheConflictsAreSettled() throws {
        let repo = try Self.stagedConflictedMerge()
        defer { repo.remove() }
        let hook = try repo.tool(["install", "--hook"])
        #expect(hook.status == 0, "\(hook.stderr)")
        #expect(hook.stdout.contains("wrote the pre-commit hook"), "\(hook.stdout)")
        let blocked = try repo.git("commit", "--no-edit")
        #expect(blocked.status != 0, "\(blocked.stdout)")
        #expect((blocked.stdout + blocked.stderr).contains("unresolved merge conflict"))
        // Settled by hand, as in Xcode: one value edited, the other's state changed.
        var catalog = try Catalog(bytes: try repo.read(Scenario.path))
        catalog = Scenario.setting(catalog, "Save", "de", "Sichern unter")
        var strings = catalog.strings
        strings.modifyObject("Cancel") { entry in
            entry.modifyObject("localizations") { $0.modifyObject("de") { $0.modifyObject("stringUnit") { $0[key: "state"] = "translated" } } }
        }
        catalog.strings = strings
        try repo.write(Scenario.path, catalog.canonicalBytes())
        try repo.git("add", "-A")
        #expect(try repo.tool(["check", "--staged"]).status == 0)
        let commit = try repo.git("commit", "--no-edit")
        #expect(commit.status == 0, "\(commit.stdout)\(commit.stderr)")
        // After the commit, the report belongs to a merge that is over.
        #expect(try repo.tool(["check"]).status == 0)
    }

    @Test func settlingWithResolveLetsTheCommitThrough() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        #expect(try repo.tool(["install"]).status == 0)
        try Workflow.twoConflicts(repo)
        #expect(try repo.git("merge", "--no-edit", "b").status != 0)
        #expect(try repo.tool(["check"]).status == 1)
        #expect(try repo.tool(["resolve", "--theirs"]).status == 0)
        let check = try repo.tool(["check", "--staged"])
        #expect(check.status == 0, "\(check.stdout)")
    }

    @Test func anAbortedMergeLeavesNothingToReport() throws {
        let repo = try Self.stagedConflictedMerge()
        defer { repo.remove() }
        #expect(try repo.tool(["check"]).status == 1)
        #expect(try repo.git("merge", "--abort").status == 0)
        // The report is still in the git directory, but its merge is over.
        #expect(FileManager.default.fileExists(atPath: repo.root.appendingPathComponent(".git/xcstrings-merge/\(Scenario.path).json").path))
        #expect(try repo.tool(["check"]).status == 0)
    }

    @Test func doctorListsTheCatalogsWithUnresolvedConflicts() throws {
        let repo = try Self.stagedConflictedMerge()
        defer { repo.remove() }
        let doctor = try repo.tool(["doctor"])
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("\(Scenario.path): 2 unresolved merge conflicts"), "\(doctor.stdout)")
    }

    @Test func anExistingHookIsLeftAsItIs() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        let hook = repo.root.appendingPathComponent(".git/hooks/pre-commit")
        try FileManager.default.createDirectory(at: hook.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("#!/bin/sh\nswiftlint\n".utf8).write(to: hook)
        let install = try repo.tool(["install", "--hook"])
        #expect(install.status == 0)
        #expect(install.stdout.contains("exists and was left as it is; add this line to it:"), "\(install.stdout)")
        #expect(install.stdout.contains("check --staged"))
        #expect(try Data(contentsOf: hook) == Data("#!/bin/sh\nswiftlint\n".utf8))
        let plain = try repo.tool(["install"])
        #expect(plain.stdout.contains("xcstrings-merge install --hook"), "install offers the hook: \(plain.stdout)")
    }

    /// `git add -A` before settling: the index has no conflict any more, the report still does.
    /// `resolve` lists, asks about and settles those conflicts from the report, then stages the
    /// catalog, and the commit the check stopped goes through.
    @Test(arguments: [["--theirs"], ["--take", "Save=theirs", "--take", "Cancel@de=ours"], [Scenario.path, "--ours"]])
    func afterGitAddResolveWorksOnTheStagedCatalog(choice: [String]) throws {
        let repo = try Self.stagedConflictedMerge()
        defer { repo.remove() }
        #expect(try repo.tool(["install", "--hook"]).status == 0)
        let blocked = try repo.git("commit", "--no-edit")
        #expect(blocked.status != 0)
        #expect((blocked.stdout + blocked.stderr).contains("run xcstrings-merge resolve \(Scenario.path)"), "\(blocked.stdout)\(blocked.stderr)")

        let list = try repo.tool(["resolve", "--list"])
        #expect(list.status == 1, "\(list.stdout)\(list.stderr)")
        #expect(list.stdout.contains("\(Scenario.path): 2 conflicts"), "\(list.stdout)")
        #expect(list.stdout.contains("Sichern unter"), "\(list.stdout)")

        let resolve = try repo.tool(["resolve"] + choice)
        #expect(resolve.status == 0, "\(resolve.stdout)\(resolve.stderr)")
        #expect(resolve.stdout.contains("resolved \(Scenario.path) (2 conflicts settled) and staged it"), "\(resolve.stdout)")
        let staged = Array(try repo.git("show", ":\(Scenario.path)").stdout.utf8)
        let save = try Workflow.unit(staged, "Save", "de")
        let wanted = choice.contains("--ours") ? "Speichern" : "Sichern unter"
        #expect(save?["value"]?.stringValue?.string == wanted)
        #expect(save?["state"]?.stringValue?.string == "translated")
        #expect(try repo.tool(["check", "--staged"]).status == 0)
        #expect(try repo.git("commit", "--no-edit").status == 0)
    }

    /// After `resolve` of a staged catalog nothing is left to settle, and the report says so.
    @Test func afterResolveOfAStagedCatalogNothingIsLeft() throws {
        let repo = try Self.stagedConflictedMerge()
        defer { repo.remove() }
        #expect(try repo.tool(["resolve", "--ours"]).status == 0)
        #expect(try repo.tool(["check", "--staged"]).status == 0)
        #expect(try repo.tool(["resolve", "--list"]).stdout.contains("no conflicted catalogs"))
        let report = try String(contentsOf: repo.root.appendingPathComponent(".git/xcstrings-merge/\(Scenario.path).json"), encoding: .utf8)
        #expect(!report.contains("\"resolved\" : false"), "\(report)")
    }

    /// The hook says nothing when a commit passes; uninstall removes the hook install wrote and
    /// says when the global registration still merges catalogs here.
    @Test func theHookIsQuietOnAPassAndUninstallRemovesIt() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        #expect(try repo.tool(["install", "--hook"]).status == 0)
        // With the hook there, install no longer offers it.
        #expect(!(try repo.tool(["install"])).stdout.contains("install --hook"))
        try repo.write(Scenario.path, try Scenario.sample().canonicalBytes())
        try repo.git("add", "-A")
        let commit = try repo.git("commit", "-q", "-m", "catalog")
        #expect(commit.status == 0)
        #expect(commit.stdout.isEmpty && commit.stderr.isEmpty, "\(commit.stdout)\(commit.stderr)")

        #expect(try repo.tool(["install", "--global"]).status == 0)
        let uninstall = try repo.tool(["uninstall"])
        #expect(uninstall.status == 0)
        #expect(uninstall.stdout.contains("removed the pre-commit hook"), "\(uninstall.stdout)")
        #expect(!FileManager.default.fileExists(atPath: repo.root.appendingPathComponent(".git/hooks/pre-commit").path))
        #expect(uninstall.stdout.contains("the global registration in "), "\(uninstall.stdout)")
        #expect(uninstall.stdout.contains("'xcstrings-merge uninstall --global' removes it"), "\(uninstall.stdout)")
        #expect(try repo.tool(["uninstall", "--global"]).status == 0)
        #expect(!(try repo.tool(["uninstall"])).stdout.contains("global registration"))
    }

    @Test func installOutsideARepositorySaysItGoesGlobal() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        var environment = repo.environment
        environment["GIT_CEILING_DIRECTORIES"] = repo.directory.url.path
        let outside = try run(Paths.tool, ["install"], in: repo.home, environment: environment)
        #expect(outside.status == 0, "\(outside.stderr)")
        #expect(outside.stdout.contains("not inside a git repository: installing for every repository of yours (--global)"), "\(outside.stdout)")
    }

    /// The commands the tool suggests paste into a shell as they are: a path with a space or
    /// non-ASCII letters is quoted.
    @Test func suggestedCommandsAreShellQuoted() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        #expect(try repo.tool(["install"]).status == 0)
        let path = "Widgets/Ressources für/Localizable.xcstrings"
        try Workflow.twoConflicts(repo, path: path)
        let merge = try repo.git("merge", "--no-edit", "b")
        #expect(merge.stderr.contains("Settle them with: xcstrings-merge resolve 'Widgets/Ressources für/Localizable.xcstrings'"), "\(merge.stderr)")
        try repo.git("add", "-A")
        let check = try repo.tool(["check", "--staged"])
        #expect(check.stdout.contains("run xcstrings-merge resolve 'Widgets/Ressources für/Localizable.xcstrings'"), "\(check.stdout)")
        // Pasted into a shell, the suggestion works.
        let resolve = try run(URL(fileURLWithPath: "/bin/sh"), ["-c", "'\(Paths.tool.path)' resolve 'Widgets/Ressources für/Localizable.xcstrings' --theirs"], in: repo.root, environment: repo.environment)
        #expect(resolve.status == 0, "\(resolve.stdout)\(resolve.stderr)")
    }

    /// The pre-commit hook stops what loses data (an invalid catalog) and only warns about a
    /// layout other than Xcode's, naming `format`, unless the repository enforces it.
    @Test func theHookWarnsAboutLayoutUnlessTheRepositoryEnforcesIt() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        #expect(try repo.tool(["install", "--hook"]).status == 0)
        let canonical = String(decoding: simpleCatalog(["Save": ["de": "Sichern"]]), as: UTF8.self)
        let fourSpaces = canonical.replacingOccurrences(of: "  ", with: "    ")
        try repo.write("L.xcstrings", Array(fourSpaces.utf8))
        try repo.git("add", "-A")
        let warned = try repo.git("commit", "-m", "four spaces")
        #expect(warned.status == 0, "\(warned.stdout)\(warned.stderr)")
        #expect((warned.stdout + warned.stderr).contains("warning: not in the form Xcode writes"), "\(warned.stdout)\(warned.stderr)")
        #expect((warned.stdout + warned.stderr).contains("xcstrings-merge format"))

        try repo.git("config", "xcstrings-merge.layout", "error")
        try repo.write("L.xcstrings", Array(fourSpaces.replacingOccurrences(of: "Sichern", with: "Speichern").utf8))
        try repo.git("add", "-A")
        let enforced = try repo.git("commit", "-m", "enforced")
        #expect(enforced.status != 0, "\(enforced.stdout)\(enforced.stderr)")

        try repo.git("config", "--unset", "xcstrings-merge.layout")
        try repo.write("L.xcstrings", Array(canonical.dropLast(3).utf8))
        try repo.git("add", "-A")
        let invalid = try repo.git("commit", "-m", "truncated")
        #expect(invalid.status != 0, "an invalid catalog is stopped: \(invalid.stdout)\(invalid.stderr)")
    }
}
