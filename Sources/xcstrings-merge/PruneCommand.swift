import CatalogUpkeep
import MergeSession
import StringCatalog

enum PruneCommand {
    static let command = Command(
        name: "prune",
        summary: "Remove the strings Xcode marked stale (a dry run unless --write).",
        usage: ["[<catalog> ...]"],
        help: """
            OVERVIEW: List, and with --write remove, the strings a catalog keeps for nothing. Xcode
            marks a string stale when the code no longer uses it and never removes it; each one is
            still sent to translators. With --sources, a stale string whose key the sources still
            name is kept: a literal in Swift or Objective-C ("\\(n) files" stands for "%lld files"),
            the symbol Xcode generates for a manual key, a storyboard or xib object id, an
            Info.plist key.

            --unused also lists strings that are not stale when the sources do not name them (never
            manual ones without --include-manual). A key built at run time ("title.\\(id)",
            NSLocalizedString(name, ...)) cannot be seen by a scan: read what --unused lists before
            you write it.

            {usage}

            ARGUMENTS:
              <catalog>               A file ending in .xcstrings (default: the tracked
                                      catalogs of the repository, else those under the current
                                      directory).

            {options}

            EXIT STATUS:
              0  listed (or, with --write, removed)
              2  usage error, a folder of --sources that cannot be read, or a file could not be
                 read or written

            EXAMPLES:
              xcstrings-merge prune
              xcstrings-merge prune --sources Sources --sources App --write
              xcstrings-merge prune --sources . --unused --format json

            """,
        options: [
            .init(names: ["--write"], takesValue: false, summary: "Remove them; without it, nothing is written."),
            .init(names: ["--sources"], takesValue: true, repeatable: true, value: .directory, summary: "A folder of the app's sources whose evidence keeps a string.", valueName: "<dir>"),
            .init(names: ["--unused"], takesValue: false, summary: "Also strings that are not stale but the sources do not name (needs --sources)."),
            .init(names: ["--include-manual"], takesValue: false, summary: "With --unused, manual strings too."),
            .init(names: ["--format"], takesValue: true, choices: ["human", "json"], summary: "human (default) or json."),
            .followSymlinks,
        ],
        run: run)

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "prune", options: command.options)
        let json = try parsed.choice("--format", default: "human", command: "prune") == "json"
        let write = parsed.flag("--write"), unused = parsed.flag("--unused")
        let folders = parsed.all("--sources")
        if unused && folders.isEmpty { throw UsageError(message: "--unused needs the sources' evidence: name them with --sources <dir>", command: "prune") }
        if parsed.flag("--include-manual") && !unused { throw UsageError(message: "--include-manual goes with --unused", command: "prune") }
        var paths = parsed.positionals
        if paths.isEmpty {
            guard let found = try CatalogFile.defaultPaths(command: "prune") else { return .error }
            paths = found
        }
        var evidence: SourceEvidence?
        if !folders.isEmpty {
            let scan = SourceEvidence.scan(folders)
            for folder in scan.unreadable { Output.err("\(folder): error: no folder that can be read\n") }
            if !scan.unreadable.isEmpty { return .error }
            evidence = scan.evidence
        }
        guard let files = CatalogFile.readAll(paths, command: "prune", forWriting: write, followingSymlinks: parsed.flag("--follow-symlinks"))
        else { return .error }
        var failed = false
        var reports: [JSONValue] = []
        var anyRemoval = false
        for file in files {
            let plan = Prune.plan(file.catalog, evidence: evidence, unused: unused, includeManual: parsed.flag("--include-manual"))
            anyRemoval = anyRemoval || !plan.removals.isEmpty
            if write && !plan.removals.isEmpty && !file.written(plan.catalog) {
                failed = true
                continue
            }
            if json {
                reports.append(plan.json(path: file.path, written: write && !plan.removals.isEmpty))
                continue
            }
            say(plan, path: file.path, written: write, sourcesRead: evidence != nil)
        }
        if json {
            Output.out(bytes: XcodeWriter.reportBytes(of: .object(JSONObject([JSONMember(key: "catalogs", value: .array(reports))]))) + [0x0A])
        } else if !write && anyRemoval {
            Output.out("Nothing was written; --write removes them.\n")
        }
        return failed ? .error : .success
    }

    static func say(_ plan: Prune.Plan, path: String, written: Bool, sourcesRead: Bool) {
        func strings(_ count: Int) -> String { "\(count) string\(count == 1 ? "" : "s")" }
        func translations(_ count: Int) -> String { "\(count) translation\(count == 1 ? "" : "s")" }
        let total = plan.removals.reduce(0) { $0 + $1.translations }
        guard !plan.removals.isEmpty || !plan.kept.isEmpty else {
            Output.out("\(path): nothing to prune\n")
            return
        }
        Output.out("\(path): \(written ? "removed" : "would remove") \(strings(plan.removals.count)) (\(translations(total)))\n")
        for reason in Prune.Reason.allCases {
            let (count, translated) = plan.count(reason)
            guard count > 0 else { continue }
            let why = reason == .stale ? (sourcesRead ? "stale, not in the sources" : "stale") : "not in the sources"
            Output.out("  \(why): \(strings(count)), \(translations(translated))\n")
            for removal in plan.removals where removal.reason == reason {
                Output.out("    \"\(VisibleText.name(removal.key.string))\"\(removal.translations > 0 ? " (\(translations(removal.translations)))" : "")\n")
            }
        }
        for keep in [Prune.Keep.inSources, .manual] {
            let kept = plan.kept.filter { $0.reason == keep }
            guard !kept.isEmpty else { continue }
            Output.out("  kept, \(keep == .inSources ? "stale but still in the sources" : "manual (--include-manual removes them)"): \(strings(kept.count))\n")
            for item in kept.prefix(20) { Output.out("    \"\(VisibleText.name(item.key.string))\"\n") }
            if kept.count > 20 { Output.out("    … and \(kept.count - 20) more\n") }
        }
    }
}
