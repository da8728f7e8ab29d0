import CatalogDiff
import GitSupport
import XcstringsMergePlatform
import MergeSession
import StringCatalog

enum DiffCommand {
    static let command = Command(
        name: "diff",
        summary: "Show what changed in catalogs, per string and language.",
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

            USAGE: xcstrings-merge diff <old.xcstrings> <new.xcstrings> [options]
                   xcstrings-merge diff [<rev> [<rev>]] [--staged] [options] [-- <path> ...]

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
            .init(names: ["--staged", "--cached"], takesValue: false, summary: "Compare the index, not the working tree, with HEAD or the revision given."),
            .init(names: ["--exit-code"], takesValue: false, summary: "Exit 1 when a string changed and 0 when none did (a change of layout alone is none: git shows the file modified, the strings are the same)."),
            .init(names: ["--count-layout"], takesValue: false, summary: "With --exit-code, a change of layout alone (key order, indentation) counts too."),
            .init(names: ["--color"], takesValue: true, choices: ["always", "never", "auto"], summary: "always, never or auto (default: colour on a terminal, not with NO_COLOR).", valueName: "<when>"),
            .init(names: ["--fallback"], takesValue: false, summary: "Show a plain line diff of a version that is not a catalog instead of failing."),
            .init(names: ["--max-size"], takesValue: true, summary: "With --format markdown: stay within this many bytes, leaving out per-string lines and saying how many (GitHub drops a job summary over 1 MiB).", valueName: "<bytes>"),
        ],
        operands: .revisionsOrCatalogs,
        run: run)

    /// One catalog's two versions: nil where the file is absent. A big new version given as a
    /// file is mapped (`newFile`), not read, and only its changed entries are copied.
    struct Versions {
        var path: String
        var old: [UInt8]?
        var new: [UInt8]?
        var newFile: String?
        /// The old version's own file, when two files are compared: messages about it name it.
        var oldFile: String?
        /// Set for a changed catalog whose name is not UTF-8: it cannot be read, and says so.
        var unsupportedName: String?
        /// Set for a catalog the index holds no one version of (a merge in progress left it
        /// unmerged): `--staged` has nothing to compare, and says so, as `git diff --cached` does.
        var unmerged = false
        /// What `--fallback`'s line diff calls each side: its file, or its revision and path as
        /// git names them (`HEAD:App/L.xcstrings`, `:App/L.xcstrings` for the index).
        var oldLabel: String?
        var newLabel: String?
    }

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "diff", options: command.options)
        var format = DiffFormat(rawValue: try parsed.choice("--format", default: "human", command: "diff")) ?? .human
        if parsed.flag("--stat") {
            guard parsed.value("--format") == nil else { throw UsageError(message: "--stat is --format stat; give one of them", command: "diff") }
            format = .stat
        }
        let colour = Output.usesColour(try parsed.choice("--color", default: "auto", command: "diff"))
        var maximumBytes: Int?
        if let size = parsed.value("--max-size") {
            guard format == .markdown else { throw UsageError(message: "--max-size applies to --format markdown", command: "diff") }
            guard let bytes = Int(size), bytes >= 1024 else { throw UsageError(message: "--max-size takes a number of bytes, at least 1024 (it is '\(size)')", command: "diff") }
            maximumBytes = bytes
        }
        let versions: [Versions]
        if let files = try fileMode(parsed) {
            versions = files
        } else {
            guard let found = try repositoryVersions(parsed) else { return .error }
            versions = found
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
            switch compare(version) {
            case .success(let diff):
                // A version absent from its side is a catalog added or deleted in the range.
                let hasNew = version.new != nil || version.newFile.map { FileBytes.exists($0) } == true
                let presence: FileDiff.Presence = version.old == nil && hasNew ? .added : !hasNew && version.old != nil ? .deleted : .both
                if !diff.isEmpty { diffs.append(FileDiff(path: version.path, diff: diff, presence: presence)) }
            case .failure(let problem):
                Output.err("xcstrings-merge diff: \(problem.message)\n")
                if parsed.flag("--fallback") {
                    Output.out(bytes: lineDiff(version))
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

    struct Problem: Error {
        var message: String
    }

    /// Both versions compared; a version that is not a catalog is named with its line and column.
    static func compare(_ version: Versions) -> Result<CatalogDiff, Problem> {
        let result: Result<CatalogDiff, DiffInputError>
        if let file = version.newFile, let mapping = MappedFile(path: file, minimumSize: 1 << 20, streamed: true) {
            result = mapping.withBytes { buffer in
                CatalogDiff.compare(old: version.old, newBuffer: buffer) {
                    guard let old = version.old, old.count == buffer.count else { return true }
                    return !FileBytes.contents(of: file, equal: old)
                }
            }
        } else {
            result = CatalogDiff.compare(old: version.old, new: version.new ?? version.newFile.flatMap { try? FileBytes.read($0) })
        }
        return result.mapError { failure in
            Problem(message: "\(failure.side == "old" ? version.oldFile ?? version.path : version.path) (\(failure.side)):\(failure.error.line):\(failure.error.column): \(failure.error.message)")
        }
    }

    /// Two paths that are files, outside `--` and without `--staged`: `diff OLD NEW`.
    static func fileMode(_ parsed: Arguments) throws(UsageError) -> [Versions]? {
        let positionals = parsed.positionals
        guard positionals.count == 2, parsed.positionalsBeforeSeparator == nil, !parsed.flag("--staged"),
            positionals.allSatisfy({ (FileBytes.exists($0) && !FileBytes.isDirectory($0)) })
        else {
            if positionals.count == 2, positionals.allSatisfy({ $0.hasSuffix(".xcstrings") }), (try? Repository.open()) == nil {
                let missing = positionals.first { !(FileBytes.exists($0) && !FileBytes.isDirectory($0)) } ?? positionals[0]
                throw UsageError(message: "\(missing): no such file", command: "diff")
            }
            return nil
        }
        var versions = Versions(path: positionals[1], newFile: positionals[1], oldFile: positionals[0])
        do throws(FileError) {
            versions.old = try FileBytes.readInParts(positionals[0]) {}
            // Read here only to name an unreadable file now; a big one is mapped instead.
            if (FileStatus.of(positionals[1]).map { Int($0.st_size) } ?? 0) < 1 << 20 { versions.new = try FileBytes.read(positionals[1]) }
        } catch {
            throw UsageError(message: error.description, command: "diff")
        }
        return [versions]
    }

    /// The catalogs that differ between the two sides git's meaning gives the arguments, each
    /// with both versions; nil (after a message) when that is not possible here.
    static func repositoryVersions(_ parsed: Arguments) throws(UsageError) -> [Versions]? {
        let repository: Repository
        do {
            repository = try Repository.open()
        } catch {
            Output.err("xcstrings-merge diff: \(error.isNotFound ? "not inside a git repository; give two files to compare" : error.message)\n")
            return nil
        }
        guard let workingDirectory = repository.workingDirectory else {
            Output.err("xcstrings-merge diff: the repository has no working tree\n")
            return nil
        }
        let positionals = parsed.positionals
        let beforeSeparator = parsed.positionalsBeforeSeparator ?? positionals.count
        var revisions: [String] = []
        var paths: [String] = Array(positionals[beforeSeparator...])
        // Before `--`: revisions, then (without `--`) paths, as git reads them.
        var pathsBegan = false
        for argument in positionals[..<beforeSeparator] {
            let isFile = FileBytes.exists(argument)
            if !pathsBegan, revisions.count < 2, !isFile, let range = argument.firstRange(of: "..") {
                let from = String(argument[..<range.lowerBound]), to = String(argument[range.upperBound...])
                revisions += [from.isEmpty ? "HEAD" : from, to.isEmpty ? "HEAD" : to]
            } else if !pathsBegan, revisions.count < 2, !isFile, (try? repository.commit(argument)) != nil {
                revisions.append(argument)
            } else if isFile && parsed.positionalsBeforeSeparator == nil {
                pathsBegan = true
                paths.append(argument)
            } else {
                throw UsageError(message: "'\(argument)' is " + (isFile ? "a file where a revision belongs (put paths after --)" : "neither a revision nor a file here"), command: "diff")
            }
        }
        let staged = parsed.flag("--staged")
        if staged && revisions.count > 1 { throw UsageError(message: "--staged compares the index with one revision; two were given", command: "diff") }
        if revisions.count > 2 { throw UsageError(message: "at most two revisions", command: "diff") }
        var commits: [ObjectID] = []
        for revision in revisions {
            do {
                commits.append(try repository.commit(revision))
            } catch {
                Output.err("xcstrings-merge diff: '\(revision)' is not a commit here\n")
                return nil
            }
        }
        // Which catalogs differ: git's own answer, for its meaning of the arguments.
        var gitArguments = ["git", "diff", "--name-only", "-z", "--no-renames", "--no-ext-diff"]
        if staged { gitArguments.append("--cached") }
        gitArguments += revisions.isEmpty && staged ? ["HEAD"] : revisions
        gitArguments.append("--")
        let prefix = ResolveSession.currentPrefix(workingDirectory: workingDirectory)
        gitArguments += paths.isEmpty ? [":(top)*.xcstrings"] : paths.map { ":(top)" + ResolveSession.repositoryPath($0, prefix: prefix, workingDirectory: workingDirectory) }
        let listed = Subprocess.run(gitArguments)
        guard listed.status == 0 else {
            Output.err("xcstrings-merge diff: git diff failed: \(listed.errorOutput)")
            return nil
        }
        // git lists an unmerged path once per side it differs from: each catalog once.
        var seen = Set<ArraySlice<UInt8>>()
        let names = listed.outputBytes.split(separator: 0).filter { seen.insert($0).inserted }
        let changed = names.compactMap { PathNames.decoded($0) }.filter { $0.hasSuffix(".xcstrings") }
        let unsupported = names.filter { PathNames.decoded($0) == nil && $0.reversed().starts(with: Array(".xcstrings".utf8).reversed()) }
            .map { Versions(path: PathNames.quoted($0), unsupportedName: PathNames.unsupported($0)) }
        let index = try? repository.index()
        let top = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        func inCommit(_ commit: ObjectID, _ path: String) -> [UInt8]? { (try? repository.file(path, in: commit)) ?? nil }
        func inIndex(_ path: String) -> [UInt8]? { index?.entry(path: path).flatMap { try? repository.blob($0.id) } }
        // In the middle of a merge the index holds no one version of a conflicted catalog: the
        // working tree is compared with ours (stage 2), as `git diff --ours` does.
        // (Between two revisions the index plays no part.)
        let unmerged = revisions.isEmpty || staged
            ? Dictionary(((try? index?.conflicts()) ?? []).map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first }) : [:]
        func inIndexOrOurs(_ path: String) -> (bytes: [UInt8]?, label: String) {
            guard let conflict = unmerged[path] else { return (inIndex(path), ":" + path) }
            return (conflict.ours.flatMap { try? repository.blob($0.id) }, ":2:" + path)
        }
        func inWorkingTree(_ path: String) -> [UInt8]? { try? FileBytes.read(top + path) }
        let head = staged && revisions.isEmpty ? try? repository.commit("HEAD") : nil
        // The revisions as given, for `--fallback`'s labels (`a..b` and `a...b` name two).
        let named = revisions.flatMap { revision in
            (revision.contains("...") ? revision.split(separator: "...") : revision.split(separator: "..")).map(String.init)
        }
        func inRevision(_ index: Int) -> String { (index < named.count ? named[index] : "HEAD") + ":" }
        return unsupported + changed.map { path in
            if staged && unmerged[path] != nil { return Versions(path: path, unmerged: true) }
            switch (commits.count, staged) {
            case (0, false):
                let old = inIndexOrOurs(path)
                return Versions(path: path, old: old.bytes, new: inWorkingTree(path), oldLabel: old.label, newLabel: path)
            case (0, true): return Versions(path: path, old: head.flatMap { inCommit($0, path) }, new: inIndex(path), oldLabel: "HEAD:" + path, newLabel: ":" + path)
            case (1, false): return Versions(path: path, old: inCommit(commits[0], path), new: inWorkingTree(path), oldLabel: inRevision(0) + path, newLabel: path)
            case (1, true): return Versions(path: path, old: inCommit(commits[0], path), new: inIndex(path), oldLabel: inRevision(0) + path, newLabel: ":" + path)
            default: return Versions(path: path, old: inCommit(commits[0], path), new: inCommit(commits[1], path), oldLabel: inRevision(0) + path, newLabel: inRevision(1) + path)
            }
        }
    }

    /// A plain line diff of the two versions (`git diff --no-index`), for --fallback.
    static func lineDiff(_ version: Versions) -> [UInt8] {
        guard let directory = FilePaths.makeTemporaryDirectory(prefix: "xcstrings-merge-diff-") else { return [] }
        defer { FilePaths.removeTree(directory) }
        let old = directory + "/old", new = directory + "/new"
        let newBytes = version.new ?? version.newFile.flatMap { try? FileBytes.read($0) } ?? []
        guard (try? FileBytes.writeAtomically(version.old ?? [], to: old)) != nil, (try? FileBytes.writeAtomically(newBytes, to: new)) != nil else { return [] }
        let run = Subprocess.run(["git", "diff", "--no-index", "--no-ext-diff", "--no-textconv", "--no-color", "--no-prefix", old, new])
        // Each side named by its own file or revision, not by the temporary files compared:
        // the header lines, up to the first hunk, say so.
        let oldName = "a/" + (version.oldLabel ?? version.oldFile ?? version.path)
        let newName = "b/" + (version.newLabel ?? version.newFile ?? version.path)
        var lines = String(decoding: run.outputBytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices {
            if lines[index].hasPrefix("@@") { break }
            lines[index] = lines[index].split(separator: " ", omittingEmptySubsequences: false)
                .map { word in
                    // git writes an absolute path without its first slash.
                    let path = word.hasPrefix("/") ? String(word) : "/" + word
                    return path == old ? oldName : path == new ? newName : String(word)
                }.joined(separator: " ")
        }
        // Catalog text from another branch: shown with what a terminal would act on escaped.
        return Array(VisibleText.escaping(lines.joined(separator: "\n")).utf8)
    }
}

/// `textconv <file>`: what git's diff driver runs to show a catalog as lines.
enum TextconvCommand {
    static let command = Command(
        name: "textconv",
        summary: "Print a catalog as one line per string and language (git's diff driver).",
        help: """
            OVERVIEW: Print a catalog as one line per string, language and form, in the catalog's
            order, for git's diff driver (diff.xcstrings.textconv, set by 'xcstrings-merge install').
            git diff, git show, git log -p and git blame then read the strings, not the JSON;
            git diff --no-textconv shows the JSON, and git add -p and git apply work on it as ever.

            A file that is not a catalog (conflict markers in the middle of a merge) is printed as
            it is, so that git diff still shows it.

            USAGE: xcstrings-merge textconv <file>

            {options}

            EXAMPLE:
              "Save" [de]: "Sichern" (translated)
              "%lld items" [de] plural.one: "%lld Objekt" (translated)

            """,
        options: [],
        run: run)

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "textconv", options: command.options)
        guard parsed.positionals.count == 1 else {
            throw UsageError(message: parsed.positionals.isEmpty ? "expected the file to print" : "expected one file", command: "textconv")
        }
        let path = parsed.positionals[0]
        func show(_ buffer: UnsafeBufferPointer<UInt8>) {
            if !FactLines.write(catalogBytes: buffer, to: { Output.out(buffer: $0) }) { printAsItIs(Array(buffer)) }
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

    /// A file that is not a catalog (conflict markers in the middle of a merge), printed as it
    /// is but for what a terminal would act on.
    static func printAsItIs(_ bytes: [UInt8]) {
        let text = String(decoding: bytes, as: UTF8.self)
        Output.out(text.isEmpty ? "" : VisibleText.escaping(text))
    }
}
