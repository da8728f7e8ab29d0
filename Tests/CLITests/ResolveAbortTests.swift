import Foundation
import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// After `resolve` settles some or all conflicted catalogs, git's own commands treat the staged
/// files as `git add` would have left them: `git merge --abort` resets, and `git status` shows no
/// modification beside the staged one.
@Suite struct ResolveAbortTests {
    typealias Scenario = GitDriverTests
    static let paths = ["A/Localizable.xcstrings", "B/Localizable.xcstrings"]

    /// Both catalogs conflict on `Save` [de] in a merge of b into a.
    static func twoConflictedCatalogs() throws -> GitSandbox {
        let repo = try GitSandbox()
        #expect(try repo.tool(["install"]).status == 0)
        let base = try Scenario.sample()
        let ours = Scenario.setting(base, "Save", "de", "Speichern")
        let theirs = Scenario.setting(base, "Save", "de", "Sichern unter")
        for path in paths { try repo.write(path, base.canonicalBytes()) }
        try repo.commitAll("base")
        try repo.git("checkout", "-q", "-b", "b")
        for path in paths { try repo.write(path, theirs.canonicalBytes()) }
        try repo.commitAll("theirs")
        try repo.git("checkout", "-q", "main")
        try repo.git("checkout", "-q", "-b", "a")
        for path in paths { try repo.write(path, ours.canonicalBytes()) }
        try repo.commitAll("ours")
        #expect(try repo.git("merge", "--no-edit", "b").status != 0)
        return repo
    }

    @Test func mergeAbortWorksAfterAPartialResolve() throws {
        let repo = try Self.twoConflictedCatalogs()
        defer { repo.remove() }
        let resolve = try repo.tool(["resolve", "--theirs", Self.paths[0]])
        #expect(resolve.status == 0, "\(resolve.stdout)\(resolve.stderr)")
        // The entry as git add leaves it (git status would refresh it and hide the fault).
        let entry = try repo.git("ls-files", "--debug", Self.paths[0])
        #expect(!entry.stdout.contains("mtime: 0:0"), "\(entry.stdout)")
        let abort = try repo.git("merge", "--abort")
        #expect(abort.status == 0, "\(abort.stderr)")
        #expect(try repo.git("status", "--porcelain").stdout.isEmpty)
        #expect(try Catalog(bytes: try repo.read(Self.paths[0])).canonicalBytes() == Scenario.setting(try Scenario.sample(), "Save", "de", "Speichern").canonicalBytes())
    }

    @Test func mergeAbortWorksAfterEveryCatalogIsResolved() throws {
        let repo = try Self.twoConflictedCatalogs()
        defer { repo.remove() }
        #expect(try repo.tool(["resolve", "--ours"]).status == 0)
        #expect(try repo.git("merge", "--abort").status == 0)
        #expect(try repo.git("status", "--porcelain").stdout.isEmpty)
    }

    @Test func statusShowsOnlyTheStagedChangeAfterResolve() throws {
        let repo = try Self.twoConflictedCatalogs()
        defer { repo.remove() }
        #expect(try repo.tool(["resolve", "--ours"]).status == 0)
        let status = try repo.git("status", "--porcelain")
        for path in Self.paths { #expect(!status.stdout.contains("MM \(path)"), "\(status.stdout)") }
        #expect(try repo.git("diff-files", "--quiet").status == 0)
    }
}
