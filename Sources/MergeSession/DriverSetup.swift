#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import GitSupport
import StringCatalog
import XcstringsMergePlatform

/// Why the drivers cannot be set up or removed as asked.
public struct SetupError: Error, CustomStringConvertible {
    public var message: String
    /// True for a misuse of the command (not inside a working tree: use --global), false for a
    /// repository or configuration that cannot be read.
    public var isMisuse = true
    public var description: String { message }
}

/// Registering the drivers: git config `merge.xcstrings.*` and `diff.xcstrings.textconv`, and
/// a `.gitattributes` line for each.
public enum DriverSetup {
    public static let attributesLine = "*.xcstrings merge=xcstrings"
    /// git's diff, show, log -p and blame read catalogs through `textconv`; git add -p and git
    /// apply keep working on the raw file, as git requires of a textconv.
    public static let diffAttributesLine = "*.xcstrings diff=xcstrings"
    public static let attributesLines = [attributesLine, diffAttributesLine]
    public static let driverName = "Xcode String Catalog merge (xcstrings-merge)"

    /// The command git's diff driver runs on a catalog (the path quoted for git's shell).
    public static func textconvCommand(binary: String) -> String { "\(shellQuoted(binary)) textconv" }

    /// The driver command git runs. The binary path is quoted for the shell git uses; `%P` is
    /// quoted by git itself. Git 2.44 and later also pass the side labels.
    public static func driverCommand(binary: String, gitVersion: [Int]) -> String {
        var command = "\(shellQuoted(binary)) merge %O %A %B --path %P --marker-size %L"
        if gitVersion.lexicographicallyPrecedes([2, 44]) == false && !gitVersion.isEmpty {
            command += " --base-label %S --ours-label %X --theirs-label %Y"
        }
        return command
    }

    /// The path to register for `executable`: one that outlives upgrades. Homebrew runs a
    /// formula's binary from `<prefix>/Cellar/<name>/<version>/bin/<tool>`, a folder the next
    /// upgrade deletes, while `<prefix>/bin/<tool>` links to whichever version is current: when
    /// that link leads to this same file, it is the path to keep.
    public static func stableBinaryPath(_ executable: String, resolve: (String) -> String? = FilePaths.resolved) -> String {
        let parts = executable.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 6, let cellar = parts.lastIndex(of: "Cellar"), cellar == parts.count - 5,
            parts[parts.count - 2] == "bin"
        else { return executable }
        let prefix = parts[..<cellar].joined(separator: "/")
        let link = (prefix.isEmpty ? "" : prefix) + "/bin/" + parts[parts.count - 1]
        guard let target = resolve(link), target == resolve(executable) else { return executable }
        return link
    }

    /// Sets `name` in config file `file` with git itself: git keeps the file's mode (libgit2
    /// wrote a 0600 file back as 0644, showing tokens in remote URLs to other users) and writes
    /// through a symbolic link (a dotfiles `~/.gitconfig`) instead of replacing it.
    public static func setConfig(_ name: String, _ value: String, in file: String) throws(SetupError) {
        let result = Subprocess.run(["git", "config", "--file", file, name, value])
        guard result.status == 0 else {
            throw SetupError(message: "git config --file \(file) \(name): \(result.errorOutput.trimmingWhitespace())")
        }
    }

    /// Removes `name` from `file` with git itself (see `setConfig`); true when it was there.
    public static func unsetConfig(_ name: String, in file: String) throws(SetupError) -> Bool {
        let result = Subprocess.run(["git", "config", "--file", file, "--unset", name])
        // 5: not set.
        if result.status == 5 { return false }
        guard result.status == 0 else {
            throw SetupError(message: "git config --file \(file) --unset \(name): \(result.errorOutput.trimmingWhitespace())")
        }
        return true
    }

    public static func shellQuoted(_ text: String) -> String { ShellQuoting.quoted(text) }

    /// Why a repository's attributes file may not be written: a link leading out of the
    /// repository (a tracked `.gitattributes` pointing at `~/.gitconfig` would have install
    /// append to that). Nil for the global attributes file, which is the user's own.
    public static func attributesRefusal(_ target: Target) -> String? {
        guard target.scope == "local", WriteConfinement.refusal(for: target.attributesFile, followingSymlinks: false) != nil else { return nil }
        let destination = (try? AtomicFile.followingLinks(target.attributesFile)) ?? target.attributesFile
        return "\(target.attributesFile) is a symbolic link leading out of the repository (to \(destination)): nothing was changed; "
            + "a repository must not make the tool write elsewhere. Replace the link with a file, or edit the attributes by hand"
    }

