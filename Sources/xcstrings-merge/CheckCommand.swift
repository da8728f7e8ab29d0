import XcstringsMergePlatform
import GitSupport
import CatalogMerge
import MergeSession
import StringCatalog

enum CheckCommand {
    static let command = Command(
        name: "check",
        summary: "Check that catalogs are valid and canonical (for CI and hooks).",
        usage: ["[<path> ...]"],
        help: """
            OVERVIEW: Check that catalogs are valid and canonical.

            For each catalog: valid JSON and UTF-8, no duplicate keys, no git conflict markers, the
            shape Xcode gives catalogs (unknown states, plural categories and devices are warnings),
            and the exact bytes Xcode would write. Directories are searched for *.xcstrings.

            During a merge, rebase, cherry-pick or revert, also each conflict the merge driver
            reported that is still as the merge left it (the unit holds ours' value marked
            needs_review, theirs' only in the report): an error until it is settled in Xcode or with
            'xcstrings-merge resolve', so that a pre-commit hook stops a commit that would drop it.

            With no path inside a git repository, checks every tracked *.xcstrings (from the index)
            in parallel; --staged checks the staged versions instead of the working files, for a
            pre-commit hook.

            A catalog valid but not in Xcode's layout (re-saved by another tool, or from a
            translation service) is an error by default; --layout warning makes it a warning and
            --layout ignore leaves it out. The pre-commit hook that install writes warns about
            layout unless the repository says otherwise: git config xcstrings-merge.layout error.

            {usage}

            ARGUMENTS:
              <path>                  A .xcstrings file or a directory (default: the tracked
                                      catalogs of the repository, else the current directory).

            {options}

            EXIT STATUS:
              0  every catalog passed (warnings allowed)
              1  some catalog failed
              2  usage error, or a path could not be read

            EXAMPLES:
              xcstrings-merge check
              xcstrings-merge check --staged
              xcstrings-merge check --format github App/

            """,
        options: [
            .init(names: ["--format"], takesValue: true, choices: ["human", "json", "github", "sarif"], summary: "human (default), json, github (workflow annotations) or sarif (code scanning).", valueName: "<format>"),
            .color,
            Arguments.Option.staged.with(summary: "Check the staged (index) versions of the tracked catalogs."),
            .init(names: ["--quiet"], takesValue: false, summary: "Print nothing when every catalog passes without a finding (the pre-commit hook)."),
            .init(names: ["--layout"], takesValue: true, choices: ["error", "warning", "ignore"], summary: "What a valid catalog not in Xcode's layout is: error (default), warning or ignore.", valueName: "<level>"),
        ],
        run: run)

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "check", options: command.options)
        let format = try parsed.choice("--format", default: "human", command: "check")
        let colour = try parsed.usesColour(command: "check")
        let staged = parsed.flag("--staged")
        if staged && !parsed.positionals.isEmpty {
            throw UsageError(message: "--staged checks the tracked catalogs; give no paths with it", command: "check")
        }
        guard let (jobs, ioFailure) = try CheckJob.discover(parsed.positionals, staged: staged, command: "check") else { return .error }
        var results = ParallelCheck.run(jobs, showProgress: Output.standardErrorIsTerminal && jobs.count >= 20)
        switch try parsed.choice("--layout", default: "error", command: "check") {
        case "warning":
            for index in results.indices {
                for finding in results[index].findings.indices where results[index].findings[finding].isLayout {
                    results[index].findings[finding].severity = .warning
                }
            }
        case "ignore":
            for index in results.indices { results[index].findings.removeAll { $0.isLayout } }
        default: break
        }
        if let pending = UnresolvedConflicts.current() {
            for (index, job) in jobs.enumerated() where !results[index].unreadable {
                guard let path = job.repositoryPath ?? job.file.flatMap(pending.repositoryPath(of:)),
                    let bytes = job.bytes ?? (try? FileBytes.read(job.file ?? job.path))
                else { continue }
                results[index].findings += pending.findings(path: path, bytes: bytes)
            }
        }
        var report = CheckReport(results: results)
        report.notRead = ioFailure ? CheckJob.missingCount(parsed.positionals) : 0
        if parsed.flag("--quiet") && !ioFailure && results.allSatisfy({ $0.passed && $0.findings.isEmpty }) { return .success }
        switch format {
        case "json": Output.out(report.json())
        case "github": Output.out(report.github())
        case "sarif": Output.out(bytes: report.sarif())
        default: Output.out(bytes: report.human(colour: colour))
        }
        if ioFailure || results.contains(where: { $0.unreadable }) { return .error }
        return results.contains(where: { !$0.passed }) ? .failure : .success
    }
}

