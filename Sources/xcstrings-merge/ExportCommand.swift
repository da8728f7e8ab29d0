import CatalogExchange
import GitSupport
import MergeSession
import StringCatalog
import XcstringsMergePlatform

enum ExportCommand {
    static let command = Command(
        name: "export",
        summary: "Write XLIFF 1.2 for translators, as Xcode's Export Localizations does, with its base.",
        usage: ["<catalog>..."],
        help: """
            OVERVIEW: Write one XLIFF 1.2 file per language (<locale>.xliff), in the form Xcode's
            Export Localizations writes for String Catalogs: one <file> per catalog (its path in
            the repository as "original"), one <trans-unit> per string and form (key,
            key|==|plural.one, key|==|device.iphone, key|==|substitutions.NAME.plural.few), the
            source language's text, the translation with Xcode's state names (new, translated,
            needs-review-l10n), the comment as <note>, translate="no" where the catalog says
            shouldTranslate false. A plural offers every form the language needs, the missing ones
            with the source's "other" text. Each <file>'s <header> records the catalog exported
            (its git blob id, and the catalog cut to the two languages): import merges the
            translation back three-way with it. --xcloc writes Xcode's .xcloc bundle instead
            (contents.json, Localized Contents, Source Contents with the catalog).

            {usage}

            ARGUMENTS:
              <catalog>  Files ending in .xcstrings; their XLIFF go in the same file per language.

            {options}

            EXIT STATUS:
              0  written
              2  usage error, or a catalog could not be read or a file written

            EXAMPLES:
              xcstrings-merge export App/Localizable.xcstrings --locale de --output Translations
              xcstrings-merge export --xcloc App/Localizable.xcstrings App/InfoPlist.xcstrings

            """,
        options: [
            .init(names: ["--locale"], takesValue: true, repeatable: true, summary: "A language to export (repeatable; default: every one but the source).", valueName: "<locale>"),
            .init(names: ["--output", "-o"], takesValue: true, value: .directory, summary: "The folder written into (default: the current one).", valueName: "<folder>"),
            .init(names: ["--xcloc"], takesValue: false, summary: "Write <locale>.xcloc bundles, as Xcode does."),
        ],
        run: run)

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "export", options: command.options)
        guard !parsed.positionals.isEmpty else { throw UsageError(message: "name the catalogs to export", command: "export") }
        let output = parsed.value("--output") ?? "."
        var catalogs: [(path: String, original: String, bytes: ArraySlice<UInt8>, catalog: Catalog, blobID: GitBlobID.Pending)] = []
        for path in parsed.positionals {
            guard path.hasSuffix(".xcstrings") else { throw UsageError(message: "\(path): not a .xcstrings file", command: "export") }
            // Its blob id (a SHA-1 of it all) on another thread while it is read.
            guard let (bytes, catalog) = ExchangePaths.readCatalog(path, meanwhile: { GitBlobID.Pending($0) }) else { return .error }
            catalogs.append((path, ExchangePaths.repositoryPath(of: path), bytes, catalog.read, catalog.meanwhile))
        }
        var locales = parsed.all("--locale")
        if locales.isEmpty {
            var all = Set<UTF8Bytes>()
            for entry in catalogs { all.formUnion(entry.catalog.locales.subtracting([entry.catalog.sourceLanguage ?? ""])) }
            locales = all.map(\.string).sorted()
            if locales.isEmpty { throw UsageError(message: "the catalogs have no language but the source; name one with --locale", command: "export") }
        }
        for locale in locales {
            guard ExchangePaths.isLocaleName(locale) else { throw UsageError(message: "\(VisibleText.name(locale)): not a locale name (letters, digits, - and _)", command: "export") }
            if catalogs.contains(where: { $0.catalog.sourceLanguage?.string == locale }) {
                throw UsageError(message: "\(locale) is the source language: there is nothing to translate into it", command: "export")
            }
        }
        PhaseTimes.mark("catalogs read")
        for locale in locales {
            var files: [XLIFFFile] = []
            var bodies: [[[UInt8]]] = []
            var units = 0, translated = 0
            for entry in catalogs {
                let exported = CatalogExport(entry.catalog, locale: locale)
                for skipped in exported.skipped {
                    Output.err("xcstrings-merge export: \(entry.path): \"\(VisibleText.name(skipped.id))\" left out: \(skipped.reason)\n")
                }
                units += exported.unitCount
                translated += exported.translatedCount
                files.append(XLIFFFile(
                    original: entry.original, sourceLanguage: entry.catalog.sourceLanguage?.string ?? "en", targetLanguage: locale,
                    tool: XLIFFTool(id: "xcstrings-merge", name: "xcstrings-merge", version: Tool.version),
                    base: ExportBase(blobID: entry.blobID.value, catalogBytes: exported.cutBytes), units: []))
                bodies.append(exported.body)
            }
            let document = XLIFFDocument(files: files).pieces(bodies: bodies)
            PhaseTimes.mark("base in notes")
            let written: String
            do {
                if parsed.flag("--xcloc") {
                    let bundle = output + "/" + locale + ".xcloc"
                    written = bundle
                    try ExchangePaths.write(pieces: document, to: bundle + "/Localized Contents/" + locale + ".xliff")
                    for entry in catalogs {
                        try ExchangePaths.write(Array(entry.bytes), to: bundle + "/Source Contents/" + entry.original)
                    }
                    try ExchangePaths.write(XclocContents.bytes(developmentRegion: catalogs[0].catalog.sourceLanguage.map(\.string).flatMap { ExchangePaths.isLocaleName($0) ? $0 : nil } ?? "en", targetLocale: locale, version: Tool.version), to: bundle + "/contents.json")
                } else {
                    written = output + "/" + locale + ".xliff"
                    try ExchangePaths.write(pieces: document, to: written)
                }
            } catch {
                Output.err("xcstrings-merge export: \(error.reason)\n")
                return .error
            }
            PhaseTimes.mark("XLIFF written")
            Output.out("\(written): \(units) unit\(units == 1 ? "" : "s") of \(catalogs.count) catalog\(catalogs.count == 1 ? "" : "s"), \(translated) with a translation\n")
        }
        PhaseTimes.report()
        return .success
    }
}

