#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import CatalogMerge
import GitSupport
import Platform
import StringCatalog

/// `review`: what the driver decided on its own in a catalog's last merge, read from its report,
/// with each side's value read from the merge's commits; shown in the pager, as mergiraf's
/// `review` does.
enum ReviewCommand {
    static let command = Command(
        name: "review",
        summary: "Show what the driver settled on its own in the last merge.",
        help: """
            OVERVIEW: Show each decision the driver made without asking in the last merge of each
            catalog (the report it wrote under the git directory): every auto-resolution and every
            rename it followed, with the base's, ours' and theirs' values. Works during the merge
            and after its commit. In a terminal the text goes through your pager (GIT_PAGER,
            core.pager, PAGER, else less -FRX).

            USAGE: xcstrings-merge review [<catalog> ...]

            ARGUMENTS:
              <catalog>               A catalog the driver merged (default: every one it has a
                                      report for).

            OPTIONS:
              --no-pager              Print, even to a terminal.
              --help, -h              Show this help.

            EXIT STATUS:
              0  shown (or nothing was decided)
              1  no report for a catalog given
              2  not in a repository, or a usage error

            EXAMPLE:
              git merge feature && xcstrings-merge review

            """,
        options: [.init(names: ["--no-pager"], takesValue: false)],
        run: run)

    static func run(_ arguments: [String]) throws(UsageError) -> ExitStatus {
        let parsed = try Arguments(arguments, command: "review", options: command.options)
        let repository: Repository
        do {
            repository = try Repository.open()
        } catch {
            Output.err("xcstrings-merge review: \(error.isNotFound ? "not inside a git repository" : error.message)\n")
            return .error
        }
        guard let workingDirectory = repository.workingDirectory else {
            Output.err("xcstrings-merge review: the repository has no working tree\n")
            return .error
        }
        let reportsFolder = repository.gitDirectory.hasSuffix("/") ? repository.gitDirectory + "xcstrings-merge" : repository.gitDirectory + "/xcstrings-merge"
        var paths: [String]
        var status = ExitStatus.success
        if parsed.positionals.isEmpty {
            paths = reportPaths(under: reportsFolder, prefix: "")
        } else {
            let prefix = ResolveSession.currentPrefix(workingDirectory: workingDirectory)
            paths = parsed.positionals.map { ResolveSession.repositoryPath($0, prefix: prefix, workingDirectory: workingDirectory) }
        }
        var text = ""
        for path in paths {
            guard let bytes = try? FileBytes.read(reportsFolder + "/" + ReportLocation.safeComponents(path).joined(separator: "/") + ".json"),
                let report = try? JSONReader.parse(bytes).object
            else {
                Output.err("xcstrings-merge review: \(path): no merge report (the driver has not merged it here)\n")
                status = .failure
                continue
            }
            text += describe(report, path: path, repository: repository, width: Terminal.columns)
        }
        if paths.isEmpty { text = "No merge reports: the driver has not merged a catalog in this repository yet.\n" }
        show(text, pager: !parsed.flag("--no-pager"), repository: repository)
        return status
    }

