#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import XcstringsMergePlatform
import CatalogMerge
import GitSupport
import MergePipeline
import MergeSession
import StringCatalog

enum ResolveCommand {
    static let command = Command(
        name: "resolve",
        summary: "Settle the conflicts of conflicted catalogs in the index and stage them.",
        help: """
            OVERVIEW: Settle conflicted catalogs after a merge, rebase or cherry-pick.

            Reads base, ours and theirs from the index (stages 1-3), merges them again, applies
            your choices, writes the catalog atomically and stages it, clearing the conflict. This
            also rescues a catalog that git's line merge filled with conflict markers because the
            driver was not installed. Conflicts you skip stay conflicted.

            With no choice flags and a terminal, asks about each conflict:
              [o]urs [t]heirs [b]ase [e]dit ($EDITOR) [s]kip [q]uit

            USAGE: xcstrings-merge resolve [<path> ...] [options]

            ARGUMENTS:
              <path>                  Conflicted catalogs (default: every conflicted *.xcstrings).

            {options}

            EXIT STATUS:
              0  every conflict settled and staged (or --list found nothing to settle)
              1  conflicts remain (--list: or a conflicted catalog that resolve settles alone)
              2  usage error, not a repository, a path not conflicted, or a working file edited
                 since the merge (without --force)

            EXAMPLES:
              xcstrings-merge resolve --list
              xcstrings-merge resolve --theirs App/Localizable.xcstrings
              xcstrings-merge resolve --take "Save@de=theirs" --take Cancel=ours

            """,
        options: [
                .init(names: ["--ours"], takesValue: false, summary: "Settle every remaining conflict toward that side."), .init(names: ["--theirs"], takesValue: false, summary: "Settle every remaining conflict toward that side."),
                .init(names: ["--base"], takesValue: false, summary: "Settle every remaining conflict toward that side."),
                .init(names: ["--take"], takesValue: true, repeatable: true, summary: "Settle the conflicts of one key (one locale). Repeatable.", valueName: "<key>[@<locale>]=ours|theirs|base"),
                .init(names: ["--take-id"], takesValue: true, repeatable: true, summary: "Settle one conflict by its report id. Repeatable.", valueName: "<id>=ours|theirs|base"),
                .init(names: ["--list"], takesValue: false, summary: "Print the remaining conflicts and change nothing."), .init(names: ["--format"], takesValue: true, choices: ["human", "json"], summary: "Output of --list (default human)."),
                .init(names: ["--interactive"], takesValue: false, summary: "Ask even when standard input is not a terminal."), .init(names: ["--force"], takesValue: false, summary: "Overwrite a working file edited since the merge (says which keys it discards; keeps a copy in the git directory)."),
            ],
        operands: .conflictedCatalogs,
        run: run)

    /// One `--take KEY[@LOCALE]=SIDE`. The whole text is tried as a key first: every key that
    /// holds `%@` has an `@` in it. Only when no conflicted key is the whole text does the part
    /// after the last `@` name a locale, and then only a locale the conflicts are in.
    struct Take {
        var spec: String
        var side: Side
        var text: String
        var used = false

        func matches(in conflicts: [MergeConflict]) -> [MergeConflict] {
            let whole = conflicts.filter { $0.location.key?.string == spec }
            if !whole.isEmpty { return whole }
            guard let at = spec.lastIndex(of: "@") else { return [] }
            let key = String(spec[..<at]), locale = String(spec[spec.index(after: at)...])
            return conflicts.filter { $0.location.key?.string == key && $0.location.locale?.string == locale }
        }

        /// Up to five conflicted keys near `text` by edit distance (its part before an `@`
        /// too, which may name a locale), nearest first; none when no key is near.
        static func nearest(to text: String, among keys: [String]) -> [String] {
            let whole = Suggestions.nearest(to: text, among: keys, limit: 5)
            guard let at = text.lastIndex(of: "@") else { return whole }
            return whole + Suggestions.nearest(to: String(text[..<at]), among: keys, limit: 5).filter { !whole.contains($0) }.prefix(5 - whole.count)
        }
    }

    static func side(_ text: String, option: String) throws(UsageError) -> Side {
        guard let side = Side(rawValue: text) else {
            throw UsageError(message: "\(option) needs ours, theirs or base after '='; got '\(text)'", command: "resolve")
        }
        return side
    }

