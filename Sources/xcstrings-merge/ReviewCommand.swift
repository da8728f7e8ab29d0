#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import CatalogMerge
import GitSupport
import XcstringsMergePlatform
import MergeSession
import StringCatalog

/// `review`: what the driver decided on its own in a catalog's last merge, read from its report,
/// with each side's value read from the merge's commits; shown in the pager, as mergiraf's
/// `review` does.
enum ReviewCommand {
    static let command = Command(
        name: "review",
        summary: "Show what the driver settled on its own in a merge.",
        help: """
            OVERVIEW: Show each decision the driver made without asking in one merge: every
            auto-resolution and every rename it followed, with the base's, ours' and theirs'
            values, and what a side removed without a conflict. The merge is the one in progress,
            else HEAD's (a merge commit, or a rebased or cherry-picked one), else the commit
            named. In a terminal the text goes through your pager (GIT_PAGER, core.pager, PAGER,
            else less -FRX).

            USAGE: xcstrings-merge review [<commit>] [<catalog> ...] [--format human|json]

            ARGUMENTS:
              <commit>                The merge to review (default: the merge in progress, else
                                      HEAD).
              <catalog>               A catalog the driver merged (default: every one it has a
                                      report of that merge for).

            {options}

            EXIT STATUS:
              0  shown (or nothing was decided)
              1  no report of that merge for a catalog given, or for a commit named
              2  not in a repository, an unknown commit, or a usage error

            EXAMPLES:
              git merge feature && xcstrings-merge review
              xcstrings-merge review 4f2a9c1 App/Localizable.xcstrings --format json

            """,
        options: [
            .init(names: ["--format"], takesValue: true, choices: ["human", "json"], summary: "Output format (default human)."),
            .init(names: ["--no-pager"], takesValue: false, summary: "Print, even to a terminal."),
        ],
        operands: .revision,
        run: run)

    /// Which merge the reports must be of: the commit ours was (a report's `merge.head`), and
    /// theirs' when known.
    struct Target {
        var head: String
        var theirs: String?
        var description: String
        /// The merge commit, once the merge is committed (nil while it is in progress).
        var commit: ObjectID? = nil

