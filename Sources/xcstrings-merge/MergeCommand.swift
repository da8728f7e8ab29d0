#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Platform
import CatalogLint
import CatalogMerge
import Dispatch
import Foundation
import GitSupport
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
            If an input is not a catalog (conflict markers, broken JSON), falls back to git's line
            merge, as git would have done. Keys one side renamed are followed (R10). Entries built
            from both sides' changes are checked for placeholder and plural problems; those are
            warnings, in the report and on standard error, and do not change the exit status.

            USAGE: xcstrings-merge merge <base> <ours> <theirs> [options]

            ARGUMENTS:
              <base> <ours> <theirs>  The common ancestor and the two versions. An empty base (both
                                      sides added the file) is an empty catalog.

            OPTIONS:
              -o, --output <file>     Write the result here (default: replace <ours>, as git expects).
              --report <file>         Write the JSON report here (default, inside a repository:
                                      <git-dir>/xcstrings-merge/<path>.json).
              --path <name>           The file's path in the repository (git's %P), for messages.
              --marker-size <n>       Conflict-marker size for the line-merge fallback (git's %L).
              --base-label <label>    Names for the three sides in messages and markers (%S %X %Y).
              --ours-label <label>
              --theirs-label <label>
              --prefer ours|theirs    Settle every conflict toward that side (still reported).
              --help, -h              Show this help.

            GIT DRIVER:
              git config merge.xcstrings.name "Xcode String Catalog merge"
              git config merge.xcstrings.driver "xcstrings-merge merge %O %A %B --path %P --marker-size %L"
              echo '*.xcstrings merge=xcstrings' >> .gitattributes

            EXIT STATUS:
              0  merged with no conflict left
              1  merged with conflicts, or the line-merge fallback conflicted or did not give a catalog
              2  usage error or an unreadable input

            """,
        run: run)

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(
            arguments, command: "merge",
            options: [
                .init(names: ["--output", "-o"], takesValue: true),
                .init(names: ["--report"], takesValue: true),
                .init(names: ["--path"], takesValue: true),
                .init(names: ["--marker-size"], takesValue: true),
                .init(names: ["--base-label"], takesValue: true),
                .init(names: ["--ours-label"], takesValue: true),
                .init(names: ["--theirs-label"], takesValue: true),
                .init(names: ["--prefer"], takesValue: true),
            ])
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
        let prefer = try parsed.value("--prefer").map { value throws(UsageError) -> Side in
            guard let side = Side(rawValue: value), side != .base else {
                throw UsageError(message: "option '--prefer' must be ours or theirs; got '\(value)'", command: "merge")
            }
            return side
        }
        let request = MergeRequest(
            basePath: parsed.positionals[0], oursPath: parsed.positionals[1], theirsPath: parsed.positionals[2],
            outputPath: parsed.value("--output") ?? parsed.positionals[1],
            reportPath: parsed.value("--report"), displayPath: parsed.value("--path"),
            labels: MergeLabels(
                base: label(parsed.value("--base-label")), ours: label(parsed.value("--ours-label")),
                theirs: label(parsed.value("--theirs-label"))),
            markerSize: markerSize, options: MergeOptions(prefer: prefer))
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
        return request.merge(gitDirectory: gitDirectory)
    }

    func merge(gitDirectory: String?) -> ExitStatus {
        // The base is read (in parts, on all cores) while ours is mapped, then parsed; then ours
        // and theirs, one at a time, are parsed against the base (entries equal to the base's
        // are not validated again and share its bytes). A big one, mapped or read, keeps only
        // what it changes, so that its file's bytes can go before the next is read: the three
        // inputs are never all held at once (a merge of three 40 MB catalogs peaks below their
        // total size). Each parse of a big catalog uses two threads.
        let paths = [basePath, oursPath, theirsPath]
        let sides = [Side.base, .ours, .theirs]
        let bigFile = 1 << 20
        /// Side `index` as `read` gives it, or why it is not a catalog; `bytes` are kept for the
        /// line merge ([]: it reads the file again).
        func slot(_ index: Int, keeping bytes: [UInt8], _ read: () throws(JSONError) -> Catalog) -> InputSlot {
            do throws(JSONError) {
                return .catalog(bytes, try read())
            } catch {
                // As git's driver the files are temporary: the repository path names the file.
                let file = displayPath ?? paths[index]
                return .invalid(bytes, "\(file) (\(labels.name(sides[index]))):\(error.line):\(error.column): \(error.message)", error.isNotACatalog)
            }
        }
        let oursMapping = MappingSlot()
        var slots: [InputSlot] = []
        do throws(FileError) {
            let bytes = try FileBytes.readInParts(paths[0]) { oursMapping.file = MappedFile(path: paths[1], minimumSize: bigFile) }
            slots.append(slot(0, keeping: bytes) { () throws(JSONError) in try Catalog.mergeBase(bytes: bytes, checkingShape: false) })
        } catch {
            slots.append(.unreadable(error.description))
        }
        var reference: Catalog?
        if case .catalog(_, let catalog) = slots[0] { reference = catalog }
        func side(_ index: Int, mapping: MappedFile?) -> InputSlot {
            func copying(_ buffer: UnsafeBufferPointer<UInt8>) -> InputSlot {
                slot(index, keeping: []) { () throws(JSONError) in
                    try Catalog(copyingFrom: buffer, reference: reference, checkingShape: false)
                }
            }
            if let mapping { return mapping.withBytes(copying) }
            let bytes: [UInt8]
            do throws(FileError) {
                bytes = try FileBytes.read(paths[index])
            } catch {
                return .unreadable(error.description)
            }
            if bytes.count >= bigFile { return bytes.withUnsafeBufferPointer(copying) }
            return slot(index, keeping: bytes) { () throws(JSONError) in
                try Catalog(bytes: bytes, reference: reference, checkingShape: false)
            }
        }
        slots.append(side(1, mapping: oursMapping.file))
        oursMapping.file = nil
        slots.append(side(2, mapping: MappedFile(path: paths[2], minimumSize: bigFile)))
        var inputs: [[UInt8]] = []
        var catalogs: [Catalog] = []
        var problems: [String] = []
        var notACatalog = false
        for slot in slots {
            switch slot {
            case .unreadable(let message):
                Output.err("xcstrings-merge: \(message)\n")
                return .error
            case .catalog(let bytes, let catalog):
                inputs.append(bytes)
                catalogs.append(catalog)
            case .invalid(let bytes, let problem, let isNotACatalog):
                inputs.append(bytes)
                problems.append(problem)
                notACatalog = notACatalog || isNotACatalog
            }
        }
        guard problems.isEmpty else {
            for problem in problems { Output.err("xcstrings-merge: \(problem)\n") }
            // Ours and theirs were mapped, or let go once read; the line merge reads them again.
            for index in 1...2 where inputs[index].isEmpty {
                if let again = try? FileBytes.read(paths[index]) { inputs[index] = again }
            }
            let status = lineMerge(inputs)
            // A side that is JSON but no catalog ({} from a bad resolution, another tool's file)
            // may line-merge cleanly into something that loses every translation: a person looks.
            return notACatalog ? .failure : status
        }
        var (merged, report) = ThreeWayMerge.merge(
            base: catalogs[0], ours: catalogs[1], theirs: catalogs[2], options: options)
        report.warnings = Linter.afterMerge.findings(forKeys: report.combinedKeys, in: merged).map {
            MergeWarning(rule: $0.rule, key: $0.key, locale: $0.locale, message: $0.message)
        }
        do {
            // As git's driver (no -o) the output is %A, which git reads back and deletes: no
            // flush to disk. A file named with -o is the person's, and is flushed.
            try merged.write(to: outputPath, durable: !runsAsDriver)
        } catch {
            Output.err("xcstrings-merge: \(error.description)\n")
            return .error
        }
        writeReport(report, gitDirectory: gitDirectory)
        Output.err(report.summary(path: name, labels: labels))
        for warning in report.warnings {
            let place = "\"\(warning.key)\"" + (warning.locale.map { " [\($0)]" } ?? "")
            Output.err("xcstrings-merge: \(name): warning: \(place): \(warning.message) [\(warning.rule)]\n")
        }
        let status: ExitStatus = report.unresolvedConflicts.isEmpty ? .success : .failure
        // Everything is written; freeing three big inputs would only delay git.
        exit(status.rawValue)
    }

    /// What git would have done: a line merge, canonical if it happens to give a valid catalog.
    func lineMerge(_ inputs: [[UInt8]]) -> ExitStatus {
        Output.err("xcstrings-merge: \(name): not every input is a catalog; falling back to git's line merge\n")
        let result: LineMerge.Result
        do {
            result = try LineMerge.merge(
                base: inputs[0], ours: inputs[1], theirs: inputs[2],
                baseLabel: labels.base ?? "base", oursLabel: labels.ours ?? "ours", theirsLabel: labels.theirs ?? "theirs",
                markerSize: markerSize)
        } catch {
            // Without libgit2, git's own line merge: as a driver, git is there.
            guard let fromGit = gitMergeFile() else {
                Output.err("xcstrings-merge: line merge failed: \(error.message)\n")
                return .failure
            }
            result = fromGit
        }
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
            Output.err("xcstrings-merge: \(name): the line merge left conflict markers\n")
        }
        return status
    }

    /// `git merge-file -p` on the three input files; nil when git cannot be run or fails.
    func gitMergeFile() -> LineMerge.Result? {
        let run = Subprocess.run([
            "git", "merge-file", "-p", "--marker-size=\(markerSize)",
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
    }
}

/// Ours' mapping, made on one thread and used on the merge's.
final class MappingSlot: @unchecked Sendable {
    var file: MappedFile?
}

/// An input as its read leaves it.
enum InputSlot {
    case catalog([UInt8], Catalog)
    /// The bytes, why, and whether they are JSON but not a catalog's shape.
    case invalid([UInt8], String, Bool)
    case unreadable(String)
}
