#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import CatalogMerge
import GitSupport
import MergePipeline
import StringCatalog
import XcstringsMergePlatform

/// The conflicted catalogs of a repository and what merging them again gives.
public struct ResolveSession {
    public struct Failure: Error { public var message: String }

    public struct File {
        public var path: String
        /// The mode to stage the catalog with.
        var mode: UInt32
        /// What the working file may hold without being "edited since the merge" besides the
        /// merge's own output: ours' stage, or the staged catalog the report's conflicts are in.
        var leftByTheMerge: [UInt8]
        var inputs: ReadCatalogs
        /// The conflicts as they stand after earlier answers, but for those settled by hand.
        public var report: MergeReport
        var defaultOutput: [UInt8]
        /// What the merge with the earlier answers writes: what hand edits are made on.
        var answeredOutput: [UInt8]
        /// Conflicts the working file no longer holds as the merge left them: someone edited
        /// their places since (in Xcode, by hand). Not asked about, not listed, not overwritten.
        public var settledByHand: [MergeConflict] = []
        /// Whether the merge was committed with these conflicts unsettled (`--no-verify`).
        public var committedUnsettled = false
        /// Answers from earlier runs.
        var stored: [String: Resolution]
        /// Identifies the index stages the answers belong to.
        var stages: String

        /// Whether `current` (the working file) is what a merge or an earlier `resolve` left:
        /// then it is rewritten without asking.
        func isUntouched(_ current: [UInt8], gitDirectory: String) -> Bool {
            current == defaultOutput || current == answeredOutput || current.isEmpty
                || current.withUnsafeBufferPointer({ ConflictMarkers.first(in: $0) != nil })
                || leftByTheMerge == current
                || ReportStore(gitDirectory: gitDirectory).isWritten(current, path: path)
        }

        /// Moves the conflicts whose places `edited` no longer holds as the merge left them from
        /// `report` to `settledByHand`.
        mutating func noteSettledByHand(in edited: Catalog) {
            var entries: [UTF8Bytes: JSONValue] = [:]
            for member in edited.strings.members { entries[member.key] = member.value }
            var open: [MergeConflict] = []
            for conflict in report.conflicts {
                guard let key = conflict.location.key, let kept = MergeReportDocument.Conflict(conflict).keptValue else {
                    open.append(conflict)
                    continue
                }
                let current = UnresolvedConflicts.node(in: entries[key], locale: conflict.location.locale, path: conflict.location.path)
                if let current, UnresolvedConflicts.isAsTheMergeLeftIt(current, kept: kept) {
                    open.append(conflict)
                } else {
                    settledByHand.append(conflict)
                }
            }
            report.conflicts = open
        }

        /// The old key and who renamed it, when the merge followed a rename to the conflict's key.
        public func renamedFrom(_ conflict: MergeConflict) -> (key: UTF8Bytes, by: String)? {
            guard let key = conflict.location.key,
                let rename = report.autoResolved.first(where: { $0.rule == MergeRules.renamedKey.id && $0.location.key == key }),
                let from = rename.from
            else { return nil }
            return (from, rename.renamedBy ?? "one side")
        }
    }

    let repository: Repository
    let index: Index
    let workingDirectory: String
    public var files: [File] = []
    /// Conflicted catalogs that cannot be settled here, each with why.
    public var problems: [String] = []
    public var labels: MergeLabels
    /// The driver's reports of this merge (in progress, or committed while HEAD is it).
    var reports: UnresolvedConflicts

