/// A command-line mistake: printed with the command's usage line, exit status 2.
struct UsageError: Error {
    var message: String
    var command: String?
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
        /// One line for shell completion's menus.
        var summary = ""

        enum Value: Sendable { case text, file, directory, revision }
    }

    private(set) var values: [String: [String]] = [:]
    private(set) var flags: Set<String> = []
    private(set) var positionals: [String] = []
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
