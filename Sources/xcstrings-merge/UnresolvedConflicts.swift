import CatalogMerge
import GitSupport
import Platform
import StringCatalog

/// The conflicts a merge left in a catalog that nobody has settled yet.
///
/// A conflicted merge leaves a valid catalog: ours' value marked `needs_review`, theirs' only in
/// the report. Nothing in the file stops `git add && git commit`, and theirs' translation would be
/// lost from the history, so `check` reads the driver's report for each catalog while the merge
/// it belongs to is in progress (the report's `merge.head` is still HEAD and git still keeps a
/// merge, rebase, cherry-pick or revert state: when a pre-commit hook runs) and fails on every
/// conflict whose place still holds what the merge left there. One that a person settled, in
/// Xcode or with `resolve`, changed that value or its state and is not reported.
struct UnresolvedConflicts {
    let gitDirectory: String
    let workingTree: String?

    /// The repository around the current directory, when it has reports of a merge still in
    /// progress; nil (at the cost of a few `stat`s) in every other case.
    static func current() -> UnresolvedConflicts? {
        guard let gitDirectory = GitDirectory.discover(environment: ProcessEnvironment.variables),
            FileBytes.isDirectory(gitDirectory + "/xcstrings-merge"),
            GitDirectory.operationInProgress(gitDirectory: gitDirectory)
        else { return nil }
        return UnresolvedConflicts(gitDirectory: gitDirectory, workingTree: GitDirectory.workingTree(of: gitDirectory))
    }

    /// The path of `file` inside the working tree, when it is inside it.
    func repositoryPath(of file: String) -> String? {
        guard let workingTree, let root = FilePaths.resolved(workingTree) else { return nil }
        let folder = FileBytes.parentDirectory(of: file)
        guard let resolvedFolder = FilePaths.resolved(folder.isEmpty ? "." : folder) else { return nil }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let full = resolvedFolder + "/" + name
        return full.hasPrefix(root + "/") ? String(full.dropFirst(root.count + 1)) : nil
    }

    /// The report the driver wrote for `path`, when it belongs to the merge now in progress.
    func report(for path: String) -> JSONObject? {
        var file = gitDirectory + "/xcstrings-merge"
        for component in ReportLocation.safeComponents(path) { file += "/" + component }
        guard let bytes = try? FileBytes.read(file + ".json"), let report = try? JSONReader.parse(bytes).object,
            let head = report["merge"]?.object?["head"]?.stringValue?.string,
            head == GitDirectory.headCommit(gitDirectory: gitDirectory)
        else { return nil }
        return report
    }

    /// One error for each conflict of the report for `path` that `bytes` still hold as the
    /// merge left it, placed at its key.
    func findings(path: String, bytes: [UInt8]) -> [CheckFinding] {
        guard let report = report(for: path), let conflicts = Self.array(report["conflicts"]), !conflicts.isEmpty,
            let catalog = try? Catalog(bytes: bytes, checkingShape: false, requiringCatalogShape: false)
        else { return [] }
        let labels = report["labels"]?.object
        func side(_ name: StaticString, _ label: StaticString) -> String {
            labels?[label]?.stringValue.map { "\(name) (\($0.string))" } ?? "\(name)"
        }
        var entries: [UTF8Bytes: JSONMember] = [:]
        for member in catalog.strings.members { entries[member.key] = member }
        // The offset of each one's key, in `line` until all are located.
        var findings: [CheckFinding] = []
        for case .object(let conflict) in conflicts where conflict["resolved"] != .bool(true) {
            guard let key = conflict["key"]?.stringValue, let keptSide = conflict["kept"]?.stringValue?.string,
                let kept = conflict[keptSideName(keptSide)], kept != .null
            else { continue }
            let locale = conflict["locale"]?.stringValue
            let path = Self.array(conflict["path"])?.compactMap(\.stringValue) ?? []
            let entry = entries[key]
            guard let current = Self.node(in: entry?.value, locale: locale, path: path), Self.isAsTheMergeLeftIt(current, kept: kept) else { continue }
            let offset = max(entry?.offset ?? 0, 0)
            let place = "\"\(key.string)\"" + (locale.map { " [\($0.string)]" } ?? "")
                + (path.isEmpty || path.map(\.string) == ["stringUnit"] ? "" : " " + path.map(\.string).joined(separator: "/"))
            findings.append(CheckFinding(
                severity: .error, line: offset, column: 0,
                message: "unresolved merge conflict: \(place): \(side("ours", "ours")) \(MergeReport.shortText(conflict["ours"].flatMap { $0 == .null ? nil : $0 })) / "
                    + "\(side("theirs", "theirs")) \(MergeReport.shortText(conflict["theirs"].flatMap { $0 == .null ? nil : $0 })); run xcstrings-merge resolve"))
        }
        // Each placed at its key, all in one pass over the file.
        let order = findings.indices.sorted { findings[$0].line < findings[$1].line }
        let located = LineLocator.locations(of: order.map { findings[$0].line }, in: bytes)
        for (position, index) in order.enumerated() { (findings[index].line, findings[index].column) = located[position] }
        return order.map { findings[$0] }
    }

    static func array(_ value: JSONValue?) -> [JSONValue]? {
        if case .array(let items)? = value { return items }
        return nil
    }

    func keptSideName(_ side: String) -> StaticString {
        switch side {
        case "theirs": return "theirs"
        case "base": return "base"
        default: return "ours"
        }
    }

    /// The node at `locale` and `path` below an entry (the entry itself without them).
    static func node(in entry: JSONValue?, locale: UTF8Bytes?, path: [UTF8Bytes]) -> JSONValue? {
        guard var node = entry?.materialized else { return nil }
        if let locale {
            guard let next = node.object?["localizations"]?.object?[key: locale] else { return nil }
            node = next.materialized
        }
        for component in path {
            guard let next = node.object?[key: component] else { return nil }
            node = next.materialized
        }
        return node
    }

    /// A string unit is as the merge left it while it holds the kept value marked
    /// `needs_review`; anything else while it equals the kept side's version.
    static func isAsTheMergeLeftIt(_ current: JSONValue, kept: JSONValue) -> Bool {
        let kept = kept.materialized
        if let keptUnit = kept.object, let keptValue = keptUnit["value"], keptUnit["state"] != nil {
            guard let unit = current.object else { return false }
            return unit["value"] == keptValue && unit["state"]?.stringValue?.equals("needs_review") == true
        }
        return current == kept
    }
}
