#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import XcstringsMergePlatform
import CatalogLint
import CatalogMerge
import GitSupport
import MergePipeline
import MergeSession
import StringCatalog

enum MergeCommand {
    static let command = Command(
        name: "merge",
        summary: "Three-way merge of catalogs; the git merge driver.",
        usage: ["<base> <ours> <theirs>"],
        help: """
            OVERVIEW: Three-way merge of string catalogs, per key, locale, variation and substitution.

            Writes one valid catalog in Xcode's layout and reports what it settled and what it could
            not. Conflicts keep ours' version (string units marked needs_review, so they show in
            Xcode's "Needs Review" filter) and are listed on standard error and in a JSON report.
            An input that fails only through what a line merge leaves with one meaning (a trailing
            comma, a key written twice) is read repaired, each repair named (exit 1, so a person
            looks). If an input is not a catalog (conflict markers, broken JSON, JSON of another
            shape), falls back to git's line merge, as git would have done, and says so in the
            report ("fallback"). XCSTRINGS_MERGE=0 in the environment always line-merges. Keys one side renamed are followed (R10). Entries built
            from both sides' changes are checked for placeholder and plural problems; those are
            warnings, in the report and on standard error, and do not change the exit status.

            {usage}

            ARGUMENTS:
              <base> <ours> <theirs>  The common ancestor and the two versions. An empty base (both
                                      sides added the file) is an empty catalog.

            {options}

            GIT DRIVER:
              git config merge.xcstrings.name "Xcode String Catalog merge"
              git config merge.xcstrings.driver "xcstrings-merge merge %O %A %B --path %P --marker-size %L"
              echo '*.xcstrings merge=xcstrings' >> .gitattributes

            EXIT STATUS:
              0  merged with no conflict left
              1  merged with conflicts, or the line-merge fallback conflicted or did not give a catalog
              2  usage error or an unreadable input

            """,
        options: [
                .init(names: ["--output", "-o"], takesValue: true, value: .file, summary: "Write the result here (default: replace <ours>, as git expects).", valueName: "<file>"),
                .init(names: ["--report"], takesValue: true, value: .file, summary: "Write the JSON report here (default, inside a repository: <git-dir>/xcstrings-merge/<path>.json).", valueName: "<file>"),
                .init(names: ["--path"], takesValue: true, value: .file, summary: "The file's path in the repository (git's %P), for messages.", valueName: "<name>"),
                .init(names: ["--marker-size"], takesValue: true, summary: "Conflict-marker size for the line-merge fallback (git's %L).", valueName: "<n>"),
                .init(names: ["--base-label"], takesValue: true, summary: "Names for the three sides in messages and markers (%S %X %Y).", valueName: "<label>"),
                .init(names: ["--ours-label"], takesValue: true, summary: "Names for the three sides in messages and markers (%S %X %Y).", valueName: "<label>"),
                .init(names: ["--theirs-label"], takesValue: true, summary: "Names for the three sides in messages and markers (%S %X %Y).", valueName: "<label>"),
                .init(names: ["--prefer"], takesValue: true, choices: ["ours", "theirs"], summary: "Settle every conflict toward that side (still reported)."),
            ],
        run: run)

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "merge", options: command.options)
        guard parsed.positionals.count == 3 else {
            throw UsageError(
                message: parsed.positionals.count < 3
                    ? "expected three files: <base> <ours> <theirs>"
                    : "unexpected extra argument '\(parsed.positionals[3])'",
                command: "merge")
        }
        var markerSize = 7
        if let text = parsed.value("--marker-size") {
            guard let size = Int(text), size > 0, size < 1000 else {
                throw UsageError(message: "option '--marker-size' needs a whole number from 1 to 999; got '\(text)'", command: "merge")
            }
            markerSize = size
        }
        // The table declares the choices: `choice` refuses anything else.
        let prefer = try parsed.value("--prefer") == nil ? nil : Side(rawValue: parsed.choice("--prefer", default: "ours", command: "merge"))
        let merge = DriverMerge(
            basePath: parsed.positionals[0], oursPath: parsed.positionals[1], theirsPath: parsed.positionals[2],
            outputPath: parsed.value("--output"), reportPath: parsed.value("--report"), displayPath: parsed.value("--path"),
            labels: MergeLabels(
                base: label(parsed.value("--base-label")), ours: label(parsed.value("--ours-label")),
                theirs: label(parsed.value("--theirs-label"))),
            markerSize: markerSize, options: MergeOptions(prefer: prefer, file: parsed.value("--path")))
        let result = merge.run {
            Output.err("xcstrings-merge: \(merge.outputPath) is being written by another run of the tool; waiting for it\n")
        }
        // Everything is written before the process exits; freeing three big inputs would only
        // delay git.
        KeptUntilExit.keep(result)
        return show(result)
    }

    /// Says on standard error what the merge did, and gives its exit status.
    static func show(_ result: DriverMergeResult) -> ExitStatus {
        let name = result.name
        let labels = result.labels
        func reportProblem() {
            if let problem = result.reportProblem { Output.err("xcstrings-merge: cannot write the report: \(problem)\n") }
        }
        switch result.outcome {
        case .failed(let message):
            Output.err("xcstrings-merge: \(message)\n")
            return .error
        case .lineMerged(let merged):
            for problem in merged.problems { Output.err("xcstrings-merge: \(problem)\n") }
            Output.err("xcstrings-merge: \(name): " + (merged.byRequest
                ? "XCSTRINGS_MERGE=0: a plain line merge, as git's own (unset it to merge per key)\n"
                : "not every input is a catalog; falling back to git's line merge\n"))
            if let failure = merged.failure, merged.method.isEmpty {
                Output.err("xcstrings-merge: \(failure)\n")
                return .failure
            }
            reportProblem()
            if let failure = merged.failure {
                Output.err("xcstrings-merge: \(failure)\n")
                return .failure
            }
            if merged.isCatalog {
                Output.err("xcstrings-merge: \(name): the line merge gave a valid catalog\n")
            } else if merged.isClean {
                Output.err("xcstrings-merge: \(name): the line merge is not a valid catalog; fix it by hand\n")
            } else {
                Output.err("xcstrings-merge: \(name): the line merge left \(merged.hunks) conflict hunk\(merged.hunks == 1 ? "" : "s") (\(merged.method))\n")
            }
            return merged.isSettled ? .success : .failure
        case .merged(let merged):
            reportProblem()
            let report = merged.report
            for repair in report.repairs {
                Output.err("xcstrings-merge: \(repair.file) (\(labels.name(repair.side))):\(repair.line):\(repair.column): repaired: \(Self.describe(repair))\n")
            }
            Output.err(report.summary(path: name, labels: labels, width: Terminal.columns, insideRepository: result.insideRepository))
            for warning in report.warnings {
                let place = "\"\(warning.key)\"" + (warning.locale.map { " [\($0)]" } ?? "")
                Output.err("xcstrings-merge: \(name): warning: \(place): \(warning.message) [\(warning.rule)]\n")
            }
            // A repaired input is merged, but a person should look at what the repair chose.
            if !report.repairs.isEmpty {
                let count = report.repairs.count
                Output.err("xcstrings-merge: \(name): \(count) repair\(count == 1 ? "" : "s") made to the inputs (exit 1, so that git stops): check the result, then git add it\n")
            }
            PhaseTimes.report()
            return merged.isClean ? .success : .failure
        }
    }
}

