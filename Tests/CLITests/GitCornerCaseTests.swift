import Foundation
import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// git's corner cases with the driver installed: criss-cross merges, -X options, add/add,
/// delete/modify, CRLF checkouts and renames.
@Suite struct GitCornerCaseTests {
    typealias Scenario = GitDriverTests
    static let path = Scenario.path

    static func installed() throws -> GitSandbox {
        let repo = try GitSandbox()
        #expect(try repo.tool(["install"]).status == 0)
        try repo.git("add", ".gitattributes")
        return repo
    }

    func commit(_ repo: GitSandbox, _ catalog: Catalog, _ message: String, path: String = GitCornerCaseTests.path) throws {
        try repo.write(path, catalog.canonicalBytes())
        try repo.commitAll(message)
    }

    func value(_ repo: GitSandbox, _ key: String, _ locale: String, path: String = GitCornerCaseTests.path) throws -> UTF8Bytes? {
        let catalog = try Catalog(bytes: try repo.read(path))
        return catalog.strings[key: UTF8Bytes(key)]?.object?["localizations"]?.object?[key: UTF8Bytes(locale)]?.object?["stringUnit"]?.object?["value"]?.stringValue
    }

    @Test func crissCrossMergeWithTwoBasesUsesTheDriverForTheVirtualBase() throws {
        let repo = try Self.installed()
        defer { repo.remove() }
        let base = try Scenario.sample()
        try commit(repo, base, "root")
        try repo.git("checkout", "-q", "-b", "b")
        let b1 = Scenario.setting(base, "Save", "fr", "Sauver")
        try commit(repo, b1, "b1")
        try repo.git("checkout", "-q", "main")
        let a1 = Scenario.setting(base, "Cancel", "de", "Abbruch")
        try commit(repo, a1, "a1")
        // Criss-cross: each branch merges the other's first commit.
        #expect(try repo.git("merge", "-q", "--no-edit", "b~0").status == 0)
        try repo.git("checkout", "-q", "b")
        #expect(try repo.git("merge", "-q", "--no-edit", "main~1").status == 0)
        try commit(repo, Scenario.setting(try Catalog(bytes: try repo.read(Self.path)), "Done", "ja", "済み"), "b3")
        try repo.git("checkout", "-q", "main")
        try commit(repo, Scenario.setting(try Catalog(bytes: try repo.read(Self.path)), "Close", "es", "Cerrar ventana"), "a3")
        let bases = try repo.git("merge-base", "--all", "main", "b").stdout.split(separator: "\n")
        #expect(bases.count == 2)

        let merge = try repo.git("merge", "--no-edit", "b")
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(try value(repo, "Save", "fr") == "Sauver")
        #expect(try value(repo, "Cancel", "de") == "Abbruch")
        #expect(try value(repo, "Done", "ja") == "済み")
        #expect(try value(repo, "Close", "es") == "Cerrar ventana")
        #expect(try repo.tool(["check"]).status == 0)
    }

    @Test(arguments: ["ours", "theirs"])
    func strategyOptionsLeaveTheDriverInCharge(_ option: String) throws {
        let repo = try Self.installed()
        defer { repo.remove() }
        try RepositoryWorkflowTests.twoConflicts(repo)
        let merge = try repo.git("merge", "--no-edit", "-X", option, "b")
        // The driver decides; it reports the conflicts rather than git picking a side's lines.
        #expect(merge.status != 0)
        #expect(merge.stderr.contains("both-modified"))
        let text = String(decoding: try repo.read(Self.path), as: UTF8.self)
        #expect(!text.contains("<<<<<<<"))
        #expect(try value(repo, "Save", "de") == "Speichern")
    }

    @Test func catalogAddedOnBothBranchesMergesAgainstAnEmptyBase() throws {
        let repo = try Self.installed()
        defer { repo.remove() }
        try repo.write("README", Array("x\n".utf8))
        try repo.commitAll("root")
        try repo.git("checkout", "-q", "-b", "b")
        var theirs = Catalog.empty()
        theirs = Scenario.setting(theirs, "Open", "en", "Open")
        try commit(repo, theirs, "b adds the catalog")
        try repo.git("checkout", "-q", "main")
        let ours = Scenario.setting(Catalog.empty(), "Close", "en", "Close")
        try commit(repo, ours, "main adds the catalog")
        let merge = try repo.git("merge", "--no-edit", "b")
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(try value(repo, "Open", "en") == "Open")
        #expect(try value(repo, "Close", "en") == "Close")
    }

