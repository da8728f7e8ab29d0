import Foundation
import Testing
import GitSupport
import StringCatalog
import XcstringsMergeTestSupport

/// One name per side in every view: ours is the branch (not `HEAD` or an id), theirs the branch
/// merged (not a 40-digit id after `git pull`), the commit picked or reverted with its subject.
@Suite struct SideLabelTests {
    typealias Scenario = GitDriverTests

    static func conflicting(_ repo: GitSandbox) throws {
        #expect(try repo.tool(["install"]).status == 0)
        let base = try Scenario.sample()
        try Scenario.branches(
            repo, base: base, ours: Scenario.setting(base, "Save", "de", "Sichern A"), theirs: Scenario.setting(base, "Save", "de", "Sichern B"))
    }

    /// Whether `text` shows both sides by these names, on one line or wrapped.
    static func names(_ text: String, ours: String, theirs: String) -> Bool {
        GitOperationTests.shows(text, "ours (\(ours))", "\"Sichern A\"") && GitOperationTests.shows(text, "theirs (\(theirs))", "\"Sichern B\"")
    }

    @Test func aMergeNamesBothBranchesAlikeInTheSummaryAndTheList() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        try Self.conflicting(repo)
        let merge = try repo.git("merge", "--no-edit", "b")
        let list = try repo.tool(["resolve", "--list"])
        #expect(Self.names(merge.stderr, ours: "a", theirs: "b"), "\(merge.stderr)")
        #expect(Self.names(list.stdout, ours: "a", theirs: "b"), "\(list.stdout)")
    }

    /// The driver keeps a catalog's latest report, matched to a merge by its two commits: an
    /// earlier merge of the same commits on another branch matches too. Its branch names are not
    /// shown for this one: a committed merge is named by its message, one in progress by the
    /// branch it is made on.
    @Test func aReportOfAnotherMergeOfTheSameCommitsLendsNoNames() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        try Self.conflicting(repo)
        for branch in ["try6", "try7"] {
            try repo.git("checkout", "-q", "-b", branch, "a")
            #expect(try repo.git("merge", "--no-edit", "b").status == 1)
            #expect(try repo.tool(["resolve", "--theirs"]).status == 0)
            #expect(try repo.git("commit", "-q", "--no-edit").status == 0)
        }
        // The report is try7's; the merge reviewed is try6's.
        let review = try repo.tool(["review", "--no-pager", "try6"])
        #expect(review.stdout.contains("ours (try6)") && !review.stdout.contains("try7"), "\(review.stdout)")
        let latest = try repo.tool(["review", "--no-pager", "try7"])
        #expect(latest.stdout.contains("ours (try7)"), "\(latest.stdout)")

        // A merge of the same commits in progress whose driver did not run (it failed): the
        // report is still try7's.
        try repo.git("checkout", "-q", "-b", "try8", "a")
        #expect(try repo.git("-c", "merge.xcstrings.driver=false", "merge", "--no-edit", "b").status != 0)
        let list = try repo.tool(["resolve", "--list"])
        #expect(Self.names(list.stdout, ours: "try8", theirs: "b") && !list.stdout.contains("try7"), "\(list.stdout)")
    }

    @Test func aPullNamesTheFetchedBranchNotItsId() throws {
        let upstream = try GitSandbox()
        defer { upstream.remove() }
        try Self.conflicting(upstream)
        // A clone on `a` pulls upstream's `b`: git names theirs by the fetched commit's id.
        let clone = upstream.directory.file("clone")
        #expect(try run(Paths.git, ["clone", "-q", "-b", "a", upstream.root.path, clone.path], environment: upstream.environment).status == 0)
        for arguments in [["config", "user.name", "T"], ["config", "user.email", "t@example.com"], ["config", "pull.rebase", "false"]] {
            try run(Paths.git, arguments, in: clone, environment: upstream.environment)
        }
        #expect(try run(Paths.tool, ["install"], in: clone, environment: upstream.environment).status == 0)
        let pull = try run(Paths.git, ["pull", "--no-edit", "origin", "b"], in: clone, environment: upstream.environment)
        let fetched = "b of " + upstream.root.path
        #expect(Self.names(pull.stderr, ours: "a", theirs: fetched), "\(pull.stderr)")
        let id = try upstream.git("rev-parse", "b").stdout.prefix(12)
        #expect(!pull.stderr.contains(String(id)), "\(pull.stderr)")
        let list = try run(Paths.tool, ["resolve", "--list"], in: clone, environment: upstream.environment)
        #expect(Self.names(list.stdout, ours: "a", theirs: fetched), "\(list.stdout)")
    }

    @Test func aCherryPickAndARevertNameTheCommitAndItsSubject() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        try Self.conflicting(repo)
        let picked = String(try repo.git("rev-parse", "--short=7", "b").stdout.prefix(7))
        #expect(try repo.git("cherry-pick", "b").status != 0)
        let list = try repo.tool(["resolve", "--list"])
        #expect(Self.names(list.stdout, ours: "a", theirs: "\(picked) (theirs)"), "\(list.stdout)")
        #expect(try repo.git("cherry-pick", "--abort").status == 0)
        // Reverting b's change on top of b itself, after a commit that edits the same text.
        try repo.git("checkout", "-q", "b")
        try repo.write(Scenario.path, Scenario.setting(try Scenario.sample(), "Save", "de", "Ablegen").canonicalBytes())
        try repo.commitAll("later")
        let reverted = String(try repo.git("rev-parse", "--short=7", "HEAD~1").stdout.prefix(7))
        #expect(try repo.git("revert", "--no-edit", "HEAD~1").status != 0)
        let revertList = try repo.tool(["resolve", "--list"])
        #expect(revertList.stdout.contains("ours (b)"), "\(revertList.stdout)")
        #expect(revertList.stdout.contains("theirs (parent of \(reverted) (theirs))"), "\(revertList.stdout)")
    }

    /// The state's reading, for the names only git 2.44 and later pass the driver itself.
    @Test func fetchHeadNamesAPulledCommit() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let id = String(repeating: "ab", count: 20)
        _ = try directory.write("HEAD", Array("ref: refs/heads/main\n".utf8))
        _ = try directory.write("FETCH_HEAD", Array("\(id)\t\tbranch 'main' of https://github.com/owner/app.git\n".utf8))
        let state = MergeState.read(gitDirectory: directory.url.path, environment: ["GITHEAD_\(id)": id])
        #expect(state.oursLabel == "main")
        #expect(state.theirsLabel == "main of github.com/owner/app")
    }
}

