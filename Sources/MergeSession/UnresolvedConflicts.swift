import CatalogMerge
import GitSupport
import XcstringsMergePlatform
import StringCatalog

/// The catalog's member names, each spelled once in `CatalogSchema`.
typealias Name = CatalogSchema.Name

/// A conflict of a driver's report that the catalog still holds as the merge left it.
public struct UnsettledConflict: Sendable {
    public var conflict: MergeReportDocument.Conflict
    /// Where the conflict's entry starts in the catalog's bytes.
    public var offset: Int
    /// Its line and column there, once located (`UnresolvedConflicts.located`).
    public var line = 0
    public var column = 0

    public var location: MergeLocation { conflict.location }
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
public struct UnresolvedConflicts: Sendable {
    public let store: ReportStore
    let workingTree: String?
    /// The parents of HEAD when it is a merge commit that `resolve` and `review` may still find
    /// unsettled conflicts in (a `git commit --no-verify` skipped the hook): a report of that
    /// merge belongs to it. Nil for `check`: its hook must not stop every later commit.
    var committedMerge: (ours: String, theirs: String)? = nil

    public init(gitDirectory: String, workingTree: String?, committedMerge: (ours: String, theirs: String)? = nil) {
        store = ReportStore(gitDirectory: gitDirectory)
        self.workingTree = workingTree
        self.committedMerge = committedMerge
    }

    var gitDirectory: String { store.gitDirectory }

    /// The repository around the current directory, when it has reports of a merge still in
    /// progress; nil (at the cost of a few `stat`s) in every other case.
    public static func current() -> UnresolvedConflicts? {
        guard let gitDirectory = GitDirectory.discover(environment: ProcessEnvironment.variables),
            ReportStore(gitDirectory: gitDirectory).exists,
            GitDirectory.operationInProgress(gitDirectory: gitDirectory)
        else { return nil }
        return UnresolvedConflicts(gitDirectory: gitDirectory, workingTree: GitDirectory.workingTree(of: gitDirectory))
    }

    /// The path of `file` inside the working tree, when it is inside it.
    public func repositoryPath(of file: String) -> String? {
        guard let workingTree, let root = FilePaths.resolved(workingTree) else { return nil }
        let folder = FileBytes.parentDirectory(of: file)
        guard let resolvedFolder = FilePaths.resolved(folder.isEmpty ? "." : folder) else { return nil }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        let full = resolvedFolder + "/" + name
        return full.hasPrefix(root + "/") ? String(full.dropFirst(root.count + 1)) : nil
    }

    /// The report the driver wrote for `path`, when it belongs to the merge now in progress (or
    /// to `committedMerge`); a report this tool cannot read (a newer format's) is an error, since
    /// whether its conflicts are settled cannot be told.
    public func report(for path: String) throws(MergeReportDocument.ReadError) -> MergeReportDocument? {
        guard let found = store.report(path) else { return nil }
        let report = try found.get()
        guard let head = report.merge?.head else { return nil }
        if head == GitDirectory.headCommit(gitDirectory: gitDirectory) { return report }
        if let committedMerge, head == committedMerge.ours, report.merge?.theirs ?? committedMerge.theirs == committedMerge.theirs {
            return report
        }
        return nil
    }

    /// The conflicts of `report` that `catalog` still holds as the merge left them: nobody has
    /// settled them, in Xcode, by hand or with `resolve`.
    public static func unsettled(in report: MergeReportDocument, catalog: Catalog) -> [UnsettledConflict] {
        guard !report.conflicts.isEmpty else { return [] }
        var entries: [UTF8Bytes: JSONMember] = [:]
        for member in catalog.strings.members { entries[member.key] = member }
        var found: [UnsettledConflict] = []
        for conflict in report.unresolvedConflicts {
            guard let key = conflict.location.key, let kept = conflict.keptValue else { continue }
            let entry = entries[key]
            guard let current = node(in: entry?.value, locale: conflict.location.locale, path: conflict.location.path),
                isAsTheMergeLeftIt(current, kept: kept)
            else { continue }
            found.append(UnsettledConflict(conflict: conflict, offset: max(entry?.offset ?? 0, 0)))
        }
        return found
    }