    /// The conflicted catalogs among `paths` (every conflicted catalog when none is named) of
    /// the repository around `directory`, else the one git's environment or the current
    /// directory names.
    public init(paths: [String], from directory: String? = nil) throws {
        do throws(GitError) {
            if let directory { repository = try Repository(discoveringFrom: directory) } else { repository = try Repository.open() }
        } catch {
            throw Failure(message: error.isNotFound ? "not inside a git repository" : error.message)
        }
        guard let workingDirectory = repository.workingDirectory else {
            throw Failure(message: "the repository has no working tree")
        }
        self.workingDirectory = workingDirectory
        index = try repository.index()
        try index.reload()
        let state = MergeState.read(gitDirectory: repository.gitDirectory, environment: ProcessEnvironment.variables)
        labels = MergeLabels(base: nil, ours: state.oursLabel, theirs: state.theirsLabel)
        // A merge committed with unsettled conflicts (`git commit --no-verify`) is settled with a
        // new commit while HEAD is that merge.
        var committed: UnresolvedConflicts?
        if !GitDirectory.operationInProgress(gitDirectory: repository.gitDirectory),
            let ours = try? repository.commit("HEAD^1"), let theirs = try? repository.commit("HEAD^2")
        {
            committed = UnresolvedConflicts(
                gitDirectory: repository.gitDirectory, workingTree: workingDirectory, committedMerge: (ours.description, theirs.description))
        }
        reports = committed ?? UnresolvedConflicts(gitDirectory: repository.gitDirectory, workingTree: workingDirectory)
        let conflicts = try index.conflicts()
        var selected: [IndexConflict] = []
        // Paths not conflicted in the index that may hold a staged merge's unsettled conflicts.
        var stagedPaths: [String] = []
        // The path as the user wrote it, for messages.
        var named: [String: String] = [:]
        if paths.isEmpty {
            selected = conflicts.filter { $0.path.hasSuffix(".xcstrings") }
            stagedPaths = ReportStore(gitDirectory: repository.gitDirectory).reportPaths()
        } else {
            let prefix = Self.currentPrefix(workingDirectory: workingDirectory)
            for path in paths {
                let relative = Self.repositoryPath(path, prefix: prefix, workingDirectory: workingDirectory)
                if let conflict = conflicts.first(where: { $0.path == relative }) {
                    selected.append(conflict)
                } else if index.entry(path: relative) != nil {
                    stagedPaths.append(relative)
                    named[relative] = path
                } else {
                    throw Failure(message: FileBytes.exists(path) ? "\(path) is not conflicted" : "\(path): no such file")
                }
            }
        }
        for conflict in selected {
            if let reason = (conflict.ancestor ?? conflict.ours ?? conflict.theirs)?.unsupportedName {
                problems.append(reason)
                continue
            }
            guard let ours = conflict.ours, let theirs = conflict.theirs else {
                problems.append("\(conflict.path): deleted on one side; settle it with 'git add' or 'git rm'")
                continue
            }
            do {
                let baseBytes = try conflict.ancestor.map { entry throws(GitError) in try repository.blob(entry.id) } ?? []
                let oursBytes = try repository.blob(ours.id)
                let sides = MergeInputs.bytes(base: baseBytes, ours: oursBytes, theirs: try repository.blob(theirs.id), displayName: conflict.path)
                // Read as the driver reads them (a repairable side repaired).
                switch FileMerge(labels: labels).read(sides) {
                case .catalogs(let inputs):
                    let stages = [conflict.ancestor?.id.description ?? "-", ours.id.description, theirs.id.description].joined(separator: " ")
                    files.append(Self.file(path: conflict.path, mode: ours.mode, leftByTheMerge: oursBytes, inputs: inputs, stages: stages, gitDirectory: repository.gitDirectory))
                case .notCatalogs(let needed):
                    problems.append("a side in the index is not a catalog: \(needed.reason); fix it by hand")
                case .unreadable(let message):
                    problems.append("\(conflict.path): \(message)")
                }
            }
        }
        // Catalogs staged (`git add`) while the merge's conflicts in them were unsettled: the
        // index no longer has their sides, the driver's report does. So are those of a merge
        // committed with them (`git commit --no-verify`), while HEAD is that merge.
        if let reports = UnresolvedConflicts.current() ?? committed {
            let conflicted = Set(conflicts.map(\.path))
            for path in stagedPaths where !conflicted.contains(path) {
                guard let entry = index.entry(path: path), let bytes = try? repository.blob(entry.id),
                    let catalog = try? Catalog(bytes: bytes, for: .anyObject),
                    let sides = reports.sides(path: path, catalog: catalog)
                else { continue }
                var file = Self.file(path: path, mode: entry.mode, leftByTheMerge: bytes, inputs: ReadCatalogs(base: sides[0], ours: sides[1], theirs: sides[2]), stages: "staged " + entry.id.description, gitDirectory: repository.gitDirectory)
                file.committedUnsettled = committed != nil
                files.append(file)
            }
        }
        // What the working files say: a conflict whose place someone edited since is settled.
        for index in files.indices {
            let current = (try? FileBytes.read(workingDirectory + files[index].path)) ?? []
            guard !files[index].isUntouched(current, gitDirectory: repository.gitDirectory),
                let edited = try? Catalog(bytes: current, for: .anyObject)
            else { continue }
            files[index].noteSettledByHand(in: edited)
        }
        if !paths.isEmpty, let missing = stagedPaths.first(where: { path in !files.contains { $0.path == path } }) {
            throw Failure(message: "\(named[missing] ?? missing) is not conflicted")
        }
        // The names the driver showed for the sides, when its report is of this merge: the
        // same names in every view (a `stash pop`'s, which only git passes, included).
        let reports = self.reports
        if let report = files.lazy.compactMap({ try? reports.report(for: $0.path) }).first {
            let message = committed != nil ? (try? repository.commit("HEAD")).flatMap { repository.message(of: $0) } : nil
            let named = committed != nil ? ReportLabels.committed(report, message: message) : ReportLabels.inProgress(report, state: state)
            labels.ours = named.ours ?? labels.ours
            labels.theirs = named.theirs ?? labels.theirs
        }
    }

