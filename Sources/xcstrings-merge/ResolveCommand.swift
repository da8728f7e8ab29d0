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
        usage: ["[<path> ...]"],
        help: """
            OVERVIEW: Settle conflicted catalogs after a merge, rebase, cherry-pick or import.

            Reads base, ours and theirs from the index (stages 1-3), merges them again, applies
            your choices, writes the catalog atomically and stages it, clearing the conflict. This
            also rescues a catalog that git's line merge filled with conflict markers because the
            driver was not installed. Conflicts you skip stay conflicted.

            With no choice flags and a terminal, asks about each conflict:
              [o]urs [t]heirs [b]ase [e]dit ($EDITOR) [s]kip [q]uit

            {usage}

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
            for problem in session.problems { Output.err("xcstrings-merge resolve: \(problem)\n") }
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
        let applied = session.apply(choices, force: parsed.flag("--force")) { path in
            Output.err("xcstrings-merge resolve: \(path) is being written by another run of the tool; waiting for it\n")
        }
        return ResolveSession.show(applied)
    }
}

extension ResolveSession {
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

    /// `3 conflicts`, `1 conflict`.
    static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }

    /// Says what `apply` did, and gives the exit status.
    static func show(_ applied: Applied) -> ExitStatus {
        for event in applied.events {
            switch event {
            case .keptEdits(let path, let keys):
                Output.err("xcstrings-merge resolve: \(path): kept the edits made since the merge\(keys)\n")
            case .forced(let path, let places, let keys, let copy):
                Output.err("xcstrings-merge resolve: \(path): --force \(places)\(keys); the edited file is kept as \(copy)\n")
            case .staged(let path, let settled, let byHand, let committedUnsettled):
                let settledHere = settled - byHand
                let settledText = byHand == 0 ? "\(count(settledHere, "conflict")) settled"
                    : settledHere == 0 ? "\(count(byHand, "conflict")) settled by editing the file"
                    : "\(count(settledHere + byHand, "conflict")) settled, \(byHand) by editing the file"
                Output.out("resolved \(path) (\(settledText)) and staged it" + (committedUnsettled ? "; commit it to settle the merge" : "") + "\n")
            case .left(let path, let remaining):
                Output.out("\(path): \(remaining.count) conflict\(remaining.count == 1 ? "" : "s") left; not staged\n")
                for conflict in remaining {
                    Output.out("  \(conflict.id)  \(conflict.location.description): \(conflict.kind.rawValue)\n")
                }
            }
        }
        if let failure = applied.failure {
            Output.err("xcstrings-merge resolve: \(failure)\n")
            return .error
        }
        return applied.conflictsLeft ? .failure : .success
    }
}