/// `doctor` names where the driver is configured, calls one whose program is missing inactive,
/// and lists the catalogs a merge left conflicted.
@Suite struct DoctorTests {
    @Test func doctorSaysWhichConfigSetsTheDriver() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        #expect(try repo.tool(["install", "--global"]).status == 0)
        try repo.write(".gitattributes", Array("*.xcstrings merge=xcstrings\n".utf8))
        try repo.write("L.xcstrings", try GitDriverTests.sample().canonicalBytes())
        try repo.commitAll("catalog")
        let global = try repo.tool(["doctor"])
        #expect(global.stdout.contains("from: the global config (~/.gitconfig)"), "\(global.stdout)")
        #expect(global.stdout.contains("L.xcstrings: active"), "\(global.stdout)")
        #expect(try repo.tool(["install"]).status == 0)
        let local = try repo.tool(["doctor"])
        #expect(local.stdout.contains("from: the repository's config (.git/config)"), "\(local.stdout)")
    }

    @Test func aDriverWhoseProgramIsMissingIsNotActive() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        #expect(try repo.tool(["install"]).status == 0)
        try repo.write("L.xcstrings", try GitDriverTests.sample().canonicalBytes())
        try repo.commitAll("catalog")
        try repo.git("config", "merge.xcstrings.driver", "/no/such/xcstrings-merge merge %O %A %B")
        let doctor = try repo.tool(["doctor"])
        #expect(doctor.status == 1)
        #expect(doctor.stdout.contains("/no/such/xcstrings-merge does not exist"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("L.xcstrings: not active"), "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("L.xcstrings: active"), "\(doctor.stdout)")
    }

    @Test func duringAConflictedMergeTheCatalogsAreListed() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        try SideLabelTests.conflicting(repo)
        #expect(try repo.git("merge", "--no-edit", "b").status != 0)
        let doctor = try repo.tool(["doctor"])
        #expect(doctor.stdout.contains("tracked catalogs: 1"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("\(GitDriverTests.path): conflicted in the index"), "\(doctor.stdout)")
    }
}