    static func splitChoice(_ text: String, option: String) throws(UsageError) -> (String, Side) {
        guard let equals = text.lastIndex(of: "=") else {
            throw UsageError(message: "\(option) needs the form SPEC=ours|theirs|base; got '\(text)'", command: "resolve")
        }
        return (String(text[..<equals]), try side(String(text[text.index(after: equals)...]), option: option))
    }

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "resolve", options: command.options)
        let sides = [Side.ours, .theirs, .base].filter { parsed.flag("--" + $0.rawValue) }
        guard sides.count <= 1 else {
            throw UsageError(message: "choose at most one of --ours, --theirs and --base", command: "resolve")
        }
        var takes: [Take] = []
        for text in parsed.all("--take") {
            let (spec, side) = try splitChoice(text, option: "--take")
            takes.append(Take(spec: spec, side: side, text: text))
        }
        var takeIDs: [String: Side] = [:]
        for text in parsed.all("--take-id") {
            let (id, side) = try splitChoice(text, option: "--take-id")
            takeIDs[id] = side
        }
        let format = try parsed.choice("--format", default: "human", command: "resolve")
        let list = parsed.flag("--list")
        let hasChoices = !sides.isEmpty || !takes.isEmpty || !takeIDs.isEmpty
        let interactive = !list && !hasChoices && (parsed.flag("--interactive") || Output.standardInputIsTerminal)

        let session: ResolveSession
        do {
            session = try ResolveSession(paths: parsed.positionals)
        } catch let error as ResolveSession.Failure {
            Output.err("xcstrings-merge resolve: \(error.message)\n")
            return .error
        } catch {
            Output.err("xcstrings-merge resolve: \(error)\n")
            return .error
        }
        if session.files.isEmpty {
            if !session.problems.isEmpty { return .failure }
            Output.out("no conflicted catalogs\n")
            return .success
        }
        if list {
            return session.list(json: format == "json")
        }
        // Choices by id, from the flags.
        var choices: [String: [String: Resolution]] = [:]
        for file in session.files {
            var fileChoices: [String: Resolution] = [:]
            let conflicts = file.report.conflicts
            for conflict in conflicts {
                if let side = sides.first { fileChoices[conflict.id] = .take(side) }
            }
            // A conflict settled by editing the file is taken only when named: then the choice
            // meets the edit, and --force decides.
            let named = conflicts + file.settledByHand
            for i in takes.indices {
                for conflict in takes[i].matches(in: named) {
                    fileChoices[conflict.id] = .take(takes[i].side)
                    takes[i].used = true
                }
            }
            for conflict in named {
                if let side = takeIDs.removeValue(forKey: conflict.id) { fileChoices[conflict.id] = .take(side) }
            }
            choices[file.path] = fileChoices
        }
        if let unused = takes.first(where: { !$0.used }) {
            let keys = Array(Set(session.files.flatMap { $0.report.conflicts.compactMap { $0.location.key?.string } }))
            let nearest = Take.nearest(to: unused.spec, among: keys)
            Output.err("xcstrings-merge resolve: no conflict matches --take \(unused.text)"
                + (nearest.isEmpty ? "\n" : "; the nearest conflicted keys: \(nearest.map { "\"\($0)\"" }.joined(separator: ", "))\n"))
            return .error
        }
        if let unused = takeIDs.keys.first {
            Output.err("xcstrings-merge resolve: no conflict has the id \(unused)\n")
            return .error
        }
        let count = session.files.reduce(0) { $0 + $1.report.unresolvedConflicts.count }
        if !interactive && !hasChoices && count > 0 {
            // No terminal to ask on (a script, a GUI client's hook) and nothing chosen.
            Output.err("""
                xcstrings-merge resolve: \(count) conflict\(count == 1 ? "" : "s") to settle, and standard input is not a terminal to ask on.
                  Settle them with --ours, --theirs or --base (all), --take KEY[@LOCALE]=SIDE or --take-id ID=SIDE
                  (ids: xcstrings-merge resolve --list), or run it in a terminal (--interactive to ask anyway).

                """)
            return .failure
        }
        if interactive && count > 0 {
            let prompt = InteractivePrompt(labels: session.labels)
            switch prompt.ask(session.files) {
            case .answers(let answers): choices = answers
            case .abandoned:
                Output.err("nothing changed\n")
                return .failure
            }
        }
        return session.apply(choices, force: parsed.flag("--force"))
    }
}

