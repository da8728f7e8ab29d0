import Foundation
import Testing
import XcstringsMergeTestSupport

/// `install.sh` on each system it supports, run for real with stand-ins on PATH for the
/// commands that would change the machine or that differ between systems (`uname`, `brew`,
/// `pkg-config`, `apt-get`, `swift`, `id`, `sudo`). Each stand-in writes its arguments to a log.
/// The script runs under this system's bash and under macOS's bash 3.2, which a Mac runs it with.
@Suite struct InstallScriptTests {
    struct Simulation {
        let directory: TemporaryDirectory
        var log: URL { directory.file("log") }
        var brewPrefix: URL { directory.file("homebrew") }
        var state: URL { directory.file("state") }

        /// Stand-ins for a machine that reports `system` and starts without libgit2.
        init(system: String, uid: Int, withBrew: Bool, swiftVersion: String = "Apple Swift version 6.1 (swiftlang-6.1.0.110.21 clang-1700.0.13.3)") throws {
            directory = try TemporaryDirectory()
            let bin = directory.file("standins")
            try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: brewPrefix.appendingPathComponent("bin"), withIntermediateDirectories: true)
            let log = self.log.path, state = self.state.path
            var scripts: [String: String] = [
                "uname": "echo \(system)",
                "id": "case \"$1\" in -u) echo \(uid);; -un) echo tester;; *) echo 'uid=\(uid)';; esac",
                "sudo": "echo \"sudo $*\" >> '\(log)'; exec \"$@\"",
                "pkg-config": "echo \"pkg-config $*\" >> '\(log)'; [ -e '\(state)/libgit2' ]",
                "apt-get": "echo \"apt-get $*\" >> '\(log)'; touch '\(state)/libgit2'",
                "swift": """
                    echo "swift $*" >> '\(log)'
                    case " $* " in *" --show-bin-path "*) echo '\(state)/products'; exit 0;; esac
                    case " $* " in *" --version "*) echo '\(swiftVersion)'; exit 0;; esac
                    mkdir -p '\(state)/products'
                    printf '#!/bin/sh\\necho "tool $*" >> "\(log)"\\n' > '\(state)/products/xcstrings-merge'
                    chmod +x '\(state)/products/xcstrings-merge'
                    """,
            ]
            if withBrew {
                scripts["brew"] = """
                    echo "brew $*" >> '\(log)'
                    case "$1" in --prefix) echo '\(brewPrefix.path)';; install) touch '\(state)/libgit2';; esac
                    """
            }
            for (name, body) in scripts {
                let file = bin.appendingPathComponent(name)
                try Data("#!/bin/sh\n\(body)\n".utf8).write(to: file)
                try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
            }
        }

