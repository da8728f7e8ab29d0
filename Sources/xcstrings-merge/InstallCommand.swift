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
            var changed = false
            /// Sets `name` to `value`, keeping a value of the user's own that it replaces.
            func set(_ name: String, _ value: String) throws -> Bool {
                let current = try target.config.string(name)
                guard current != value else { return false }
                if let current, !DriverSetup.Record.isOurs(current), try target.config.string(DriverSetup.Record.previous(name)) == nil {
                    try DriverSetup.setConfig(DriverSetup.Record.previous(name), current, in: target.configFile)
                    Output.out("kept your \(name) ('\(current)'): uninstall puts it back\n")
                }
                try DriverSetup.setConfig(name, value, in: target.configFile)
                return true
            }
            // The attributes file first: when it cannot be written (a read-only folder), nothing
            // else has changed yet, so no half install is left.
            let existed = FileBytes.exists(target.attributesFile)
            let existing = (try? FileBytes.read(target.attributesFile)) ?? []
            let missing = DriverSetup.attributesLines.filter { !DriverSetup.hasAttributesLine(existing, $0) }
            if !missing.isEmpty {
                var bytes = existing
                let addedNewline = bytes.last.map { $0 != 0x0A } ?? false
                if addedNewline { bytes.append(0x0A) }
                for line in missing { bytes += Array((line + "\n").utf8) }
                try DriverSetup.createParent(of: target.attributesFile)
                try FileBytes.writeAtomically(bytes, to: target.attributesFile)
                // Then what was done to it, for uninstall.
                let recorded = try target.config.string(DriverSetup.Record.addedAttributes)?.split(separator: " ").map(String.init) ?? []
                let added = missing.map { $0 == DriverSetup.attributesLine ? "merge" : "diff" }
                try DriverSetup.setConfig(DriverSetup.Record.addedAttributes, Array(Set(recorded + added)).sorted().joined(separator: " "), in: target.configFile)
                if !existed { try DriverSetup.setConfig(DriverSetup.Record.createdAttributesFile, "true", in: target.configFile) }
                if addedNewline { try DriverSetup.setConfig(DriverSetup.Record.addedFinalNewline, "true", in: target.configFile) }
                for line in missing { Output.out("added '\(line)' to \(target.attributesFile)\n") }
                if target.scope == "local" {
                    Output.out("commit .gitattributes (git add .gitattributes && git commit): until it is committed the drivers are off on other branches and for the rest of your team\n")
                }
                changed = true
            }
            if try set("merge.xcstrings.name", DriverSetup.driverName) { changed = true }
            if try set("merge.xcstrings.driver", driver) {
                Output.out("set merge.xcstrings.driver in \(target.configFile):\n  \(driver)\n")
                changed = true
            }
            let textconv = DriverSetup.textconvCommand(binary: binary)
            if try set("diff.xcstrings.textconv", textconv) {
                Output.out("set diff.xcstrings.textconv in \(target.configFile): git diff, show, log -p and blame show catalogs as strings (--no-textconv: the JSON)\n")
                changed = true
            }
            // git keeps each version's lines (in refs/notes/textconv/xcstrings), so that a long
            // `git log -p` converts each version once, not on every run.
            if try set("diff.xcstrings.cachetextconv", "true") { changed = true }
            if !changed {
                Output.out("already installed (\(target.scope)): nothing to change\n")
            }
        } catch {
            Output.err("xcstrings-merge install: \(error)\n")
            return .error
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
            OVERVIEW: Remove the merge driver settings, the attributes line and the pre-commit hook
            that install added, and nothing else.

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
        do {
            var changed = false
            // What install recorded, read before any of it is unset.
            var previous: [String: String] = [:]
            for name in DriverSetup.Record.settings {
                if let value = try target.config.string(DriverSetup.Record.previous(name)) { previous[name] = value }
            }
            let addedAttributes = try target.config.string(DriverSetup.Record.addedAttributes).map { $0.split(separator: " ").map(String.init) }
            let addedFinalNewline = try target.config.string(DriverSetup.Record.addedFinalNewline) == "true"
            let createdAttributesFile = try target.config.string(DriverSetup.Record.createdAttributesFile) == "true"
            for record in DriverSetup.Record.all { _ = try DriverSetup.unsetConfig(record, in: target.configFile) }
            for name in ["merge.xcstrings.driver", "merge.xcstrings.name"] where try DriverSetup.unsetConfig(name, in: target.configFile) {
                changed = true
            }
            var diffRemoved = false
            for name in ["diff.xcstrings.textconv", "diff.xcstrings.cachetextconv"] where try DriverSetup.unsetConfig(name, in: target.configFile) {
                diffRemoved = true
            }
            if changed || diffRemoved {
                // git leaves an empty [merge "xcstrings"] header behind; take it away too.
                if let bytes = try? FileBytes.read(target.configFile) {
                    let cleaned = removingEmptySection(bytes)
                    if cleaned.isEmpty && !FileBytes.isSymbolicLink(target.configFile) {
                        unlink(target.configFile)
                    } else if cleaned != bytes {
                        try FileBytes.writeAtomically(cleaned, to: target.configFile)
                    }
                }
                if changed { Output.out("removed merge.xcstrings from \(target.configFile)\n") }
                if diffRemoved { Output.out("removed diff.xcstrings from \(target.configFile)\n") }
                changed = true
            }
            for (name, value) in previous.sorted(by: { $0.key < $1.key }) {
                try DriverSetup.setConfig(name, value, in: target.configFile)
                Output.out("put back your \(name) ('\(value)')\n")
            }
            // The lines install added (all of ours, for an install that kept no record).
            let ours = addedAttributes.map { added in
                DriverSetup.attributesLines.filter { added.contains($0 == DriverSetup.attributesLine ? "merge" : "diff") }
            } ?? DriverSetup.attributesLines
            if let existing = try? FileBytes.read(target.attributesFile),
                case let present = ours.filter({ DriverSetup.hasAttributesLine(existing, $0) }), !present.isEmpty
            {
                let kept = DriverSetup.lines(existing).filter { !present.contains($0.trimmingWhitespace()) }
                var text = kept.joined(separator: "\n")
                if addedFinalNewline && text.hasSuffix("\n") { text.removeLast() }
                let removeFile = addedAttributes == nil || createdAttributesFile
                if text.isEmpty && removeFile && !FileBytes.isSymbolicLink(target.attributesFile) {
                    unlink(target.attributesFile)
                } else {
                    try FileBytes.writeAtomically(Array(text.utf8), to: target.attributesFile)
                }
                for line in present { Output.out("removed '\(line)' from \(target.attributesFile)\n") }
                changed = true
            }
            if target.scope == "local", let repository = try? Repository.openIfPresent() {
                // The hook install --hook wrote (recognised by its first lines); another is not ours.
                let hook = DriverSetup.hookFile(repository)
                if let text = (try? FileBytes.read(hook)).map({ String(decoding: $0, as: UTF8.self) }) {
                    if text.hasPrefix("#!/bin/sh\n" + DriverSetup.hookSignature) {
                        unlink(hook)
                        Output.out("removed the pre-commit hook \(hook)\n")
                        changed = true
                    } else if DriverSetup.runsCheck(text) {
                        Output.out("the pre-commit hook \(hook) is not the one install wrote; remove its 'xcstrings-merge check' line yourself\n")
                    }
                }
                // A local uninstall leaves the global registration working here: say so.
                if let global = try? DriverSetup.target(global: true),
                    ((try? global.config.string("merge.xcstrings.driver")) ?? nil) != nil
                {
                    Output.out("the global registration in \(global.configFile) still merges catalogs here; 'xcstrings-merge uninstall --global' removes it\n")
                }
            }
            if !changed { Output.out("not installed (\(target.scope)): nothing to remove\n") }
        } catch {
            Output.err("xcstrings-merge uninstall: \(error)\n")
            return .error
        }
        return .success
    }

    /// The config text without a `[merge "xcstrings"]` or `[diff "xcstrings"]` section that has
    /// no entries left.
    static func removingEmptySection(_ bytes: [UInt8]) -> [UInt8] {
        var lines = DriverSetup.lines(bytes)
        var i = 0
        while i < lines.count {
            if ["[merge \"xcstrings\"]", "[diff \"xcstrings\"]"].contains(lines[i].trimmingWhitespace()) {
                var j = i + 1
                while j < lines.count && lines[j].trimmingWhitespace().isEmpty && j + 1 < lines.count { j += 1 }
                let sectionEnds = j >= lines.count || lines[j].trimmingWhitespace().hasPrefix("[") || lines[j].trimmingWhitespace().isEmpty
                if sectionEnds {
                    lines.removeSubrange(i..<min(j, lines.count))
                    continue
                }
            }
            i += 1
        }
        let text = lines.joined(separator: "\n")
        return text.allSatisfy({ $0 == "\n" }) ? [] : Array(text.utf8)
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