    @Test func deletedOnOneBranchAndChangedOnTheOtherIsGitsToReport() throws {
        let repo = try Self.installed()
        defer { repo.remove() }
        let base = try Scenario.sample()
        try commit(repo, base, "root")
        try repo.git("checkout", "-q", "-b", "b")
        try repo.git("rm", "-q", Self.path)
        try repo.commitAll("b deletes the catalog")
        try repo.git("checkout", "-q", "main")
        try commit(repo, Scenario.setting(base, "Save", "de", "Speichern"), "main edits it")
        let merge = try repo.git("merge", "--no-edit", "b")
        #expect(merge.status != 0)
        #expect(merge.stdout.contains("CONFLICT (modify/delete)"))
        #expect(!merge.stderr.contains("xcstrings-merge:"))
        #expect(try value(repo, "Save", "de") == "Speichern")
        let resolve = try repo.tool(["resolve", "--theirs"])
        #expect(resolve.status == 1)
        #expect(resolve.stderr.contains("deleted on one side; settle it with 'git add' or 'git rm'"))
    }

    @Test func crlfCheckoutsWithAutocrlf() throws {
        let repo = try Self.installed()
        defer { repo.remove() }
        try repo.git("config", "core.autocrlf", "true")
        let base = try Scenario.sample()
        try RepositoryWorkflowTests.twoConflicts(repo)
        _ = base
        // The working files are CRLF; the driver gets them and the merge still works.
        try repo.git("checkout", "-q", "main")
        try repo.git("checkout", "-q", "-b", "c")
        let text = try repo.read(Self.path)
        #expect(text.contains(0x0D))
        try repo.write(Self.path, Scenario.setting(try Catalog(bytes: text), "Done", "fr", "Fini").canonicalBytes())
        try repo.commitAll("c")
        let merge = try repo.git("merge", "--no-edit", "b")
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(try value(repo, "Done", "fr") == "Fini")
        #expect(try value(repo, "Save", "de") == "Sichern unter")
        // The committed blob is canonical (LF); the checkout has CRLF.
        let blob = try repo.git("show", "HEAD:\(Self.path)").stdout
        #expect(!blob.contains("\r"))
        #expect(try Catalog(bytes: Array(blob.utf8)).canonicalBytes() == Array(blob.utf8))
        #expect(try repo.git("status", "--porcelain").stdout.isEmpty)
    }

    @Test func renamedOnOneBranchAndEditedOnTheOther() throws {
        let repo = try Self.installed()
        defer { repo.remove() }
        let base = try Scenario.sample()
        try commit(repo, base, "root")
        try repo.git("checkout", "-q", "-b", "b")
        try commit(repo, Scenario.setting(base, "Save", "de", "Sichern unter"), "b edits")
        try repo.git("checkout", "-q", "main")
        try repo.git("mv", Self.path, "App/Renamed.xcstrings")
        try repo.write("App/Renamed.xcstrings", Scenario.setting(base, "Cancel", "de", "Abbruch").canonicalBytes())
        try repo.commitAll("main renames and edits")
        let merge = try repo.git("merge", "--no-edit", "b")
        #expect(merge.status == 0, "\(merge.stdout) \(merge.stderr)")
        #expect(try value(repo, "Save", "de", path: "App/Renamed.xcstrings") == "Sichern unter")
        #expect(try value(repo, "Cancel", "de", path: "App/Renamed.xcstrings") == "Abbruch")
        #expect(!FileManager.default.fileExists(atPath: repo.root.appendingPathComponent(Self.path).path))
    }

    /// A `.git` file or `GIT_DIR` that names a folder that is no git directory (`gitdir: /dev`)
    /// gets no report written into it.
    @Test(arguments: [false, true])
    func aReportGoesOnlyIntoARealGitDirectory(throughEnvironment: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let notGit = directory.file("not-a-git-dir")
        let work = directory.file("work")
        try FileManager.default.createDirectory(at: notGit, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        var environment: [String: String] = [:]
        if throughEnvironment {
            environment["GIT_DIR"] = notGit.path
        } else {
            _ = try directory.write("work/.git", "gitdir: \(notGit.path)\n")
        }
        let sample = try bytes(Paths.fixtures.appendingPathComponent("catalogs/Sample.xcstrings"))
        let text = String(decoding: sample, as: UTF8.self)
        let files = try [("base", text), ("ours", text.replacingOccurrences(of: "\"Sichern\"", with: "\"Speichern\"")),
                         ("theirs", text.replacingOccurrences(of: "\"Sichern\"", with: "\"Sichern unter\""))]
            .map { try directory.write("work/" + $0.0 + ".xcstrings", $0.1).path }
        let merge = try runTool(["merge"] + files + ["--path", "L.xcstrings"], in: work, environment: environment)
        #expect(merge.status == 1)
        #expect(try FileManager.default.contentsOfDirectory(atPath: notGit.path).isEmpty, "nothing written there")
    }
}
