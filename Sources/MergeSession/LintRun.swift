import CatalogLint
import GitSupport
import StringCatalog
import XcstringsMergePlatform

/// `lint`'s work over the catalogs found: each read (confined, locked and repaired with
/// `--fix`), linted under its configuration, and narrowed to what is new since a revision or
/// against a baseline. What happens on the way is told to `notice` as it happens (a wait for
/// another run's lock cannot wait for the end); the command says it.
public struct LintRun {
    public enum Notice: Sendable {
        /// A configuration file that cannot be read, told once however many catalogs it covers.
        case configurationProblem(LintConfiguration.Problem)
        /// A catalog that cannot be read or written; `line` 0 when the problem is the file's.
        case failed(path: String, line: Int, column: Int, message: String)
        case fixed(path: String, change: String)
        /// What `--fix` could not repair.
        case left(path: String, what: String)
        /// Another run of the tool holds the catalog's lock.
        case waiting(path: String)
    }

    public var settings: LintSettings
    /// The catalogs named on the command line: linted even where a configuration excludes them.
    public var named: [String] = []
    public var since: SinceRevision?
    /// The baseline that holds known findings, and the folder its paths are relative to.
    public var baseline: LintBaseline?
    public var baselineFolder: String?
    /// Whether the findings are being recorded as the new baseline (none is then held back).
    public var recordsBaseline = false
    public var fix = false
    public var followingSymlinks = false

    public init(settings: LintSettings) { self.settings = settings }

    public struct Outcome {
        public var files: [LintReport.File] = []
        /// The catalogs linted, kept until the process ends: freeing a big catalog's entries one
        /// by one only delays the exit.
        public var linted: [Catalog] = []
        /// Each finding with its catalog's path relative to the baseline's folder.
        public var recorded: [(file: String, finding: Finding)] = []
        public var baselinePaths = Set<String>()
        /// Findings the baseline held back.
        public var held = 0
        /// Whether a catalog or a configuration could not be read or written.
        public var failed = false
    }

    public mutating func run(_ jobs: [CheckJob], notice: (Notice) -> Void) -> Outcome {
        var outcome = Outcome()
        var toLint: [(job: CheckJob, configuration: LintConfiguration)] = []
        var reportedConfigurations = Set<String>()
        for job in jobs {
            switch settings.configuration(for: job) {
            case .success(let configuration):
                // A catalog named on the command line is linted even when the configuration
                // excludes it; one found in a folder or the repository is skipped.
                if !named.contains(job.path), configuration.excludes(settings.pathRelativeToConfiguration(job, configuration)) { continue }
                toLint.append((job, configuration))
            case .failure(let problem):
                if reportedConfigurations.insert(problem.file).inserted { notice(.configurationProblem(problem)) }
                outcome.failed = true
            }
        }
        for (job, configuration) in toLint {
            if let linted = lint(job, configuration: configuration, into: &outcome, notice: notice) {
                outcome.files.append(linted.file)
                outcome.linted.append(linted.catalog)
            } else {
                outcome.failed = true
            }
        }
        return outcome
    }

    /// One catalog read, repaired with `--fix`, linted; nil when it cannot be read or written.
    mutating func lint(
        _ job: CheckJob, configuration: LintConfiguration, into outcome: inout Outcome, notice: (Notice) -> Void
    ) -> (file: LintReport.File, catalog: Catalog)? {
        let linter = settings.linter(for: configuration)
        var bytes: [UInt8] = []
        var catalog: Catalog
        // A file to be fixed is confined and locked before it is read.
        var edit: InPlaceEdit?
        if fix, job.bytes == nil, let path = job.file {
            do {
                edit = try CatalogLock.edit(path, followingSymlinks: followingSymlinks) { notice(.waiting(path: path)) }
            } catch {
                notice(.failed(path: job.path, line: 0, column: 0, message: error.reason))
                return nil
            }
        }
        do {
            bytes = try edit?.read() ?? job.bytes ?? FileBytes.read(job.file ?? job.path)
            // Lint does not run the validator: the schema notes made for it are not needed.
            catalog = try Catalog(bytes: bytes)
        } catch let error as JSONError {
            let error = error.classified(for: bytes)
            notice(.failed(path: job.path, line: error.line, column: error.column, message: error.message))
            return nil
        } catch let error as FileError {
            notice(.failed(path: job.path, line: 0, column: 0, message: error.reason))
            return nil
        } catch {
            notice(.failed(path: job.path, line: 0, column: 0, message: "\(error)"))
            return nil
        }
        if fix, let edit {
            let repaired = LintFix.apply(to: catalog)
            if !repaired.changes.isEmpty {
                do {
                    try edit.replace(with: repaired.catalog)
                    bytes = try FileBytes.read(edit.path)
                    catalog = try Catalog(bytes: bytes)
                } catch {
                    notice(.failed(path: job.path, line: 0, column: 0, message: "cannot write the repairs: \(error)"))
                    return nil
                }
                for change in repaired.changes { notice(.fixed(path: job.path, change: change)) }
            }
            for left in repaired.left { notice(.left(path: job.path, what: left)) }
        }
        var (findings, coverage) = linter.lint(catalog, bytes: bytes, file: job.path)
        if let since {
            findings = since.newFindings(findings, path: job.repositoryPath ?? job.path, linter: linter)
        }
        findings = configuration.apply(to: findings) + configuration.coverageFindings(coverage, file: job.path)
        if let baselineFolder {
            let path = LintSettings.path(of: job, relativeTo: baselineFolder)
            outcome.baselinePaths.insert(path)
            if recordsBaseline {
                outcome.recorded += findings.map { (path, $0) }
            } else if baseline != nil {
                let before = findings.count
                findings = baseline!.newFindings(findings, file: path)
                outcome.held += before - findings.count
            }
        }
        return (LintReport.File(path: job.path, findings: findings, coverage: coverage), catalog)
    }
}

/// A catalog confined and locked for an edit in place (`WriteConfinement`, `InPlaceEdit`).
public enum CatalogLock {
    /// The lock on `path`, once its links are known to stay inside its repository (the
    /// refusal is the error's reason); `waiting` is called when another run holds it.
    public static func edit(_ path: String, followingSymlinks: Bool, waiting: () -> Void) throws(FileError) -> InPlaceEdit {
        if let refusal = WriteConfinement.refusal(for: path, followingSymlinks: followingSymlinks) {
            throw FileError(path: path, reason: refusal)
        }
        return try InPlaceEdit(path: path, waiting: waiting)
    }
}
