#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import CatalogLint
import GitSupport
import MergeSession
import XcstringsMergePlatform
import CatalogMerge
import StringCatalog

enum LintCommand {
    static var ruleList: String {
        (LintRules.all + [LintRules.minimumCoverage]).map { rule in
            "  " + rule.id.padding(24) + "(\(rule.isOffByDefault ? "off unless turned on" : rule.severity.rawValue)\(rule.isOptIn ? ", with --strict or --since" : "")) \(rule.summary)"
        }.joined(separator: "\n")
    }

    static let command = Command(
        name: "lint",
        summary: "Find the translation bugs that ship (placeholders, plurals, escapes).",
        usage: ["[<path> ...]"],
        help: """
            OVERVIEW: Find translation bugs in catalogs: format placeholders that crash or garble,
            plurals missing a form, literal escapes and carriage returns left by migrations, keys
            with nothing to translate, and (with --strict) untranslated strings. Ends with a
            coverage table per locale.

            {usage}

            ARGUMENTS:
              <path>                  A .xcstrings file or a directory (default: the tracked
                                      catalogs of the repository, else the current directory).

            {options}

            CONFIGURATION:
              .xcstrings-lint.json, the nearest from a catalog's folder up to the repository root:
              {"rules": {"<rule>": "off|note|warning|error"}, "ignore": {"<rule>|*": ["key.*"]},
               "requiredLocales": ["de"], "minimumCoverage": {"<locale>|*": 90}, "exclude": ["Vendor/*"]}
              An unknown setting or rule is an error with its line and column.

            RULES:
            \(ruleList)

            Plural categories are those of the ICU Apple's Foundation builds on (ICU \(PluralCategories.icuVersion),
            CLDR \(PluralCategories.cldrVersion); Scripts/generate-plural-rules.swift reads them from it): an app's
            plural form is chosen by its system's ICU, so a category only a newer CLDR has is never required.

            EXIT STATUS:
              0  no finding of severity error (with --strict: no finding at all)
              1  findings of severity error (with --strict: any finding)
              2  usage error, or a catalog could not be read or written

            EXAMPLES:
              xcstrings-merge lint App/Localizable.xcstrings
              xcstrings-merge lint --since origin/main --format github
              xcstrings-merge lint --format sarif > lint.sarif

            """,
        options: [
                .init(names: ["--format"], takesValue: true, choices: ["human", "json", "github", "sarif"], summary: "human (default: path:line:column: severity: message [rule], as Xcode and editors read it), json, github (workflow annotations) or sarif (SARIF 2.1.0, for code scanning).", valueName: "<format>"),
                .init(names: ["--strict"], takesValue: false, summary: "Report untranslated strings too, and fail on any finding."),
                .init(names: ["--since"], takesValue: true, value: .revision, summary: "Report only findings that the catalog did not have at the merge base of HEAD and <rev> (a pull request's new ones).", valueName: "<rev>"),
                .init(names: ["--fix"], takesValue: false, summary: "Repair what is mechanical: literal \\n where the source has a line break, carriage returns, format-only keys (marked \"shouldTranslate\" : false). Files are rewritten atomically."),
                .followSymlinks.with(summary: "With --fix: write a catalog that is a symbolic link leading outside its repository (refused by default)."),
                .init(names: ["--disable"], takesValue: true, repeatable: true, choices: LintRules.all.map(\.id), summary: "Skip a rule (repeatable).", valueName: "<rule>"),
                .init(names: ["--only"], takesValue: true, repeatable: true, choices: LintRules.all.map(\.id), summary: "Run only these rules (repeatable).", valueName: "<rule>"),
                .color,
                .init(names: ["--baseline"], takesValue: true, value: .file, summary: "Report and fail only on findings the baseline does not hold (by catalog, rule, key and locale); say how many no longer occur.", valueName: "<file>"),
                .init(names: ["--write-baseline"], takesValue: true, value: .file, summary: "Record today's findings there and exit 0: the way to add lint to an existing app's build phase on day one.", valueName: "<file>"),
                .init(names: ["--print-config"], takesValue: false, summary: "Show the configuration in effect for the catalogs of a folder."),
            ],
        run: run)

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "lint", options: command.options)
        let format = try parsed.choice("--format", default: "human", command: "lint")
        let colour = try parsed.usesColour(command: "lint")
        for id in parsed.all("--disable") + parsed.all("--only") where LintRules.named(id) == nil {
            throw UsageError(message: "unknown rule '\(id)'; the rules are \(LintRules.all.map(\.id).joined(separator: ", "))", command: "lint")
        }
        let only = parsed.all("--only")
        let rules = LintRules.all.filter { (only.isEmpty || only.contains($0.id)) && !parsed.all("--disable").contains($0.id) }
        let strict = parsed.flag("--strict")
        let since = parsed.value("--since")
        let fix = parsed.flag("--fix")
        if parsed.flag("--print-config") {
            let folder = parsed.positionals.first.map { FileBytes.isDirectory($0) ? $0 : FileBytes.parentDirectory(of: $0) } ?? "."
            switch LintSettings.configuration(for: folder.isEmpty ? "." : folder) {
            case .success(let configuration): Output.out(bytes: configuration.printed())
            case .failure(let problem):
                Output.err(problem.description + "\n")
                return .error
            }
            return .success
        }
        guard let (allJobs, ioFailure) = try CheckJob.discover(parsed.positionals, staged: false, command: "lint") else { return .error }
        var settings = LintSettings(rules: rules, includeOptIn: strict || since != nil)
        settings.named = Set(only)
        var failed = ioFailure
        // Each catalog's configuration; one with a broken configuration file is not linted.
        var jobs: [(job: CheckJob, configuration: LintConfiguration)] = []
        // A broken configuration file is reported once, however many catalogs it covers.
        var reportedConfigurations = Set<String>()
        for job in allJobs {
            switch settings.configuration(for: job) {
            case .success(let configuration):
                // A catalog named on the command line is linted even when the configuration
                // excludes it; one found in a folder or the repository is skipped.
                if !parsed.positionals.contains(job.path), configuration.excludes(settings.pathRelativeToConfiguration(job, configuration)) { continue }
                jobs.append((job, configuration))
            case .failure(let problem):
                if reportedConfigurations.insert(problem.file).inserted { Output.err(problem.description + "\n") }
                failed = true
            }
        }
        var baseline = LintBaseline()
        var baselineFolder: String?
        if let file = parsed.value("--baseline") {
            do throws(LintBaseline.Problem) {
                baseline = try LintBaseline(bytes: try Self.readBaseline(file))
            } catch {
                Output.err("xcstrings-merge lint: --baseline \(file): \(error.message)\n")
                return .error
            }
            baselineFolder = FileBytes.parentDirectory(of: file)
        }
        let writeBaseline = parsed.value("--write-baseline")
        if let writeBaseline { baselineFolder = FileBytes.parentDirectory(of: writeBaseline) }
        var recorded: [(file: String, finding: Finding)] = []
        var baselinePaths = Set<String>()
        // Findings the baseline held, said in the summary.
        var held = 0
        var sinceBase: SinceRevision?
        if let since {
            do {
                sinceBase = try SinceRevision(since: since)
            } catch {
                Output.err("xcstrings-merge lint: --since \(since): \(error.message)\n")
                return .error
            }
        }
        var files: [LintReport.File] = []
        // Kept until the process ends: freeing a big catalog's entries one by one only delays it.
        var linted: [Catalog] = []
        for (job, configuration) in jobs {
            let linter = settings.linter(for: configuration)
            var bytes: [UInt8] = []
            var catalog: Catalog
            // A file to be fixed is confined and locked before it is read (see `CatalogFile`).
            var edit: InPlaceEdit?
            if fix, job.bytes == nil, let path = job.file {
                do {
                    edit = try CatalogFile.edit(path, command: "lint", followingSymlinks: parsed.flag("--follow-symlinks"))
                } catch {
                    Output.err("\(job.path): error: \(error.reason)\n")
                    failed = true
                    continue
                }
            }
            do {
                bytes = try edit?.read() ?? job.bytes ?? FileBytes.read(job.file ?? job.path)
                // Lint does not run the validator: the schema notes made for it are not needed.
                catalog = try Catalog(bytes: bytes)
            } catch let error as JSONError {
                let error = error.classified(for: bytes)
                Output.err("\(job.path):\(error.line):\(error.column): error: \(error.message)\n")
                failed = true
                continue
            } catch let error as FileError {
                Output.err("\(job.path): error: \(error.reason)\n")
                failed = true
                continue
            } catch {
                Output.err("\(job.path): error: \(error)\n")
                failed = true
                continue
            }
            if fix, let edit {
                let outcome = LintFix.apply(to: catalog)
                if !outcome.changes.isEmpty {
                    do {
                        try edit.replace(with: outcome.catalog)
                        bytes = try FileBytes.read(edit.path)
                        catalog = try Catalog(bytes: bytes)
                    } catch {
                        Output.err("\(job.path): error: cannot write the repairs: \(error)\n")
                        failed = true
                        continue
                    }
                    for change in outcome.changes { Output.err("\(job.path): fixed \(change)\n") }
                }
                for left in outcome.left { Output.err("\(job.path): left \(left)\n") }
            }
            var (findings, coverage) = linter.lint(catalog, bytes: bytes, file: job.path)
            if let sinceBase {
                findings = sinceBase.newFindings(findings, path: job.repositoryPath ?? job.path, linter: linter)
            }
            findings = configuration.apply(to: findings) + configuration.coverageFindings(coverage, file: job.path)
            if let baselineFolder {
                let path = LintSettings.path(of: job, relativeTo: baselineFolder)
                baselinePaths.insert(path)
                if writeBaseline != nil {
                    recorded += findings.map { (path, $0) }
                } else {
                    let before = findings.count
                    findings = baseline.newFindings(findings, file: path)
                    held += before - findings.count
                }
            }
            files.append(LintReport.File(path: job.path, findings: findings, coverage: coverage))
            linted.append(catalog)
        }
        if let writeBaseline {
            let written = LintBaseline(findings: recorded)
            do {
                try FileBytes.writeAtomically(written.bytes(), to: writeBaseline)
            } catch {
                Output.err("xcstrings-merge lint: --write-baseline: \(error.description)\n")
                return .error
            }
            Output.err("xcstrings-merge lint: \(written.count) finding\(written.count == 1 ? "" : "s") recorded in \(writeBaseline); xcstrings-merge lint --baseline \(ShellQuoting.quoted(writeBaseline)) reports only new ones\n")
            // The baseline holds today's findings: none is new.
            withExtendedLifetime(linted) { exit(Output.finalStatus(failed ? ExitStatus.error.rawValue : ExitStatus.success.rawValue)) }
        }
        if parsed.value("--baseline") != nil {
            let gone = baseline.unmatched(in: baselinePaths)
            if gone > 0 {
                Output.err("xcstrings-merge lint: \(gone) baseline entr\(gone == 1 ? "y no longer occurs" : "ies no longer occur"); shrink the baseline with --write-baseline\n")
            }
        }
        var report = LintReport(files: files, toolVersion: Tool.version)
        if parsed.value("--baseline") != nil { report.heldByBaseline = held }
        switch format {
        case "json": Output.out(String(decoding: report.json(), as: UTF8.self) + "\n")
        case "github": Output.out(report.github())
        case "sarif": Output.out(String(decoding: report.sarif(rules: rules + [LintRules.minimumCoverage]), as: UTF8.self) + "\n")
        default:
            // Nothing was read (the errors are above): no summary that reads as a pass.
            if failed && files.isEmpty {
                let notRead = allJobs.count + CheckJob.missingCount(parsed.positionals)
                Output.out("no catalog linted: \(notRead) not read (see above)\n")
            } else {
                Output.out(bytes: report.humanBytes(colour: colour))
            }
        }
        let status: ExitStatus
        if failed {
            status = .error
        } else {
            status = report.findings.contains { strict || $0.severity == .error } ? .failure : .success
        }
        // Everything is written (unbuffered); see `linted`.
        withExtendedLifetime(linted) { exit(Output.finalStatus(status.rawValue)) }
    }
}