        func runInstall(_ arguments: [String] = [], environment: [String: String] = [:], shell: ScriptShell = .systemBash) throws -> (result: ProcessResult, log: String) {
            var env = environment
            env["PATH"] = directory.file("standins").path + ":/usr/bin:/bin"
            env["HOME"] = directory.url.path
            let result = try run(
                shell.url, [Paths.packageRoot.appendingPathComponent("install.sh").path] + arguments,
                environment: env)
            let log = (try? String(contentsOf: self.log, encoding: .utf8)) ?? ""
            return (result, log)
        }
    }

    @Test(arguments: ScriptShell.available)
    func onAMacItUsesHomebrewAndInstallsUnderItsPrefix(shell: ScriptShell) throws {
        let mac = try Simulation(system: "Darwin", uid: 501, withBrew: true)
        defer { mac.directory.remove() }
        let (result, log) = try mac.runInstall(shell: shell)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(log.contains("brew install libgit2 pkgconf"), "\(log)")
        #expect(!log.contains("apt-get"))
        #expect(!log.contains("--static-swift-stdlib"))
        #expect(!log.contains("sudo"), "no sudo for a prefix the user owns")
        #expect(log.contains("swift build -c release --product xcstrings-merge"))
        let installed = mac.brewPrefix.appendingPathComponent("bin/xcstrings-merge").path
        #expect(FileManager.default.isExecutableFile(atPath: installed))
        #expect(log.contains("tool install --global --binary \(installed)"), "\(log)")
        #expect(log.contains("tool demo"))
        // The stand-in PATH has no xcstrings-merge: the shell would not find this one.
        #expect(result.stderr.contains("is not first on PATH for xcstrings-merge"), "\(result.stderr)")
    }

    /// `--no-global` leaves the user's global git configuration alone.
    @Test(arguments: ScriptShell.available)
    func noGlobalLeavesTheGlobalConfigurationAlone(shell: ScriptShell) throws {
        let mac = try Simulation(system: "Darwin", uid: 501, withBrew: true)
        defer { mac.directory.remove() }
        let (result, log) = try mac.runInstall(["--no-global"], shell: shell)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!log.contains("tool install"), "\(log)")
        #expect(log.contains("tool demo"))
        #expect(result.stdout.contains("run 'xcstrings-merge install' in each repository"), "\(result.stdout)")
        let (wrong, _) = try mac.runInstall(["--nope"], shell: shell)
        #expect(wrong.status == 2)
        #expect(wrong.stderr.contains("unknown option '--nope'"))
        let (help, _) = try mac.runInstall(["--help"], shell: shell)
        #expect(help.status == 0)
        #expect(help.stdout.hasPrefix("Installs xcstrings-merge"), "\(help.stdout)")
        #expect(help.stdout.contains("--no-demo") && !help.stdout.contains("set -euo"), "\(help.stdout)")
    }

    /// The GitHub Action builds with `--no-demo`; with a cached binary it only makes sure of
    /// libgit2 (`--libgit2-only`).
    @Test(arguments: ScriptShell.available)
    func theActionsOptionsSkipTheDemonstrationOrEverythingButLibgit2(shell: ScriptShell) throws {
        let mac = try Simulation(system: "Darwin", uid: 501, withBrew: true)
        defer { mac.directory.remove() }
        let (result, log) = try mac.runInstall(["--no-global", "--no-demo"], shell: shell)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(log.contains("swift build -c release --product xcstrings-merge"), "\(log)")
        #expect(!log.contains("tool demo"), "\(log)")
        let linux = try Simulation(system: "Linux", uid: 0, withBrew: false, swiftVersion: "")
        defer { linux.directory.remove() }
        let (only, onlyLog) = try linux.runInstall(["--libgit2-only"], shell: shell)
        #expect(only.status == 0, "no Swift is needed for it: \(only.stderr)")
        #expect(onlyLog.contains("apt-get install -y -qq libgit2-dev pkg-config"), "\(onlyLog)")
        #expect(!onlyLog.contains("swift"), "\(onlyLog)")
    }

    /// A PREFIX that does not exist yet under a folder the user owns is made by the user: sudo
    /// would leave root-owned folders in the home folder (PREFIX=~/.local).
    @Test(arguments: ScriptShell.available)
    func aNewPrefixUnderTheUsersOwnFolderNeedsNoSudo(shell: ScriptShell) throws {
        let linux = try Simulation(system: "Linux", uid: 1000, withBrew: false)
        defer { linux.directory.remove() }
        _ = FileManager.default.createFile(atPath: linux.state.appendingPathComponent("libgit2").path, contents: nil)
        let prefix = linux.directory.file("home/.local").path
        let (result, log) = try linux.runInstall(["--no-demo"], environment: ["PREFIX": prefix], shell: shell)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(!log.contains("sudo"), "\(log)")
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/xcstrings-merge"))
    }

    @Test func onAMacWithLibgit2ItInstallsNothingMore() throws {
        let mac = try Simulation(system: "Darwin", uid: 501, withBrew: true)
        defer { mac.directory.remove() }
        _ = FileManager.default.createFile(atPath: mac.state.appendingPathComponent("libgit2").path, contents: nil)
        let (result, log) = try mac.runInstall()
        #expect(result.status == 0, "\(result.stderr)")
        #expect(!log.contains("brew install"))
        #expect(log.contains("brew --prefix"))
    }

    @Test func onAMacWithoutHomebrewItSaysWhatToDo() throws {
        let mac = try Simulation(system: "Darwin", uid: 501, withBrew: false)
        defer { mac.directory.remove() }
        let (result, log) = try mac.runInstall()
        #expect(result.status == 1)
        #expect(result.stderr.contains("libgit2 is missing and Homebrew is not installed"))
        #expect(!log.contains("apt-get"))
        #expect(!log.contains("swift build"))
    }

    /// The code has been compiled by Swift 6.1 and later only: an older one is named before
    /// anything is installed or built.
    @Test(arguments: [
        ("Darwin", "Apple Swift version 6.0.3 (swiftlang-6.0.3.1.10 clang-1600.0.30.1)", "found 6.0"),
        ("Darwin", "", "found none"),
        ("Linux", "Swift version 5.10.1 (swift-5.10.1-RELEASE)", "found 5.10"),
    ])
    func anOlderSwiftIsNamedBeforeAnythingIsInstalled(system: String, version: String, found: String) throws {
        let machine = try Simulation(system: system, uid: 501, withBrew: true, swiftVersion: version)
        defer { machine.directory.remove() }
        let (result, log) = try machine.runInstall(shell: ScriptShell.available.last!)
        #expect(result.status == 1)
        #expect(result.stderr.contains("needs Swift 6.1 or later; \(found)"), "\(result.stderr)")
        #expect(result.stderr.contains("Xcode 16.3") == (system == "Darwin"))
        #expect(!log.contains("brew install") && !log.contains("apt-get") && !log.contains("swift build"), "\(log)")
    }

    @Test(arguments: ScriptShell.available)
    func onLinuxItUsesAptAndStaticSwiftAndCxxRuntimes(shell: ScriptShell) throws {
        let linux = try Simulation(system: "Linux", uid: 0, withBrew: false)
        defer { linux.directory.remove() }
        let prefix = linux.directory.file("prefix").path
        let (result, log) = try linux.runInstall(environment: ["PREFIX": prefix], shell: shell)
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(log.contains("apt-get install -y -qq libgit2-dev pkg-config"), "\(log)")
        #expect(!log.contains("brew"))
        // The Swift runtime linked in, and the C++ runtime too where the compiler finds its
        // archive (Scripts/release-flags.sh).
        let build = log.split(separator: "\n").first { $0.hasPrefix("swift build") && $0.hasSuffix("--product xcstrings-merge") }
        #expect(build?.hasPrefix("swift build -c release --static-swift-stdlib") == true, "\(log)")
        let archive = try? run(URL(fileURLWithPath: "/usr/bin/env"), ["cc", "-print-file-name=libstdc++.a"]).stdout
        if archive?.hasPrefix("/") == true {
            #expect(build?.contains("-Xlinker -L\(Paths.packageRoot.path)/.build/static-libstdc++") == true, "\(log)")
        }
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/xcstrings-merge"))
        #expect(log.contains("tool install --global --binary \(prefix)/bin/xcstrings-merge"))
        #expect(log.contains("tool demo"))
    }
}
