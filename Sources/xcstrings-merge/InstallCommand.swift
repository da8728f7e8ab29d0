#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import XcstringsMergePlatform
import CatalogMerge
import GitSupport
import MergeSession
import StringCatalog

enum InstallCommand {
    static let command = Command(
        name: "install",
        summary: "Register the merge driver in git config and attributes.",
        usage: [""],
        help: """
            OVERVIEW: Register the merge driver: git config merge.xcstrings.* and the line
            '*.xcstrings merge=xcstrings' in the attributes file. Safe to run again.

            {usage}

            {options}

            EXAMPLES:
              xcstrings-merge install
              xcstrings-merge install --hook
              xcstrings-merge install --global

            """,
        options: InstallCommand.options,
        operands: .none,
        run: run)

    static let options: [Arguments.Option] = [
        .init(names: ["--local"], takesValue: false, summary: "This repository: its config and .gitattributes (default inside a repository)."),
        .init(names: ["--global"], takesValue: false, summary: "Your global config and global attributes file (core.attributesFile, else ~/.config/git/attributes)."),
        .init(names: ["--binary"], takesValue: true, value: .file, summary: "The binary the driver runs (default: this one, by absolute path, so GUI clients with another PATH find it).", valueName: "<path>"),
        .init(names: ["--hook"], takesValue: false, summary: "Also write this repository's pre-commit hook, which runs 'check --staged': a commit with an invalid catalog or an unresolved merge conflict in one stops (an existing hook is left as it is, with the line to add said)."),
    ]

    static func scope(_ parsed: Arguments, command: String) throws(UsageError) -> Bool? {
        if parsed.flag("--local") && parsed.flag("--global") {
            throw UsageError(message: "--local and --global exclude each other", command: command)
        }
        if parsed.flag("--global") { return true }
        if parsed.flag("--local") { return false }
        return nil
    }

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "install", options: command.options)
        if let extra = parsed.positionals.first {
            throw UsageError(message: "unexpected argument '\(extra)'", command: "install")
        }
        let requested = try scope(parsed, command: "install")
        let target = try setupTarget(global: requested, command: "install")
        if requested == nil && target.scope == "global" {
            // A repository git refuses (owned by another user, not in safe.directory) is not
            // "no repository": installing for every repository instead would be a surprise.
            let probe = Subprocess.run(["git", "rev-parse", "--git-dir"])
            if probe.status != 0, probe.errorOutput.contains("safe.directory") || probe.errorOutput.contains("dubious ownership") {
                let reason = probe.errorOutput.split(separator: "\n").first.map(String.init) ?? "dubious ownership"
                Output.err("xcstrings-merge install: git refuses this repository (\(reason.trimmingWhitespace())): nothing was installed; if you trust it, add it to safe.directory as git says, or use --global to install for every repository\n")
                return .error
            }
            Output.out("not inside a git repository: installing for every repository of yours (--global)\n")
        }
        let binary = parsed.value("--binary") ?? DriverSetup.stableBinaryPath(Subprocess.executablePath)
        let driver = DriverSetup.driverCommand(binary: binary, gitVersion: Subprocess.gitVersion)
        // A repository's own .gitattributes that is a link leading out of it (to ~/.gitconfig)
        // must not make install write there: refused before anything is changed.
        if let refusal = DriverSetup.attributesRefusal(target) {
            Output.err("xcstrings-merge install: \(refusal)\n")
            return .error
        }
        do {
            let changed = try DriverSetup.install(into: target, binary: binary, driver: driver) { Output.out(describe($0) + "\n") }
            if !changed { Output.out("already installed (\(target.scope)): nothing to change\n") }
        } catch {
            Output.err("xcstrings-merge install: \(error)\n")
            return .error
        }
        // The history's catalog versions converted now, in one process, so that the first
        // git log -p does not start the converter once per version.
        if let repository = try? Repository.openIfPresent() {
            _ = TextconvCommand.reportFill(in: repository, command: "install", quietWhenNothing: true)
        }
        if parsed.flag("--hook") {
            return installHook(binary: binary)
        }
        // Offered only where no hook of ours runs yet.
        if target.scope == "local", let repository = try? Repository.openIfPresent(),
            let text = (try? FileBytes.read(DriverSetup.hookFile(repository))).map({ String(decoding: $0, as: UTF8.self) }), DriverSetup.runsCheck(text)
        {
            return .success
        }
        Output.out(target.scope == "global"
            ? "to stop a commit that would drop an unresolved conflict, run 'xcstrings-merge install --hook' in each repository (or use the pre-commit framework's hook, .pre-commit-hooks.yaml)\n"
            : "to stop a commit that would drop an unresolved conflict: xcstrings-merge install --hook\n")
        return .success
    }

    /// Writes the repository's `pre-commit` hook (in `core.hooksPath` when that is set), unless
    /// one is there already: that one is left as it is, and what to add to it is said.
    static func installHook(binary: String) -> ExitStatus {
        let repository: Repository
        do {
            guard let found = try Repository.openIfPresent() else {
                Output.err("xcstrings-merge install: --hook needs a git repository (hooks belong to one)\n")
                return .error
            }
            repository = found
        } catch {
            Output.err("xcstrings-merge install: \(error.message)\n")
            return .error
        }
        let file = DriverSetup.hookFile(repository)
        let line = DriverSetup.hookLine(binary: binary)
        if let existing = try? FileBytes.read(file) {
            let text = String(decoding: existing, as: UTF8.self)
            if DriverSetup.runsCheck(text) {
                Output.out("pre-commit hook: \(file) runs 'xcstrings-merge check --staged' already\n")
            } else {
                Output.out("pre-commit hook: \(file) exists and was left as it is; add this line to it:\n  \(line.dropFirst("exec ".count))\n")
            }
            return .success
        }
        let script = "#!/bin/sh\n\(DriverSetup.hookSignature): a commit stops while a staged catalog is\n# invalid or holds a merge conflict nobody settled (xcstrings-merge resolve); a layout\n# other than Xcode's is a warning (git config xcstrings-merge.layout error: an error).\n\(line)\n"
        do {
            try DriverSetup.createParent(of: file)
            try FileBytes.writeAtomically(Array(script.utf8), to: file)
        } catch {
            Output.err("xcstrings-merge install: \(error.reason)\n")
            return .error
        }
        guard chmod(file, 0o755) == 0 else {
            Output.err("xcstrings-merge install: \(file): cannot make it executable\n")
            return .error
        }
        Output.out("wrote the pre-commit hook \(file): 'xcstrings-merge check --staged' before each commit\n")
        return .success
    }
}

