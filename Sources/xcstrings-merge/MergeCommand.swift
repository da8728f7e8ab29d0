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
import StringCatalog

enum MergeCommand {
    static let command = Command(
        name: "merge",
        summary: "Three-way merge of catalogs; the git merge driver.",
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

            USAGE: xcstrings-merge merge <base> <ours> <theirs> [options]

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
        let request = MergeRequest(
            basePath: parsed.positionals[0], oursPath: parsed.positionals[1], theirsPath: parsed.positionals[2],
            outputPath: parsed.value("--output") ?? parsed.positionals[1],
            reportPath: parsed.value("--report"), displayPath: parsed.value("--path"),
            labels: MergeLabels(
                base: label(parsed.value("--base-label")), ours: label(parsed.value("--ours-label")),
                theirs: label(parsed.value("--theirs-label"))),
            markerSize: markerSize, options: MergeOptions(prefer: prefer, file: parsed.value("--path")))
        return request.run()
    }
}

/// A side label as git passed it, or nil. A git older than 2.44 (Xcode's bundled git, for
/// one) does not expand `%S`, `%X` and `%Y` and passes them literally; those say nothing.
func label(_ value: String?) -> String? {
    guard let value, !value.isEmpty, value != "%S", value != "%X", value != "%Y" else { return nil }
    return value
}

/// One run of the merge command.
struct MergeRequest {
    var basePath: String
    var oursPath: String
    var theirsPath: String
    var outputPath: String
    var reportPath: String?
    var displayPath: String?
    var labels: MergeLabels
    var markerSize: Int
    var options: MergeOptions

    var name: String { displayPath ?? oursPath }

    /// Whether git runs this as its merge driver: the result replaces ours (%A).
    var runsAsDriver: Bool { outputPath == oursPath }

    func run() -> ExitStatus {
        var request = self
        let environment = ProcessEnvironment.variables
        let gitDirectory = GitDirectory.discover(environment: environment)
        // A git before 2.44 passes no labels; a newer one passes `HEAD` for ours even during a
        // rebase, cherry-pick or revert, where the repository's state says more.
        if let gitDirectory, MergeState.isBare(labels.ours) || MergeState.isBare(labels.theirs) {
            let state = MergeState.read(gitDirectory: gitDirectory, environment: environment)
            (request.labels.ours, request.labels.theirs) = state.labels(ours: labels.ours, theirs: labels.theirs)
        }
        // The kill switch, as mergiraf has: `XCSTRINGS_MERGE=0 git merge …` line-merges, as git
        // would without the driver.
        if environment["XCSTRINGS_MERGE"] == "0" {
            var inputs: [[UInt8]] = []
            for path in [basePath, oursPath, theirsPath] {
                do throws(FileError) {
                    inputs.append(try FileBytes.read(path))
                } catch {
                    Output.err("xcstrings-merge: \(error.description)\n")
                    return .error
                }
            }
            return request.lineMerge(
                inputs, reason: "XCSTRINGS_MERGE=0", gitDirectory: gitDirectory,
                announcement: "XCSTRINGS_MERGE=0: a plain line merge, as git's own (unset it to merge per key)")
        }
        return request.merge(gitDirectory: gitDirectory)
    }