extension LintCommand {
    /// A baseline file's bytes; a problem reading it is the baseline's problem.
    static func readBaseline(_ file: String) throws(LintBaseline.Problem) -> [UInt8] {
        do {
            return try FileBytes.read(file)
        } catch {
            throw LintBaseline.Problem(message: error.reason)
        }
    }
}

/// The catalogs as they were at the merge base of HEAD and a revision: what `--since` compares
/// with, so that a pull request is judged on the findings it adds.
struct SinceRevision {
    let repository: Repository
    let base: ObjectID

    init(since revision: String) throws(GitError) {
        repository = try Repository.open()
        let head = try repository.commit("HEAD")
        base = try repository.mergeBase(head, try repository.commit(revision))
    }

    /// `findings` less those the same catalog had at the base (same rule, key and locale); all
    /// of them for a catalog new since then.
    func newFindings(_ findings: [Finding], path: String, linter: Linter) -> [Finding] {
        guard let bytes = try? repository.file(path, in: base), let catalog = try? Catalog(bytes: bytes) else { return findings }
        let before = Set(linter.findings(in: catalog, bytes: bytes, file: path).map(\.identity))
        return findings.filter { !before.contains($0.identity) }
    }
}

/// The configuration files that apply to the catalogs linted, read once each, and a linter
/// for each (their required locales differ).
struct LintSettings {
    let rules: [LintRule]
    let includeOptIn: Bool
    /// Rules `--only` names: one off by default runs then.
    var named: Set<String> = []
    var configurations: [String: Result<LintConfiguration, LintConfiguration.Problem>] = [:]

