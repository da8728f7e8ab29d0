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

            \(Command.catalogPathsSection)

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
        guard let (jobs, ioFailure) = try discoverCatalogs(parsed.positionals, staged: staged, command: "check") else { return .error }
        var results = ParallelCheck.run(jobs, progress: Output.standardErrorIsTerminal && jobs.count >= 20 ? Self.showProgress : nil)
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

    /// `checked 40/120`, rewritten in place on a terminal.
    @Sendable static func showProgress(done: Int, total: Int) {
        Output.err("\rchecked \(done)/\(total)")
        if done == total { Output.err("\n") }
    }
}
