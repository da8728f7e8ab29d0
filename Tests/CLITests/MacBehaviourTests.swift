import Foundation
import XcstringsMergePlatform
import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// What differs on a Mac and can be exercised here: Homebrew's Cellar layout, Xcode's older git
/// passing `%S %X %Y` literally, and folders reached through symbolic links (`/tmp`).
@Suite struct MacBehaviourTests {
    typealias Scenario = GitDriverTests

    /// Lays out a Homebrew prefix: the tool in `Cellar/xcstrings-merge/HEAD-1/bin`, and, when
    /// `linked`, `bin/xcstrings-merge` linking to it as `brew link` does.
    static func homebrewPrefix(in directory: TemporaryDirectory, linked: Bool) throws -> (cellar: String, link: String) {
        let prefix = directory.file("homebrew").path
        let cellarBin = prefix + "/Cellar/xcstrings-merge/HEAD-1/bin"
        try FileManager.default.createDirectory(atPath: cellarBin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: prefix + "/bin", withIntermediateDirectories: true)
        // Copied by `cp`, not in this process: a file this process has open for writing is
        // inherited by whatever child another test starts meanwhile, and while that child lives
        // the copy cannot be run ("Text file busy"), as a CI run once found.
        let copy = try run(URL(fileURLWithPath: "/bin/cp"), [Paths.tool.path, cellarBin + "/xcstrings-merge"])
        #expect(copy.status == 0, "\(copy.stderr)")
        let link = prefix + "/bin/xcstrings-merge"
        if linked {
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "../Cellar/xcstrings-merge/HEAD-1/bin/xcstrings-merge")
        }
        return (cellarBin + "/xcstrings-merge", link)
    }

    /// `path` with its folder's links resolved and its last part kept, as the tool names its
    /// own executable (on a Mac the temporary folder is behind the `/var` link). Resolved with
    /// `realpath(3)`, as the tool does: Apple's `URL.resolvingSymlinksInPath()` strips the
    /// `/private` that realpath gives back (`/var/folders/…` against `/private/var/folders/…`).
    static func folderResolved(_ path: String) -> String {
        let url = URL(fileURLWithPath: path)
        let folder = url.deletingLastPathComponent().path
        return (FilePaths.resolved(folder) ?? folder) + "/" + url.lastPathComponent
    }

    @Test func installRegistersHomebrewsStableLinkNotTheVersionedCellarPath() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        let (cellar, link) = try Self.homebrewPrefix(in: repo.directory, linked: true)
        for started in [cellar, link] {
            _ = try? repo.git("config", "--unset", "merge.xcstrings.driver")
            let install = try run(URL(fileURLWithPath: started), ["install", "--local"], in: repo.root, environment: repo.environment)
            #expect(install.status == 0, "\(install.stderr)")
            let driver = try repo.git("config", "merge.xcstrings.driver").stdout
            #expect(
                driver.hasPrefix(link + " merge %O %A %B") || driver.hasPrefix(Self.folderResolved(link) + " merge %O %A %B"),
                "started as \(started): \(driver)")
        }
    }

    @Test func withoutTheLinkTheCellarPathIsKept() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        let (cellar, _) = try Self.homebrewPrefix(in: repo.directory, linked: false)
        let install = try run(URL(fileURLWithPath: cellar), ["install", "--local"], in: repo.root, environment: repo.environment)
        #expect(install.status == 0, "\(install.stderr)")
        let driver = try repo.git("config", "merge.xcstrings.driver").stdout
        #expect(driver.hasPrefix(cellar + " ") || driver.hasPrefix(Self.folderResolved(cellar) + " "), "\(driver)")
    }

    /// Xcode's bundled git (older than 2.44) runs a driver configured for a newer git with the
    /// placeholders unexpanded; they must not show up as branch names.
    @Test func literalPlaceholdersAreNoLabels() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let base = try Scenario.sample()
        let baseFile = try directory.write("base.xcstrings", base.canonicalBytes())
        for (labels, expected) in [
            (["--base-label", "%S", "--ours-label", "%X", "--theirs-label", "%Y"], "ours \"Sichern A\" / theirs \"Sichern B\""),
            (["--ours-label", "main", "--theirs-label", "feature"], "ours (main) \"Sichern A\" / theirs (feature) \"Sichern B\""),
        ] {
            let ours = try directory.write("ours.xcstrings", Scenario.setting(base, "Save", "de", "Sichern A").canonicalBytes())
            let theirs = try directory.write("theirs.xcstrings", Scenario.setting(base, "Save", "de", "Sichern B").canonicalBytes())
            let merge = try runTool(
                ["merge", baseFile.path, ours.path, theirs.path, "--report", directory.file("r.json").path] + labels)
            #expect(merge.status == 1)
            #expect(merge.stderr.contains(expected), "\(merge.stderr)")
            #expect(!merge.stderr.contains("%X") && !merge.stderr.contains("%Y"))
        }
    }

    /// On a Mac `/tmp` links to `/private/tmp`: a path given through a linked folder names the
    /// same file as the working tree git reports.
    @Test func resolveTakesAnAbsolutePathThroughALinkedFolder() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        #expect(try repo.tool(["install"]).status == 0)
        try RepositoryWorkflowTests.twoConflicts(repo)
        #expect(try repo.git("merge", "--no-edit", "b").status != 0)
        let alias = repo.directory.file("alias")
        try FileManager.default.createSymbolicLink(at: alias, withDestinationURL: repo.root)
        let resolve = try repo.tool(["resolve", "--theirs", alias.appendingPathComponent(Scenario.path).path])
        #expect(resolve.status == 0, "\(resolve.stdout) \(resolve.stderr)")
        #expect(try repo.git("ls-files", "-u").stdout.isEmpty)
    }
}
