import CatalogMerge
import GitSupport
import XcstringsMergePlatform
import StringCatalog

/// A conflict of a driver's report that the catalog still holds as the merge left it.
struct UnsettledConflict {
    var conflict: JSONObject
    var key: UTF8Bytes
    var locale: UTF8Bytes?
    var path: [UTF8Bytes]
    /// Where the conflict's entry starts in the catalog's bytes.
    var offset: Int
}

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
    /// The parents of HEAD when it is a merge commit that `resolve` and `review` may still find
    /// unsettled conflicts in (a `git commit --no-verify` skipped the hook): a report of that
    /// merge belongs to it. Nil for `check`: its hook must not stop every later commit.
    var committedMerge: (ours: String, theirs: String)? = nil

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

    /// The file of the driver's report for `path`.
    func reportFile(for path: String) -> String {
        var file = gitDirectory + "/xcstrings-merge"
        for component in ReportLocation.safeComponents(path) { file += "/" + component }
        return file + ".json"
    }

    /// The report the driver wrote for `path`, when it belongs to the merge now in progress (or
    /// to `committedMerge`).
    func report(for path: String) -> JSONObject? {
        guard let bytes = try? FileBytes.read(reportFile(for: path)), let report = try? JSONReader.parse(bytes).object,
            let merge = report["merge"]?.object, let head = merge["head"]?.stringValue?.string
        else { return nil }
        if head == GitDirectory.headCommit(gitDirectory: gitDirectory) { return report }
        if let committedMerge, head == committedMerge.ours, merge["theirs"]?.stringValue?.string ?? committedMerge.theirs == committedMerge.theirs {
            return report
        }
        return nil
    }

    /// The conflicts of `report` that `catalog` still holds as the merge left them: nobody has
    /// settled them, in Xcode, by hand or with `resolve`.
    static func unsettled(in report: JSONObject, catalog: Catalog) -> [UnsettledConflict] {
        guard let conflicts = array(report["conflicts"]) else { return [] }
        var entries: [UTF8Bytes: JSONMember] = [:]
        for member in catalog.strings.members { entries[member.key] = member }
        var found: [UnsettledConflict] = []
        for case .object(let conflict) in conflicts where conflict["resolved"] != .bool(true) {
            guard let key = conflict["key"]?.stringValue, let keptSide = conflict["kept"]?.stringValue?.string,
                let kept = conflict[keptSideName(keptSide)], kept != .null
            else { continue }
            let locale = conflict["locale"]?.stringValue
            let path = array(conflict["path"])?.compactMap(\.stringValue) ?? []
            let entry = entries[key]
            guard let current = node(in: entry?.value, locale: locale, path: path), isAsTheMergeLeftIt(current, kept: kept) else { continue }
            found.append(UnsettledConflict(conflict: conflict, key: key, locale: locale, path: path, offset: max(entry?.offset ?? 0, 0)))
        }
        return found
    }

    /// One error for each conflict of the report for `path` that `bytes` still hold as the
    /// merge left it, placed at its key.
    func findings(path: String, bytes: [UInt8]) -> [CheckFinding] {
        guard let report = report(for: path), let conflicts = Self.array(report["conflicts"]), !conflicts.isEmpty,
            let catalog = try? Catalog(bytes: bytes, for: .anyObject)
        else { return [] }
        let labels = ReportLabels.inProgress(report, state: MergeState.read(gitDirectory: gitDirectory, environment: ProcessEnvironment.variables))
        let command = "xcstrings-merge resolve " + ShellQuoting.quoted(path)
        var findings: [CheckFinding] = []
        for unsettled in Self.unsettled(in: report, catalog: catalog) {
            let conflict = unsettled.conflict
            let place = "\"\(VisibleText.name(unsettled.key.string))\"" + (unsettled.locale.map { " [\(VisibleText.name($0.string))]" } ?? "")
                + (unsettled.path.isEmpty || unsettled.path.map(\.string) == ["stringUnit"] ? "" : " " + VisibleText.name(unsettled.path.map(\.string).joined(separator: "/")))
            findings.append(CheckFinding(
                severity: .error, line: unsettled.offset, column: 0,
                message: "unresolved merge conflict: \(place): \(labels.name(.ours)) \(MergeReport.shortText(conflict["ours"].flatMap { $0 == .null ? nil : $0 })) / "
                    + "\(labels.name(.theirs)) \(MergeReport.shortText(conflict["theirs"].flatMap { $0 == .null ? nil : $0 })); run \(command)"))
        }
        // Each placed at its key, all in one pass over the file.
        let order = findings.indices.sorted { findings[$0].line < findings[$1].line }
        let located = LineLocator.locations(of: order.map { findings[$0].line }, in: bytes)
        for (position, index) in order.enumerated() { (findings[index].line, findings[index].column) = located[position] }
        return order.map { findings[$0] }
    }

    /// Records in the report for `path` that `resolve` settled the conflicts `ids`: a choice that
    /// keeps what the merge left there (ours' structure, say) is then not taken for no choice.
    func markSettled(path: String, ids: Set<String>) {
        guard !ids.isEmpty, let report = report(for: path), let conflicts = Self.array(report["conflicts"]) else { return }
        var changed = report
        changed[key: "conflicts"] = .array(conflicts.map { item in
            guard var conflict = item.object, let id = conflict["id"]?.stringValue?.string, ids.contains(id) else { return item }
            conflict[key: "resolved"] = .bool(true)
            return .object(conflict)
        })
        try? FileBytes.writeAtomically(XcodeWriter.reportBytes(of: .object(changed)), to: reportFile(for: path))
    }

    /// Base, ours and theirs of a catalog whose conflicted merge was staged (`git add`) before
    /// anyone settled it: the staged catalog with each unsettled conflict's place set to that
    /// side's value from the report. Merging them again gives those conflicts, with the ids the
    /// report has, so `resolve` works on them as on an index conflict. Nil when none is left.
    func sides(path: String, catalog: Catalog) -> [Catalog]? {
        guard let report = report(for: path) else { return nil }
        let unsettled = Self.unsettled(in: report, catalog: catalog)
        guard !unsettled.isEmpty else { return nil }
        return ["base", "ours", "theirs"].map { (side: StaticString) in
            var root = JSONValue.object(catalog.root)
            for place in unsettled {
                let value = place.conflict[side].flatMap { $0 == .null ? nil : $0 }
                let components = ["strings", place.key] + (place.locale.map { ["localizations", $0] } ?? []) + place.path
                root = Self.setting(value, in: root, along: components[...]) ?? root
            }
            return Catalog(root: root.object ?? catalog.root)
        }
    }

    /// `node` with the member at `components` set to `value` (removed when nil).
    static func setting(_ value: JSONValue?, in node: JSONValue?, along components: ArraySlice<UTF8Bytes>) -> JSONValue? {
        guard let first = components.first else { return value }
        var object = node?.materialized.object ?? JSONObject()
        object[key: first] = setting(value, in: object[key: first], along: components.dropFirst())
        return .object(object)
    }

    static func array(_ value: JSONValue?) -> [JSONValue]? {
        if case .array(let items)? = value { return items }
        return nil
    }

    static func keptSideName(_ side: String) -> StaticString {
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
