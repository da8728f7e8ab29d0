import Foundation
import Testing
import StringCatalog
import TestSupport

/// libgit2 is opened only by the commands and paths that use it, so that a merge, a format or
/// `--version` do not pay for loading it and its dependency chain; and when it is missing,
/// those commands say what to install, and the merge driver still falls back to git's own
/// line merge.
@Suite struct LazyLibgit2Tests {
    /// Asks the system loader to list every library it loads: glibc's `LD_DEBUG=files`, dyld's
    /// `DYLD_PRINT_LIBRARIES` (both print to standard error).
    static var loaderTrace: [String: String] {
        #if canImport(Darwin)
        ["DYLD_PRINT_LIBRARIES": "1"]
        #else
        ["LD_DEBUG": "files"]
        #endif
    }

    static let missingLibrary = ["XCSTRINGS_MERGE_LIBGIT2": "/nonexistent/libgit2-for-this-test"]

    static func loadsLibgit2(_ result: ProcessResult) -> Bool {
        result.stderr.split(separator: "\n").contains { $0.contains("libgit2") && !$0.contains("nonexistent") }
    }

    static func mergeInputs(_ directory: TemporaryDirectory, catalogs: Bool) throws -> [String] {
        let folder = Paths.fixtures.appendingPathComponent("merge/disjoint-edits")
        if catalogs {
            return try ["base", "ours", "theirs"].map { name in
                try directory.write(name + ".xcstrings", bytes(folder.appendingPathComponent(name + ".xcstrings"))).path
            }
        }
        return try [("base", "a\nb\nc\n"), ("ours", "a\nB\nc\n"), ("theirs", "a\nX\nc\n")].map { try directory.write($0.0, $0.1).path }
    }

    @Test func mergeFormatAndVersionDoNotLoadLibgit2() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let inputs = try Self.mergeInputs(directory, catalogs: true)
        let merge = try runTool(["merge"] + inputs + ["-o", directory.file("out.xcstrings").path], environment: Self.loaderTrace)
        #expect(merge.status == 0, "\(merge.stderr.suffix(2000))")
        #expect(!Self.loadsLibgit2(merge))
        let format = try runTool(["format", "--check", inputs[0]], environment: Self.loaderTrace)
        #expect(!Self.loadsLibgit2(format))
        let version = try runTool(["--version"], environment: Self.loaderTrace)
        #expect(!Self.loadsLibgit2(version))
        // The trace does show libgit2 when a command opens it: the checks above can fail.
        let doctor = try runTool(["doctor"], in: directory.url, environment: Self.loaderTrace)
        #expect(Self.loadsLibgit2(doctor), "\(doctor.stderr.suffix(2000))")
    }

    @Test func doctorSaysWhichLibgit2ItLoaded() throws {
        let doctor = try runTool(["doctor"])
        #expect(doctor.stdout.contains("libgit2: 1."), "\(doctor.stdout)")
    }

    @Test(arguments: [["doctor"], ["resolve", "--list"], ["install", "--local"], ["lint", "--since", "HEAD"]])
    func aCommandThatNeedsLibgit2SaysWhatToInstall(arguments: [String]) throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        var environment = repo.environment
        environment.merge(Self.missingLibrary) { $1 }
        let result = try run(Paths.tool, arguments, in: repo.root, environment: environment)
        #expect([1, 2].contains(result.status), "\(result.status)")
        let said = result.stdout + result.stderr
        #expect(said.contains("could not be loaded") && said.contains("install"), "\(said)")
        #expect(said.contains("XCSTRINGS_MERGE_LIBGIT2"), "\(said)")
    }

    /// Without libgit2 the fallback runs `git merge-file`, which gives the same bytes.
    @Test func theLineMergeFallbackWorksWithoutLibgit2() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let inputs = try Self.mergeInputs(directory, catalogs: false)
        let viaLibgit2 = try runTool(["merge"] + inputs + ["-o", directory.file("one").path])
        let viaGit = try runTool(["merge"] + inputs + ["-o", directory.file("two").path], environment: Self.missingLibrary)
        #expect(viaLibgit2.status == 1 && viaGit.status == 1)
        let one = try bytes(directory.file("one"))
        #expect(one == (try bytes(directory.file("two"))))
        #expect(String(decoding: one, as: UTF8.self).contains("<<<<<<< ours"))
    }
}