    /// What install found and changed, kept beside its settings so that uninstall puts back
    /// exactly what was there: a setting of the user's own that install replaced is kept as
    /// `<name>-before-install`; `merge.xcstrings.added-attributes` lists the attributes lines
    /// it added (`merge`, `diff`), `added-final-newline` and `created-attributes-file` say what
    /// else it did to that file. An install from before these records has none: uninstall
    /// then removes both lines, as it always did.
    public enum Record {
        public static let settings = ["merge.xcstrings.name", "merge.xcstrings.driver", "diff.xcstrings.textconv", "diff.xcstrings.cachetextconv"]
        public static let addedAttributes = "merge.xcstrings.added-attributes"
        public static let addedFinalNewline = "merge.xcstrings.added-final-newline"
        public static let createdAttributesFile = "merge.xcstrings.created-attributes-file"
        public static let all = settings.map(previous) + [addedAttributes, addedFinalNewline, createdAttributesFile]

        public static func previous(_ name: String) -> String { name + "-before-install" }

        /// Whether a value of one of the settings is this tool's (an earlier install's), not
        /// the user's own.
        public static func isOurs(_ value: String) -> Bool {
            value == driverName || value.contains("xcstrings-merge")
        }
    }

    /// Where the settings go.
    public struct Target {
        public var config: Config
        public var configFile: String
        public var attributesFile: String
        public var scope: String
    }

    public static func target(global: Bool?) throws(SetupError) -> Target {
        let repository: Repository?
        do {
            repository = try Repository.openIfPresent()
        } catch {
            throw SetupError(message: "git configuration: \(error)", isMisuse: false)
        }
        let useGlobal = global ?? (repository == nil)
        do {
            if useGlobal {
                let config = try Config.userDefault()
                let attributes = try config.path("core.attributesFile") ?? defaultGlobalAttributesFile()
                guard let file = Config.globalFilePath ?? ProcessEnvironment.value("HOME").map({ $0 + "/.gitconfig" }) else {
                    throw SetupError(message: "cannot find the global git config file (is HOME set?)")
                }
                return Target(config: try config.level(.global), configFile: file, attributesFile: attributes, scope: "global")
            }
            guard let repository, let workingDirectory = repository.workingDirectory else {
                throw SetupError(message: "not inside a git working tree; use --global")
            }
            return Target(
                config: try repository.config().level(.local), configFile: repository.commonDirectory + "config",
                attributesFile: workingDirectory + ".gitattributes", scope: "local")
        } catch let error as SetupError {
            throw error
        } catch {
            throw SetupError(message: "git configuration: \(error)", isMisuse: false)
        }
    }

    public static func defaultGlobalAttributesFile() -> String {
        if let xdg = ProcessEnvironment.value("XDG_CONFIG_HOME"), !xdg.isEmpty { return xdg + "/git/attributes" }
        return (ProcessEnvironment.value("HOME") ?? "") + "/.config/git/attributes"
    }