/// The conflicted catalogs of a repository and what merging them again gives.
struct ResolveSession {
    struct Failure: Error { var message: String }

    struct File {
        var path: String
        /// The mode to stage the catalog with.
        var mode: UInt32
        /// What the working file may hold without being "edited since the merge" besides the
        /// merge's own output: ours' stage, or the staged catalog the report's conflicts are in.
        var leftByTheMerge: [UInt8]
        var inputs: ReadCatalogs
        /// The conflicts as they stand after earlier answers, but for those settled by hand.
        var report: MergeReport
        var defaultOutput: [UInt8]
        /// What the merge with the earlier answers writes: what hand edits are made on.
        var answeredOutput: [UInt8]
        /// Conflicts the working file no longer holds as the merge left them: someone edited
        /// their places since (in Xcode, by hand). Not asked about, not listed, not overwritten.
        var settledByHand: [MergeConflict] = []
        /// Whether the merge was committed with these conflicts unsettled (`--no-verify`).
        var committedUnsettled = false
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
        func renamedFrom(_ conflict: MergeConflict) -> (key: UTF8Bytes, by: String)? {
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
    var files: [File] = []
    var problems: [String] = []
    var labels: MergeLabels
    /// The driver's reports of this merge (in progress, or committed while HEAD is it).
    var reports: UnresolvedConflicts

    init(paths: [String]) throws {
        do {
            repository = try Repository.open()
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
        for problem in problems { Output.err("xcstrings-merge resolve: \(problem)\n") }
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
    static func currentPrefix(workingDirectory: String) -> String {
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

    static func repositoryPath(_ path: String, prefix: String, workingDirectory: String) -> String {
        var joined = path.hasPrefix("/") ? resolvedFile(path) : prefix + path
        let top = realPath(workingDirectory)
        if joined.hasPrefix(top) { joined = String(joined.dropFirst(top.count)) }
        if joined.hasPrefix(workingDirectory) { joined = String(joined.dropFirst(workingDirectory.count)) }
        var parts: [Substring] = []
        for part in joined.split(separator: "/") {
            if part == "." { continue }
            if part == "..", !parts.isEmpty { parts.removeLast(); continue }
            parts.append(part)
        }
        return parts.joined(separator: "/")
    }

    func list(json: Bool) -> ExitStatus {
        var total = 0
        // Catalogs still conflicted in the index with nothing to ask: `resolve` must write them.
        var pending = 0
        if json {
            var reports: [JSONValue] = []
            for file in files {
                if let report = try? JSONReader.parse(file.report.json(path: file.path, labels: labels)) { reports.append(report) }
                total += file.report.conflicts.count
                if file.report.conflicts.isEmpty { pending += 1 }
            }
            Output.out(String(decoding: XcodeWriter.reportBytes(of: .array(reports)), as: UTF8.self))
        } else {
            for file in files {
                let command = "xcstrings-merge resolve " + ShellQuoting.quoted(file.path)
                let byHand = file.settledByHand.count
                if file.report.conflicts.isEmpty && byHand > 0 {
                    // Settled in the file (Xcode, an editor): only staging is left.
                    Output.out("\(file.path): \(Self.count(byHand, "conflict")) settled by editing the file since the merge; "
                        + (file.committedUnsettled ? "commit it: git commit \(ShellQuoting.quoted(file.path))\n" : "stage it: git add \(ShellQuoting.quoted(file.path))\n"))
                    pending += 1
                    continue
                }
                if file.report.conflicts.isEmpty {
                    // git's line merge left markers (the driver was off) where the catalog merge
                    // has nothing to ask: `resolve` alone writes and stages it.
                    Output.out("\(file.path): 0 conflicts; conflicted in the index, and a catalog merge settles it cleanly: \(command)\n")
                    pending += 1
                    continue
                }
                var heading = "\(file.path): \(Self.count(file.report.conflicts.count, "conflict"))"
                if file.committedUnsettled {
                    heading += " left unsettled in the merge commit HEAD (committed with --no-verify); ours' values kept, marked needs_review; "
                        + "settle them, then commit: \(command) && git commit"
                }
                if byHand > 0 { heading += " (\(byHand) more settled by editing the file)" }
                Output.out(heading + "\n")
                for conflict in file.report.conflicts {
                    let width = Terminal.columns
                    for line in ConflictView.lines(conflict, labels: labels, width: width, lead: "  \(conflict.id)  ") {
                        Output.out(line + "\n")
                    }
                    let lines = ConflictDiff.lines(
                        for: conflict, labels: labels, renamedFrom: file.renamedFrom(conflict), width: width - 20)
                    for line in lines { Output.out(String(repeating: " ", count: 20) + line + "\n") }
                }
                total += file.report.conflicts.count
            }
        }
        return total == 0 && pending == 0 && problems.isEmpty ? .success : .failure
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

    /// `3 conflicts`, `1 conflict`.
    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

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

    /// Writes each catalog with the choices applied; stages the ones with nothing left.
    func apply(_ choices: [String: [String: Resolution]], force: Bool) -> ExitStatus {
        var status = problems.isEmpty ? ExitStatus.success : .failure
        var staged = false
        // The answers of a settled catalog are forgotten once it is staged, not before: a rerun
        // after a failed staging gives the same output.
        var settled: [String] = []
        for file in files {
            let workingPath = workingDirectory + file.path
            if let refusal = WriteConfinement.refusal(for: workingPath, followingSymlinks: false) {
                Output.err("xcstrings-merge resolve: \(file.path): \(refusal)\n")
                return .error
            }
            // Locked from this read to the write, as every in-place edit is (a file that is gone
            // is written afresh; confined above, to name the repository's path in the message).
            let edit = FileBytes.exists(workingPath) ? try? CatalogFile.lock(workingPath, command: "resolve") : nil
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
                    Output.err("xcstrings-merge resolve: \(file.path): kept the edits made since the merge\(keys)\n")
                case .overlapping(let places, let keys):
                    Output.err("xcstrings-merge resolve: \(file.path) was edited since the merge\(keys), and your choices settle "
                        + "\(places) too; rerun with --force to take the choices there and keep the other edits\n")
                    return .error
                case .notACatalog where !force:
                    Output.err("xcstrings-merge resolve: \(file.path) was edited since the merge and is no valid catalog now; "
                        + "fix it, or rerun with --force to overwrite it\n")
                    return .error
                case .choicesTaken(let combined, let places, let keys), .discarded(let combined, let places, let keys):
                    // --force: what goes is said, and the edited file kept.
                    guard let copy = reports.store.place(file.path, .edited),
                        (try? FileBytes.writeAtomically(current, to: copy)) != nil
                    else {
                        Output.err("xcstrings-merge resolve: \(file.path): cannot keep a copy of the edited file under the git directory; nothing written\n")
                        return .error
                    }
                    bytes = combined
                    Output.err("xcstrings-merge resolve: \(file.path): --force \(places)\(keys); the edited file is kept as \(copy)\n")
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
                Output.err("xcstrings-merge resolve: \(error.description)\n")
                return .error
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
                    Output.err("xcstrings-merge resolve: cannot stage \(file.path): \(error.message)\n")
                    return .error
                }
                let settledHere = report.conflicts.count - byHand.count
                let settledText = byHand.isEmpty ? "\(Self.count(settledHere, "conflict")) settled"
                    : settledHere == 0 ? "\(Self.count(byHand.count, "conflict")) settled by editing the file"
                    : "\(Self.count(settledHere + byHand.count, "conflict")) settled, \(byHand.count) by editing the file"
                Output.out("resolved \(file.path) (\(settledText)) and staged it"
                    + (file.committedUnsettled ? "; commit it to settle the merge" : "") + "\n")
            } else {
                status = .failure
                Output.out("\(file.path): \(remaining.count) conflict\(remaining.count == 1 ? "" : "s") left; not staged\n")
                for conflict in remaining {
                    Output.out("  \(conflict.id)  \(conflict.location.description): \(conflict.kind.rawValue)\n")
                }
            }
        }
        if staged {
            do {
                try index.write()
            } catch {
                Output.err("xcstrings-merge resolve: cannot write the index: \(error.message)\n")
                return .error
            }
        }
        for path in settled { reports.store.clearResolveState(path) }
        return status
    }
}
