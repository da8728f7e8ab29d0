import CatalogDiff
import GitSupport
import XcstringsMergePlatform
import MergeSession
import StringCatalog

enum DiffCommand {
    static let command = Command(
        name: "diff",
        summary: "Show what changed in catalogs, per string and language.",
        usage: ["<old.xcstrings> <new.xcstrings>", "[<rev> [<rev>]] [--staged] [options] [-- <path> ...]"],
        help: """
            OVERVIEW: Show what changed in catalogs, per string, language and form.

            Compares two versions of a catalog as strings, not JSON: strings added, removed and
            renamed (a key gone and a key new with the same translations is one rename), values
            and states changed, plural, device and substitution forms one by one, App Shortcut
            phrases, comments and extraction states, sourceLanguage and version. A change of
            layout alone (key order, indentation) is one line.

            With two files, compares them. In a repository, as git diff: with no revision the
            working tree against the index; --staged the index against HEAD (or <rev>); one
            revision the working tree (or with --staged the index) against it; two revisions
            (or <rev>..<rev>) one against the other. Only catalogs (*.xcstrings) are shown.

            {usage}

            {options}

            EXIT STATUS:
              0  shown (with --exit-code: no string changed; a change of layout alone counts
                 only with --count-layout)
              1  with --exit-code: a string changed
              2  usage error, an unreadable file, or a version that is not a catalog (its file,
                 line and column named; --fallback shows a line diff instead)

            EXAMPLES:
              xcstrings-merge diff
              xcstrings-merge diff main --stat
              xcstrings-merge diff origin/main HEAD --format markdown --max-size 1000000 >> "$GITHUB_STEP_SUMMARY"
              xcstrings-merge diff Old.xcstrings New.xcstrings --format json

            """,
        options: [
            .init(names: ["--format"], takesValue: true, choices: DiffFormat.allCases.map(\.rawValue), summary: "human (default), stat, json or markdown (a pull-request comment).", valueName: "<format>"),
            .init(names: ["--stat"], takesValue: false, summary: "Per locale: translations added, changed, removed and now untranslated (--format stat)."),
            Arguments.Option(names: ["--staged", "--cached"], takesValue: false, summary: "Compare the index, not the working tree, with HEAD or the revision given."),
            .init(names: ["--exit-code"], takesValue: false, summary: "Exit 1 when a string changed and 0 when none did (a change of layout alone is none: git shows the file modified, the strings are the same)."),
            .init(names: ["--count-layout"], takesValue: false, summary: "With --exit-code, a change of layout alone (key order, indentation) counts too."),
            .color,
            .init(names: ["--fallback"], takesValue: false, summary: "Show a plain line diff of a version that is not a catalog instead of failing."),
            .init(names: ["--max-size"], takesValue: true, summary: "With --format markdown: stay within this many bytes, leaving out per-string lines and saying how many (GitHub drops a job summary over 1 MiB).", valueName: "<bytes>"),
        ],
        operands: .revisionsOrCatalogs,
        run: run)