    /// Lines of an attributes file, without their line ends.
    public static func lines(_ bytes: [UInt8]) -> [String] {
        String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    public static func hasAttributesLine(_ bytes: [UInt8], _ line: String = attributesLine) -> Bool {
        lines(bytes).contains { $0.trimmingWhitespace() == line }
    }

    /// The hook's command: `check --staged` fails on an invalid catalog and on a conflict a
    /// merge left unsettled; `--quiet`, so that a commit that passes says nothing.
    /// The hook stops what loses data (an unresolved conflict, an invalid catalog) and warns
    /// about layout alone, unless the repository enforces it (`git config xcstrings-merge.layout
    /// error`).
    public static func hookLine(binary: String) -> String {
        "exec \(DriverSetup.shellQuoted(binary)) check --staged --quiet --layout \"$(git config xcstrings-merge.layout || echo warning)\""
    }

    /// The first line of the hook `install --hook` writes: what `uninstall` removes.
    public static let hookSignature = "# Written by 'xcstrings-merge install --hook'"

    /// Whether a hook's text runs the check already.
    public static func runsCheck(_ text: String) -> Bool { text.contains("check --staged") && text.contains("xcstrings-merge") }

    /// The repository's `pre-commit` hook file (in `core.hooksPath` when that is set).
    public static func hookFile(_ repository: Repository) -> String {
        var folder = repository.commonDirectory + "hooks"
        if let configured = try? repository.config().path("core.hooksPath") {
            folder = configured.hasPrefix("/") ? configured : (repository.workingDirectory ?? repository.commonDirectory) + configured
        }
        return (folder.hasSuffix("/") ? String(folder.dropLast()) : folder) + "/pre-commit"
    }

    public static func createParent(of path: String) throws(FileError) {
        let parent = FileBytes.parentDirectory(of: path)
        if FileBytes.isDirectory(parent) { return }
        var folder = parent.hasPrefix("/") ? "" : "."
        for component in parent.split(separator: "/") {
            folder += "/" + component
            if !FileBytes.isDirectory(folder) && mkdir(folder, 0o755) != 0 {
                throw FileError(path: folder, reason: "cannot create the folder")
            }
        }
    }
}

extension DriverSetup {
    /// What install and uninstall did, one step at a time, for the command to say.
    public enum Step: Sendable {
        /// A setting of the user's own that install replaced, kept for uninstall.
        case keptSetting(name: String, value: String)
        case addedAttribute(line: String, file: String)
        /// A repository's `.gitattributes` changed: the team needs it committed.
        case attributesToCommit
        case setDriver(file: String, command: String)
        case setTextconv(file: String)
        case removedSection(String, file: String)
        case restoredSetting(name: String, value: String)
        case removedAttribute(line: String, file: String)
        case removedHook(String)
        /// A pre-commit hook that runs the check but is not the one install wrote: left.
        case foreignHook(String)
        /// A local uninstall leaves the global registration working in this repository.
        case globalStillActive(configFile: String)
    }

    /// Registers both drivers in `target`: its attributes file first (when it cannot be
    /// written, nothing else has changed yet), then the settings, each value of the user's own
    /// it replaces kept for uninstall. True when anything changed.
    public static func install(into target: Target, binary: String, driver: String, step: (Step) -> Void) throws -> Bool {
        var changed = false
        /// Sets `name` to `value`, keeping a value of the user's own that it replaces.
        func set(_ name: String, _ value: String) throws -> Bool {
            let current = try target.config.string(name)
            guard current != value else { return false }
            if let current, !Record.isOurs(current), try target.config.string(Record.previous(name)) == nil {
                try setConfig(Record.previous(name), current, in: target.configFile)
                step(.keptSetting(name: name, value: current))
            }
            try setConfig(name, value, in: target.configFile)
            return true
        }
        // The attributes file first: when it cannot be written (a read-only folder), nothing
        // else has changed yet, so no half install is left.
        let existed = FileBytes.exists(target.attributesFile)
        let existing = (try? FileBytes.read(target.attributesFile)) ?? []
        let missing = attributesLines.filter { !hasAttributesLine(existing, $0) }
        if !missing.isEmpty {
            var bytes = existing
            let addedNewline = bytes.last.map { $0 != 0x0A } ?? false
            if addedNewline { bytes.append(0x0A) }
            for line in missing { bytes += Array((line + "\n").utf8) }
            try createParent(of: target.attributesFile)
            try FileBytes.writeAtomically(bytes, to: target.attributesFile)
            // Then what was done to it, for uninstall.
            let recorded = try target.config.string(Record.addedAttributes)?.split(separator: " ").map(String.init) ?? []
            let added = missing.map { $0 == attributesLine ? "merge" : "diff" }
            try setConfig(Record.addedAttributes, Array(Set(recorded + added)).sorted().joined(separator: " "), in: target.configFile)
            if !existed { try setConfig(Record.createdAttributesFile, "true", in: target.configFile) }
            if addedNewline { try setConfig(Record.addedFinalNewline, "true", in: target.configFile) }
            for line in missing { step(.addedAttribute(line: line, file: target.attributesFile)) }
            if target.scope == "local" { step(.attributesToCommit) }
            changed = true
        }
        if try set("merge.xcstrings.name", driverName) { changed = true }
        if try set("merge.xcstrings.driver", driver) {
            step(.setDriver(file: target.configFile, command: driver))
            changed = true
        }
        let textconv = textconvCommand(binary: binary)
        if try set("diff.xcstrings.textconv", textconv) {
            step(.setTextconv(file: target.configFile))
            changed = true
        }
        // git keeps each version's lines (in refs/notes/textconv/xcstrings), so that a long
        // `git log -p` converts each version once, not on every run.
        if try set("diff.xcstrings.cachetextconv", "true") { changed = true }
        return changed
    }

