import Foundation
import GitSupport
import XcstringsMergePlatform
import Testing
import StringCatalog
import XcstringsMergeTestSupport

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
        let folder = Paths.fixtures.appendingPathComponent("merge/unchanged-side--disjoint-edits")
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

    /// libxml2 likewise: only `import` reads XML. On macOS the system's Foundation, which the
    /// tool links, loads libxml2 itself at every start, so only the positive check means anything
    /// there.
    @Test func onlyImportLoadsLibxml2() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        func loadsLibxml2(_ result: ProcessResult) -> Bool {
            result.stderr.split(separator: "\n").contains { $0.contains("libxml2") }
        }
        #if canImport(Darwin)
        let systemLoadsIt = true
        #else
        let systemLoadsIt = false
        #endif
        let inputs = try Self.mergeInputs(directory, catalogs: true)
        let merge = try runTool(["merge"] + inputs + ["-o", directory.file("out.xcstrings").path], environment: Self.loaderTrace)
        #expect(merge.status == 0 && (systemLoadsIt || !loadsLibxml2(merge)))
        let version = try runTool(["--version"], environment: Self.loaderTrace)
        #expect(systemLoadsIt || !loadsLibxml2(version))
        let export = try runTool(["export", inputs[0], "--locale", "de", "--output", directory.url.path], environment: Self.loaderTrace)
        #expect(export.status == 0 && (systemLoadsIt || !loadsLibxml2(export)), "\(export.stderr.suffix(2000))")
        let xliff = directory.url.appendingPathComponent("de.xliff").path
        let imported = try runTool(["import", xliff, "--catalog", inputs[0]], environment: Self.loaderTrace)
        #expect(loadsLibxml2(imported), "\(imported.stderr.suffix(2000))")
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

    /// The built version's library file on this machine, found where Debian and Homebrew put it.
    static var realLibrary: String? {
        let folders = ["/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib64", "/usr/lib", "/opt/homebrew/lib", "/usr/local/lib"]
        return folders.map { $0 + "/" + Libgit2.fileName }.first { FileManager.default.fileExists(atPath: $0) }
    }

    /// After `brew upgrade libgit2` the built version's file (`libgit2.1.9.dylib`) is gone and a
    /// later one (`libgit2.1.10.dylib`) is there: the tool takes it when the library says it is
    /// 1.x with x at least the built minor version, and `doctor` says which it loaded. Here a
    /// folder holds only a differently numbered link to the real library.
    @Test func aLaterMinorVersionStandsInForAMissingBuiltOne() throws {
        guard let real = Self.realLibrary else { print("no \(Libgit2.fileName) in the usual folders; skipped"); return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let built = Libgit2.builtVersion
        let laterName = SharedLibraries.fileName("git2", version: "\(built.major).\(built.minor + 2)")
        let earlierName = SharedLibraries.fileName("git2", version: "\(built.major).\(max(built.minor - 1, 0))")
        let later = directory.file("later"), earlier = directory.file("earlier")
        for (folder, name) in [(later, laterName), (earlier, earlierName)] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(name).path, withDestinationPath: real)
        }
        let doctor = try runTool(["doctor"], in: directory.url, environment: ["XCSTRINGS_MERGE_LIBGIT2": later.path])
        #expect(doctor.stdout.contains("libgit2: \(built.major).\(built.minor)."), "\(doctor.stdout)\(doctor.stderr)")
        #expect(doctor.stdout.contains(later.appendingPathComponent(laterName).path), "\(doctor.stdout)")
        #expect(!doctor.stdout.contains("brew reinstall"), "\(doctor.stdout)")
        // A file numbered below the built version is never taken.
        let refused = try runTool(["doctor"], in: directory.url, environment: ["XCSTRINGS_MERGE_LIBGIT2": earlier.path])
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("could not be loaded"), "\(refused.stdout)")
        // It is named, with its version and what to do: "install libgit2" would be answered
        // with "already installed".
        let earlierVersion = "\(built.major).\(max(built.minor - 1, 0))"
        #expect(refused.stdout.contains("found libgit2 \(earlierVersion) at \(earlier.appendingPathComponent(earlierName).path)"), "\(refused.stdout)")
        #expect(refused.stdout.contains("older than this build needs"), "\(refused.stdout)")
        #expect(!refused.stdout.contains("(brew install libgit2)") && !refused.stdout.contains("apt-get install"), "\(refused.stdout)")
    }

    /// A libgit2 of the next major version (what `brew upgrade` would bring with 2.0) is not
    /// taken: its file and version are named, with the rebuild that fixes it, on one line.
    @Test(.enabled(if: realLibrary != nil, "no libgit2 of the built version in the usual folders"))
    func aLaterMajorVersionIsNamedWithTheRebuild() throws {
        let real = try #require(Self.realLibrary), built = Libgit2.builtVersion
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let name = SharedLibraries.fileName("git2", version: "\(built.major + 1).0")
        let folder = directory.file("next")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent(name).path, withDestinationPath: real)
        let doctor = try runTool(["doctor"], in: directory.url, environment: ["XCSTRINGS_MERGE_LIBGIT2": folder.path])
        #expect(doctor.status == 1)
        let line = try #require(doctor.stdout.split(separator: "\n").first { $0.contains("could not be loaded") })
        #expect(line.contains("found libgit2 \(built.major + 1).0 at \(folder.appendingPathComponent(name).path)"), "\(line)")
        #expect(line.contains("a later major version") && line.contains("brew reinstall xcstrings-merge"), "\(line)")
        #expect(line.contains("Tried: not found at \(folder.path)/\(Libgit2.fileName)"), "\(line)")
    }

    /// A library that says it is a later 1.x than the built one (as after `brew upgrade
    /// libgit2`): a small library of the later file name that reports that version and takes
    /// every other function from the real library it links to. doctor names the mismatch with
    /// the command that fixes it, and any other command that opened it says so in one line on
    /// standard error; with the built version nothing is said.
    @Test func aLaterVersionThanTheBuiltOneIsNamedWithHowToRebuild() throws {
        guard let real = Self.realLibrary else { print("no \(Libgit2.fileName) in the usual folders; skipped"); return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let built = Libgit2.builtVersion
        let laterMinor = built.minor + 3
        let source = try directory.write("later.c", """
            int git_libgit2_version(int *major, int *minor, int *rev) { *major = \(built.major); *minor = \(laterMinor); *rev = 0; return 0; }

            """)
        let folder = directory.file("later")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let library = folder.appendingPathComponent(SharedLibraries.fileName("git2", version: "\(built.major).\(laterMinor)")).path
        // GNU ld drops a library no symbol of which is used unless told not to; Apple's ld keeps it.
        #if os(Linux)
        let keepTheLink = ["-Wl,--no-as-needed"]
        #else
        let keepTheLink: [String] = []
        #endif
        let compiled = try run(URL(fileURLWithPath: "/usr/bin/env"), ["cc", "-shared", "-fPIC", "-o", library, source.path] + keepTheLink + [real], in: directory.url)
        guard compiled.status == 0 else { print("no C compiler to make the stand-in library (\(compiled.stderr)); skipped"); return }

        let doctor = try runTool(["doctor"], in: directory.url, environment: ["XCSTRINGS_MERGE_LIBGIT2": folder.path])
        #expect(doctor.stdout.contains("libgit2: \(built.major).\(laterMinor).0"), "\(doctor.stdout)\(doctor.stderr)")
        #expect(doctor.stdout.contains("not the \(built.major).\(built.minor) this build was compiled against"), "\(doctor.stdout)")
        #expect(doctor.stdout.contains("brew reinstall xcstrings-merge"), "\(doctor.stdout)")

        let repo = try GitSandbox()
        defer { repo.remove() }
        var environment = repo.environment
        environment["XCSTRINGS_MERGE_LIBGIT2"] = folder.path
        let resolve = try run(Paths.tool, ["resolve", "--list"], in: repo.root, environment: environment)
        #expect(resolve.status == 0, "\(resolve.stderr)")
        let notices = resolve.stderr.split(separator: "\n").filter { $0.contains("brew reinstall xcstrings-merge") }
        #expect(notices.count == 1, "\(resolve.stderr)")
        let quiet = try run(Paths.tool, ["resolve", "--list"], in: repo.root, environment: repo.environment)
        #expect(quiet.status == 0 && !quiet.stderr.contains("brew reinstall"), "\(quiet.stderr)")
    }

    /// A relative override would be looked up from the current folder, which for a merge driver
    /// is the repository: a library there with a constructor would run in the tool. Only absolute
    /// paths are accepted, and the message says so.
    @Test func aRelativeOverrideLoadsNothingFromTheRepository() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        let marker = repo.directory.file("constructor-ran")
        let source = try repo.directory.write("evil.c", """
            #include <stdio.h>
            __attribute__((constructor)) static void ran(void) { FILE *f = fopen("\(marker.path)", "w"); if (f) fclose(f); }

            """)
        let library = repo.root.appendingPathComponent("lib/" + Libgit2.fileName)
        try FileManager.default.createDirectory(at: library.deletingLastPathComponent(), withIntermediateDirectories: true)
        let compiled = try run(URL(fileURLWithPath: "/usr/bin/env"), ["cc", "-shared", "-fPIC", "-o", library.path, source.path])
        guard compiled.status == 0 else { print("no C compiler to make the library (\(compiled.stderr)); skipped"); return }
        for override in ["lib", "./lib/" + Libgit2.fileName, "lib/"] {
            var environment = repo.environment
            environment["XCSTRINGS_MERGE_LIBGIT2"] = override
            for command in [["check"], ["doctor"]] {
                let result = try run(Paths.tool, command, in: repo.root, environment: environment)
                #expect(!FileManager.default.fileExists(atPath: marker.path), "\(override) \(command): the repository's library ran")
                #expect((result.stdout + result.stderr).contains("must be an absolute path"), "\(override) \(command): \(result.stdout)\(result.stderr)")
            }
        }
        // The same library named absolutely does load: the check above can fail.
        var environment = repo.environment
        environment["XCSTRINGS_MERGE_LIBGIT2"] = library.path
        _ = try run(Paths.tool, ["doctor"], in: repo.root, environment: environment)
        #expect(FileManager.default.fileExists(atPath: marker.path))
    }

    @Test(arguments: [
        ("libgit2.so.1.10", SharedLibraries.System.linux, 10),
        ("libgit2.so.1.9", .linux, 9),
        ("libgit2.so.1.9.7", .linux, nil),
        ("libgit2.so.2.0", .linux, nil),
        ("libgit2.so", .linux, nil),
        ("libgit2.1.10.dylib", .darwin, 10),
        ("libgit2.1.9.0.dylib", .darwin, nil),
        ("libgit2.dylib", .darwin, nil),
        ("libgit2.1.x.dylib", .darwin, nil),
        ("libgit2.so.1.10", .darwin, nil),
    ] as [(String, SharedLibraries.System, Int?)])
    func laterVersionFileNames(file: String, system: SharedLibraries.System, minor: Int?) {
        #expect(SharedLibraries.minorVersion(ofFile: file, library: "git2", major: 1, system: system) == minor)
    }

    @Test func laterVersionsAreTriedHighestFirstAndOnlyAboveTheBuiltOne() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for name in ["libgit2.1.8.dylib", "libgit2.1.9.dylib", "libgit2.1.10.dylib", "libgit2.1.11.dylib", "libgit2.dylib", "libgit2.2.0.dylib"] {
            _ = try directory.write("a/" + name, "")
        }
        _ = try directory.write("b/libgit2.1.12.dylib", "")
        let found = SharedLibraries.laterMinorVersions(of: "git2", major: 1, after: 9, in: [directory.file("a").path, directory.file("missing").path, directory.file("b").path], system: .darwin)
        #expect(found == [directory.file("b/libgit2.1.12.dylib").path, directory.file("a/libgit2.1.11.dylib").path, directory.file("a/libgit2.1.10.dylib").path])
        #expect(Libgit2.accepts(major: Libgit2.builtVersion.major, minor: Libgit2.builtVersion.minor))
        #expect(Libgit2.accepts(major: Libgit2.builtVersion.major, minor: Libgit2.builtVersion.minor + 1))
        #expect(!Libgit2.accepts(major: Libgit2.builtVersion.major, minor: Libgit2.builtVersion.minor - 1))
        #expect(!Libgit2.accepts(major: Libgit2.builtVersion.major + 1, minor: 0))
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
