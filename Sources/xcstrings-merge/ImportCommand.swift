import CatalogExchange
import CatalogMerge
import MergePipeline
import MergeSession
import StringCatalog
import XcstringsMergePlatform

enum ImportCommand {
    static let command = Command(
        name: "import",
        summary: "Bring a translator's XLIFF back: a three-way merge with the export's base.",
        usage: ["<file.xliff|folder.xcloc>"],
        help: """
            OVERVIEW: Bring translations back from an XLIFF 1.2 file (or an .xcloc bundle) into
            the catalogs its <file>s name ("original", a path in the repository), or into
            --catalog. When the file records the catalog it was exported from (export writes it in
            the header; an .xcloc also has it in Source Contents), the import is a three-way merge
            with the driver's rules: base the catalog exported, ours the catalog now, theirs the
            base with the translation.
              - A translation lands where the source text is unchanged since the export.
              - Where the source text changed since, it comes in as needs_review: never dropped,
                never taken as current.
              - A key deleted since the export is not brought back (listed).
              - A string translated meanwhile in the catalog and differently by the translator is
                a conflict: the catalog's value is kept, marked needs_review, and the report has
                both. When the catalog's changes are staged (or committed), it is left in
                conflict in the index as a merge leaves it: settle with xcstrings-merge resolve
                (git commit refuses it until then). Otherwise, or before, --prefer theirs (or
                ours) settles them all.
              - Plural or device forms the translator added or removed are taken.
            Without a recorded base (a file from Xcode or a translation platform), or with
            --two-way, a translation is taken only where its <source> is the catalog's current
            source text of that form. Every unit not taken is listed with why (source changed, key
            gone, unknown form). A unit equal to what was exported is no change. The catalog is
            written in Xcode's form, locked and replaced atomically. The XML is read with no DTD,
            no entities and no network, at most 64 MiB and 32 levels deep.

            {usage}

            ARGUMENTS:
              <file.xliff|folder.xcloc>  The translator's file, or Xcode's bundle.

            {options}

            EXIT STATUS:
              0  imported; nothing skipped, no conflict
              1  imported, with units skipped or conflicts left (listed)
              2  usage error, unreadable or malformed XML (with line and column), a catalog
                 that could not be read or written, or one still in conflict from an earlier
                 import or merge

            EXAMPLES:
              xcstrings-merge export App/Localizable.xcstrings --locale de
              xcstrings-merge import de.xliff
              xcstrings-merge import Translations/ja.xcloc --catalog App/Localizable.xcstrings

            """,
        options: [
            .init(names: ["--catalog"], takesValue: true, value: .file, summary: "The catalog to import into, for a file with one catalog.", valueName: "<catalog>"),
            .init(names: ["--report"], takesValue: true, value: .file, summary: "Write the merge's JSON report there.", valueName: "<file>"),
            .init(names: ["--two-way"], takesValue: false, summary: "Ignore a recorded base: take units whose source is the catalog's."),
            .init(names: ["--prefer"], takesValue: true, choices: ["ours", "theirs"], summary: "Settle every conflict toward the catalog (ours) or the translator (theirs); still reported."),
        ],
        run: run)

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "import", options: command.options)
        guard parsed.positionals.count == 1 else { throw UsageError(message: "name one .xliff file or .xcloc bundle", command: "import") }
        let input = parsed.positionals[0]
        var xliffPath = input
        var bundle: String?
        if FileBytes.isDirectory(input) {
            let localized = input + "/Localized Contents"
            guard let name = (FilePaths.names(in: localized) ?? []).sorted().first(where: { $0.hasSuffix(".xliff") }) else {
                Output.err("\(input): error: no Localized Contents/*.xliff: not an .xcloc bundle\n")
                return .error
            }
            xliffPath = localized + "/" + name
            bundle = input
        }
        let document: XLIFFDocument
        let twoWay = parsed.flag("--two-way")
        // The first catalog's conflicts looked up and its file read, and the base its header
        // records parsed, on another core while the units are read on this one (`Prepared`).
        let prepared = Prepared()
        defer { prepared.drop() }
        let loading = Threads.start { XMLReader.load() }
        defer { loading.join() }
        do {
            // A big file mapped rather than read: its pages are the page cache's, not fresh
            // ones filled with a copy (libxml2 copies what it is pushed anyway). The document
            // starts after the spaces a mapping puts before it.
            let mapped = FileBytes.mappedForTheProcess(xliffPath, minimumSize: 1 << 20, alongside: {})
            let (bytes, start) = try mapped.map { ($0.bytes, $0.leadingSpaces) } ?? (FileBytes.read(xliffPath), 0)
            guard bytes.count - start <= XMLReader.maximumSize else {
                Output.err("\(xliffPath): error: \(bytes.count - start) bytes: larger than the \(XMLReader.maximumSize >> 20) MiB accepted\n")
                return .error
            }
            PhaseTimes.mark("XLIFF file read")
            document = try XLIFFDocument(
                bytes: bytes, from: start,
                fileStarts: { file in
                    prepared.fileStarts()
                    guard file.original.hasSuffix(".xcstrings"), let path = catalogPath(of: file, named: parsed.value("--catalog")) else { return }
                    prepared.start(path: path)
                },
                bodyStarts: { file in
                    guard bundle == nil, !twoWay, let recorded = file.recordedBase else { return }
                    prepared.parse(recorded)
                })
            ProcessLifetime.keepUntilExit(bytes)
            PhaseTimes.mark("XLIFF parsed")
            ProcessLifetime.keepUntilExit(document)
        } catch let error as XMLReadError {
            Output.fileError(xliffPath, line: max(error.line, 1), column: max(error.column, 1), error.message)
            return .error
        } catch let error as FileError {
            Output.err("\(xliffPath): error: \(error.reason)\n")
            return .error
        } catch {
            Output.err("\(xliffPath): error: \(error)\n")
            return .error
        }
        let files = document.files.filter { $0.original.hasSuffix(".xcstrings") }
        for other in document.files where !other.original.hasSuffix(".xcstrings") {
            Output.err("xcstrings-merge import: \(VisibleText.name(other.original)): not a string catalog; left alone\n")
        }
        guard !files.isEmpty else {
            Output.err("\(xliffPath): error: no <file> of a string catalog (.xcstrings)\n")
            return .error
        }
        if parsed.value("--catalog") != nil && files.count > 1 {
            throw UsageError(message: "the file has \(files.count) catalogs; --catalog names one", command: "import")
        }
        let prefer = try parsed.value("--prefer") == nil ? nil : Side(rawValue: parsed.choice("--prefer", default: "ours", command: "import"))
        var status = ExitStatus.success
        for file in files {
            guard ExchangePaths.isLocaleName(file.targetLanguage) else {
                Output.fileError(xliffPath, line: max(file.line, 1), column: 1, "<file> has no usable target-language")
                return .error
            }
            guard let catalogPath = catalogPath(of: file, named: parsed.value("--catalog")) else {
                Output.fileError(xliffPath, line: max(file.line, 1), column: 1, "original \"\(VisibleText.name(file.original))\" is not a catalog path inside the repository; name the catalog with --catalog")
                status = .error
                continue
            }
            let readAlready = prepared.take(path: catalogPath)
            // Conflicts an earlier import (or a merge) left are settled first: a new import
            // would be made on top of them, and the index's stages would no longer be its.
            if let conflicted = readAlready.map(\.conflicted) ?? ImportConflicts.conflictedPath(catalogPath) {
                Output.err("xcstrings-merge import: \(VisibleText.name(conflicted)) is in conflict in the index (an earlier import or a merge left it so); settle it first: xcstrings-merge resolve \(ShellQuoting.quoted(catalogPath))\n")
                status = .error
                continue
            }
            var base: [UInt8]?
            if let bundle, !twoWay, ExchangePaths.isCatalogPathInside(file.original) {
                base = try? FileBytes.read(bundle + "/Source Contents/" + file.original)
            }
            var baseRead: Result<Catalog, JSONError>?
            if base == nil, !twoWay {
                base = file.base?.catalogBytes
                baseRead = readAlready?.base
            }
            PhaseTimes.mark("base decoded")
            let catalogRead = readAlready?.catalog
            let result = base.map {
                importThreeWay(file, base: $0, baseRead: baseRead, catalogRead: catalogRead, into: catalogPath, source: xliffPath, report: parsed.value("--report"), prefer: prefer)
            } ?? importTwoWay(file, catalogRead: catalogRead, into: catalogPath, source: xliffPath)
            if result.rawValue > status.rawValue { status = result }
        }
        PhaseTimes.report()
        return status
    }

    /// The catalog a file's units go to: `--catalog`, or the one its `original` names in the
    /// repository; nil when `original` is not a catalog's path inside it.
    static func catalogPath(of file: XLIFFFile, named: String?) -> String? {
        named ?? ExchangePaths.catalogPath(forOriginal: file.original)
    }

    static func parsedBase(_ bytes: [UInt8]) -> Result<Catalog, JSONError> {
        do throws(JSONError) { return .success(try Catalog(bytes: bytes)) } catch { return .failure(error) }
    }

    /// What a catalog's file read says: the files, or the failures to tell (in order).
    struct CatalogRead {
        var files: [CatalogFile]?
        var failures: [CatalogFile.Notice]

        /// As `CatalogFile.readAll(_:command:)` does it, the failures told now.
        static func now(_ path: String) -> CatalogRead {
            CatalogRead(files: CatalogFile.readAll([path], command: "import"), failures: [])
        }

        /// The catalog file; nil after the failures are told.
        func file() -> CatalogFile? {
            for case .failed(let path, let line, let column, let message) in failures { Output.fileError(path, line: line, column: column, message) }
            return failures.isEmpty ? files?.first : nil
        }
    }

    /// The first catalog's conflicts looked up in its repository's index (which starts
    /// libgit2), the catalog read (locked, as `CatalogFile.readAll` does) unless it is in
    /// conflict, and the base its XLIFF records parsed, on another core while the units are
    /// read: taken by the import of that catalog, with the failures told then, in the order the
    /// import meets them; dropped (the lock with it) otherwise.
    final class Prepared: @unchecked Sendable {
        struct Read {
            var path: String
            /// `ImportConflicts.conflictedPath` of it (then it is not read).
            var conflicted: String?
            var catalog: CatalogRead?
            var base: Result<Catalog, JSONError>?
        }

        private var job: Threads.Job?
        private var baseJob: Threads.Job?
        /// The files begun, and the one whose catalog `job` reads.
        private var files = 0
        private var jobFile = 0
        private var read: Read?
        private var base: Result<Catalog, JSONError>?

        func fileStarts() { files += 1 }

        /// Starts on the first catalog's file (its attributes read).
        func start(path: String) {
            guard job == nil else { return }
            jobFile = files
            job = Threads.start { [self] in
                if let conflicted = ImportConflicts.conflictedPath(path) {
                    read = Read(path: path, conflicted: conflicted)
                    return
                }
                var failures: [CatalogFile.Notice] = []
                let files = CatalogFile.readAll([path]) { notice in
                    if case .waiting(let path) = notice { CatalogFile.waiting(path, command: "import") } else { failures.append(notice) }
                }
                read = Read(path: path, conflicted: nil, catalog: CatalogRead(files: files, failures: failures))
            }
        }

        /// Starts on that file's base (its header read): decoded and parsed, after the
        /// catalog is read where there is one core to spare.
        func parse(_ recorded: RecordedBase) {
            guard job != nil, baseJob == nil, files == jobFile else { return }
            baseJob = Threads.start { [self] in
                guard let bytes = recorded.base?.catalogBytes else { return }
                base = ImportCommand.parsedBase(bytes)
            }
        }

        /// What was read for `path`, waited for; nil when nothing was (then or ever after).
        func take(path: String) -> Read? {
            guard let job else { return nil }
            // The base first: where no core has started it, this one decodes and parses it
            // while the other reads the catalog.
            baseJob?.join()
            job.join()
            defer { (read, base) = (nil, nil) }
            guard var taken = read, taken.path == path else { return nil }
            taken.base = base
            return taken
        }

        /// Waits for the work and drops what it read.
        func drop() {
            job?.join()
            baseJob?.join()
            (read, base) = (nil, nil)
        }
    }

    static func place(_ skipped: XLIFFImport.Skipped, in path: String) -> String {
        "\(path):\(max(skipped.line, 1)):\(max(skipped.column, 1)): warning: \"\(VisibleText.name(skipped.id))\" not imported: \(skipped.reason)\n"
    }

    static func importTwoWay(_ file: XLIFFFile, catalogRead: CatalogRead?, into path: String, source: String) -> ExitStatus {
        guard let catalogFile = (catalogRead ?? .now(path)).file() else { return .error }
        let outcome = XLIFFImport.twoWay(file, into: catalogFile.catalog)
        for skipped in outcome.skipped { Output.err(place(skipped, in: source)) }
        if outcome.taken > 0 {
            guard catalogFile.written(outcome.catalog) else { return .error }
        }
        Output.out("\(path): \(outcome.taken) translation\(outcome.taken == 1 ? "" : "s") imported [\(file.targetLanguage)] (two-way: no recorded base), \(outcome.unchanged) unchanged, \(outcome.skipped.count) skipped\n")
        return outcome.skipped.isEmpty ? .success : .failure
    }

    /// `baseRead` and `catalogRead`: the base parsed and the catalog read already (`Prepared`).
    static func importThreeWay(
        _ file: XLIFFFile, base baseBytes: [UInt8], baseRead: Result<Catalog, JSONError>?, catalogRead: CatalogRead?, into path: String,
        source: String, report: String?, prefer: Side?
    ) -> ExitStatus {
        let base: Catalog
        switch baseRead ?? parsedBase(baseBytes) {
        case .success(let catalog):
            base = catalog
        case .failure(let error):
            Output.err("\(source): error: the base recorded in the file is not a catalog (\(error.message)); import it with --two-way\n")
            return .error
        }
        PhaseTimes.mark("base parsed")
        // Locked from before it is read until it is replaced: a merge or edit meanwhile waits,
        // and a change by anything else is not overwritten.
        guard let catalogFile = (catalogRead ?? .now(path)).file() else { return .error }
        PhaseTimes.mark("catalog read")
        let ours = catalogFile.catalog
        let outcome = XLIFFImport.theirs(file, base: base, current: ours)
        PhaseTimes.mark("translation applied to the base")
        for skipped in outcome.skipped { Output.err(place(skipped, in: source)) }
        for id in outcome.sourceChanged {
            Output.err("\(path): note: \"\(VisibleText.name(id))\" [\(file.targetLanguage)]: its source text changed since the export; imported as needs_review\n")
        }
        let name = ExchangePaths.repositoryPath(of: path)
        let labels = MergeLabels(base: "export", ours: "catalog", theirs: String(source.split(separator: "/").last ?? Substring(source)))
        // The keys the judging already settled, by their place in the catalog.
        var presettled = [LocaleMerge.Settled?](repeating: nil, count: outcome.spliced.isEmpty ? 0 : ours.strings.count)
        for splice in outcome.spliced {
            presettled[splice.position] = LocaleMerge.Settled(entry: splice.entry, baseLocalization: nil, takenLocalization: nil)
        }
        // Conflict ids as `resolve` names them, which know the catalog's path.
        let merged = LocaleMerge.merge(
            base: base, ours: ours, theirs: outcome.catalog, keys: outcome.changedKeys, locale: UTF8Bytes(file.targetLanguage),
            options: MergeOptions(prefer: prefer, file: name), labels: labels,
            presettled: presettled)
        PhaseTimes.mark("merged")
        // Three catalogs of tens of thousands of entries: freed by the process's end (not the
        // file's lock, which a later <file> of the same catalog takes).
        ProcessLifetime.keepUntilExit((base, ours, outcome, presettled, merged))
        let conflicts = merged.report.unresolvedConflicts.count
        // The catalog as it was, for the index's stage 2 should conflicts be left (in a
        // repository: elsewhere they cannot be).
        let place = conflicts > 0 ? ImportConflicts.place(of: path) : nil
        let oursBytes = place != nil ? try? FileBytes.read(path) : nil
        if !outcome.changedKeys.isEmpty {
            do throws(FileError) {
                try catalogFile.write(merged.catalog)
            } catch {
                Output.err("xcstrings-merge import: \(path): \(error.reason)\n")
                return .error
            }
        }
        PhaseTimes.mark("catalog written")
        if let report {
            do throws(FileError) {
                try FileBytes.writeAtomically(MergeReportDocument(merged.report, path: name, labels: labels).bytes, to: report)
            } catch {
                Output.err("xcstrings-merge import: \(report): \(error.reason)\n")
                return .error
            }
        }
        PhaseTimes.mark("report")
        // Conflicts left are put where a merge leaves them, for `resolve`.
        var recorded: ImportConflicts.Outcome = .notRecorded("")
        if conflicts > 0 {
            if let place, let oursBytes {
                recorded = ImportConflicts.record(
                    at: place, base: baseBytes, ours: oursBytes, theirs: outcome.catalog.canonicalBytes(), report: merged.report, labels: labels)
            } else {
                recorded = .notRecorded(place == nil ? ImportConflicts.outsideRepository : "the catalog could not be read before it was written")
            }
        }
        if conflicts > 0 || !merged.report.repairs.isEmpty {
            // The summary's own advice is a merge's; an import's follows it.
            let inIndex: Bool
            if case .recorded = recorded { inIndex = true } else { inIndex = false }
            let summary = merged.report.summary(path: name, labels: labels, width: Terminal.columns, insideRepository: inIndex)
            let kept = summary.split(separator: "\n", omittingEmptySubsequences: false).prefix { !$0.hasPrefix("The output keeps") }.joined(separator: "\n")
            Output.err(kept.hasSuffix("\n") ? kept : kept + "\n")
            switch recorded {
            case .recorded where conflicts > 0:
                Output.err("The catalog keeps its own value of each, marked needs_review, and is in conflict in the index as a merge leaves it: settle them with xcstrings-merge resolve \(ShellQuoting.quoted(path)) (git commit refuses the catalog until then).\n")
            case .notRecorded(let reason) where conflicts > 0:
                Output.err("The catalog keeps its own value of each, marked needs_review; resolve cannot reach them (\(reason)): import again with --prefer theirs (or ours) to settle them all, or edit them (xcstrings-merge set). The report (--report) has both sides.\n")
            default:
                break
            }
        }
        if let report { Output.err("xcstrings-merge import: report written to \(report)\n") }
        Output.out("\(path): \(outcome.taken) translation\(outcome.taken == 1 ? "" : "s") imported [\(file.targetLanguage)] (three-way with the export's base), \(outcome.sourceChanged.count) as needs_review, \(outcome.unchanged) unchanged, \(outcome.skipped.count) skipped, \(conflicts) conflict\(conflicts == 1 ? "" : "s")\n")
        return outcome.skipped.isEmpty && conflicts == 0 ? .success : .failure
    }
}
