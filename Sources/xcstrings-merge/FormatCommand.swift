import GitSupport
import MergeSession
import StringCatalog
import XcstringsMergePlatform

enum FormatCommand {
    static let command = Command(
        name: "format",
        summary: "Rewrite catalogs in the exact form Xcode writes.",
        usage: ["[<path> ...]"],
        help: """
            OVERVIEW: Rewrite catalogs in the exact form Xcode writes.

            Each file is parsed and written back with Xcode's layout and key order. A file that is
            already canonical is not touched; others are replaced atomically (a temporary file in
            the same folder, then a rename), and each one rewritten is named (-q: none). A BOM and CRLF line ends are dropped. Directories
            are searched for *.xcstrings; with no path inside a git repository, every tracked
            catalog is formatted, as `check` checks them.

            {usage}

            \(Command.catalogPathsSection)

            {options}

            EXIT STATUS:
              0  all files are (now) canonical
              1  --check: some files would change
              2  usage error, or a file could not be read, parsed or written

            EXAMPLES:
              xcstrings-merge format
              xcstrings-merge format --check App/

            """,
        options: [.init(names: ["--check"], takesValue: false, summary: "Write nothing; list the files that would change."), .init(names: ["--quiet", "-q"], takesValue: false, summary: "Do not name the files rewritten."), Arguments.Option.staged.with(summary: "Format the staged (index) versions of the tracked catalogs and stage the result (a working file that matched the staged version is rewritten too), for a pre-commit hook."), .followSymlinks],
        run: run)

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "format", options: command.options)
        let checkOnly = parsed.flag("--check")
        let staged = parsed.flag("--staged")
        if staged && !parsed.positionals.isEmpty {
            throw UsageError(message: "--staged formats the tracked catalogs; give no paths with it", command: "format")
        }
        let quiet = parsed.flag("--quiet")
        if staged { return formatStaged(checkOnly: checkOnly, quiet: quiet, followingSymlinks: parsed.flag("--follow-symlinks")) }
        guard let (jobs, ioFailure) = try discoverCatalogs(parsed.positionals, staged: false, command: "format") else { return .error }
        var failed = ioFailure
        var wouldChange = false
        for job in jobs {
            let path = job.file ?? job.path
            let bytes: [UInt8]
            var edit: InPlaceEdit?
            do throws(FileError) {
                if !checkOnly { edit = try CatalogFile.edit(path, command: "format", followingSymlinks: parsed.flag("--follow-symlinks")) }
                if let edit { bytes = try edit.read() } else { bytes = try FileBytes.read(path) }
            } catch {
                Output.err("\(job.path): error: \(error.reason)\n")
                failed = true
                continue
            }
            PhaseTimes.mark("read")
            guard let catalog = parse(bytes, path: job.path) else {
                failed = true
                continue
            }
            PhaseTimes.mark("parsed")
            if catalog.hasCanonicalBytes(bytes) {
                PhaseTimes.mark("found canonical")
                continue
            }
            PhaseTimes.mark("found not canonical")
            if checkOnly {
                Output.out("\(job.path)\n")
                wouldChange = true
                continue
            }
            do {
                if let edit { try edit.replace(with: catalog) } else { try catalog.write(to: path) }
                PhaseTimes.mark("written and put in place")
                if !quiet { Output.out("formatted \(job.path)\n") }
            } catch {
                Output.err("\(job.path): error: \(error.reason)\n")
                failed = true
            }
        }
        PhaseTimes.report()
        if failed { return .error }
        return wouldChange ? .failure : .success
    }

    /// Formatting does not validate: the schema notes made for the validator are not needed.
    static func parse(_ bytes: [UInt8], path: String) -> Catalog? {
        do {
            return try Catalog(bytes: bytes)
        } catch {
            let error = error.classified(for: bytes)
            Output.err("\(path):\(error.line):\(error.column): error: \(error.message)\n")
            return nil
        }
    }

    /// `--staged`: the index's version of each tracked catalog, formatted and staged again; the
    /// working file too when it held exactly the staged version.
    static func formatStaged(checkOnly: Bool, quiet: Bool, followingSymlinks: Bool) -> ExitStatus {
        let outcome = StagedFormat.run(checkOnly: checkOnly, followingSymlinks: followingSymlinks) { step in
            switch step {
            case .repositoryProblem(let message): Output.err("xcstrings-merge format: \(message)\n")
            case .failed(let path, let line, let column, let message):
                Output.fileError(path, line: line, column: column, message)
            case .waiting(let path): CatalogFile.waiting(path, command: "format")
            case .wouldChange(let path): Output.out("\(path)\n")
            case .formatted(let path): if !quiet { Output.out("formatted \(path) (staged)\n") }
            }
        }
        switch outcome {
        case .failed: return .error
        case .wouldChange: return .failure
        case .unchanged, .formatted: return .success
        }
    }
}