        func matches(_ report: MergeReportDocument) -> Bool {
            guard let merge = report.merge, merge.head == head else { return false }
            guard let theirs, let recorded = merge.theirs else { return true }
            return recorded == theirs
        }
    }

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "review", options: command.options)
        let json = try parsed.choice("--format", default: "human", command: "review") == "json"
        let repository: Repository
        do {
            repository = try Repository.open()
        } catch {
            Output.err("xcstrings-merge review: \(error.isNotFound ? "not inside a git repository" : error.message)\n")
            return .error
        }
        guard let workingDirectory = repository.workingDirectory else {
            Output.err("xcstrings-merge review: the repository has no working tree\n")
            return .error
        }
        // A first argument that is no catalog names the commit.
        var positionals = parsed.positionals
        var named: String?
        if let first = positionals.first, !first.hasSuffix(".xcstrings"), !FileBytes.exists(first) {
            named = first
            positionals.removeFirst()
        }
        guard let target = target(named, repository: repository) else {
            Output.err("xcstrings-merge review: '\(named ?? "HEAD")' is not a commit here\n")
            return .error
        }
        let store = ReportStore(gitDirectory: repository.gitDirectory)
        var paths: [String]
        var status = ExitStatus.success
        if positionals.isEmpty {
            paths = store.reportPaths()
        } else {
            let prefix = ResolveSession.currentPrefix(workingDirectory: workingDirectory)
            paths = positionals.map { ResolveSession.repositoryPath($0, prefix: prefix, workingDirectory: workingDirectory) }
        }
        var reviewed: [Reviewed] = []
        for path in paths {
            let report: MergeReportDocument
            switch store.report(path) {
            case .success(let read)? where target.matches(read):
                report = read
            case .failure(let error)?:
                // A report this tool cannot read (a newer format's) is said, never skipped.
                Output.err("xcstrings-merge review: \(path): cannot read its merge report: \(error.message)\n")
                status = .error
                continue
            default:
                // Every report is of some merge; only a catalog named must have one of this merge.
                if !positionals.isEmpty {
                    Output.err("xcstrings-merge review: \(path): no report of \(target.description) (the driver keeps each catalog's latest merge)\n")
                    status = .failure
                }
                continue
            }
            let names = target.commit.map { ReportLabels.committed(report, message: repository.message(of: $0)) }
                ?? ReportLabels.inProgress(report, state: MergeState.read(gitDirectory: repository.gitDirectory, environment: ProcessEnvironment.variables))
            var one = Reviewed(report: report, path: path, names: names, repository: repository)
            // Conflicts the merge left that its result still holds as it left them: committed
            // so (`git commit --no-verify`), or not yet settled in the working file.
            let result = target.commit.map { (try? repository.file(path, in: $0)) ?? nil } ?? (try? FileBytes.read(workingDirectory + path))
            if let result, let catalog = try? Catalog(bytes: result, for: .anyObject) {
                one.unsettled = UnresolvedConflicts.unsettled(in: report, catalog: catalog)
                one.committed = target.commit != nil
            }
            reviewed.append(one)
        }
        if reviewed.isEmpty && positionals.isEmpty && named != nil { status = .failure }
        if json {
            Output.out(String(decoding: XcodeWriter.reportBytes(of: .array(reviewed.map(\.json))), as: UTF8.self))
            return status
        }
        var text = reviewed.map { $0.text(width: Terminal.columns) }.joined()
        if reviewed.isEmpty && positionals.isEmpty {
            text = "No merge report of \(target.description): the driver merged no catalog there (it keeps each catalog's latest merge).\n"
        }
        show(text, pager: !parsed.flag("--no-pager"), repository: repository)
        return status
    }

    /// The merge to review: `named`'s, else the one in progress, else HEAD's.
    static func target(_ named: String?, repository: Repository) -> Target? {
        if let named {
            guard let commit = try? repository.commit(named) else { return nil }
            guard let first = try? repository.commit(commit.description + "^1") else {
                return Target(head: "", theirs: nil, description: "\(named) (a commit without parents)")
            }
            let second = try? repository.commit(commit.description + "^2")
            return Target(head: first.description, theirs: second?.description, description: named, commit: commit)
        }
        if GitDirectory.operationInProgress(gitDirectory: repository.gitDirectory), let head = try? repository.commit("HEAD") {
            let theirs = try? repository.commit("MERGE_HEAD")
            return Target(head: head.description, theirs: theirs?.description, description: "the merge in progress")
        }
        guard let head = try? repository.commit("HEAD") else { return nil }
        guard let first = try? repository.commit("HEAD^1") else {
            return Target(head: "", theirs: nil, description: "HEAD (a commit without parents)")
        }
        let second = try? repository.commit("HEAD^2")
        return Target(head: first.description, theirs: second?.description, description: "HEAD (\(String(head.description.prefix(7))))", commit: head)
    }

    /// The three catalogs of the merge a report is of: base, ours and theirs, read from the
    /// commits (ours is the report's HEAD; theirs is MERGE_HEAD, or the second parent once the
    /// merge is committed). Nil for a side that cannot be found.
    static func sides(_ report: MergeReportDocument, path: String, repository: Repository) -> [Catalog?] {
        guard let head = report.merge?.head, let ours = try? repository.commit(head) else {
            return [nil, nil, nil]
        }
        var theirs = report.merge?.theirs.flatMap { try? repository.commit($0) }
        if theirs == nil { theirs = try? repository.commit("MERGE_HEAD") }
        if theirs == nil, let first = try? repository.commit("HEAD^1"), first == ours { theirs = try? repository.commit("HEAD^2") }
        func catalog(_ commit: ObjectID?) -> Catalog? {
            guard let commit, let bytes = (try? repository.file(path, in: commit)) ?? nil else { return nil }
            return try? Catalog(bytes: bytes, for: .anyObject)
        }
        let base = theirs.flatMap { try? repository.mergeBase(ours, $0) }
        return [catalog(base), catalog(ours), catalog(theirs)]
    }

    /// One catalog's report of the merge, with each decision's three values read from the
    /// merge's commits.
    struct Reviewed {
        struct Decision {
            var resolution: AutoResolution
            /// As the report writes it, for `--format json`.
            var fields: JSONObject
            var location: MergeLocation
            /// Base's, ours' and theirs' values there (nil: absent, or the commit is gone).
            var values: [JSONValue?]
        }

        var path: String
        var report: MergeReportDocument
        /// The report as it writes itself.
        var document: JSONObject
        var names: MergeLabels
        var decisions: [Decision] = []
        var removals: [Removal]
        /// The merge's conflicts its result still holds as the merge left them.
        var unsettled: [UnsettledConflict] = []
        /// Whether that result is a commit (else the working file).
        var committed = false

        init(report: MergeReportDocument, path: String, names: MergeLabels, repository: Repository) {
            self.path = path
            self.report = report
            self.names = names
            document = report.json
            removals = report.removed
            var fields: [JSONObject] = []
            if case .array(let items)? = document["autoResolved"] { fields = items.compactMap(\.object) }
            guard !fields.isEmpty else { return }
            let catalogs = ReviewCommand.sides(report, path: path, repository: repository)
            for (resolution, decision) in zip(report.autoResolved, fields) {
                let location = resolution.location
                let componentPath = location.path
                let from = resolution.from
                var values: [JSONValue?] = []
                for (index, side) in [Side.base, .ours, .theirs].enumerated() {
                    guard let catalog = catalogs[index] else {
                        values.append(nil)
                        continue
                    }
                    // Before a rename the side that did not rename still has the old key.
                    let renamedHere = resolution.renamedBy
                    let oldKeyHere = from != nil && (side == .base || (renamedHere != "both" && renamedHere != side.rawValue))
                    values.append(ReviewCommand.node(in: catalog, key: oldKeyHere ? from : location.key, locale: location.locale, path: componentPath))
                }
                decisions.append(Decision(resolution: resolution, fields: decision, location: location, values: values))
            }
        }

        var json: JSONValue {
            var members = [
                JSONMember(key: "path", value: .string(UTF8Bytes(path))),
                JSONMember(key: "labels", value: document["labels"] ?? .null),
                JSONMember(key: "merge", value: document["merge"] ?? .null),
            ]
            members.append(JSONMember(key: "decisions", value: .array(decisions.map { decision in
                var fields = decision.fields
                for (side, value) in zip(["base", "ours", "theirs"], decision.values) { fields[key: UTF8Bytes(side)] = value ?? .null }
                return .object(fields)
            })))
            members.append(JSONMember(key: "removed", value: document["removed"] ?? .array([])))
            // The conflicts the result still holds as the merge left them, and where it is.
            members.append(JSONMember(key: "unsettled", value: .array(unsettled.map { .object($0.conflict.json) })))
            members.append(JSONMember(key: "unsettledIn", value: .string(UTF8Bytes(committed ? "commit" : "working file"))))
            return .object(JSONObject(members))
        }

        func text(width: Int) -> String {
            var text = "\(path): \(decisions.count) decision\(decisions.count == 1 ? "" : "s") made without asking"
            text += " (\(names.name(.ours)) and \(names.name(.theirs)))\n"
            if let fallback = report.fallback {
                // No per-key merge ran: what git's line merge left is the person's to settle.
                let hunks = fallback.hunks == 0 ? "it merged cleanly" : "it left \(fallback.hunks) conflict hunk\(fallback.hunks == 1 ? "" : "s")"
                for line in ConflictDiff.wrap("fell back to git's line merge (\(fallback.method)), since \(fallback.reason); \(hunks)", firstPrefix: "  ", width: width) {
                    text += line + "\n"
                }
            }
            // What a side removed while the other left it: no conflict, so said here.
            for line in MergeReport.removalLines(removals, labels: names, examples: 10) {
                for wrapped in ConflictDiff.wrap(line, firstPrefix: "  ", width: width) { text += wrapped + "\n" }
            }
            let sideNames = [Side.base, .ours, .theirs].map { names.name($0) }
            let nameWidth = sideNames.map(\.count).max()! + 2
            if !unsettled.isEmpty {
                let command = "xcstrings-merge resolve " + ShellQuoting.quoted(path)
                let count = unsettled.count == 1 ? "1 conflict" : "\(unsettled.count) conflicts"
                text += committed
                    ? "  \(count) committed unsettled (ours' value kept, marked needs_review; theirs' only in the report): settle them with \(command), then commit\n"
                    : "  \(count) not settled yet: \(command)\n"
                for place in unsettled {
                    text += "    \(place.location.description): \(place.conflict.kind.rawValue)\n"
                    for side in [Side.ours, .theirs] {
                        let value = place.conflict.value(side)
                        let prefix = "      " + (names.name(side) + ":").padding(nameWidth)
                        for line in ConflictDiff.wrap(InteractivePrompt.display(value), firstPrefix: prefix, width: width) { text += line + "\n" }
                    }
                }
            }
            for decision in decisions {
                let resolution = decision.resolution
                let chosen = resolution.chosen
                let from = resolution.from
                var heading = "  \(decision.location.description): \(resolution.rule)"
                if let from { heading += ", from \"\(VisibleText.name(from.string))\"" + (resolution.renamedBy.map { " (renamed by \($0))" } ?? "") }
                heading += chosen == "combined" ? ", both sides combined" : ", took \(Side(rawValue: chosen).map { names.name($0) } ?? chosen)"
                text += heading + "\n"
                // A followed rename (a whole entry) shows what each side changed per locale and
                // member, not three whole entries.
                let whole = MergeConflict(
                    location: decision.location, kind: .bothModified, base: decision.values[0], ours: decision.values[1],
                    theirs: decision.values[2], kept: chosen, resolvedBy: nil)
                if from != nil && ConflictDiff.appliesTo(whole) {
                    let changes = ConflictDiff.lines(for: whole, labels: names, width: width - 6)
                    for line in changes { text += "      " + line + "\n" }
                    if changes.isEmpty { text += "      no translation changed\n" }
                } else {
                    for (index, value) in decision.values.enumerated() {
                        let prefix = "      " + (sideNames[index] + ":").padding(nameWidth)
                        for line in ConflictDiff.wrap(InteractivePrompt.display(value), firstPrefix: prefix, width: width) { text += line + "\n" }
                    }
                }
                // What the output dropped, from the report itself: recoverable even when the
                // sides' commits are gone.
                if let discarded = resolution.discarded {
                    let side = resolution.discardedSide.flatMap(Side.init(rawValue:)).map { names.name($0) } ?? "the other side"
                    let prefix = "      " + "dropped:".padding(nameWidth)
                    for line in ConflictDiff.wrap("\(side)'s " + InteractivePrompt.display(discarded ?? .null), firstPrefix: prefix, width: width) { text += line + "\n" }
                }
            }
            return text + "\n"
        }
    }

    static func node(in catalog: Catalog, key: UTF8Bytes?, locale: UTF8Bytes?, path: [UTF8Bytes]) -> JSONValue? {
        guard let key else {
            var node: JSONValue? = .object(catalog.root)
            for component in path { node = node?.object?[key: component] }
            return node
        }
        return UnresolvedConflicts.node(in: catalog.strings[key: key], locale: locale, path: path)
    }

    /// Prints `text`, through the pager when standard output is a terminal, as git does.
    static func show(_ text: String, pager usePager: Bool, repository: Repository) {
        guard usePager, Output.standardOutputIsTerminal else {
            Output.out(text)
            return
        }
        let configured = ProcessEnvironment.value("GIT_PAGER") ?? ((try? repository.config().string("core.pager")) ?? nil)
            ?? ProcessEnvironment.value("PAGER") ?? "less"
        guard !configured.isEmpty, configured != "cat" else {
            Output.out(text)
            return
        }
        var template = Array("\(ProcessEnvironment.temporaryDirectory)/xcstrings-merge-review-XXXXXX".utf8CString)
        let (fd, made) = TemporaryFiles.creating {
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            return (fd, fd >= 0 ? String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil)
        }
        guard fd >= 0, let file = made else {
            Output.out(text)
            return
        }
        defer {
            unlink(file)
            TemporaryFiles.unregister(file)
        }
        var bytes = Array(VisibleText.escaping(text).utf8)
        _ = bytes.withUnsafeMutableBytes { FileDescriptors.writeAll(fd, UnsafeRawBufferPointer($0)) }
        close(fd)
        // less as git runs it: quit if one screen, keep colours, do not clear the screen.
        setenv("LESS", "FRX", 0)
        if ChildProcesses.runAttached(["/bin/sh", "-c", configured + " < \"$1\"", configured, file]) != 0 {
            Output.out(text)
        }
    }
}