enum UninstallCommand {
    static let command = Command(
        name: "uninstall",
        summary: "Remove exactly what install added.",
        usage: [""],
        help: """
            OVERVIEW: Remove the merge driver settings, the attributes line, the pre-commit hook
            and git's textconv cache of catalogs (refs/notes/textconv/xcstrings) that install
            added, and nothing else.

            {usage}

            {options}

            """,
        options: [
            InstallCommand.options[0].with(summary: "This repository (default inside a repository)."),
            InstallCommand.options[1].with(summary: "Your global config and attributes file."),
        ],
        operands: .none,
        run: run)

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "uninstall", options: command.options)
        if let extra = parsed.positionals.first {
            throw UsageError(message: "unexpected argument '\(extra)'", command: "uninstall")
        }
        let scope = try InstallCommand.scope(parsed, command: "uninstall")
        // Outside a repository only --global may take the global registration away.
        if scope == nil, (try? Repository.openIfPresent()) ?? nil == nil {
            throw UsageError(message: "not inside a git repository; to remove the global registration, use --global", command: "uninstall")
        }
        let target = try setupTarget(global: scope, command: "uninstall")
        if let refusal = DriverSetup.attributesRefusal(target) {
            Output.err("xcstrings-merge uninstall: \(refusal)\n")
            return .error
        }
        // git's textconv cache of this repository goes with the driver it was made for.
        let repository = target.scope == "local" ? (try? Repository.openIfPresent()) ?? nil : nil
        let converter = repository.flatMap(TextconvCache.converterCommand)
        do {
            var changed = try DriverSetup.uninstall(from: target) { Output.out(InstallCommand.describe($0) + "\n") }
            if let repository, let converter, try TextconvCache.remove(from: repository, madeFor: converter) {
                Output.out("removed git's textconv cache (\(TextconvCache.reference))\n")
                changed = true
            }
            if !changed { Output.out("not installed (\(target.scope)): nothing to remove\n") }
        } catch {
            Output.err("xcstrings-merge uninstall: \(error)\n")
            return .error
        }
        return .success
    }
}

/// Where install and uninstall write (`DriverSetup.target`), a failure told as the command's.
func setupTarget(global: Bool?, command: String) throws(UsageError) -> DriverSetup.Target {
    do {
        return try DriverSetup.target(global: global)
    } catch {
        throw UsageError(message: error.message, command: command, pointsToHelp: error.isMisuse)
    }
}

extension InstallCommand {
    /// What install and uninstall say of a step.
    static func describe(_ step: DriverSetup.Step) -> String {
        switch step {
        case .keptSetting(let name, let value): return "kept your \(name) ('\(value)'): uninstall puts it back"
        case .addedAttribute(let line, let file): return "added '\(line)' to \(file)"
        case .attributesToCommit:
            return "commit .gitattributes (git add .gitattributes && git commit): until it is committed the drivers are off on other branches and for the rest of your team"
        case .setDriver(let file, let command): return "set merge.xcstrings.driver in \(file):\n  \(command)"
        case .setTextconv(let file):
            return "set diff.xcstrings.textconv in \(file): git diff, show, log -p and blame show catalogs as strings (--no-textconv: the JSON)"
        case .removedSection(let section, let file): return "removed \(section) from \(file)"
        case .restoredSetting(let name, let value): return "put back your \(name) ('\(value)')"
        case .removedAttribute(let line, let file): return "removed '\(line)' from \(file)"
        case .removedHook(let hook): return "removed the pre-commit hook \(hook)"
        case .foreignHook(let hook): return "the pre-commit hook \(hook) is not the one install wrote; remove its 'xcstrings-merge check' line yourself"
        case .globalStillActive(let file):
            return "the global registration in \(file) still merges catalogs here; 'xcstrings-merge uninstall --global' removes it"
        }
    }
}
