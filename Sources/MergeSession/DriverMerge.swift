import CatalogMerge
import GitSupport
import MergePipeline
import StringCatalog
import XcstringsMergePlatform

/// One merge of a catalog as git's driver runs it (`%O %A %B`), from the three files to "merge
/// done": the inputs read and merged (or line-merged when one is not a catalog, as git would
/// have), the output written in place, the report written beside the repository's merge, and
/// `resolve`'s answers of an earlier merge of the path forgotten.
///
/// It prints nothing: `run` returns what happened (`DriverMergeResult`), which the command
/// renders and turns into an exit status.
public struct DriverMerge {
    public var basePath: String
    public var oursPath: String
    public var theirsPath: String
    /// Where the result goes: ours, as git expects, or a file named with `-o`.
    public var outputPath: String
    /// `--report`: the report goes there instead of the repository's store.
    public var reportPath: String?
    /// The file's repository path (`%P`), for messages and the store.
    public var displayPath: String?
    public var labels: MergeLabels
    /// Conflict-marker size of the line-merge fallback (`%L`).
    public var markerSize: Int
    public var options: MergeOptions
    public var environment: [String: String]
    /// Inputs longer than this are read in parts on several threads.
    public var splitAbove = JSONReader.defaultSplitSize
    /// The line-merge fallback runs libgit2 only, with git's default conflict style: no child
    /// process (`git merge-file`, `git config`). The fuzzer's choice, where a child process per
    /// input would be most of the run; git's own line merge is otherwise preferred.
    public var lineMergesInProcess = false

    public init(
        basePath: String, oursPath: String, theirsPath: String, outputPath: String? = nil, reportPath: String? = nil,
        displayPath: String? = nil, labels: MergeLabels = MergeLabels(), markerSize: Int = 7, options: MergeOptions = MergeOptions(),
        environment: [String: String] = ProcessEnvironment.variables
    ) {
        self.basePath = basePath
        self.oursPath = oursPath
        self.theirsPath = theirsPath
        self.outputPath = outputPath ?? oursPath
        self.reportPath = reportPath
        self.displayPath = displayPath
        self.labels = labels
        self.markerSize = markerSize
        self.options = options
        self.environment = environment
    }

    /// The file as messages name it.
    public var name: String { displayPath ?? oursPath }

    /// Whether git runs this as its merge driver: the result replaces ours (%A), which git reads
    /// back and deletes, so it need not be flushed to disk.
    public var runsAsDriver: Bool { outputPath == oursPath }

    /// Runs the merge. `waiting` is called when another run of the tool is writing the output
    /// file and this one waits for it.
    public func run(waiting: () -> Void = {}) -> DriverMergeResult {
        var merge = self
        let gitDirectory = GitDirectory.discover(environment: environment)
        // A git before 2.44 passes no labels; a newer one passes `HEAD` for ours even during a
        // rebase, cherry-pick or revert, where the repository's state says more.
        if let gitDirectory, MergeState.isBare(labels.ours) || MergeState.isBare(labels.theirs) {
            let state = MergeState.read(gitDirectory: gitDirectory, environment: environment)
            (merge.labels.ours, merge.labels.theirs) = state.labels(ours: labels.ours, theirs: labels.theirs)
        }
        var result = DriverMergeResult(name: name, labels: merge.labels, insideRepository: gitDirectory != nil)
        // The kill switch, as mergiraf has: `XCSTRINGS_MERGE=0 git merge …` line-merges, as git
        // would without the driver.
        if environment["XCSTRINGS_MERGE"] == "0" {
            var inputs: [[UInt8]] = []
            for path in [basePath, oursPath, theirsPath] {
                do throws(FileError) {
                    inputs.append(try FileBytes.read(path))
                } catch {
                    result.outcome = .failed(error.description)
                    return result
                }
            }
            result.outcome = .lineMerged(merge.lineMerge(inputs, reason: "XCSTRINGS_MERGE=0", byRequest: true, gitDirectory: gitDirectory, into: &result))
            return result
        }
        merge.merge(gitDirectory: gitDirectory, into: &result, waiting: waiting)
        return result
    }

