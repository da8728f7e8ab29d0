import MergeSession
import StringCatalog

enum RemoveLocaleCommand {
    static let command = Command(
        name: "remove-locale",
        summary: "Remove every translation into some languages.",
        usage: ["<locale> ... [<catalog> ...]"],
        help: """
            OVERVIEW: Remove every localization of the given locales from catalogs.

            Xcode cannot remove a language from a catalog. This removes the locales' localizations
            from every string, with their variations and substitutions. The source language is
            refused. Every catalog is read and checked before anything is written; files are
            written atomically in Xcode's form.

            {usage}

            ARGUMENTS:
              <locale>                A locale as the catalog names it (de, pt-BR, zh-Hans).
              <catalog>               A file ending in .xcstrings (default: the tracked
                                      catalogs of the repository, else those under the current
                                      directory).

            {options}

            EXIT STATUS:
              0  removed
              2  refused (a source language, a locale in none of the catalogs), usage error, or a
                 file could not be read or written

            EXAMPLE:
              xcstrings-merge remove-locale fr it App/Localizable.xcstrings

            """,
        options: [.dryRun, .followSymlinks],
        run: run)

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "remove-locale", options: command.options)
        // Catalogs end in .xcstrings, or are files that exist (notcat.json); everything else is a
        // locale (a folder named "de" stays a locale).
        func isFile(_ argument: String) -> Bool {
            argument.hasSuffix(".xcstrings") || (FileBytes.exists(argument) && !FileBytes.isDirectory(argument))
        }
        var paths = parsed.positionals.filter(isFile)
        let locales = parsed.positionals.filter { !isFile($0) }.map { UTF8Bytes($0) }
        guard !locales.isEmpty else { throw UsageError(message: "no locales given", command: "remove-locale") }
        if paths.isEmpty {
            guard let found = try CatalogFile.defaultPaths(command: "remove-locale") else { return .error }
            paths = found
        }
        let dryRun = parsed.flag("--dry-run")
        guard let files = CatalogFile.readAll(
            paths, command: "remove-locale", forWriting: !dryRun, followingSymlinks: parsed.flag("--follow-symlinks"))
        else { return .error }
        var refused = false
        for file in files {
            if let source = file.catalog.sourceLanguage, locales.contains(source) {
                Output.err("xcstrings-merge remove-locale: \(file.path): \"\(source)\" is the source language; it cannot be removed\n")
                refused = true
            }
        }
        // A locale in none of the catalogs is a typo (DE for de, pt_BR for pt-BR), not a removal
        // that happens to find nothing: say what was meant and change nothing.
        let present = Set(files.flatMap { $0.catalog.locales.map(\.string) })
        for locale in locales.map(\.string) where !present.contains(locale) {
            let normalized = { (text: String) in text.lowercased().replacingAll("_", "-") }
            let meant = present.sorted().first { normalized($0) == normalized(locale) }
            let known = present.isEmpty ? "they have no localizations" : "their locales: \(present.sorted().joined(separator: ", "))"
            Output.err("xcstrings-merge remove-locale: \"\(locale)\" is in none of the catalogs\(meant.map { "; did you mean \"\($0)\"?" } ?? "") (\(known))\n")
            refused = true
        }
        if refused {
            Output.err("xcstrings-merge remove-locale: nothing was changed\n")
            return .error
        }
        var failed = false
        for file in files {
            let outcome = LocaleRemoval.apply(locales, to: file.catalog)
            let names = locales.map(\.string).joined(separator: ", ")
            guard outcome.stringsChanged > 0 else {
                // Name what is there, so that a misspelt locale (pt_BR for pt-BR) shows.
                let present = file.catalog.locales.map(\.string).sorted()
                Output.out("\(file.path): no localizations in \(names); its locales: \(present.isEmpty ? "none" : present.joined(separator: ", "))\n")
                continue
            }
            if !dryRun && !file.written(outcome.catalog) {
                failed = true
                continue
            }
            // Counted as `diff --stat` counts: a translation is a string in one locale.
            let counts = locales.compactMap { locale in
                outcome.removed[locale].map { "\($0) \(VisibleText.name(locale.string)) translation\($0 == 1 ? "" : "s")" }
            }.joined(separator: ", ")
            Output.out("\(file.path): \(dryRun ? "would remove" : "removed") \(counts) (from \(outcome.stringsChanged) string\(outcome.stringsChanged == 1 ? "" : "s"))\n")
        }
        return failed ? .error : .success
    }
}