    /// One catalog's two versions: nil where the file is absent. A big new version given as a
    /// file is mapped (`newFile`), not read, and only its changed entries are copied.
    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "diff", options: command.options)
        var format = DiffFormat(rawValue: try parsed.choice("--format", default: "human", command: "diff")) ?? .human
        if parsed.flag("--stat") {
            guard parsed.value("--format") == nil else { throw UsageError(message: "--stat is --format stat; give one of them", command: "diff") }
            format = .stat
        }
        let colour = try parsed.usesColour(command: "diff")
        var maximumBytes: Int?
        if let size = parsed.value("--max-size") {
            guard format == .markdown else { throw UsageError(message: "--max-size applies to --format markdown", command: "diff") }
            guard let bytes = Int(size), bytes >= 1024 else { throw UsageError(message: "--max-size takes a number of bytes, at least 1024 (it is '\(size)')", command: "diff") }
            maximumBytes = bytes
        }
        let versions: [CatalogVersions.Versions]
        let operands = CatalogVersions.Operands(
            positionals: parsed.positionals, beforeSeparator: parsed.positionalsBeforeSeparator, staged: parsed.flag("--staged"))
        do throws(CatalogVersions.Problem) {
            if let files = try CatalogVersions.files(operands) { versions = files } else { versions = try CatalogVersions.inRepository(operands) }
        } catch {
            guard !error.isMisuse else { throw UsageError(message: error.message, command: "diff") }
            Output.err("xcstrings-merge diff: \(error.message)\n")
            return .error
        }
        var diffs: [FileDiff] = []
        var failed = false
        var unreadable = false
        for version in versions {
            if let reason = version.unsupportedName {
                // Never "no change": a catalog git says changed was not compared.
                Output.err("xcstrings-merge diff: \(reason)\n")
                unreadable = true
                continue
            }
            if version.unmerged {
                Output.err("xcstrings-merge diff: \(VisibleText.name(version.path)) is unmerged; settle it with xcstrings-merge resolve, or compare the working tree without --staged\n")
                continue
            }
            switch CatalogVersions.compare(version) {
            case .success(let diff):
                // A version absent from its side is a catalog added or deleted in the range.
                let hasNew = version.hasNew
                let presence: FileDiff.Presence = version.old == nil && hasNew ? .added : !hasNew && version.old != nil ? .deleted : .both
                if !diff.isEmpty { diffs.append(FileDiff(path: version.path, diff: diff, presence: presence)) }
            case .failure(let problem):
                Output.err("xcstrings-merge diff: \(problem.message)\n")
                if parsed.flag("--fallback") {
                    Output.out(bytes: CatalogVersions.lineDiff(version))
                } else {
                    failed = true
                }
            }
        }
        // A version refused (not a catalog, a name not supported): no document that a caller
        // ignoring the exit status would read as "no change"; the error is on standard error.
        let refused = failed || unreadable
        switch format {
        case .human: Output.out(DiffText.human(diffs, colors: DiffColors(enabled: colour)))
        case .stat: Output.out(DiffText.stat(diffs, colors: DiffColors(enabled: colour)))
        case .json: if !refused { Output.out(bytes: DiffText.json(diffs)) }
        case .markdown:
            if !diffs.isEmpty { Output.out(DiffText.markdown(diffs, maximumBytes: maximumBytes)) } else if !refused { Output.out("No change to any string catalog.\n") }
        }
        if failed {
            Output.err("xcstrings-merge diff: a version is not a catalog; --fallback shows a line diff of it\n")
            return .error
        }
        if unreadable { return .error }
        // As difftastic's --exit-code: only a real change counts, unless layout is asked for.
        let counted = diffs.contains { !$0.diff.layoutOnly || parsed.flag("--count-layout") }
        return parsed.flag("--exit-code") && counted ? .failure : .success
    }
}