    /// The conflicts of the report for `path` that `bytes` still hold as the merge left them,
    /// each located at its key (all in one pass over the file), in the file's order.
    public func unsettled(path: String, bytes: [UInt8]) throws(MergeReportDocument.ReadError) -> [UnsettledConflict] {
        guard let report = try report(for: path) else { return [] }
        return Self.unsettled(in: report, bytes: bytes)
    }

    /// `unsettled(path:bytes:)` with the report already read.
    public static func unsettled(in report: MergeReportDocument, bytes: [UInt8]) -> [UnsettledConflict] {
        guard !report.conflicts.isEmpty, let catalog = try? Catalog(bytes: bytes, for: .anyObject) else { return [] }
        var found = unsettled(in: report, catalog: catalog)
        let order = found.indices.sorted { found[$0].offset < found[$1].offset }
        let located = LineLocator.locations(of: order.map { found[$0].offset }, in: bytes)
        for (position, index) in order.enumerated() { (found[index].line, found[index].column) = located[position] }
        return order.map { found[$0] }
    }

    /// The side names of the report for `path`, as the merge in progress names them.
    public func labels(of report: MergeReportDocument) -> MergeLabels {
        ReportLabels.inProgress(report, state: MergeState.read(gitDirectory: gitDirectory, environment: ProcessEnvironment.variables))
    }

    /// Records in the report for `path` that `resolve` settled the conflicts `ids`: a choice that
    /// keeps what the merge left there (ours' structure, say) is then not taken for no choice.
    public func markSettled(path: String, ids: Set<String>) {
        guard !ids.isEmpty, var report = try? report(for: path), !report.conflicts.isEmpty else { return }
        for index in report.conflicts.indices where ids.contains(report.conflicts[index].id) { report.conflicts[index].resolved = true }
        try? FileBytes.writeAtomically(report.bytes, to: store.file(path, .report))
    }

    /// Base, ours and theirs of a catalog whose conflicted merge was staged (`git add`) before
    /// anyone settled it: the staged catalog with each unsettled conflict's place set to that
    /// side's value from the report. Merging them again gives those conflicts, with the ids the
    /// report has, so `resolve` works on them as on an index conflict. Nil when none is left.
    public func sides(path: String, catalog: Catalog) -> [Catalog]? {
        guard let report = try? report(for: path) else { return nil }
        let unsettled = Self.unsettled(in: report, catalog: catalog)
        guard !unsettled.isEmpty else { return nil }
        return [Side.base, .ours, .theirs].map { side in
            var root = JSONValue.object(catalog.root)
            for place in unsettled {
                let location = place.location
                let components = [UTF8Bytes(Name.strings), location.key ?? ""] + (location.locale.map { [UTF8Bytes(Name.localizations), $0] } ?? []) + location.path
                root = Self.setting(place.conflict.value(side), in: root, along: components[...]) ?? root
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

    /// The node at `locale` and `path` below an entry (the entry itself without them).
    public static func node(in entry: JSONValue?, locale: UTF8Bytes?, path: [UTF8Bytes]) -> JSONValue? {
        guard var node = entry?.materialized else { return nil }
        if let locale {
            guard let next = node.object?[Name.localizations]?.object?[key: locale] else { return nil }
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
    public static func isAsTheMergeLeftIt(_ current: JSONValue, kept: JSONValue) -> Bool {
        let kept = kept.materialized
        if let keptUnit = kept.object, let keptValue = keptUnit[Name.value], keptUnit[Name.state] != nil {
            guard let unit = current.object else { return false }
            return unit[Name.value] == keptValue && unit[Name.state]?.stringValue?.equals(UnitState.needsReview.name) == true
        }
        return current == kept
    }
}
