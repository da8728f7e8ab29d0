import GitSupport
import StringCatalog
import XcstringsMergePlatform

/// What `doctor` finds: git and libgit2, the drivers git would run (from which config, and
/// whether their program is there), and for each tracked catalog whether the driver is active
/// for it and what a merge left unsettled in it. A value for the command to show.
public struct DriverDiagnosis {
    /// git's version; empty when git is not on PATH.
    public var gitVersion: [Int] = []
    /// libgit2 as loaded, or why it cannot be.
    public var libgit2: Result<String, GitError>?
    /// Why git's configuration cannot be read (nothing after it was looked at).
    public var configProblem: String?
    public var driver: Driver?
    public var textconv: Driver?
    /// False outside a repository: no per-catalog checks.
    public var inRepository = false
    /// Why the index cannot be read (nothing after it was looked at).
    public var indexProblem: String?
    public var catalogs: [TrackedCatalog] = []
    /// Temporary files a killed run left beside the catalogs.
    public var leftovers: [String] = []

    /// A driver command in git's configuration.
    public struct Driver: Sendable {
        public var command: String
        /// Which configuration file sets it (the merge driver's only).
        public var source: String?
        /// The program it runs, when that does not exist.
        public var missingProgram: String?
    }

    public struct TrackedCatalog: Sendable {
        public var path: String
        /// Unmerged in the index.
        public var conflicted: Bool
        /// Conflicts the driver's report holds that the working file still holds as left.
        public var unresolved: Int
        /// Its `merge` and `diff` attributes.
        public var mergeAttribute: String?
        public var diffAttribute: String?
    }

    /// Whether a merge of a tracked catalog would run the driver and nothing is left unsettled.
    public var isHealthy: Bool {
        guard !gitVersion.isEmpty, case .success? = libgit2, configProblem == nil, indexProblem == nil,
            let driver, driver.missingProgram == nil
        else { return false }
        return catalogs.allSatisfy { !$0.conflicted && $0.unresolved == 0 && $0.mergeAttribute == "xcstrings" }
    }

    /// Looks at this process's git, libgit2, configuration and repository.
    public static func run() -> DriverDiagnosis {
        var diagnosis = DriverDiagnosis()
        diagnosis.gitVersion = Subprocess.gitVersion
        switch Libgit2.loadedLibrary {
        case .success(let loaded): diagnosis.libgit2 = .success(loaded.description)
        case .failure(let error):
            diagnosis.libgit2 = .failure(error)
            return diagnosis
        }
        let repository = try? Repository.open()
        let config: Config?
        do {
            config = try repository?.config() ?? Config.userDefault()
        } catch {
            diagnosis.configProblem = "\(error)"
            return diagnosis
        }
        if let command = (try? config?.string("merge.xcstrings.driver")) ?? nil {
            let program = program(of: command)
            diagnosis.driver = Driver(command: command, source: driverSource(config), missingProgram: canRun(program) ? nil : program)
        }
        if let command = (try? config?.string("diff.xcstrings.textconv")) ?? nil {
            let program = program(of: command)
            diagnosis.textconv = Driver(command: command, missingProgram: canRun(program) ? nil : program)
        }
        guard let repository else { return diagnosis }
        diagnosis.inRepository = true
        let paths: [String]
        let conflicted: [String]
        do {
            let index = try repository.index()
            conflicted = try index.conflicts().map(\.path).filter { $0.hasSuffix(".xcstrings") }
            paths = Array(Set(index.entries(withSuffix: ".xcstrings").map(\.path) + conflicted)).sorted()
        } catch {
            diagnosis.indexProblem = "\(error)"
            return diagnosis
        }
        let pending = UnresolvedConflicts.current()
        for path in paths {
            var unresolved = 0
            if !conflicted.contains(path), let pending, let top = repository.workingDirectory, let bytes = try? FileBytes.read(top + path) {
                unresolved = pending.findings(path: path, bytes: bytes).count
            }
            diagnosis.catalogs.append(TrackedCatalog(
                path: path, conflicted: conflicted.contains(path), unresolved: unresolved,
                mergeAttribute: (try? repository.attribute("merge", for: path)) ?? nil,
                diffAttribute: (try? repository.attribute("diff", for: path)) ?? nil))
        }
        // What a run killed mid-write left (the next write in that folder removes it).
        if let top = repository.workingDirectory {
            let folders = Set([""] + paths.map { FileBytes.parentDirectory(of: $0) }.map { $0 == "." ? "" : $0 })
            diagnosis.leftovers = folders.sorted().flatMap { StaleTemporaryFiles.find(in: top + $0) }
        }
        return diagnosis
    }

    /// Which configuration file sets the driver: the repository's wins over the user's.
    static func driverSource(_ config: Config?) -> String? {
        let levels: [(ConfigLevel, String)] = [
            (.local, "the repository's config (.git/config)"), (.global, "the global config (~/.gitconfig)"),
            (.xdg, "the global config (~/.config/git/config)"), (.system, "the system config"),
        ]
        for (level, name) in levels {
            guard let file = try? config?.level(level), ((try? file.string("merge.xcstrings.driver")) ?? nil) != nil else { continue }
            return name
        }
        return nil
    }

    /// Whether a driver's program can be run: a path that exists, or a name found on PATH.
    static func canRun(_ program: String) -> Bool {
        if program.contains("/") { return FileBytes.exists(program) }
        let path = ProcessEnvironment.value("PATH") ?? ""
        return path.split(separator: ":").contains { FileBytes.exists("\($0)/\(program)") }
    }

    /// The program a driver command runs: its first word, unquoted.
    static func program(of command: String) -> String {
        if command.hasPrefix("'") {
            let rest = command.dropFirst()
            return String(rest.prefix { $0 != "'" })
        }
        return String(command.prefix { $0 != " " })
    }
}
