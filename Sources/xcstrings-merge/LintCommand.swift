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

            \(Command.catalogPathsSection)

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
        guard let (allJobs, ioFailure) = try discoverCatalogs(parsed.positionals, staged: false, command: "lint") else { return .error }
        var settings = LintSettings(rules: rules, includeOptIn: strict || since != nil)
        settings.named = Set(only)
        var run = LintRun(settings: settings)
        run.named = parsed.positionals
        run.fix = fix
        run.followingSymlinks = parsed.flag("--follow-symlinks")
        if let file = parsed.value("--baseline") {
            do throws(LintBaseline.Problem) {
                run.baseline = try LintBaseline(bytes: try Self.readBaseline(file))
            } catch {
                Output.err("xcstrings-merge lint: --baseline \(file): \(error.message)\n")
                return .error
            }
            run.baselineFolder = FileBytes.parentDirectory(of: file)
        }
        let writeBaseline = parsed.value("--write-baseline")
        if let writeBaseline {
            run.baselineFolder = FileBytes.parentDirectory(of: writeBaseline)
            run.recordsBaseline = true
        }
        if let since {
            do {
                run.since = try SinceRevision(since: since)
            } catch {
                Output.err("xcstrings-merge lint: --since \(since): \(error.message)\n")
                return .error
            }
        }
        let outcome = run.run(allJobs) { notice in
            switch notice {
            case .configurationProblem(let problem): Output.err(problem.description + "\n")
            case .failed(let path, let line, let column, let message):
                Output.fileError(path, line: line, column: column, message)
            case .fixed(let path, let change): Output.err("\(path): fixed \(change)\n")
            case .left(let path, let what): Output.err("\(path): left \(what)\n")
            case .waiting(let path): CatalogFile.waiting(path, command: "lint")
            }
        }
        let failed = ioFailure || outcome.failed
        let files = outcome.files
        let linted = outcome.linted
        if let writeBaseline {
            let written = LintBaseline(findings: outcome.recorded)
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
            let gone = run.baseline?.unmatched(in: outcome.baselinePaths) ?? 0
            if gone > 0 {
                Output.err("xcstrings-merge lint: \(gone) baseline entr\(gone == 1 ? "y no longer occurs" : "ies no longer occur"); shrink the baseline with --write-baseline\n")
            }
        }
        var report = LintReport(files: files, toolVersion: Tool.version)
        if parsed.value("--baseline") != nil { report.heldByBaseline = outcome.held }
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
