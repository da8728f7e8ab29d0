import MergeSession
import StringCatalog

enum RenameKeyCommand {
    static let command = Command(
        name: "rename-key",
        summary: "Rename keys, moving every translation with them.",
        usage: ["<old> <new> [<catalog> ...]", "--map <file> [--map <file> ...] [<catalog> ...]"],
        help: """
            OVERVIEW: Rename keys in catalogs, moving each entry with every translation in it.

            Xcode has no rename: a new key starts untranslated. This moves the entry whole. When
            the old key was the source text (no source-language localization, as Xcode writes for
            Text("Save")), the new entry first gets one whose value is the old key, so the app
            still shows the same text under the new key. Swift source is not changed: update the
            call sites yourself (find them with: git grep -n '"OLD"' -- '*.swift').

            Every catalog is read and every rename checked before anything is written; a refusal
            leaves all files untouched. Files are written atomically in Xcode's form.

            {usage}

            ARGUMENTS:
              <old> <new>             The key to rename and its new name.
              <catalog>               The .xcstrings files to change (a key is renamed in each
                                      that has it; default: the tracked catalogs of the
                                      repository, else those under the current directory).

            {options}

            EXIT STATUS:
              0  renamed (or, with --dry-run, would rename)
              2  refused: an old key in no catalog, a new key that exists, a key renamed twice,
                 two keys renamed to one, chained renames; or usage error, unreadable file

            EXAMPLES:
              xcstrings-merge rename-key "Save" "save.button" App/Localizable.xcstrings
              xcstrings-merge rename-key --map renames.tsv --dry-run App/*.xcstrings

            """,
        options: [
                .init(names: ["--map"], takesValue: true, repeatable: true, value: .file, summary: "Renames, one per line as 'old<TAB>new' (a line that starts with # and has no tab is a comment), or a JSON object {\"old\" : \"new\", ...}.", valueName: "<file>"),
                .dryRun,
                .followSymlinks,
            ],
        run: run)

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "rename-key", options: command.options)
        var renames: [KeyRename] = []
        let paths: [String]
        let maps = parsed.all("--map")
        if maps.isEmpty {
            guard parsed.positionals.count >= 2 else {
                throw UsageError(message: "expected <old> <new> [<catalog> ...] or --map <file> [<catalog> ...]", command: "rename-key")
            }
            renames = [KeyRename(old: UTF8Bytes(parsed.positionals[0]), new: UTF8Bytes(parsed.positionals[1]))]
            if parsed.positionals.count > 2 {
                paths = Array(parsed.positionals.dropFirst(2))
            } else {
                guard let found = try CatalogFile.defaultPaths(command: "rename-key") else { return .error }
                paths = found
            }
        } else {
            for map in maps {
                do {
                    renames += try KeyRenaming.parseMap(try FileBytes.read(map))
                } catch let error as FileError {
                    Output.err("\(map): error: \(error.reason)\n")
                    return .error
                } catch let error as JSONError {
                    Output.err("\(map):\(error.line):\(error.column): error: \(error.message)\n")
                    return .error
                } catch {
                    return .error
                }
            }
            if !parsed.positionals.isEmpty {
                paths = parsed.positionals
            } else {
                guard let found = try CatalogFile.defaultPaths(command: "rename-key") else { return .error }
                paths = found
            }
        }
        var problems = KeyRenaming.problems(in: renames)
        let dryRun = parsed.flag("--dry-run")
        guard let files = CatalogFile.readAll(
            paths, command: "rename-key", forWriting: !dryRun, followingSymlinks: parsed.flag("--follow-symlinks"))
        else { return .error }
        let outcomes = files.map { KeyRenaming.apply(renames, to: $0.catalog) }
        for (file, outcome) in zip(files, outcomes) {
            for collision in outcome.collisions {
                problems.append("\(file.path): \"\(collision.new)\" exists already; \"\(collision.old)\" was not renamed")
            }
        }
        let missing = renames.filter { rename in !outcomes.contains(where: { $0.renamed.contains(rename) || $0.collisions.contains(rename) }) }
        // The keys there are, for "did you mean": only read when a key was not found.
        let keys = missing.isEmpty ? [] : Array(Set(files.flatMap { $0.catalog.strings.members.map { $0.key.string } }))
        for rename in missing {
            problems.append("\"\(rename.old)\" is in none of the catalogs" + Suggestions.didYouMean(rename.old.string, among: keys, quote: "\""))
        }
        if !problems.isEmpty {
            for problem in problems { Output.err("xcstrings-merge rename-key: \(problem)\n") }
            Output.err("xcstrings-merge rename-key: nothing was changed\n")
            return .error
        }
        var failed = false
        for (file, outcome) in zip(files, outcomes) where !outcome.renamed.isEmpty {
            if dryRun {
                for rename in outcome.renamed { Output.out("\(file.path): would rename \"\(rename.old)\" to \"\(rename.new)\"\n") }
            } else if !file.written(outcome.catalog) {
                failed = true
                continue
            }
            var line = "\(file.path): \(dryRun ? "would rename" : "renamed") \(outcome.renamed.count) key\(outcome.renamed.count == 1 ? "" : "s")"
            if !outcome.sourceTextAdded.isEmpty {
                line += "; \(outcome.sourceTextAdded.count) had no \(file.catalog.sourceLanguage?.string ?? "source") localization and got the old key as its value"
            }
            Output.out(line + "\n")
        }
        return failed ? .error : .success
    }
}