    /// A file to settle: the merge of `inputs` with the answers stored from earlier runs.
    static func file(path: String, mode: UInt32, leftByTheMerge: [UInt8], inputs: ReadCatalogs, stages: String, gitDirectory: String) -> File {
        let stored = ReportStore(gitDirectory: gitDirectory).answers(path, stages: stages)
        let answered = FileMerge(options: MergeOptions(choices: stored, file: path)).merge(inputs)
        // What the merge alone writes: the same merge when nothing was answered yet.
        let defaultOutput = stored.isEmpty
            ? answered.catalog.canonicalBytes()
            : FileMerge(options: MergeOptions(file: path)).merge(inputs).catalog.canonicalBytes()
        var report = answered.report
        report.conflicts = report.unresolvedConflicts
        return File(
            path: path, mode: mode, leftByTheMerge: leftByTheMerge, inputs: inputs, report: report,
            defaultOutput: defaultOutput, answeredOutput: stored.isEmpty ? defaultOutput : answered.catalog.canonicalBytes(), stored: stored,
            stages: stages)
    }

    /// The current directory relative to the working tree ("" at the top, else "sub/dir/").
    public static func currentPrefix(workingDirectory: String) -> String {
        guard let cwd = FilePaths.currentDirectory else { return "" }
        let top = realPath(workingDirectory)
        let here = realPath(cwd + "/")
        guard here.hasPrefix(top) else { return "" }
        return String(here.dropFirst(top.count))
    }

    /// `path` with links resolved and a final slash.
    static func realPath(_ path: String) -> String {
        let text = FilePaths.resolved(path) ?? path
        return text.hasSuffix("/") ? text : text + "/"
    }

    /// An absolute `path` with its folder's links resolved (on macOS `/tmp/x` is
    /// `/private/tmp/x`), so that it can be compared with the resolved working tree.
    static func resolvedFile(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else { return path }
        let folder = realPath(String(path[..<slash]))
        return folder + path[path.index(after: slash)...]
    }