    init(rules: [LintRule], includeOptIn: Bool) {
        self.rules = rules
        self.includeOptIn = includeOptIn
    }

    /// The configuration for the catalogs of `folder`: the nearest file's, else the defaults.
    static func configuration(for folder: String) -> Result<LintConfiguration, LintConfiguration.Problem> {
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
    static func folder(of job: CheckJob) -> String {
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

    mutating func configuration(for job: CheckJob) -> Result<LintConfiguration, LintConfiguration.Problem> {
        let folder = Self.folder(of: job)
        let key = FilePaths.resolved(folder) ?? folder
        if let known = configurations[key] { return known }
        let found = Self.configuration(for: folder)
        configurations[key] = found
        return found
    }

    func linter(for configuration: LintConfiguration) -> Linter {
        // A rule off by default runs when named, or given a severity by the configuration.
        let configured = Set(configuration.severities.compactMap { $0.value == nil ? nil : $0.key })
        return Linter(rules: rules, includeOptIn: includeOptIn, requiredLocales: configuration.requiredLocales, turnedOn: named.union(configured))
    }

    /// The catalog's path from the configuration file's folder, for `exclude`.
    func pathRelativeToConfiguration(_ job: CheckJob, _ configuration: LintConfiguration) -> String {
        guard let file = configuration.file else { return job.path }
        return Self.path(of: job, relativeTo: FileBytes.parentDirectory(of: file))
    }

    /// The catalog's path from `folder` (both with links resolved), else as it was given.
    static func path(of job: CheckJob, relativeTo folder: String) -> String {
        let name = (job.file ?? job.path).split(separator: "/").last.map(String.init) ?? job.path
        guard let root = FilePaths.resolved(folder.isEmpty ? "." : folder),
            let here = FilePaths.resolved(Self.folder(of: job))
        else { return job.path }
        let full = here + "/" + name
        return full.hasPrefix(root + "/") ? String(full.dropFirst(root.count + 1)) : job.path
    }
}
