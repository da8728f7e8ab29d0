import Foundation
import Testing
import XcstringsMergeTestSupport

/// The Homebrew formula without Homebrew: its Ruby parses, its `install` (run through a stand-in
/// for Homebrew's DSL, `FormulaHarness/harness.rb`) builds with the flags install.sh uses and, on
/// Linux, Homebrew's libgit2 headers from pkg-config; its test opens libgit2 and merges through
/// git. Homebrew itself runs it in CI on GitHub (`brew install --HEAD`, `brew test`,
/// `brew audit --strict`).
@Suite struct FormulaTests {
    static let formula = Paths.packageRoot.appendingPathComponent("Formula/xcstrings-merge.rb")
    static let harness = Paths.packageRoot.appendingPathComponent("Tests/CLITests/FormulaHarness/harness.rb")

    static let ruby: URL? = ["/usr/bin/ruby", "/usr/local/bin/ruby", "/opt/homebrew/bin/ruby"]
        .map(URL.init(fileURLWithPath:)).first { FileManager.default.isExecutableFile(atPath: $0.path) }

    @Test(.enabled(if: ruby != nil, "no ruby here: the formula's Ruby is not run (apt-get install ruby)"))
    func theFormulaParses() throws {
        let result = try run(Self.ruby!, ["-c", Self.formula.path])
        #expect(result.status == 0 && result.stdout.contains("Syntax OK"), "\(result.stderr)")
    }

    /// The build line `install` runs on each system: install.sh's release flags (printed by
    /// Scripts/release-flags.sh), and on Linux, where Package.swift does not ask pkg-config,
    /// the include folder of Homebrew's libgit2 as pkg-config gives it.
    @Test(.enabled(if: ruby != nil, "no ruby here: the formula's install is not run"), arguments: ["linux", "macos"])
    func installBuildsAsInstallShDoes(system: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // A libgit2 as Homebrew on Linux lays it out, for pkg-config; `uname` says Darwin for a Mac.
        let pc = directory.file("pkgconfig")
        try FileManager.default.createDirectory(at: pc, withIntermediateDirectories: true)
        try Data("prefix=/home/linuxbrew/.linuxbrew/Cellar/libgit2/1.9.1\nincludedir=${prefix}/include\nName: libgit2\nDescription: git\nVersion: 1.9.1\nCflags: -I${includedir}\nLibs: -lgit2\n".utf8)
            .write(to: pc.appendingPathComponent("libgit2.pc"))
        let standins = directory.file("bin")
        try FileManager.default.createDirectory(at: standins, withIntermediateDirectories: true)
        if system == "macos" {
            try Data("#!/bin/sh\necho Darwin\n".utf8).write(to: standins.appendingPathComponent("uname"))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: standins.appendingPathComponent("uname").path)
        }
        let path = standins.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        let result = try run(Self.ruby!, [Self.harness.path, Self.formula.path, system], in: Paths.packageRoot,
                             environment: ["PKG_CONFIG_PATH": pc.path, "PATH": path])
        #expect(result.status == 0, "\(result.stderr)")
        let build = try #require(result.stdout.split(separator: "\n").first { $0.hasPrefix("system swift build") }, "\(result.stdout)")
        if system == "linux" {
            #expect(build.hasPrefix("system swift build --disable-sandbox -c release --static-swift-stdlib"), "\(build)")
            #expect(build.contains("-Xcc -I/home/linuxbrew/.linuxbrew/Cellar/libgit2/1.9.1/include"), "\(build)")
        } else {
            #expect(build == "system swift build --disable-sandbox -c release --product xcstrings-merge", "\(build)")
        }
        #expect(result.stdout.contains("bin.install /products/xcstrings-merge"), "\(result.stdout)")
        #expect(result.stdout.contains("license MIT"))
    }

    /// `brew test` must open libgit2 (install and doctor do) and merge through git, not only run
    /// commands that never load it.
    @Test func theFormulasTestOpensLibgit2AndMergesThroughGit() throws {
        let text = try String(contentsOf: Self.formula, encoding: .utf8)
        let test = try #require(text.firstRange(of: "test do").map { String(text[$0.lowerBound...]) })
        for needed in [#"system "git", "init""#, #"system bin/"xcstrings-merge", "install""#, "xcstrings-merge doctor", #"system "git", "merge""#, #"refute_match "<<<<<<<""#] {
            #expect(test.contains(needed), "the formula's test lacks \(needed)")
        }
    }

    /// install.sh and the formula build with the same flags: the script prints what install.sh
    /// sources, under each bash.
    @Test(arguments: ScriptShell.available)
    func releaseFlagsPrintWhatInstallShSources(shell: ScriptShell) throws {
        let printed = try run(shell.url, [Paths.packageRoot.appendingPathComponent("Scripts/release-flags.sh").path], in: Paths.packageRoot)
        let sourced = try run(shell.url, ["-c", "source Scripts/release-flags.sh && printf '%s\\n' \"${release_build_flags[@]}\""], in: Paths.packageRoot)
        #expect(printed.status == 0 && sourced.status == 0, "\(printed.stderr)\(sourced.stderr)")
        #expect(printed.stdout == sourced.stdout)
        #expect(printed.stdout.hasPrefix("-c\nrelease\n"), "\(printed.stdout)")
    }
}