/// A side label as git passed it, or nil. A git older than 2.44 (Xcode's bundled git, for
/// one) does not expand `%S`, `%X` and `%Y` and passes them literally; those say nothing.
func label(_ value: String?) -> String? {
    guard let value, !value.isEmpty, value != "%S", value != "%X", value != "%Y" else { return nil }
    return value
}

extension MergeCommand {
    /// Describes a repair for one line of standard error.
    static func describe(_ repair: InputRepair) -> String {
        let place = repair.path.isEmpty ? "" : " in \(repair.path.map { "\"\(VisibleText.name($0.string))\"" }.joined(separator: " › "))"
        switch repair.kind {
        case CatalogRepair.Repair.Kind.trailingComma.rawValue:
            return "removed a trailing comma\(place)"
        case CatalogRepair.Repair.Kind.duplicateKey.rawValue:
            return "key \"\(VisibleText.name(repair.key?.string ?? ""))\"\(place) was written twice with the same value; kept once"
        default:
            // Copies that differ in one field or one language read alike in short: shown where
            // they differ.
            var values = repair.values.map { MergeReport.shortText($0) }.joined(separator: " then ")
            if repair.values.count == 2, let (path, first, second) = firstDifference(repair.values[0], repair.values[1]) {
                let at = path.isEmpty ? "" : " at " + path.map { "\"\(VisibleText.name($0.string))\"" }.joined(separator: " › ")
                values = "differing\(at): \(first.map { MergeReport.shortText($0) } ?? "(absent)") then \(second.map { MergeReport.shortText($0) } ?? "(absent)")"
            }
            return "key \"\(VisibleText.name(repair.key?.string ?? ""))\"\(place) was written twice with different values (\(values)); kept the later, as JSON readers do; both are in the report"
        }
    }

    /// Where two values first differ: the members below them leading there (none when they
    /// differ at once), and each side's value there (nil where a side lacks the member).
    static func firstDifference(_ one: JSONValue, _ other: JSONValue) -> (path: [UTF8Bytes], one: JSONValue?, other: JSONValue?)? {
        guard one != other else { return nil }
        guard let first = one.materialized.object, let second = other.materialized.object else { return ([], one, other) }
        for member in first.members {
            guard let theirs = second[key: member.key] else { return ([member.key], member.value, nil) }
            if let (path, a, b) = firstDifference(member.value, theirs) { return ([member.key] + path, a, b) }
        }
        for member in second.members where first[key: member.key] == nil { return ([member.key], nil, member.value) }
        return ([], one, other)
    }
}

/// What a command made and need not free: the process exits once it is written, and freeing
/// three big catalogs would only delay git.
enum KeptUntilExit {
    nonisolated(unsafe) static var values: [Any] = []

    static func keep(_ value: Any) { values.append(value) }
}
