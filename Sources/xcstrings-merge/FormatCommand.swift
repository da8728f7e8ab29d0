import StringCatalog

enum FormatCommand {
    static let command = Command(
        name: "format",
        summary: "Rewrite catalogs in the exact form Xcode writes.",
        help: """
            OVERVIEW: Rewrite catalogs in the exact form Xcode writes.

            Each file is parsed and written back with Xcode's layout and key order. A file that is
            already canonical is not touched; others are replaced atomically (a temporary file in
            the same folder, then a rename). A BOM and CRLF line ends are dropped.

            USAGE: xcstrings-merge format [--check] <file> ...

            ARGUMENTS:
              <file>                  A .xcstrings file.

            OPTIONS:
              --check                 Write nothing; list the files that would change.
              --follow-symlinks       Write a catalog that is a symbolic link leading outside
                                      its repository (refused by default).
              --help, -h              Show this help.

            EXIT STATUS:
              0  all files are (now) canonical
              1  --check: some files would change
              2  usage error, or a file could not be read, parsed or written

            EXAMPLE:
              xcstrings-merge format --check App/Localizable.xcstrings

            """,
        options: [.init(names: ["--check"], takesValue: false), WriteConfinement.option],
        run: run)

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "format", options: command.options)
        guard !parsed.positionals.isEmpty else {
            throw UsageError(message: "no files given", command: "format")
        }
        let checkOnly = parsed.flag("--check")
        var failed = false
        var wouldChange = false
        for path in parsed.positionals {
            let bytes: [UInt8]
            var edit: InPlaceEdit?
            do throws(FileError) {
                if !checkOnly { edit = try CatalogFile.edit(path, command: "format", followingSymlinks: parsed.flag("--follow-symlinks")) }
                if let edit { bytes = try edit.read() } else { bytes = try FileBytes.read(path) }
            } catch {
                Output.err("\(path): error: \(error.reason)\n")
                failed = true
                continue
            }
            let catalog: Catalog
            do {
                // Formatting does not validate: the schema notes made for the validator are not needed.
                catalog = try Catalog(bytes: bytes, checkingShape: false)
            } catch {
                Output.err("\(path):\(error.line):\(error.column): error: \(error.message)\n")
                failed = true
                continue
            }
            if catalog.hasCanonicalBytes(bytes) { continue }
            if checkOnly {
                Output.out("\(path)\n")
                wouldChange = true
                continue
            }
            do {
                if let edit { try edit.replace(with: catalog) } else { try catalog.write(to: path) }
            } catch {
                Output.err("\(path): error: \(error.reason)\n")
                failed = true
            }
        }
        if failed { return .error }
        return wouldChange ? .failure : .success
    }
}