    /// An absolute `path`'s `repositoryPath`; nil where it is not inside the working tree
    /// (`repositoryPath` would make one of any path).
    public static func pathInside(_ path: String, workingDirectory: String) -> String? {
        let top = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        let (relative, isInside) = relativePath(path, prefix: "", workingDirectory: top)
        return !isInside || relative.isEmpty || relative.hasPrefix("..") ? nil : relative
    }

    public static func repositoryPath(_ path: String, prefix: String, workingDirectory: String) -> String {
        relativePath(path, prefix: prefix, workingDirectory: workingDirectory).path
    }

    /// `repositoryPath`, and whether the working tree was found at the path's start (what was
    /// taken off it).
    static func relativePath(_ path: String, prefix: String, workingDirectory: String) -> (path: String, isInside: Bool) {
        var joined = path.hasPrefix("/") ? resolvedFile(path) : prefix + path
        let top = realPath(workingDirectory)
        var isInside = false
        if joined.hasPrefix(top) {
            joined = String(joined.dropFirst(top.count))
            isInside = true
        }
        if joined.hasPrefix(workingDirectory) {
            joined = String(joined.dropFirst(workingDirectory.count))
            isInside = true
        }
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            if part == "." { continue }
            if part == "..", !parts.isEmpty { parts.removeLast(); continue }
            parts.append(part)
        }
        return (parts.joined(separator: "/"), isInside)
    }

    /// What `resolve` does with a working file edited since the merge.
    enum EditedFile {
        /// The answers merged around the edits: no edit touches a place they settle.
        case kept([UInt8], keys: String)
        /// Edits where the answers settle conflicts (`places`); nothing written.
        case overlapping(places: String, keys: String)
        /// With --force: the answers taken at `places`, the other edits kept.
        case choicesTaken([UInt8], places: String, keys: String)
        /// With --force: a file that is no catalog replaced.
        case discarded([UInt8], places: String, keys: String)
        case notACatalog
    }

    /// The working file `current`, edited since `resolve` or the merge wrote `madeOn`, combined
    /// with the merge with the answers (`answered`): a three-way merge of the three, the tool's
    /// own, in which the edits are ours' changes and the answers theirs'. `written` is `answered`'s
    /// bytes, already made by the caller.
    static func keepingEdits(_ current: [UInt8], madeOn: [UInt8], answered: Catalog, writing written: [UInt8], force: Bool, path: String) -> EditedFile {
        guard let edited = try? Catalog(bytes: current, for: .anyObject), let base = try? Catalog(bytes: madeOn, for: .anyObject) else {
            return force ? .discarded(written, places: "discards the edits made since the merge", keys: editedKeys(current, against: madeOn)) : .notACatalog
        }
        let keys = editedKeys(current, against: madeOn)
        let combined = FileMerge(options: MergeOptions(prefer: .theirs, file: path)).merge(ReadCatalogs(base: base, ours: edited, theirs: answered))
        let overlaps = combined.report.conflicts
        guard !overlaps.isEmpty else { return .kept(combined.catalog.canonicalBytes(), keys: keys) }
        let shown = overlaps.prefix(5).map(\.location.description).joined(separator: ", ") + (overlaps.count > 5 ? " and \(overlaps.count - 5) more" : "")
        if !force { return .overlapping(places: shown, keys: keys) }
        return .choicesTaken(combined.catalog.canonicalBytes(), places: "takes your choices over the edits at \(shown)", keys: editedKeys(current, against: madeOn, saying: " edited"))
    }

    /// The keys whose entries differ between an edited file and what `resolve` writes, for
    /// saying what `--force` discards: ` (3 keys: "A", "B", "C")`, or nothing when the edited
    /// file is no catalog.
    static func editedKeys(_ edited: [UInt8], against written: [UInt8], saying label: String = "") -> String {
        guard let before = try? Catalog(bytes: edited, for: .anyObject),
            let after = try? Catalog(bytes: written, for: .anyObject)
        else { return "" }
        var entries: [UTF8Bytes: JSONValue] = [:]
        for member in after.strings.members { entries[member.key] = member.value }
        var differing: [UTF8Bytes] = []
        for member in before.strings.members where entries.removeValue(forKey: member.key) != member.value { differing.append(member.key) }
        differing += entries.keys.sorted { $0.string < $1.string }
        guard !differing.isEmpty else { return "" }
        let shown = differing.prefix(5).map { "\"\(VisibleText.name($0.string))\"" }.joined(separator: ", ")
        return " (\(differing.count) string\(differing.count == 1 ? "" : "s")\(label): \(shown)\(differing.count > 5 ? " and \(differing.count - 5) more" : ""))"
    }

    /// What `apply` did, in order, and where it stopped.
    public struct Applied {
        public enum Event {
            /// The working file was edited since the merge; the edits (of `keys`) were kept.
            case keptEdits(path: String, keys: String)
            /// `--force` took the choices over edits (`places`), the edited file kept at `copy`.
            case forced(path: String, places: String, keys: String, copy: String)
            /// Written and staged: `settled` conflicts settled, `byHand` of them by editing.
            case staged(path: String, settled: Int, byHand: Int, committedUnsettled: Bool)
            /// Written, not staged: conflicts left.
            case left(path: String, remaining: [MergeConflict])
        }

        public var events: [Event] = []
        /// Why it stopped before the end (nothing more written); nil when it did not.
        public var failure: String?
        /// Conflicts are left (or catalogs could not be settled here).
        public var conflictsLeft = false
    }

    /// Writes each catalog with the choices applied; stages the ones with nothing left. A
    /// working file edited since the merge keeps its edits (`keepingEdits`); `force` takes the
    /// choices where they meet an edit. `waiting` is called when another run of the tool holds
    /// a file.
    public func apply(_ choices: [String: [String: Resolution]], force: Bool, waiting: (String) -> Void = { _ in }) -> Applied {
        var applied = Applied(conflictsLeft: !problems.isEmpty)
        var staged = false
        // The answers of a settled catalog are forgotten once it is staged, not before: a rerun
        // after a failed staging gives the same output.
        var settled: [String] = []
        func stop(_ message: String) -> Applied {
            applied.failure = message
            return applied
        }
        for file in files {
            let workingPath = workingDirectory + file.path
            if let refusal = WriteConfinement.refusal(for: workingPath, followingSymlinks: false) {
                return stop("\(file.path): \(refusal)")
            }
            // Locked from this read to the write, as every in-place edit is (a file that is gone
            // is written afresh; confined above, to name the repository's path in the message).
            let edit = FileBytes.exists(workingPath) ? try? InPlaceEdit(path: workingPath, waiting: { waiting(workingPath) }) : nil
            let current = (try? edit?.read() ?? FileBytes.read(workingPath)) ?? []
            let untouched = file.isUntouched(current, gitDirectory: repository.gitDirectory)
            let answers = file.stored.merging(choices[file.path] ?? [:]) { _, new in new }
            let options = MergeOptions(choices: answers, file: file.path)
            let (merged, report) = FileMerge(options: options).merge(file.inputs).parts
            var bytes = merged.canonicalBytes()
            if !untouched {
                // Edited since the merge: the edits are kept and the answers merged around them.
                switch Self.keepingEdits(current, madeOn: file.answeredOutput, answered: merged, writing: bytes, force: force, path: file.path) {
                case .kept(let combined, let keys):
                    bytes = combined
                    applied.events.append(.keptEdits(path: file.path, keys: keys))
                case .overlapping(let places, let keys):
                    return stop("\(file.path) was edited since the merge\(keys), and your choices settle "
                        + "\(places) too; rerun with --force to take the choices there and keep the other edits")
                case .notACatalog where !force:
                    return stop("\(file.path) was edited since the merge and is no valid catalog now; fix it, or rerun with --force to overwrite it")
                case .choicesTaken(let combined, let places, let keys), .discarded(let combined, let places, let keys):
                    // --force: what goes is said, and the edited file kept.
                    guard let copy = reports.store.place(file.path, .edited), (try? FileBytes.writeAtomically(current, to: copy)) != nil else {
                        return stop("\(file.path): cannot keep a copy of the edited file under the git directory; nothing written")
                    }
                    bytes = combined
                    applied.events.append(.forced(path: file.path, places: places, keys: keys, copy: copy))
                case .notACatalog:
                    preconditionFailure("handled above")
                }
            }
            // Noted before the write: a resolve stopped between writing and staging (killed, or
            // the index locked) leaves a file its rerun recognizes as its own, not as an edit,
            // and answers that give the rerun the same output.
            reports.store.recordWritten(bytes, path: file.path)
            if !answers.isEmpty { reports.store.saveAnswers(answers, path: file.path, stages: file.stages) }
            do {
                if let edit { try edit.replace(with: bytes) } else { try FileBytes.writeAtomically(bytes, to: workingPath) }
            } catch {
                return stop(error.description)
            }
            let byHand = Set(file.settledByHand.map(\.id))
            let remaining = report.unresolvedConflicts.filter { !byHand.contains($0.id) }
            if remaining.isEmpty {
                settled.append(file.path)
                reports.markSettled(path: file.path, ids: Set(report.conflicts.map(\.id)))
                do {
                    try index.add(path: file.path, bytes: bytes, mode: file.mode, workingFile: workingPath)
                    staged = true
                } catch {
                    return stop("cannot stage \(file.path): \(error.message)")
                }
                applied.events.append(.staged(
                    path: file.path, settled: report.conflicts.count, byHand: byHand.count, committedUnsettled: file.committedUnsettled))
            } else {
                applied.conflictsLeft = true
                applied.events.append(.left(path: file.path, remaining: remaining))
            }
        }
        if staged {
            do {
                try index.write()
            } catch {
                return stop("cannot write the index: \(error.message)")
            }
        }
        for path in settled { reports.store.clearResolveState(path) }
        return applied
    }
}