/// Paths of the round trip: a catalog's path in its repository, where an XLIFF's `original`
/// leads, and files written with their folders.
enum ExchangePaths {
    /// The path of `file` relative to its repository's working tree; outside one, as given
    /// when it stays below the current folder, else its name alone (it also names the copy in
    /// an .xcloc's Source Contents, which must stay inside the bundle).
    static func repositoryPath(of file: String) -> String {
        if let gitDirectory = GitDirectory.discover(environment: ProcessEnvironment.variables),
            let relative = UnresolvedConflicts(gitDirectory: gitDirectory, workingTree: GitDirectory.workingTree(of: gitDirectory)).repositoryPath(of: file)
        {
            return relative
        }
        let given = file.hasPrefix("./") ? String(file.dropFirst(2)) : file
        let components = given.split(separator: "/", omittingEmptySubsequences: false)
        if given.hasPrefix("/") || components.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty }) {
            return String(components.last ?? Substring(given))
        }
        return given
    }

    /// Where an XLIFF's `original` leads: inside the repository's working tree (else the
    /// current folder), never outside it: a translator's file decides no path of its own.
    static func catalogPath(forOriginal original: String) -> String? {
        guard isCatalogPathInside(original) else { return nil }
        if let gitDirectory = GitDirectory.discover(environment: ProcessEnvironment.variables),
            let tree = GitDirectory.workingTree(of: gitDirectory)
        {
            return (tree.hasSuffix("/") ? tree : tree + "/") + original
        }
        return original
    }

    /// A catalog's bytes and the catalog read from them, with what `meanwhile` makes of the
    /// bytes while they are read; nil after a message (with line and column) when it cannot be.
    static func readCatalog<T>(_ path: String, meanwhile: (ArraySlice<UInt8>) -> T) -> (bytes: ArraySlice<UInt8>, (read: Catalog, meanwhile: T))? {
        // A big catalog mapped, as a merge's base is (`FileBytes.mappedForTheProcess`: the page
        // cache's pages rather than fresh ones filled with a copy), when it reads as it is.
        if let mapped = FileBytes.mappedForTheProcess(path, minimumSize: 4 << 20, alongside: {}) {
            let file = mapped.bytes[mapped.leadingSpaces...]
            let made = meanwhile(file)
            if let catalog = try? Catalog(bytes: mapped.bytes) { return (file, (catalog, made)) }
        }
        do {
            // A big catalog in parts on all cores (what `meanwhile` starts then has them to itself);
            // one that did not read when mapped, read again so that its errors are the file's own.
            let bytes = try FileBytes.readInParts(path, alongside: {})
            let made = meanwhile(bytes[...])
            return (bytes[...], (try Catalog(bytes: bytes), made))
        } catch let error as JSONError {
            Output.fileError(path, line: error.line, column: error.column, error.message)
        } catch let error as FileError {
            Output.err("\(path): error: \(error.reason)\n")
        } catch {
            Output.err("\(path): error: \(error)\n")
        }
        return nil
    }

    /// Whether `original` is a catalog's path that stays below the folder it is taken from:
    /// relative, ending in `.xcstrings`, no `.`, `..` or empty component, no control character.
    static func isCatalogPathInside(_ original: String) -> Bool {
        let components = original.split(separator: "/", omittingEmptySubsequences: false)
        return !original.isEmpty && !original.hasPrefix("/") && original.hasSuffix(".xcstrings")
            && !components.contains(where: { $0 == ".." || $0 == "." || $0.isEmpty })
            && !original.utf8.contains(where: { $0 < 0x20 || $0 == 0x7F || $0 == UInt8(ascii: "\\") })
    }

    static func isLocaleName(_ text: String) -> Bool {
        !text.isEmpty && text.count <= 35 && text.utf8.allSatisfy { byte in
            (byte >= 0x30 && byte <= 0x39) || (byte | 0x20 >= 0x61 && byte | 0x20 <= 0x7A) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_")
        }
    }

    static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        try write(pieces: [bytes], to: path)
    }

    /// `pieces` one after another into a new file at `path`, put in place whole. Not flushed
    /// to disk first: what an export writes is made again from the catalog at will, and
    /// flushing 20 MB cost more than the rest of writing it.
    static func write(pieces: [[UInt8]], to path: String) throws(FileError) {
        let folder = FileBytes.parentDirectory(of: path)
        if !folder.isEmpty && !FilePaths.makeDirectories(folder) {
            throw FileError(path: folder, reason: "\(folder): cannot be made a folder")
        }
        let file = try AtomicFile(replacing: path)
        for piece in pieces { try file.write(piece) }
        try file.commit(durable: false)
    }
}

/// The `contents.json` of an `.xcloc` bundle, as Xcode writes it.
enum XclocContents {
    static func bytes(developmentRegion: String, targetLocale: String, version: String) -> [UInt8] {
        Array("""
            {
              "developmentRegion" : "\(developmentRegion)",
              "project" : "",
              "targetLocale" : "\(targetLocale)",
              "toolInfo" : {
                "toolBuildNumber" : "\(version)",
                "toolID" : "xcstrings-merge",
                "toolName" : "xcstrings-merge",
                "toolVersion" : "\(version)"
              },
              "version" : "1.0"
            }
            """.utf8)
    }
}
