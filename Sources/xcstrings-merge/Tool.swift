import GitSupport
import StringCatalog

/// The catalog's member names, each spelled once in `CatalogSchema`.
typealias Name = CatalogSchema.Name

/// Exit statuses, following `git merge-file` and `swift-format lint`.
enum ExitStatus: Int32 {
    /// Done, nothing to report.
    case success = 0
    /// Done, with findings: conflicts left, files not canonical, checks failed.
    case failure = 1
    /// Nothing was done: bad usage, unreadable input, or an I/O error.
    case error = 2
}

/// A subcommand: its name, one-line summary, help text and what it runs.
struct Command: Sendable {
    var name: String
    var summary: String
    /// What its operands are, one form per way to call it (`<base> <ours> <theirs>`); the
    /// first form's USAGE line lists every option of the table after it.
    var usage: [String]
    /// The help text, with `{usage}` and `{options}` where the USAGE line and the OPTIONS section
    /// made from `usage` and `options` go.
    var template: String
    /// The options it takes: what its parser accepts, what `--help` lists and what shell
    /// completion offers, each described once, in its table entry.
    var options: [Arguments.Option] = []
    /// What its other arguments are, for shell completion.
    var operands: Operands = .catalogs
    var run: @Sendable ([String]) throws(UsageError) -> ExitStatus

    /// What a command's operands are, for the completion scripts: catalogs; revisions then
    /// catalogs (`diff`); a revision (`review`'s merge commit); the catalogs a merge left
    /// conflicted (`resolve`); words of the command's own; none.
    enum Operands: Sendable { case catalogs, revisionsOrCatalogs, revision, conflictedCatalogs, none, words }

    init(
        name: String, summary: String, usage: [String], help: String, options: [Arguments.Option] = [], operands: Operands = .catalogs,
        run: @escaping @Sendable ([String]) throws(UsageError) -> ExitStatus
    ) {
        self.name = name
        self.summary = summary
        self.usage = usage
        self.template = help
        self.options = options
        self.operands = operands
        self.run = run
    }

    /// The ARGUMENTS section of the commands that take catalogs or folders of them (`check`,
    /// `format`, `lint`).
    static let catalogPathsSection = """
        ARGUMENTS:
          <path>                  A .xcstrings file or a directory (default: the tracked
                                  catalogs of the repository, else the current directory).
        """

    /// `--help`: the template with its USAGE line and options section made from the table.
    var help: String {
        var text = template
        for (marker, section) in [("{usage}\n", usageSection), ("{options}\n", Arguments.helpSection(options))] {
            if let range = text.firstRange(of: marker) { text = String(text[..<range.lowerBound]) + section + String(text[range.upperBound...]) }
        }
        return text
    }

    /// `USAGE: xcstrings-merge NAME FORM [--option <value>]...`, wrapped within 100 columns
    /// under its first operand; each further form on a line of its own.
    var usageSection: String {
        let start = "USAGE: xcstrings-merge \(name)"
        let words = usage[0].split(separator: " ").map(String.init) + options.map(\.synopsis)
        var lines: [String] = []
        var line = start
        for word in words {
            if line.count + 1 + word.count > 100 && line.count > start.count {
                lines.append(line)
                line = String(repeating: " ", count: start.count)
            }
            line += " " + word
        }
        lines.append(line)
        for form in usage.dropFirst() { lines.append("       xcstrings-merge \(name) \(form)") }
        return lines.map { $0 + "\n" }.joined()
    }
}

enum Tool {
    static let version = "0.1.0"

    static let commands: [Command] = [
        MergeCommand.command,
        FormatCommand.command,
        CheckCommand.command,
        LintCommand.command,
        RenameKeyCommand.command,
        RemoveLocaleCommand.command,
        AddLocaleCommand.command,
        PruneCommand.command,
        GetCommand.command,
        SetCommand.command,
        ExportCommand.command,
        ImportCommand.command,
        ResolveCommand.command,
        ReviewCommand.command,
        DiffCommand.command,
        TextconvCommand.command,
        InstallCommand.command,
        UninstallCommand.command,
        DoctorCommand.command,
        DemoCommand.command,
        CompletionsCommand.command,
    ]

    static func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else {
            Output.err(overview)
            return ExitStatus.error.rawValue
        }
        switch first {
        case "--help", "-h":
            Output.out(overview)
            return 0
        case "--version":
            Output.out("xcstrings-merge \(version)\n")
            return 0
        case "help":
            guard arguments.count > 1 else {
                Output.out(overview)
                return 0
            }
            guard let command = commands.first(where: { $0.name == arguments[1] }) else {
                Output.err("xcstrings-merge: unknown command '\(arguments[1])'\(Suggestions.didYouMean(arguments[1], among: commands.map(\.name)))\n\n\(overview)")
                return ExitStatus.error.rawValue
            }
            Output.out(command.help)
            return 0
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            // `-v` and `--verbose` are what other tools print their version with.
            let meant = ["-v", "-V", "--verbose", "-version"].contains(first)
                ? "; did you mean '--version'?" : Suggestions.didYouMean(first, among: commands.map(\.name) + ["help"])
            Output.err("xcstrings-merge: unknown command '\(first)'\(meant.isEmpty ? "; see 'xcstrings-merge --help'" : meant)\n")
            return ExitStatus.error.rawValue
        }
        let rest = Array(arguments.dropFirst())
        if rest.contains("--help") || rest.contains("-h") {
            Output.out(command.help)
            return 0
        }
        do {
            let status = try command.run(rest).rawValue
            // doctor says it in its own report.
            if command.name != DoctorCommand.command.name, let notice = Libgit2.libraryIfOpened?.versionNotice {
                Output.err(notice + "\n")
            }
            return status
        } catch {
            Output.err("xcstrings-merge \(command.name): \(error.message)\n")
            if error.pointsToHelp { Output.err("Usage: see 'xcstrings-merge help \(command.name)'\n") }
            return ExitStatus.error.rawValue
        }
    }

    static var overview: String {
        var text = """
            OVERVIEW: Merge, check and format Xcode String Catalogs (.xcstrings).

            USAGE: xcstrings-merge <command> [options]

            COMMANDS:

            """
        for command in commands {
            text += "  " + command.name.padding(24) + command.summary + "\n"
        }
        text += """

            OPTIONS:
              --help, -h              Show help. 'xcstrings-merge help <command>' shows a command's.
              --version               Show the version.

            EXIT STATUS: 0 success, 1 findings (conflicts, failed checks), 2 usage or I/O error.

            """
        return text
    }
}

extension String {
    func padding(_ width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