extension ResolveSession {
    /// Why an edited value cannot stand where it was typed.
    public struct ShapeRefusal: Error, Sendable { public var reason: String }

    /// What an edit means for the node it edits, or why it cannot stand there: a string unit
    /// takes an object with a string `state` and `value`, or a bare string, which becomes its new
    /// value (state `translated`: what a person typing a translation means); any other node
    /// keeps its JSON type (a string for a string, an object for an entry or a localization).
    public static func shaped(_ edited: JSONValue, like start: JSONValue?, at location: MergeLocation) -> Result<JSONValue, ShapeRefusal> {
        if location.path.last?.equals(Name.stringUnit) == true {
            let startUnit = start?.object
            switch edited {
            case .string(let text):
                var unit = startUnit ?? JSONObject()
                unit[Name.state] = UnitState.translated.json
                unit[Name.value] = .string(text)
                return .success(.object(unit))
            case .object(let unit) where unit[Name.value]?.stringValue != nil && unit[Name.state]?.stringValue != nil:
                return .success(edited)
            case .object:
                return .failure(ShapeRefusal(reason: "a string unit needs a string \"state\" and \"value\" (or type the new text alone, in quotes)"))
            default:
                return .failure(ShapeRefusal(reason: "a string unit is an object with \"state\" and \"value\", or the new text alone in quotes; got \(edited.typeDescription)"))
            }
        }
        if let start, start.materialized.typeDescription != edited.typeDescription {
            return .failure(ShapeRefusal(reason: "this place holds \(start.typeDescription); got \(edited.typeDescription)"))
        }
        return .success(edited)
    }
}
