import CatalogUpkeep
import MergeSession
import StringCatalog

enum SetCommand {
    static let command = Command(
        name: "set",
        summary: "Write a string's value in a language, checked and in Xcode's form.",
        usage: ["<catalog> <key> <locale> <value>", "<catalog> --from-json <file>"],
        help: """
            OVERVIEW: Write one translation (or many, from JSON) into a catalog without breaking
            Xcode's layout: the file is locked, replaced atomically and written in Xcode's form. The
            key must exist (Xcode makes keys from the code); a missing localization or plural or
            device form is made. A value whose placeholders do not match what the app passes (lint's
            placeholder-mismatch: it would crash or show garbage) is refused unless --force.
            --from-json takes the array get --format json prints ({"key", "locale", "form",
            "state", "value"}); either every unit is written or none.

            {usage}

            ARGUMENTS:
              <catalog>               A file ending in .xcstrings.
              <key> <locale> <value>  The string's key, the locale, and the value.

            {options}

            EXIT STATUS:
              0  written
              1  refused: no such key, a form the string has no room for, placeholders that do
                 not match (without --force); nothing was written
              2  usage error, or the catalog or the JSON could not be read or written

            EXAMPLES:
              xcstrings-merge set App/Localizable.xcstrings "Save" de "Sichern"
              xcstrings-merge set App/Localizable.xcstrings "%lld files" ru "%lld файла" --form plural.few
              xcstrings-merge get App/Localizable.xcstrings "Save" --format json > save.json
              xcstrings-merge set App/Localizable.xcstrings --from-json save.json

            """,
        options: [
            .init(names: ["--state"], takesValue: true, choices: ["translated", "needs_review", "new"], summary: "The unit's state (default: translated)."),
            GetCommand.formOption,
            .init(names: ["--from-json"], takesValue: true, value: .file, summary: "Units to write, as get --format json prints them.", valueName: "<file>"),
            .init(names: ["--force"], takesValue: false, summary: "Write a value whose placeholders do not match the app's."),
            .followSymlinks,
        ],
        run: run)

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "set", options: command.options)
        let records: [UnitRecord]
        if let json = parsed.value("--from-json") {
            guard parsed.positionals.count == 1 else { throw UsageError(message: "with --from-json, name the catalog alone", command: "set") }
            if parsed.value("--form") != nil || parsed.value("--state") != nil {
                throw UsageError(message: "--form and --state go in the JSON with --from-json", command: "set")
            }
            do {
                records = try StringAccess.records(fromJSON: try FileBytes.read(json))
            } catch let error as FileError {
                Output.err("\(json): error: \(error.reason)\n")
                return .error
            } catch {
                Output.err("\(json): error: \(error)\n")
                return .error
            }
        } else {
            guard parsed.positionals.count == 4 else { throw UsageError(message: "expected <catalog> <key> <locale> <value>", command: "set") }
            let state = parsed.value("--state") == nil ? nil : UTF8Bytes(try parsed.choice("--state", default: "translated", command: "set"))
            records = [UnitRecord(
                key: UTF8Bytes(parsed.positionals[1]), locale: UTF8Bytes(parsed.positionals[2]), form: try GetCommand.form(parsed, command: "set") ?? FormPath(),
                state: state, value: UTF8Bytes(parsed.positionals[3]))]
        }
        let path = parsed.positionals[0]
        guard let file = CatalogFile.readAll([path], command: "set", followingSymlinks: parsed.flag("--follow-symlinks"))?.first else { return .error }
        func place(_ record: UnitRecord) -> String {
            "\"\(VisibleText.name(record.key.string))\" [\(VisibleText.name(record.locale.string))]\(record.form.steps.isEmpty ? "" : " " + VisibleText.name(record.form.description))"
        }
        let outcome = StringAccess.setting(records, in: file.catalog)
        let catalog = outcome.catalog
        var refused = !outcome.refused.isEmpty
        // The nearest keys are looked for among all of them: for the first few missing keys only.
        var missing = 0
        for (record, refusal, missingKey) in outcome.refused {
            guard missingKey else {
                Output.err("xcstrings-merge set: \(place(record)): \(refusal)\n")
                continue
            }
            missing += 1
            if missing <= 5 { GetCommand.notFound(key: record.key, in: file, command: "set") }
        }
        if missing > 5 { Output.err("xcstrings-merge set: \(file.path): \(missing - 5) more keys that are not there\n") }
        if !parsed.flag("--force") {
            let findings = StringAccess.placeholderProblems(in: records.map { ($0.key, $0.locale) }, of: catalog)
            for finding in findings {
                Output.err("xcstrings-merge set: \"\(VisibleText.name(finding.key.string))\" [\(VisibleText.name(finding.locale?.string ?? ""))]: \(finding.message) (--force writes it)\n")
            }
            refused = refused || !findings.isEmpty
        }
        if refused {
            Output.err("xcstrings-merge set: nothing was written\n")
            return .failure
        }
        guard file.written(catalog) else { return .error }
        Output.out("\(file.path): set \(records.count) unit\(records.count == 1 ? "" : "s")\n")
        return .success
    }
}
