import Foundation
import Testing
import GitSupport
import StringCatalog
import XcstringsMergeTestSupport

/// Rebase, cherry-pick and awkward paths through the installed driver.
@Suite struct GitOperationTests {
    typealias Scenario = GitDriverTests

    static func report(_ repo: GitSandbox, _ path: String) throws -> [String: Any] {
        let url = repo.root.appendingPathComponent(".git/xcstrings-merge/\(path).json")
        return try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
    }

    /// During a rebase "ours" is the branch being rebased onto. A git before 2.44 passes no
    /// labels; a newer one passes `HEAD` for ours and the replayed commit for theirs (this
    /// machine's git is older, so the driver line passes what a new git would): either way the
    /// summary, the report and `resolve` name the branch being rebased onto.
    /// Whether a conflict view names `side` with `value`: on one line (`side value`) or, wrapped,
    /// on a line of its own (`side: value`).
    static func shows(_ text: String, _ side: String, _ value: String) -> Bool {
        let flat = text.split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        return flat.contains("\(side) \(value)") || flat.contains("\(side): \(value)")
    }

    @Test(arguments: [false, true])
    func rebaseSwapsTheSidesAndTheReportSaysSo(labelsAsANewGitPasses: Bool) throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        #expect(try repo.tool(["install"]).status == 0)
        let driver = try repo.git("config", "merge.xcstrings.driver").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try repo.git("add", ".gitattributes")
        let base = try Scenario.sample()
        try repo.write(Scenario.path, base.canonicalBytes())
        try repo.commitAll("base")
        try repo.git("checkout", "-q", "-b", "feature")
        try repo.write(Scenario.path, Scenario.setting(base, "Save", "de", "Sichern unter").canonicalBytes())
        try repo.commitAll("feature: Save")
        let featureCommit = try repo.git("rev-parse", "--short=7", "HEAD").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try repo.git("checkout", "-q", "main")
        try repo.write(Scenario.path, Scenario.setting(base, "Save", "de", "Speichern").canonicalBytes())
        try repo.commitAll("main: Save")
        let mainCommit = try repo.git("rev-parse", "--short=7", "HEAD").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try repo.git("checkout", "-q", "feature")
        if labelsAsANewGitPasses {
            let replayed = "\(featureCommit) (feature: Save)"
            try repo.git("config", "merge.xcstrings.driver", driver + " --base-label 'parent of \(replayed)' --ours-label HEAD --theirs-label '\(replayed)'")
        }

        let rebase = try repo.git("rebase", "main")
        #expect(rebase.status != 0)
        // During a rebase "ours" is main, being rebased onto, and "theirs" the replayed commit.
        #expect(Self.shows(rebase.stderr, "ours (HEAD (rebasing onto \(mainCommit)))", "\"Speichern\""), "\(rebase.stderr)")
        #expect(Self.shows(rebase.stderr, "theirs (\(featureCommit) (feature: Save))", "\"Sichern unter\""), "\(rebase.stderr)")
        let report = try Self.report(repo, Scenario.path)
        let labels = try #require(report["labels"] as? [String: Any])
        #expect(labels["ours"] as? String == "HEAD (rebasing onto \(mainCommit))")
        #expect(labels["theirs"] as? String == "\(featureCommit) (feature: Save)")
        let conflict = try #require((report["conflicts"] as? [[String: Any]])?.first)
        #expect((conflict["ours"] as? [String: Any])?["value"] as? String == "Speichern")
        #expect((conflict["theirs"] as? [String: Any])?["value"] as? String == "Sichern unter")
        let list = try repo.tool(["resolve", "--list"])
        #expect(list.stdout.contains("ours (HEAD (rebasing onto \(mainCommit)))"), "\(list.stdout)")