/// `textconv <file>`: what git's diff driver runs to show a catalog as lines.
enum TextconvCommand {
    static let command = Command(
        name: "textconv",
        summary: "Print a catalog as one line per string and language (git's diff driver).",
        usage: ["<file>", "--fill-cache"],
        help: """
            OVERVIEW: Print a catalog as one line per string, language and form, for git's diff
            driver (diff.xcstrings.textconv, set by 'xcstrings-merge install'). git diff, git
            show, git log -p and git blame then read the strings, not the JSON; git diff
            --no-textconv shows the JSON, and git add -p and git apply work on it as ever. The
            lines are in Xcode's order (keys sorted as Xcode sorts them, at every level) whatever
            the JSON's: a version a tool wrote unsorted, or with a language added in the middle,
            shows only what changed.

            A version with a trailing comma or a key written twice (left by an earlier line merge)
            is read as the merge reads it, after a first line naming the repairs. A file that is
            not a catalog otherwise (conflict markers in the middle of a merge) is printed as it
            is, so that git diff still shows it.

            git keeps the lines of each version it converts (diff.xcstrings.cachetextconv, set by
            install) and starts this command only for versions it has not seen. --fill-cache
            converts, in one process, the catalog versions of the history (up to 1,000, newest
            first) that git has not seen yet, and stores them where git looks first
            (refs/notes/textconv/xcstrings): the first git log -p then starts the converter only
            for later versions, and shows the same lines. install does this too.

            {usage}

            {options}

            EXAMPLES:
              "Save" [de]: "Sichern" (translated)
              "%lld items" [de] plural.one: "%lld Objekt" (translated)

              xcstrings-merge textconv --fill-cache
              git's textconv cache: 99 catalog versions converted (253.6 MB) in 1.9 s; 1 there already

            """,
        options: [
            .init(names: ["--fill-cache"], takesValue: false, summary: "Convert the catalog versions in this repository's history that git's textconv cache lacks, in one process, and add them to it."),
        ],
        run: run)

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "textconv", options: command.options)
        if parsed.flag("--fill-cache") {
            if let extra = parsed.positionals.first {
                throw UsageError(message: "unexpected argument '\(extra)': --fill-cache reads the repository's history", command: "textconv")
            }
            return fillCache()
        }
        guard parsed.positionals.count == 1 else {
            throw UsageError(message: parsed.positionals.isEmpty ? "expected the file to print" : "expected one file", command: "textconv")
        }
        let path = parsed.positionals[0]
        func show(_ buffer: UnsafeBufferPointer<UInt8>) {
            TextconvText.write(buffer) { Output.out(buffer: $0) }
        }
        // Mapped, not read into fresh memory: git hands textconv a file it has just written.
        if let file = MappedFile(path: path, minimumSize: 1) {
            file.withBytes(show)
            return .success
        }
        do throws(FileError) {
            try FileBytes.read(path).withUnsafeBufferPointer(show)
        } catch {
            Output.err("xcstrings-merge textconv: \(error.description)\n")
            return .error
        }
        return .success
    }

    /// `--fill-cache`: the repository's catalog versions converted into git's textconv cache.
    static func fillCache() -> ExitStatus {
        do {
            guard let repository = try Repository.openIfPresent() else {
                Output.err("xcstrings-merge textconv: --fill-cache needs a git repository\n")
                return .error
            }
            return reportFill(in: repository, command: "textconv") ? .success : .error
        } catch {
            Output.err("xcstrings-merge textconv: \(error.message)\n")
            return .error
        }
    }

    /// Fills the cache and says what was done in one line (with `quietWhenNothing`, only when
    /// something was converted); false when it could not be filled (said on standard error,
    /// prefixed by `command`).
    static func reportFill(in repository: Repository, command: String, quietWhenNothing: Bool = false) -> Bool {
        let stopwatch = Stopwatch()
        do throws(TextconvCache.Unavailable) {
            let summary = try TextconvCache.fill(repository)
            if quietWhenNothing && summary.converted == 0 { return true }
            let seconds = stopwatch.seconds
            var line = "git's textconv cache: "
            if summary.converted == 0 {
                line += summary.cached == 0 ? "no catalog versions in the history" : "all \(summary.cached) catalog versions there already"
            } else {
                line += "\(summary.converted) catalog version\(summary.converted == 1 ? "" : "s") converted (\(megabytes(summary.bytes))) in \(tenths(seconds)) s"
                if summary.cached > 0 { line += "; \(summary.cached) there already" }
            }
            if summary.leftOver > 0 { line += "; \(summary.leftOver) older left to git" }
            Output.out(line + "\n")
            return true
        } catch {
            Output.err("xcstrings-merge \(command): git's textconv cache not filled: \(error.description)\n")
            return false
        }
    }

    static func megabytes(_ bytes: Int) -> String {
        let tenthsOfMB = (bytes + 50_000) / 100_000
        return "\(tenthsOfMB / 10).\(tenthsOfMB % 10) MB"
    }

    static func tenths(_ seconds: Double) -> String {
        let value = Int((seconds * 10).rounded())
        return "\(value / 10).\(value % 10)"
    }
}
