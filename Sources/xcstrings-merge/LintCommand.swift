#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import CatalogLint
import GitSupport
import Platform
import StringCatalog

enum LintCommand {
    static var ruleList: String {
        LintRules.all.map { rule in
            "  " + rule.id.padding(24) + "(\(rule.severity.rawValue)\(rule.isOptIn ? ", with --strict or --since" : "")) \(rule.summary)"
        }.joined(separator: "\n")
    }

    static let command = Command(
        name: "lint",
        summary: "Find the translation bugs that ship (placeholders, plurals, escapes).",
        help: """
            OVERVIEW: Find translation bugs in catalogs: format placeholders that crash or garble,
            plurals missing a form, literal escapes and carriage returns left by migrations, keys
            with nothing to translate, and (with --strict) untranslated strings. Ends with a
            coverage table per locale.

            USAGE: xcstrings-merge lint [<path> ...] [--format human|json|github|sarif] [--strict]
                                        [--since <rev>] [--fix] [--disable <rule>]... [--only <rule>]...

            ARGUMENTS:
              <path>                  A .xcstrings file or a directory (default: the tracked
                                      catalogs of the repository, else the current directory).

            OPTIONS:
              --format <format>       human (default: path:line:column: severity: message [rule],
                                      as Xcode and editors read it), json, github (workflow
                                      annotations) or sarif (SARIF 2.1.0, for code scanning).
              --strict                Report untranslated strings too, and fail on any finding.
              --since <rev>           Report only findings that the catalog did not have at the
                                      merge base of HEAD and <rev> (a pull request's new ones).
              --fix                   Repair what is mechanical: literal \\n where the source has a
                                      line break, carriage returns, format-only keys (marked
                                      "shouldTranslate" : false). Files are rewritten atomically.
              --disable <rule>        Skip a rule (repeatable).
              --only <rule>           Run only these rules (repeatable).
              --color <when>          always, never or auto (default: colour on a terminal, not
                                      with NO_COLOR set or TERM=dumb).
              --help, -h              Show this help.

            RULES:
            \(ruleList)

            Plural categories are CLDR \(PluralCategories.cldrVersion)'s (the table Scripts/generate-plural-rules.py
            makes from the babel package's data), the rules Xcode 15 and later and iOS 17 follow.

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
                .init(names: ["--format"], takesValue: true, choices: ["human", "json", "github", "sarif"]),
                .init(names: ["--strict"], takesValue: false),
                .init(names: ["--since"], takesValue: true, value: .revision),
                .init(names: ["--fix"], takesValue: false),
                .init(names: ["--disable"], takesValue: true, repeatable: true),
                .init(names: ["--only"], takesValue: true, repeatable: true),
                .init(names: ["--color"], takesValue: true, choices: ["always", "never", "auto"]),
            ],
        run: run)

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "lint", options: command.options)
        let format = try parsed.choice("--format", default: "human", command: "lint")
        let colourChoice = try parsed.choice("--color", default: "auto", command: "lint")
        let colour = Output.usesColour(colourChoice)
        for id in parsed.all("--disable") + parsed.all("--only") where LintRules.named(id) == nil {
            throw UsageError(message: "unknown rule '\(id)'; the rules are \(LintRules.all.map(\.id).joined(separator: ", "))", command: "lint")
        }
        let only = parsed.all("--only")
        let rules = LintRules.all.filter { (only.isEmpty || only.contains($0.id)) && !parsed.all("--disable").contains($0.id) }
        let strict = parsed.flag("--strict")
        let since = parsed.value("--since")
        let fix = parsed.flag("--fix")
        guard let (jobs, ioFailure) = try CheckJob.discover(parsed.positionals, staged: false, command: "lint") else { return .error }
        var baseline: Baseline?
        if let since {
            do {
                baseline = try Baseline(since: since)
            } catch {
                Output.err("xcstrings-merge lint: --since \(since): \(error.message)\n")
                return .error
            }
        }
        let linter = Linter(rules: rules, includeOptIn: strict || since != nil)
        var files: [LintReport.File] = []
        var failed = ioFailure
        // Kept until the process ends: freeing a big catalog's entries one by one only delays it.
        var linted: [Catalog] = []
        for job in jobs {
            var bytes: [UInt8]
            var catalog: Catalog
            do {
                bytes = try job.bytes ?? FileBytes.read(job.file ?? job.path)
                // Lint does not run the validator: the schema notes made for it are not needed.
                catalog = try Catalog(bytes: bytes, checkingShape: false)
            } catch let error as JSONError {
                Output.err("\(job.path):\(error.line):\(error.column): error: \(error.message)\n")
                failed = true
                continue
            } catch {
                Output.err("\(job.path): error: \(error)\n")
                failed = true
                continue
            }
            if fix, let path = job.file {
                let outcome = LintFix.apply(to: catalog)
                if !outcome.changes.isEmpty {
                    do {
                        try outcome.catalog.write(to: path)
                        bytes = try FileBytes.read(path)
                        catalog = try Catalog(bytes: bytes, checkingShape: false)
                    } catch {
                        Output.err("\(job.path): error: cannot write the repairs: \(error)\n")
                        failed = true
                        continue
                    }
                    for change in outcome.changes { Output.err("\(job.path): fixed \(change)\n") }
                }
            }
            var (findings, coverage) = linter.lint(catalog, bytes: bytes, file: job.path)
            if let baseline {
                findings = baseline.newFindings(findings, path: job.repositoryPath ?? job.path, linter: linter)
            }
            files.append(LintReport.File(path: job.path, findings: findings, coverage: coverage))
            linted.append(catalog)
        }
        let report = LintReport(files: files, toolVersion: Tool.version)
        switch format {
        case "json": Output.out(String(decoding: report.json(), as: UTF8.self) + "\n")
        case "github": Output.out(report.github())
        case "sarif": Output.out(String(decoding: report.sarif(rules: rules), as: UTF8.self) + "\n")
        default: Output.out(bytes: report.humanBytes(colour: colour))
        }
        let status: ExitStatus
        if failed {
            status = .error
        } else {
            status = report.findings.contains { strict || $0.severity == .error } ? .failure : .success
        }
        // Everything is written (unbuffered); see `linted`.
        withExtendedLifetime(linted) { exit(status.rawValue) }
    }
}

/// The catalogs as they were at the merge base of HEAD and a revision: what `--since` compares
/// with, so that a pull request is judged on the findings it adds.
struct Baseline {
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
        guard let bytes = try? repository.file(path, in: base), let catalog = try? Catalog(bytes: bytes, checkingShape: false) else { return findings }
        let before = Set(linter.findings(in: catalog, bytes: bytes, file: path).map(\.identity))
        return findings.filter { !before.contains($0.identity) }
    }
}