    /// Takes away what install did in `target`, putting back what it replaced, as its records
    /// say. True when anything changed.
    public static func uninstall(from target: Target, step: (Step) -> Void) throws -> Bool {
        var changed = false
        // What install recorded, read before any of it is unset.
        var previous: [String: String] = [:]
        for name in Record.settings {
            if let value = try target.config.string(Record.previous(name)) { previous[name] = value }
        }
        let addedAttributes = try target.config.string(Record.addedAttributes).map { $0.split(separator: " ").map(String.init) }
        let addedFinalNewline = try target.config.string(Record.addedFinalNewline) == "true"
        let createdAttributesFile = try target.config.string(Record.createdAttributesFile) == "true"
        for record in Record.all { _ = try unsetConfig(record, in: target.configFile) }
        for name in ["merge.xcstrings.driver", "merge.xcstrings.name"] where try unsetConfig(name, in: target.configFile) {
            changed = true
        }
        var diffRemoved = false
        for name in ["diff.xcstrings.textconv", "diff.xcstrings.cachetextconv"] where try unsetConfig(name, in: target.configFile) {
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
            if changed { step(.removedSection("merge.xcstrings", file: target.configFile)) }
            if diffRemoved { step(.removedSection("diff.xcstrings", file: target.configFile)) }
            changed = true
        }
        for (name, value) in previous.sorted(by: { $0.key < $1.key }) {
            try setConfig(name, value, in: target.configFile)
            step(.restoredSetting(name: name, value: value))
        }
        // The lines install added (all of ours, for an install that kept no record).
        let ours = addedAttributes.map { added in
            attributesLines.filter { added.contains($0 == attributesLine ? "merge" : "diff") }
        } ?? attributesLines
        if let existing = try? FileBytes.read(target.attributesFile),
            case let present = ours.filter({ hasAttributesLine(existing, $0) }), !present.isEmpty
        {
            let kept = lines(existing).filter { !present.contains($0.trimmingWhitespace()) }
            var text = kept.joined(separator: "\n")
            if addedFinalNewline && text.hasSuffix("\n") { text.removeLast() }
            let removeFile = addedAttributes == nil || createdAttributesFile
            if text.isEmpty && removeFile && !FileBytes.isSymbolicLink(target.attributesFile) {
                unlink(target.attributesFile)
            } else {
                try FileBytes.writeAtomically(Array(text.utf8), to: target.attributesFile)
            }
            for line in present { step(.removedAttribute(line: line, file: target.attributesFile)) }
            changed = true
        }
        if target.scope == "local", let repository = try? Repository.openIfPresent() {
            // The hook install --hook wrote (recognised by its first lines); another is not ours.
            let hook = hookFile(repository)
            if let text = (try? FileBytes.read(hook)).map({ String(decoding: $0, as: UTF8.self) }) {
                if text.hasPrefix("#!/bin/sh\n" + hookSignature) {
                    unlink(hook)
                    step(.removedHook(hook))
                    changed = true
                } else if runsCheck(text) {
                    step(.foreignHook(hook))
                }
            }
            // A local uninstall leaves the global registration working here: say so.
            if let global = try? DriverSetup.target(global: true),
                ((try? global.config.string("merge.xcstrings.driver")) ?? nil) != nil
            {
                step(.globalStillActive(configFile: global.configFile))
            }
        }
        return changed
    }

    /// The config text without a `[merge "xcstrings"]` or `[diff "xcstrings"]` section that has
    /// no entries left.
    public static func removingEmptySection(_ bytes: [UInt8]) -> [UInt8] {
        var lines = lines(bytes)
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