        // Keep the feature branch's translation: that is "theirs" here.
        #expect(try repo.tool(["resolve", "--theirs"]).status == 0)
        #expect(try repo.git("-c", "core.editor=true", "rebase", "--continue").status == 0)
        let unit = try Catalog(bytes: try repo.read(Scenario.path)).strings[key: "Save"]?.object?["localizations"]?.object?[key: "de"]?.object?["stringUnit"]?.object
        #expect(unit?["value"] == "Sichern unter")
    }

    @Test(arguments: [
        // (git's label, the state's, shown)
        ("HEAD", "HEAD (rebasing onto 1234abc)", "HEAD (rebasing onto 1234abc)"),
        (nil, "HEAD", "HEAD"),
        ("0123456789abcdef0123456789abcdef01234567", "feature", "feature"),
        ("main", "HEAD (rebasing onto 1234abc)", "main"),
        ("HEAD", "HEAD", "HEAD"),
        ("HEAD", nil, "HEAD"),
        ("cafe", "feature", "cafe"),
    ] as [(String?, String?, String?)])
    func aBareLabelGivesWayToTheRepositoryState(given: String?, known: String?, shown: String?) {
        let state = MergeState(operation: .rebase, oursLabel: known, theirsLabel: known)
        #expect(state.labels(ours: given, theirs: given) == (shown, shown))
    }

    @Test func cherryPickAndRevertMergeThroughTheDriver() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        #expect(try repo.tool(["install"]).status == 0)
        let base = try Scenario.sample()
        try repo.write(Scenario.path, base.canonicalBytes())
        try repo.commitAll("base")
        try repo.git("checkout", "-q", "-b", "other")
        let picked = Scenario.setting(Scenario.setting(base, "Cancel", "es", "Anular"), "Cut", "en", "Cut")
        try repo.write(Scenario.path, picked.canonicalBytes())
        try repo.commitAll("other: Cancel es, Cut")
        try repo.git("checkout", "-q", "main")
        let ours = Scenario.setting(Scenario.setting(base, "Cancel", "de", "Abbruch"), "Copy", "en", "Copy")
        try repo.write(Scenario.path, ours.canonicalBytes())
        try repo.commitAll("main: Cancel de, Copy")

        let pick = try repo.git("cherry-pick", "other")
        #expect(pick.status == 0, "\(pick.stderr)")
        let expected = Scenario.setting(Scenario.setting(ours, "Cancel", "es", "Anular"), "Cut", "en", "Cut")
        #expect(try repo.read(Scenario.path) == expected.canonicalBytes())

        let revert = try repo.git("revert", "--no-edit", "HEAD~1")
        #expect(revert.status == 0, "\(revert.stderr)")
        let reverted = Scenario.setting(base, "Cancel", "es", "Anular")
        var withoutCopy = reverted
        var strings = Scenario.setting(withoutCopy, "Cut", "en", "Cut").strings
        strings[key: "Copy"] = nil
        withoutCopy.strings = strings
        #expect(try repo.read(Scenario.path) == withoutCopy.canonicalBytes())
    }

    @Test func pathWithSpacesAndQuotesWorksThroughInstallMergeReportAndResolve() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        #expect(try repo.tool(["install"]).status == 0)
        let path = "My App/Strings \"Main\" it's.xcstrings"
        try RepositoryWorkflowTests.twoConflicts(repo, path: path)
        let merge = try repo.git("merge", "--no-edit", "b")
        #expect(merge.status != 0)
        #expect(merge.stderr.contains("xcstrings-merge: \(path): 8 strings; 2 conflicts"), "\(merge.stderr)")
        let report = try Self.report(repo, path)
        #expect(report["path"] as? String == path)
        #expect(try Catalog(bytes: try repo.read(path)).strings.count == 8)

        let list = try repo.tool(["resolve", "--list", path])
        #expect(list.stdout.contains("\(path): 2 conflicts"))
        #expect(try repo.tool(["resolve", "--theirs", path]).status == 0)
        #expect(try repo.git("ls-files", "-u").stdout.isEmpty)
    }

    @Test func reportPathsNeverLeaveTheGitDirectory() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        let sample = Paths.fixtures.appendingPathComponent("catalogs/Sample.xcstrings")
        let text = String(decoding: try bytes(sample), as: UTF8.self)
        try repo.write("base", Array(text.utf8))
        try repo.write("theirs", Array(text.replacingOccurrences(of: "\"Sichern\"", with: "\"Sichern unter\"").utf8))
        for hostile in ["../../escape", "/tmp/absolute-escape", "a/../../../b", ".."] {
            try repo.write("ours", Array(text.replacingOccurrences(of: "\"Sichern\"", with: "\"Speichern\"").utf8))
            let result = try repo.tool(["merge", "base", "ours", "theirs", "--path", hostile])
            #expect(result.status == 1)
        }
        #expect(!FileManager.default.fileExists(atPath: repo.directory.url.appendingPathComponent("escape.json").path))
        #expect(!FileManager.default.fileExists(atPath: "/tmp/absolute-escape.json"))
        let folder = repo.root.appendingPathComponent(".git/xcstrings-merge")
        let written = try FileManager.default.subpathsOfDirectory(atPath: folder.path).sorted()
        #expect(written.contains("escape.json"))
        #expect(written.contains("tmp/absolute-escape.json"))
        #expect(written.contains("a/b.json"))

        // A symbolic link inside the report folder is not followed.
        let outside = repo.directory.url.appendingPathComponent("outside")
        try FileManager.default.createDirectory(at: outside, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("linked"), withDestinationURL: outside)
        try repo.write("ours", Array(text.replacingOccurrences(of: "\"Sichern\"", with: "\"Speichern\"").utf8))
        _ = try repo.tool(["merge", "base", "ours", "theirs", "--path", "linked/x.xcstrings"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }
}