    func merge(gitDirectory: String?) -> ExitStatus {
        // The output, when it is a file already (ours, or a catalog named with -o), is locked
        // from before the inputs are read until it is replaced, and replaced only if it is still
        // the version there then: another run of the tool (rename-key) waits its turn, and an
        // edit made meanwhile by anything else is not overwritten (InPlaceEdit).
        var edit: InPlaceEdit?
        if FileBytes.isRegularFile(outputPath) {
            do throws(FileError) {
                edit = try InPlaceEdit(path: outputPath) {
                    Output.err("xcstrings-merge: \(outputPath) is being written by another run of the tool; waiting for it\n")
                }
                edit?.noteVersion()
            } catch {
                Output.err("xcstrings-merge: \(error.description)\n")
                return .error
            }
        }
        let inputs = MergeInputs.files(base: basePath, ours: oursPath, theirs: theirsPath, displayName: displayPath)
        let merged: MergedCatalog
        switch FileMerge(options: options, labels: labels).run(inputs) {
        case .unreadable(let message):
            Output.err("xcstrings-merge: \(message)\n")
            return .error
        case .notCatalogs(let needed):
            for problem in needed.problems { Output.err("xcstrings-merge: \(problem)\n") }
            let status = lineMerge(needed.inputs, reason: needed.reason, gitDirectory: gitDirectory)
            // A side that is JSON but no catalog ({} from a bad resolution, another tool's file)
            // may line-merge cleanly into something that loses every translation: a person looks.
            return needed.isNotACatalog ? .failure : status
        case .merged(let result):
            merged = result
        }
        // Everything is written before the process exits; freeing three big inputs would only
        // delay git.
        KeptUntilExit.keep(merged)
        let report = merged.report
        do {
            // As git's driver (no -o) the output is %A, which git reads back and deletes: no
            // flush to disk. A file named with -o is the person's, and is flushed.
            if let edit {
                try edit.replace(with: merged.catalog, durable: !runsAsDriver)
            } else {
                try merged.catalog.write(to: outputPath, durable: !runsAsDriver)
            }
        } catch {
            Output.err("xcstrings-merge: \(error.description)\n")
            return .error
        }
        PhaseTimes.mark("output written and put in place (the old file removed)")
        writeReport(report, gitDirectory: gitDirectory)
        PhaseTimes.mark("report")
        for repair in report.repairs {
            Output.err("xcstrings-merge: \(repair.file) (\(labels.name(repair.side))):\(repair.line):\(repair.column): repaired: \(Self.describe(repair))\n")
        }
        Output.err(report.summary(path: name, labels: labels, width: Terminal.columns, insideRepository: gitDirectory != nil))
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

    /// Describes a repair for one line of standard error.
    static func describe(_ repair: InputRepair) -> String {
        let place = repair.path.isEmpty ? "" : " in \(repair.path.map { "\"\($0)\"" }.joined(separator: " › "))"
        switch repair.kind {
        case CatalogRepair.Repair.Kind.trailingComma.rawValue:
            return "removed a trailing comma\(place)"
        case CatalogRepair.Repair.Kind.duplicateKey.rawValue:
            return "key \"\(repair.key?.string ?? "")\"\(place) was written twice with the same value; kept once"
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

    /// What git would have done: a line merge, canonical if it happens to give a valid catalog.
    /// The line merge is as close to git's own (histogram diff, `merge.conflictStyle`) as the
    /// tools here allow: `git merge-file --diff-algorithm=histogram` where git has it (2.44 and
    /// later), else libgit2's patience diff (as few hunks as git's merge on the 237 real merges
    /// of the corpus, against libgit2's default diff's 171 for 51), else git's default.
    func lineMerge(
        _ inputs: [[UInt8]], reason: String, gitDirectory: String?,
        announcement: String = "not every input is a catalog; falling back to git's line merge"
    ) -> ExitStatus {
        Output.err("xcstrings-merge: \(name): \(announcement)\n")
        let style = Self.conflictStyle()
        var result: LineMerge.Result?
        var method = ""
        if Subprocess.gitVersion.lexicographicallyPrecedes([2, 44]) == false, !Subprocess.gitVersion.isEmpty,
            let fromGit = gitMergeFile(style: style, histogram: true)
        {
            (result, method) = (fromGit, "git merge-file --diff-algorithm=histogram")
        }
        if result == nil {
            do {
                result = try LineMerge.merge(
                    base: inputs[0], ours: inputs[1], theirs: inputs[2],
                    baseLabel: labels.base ?? "base", oursLabel: labels.ours ?? "ours", theirsLabel: labels.theirs ?? "theirs",
                    markerSize: markerSize, style: style, patience: true)
                method = "libgit2 (patience diff)"
            } catch {
                // Without libgit2, git's own line merge: as a driver, git is there.
                guard let fromGit = gitMergeFile(style: style, histogram: false) else {
                    Output.err("xcstrings-merge: line merge failed: \(error.message)\n")
                    return .failure
                }
                (result, method) = (fromGit, "git merge-file")
            }
        }
        guard let result else { return .failure }
        let hunks = Self.hunkCount(result.bytes, markerSize: markerSize)
        var fallbackReport = MergeReport()
        fallbackReport.fallback = LineMergeFallback(reason: reason, hunks: hunks, method: method)
        writeReport(fallbackReport, gitDirectory: gitDirectory)
        var output = result.bytes
        var status = ExitStatus.failure
        if result.isClean, let catalog = try? Catalog(bytes: result.bytes) {
            output = catalog.canonicalBytes(capacityHint: result.bytes.count)
            status = .success
        }
        do {
            try FileBytes.writeAtomically(output, to: outputPath, durable: !runsAsDriver)
        } catch {
            Output.err("xcstrings-merge: \(error.description)\n")
            return .failure
        }
        if status == .success {
            Output.err("xcstrings-merge: \(name): the line merge gave a valid catalog\n")
        } else if result.isClean {
            Output.err("xcstrings-merge: \(name): the line merge is not a valid catalog; fix it by hand\n")
        } else {
            Output.err("xcstrings-merge: \(name): the line merge left \(hunks) conflict hunk\(hunks == 1 ? "" : "s") (\(method))\n")
        }
        return status
    }

    /// The conflict hunks in a line merge's output: lines that start a conflict marker.
    static func hunkCount(_ bytes: [UInt8], markerSize: Int) -> Int {
        let marker = [UInt8](repeating: 0x3C, count: markerSize) + [0x20]
        var count = 0
        var lineStart = 0
        while lineStart < bytes.count {
            if bytes.count - lineStart >= marker.count, bytes[lineStart..<lineStart + marker.count].elementsEqual(marker) { count += 1 }
            guard let newline = bytes[lineStart...].firstIndex(of: 0x0A) else { break }
            lineStart = newline + 1
        }
        return count
    }

    /// `merge.conflictStyle` as git would read it (diff3 and zdiff3 show the base's lines too).
    static func conflictStyle() -> LineMerge.ConflictStyle {
        let run = Subprocess.run(["git", "config", "--get", "merge.conflictStyle"])
        let value = String(decoding: run.outputBytes, as: UTF8.self).split(separator: "\n").first.map { String($0).trimmingWhitespace().lowercased() } ?? ""
        return run.status == 0 ? LineMerge.ConflictStyle(rawValue: value) ?? .merge : .merge
    }

    /// `git merge-file -p` on the three input files; nil when git cannot be run or fails.
    func gitMergeFile(style: LineMerge.ConflictStyle, histogram: Bool) -> LineMerge.Result? {
        var arguments = ["git", "merge-file", "-p", "--marker-size=\(markerSize)"]
        if histogram { arguments.append("--diff-algorithm=histogram") }
        if style != .merge { arguments.append("--" + style.rawValue) }
        let run = Subprocess.run(arguments + [
            "-L", labels.ours ?? "ours", "-L", labels.base ?? "base", "-L", labels.theirs ?? "theirs",
            oursPath, basePath, theirsPath,
        ])
        // Its status is the number of conflicts, at most 127; above that, an error.
        guard (0...127).contains(run.status) else { return nil }
        return LineMerge.Result(isClean: run.status == 0, bytes: run.outputBytes)
    }

    func writeReport(_ report: MergeReport, gitDirectory: String?) {
        let record = gitDirectory.map { directory in
            MergeRecord(
                head: GitDirectory.headCommit(gitDirectory: directory),
                theirs: ProcessEnvironment.variables.keys.first { $0.hasPrefix("GITHEAD_") }.map { String($0.dropFirst(8)) })
        }
        let bytes = report.json(path: displayPath, labels: labels, merge: record)
        if let reportPath {
            do {
                try FileBytes.writeAtomically(bytes, to: reportPath, durable: !runsAsDriver)
            } catch {
                Output.err("xcstrings-merge: cannot write the report: \(error.description)\n")
            }
            return
        }
        guard let gitDirectory, let path = ReportLocation.place(name, under: gitDirectory) else { return }
        do {
            try FileBytes.writeAtomically(bytes, to: path, durable: false)
        } catch {
            Output.err("xcstrings-merge: cannot write the report: \(error.description)\n")
        }
        // A new merge of this path starts afresh: answers given to `resolve` in an earlier one
        // (a merge aborted and run again has the same stages) would settle its conflicts unseen.
        ChoiceStore.clear(path: name, gitDirectory: gitDirectory)
    }
}

/// What a command made and need not free: the process exits once it is written, and freeing
/// three big catalogs would only delay git.
enum KeptUntilExit {
    nonisolated(unsafe) static var values: [Any] = []

    static func keep(_ value: Any) { values.append(value) }
}