/// One catalog to check: a file to read, or bytes already read (a staged blob).
struct CheckJob: Sendable {
    var path: String
    var file: String?
    var bytes: [UInt8]?
    /// The path relative to the working tree, when the catalog was found in the repository.
    var repositoryPath: String?

    init(path: String, file: String, repositoryPath: String? = nil) {
        self.path = path
        self.file = file
        self.repositoryPath = repositoryPath
    }

    init(path: String, bytes: [UInt8], repositoryPath: String? = nil) {
        self.path = path
        self.bytes = bytes
        self.repositoryPath = repositoryPath
    }

    /// How many of `positionals` name nothing that exists (said once each already).
    static func missingCount(_ positionals: [String]) -> Int {
        positionals.filter { !FileBytes.exists($0) }.count
    }

    /// The catalogs `positionals` name (files, or directories searched for `*.xcstrings`), or
    /// with none inside a repository its tracked catalogs (their staged versions with
    /// `staged`), else those below the current directory. Nil (with a message printed) when the
    /// repository could not be read; `ioFailure` when a path does not exist.
    static func discover(_ positionals: [String], staged: Bool, command: String) throws(UsageError) -> (jobs: [CheckJob], ioFailure: Bool)? {
        var jobs: [CheckJob] = []
        var ioFailure = false
        var repository: Repository?
        if positionals.isEmpty {
            do {
                repository = try Repository.openIfPresent()
            } catch {
                Output.err("xcstrings-merge \(command): \(error.message)\n")
                return nil
            }
        }
        if let repository, let top = repository.workingDirectory {
            do {
                let index = try repository.index()
                let entries = index.entries(withSuffix: ".xcstrings")
                if staged {
                    for entry in entries {
                        jobs.append(CheckJob(path: entry.path, bytes: try repository.blob(entry.id), repositoryPath: entry.path))
                    }
                } else {
                    let conflicted = try index.conflicts().map(\.path).filter { $0.hasSuffix(".xcstrings") }
                    let prefix = ResolveSession.currentPrefix(workingDirectory: top)
                    // A name that is not UTF-8 names no file here: said, never passed over.
                    for entry in entries where entry.unsupportedName != nil {
                        Output.err("xcstrings-merge \(command): \(entry.unsupportedName!)\n")
                        ioFailure = true
                    }
                    for path in (entries.filter { $0.unsupportedName == nil }.map(\.path) + conflicted).sorted() {
                        let display = path.hasPrefix(prefix) ? String(path.dropFirst(prefix.count)) : top + path
                        jobs.append(CheckJob(path: display, file: top + path, repositoryPath: path))
                    }
                }
            } catch {
                Output.err("xcstrings-merge \(command): \(error.message)\n")
                return nil
            }
        } else if staged {
            throw UsageError(message: "--staged needs a git repository", command: command)
        } else {
            for path in positionals.isEmpty ? ["."] : positionals {
                if FileBytes.isDirectory(path) {
                    let found = CatalogFinder.catalogs(under: path)
                    // A folder named on the command line that holds no catalog is a mistake (a
                    // renamed folder would otherwise leave CI green).
                    if found.isEmpty && !positionals.isEmpty {
                        Output.err("\(path): error: no catalogs (*.xcstrings) in this folder\n")
                        ioFailure = true
                    }
                    jobs += found.map { CheckJob(path: $0, file: $0) }
                } else if FileBytes.exists(path) {
                    jobs.append(CheckJob(path: path, file: path))
                } else {
                    Output.err("\(path): error: no such file or directory\n")
                    ioFailure = true
                }
            }
        }
        return (jobs, ioFailure)
    }
}

/// Checks catalogs on all cores, keeping the input order.
enum ParallelCheck {
    final class Results: @unchecked Sendable {
        var slots: [CheckResult?]
        var done = 0
        let lock = Lock()
        init(count: Int) { slots = Array(repeating: nil, count: count) }
    }

    static func run(_ jobs: [CheckJob], showProgress: Bool) -> [CheckResult] {
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
            if showProgress && (done % 10 == 0 || done == jobs.count) {
                Output.err("\rchecked \(done)/\(jobs.count)")
                if done == jobs.count { Output.err("\n") }
            }
        }
        return results.slots.map { $0! }
    }
}

extension UnresolvedConflicts {
    /// One error for each conflict of the report for `path` that `bytes` still hold as the
    /// merge left it, placed at its key; one error at the top when the report cannot be read.
    func findings(path: String, bytes: [UInt8]) -> [CheckFinding] {
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
