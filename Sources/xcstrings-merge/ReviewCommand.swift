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
        usage: ["[<commit>] [<catalog> ...]"],
        help: """
            OVERVIEW: Show each decision the driver made without asking in one merge: every
            auto-resolution and every rename it followed, with the base's, ours' and theirs'
            values, and what a side removed without a conflict. The merge is the one in progress
            (or the conflicts an import or git stash pop left in the index), else HEAD's (a merge
            commit, or a rebased or cherry-picked one), else the commit named. The driver keeps the reports of each catalog's latest merges (git config
            xcstrings-merge.reports: how many before the latest, default 100), so every commit of a
            long rebase can be reviewed. In a terminal the text goes through your pager (GIT_PAGER,
            core.pager, PAGER, else less -FRX).

            {usage}

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
        guard let target = MergeReview.target(named, repository: repository) else {
            Output.err("xcstrings-merge review: '\(named ?? "HEAD")' is not a commit here\n")
            return .error
        }
        var paths: [String]
        var status = ExitStatus.success
        if positionals.isEmpty {
            paths = ReportStore(gitDirectory: repository.gitDirectory).reportPaths()
        } else {
            let prefix = ResolveSession.currentPrefix(workingDirectory: workingDirectory)
            paths = positionals.map { ResolveSession.repositoryPath($0, prefix: prefix, workingDirectory: workingDirectory) }
        }
        let (reviewed, problems) = MergeReview.reports(
            of: target, paths: paths, named: !positionals.isEmpty, repository: repository, workingDirectory: workingDirectory)
        for problem in problems {
            switch problem {
            case .unreadable(let path, let message):
                Output.err("xcstrings-merge review: \(path): cannot read its merge report: \(message)\n")
                status = .error
            case .noReport(let path):
                Output.err("xcstrings-merge review: \(path): no report of \(target.description) (the driver keeps the reports of each catalog's latest merges: git config xcstrings-merge.reports, default \(ReportStore.defaultEarlierReports) before the latest)\n")
                if status == .success { status = .failure }
            }
        }
        if reviewed.isEmpty && positionals.isEmpty && named != nil { status = .failure }
        if json {
            Output.out(String(decoding: XcodeWriter.reportBytes(of: .array(reviewed.map(\.json))), as: UTF8.self))
            return status
        }
        var text = reviewed.map { $0.text(width: Terminal.columns) }.joined()
        if reviewed.isEmpty && positionals.isEmpty {
            text = "No merge report of \(target.description): the driver merged no catalog there (it keeps the reports of each catalog's latest merges).\n"
        }
        show(text, pager: !parsed.flag("--no-pager"), repository: repository)
        return status
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

extension MergeReview.Reviewed {
    /// The report as `review` shows it, wrapped to `width` columns.
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
