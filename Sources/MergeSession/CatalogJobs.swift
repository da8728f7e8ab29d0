import CatalogLint
import CatalogMerge
import GitSupport
import StringCatalog
import XcstringsMergePlatform

// The catalogs a command works on, and what `check` and `lint` need of the repository around
// them: found on disk or in the index, checked on all cores, their unsettled conflicts, lint's
// configuration files and the findings a catalog had at a revision.

/// One catalog to check: a file to read, or bytes already read (a staged blob).
public struct CheckJob: Sendable {
    public var path: String
    public var file: String?
    public var bytes: [UInt8]?
    /// The path relative to the working tree, when the catalog was found in the repository.
    public var repositoryPath: String?

    public init(path: String, file: String, repositoryPath: String? = nil) {
        self.path = path
        self.file = file
        self.repositoryPath = repositoryPath
    }

    public init(path: String, bytes: [UInt8], repositoryPath: String? = nil) {
        self.path = path
        self.bytes = bytes
        self.repositoryPath = repositoryPath
    }

    /// How many of `positionals` name nothing that exists (said once each already).
    public static func missingCount(_ positionals: [String]) -> Int {
        positionals.filter { !FileBytes.exists($0) }.count
    }

    /// What was found: the catalogs, and what could not be (each said, in order, by the
    /// command; any of them makes its exit status 2).
    public struct Discovery: Sendable {
        public var jobs: [CheckJob] = []
        public var notFound: [NotFound] = []
        public var ioFailure: Bool { !notFound.isEmpty }
    }

    public enum NotFound: Sendable {
        /// A tracked catalog whose name is not UTF-8 (`PathNames.unsupported`'s sentence).
        case unsupportedName(String)
        /// A folder named that holds no catalog.
        case noCatalogs(folder: String)
        case noSuchFile(String)
    }

    /// Why no catalog list could be made: the repository cannot be read, or (`isMisuse`)
    /// `--staged` outside one.
    public struct DiscoveryError: Error, Sendable {
        public var message: String
        public var isMisuse = false
    }

    /// The catalogs `positionals` name (files, or directories searched for `*.xcstrings`), or
    /// with none inside a repository its tracked catalogs (their staged versions with
    /// `staged`), else those below the current directory.
    public static func discover(_ positionals: [String], staged: Bool) throws(DiscoveryError) -> Discovery {
        var found = Discovery()
        var repository: Repository?
        if positionals.isEmpty {
            do {
                repository = try Repository.openIfPresent()
            } catch {
                throw DiscoveryError(message: error.message)
            }
        }
        if let repository, let top = repository.workingDirectory {
            do {
                let index = try repository.index()
                let entries = index.entries(withSuffix: ".xcstrings")
                if staged {
                    for entry in entries {
                        found.jobs.append(CheckJob(path: entry.path, bytes: try repository.blob(entry.id), repositoryPath: entry.path))
                    }
                } else {
                    let conflicted = try index.conflicts().map(\.path).filter { $0.hasSuffix(".xcstrings") }
                    let prefix = ResolveSession.currentPrefix(workingDirectory: top)
                    // A name that is not UTF-8 names no file here: said, never passed over.
                    for entry in entries where entry.unsupportedName != nil { found.notFound.append(.unsupportedName(entry.unsupportedName!)) }
                    for path in (entries.filter { $0.unsupportedName == nil }.map(\.path) + conflicted).sorted() {
                        let display = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : top + path
                        found.jobs.append(CheckJob(path: display, file: top + path, repositoryPath: path))
                    }
                }
            } catch {
                throw DiscoveryError(message: error.message)
            }
        } else if staged {
            throw DiscoveryError(message: "--staged needs a git repository", isMisuse: true)
        } else {
            for path in positionals.isEmpty ? ["."] : positionals {
                if FileBytes.isDirectory(path) {
                    let catalogs = CatalogFinder.catalogs(under: path)
                    // A folder named on the command line that holds no catalog is a mistake (a
                    // renamed folder would otherwise leave CI green).
                    if catalogs.isEmpty && !positionals.isEmpty { found.notFound.append(.noCatalogs(folder: path)) }
                    found.jobs += catalogs.map { CheckJob(path: $0, file: $0) }
                } else if FileBytes.exists(path) {
                    found.jobs.append(CheckJob(path: path, file: path))
                } else {
                    found.notFound.append(.noSuchFile(path))
                }
            }
        }
        return found
    }
}

/// Checks catalogs on all cores, keeping the input order.
public enum ParallelCheck {
    final class Results: @unchecked Sendable {
        var slots: [CheckResult?]
        var done = 0
        let lock = Lock()
        init(count: Int) { slots = Array(repeating: nil, count: count) }
    }

    /// The results, in the jobs' order; `progress` is told how many are done now and then
    /// (every tenth, and the last), from the thread that finished one.
    public static func run(_ jobs: [CheckJob], progress: (@Sendable (_ done: Int, _ total: Int) -> Void)? = nil) -> [CheckResult] {
        let results = Results(count: jobs.count)
        Threads.concurrentPerform(iterations: jobs.count) { i in
            let job = jobs[i]
            var result: CheckResult
            if let bytes = job.bytes {
                result = CatalogCheck.run(path: job.path, bytes: bytes)
            } else {
                result = CatalogCheck.run(path: job.file ?? job.path)
                result.path = job.path
            }
            results.lock.lock()
            results.slots[i] = result
            results.done += 1
            let done = results.done
            results.lock.unlock()
            if let progress, done % 10 == 0 || done == jobs.count { progress(done, jobs.count) }
        }
        return results.slots.map { $0! }
    }
}