    /// The repository paths that have a report below `folder` (`App/L.xcstrings` for
    /// `App/L.xcstrings.json`).
    static func reportPaths(under folder: String, prefix: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var paths: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            let full = folder + "/" + name
            if FileBytes.isDirectory(full) {
                paths += reportPaths(under: full, prefix: prefix + name + "/")
            } else if name.hasSuffix(".xcstrings.json") {
                paths.append(prefix + String(name.dropLast(5)))
            }
        }
        return paths.sorted()
    }

    /// The three catalogs of the merge a report is of: base, ours and theirs, read from the
    /// commits (ours is the report's HEAD; theirs is MERGE_HEAD, or the second parent once the
    /// merge is committed). Nil for a side that cannot be found.
    static func sides(_ report: JSONObject, path: String, repository: Repository) -> [Catalog?] {
        guard let head = report["merge"]?.object?["head"]?.stringValue?.string, let ours = try? repository.commit(head) else {
            return [nil, nil, nil]
        }
        var theirs = report["merge"]?.object?["theirs"]?.stringValue.flatMap { try? repository.commit($0.string) }
        if theirs == nil { theirs = try? repository.commit("MERGE_HEAD") }
        if theirs == nil, let first = try? repository.commit("HEAD^1"), first == ours { theirs = try? repository.commit("HEAD^2") }
        func catalog(_ commit: ObjectID?) -> Catalog? {
            guard let commit, let bytes = (try? repository.file(path, in: commit)) ?? nil else { return nil }
            return try? Catalog(bytes: bytes, checkingShape: false, requiringCatalogShape: false)
        }
        let base = theirs.flatMap { try? repository.mergeBase(ours, $0) }
        return [catalog(base), catalog(ours), catalog(theirs)]
    }

    static func describe(_ report: JSONObject, path: String, repository: Repository, width: Int) -> String {
        let labels = report["labels"]?.object
        let names = MergeLabels(
            base: labels?["base"]?.stringValue?.string, ours: labels?["ours"]?.stringValue?.string,
            theirs: labels?["theirs"]?.stringValue?.string)
        let decisions: [JSONObject]
        if case .array(let items)? = report["autoResolved"] { decisions = items.compactMap(\.object) } else { decisions = [] }
        var text = "\(path): \(decisions.count) decision\(decisions.count == 1 ? "" : "s") made without asking"
        text += " (\(names.name(.ours)) and \(names.name(.theirs)))\n"
        // What a side removed while the other left it: no conflict, so said here.
        for line in MergeReport.removalLines(removals(in: report), labels: names, examples: 10) {
            for wrapped in ConflictDiff.wrap(line, firstPrefix: "  ", width: width) { text += wrapped + "\n" }
        }
        guard !decisions.isEmpty else { return text + "\n" }
        let catalogs = sides(report, path: path, repository: repository)
        let sideNames = [Side.base, .ours, .theirs].map { names.name($0) }
        let nameWidth = sideNames.map(\.count).max()! + 2
        for decision in decisions {
            let key = decision["key"]?.stringValue
            let locale = decision["locale"]?.stringValue
            var componentPath: [UTF8Bytes] = []
            if case .array(let items)? = decision["path"] { componentPath = items.compactMap(\.stringValue) }
            let location = MergeLocation(key: key, locale: locale, path: componentPath)
            let rule = decision["rule"]?.stringValue?.string ?? "?"
            let chosen = decision["chosen"]?.stringValue?.string ?? "?"
            let from = decision["from"]?.stringValue
            var heading = "  \(location.description): \(rule)"
            if let from { heading += ", from \"\(from)\"" + (decision["renamedBy"]?.stringValue.map { " (renamed by \($0))" } ?? "") }
            heading += chosen == "combined" ? ", both sides combined" : ", took \(Side(rawValue: chosen).map { names.name($0) } ?? chosen)"
            text += heading + "\n"
            for (index, side) in [Side.base, .ours, .theirs].enumerated() {
                guard let catalog = catalogs[index] else { continue }
                // Before a rename the side that did not rename still has the old key.
                let renamedHere = decision["renamedBy"]?.stringValue?.string
                let oldKeyHere = from != nil && (side == .base || (renamedHere != "both" && renamedHere != side.rawValue))
                let value = node(in: catalog, key: oldKeyHere ? from : key, locale: locale, path: componentPath)
                let prefix = "      " + (sideNames[index] + ":").padding(nameWidth)
                for line in ConflictDiff.wrap(InteractivePrompt.display(value), firstPrefix: prefix, width: width) { text += line + "\n" }
            }
            // What the output dropped, from the report itself: recoverable even when the sides'
            // commits are gone.
            if let discarded = decision["discarded"]?.object, let value = discarded["value"] {
                let side = discarded["side"]?.stringValue.flatMap { Side(rawValue: $0.string) }.map { names.name($0) } ?? "the other side"
                let prefix = "      " + "dropped:".padding(nameWidth)
                for line in ConflictDiff.wrap("\(side)'s " + InteractivePrompt.display(value), firstPrefix: prefix, width: width) { text += line + "\n" }
            }
        }
        return text + "\n"
    }

    /// The report's `removed` list (a report from before it had one: none).
    static func removals(in report: JSONObject) -> [Removal] {
        guard case .array(let items)? = report["removed"] else { return [] }
        return items.compactMap { item in
            guard let removal = item.object, let side = removal["side"]?.stringValue.flatMap({ Side(rawValue: $0.string) }),
                let scope = removal["scope"]?.stringValue.flatMap({ Removal.Scope(rawValue: $0.string) })
            else { return nil }
            var path: [UTF8Bytes] = []
            if case .array(let components)? = removal["path"] { path = components.compactMap(\.stringValue) }
            let location = MergeLocation(key: removal["key"]?.stringValue, locale: removal["locale"]?.stringValue, path: path)
            return Removal(side: side, scope: scope, location: location, value: removal["value"])
        }
    }

    static func node(in catalog: Catalog, key: UTF8Bytes?, locale: UTF8Bytes?, path: [UTF8Bytes]) -> JSONValue? {
        guard let key else {
            var node: JSONValue? = .object(catalog.root)
            for component in path { node = node?.object?[key: component] }
            return node
        }
        return UnresolvedConflicts.node(in: catalog.strings[key: key], locale: locale, path: path)
    }

    /// Prints `text`, through the pager when standard output is a terminal, as git does.
    static func show(_ text: String, pager usePager: Bool, repository: Repository) {
        guard usePager, Output.standardOutputIsTerminal else {
            Output.out(text)
            return
        }
        let configured = ProcessEnvironment.value("GIT_PAGER") ?? ((try? repository.config().string("core.pager")) ?? nil)
            ?? ProcessEnvironment.value("PAGER") ?? "less"
        guard !configured.isEmpty, configured != "cat" else {
            Output.out(text)
            return
        }
        var template = Array("\(ProcessEnvironment.temporaryDirectory)/xcstrings-merge-review-XXXXXX".utf8CString)
        let (fd, made) = TemporaryFiles.creating {
            let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
            return (fd, fd >= 0 ? String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil)
        }
        guard fd >= 0, let file = made else {
            Output.out(text)
            return
        }
        defer {
            unlink(file)
            TemporaryFiles.unregister(file)
        }
        var bytes = Array(VisibleText.escaping(text).utf8)
        _ = bytes.withUnsafeMutableBytes { FileDescriptors.writeAll(fd, UnsafeRawBufferPointer($0)) }
        close(fd)
        // less as git runs it: quit if one screen, keep colours, do not clear the screen.
        setenv("LESS", "FRX", 0)
        if ChildProcesses.runAttached(["/bin/sh", "-c", configured + " < \"$1\"", configured, file]) != 0 {
            Output.out(text)
        }
    }
}
