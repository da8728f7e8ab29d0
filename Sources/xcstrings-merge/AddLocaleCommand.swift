import CatalogUpkeep
import MergeSession
import StringCatalog

enum AddLocaleCommand {
    static let command = Command(
        name: "add-locale",
        summary: "Start a language from a neighbour's translations, each marked for review.",
        usage: ["<locale> [<catalog> ...]"],
        help: """
            OVERVIEW: Add a language to catalogs, starting from a neighbouring one: pt-PT from
            pt-BR, de-CH from de, es-MX from es, zh-HK from zh-Hant. Every translation of the
            --copy-from locale is copied, plural, device and substitution forms included, each
            marked needs_review for the translator to confirm; plural forms the new language needs
            and the neighbour lacks (Russian's few and many from English) are made from its other
            form. A catalog holds a language only through its translations, so --copy-from is
            required (name the source language to start from the source text). The reverse of
            remove-locale, with its safety: every catalog read and checked before any is written,
            atomically, in Xcode's form.

            {usage}

            ARGUMENTS:
              <locale>                The new locale as the catalog will name it (pt-PT, de-CH).
              <catalog>               A file ending in .xcstrings (default: the tracked
                                      catalogs of the repository, else those under the current
                                      directory).

            {options}

            EXIT STATUS:
              0  added (or, with --dry-run, would add)
              2  refused (the locale exists without --merge, the source language, a --copy-from
                 locale in none of the catalogs), usage error, or a file could not be read or written

            EXAMPLE:
              xcstrings-merge add-locale pt-PT --copy-from pt-BR App/Localizable.xcstrings

            """,
        options: [
            .init(names: ["--copy-from"], takesValue: true, summary: "The locale whose translations are copied (required).", valueName: "<locale>"),
            .init(names: ["--merge"], takesValue: false, summary: "The locale exists already: fill only the units it lacks, never replacing one."),
            .dryRun,
            .followSymlinks,
        ],
        run: run)

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "add-locale", options: command.options)
        guard let locale = parsed.positionals.first.map({ UTF8Bytes($0) }) else { throw UsageError(message: "no locale given", command: "add-locale") }
        guard let from = parsed.value("--copy-from").map({ UTF8Bytes($0) }) else {
            throw UsageError(message: "name the locale to start from with --copy-from (a catalog has no empty languages)", command: "add-locale")
        }
        guard locale != from else { throw UsageError(message: "\"\(locale)\" cannot be copied from itself", command: "add-locale") }
        var paths = Array(parsed.positionals.dropFirst())
        if paths.isEmpty {
            guard let found = try CatalogFile.defaultPaths(command: "add-locale") else { return .error }
            paths = found
        }
        let dryRun = parsed.flag("--dry-run"), merging = parsed.flag("--merge")
        guard let files = CatalogFile.readAll(paths, command: "add-locale", forWriting: !dryRun, followingSymlinks: parsed.flag("--follow-symlinks"))
        else { return .error }
        var problems: [String] = []
        let locales = files.map(\.catalog.locales)
        for (file, present) in zip(files, locales) {
            if file.catalog.sourceLanguage == locale { problems.append("\(file.path): \"\(locale)\" is the source language") }
            if present.contains(locale) && !merging {
                problems.append("\(file.path): has \"\(locale)\" already; --merge fills only the units it lacks")
            }
        }
        let known = locales.reduce(into: Set<UTF8Bytes>()) { $0.formUnion($1) }
        if !known.contains(from) {
            let names = known.map(\.string).sorted()
            problems.append("\"\(from)\" is in none of the catalogs" + Suggestions.didYouMean(from.string, among: names, quote: "\"")
                + " (their locales: \(names.isEmpty ? "none" : names.joined(separator: ", ")))")
        }
        if !problems.isEmpty {
            for problem in problems { Output.err("xcstrings-merge add-locale: \(problem)\n") }
            Output.err("xcstrings-merge add-locale: nothing was changed\n")
            return .error
        }
        var failed = false
        for file in files {
            let outcome = LocaleAddition.apply(locale, copyingFrom: from, onlyMissing: merging, to: file.catalog)
            guard outcome.stringsAdded + outcome.stringsFilled > 0 else {
                Output.out("\(file.path): nothing to copy (no string lacking \(locale) has \(from))\n")
                continue
            }
            if !dryRun && !file.written(outcome.catalog) {
                failed = true
                continue
            }
            let strings = outcome.stringsAdded + outcome.stringsFilled
            var line = "\(file.path): \(dryRun ? "would add" : "added") \(locale) to \(strings) string\(strings == 1 ? "" : "s")"
            line += " (\(outcome.unitsCopied) unit\(outcome.unitsCopied == 1 ? "" : "s") from \(from), needs_review"
            if outcome.pluralFormsFilled > 0 { line += "; \(outcome.pluralFormsFilled) plural form\(outcome.pluralFormsFilled == 1 ? "" : "s") \(locale) needs made from other" }
            if outcome.stringsFilled > 0 { line += "; \(outcome.stringsFilled) of them had \(locale) and got only the units they lacked" }
            if outcome.stringsKept > 0 { line += "; \(outcome.stringsKept) complete, kept as they were" }
            Output.out(line + ")\n")
        }
        return failed ? .error : .success
    }
}
