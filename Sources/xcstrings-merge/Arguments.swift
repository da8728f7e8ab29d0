import StringCatalog

/// A command-line mistake: printed with the command's usage line, exit status 2.
struct UsageError: Error, CustomStringConvertible {
    var message: String
    var command: String?
    /// False for a refusal that is no misuse of the command (a repository that cannot be read):
    /// then no pointer to the command's help follows the message.
    var pointsToHelp = true

    /// The message: what a person reads where the error is printed whole.
    var description: String { message }
}

/// The arguments of one command, parsed against the options it declares.
///
/// Options are `--name`, `--name value` or `--name=value`, and single-letter aliases such as `-o`.
/// `--` ends the options. Anything starting with `-` that the command does not declare is an error
/// that names it, rather than being taken for a path.
struct Arguments {
    struct Option: Sendable {
        var names: [String]
        var takesValue: Bool
        var repeatable = false
        /// The values it accepts, when it accepts only some (`--format human|json`).
        var choices: [String] = []
        /// What a value is, for shell completion.
        var value: Value = .text
        /// What it does: its text in `--help`, whose first sentence completion's menus show.
        var summary = ""
        /// How `--help` shows its value (`<file>`); without one, its choices (`human|json`).
        var valueName: String? = nil

        enum Value: Sendable { case text, file, directory, revision }

        /// The same option described otherwise, for a command where it means a little more.
        func with(summary: String) -> Option {
            var copy = self
            copy.summary = summary
            return copy
        }

        /// How a USAGE line shows it: `[--strict]`, `[--format human|json]`, `[--only <rule>]...`
        /// (a long list of choices by its value's name).
        var synopsis: String {
            var text = names[0]
            if takesValue {
                text += " " + (!choices.isEmpty && choices.count <= 4 ? choices.joined(separator: "|") : valueName ?? "<value>")
            }
            return "[\(text)]" + (repeatable ? "..." : "")
        }

        /// Its lines in a command's `--help`: names and value, then the summary wrapped from the
        /// 27th column (on the next line when the names reach it).
        var helpLines: [String] {
            var heading = "  " + names.joined(separator: ", ")
            if takesValue { heading += " " + (valueName ?? (choices.isEmpty ? "<value>" : choices.joined(separator: "|"))) }
            let column = 26
            var lines: [String] = []
            var current = heading.count < column - 1 ? heading + String(repeating: " ", count: column - heading.count) : ""
            if current.isEmpty { lines.append(heading) }
            var filled = !current.isEmpty && current.count > column
            for word in summary.split(separator: " ") {
                if current.isEmpty { current = String(repeating: " ", count: column) }
                if filled && current.count + 1 + word.count > 88 {
                    lines.append(current)
                    current = String(repeating: " ", count: column)
                    filled = false
                }
                current += (filled ? " " : "") + word
                filled = true
            }
            if !current.trimmingWhitespace().isEmpty { lines.append(current) }
            return lines
        }
    }

    /// A command's OPTIONS section, made from its option table (and `--help`).
    static func helpSection(_ options: [Option]) -> String {
        var text = "OPTIONS:\n"
        for option in options { text += option.helpLines.map { $0 + "\n" }.joined() }
        text += Option(names: ["--help", "-h"], takesValue: false, summary: "Show this help.").helpLines.map { $0 + "\n" }.joined()
        return text
    }

    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []
    /// How many positionals came before `--`, when it was given (`diff REV -- PATH`).
    private(set) var positionalsBeforeSeparator: Int?
    let options: [Option]

    init(_ arguments: [String], command: String, options: [Option]) throws(UsageError) {
        self.options = options
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                positionalsBeforeSeparator = positionals.count
                continue
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = options.first(where: { $0.names.contains(name) }) else {
                throw UsageError(message: "unknown option '\(name)'" + Suggestions.didYouMean(name, among: options.flatMap(\.names) + ["--help"]), command: command)
            }
            let canonical = option.names[0]
            if option.takesValue {
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else {
                    guard index < arguments.count else {
                        throw UsageError(message: "option '\(name)' needs a value", command: command)
                    }
                    value = arguments[index]
                    index += 1
                }
                if !option.repeatable && values[canonical] != nil {
                    throw UsageError(message: "option '\(name)' given more than once", command: command)
                }
                values[canonical, default: []].append(value)
            } else {
                if inlineValue != nil {
                    throw UsageError(message: "option '\(name)' takes no value", command: command)
                }
                flags.insert(canonical)
            }
        }
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// Whether to colour standard output, by `--color` (`Option.color`).
    func usesColour(command: String) throws(UsageError) -> Bool {
        Output.usesColour(try choice(Option.color.names[0], default: "auto", command: command))
    }

    /// A value that must be one of the option's declared choices.
    func choice(_ name: String, default defaultValue: String, command: String) throws(UsageError) -> String {
        try choice(name, options.first { $0.names.contains(name) }?.choices ?? [], default: defaultValue, command: command)
    }

    /// A value that must be one of `choices`.
    func choice(_ name: String, _ choices: [String], default defaultValue: String, command: String) throws(UsageError) -> String {
        guard let value = value(name) else { return defaultValue }
        guard choices.contains(value) else {
            throw UsageError(
                message: "option '\(name)' must be one of \(choices.joined(separator: ", ")); got '\(value)'",
                command: command)
        }
        return value
    }
}

/// Options that several commands take, each declared once; a command that means a little more
/// by one says so with `with(summary:)`.
extension Arguments.Option {
    static let color = Arguments.Option(
        names: ["--color"], takesValue: true, choices: ["always", "never", "auto"],
        summary: "always, never or auto (default: colour on a terminal, not with NO_COLOR set or TERM=dumb).", valueName: "<when>")
    static let staged = Arguments.Option(names: ["--staged"], takesValue: false, summary: "Use the staged (index) versions of the tracked catalogs.")
    static let dryRun = Arguments.Option(names: ["--dry-run"], takesValue: false, summary: "Print what would change; write nothing.")
    /// Writing through a link that leads out of the repository (`WriteConfinement`).
    static let followSymlinks = Arguments.Option(
        names: ["--follow-symlinks"], takesValue: false,
        summary: "Write a catalog that is a symbolic link leading outside its repository (refused by default).")
}
