import CatalogUpkeep
import MergeSession
import StringCatalog

enum GetCommand {
    static let command = Command(
        name: "get",
        summary: "Print a string's value in a language (or every form of it).",
        usage: ["<catalog> <key> [<locale>]"],
        help: """
            OVERVIEW: Print one value of a catalog, exactly as it is stored, for scripts: the key's
            value in <locale> (its form with --form). With several units (no locale, or a string
            that varies) prints one line per unit, "locale form<TAB>state<TAB>value", control
            characters shown; --format json prints them as the array set --from-json reads.

            {usage}

            ARGUMENTS:
              <catalog>               A file ending in .xcstrings.
              <key>                   The string's key.
              <locale>                A locale as the catalog names it (de, pt-BR).

            {options}

            EXIT STATUS:
              0  printed
              1  the key, locale or form is not there (the nearest keys are suggested)
              2  usage error, or the catalog could not be read

            EXAMPLES:
              xcstrings-merge get App/Localizable.xcstrings "Save" de
              xcstrings-merge get App/Localizable.xcstrings "%lld files" ru --form plural.few
              xcstrings-merge get App/Localizable.xcstrings "%lld files" --format json

            """,
        options: [
            formOption,
            .init(names: ["--format"], takesValue: true, choices: ["text", "json"], summary: "text (default) or json."),
        ],
        run: run)

    static let formOption = Arguments.Option(
        names: ["--form"], takesValue: true,
        summary: "The form of a varied string: plural.one, device.iphone, device.mac.plural.other, substitution.NAME.plural.few.",
        valueName: "<form>")

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "get", options: command.options)
        let json = try parsed.choice("--format", default: "text", command: "get") == "json"
        guard (2...3).contains(parsed.positionals.count) else { throw UsageError(message: "expected <catalog> <key> [<locale>]", command: "get") }
        let form = try form(parsed, command: "get")
        let (path, key) = (parsed.positionals[0], UTF8Bytes(parsed.positionals[1]))
        let locale = parsed.positionals.count > 2 ? UTF8Bytes(parsed.positionals[2]) : nil
        guard let file = CatalogFile.readAll([path], command: "get", forWriting: false)?.first else { return .error }
        guard var units = StringAccess.units(of: key, locale: locale, in: file.catalog) else {
            notFound(key: key, in: file, command: "get")
            return .failure
        }
        if let locale, units.isEmpty {
            let locales = StringAccess.units(of: key, in: file.catalog)?.map(\.locale.string) ?? []
            let names = Array(Set(locales)).sorted()
            Output.err("xcstrings-merge get: \"\(VisibleText.name(key.string))\" has no \(VisibleText.name(locale.string)) localization"
                + Suggestions.didYouMean(locale.string, among: names, quote: "\"") + " (it has: \(names.isEmpty ? "none" : names.joined(separator: ", ")))\n")
            return .failure
        }
        if let form {
            let all = units
            units = units.filter { $0.form == form }
            if units.isEmpty {
                let forms = Array(Set(all.map(\.form.description))).sorted().map { $0.isEmpty ? "(plain)" : $0 }
                Output.err("xcstrings-merge get: no form \(form) here (there are: \(forms.joined(separator: ", ")))\n")
                return .failure
            }
        }
        if json {
            Output.out(bytes: StringAccess.json(units) + [0x0A])
        } else if locale != nil, units.count == 1, let unit = units.first {
            // One value: exact bytes for a script, its control characters shown on a terminal.
            let lines = unit.values ?? [unit.value ?? UTF8Bytes("")]
            for line in lines {
                if Output.standardOutputIsTerminal { Output.out(line.string + "\n") } else { Output.out(bytes: line.bytes + [0x0A]) }
            }
        } else {
            for unit in units {
                let place = unit.locale.string + (unit.form.steps.isEmpty ? "" : " " + unit.form.description)
                let value = unit.values.map { $0.map { VisibleText.inline($0.string) }.joined(separator: " | ") } ?? VisibleText.inline(unit.value?.string ?? "")
                Output.out("\(VisibleText.name(place))\t\(VisibleText.name(unit.state?.string ?? "-"))\t\(value)\n")
            }
        }
        return .success
    }

    static func form(_ parsed: Arguments, command: String) throws(UsageError) -> FormPath? {
        guard let text = parsed.value("--form") else { return nil }
        guard let form = FormPath(text) else {
            throw UsageError(message: "'\(text)' is no form: plural.<category>, device.<device>, substitution.<name>, joined by dots", command: command)
        }
        return form
    }

    /// Says that `key` is not in the catalog, with the nearest keys.
    static func notFound(key: UTF8Bytes, in file: CatalogFile, command: String) {
        let keys = file.catalog.strings.members.map(\.key.string)
        let near = Suggestions.nearest(to: key.string, among: keys, limit: 5).map { "\"\(VisibleText.name($0))\"" }
        Output.err("xcstrings-merge \(command): \(file.path): no key \"\(VisibleText.name(key.string))\"\(near.isEmpty ? "" : "; nearest: " + near.joined(separator: ", "))\n")
    }
}
