import Foundation
import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// A catalog that git's line merge filled with markers (the driver off) though a catalog merge
/// settles it cleanly: `resolve` says so, and writes and stages it without asking anything.
@Suite struct LineMergeRescueTests {
    typealias Scenario = GitDriverTests
    typealias Workflow = RepositoryWorkflowTests

    /// Ours marks Cancel [de] for review, theirs changes its value: neighbouring lines, one hunk
    /// of markers for git, no conflict for the catalog merge.
    static func lineMergedRepository() throws -> GitSandbox {
        let repo = try GitSandbox()
        let base = try Scenario.sample()
        var ours = base
        var strings = ours.strings
        strings.modifyObject("Cancel") { entry in
            entry.modifyObject("localizations") { $0.modifyObject("de") { $0.modifyObject("stringUnit") { $0[key: "state"] = "needs_review" } } }
        }
        ours.strings = strings
        let theirs = Scenario.setting(base, "Cancel", "de", "Abbruch")
        try Scenario.branches(repo, base: base, ours: ours, theirs: theirs)
        let merge = try repo.gitArguments(["-c", "merge.xcstrings.driver=false", "merge", "--no-edit", "b"])
        #expect(merge.status != 0, "the line merge conflicts: \(merge.stdout)")
        #expect(String(decoding: try repo.read(Scenario.path), as: UTF8.self).contains("<<<<<<<"))
        return repo
    }

    @Test func listSaysACatalogMergeSettlesIt() throws {
        let repo = try Self.lineMergedRepository()
        defer { repo.remove() }
        let list = try repo.tool(["resolve", "--list"])
        #expect(list.status == 1, "the file still waits for resolve: \(list.stdout)")
        #expect(list.stdout.contains("\(Scenario.path): 0 conflicts; conflicted in the index, and a catalog merge settles it cleanly"), "\(list.stdout)")
    }

    @Test func resolveWritesAndStagesItWithoutATerminal() throws {
        let repo = try Self.lineMergedRepository()
        defer { repo.remove() }
        let resolve = try repo.tool(["resolve"])
        #expect(resolve.status == 0, "\(resolve.stdout)\(resolve.stderr)")
        #expect(resolve.stdout.contains("resolved \(Scenario.path)"), "\(resolve.stdout)")
        let unit = try Workflow.unit(try repo.read(Scenario.path), "Cancel", "de")
        #expect(unit?["value"]?.stringValue?.string == "Abbruch")
        #expect(try repo.git("diff", "--name-only", "--diff-filter=U").stdout.isEmpty)
        #expect(try repo.git("commit", "--no-edit").status == 0)
    }
}
