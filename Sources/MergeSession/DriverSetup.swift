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