    func merge(gitDirectory: String?, into result: inout DriverMergeResult, waiting: () -> Void) {
        // The output, when it is a file already (ours, or a catalog named with -o), is locked
        // from before the inputs are read until it is replaced, and replaced only if it is still
        // the version there then: another run of the tool (rename-key) waits its turn, and an
        // edit made meanwhile by anything else is not overwritten (InPlaceEdit).
        var edit: InPlaceEdit?
        if FileBytes.isRegularFile(outputPath) {
            do throws(FileError) {
                edit = try InPlaceEdit(path: outputPath, waiting: waiting)
                edit?.noteVersion()
            } catch {
                result.outcome = .failed(error.description)
                return
            }
        }
        let inputs = MergeInputs.files(base: basePath, ours: oursPath, theirs: theirsPath, displayName: displayPath)
        let merged: MergedCatalog
        switch FileMerge(options: options, labels: labels, splitAbove: splitAbove).run(inputs) {
        case .unreadable(let message):
            result.outcome = .failed(message)
            return
        case .notCatalogs(let needed):
            var lineMerged = lineMerge(needed.inputs, reason: needed.reason, byRequest: false, gitDirectory: gitDirectory, into: &result)
            lineMerged.problems = needed.problems
            // A side that is JSON but no catalog ({} from a bad resolution, another tool's file)
            // may line-merge cleanly into something that loses every translation: a person looks.
            lineMerged.aSideIsNotACatalog = needed.isNotACatalog
            result.outcome = .lineMerged(lineMerged)
            return
        case .merged(let catalog):
            merged = catalog
        }
        do {
            // A file named with -o is the person's, and is flushed.
            if let edit {
                try edit.replace(with: merged.catalog, durable: !runsAsDriver)
            } else {
                try merged.catalog.write(to: outputPath, durable: !runsAsDriver)
            }
        } catch {
            result.outcome = .failed(error.description)
            return
        }
        PhaseTimes.mark("output written and put in place (the old file removed)")
        result.outcome = .merged(merged)
        writeReport(merged.report, gitDirectory: gitDirectory, into: &result)
        PhaseTimes.mark("report")
    }

    /// What git would have done: a line merge, canonical if it happens to give a valid catalog.
    /// The line merge is as close to git's own (histogram diff, `merge.conflictStyle`) as the
    /// tools here allow: `git merge-file --diff-algorithm=histogram` where git has it (2.44 and
    /// later), else libgit2's patience diff (as few hunks as git's merge on the 237 real merges
    /// of the corpus, against libgit2's default diff's 171 for 51), else git's default.
    func lineMerge(_ inputs: [[UInt8]], reason: String, byRequest: Bool, gitDirectory: String?, into result: inout DriverMergeResult) -> LineMerged {
        var merged = LineMerged(byRequest: byRequest)
        let style = lineMergesInProcess ? .merge : Self.conflictStyle()
        var lineMerge: LineMerge.Result?
        let gitVersion = lineMergesInProcess ? [] : Subprocess.gitVersion
        if !gitVersion.isEmpty, !gitVersion.lexicographicallyPrecedes([2, 44]), let fromGit = gitMergeFile(style: style, histogram: true) {
            (lineMerge, merged.method) = (fromGit, "git merge-file --diff-algorithm=histogram")
        }
        if lineMerge == nil {
            do {
                lineMerge = try LineMerge.merge(
                    base: inputs[0], ours: inputs[1], theirs: inputs[2],
                    baseLabel: labels.base ?? "base", oursLabel: labels.ours ?? "ours", theirsLabel: labels.theirs ?? "theirs",
                    markerSize: markerSize, style: style, patience: true)
                merged.method = "libgit2 (patience diff)"
            } catch {
                // Without libgit2, git's own line merge: as a driver, git is there.
                guard !lineMergesInProcess, let fromGit = gitMergeFile(style: style, histogram: false) else {
                    merged.failure = "line merge failed: \(error.message)"
                    return merged
                }
                (lineMerge, merged.method) = (fromGit, "git merge-file")
            }
        }
        guard let lineMerge else { return merged }
        merged.hunks = Self.hunkCount(lineMerge.bytes, markerSize: markerSize)
        merged.isClean = lineMerge.isClean
        var report = MergeReport()
        report.fallback = LineMergeFallback(reason: reason, hunks: merged.hunks, method: merged.method)
        writeReport(report, gitDirectory: gitDirectory, into: &result)
        var output = lineMerge.bytes
        if lineMerge.isClean, let catalog = try? Catalog(bytes: lineMerge.bytes) {
            output = catalog.canonicalBytes(capacityHint: lineMerge.bytes.count)
            merged.isCatalog = true
        }
        do {
            try FileBytes.writeAtomically(output, to: outputPath, durable: !runsAsDriver)
        } catch {
            merged.failure = error.description
        }
        return merged
    }