extension UnresolvedConflicts {
    /// One error for each conflict of the report for `path` that `bytes` still hold as the
    /// merge left it, placed at its key; one error at the top when the report cannot be read.
    public func findings(path: String, bytes: [UInt8]) -> [CheckFinding] {
        let unsettled: [UnsettledConflict]
        let labels: MergeLabels
        do throws(MergeReportDocument.ReadError) {
            guard let report = try report(for: path) else { return [] }
            unsettled = Self.unsettled(in: report, bytes: bytes)
            labels = self.labels(of: report)
        } catch {
            return [CheckFinding(severity: .error, line: 1, column: 1, message: "cannot read the merge report \(store.file(path, .report)): \(error.message)")]
        }
        let command = "xcstrings-merge resolve " + ShellQuoting.quoted(path)
        return unsettled.map { place in
            let location = place.location
            let where_ = "\"\(VisibleText.name(location.key?.string ?? ""))\"" + (location.locale.map { " [\(VisibleText.name($0.string))]" } ?? "")
                + (location.path.isEmpty || location.path.map(\.string) == [Name.stringUnit.description] ? "" : " " + VisibleText.name(location.path.map(\.string).joined(separator: "/")))
            return CheckFinding(
                severity: .error, line: place.line, column: place.column,
                message: "unresolved merge conflict: \(where_): \(labels.name(.ours)) \(MergeReport.shortText(place.conflict.ours)) / "
                    + "\(labels.name(.theirs)) \(MergeReport.shortText(place.conflict.theirs)); run \(command)")
        }
    }
}

/// The catalogs as they were at the merge base of HEAD and a revision: what `--since` compares
/// with, so that a pull request is judged on the findings it adds.
public struct SinceRevision {
    let repository: Repository
    let base: ObjectID

    public init(since revision: String) throws(GitError) {
        repository = try Repository.open()
        let head = try repository.commit("HEAD")
        base = try repository.mergeBase(head, try repository.commit(revision))
    }

    /// `findings` less those the same catalog had at the base (same rule, key and locale); all
    /// of them for a catalog new since then.
    public func newFindings(_ findings: [Finding], path: String, linter: Linter) -> [Finding] {
        guard let bytes = try? repository.file(path, in: base), let catalog = try? Catalog(bytes: bytes) else { return findings }
        let before = Set(linter.findings(in: catalog, bytes: bytes, file: path).map(\.identity))
        return findings.filter { !before.contains($0.identity) }
    }
}

/// The configuration files that apply to the catalogs linted, read once each, and a linter
/// for each (their required locales differ).
public struct LintSettings {
    public let rules: [LintRule]
    public let includeOptIn: Bool
    /// Rules `--only` names: one off by default runs then.
    public var named: Set<String> = []
    public var configurations: [String: Result<LintConfiguration, LintConfiguration.Problem>] = [:]

    public init(rules: [LintRule], includeOptIn: Bool) {
        self.rules = rules
        self.includeOptIn = includeOptIn
    }

    /// The configuration for the catalogs of `folder`: the nearest file's, else the defaults.
    public static func configuration(for folder: String) -> Result<LintConfiguration, LintConfiguration.Problem> {
        guard let file = LintConfiguration.file(for: folder) else { return .success(LintConfiguration()) }
        do {
            return .success(try LintConfiguration(bytes: try FileBytes.read(file), file: file))
        } catch let problem as LintConfiguration.Problem {
            return .failure(problem)
        } catch {
            return .failure(LintConfiguration.Problem(file: file, line: 1, column: 1, message: "\(error)"))
        }
    }

    /// The folder a catalog is in on disk (a staged one's place in the working tree).
    public static func folder(of job: CheckJob) -> String {
        if let file = job.file {
            let folder = FileBytes.parentDirectory(of: file)
            return folder.isEmpty ? "." : folder
        }
        if let repositoryPath = job.repositoryPath,
            let gitDirectory = GitDirectory.discover(environment: ProcessEnvironment.variables),
            let top = GitDirectory.workingTree(of: gitDirectory)
        {
            let root = top.hasSuffix("/") ? top : top + "/"
            let folder = FileBytes.parentDirectory(of: root + repositoryPath)
            return folder.isEmpty ? root : folder
        }
        return "."
    }

    public mutating func configuration(for job: CheckJob) -> Result<LintConfiguration, LintConfiguration.Problem> {
        let folder = Self.folder(of: job)
        let key = FilePaths.resolved(folder) ?? folder
        if let known = configurations[key] { return known }
        let found = Self.configuration(for: folder)
        configurations[key] = found
        return found
    }

    public func linter(for configuration: LintConfiguration) -> Linter {
        // A rule off by default runs when named, or given a severity by the configuration.
        let configured = Set(configuration.severities.compactMap { $0.value == nil ? nil : $0.key })
        return Linter(rules: rules, includeOptIn: includeOptIn, requiredLocales: configuration.requiredLocales, turnedOn: named.union(configured))
    }

    /// The catalog's path from the configuration file's folder, for `exclude`.
    public func pathRelativeToConfiguration(_ job: CheckJob, _ configuration: LintConfiguration) -> String {
        guard let file = configuration.file else { return job.path }
        return Self.path(of: job, relativeTo: FileBytes.parentDirectory(of: file))
    }

    /// The catalog's path from `folder` (both with links resolved), else as it was given.
    public static func path(of job: CheckJob, relativeTo folder: String) -> String {
        let name = (job.file ?? job.path).split(separator: "/").last.map(String.init) ?? job.path
        guard let root = FilePaths.resolved(folder.isEmpty ? "." : folder),
            let here = FilePaths.resolved(Self.folder(of: job))
        else { return job.path }
        let full = here + "/" + name
        return full.hasPrefix(root + "/") ? String(full.dropFirst(root.count + 1)) : job.path
    }
}
