import StringCatalog

enum CheckCommand {
    static let command = Command(
        name: "check",
        summary: "Check that catalogs are valid and canonical (for CI and hooks).",
        help: """
            OVERVIEW: Check that catalogs are valid and canonical.

            For each catalog: valid JSON and UTF-8, no duplicate keys, no git conflict markers, the
            shape Xcode gives catalogs (unknown states, plural categories and devices are warnings),
            and the exact bytes Xcode would write. Directories are searched for *.xcstrings.

            USAGE: xcstrings-merge check [--format human|json|github] [<path> ...]

            ARGUMENTS:
              <path>                  A .xcstrings file or a directory (default: the current one).

            OPTIONS:
              --format <format>       human (default), json, or github (workflow annotations).
              --help, -h              Show this help.

            EXIT STATUS:
              0  every catalog passed (warnings allowed)
              1  some catalog failed
              2  usage error, or a path could not be read

            EXAMPLES:
              xcstrings-merge check App/
              xcstrings-merge check --format github $(git ls-files '*.xcstrings')

            """,
        run: run)

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(
            arguments, command: "check", options: [.init(names: ["--format"], takesValue: true)])
        let format = try parsed.choice("--format", ["human", "json", "github"], default: "human", command: "check")
        let paths = parsed.positionals.isEmpty ? ["."] : parsed.positionals
        var files: [String] = []
        var ioFailure = false
        for path in paths {
            if FileBytes.isDirectory(path) {
                files += CatalogFinder.catalogs(under: path)
            } else if FileBytes.exists(path) {
                files.append(path)
            } else {
                Output.err("\(path): error: no such file or directory\n")
                ioFailure = true
            }
        }
        let results = files.map(CatalogCheck.run)
        let report = CheckReport(results: results)
        switch format {
        case "json": Output.out(report.json())
        case "github": Output.out(report.github())
        default: Output.out(report.human())
        }
        if ioFailure || results.contains(where: { $0.unreadable }) { return .error }
        return results.contains(where: { !$0.passed }) ? .failure : .success
    }
}