    /// `xcstrings-merge.reports`: how many earlier reports to keep per catalog (libgit2 opened
    /// for it only when more than the fewest are kept already).
    static func earlierReportsSetting(gitDirectory: String) -> Int {
        guard let repository = try? Repository(discoveringFrom: gitDirectory),
            let text = try? repository.config().string("xcstrings-merge.reports"), let value = Int(text.trimmingWhitespace()), value >= 0
        else { return ReportStore.defaultEarlierReports }
        return value
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

    /// Writes the report to `--report`, else into the repository's store; a new merge of the
    /// path forgets `resolve`'s answers of an earlier one (a merge aborted and run again has
    /// the same stages, and would be settled unseen).
    func writeReport(_ report: MergeReport, gitDirectory: String?, into result: inout DriverMergeResult) {
        let record = gitDirectory.map { directory in
            MergeRecord(
                head: GitDirectory.headCommit(gitDirectory: directory),
                theirs: environment.keys.first { $0.hasPrefix("GITHEAD_") }.map { String($0.dropFirst(8)) })
        }
        let bytes = MergeReportDocument(report, path: displayPath, labels: labels, merge: record).bytes
        if let reportPath {
            do {
                try FileBytes.writeAtomically(bytes, to: reportPath, durable: !runsAsDriver)
                result.reportFile = reportPath
            } catch {
                result.reportProblem = error.description
            }
            return
        }
        guard let gitDirectory else { return }
        let store = ReportStore(gitDirectory: gitDirectory)
        // The report of the path's previous merge stays readable by `review` (a rebase merges a
        // catalog once per commit).
        store.keepEarlierReport(name) { Self.earlierReportsSetting(gitDirectory: gitDirectory) }
        guard let path = store.place(name, .report) else { return }
        do {
            try FileBytes.writeAtomically(bytes, to: path, durable: false)
            result.reportFile = path
        } catch {
            result.reportProblem = error.description
        }
        store.clearResolveState(name)
    }
}

/// What a `DriverMerge` did.
public struct DriverMergeResult {
    public enum Outcome {
        /// The inputs were catalogs (some perhaps repaired); merged and written.
        case merged(MergedCatalog)
        /// Not every input is a catalog (or XCSTRINGS_MERGE=0): git's line merge ran.
        case lineMerged(LineMerged)
        /// An input could not be read, or the output not written: nothing merged.
        case failed(String)
    }

    /// The file as messages name it.
    public var name: String
    /// The sides' names, from git's labels or the repository's state.
    public var labels: MergeLabels
    public var insideRepository: Bool
    public var outcome: Outcome = .failed("not run")
    /// Where the report was written, if it was.
    public var reportFile: String?
    /// Why the report could not be written, if it could not.
    public var reportProblem: String?
}

/// What the line-merge fallback gave.
public struct LineMerged: Sendable {
    /// Asked for (XCSTRINGS_MERGE=0), not forced by an input that is not a catalog.
    public var byRequest: Bool
    /// Why each input that is not a catalog is not: `file (side):line:column: message`.
    public var problems: [String] = []
    /// An input is JSON but not a catalog's shape: even a clean line merge needs a person.
    public var aSideIsNotACatalog = false
    /// Which line merge ran.
    public var method = ""
    /// Conflict hunks it left.
    public var hunks = 0
    /// It left no conflict.
    public var isClean = false
    /// It left no conflict and gave a valid catalog, written in Xcode's layout.
    public var isCatalog = false
    /// The line merge could not run, or its output not be written.
    public var failure: String?

    init(byRequest: Bool) { self.byRequest = byRequest }

    /// Nothing for a person to look at.
    public var isSettled: Bool { failure == nil && isCatalog && !aSideIsNotACatalog }
}
