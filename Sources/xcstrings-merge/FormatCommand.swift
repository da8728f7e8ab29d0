import GitSupport
import StringCatalog

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

            ARGUMENTS:
              <path>                  A .xcstrings file or a directory (default: the tracked
                                      catalogs of the repository, else the current directory).

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
        guard let (jobs, ioFailure) = try CheckJob.discover(parsed.positionals, staged: false, command: "format") else { return .error }
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
            guard let catalog = parse(bytes, path: job.path) else {
                failed = true
                continue
            }
            if catalog.hasCanonicalBytes(bytes) { continue }
            if checkOnly {
                Output.out("\(job.path)\n")
                wouldChange = true
                continue
            }
            do {
                if let edit { try edit.replace(with: catalog) } else { try catalog.write(to: path) }
                if !quiet { Output.out("formatted \(job.path)\n") }
            } catch {
                Output.err("\(job.path): error: \(error.reason)\n")
                failed = true
            }
        }
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
    /// working file too when it held exactly the staged version (other edits in it stay as
    /// they are, unstaged).
    static func formatStaged(checkOnly: Bool, quiet: Bool, followingSymlinks: Bool) -> ExitStatus {
        let repository: Repository
        let index: Index
        do {
            repository = try Repository.open()
            index = try repository.index()
        } catch {
            Output.err("xcstrings-merge format: \(error.isNotFound ? "--staged needs a git repository" : error.message)\n")
            return .error
        }
        guard let top = repository.workingDirectory else {
            Output.err("xcstrings-merge format: the repository has no working tree\n")
            return .error
        }
        var failed = false
        var wouldChange = false
        var staged = false
        for entry in index.entries(withSuffix: ".xcstrings") {
            guard let bytes = try? repository.blob(entry.id) else {
                Output.err("\(entry.path): error: cannot read the staged version\n")
                failed = true
                continue
            }
            guard let catalog = parse(bytes, path: entry.path) else {
                failed = true
                continue
            }
            if catalog.hasCanonicalBytes(bytes) { continue }
            if checkOnly {
                Output.out("\(entry.path)\n")
                wouldChange = true
                continue
            }
            let canonical = catalog.canonicalBytes()
            let working = top + entry.path
            do throws(FileError) {
                let edit = try CatalogFile.edit(working, command: "format", followingSymlinks: followingSymlinks)
                if (try? edit.read()) == bytes { try edit.replace(with: canonical) }
            } catch {
                Output.err("\(entry.path): error: \(error.reason)\n")
                failed = true
                continue
            }
            do {
                try index.add(path: entry.path, bytes: canonical, mode: entry.mode, workingFile: working)
                staged = true
                if !quiet { Output.out("formatted \(entry.path) (staged)\n") }
            } catch {
                Output.err("\(entry.path): error: cannot stage it: \(error.message)\n")
                failed = true
            }
        }
        if staged {
            do {
                try index.write()
            } catch {
                Output.err("xcstrings-merge format: cannot write the index: \(error.message)\n")
                return .error
            }
        }
        if failed { return .error }
        return wouldChange ? .failure : .success
    }
}
