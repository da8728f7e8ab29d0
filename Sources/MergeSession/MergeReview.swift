import CatalogMerge
import GitSupport
import StringCatalog
import XcstringsMergePlatform

/// What `review` shows: the reports of one merge, each decision the driver made without asking
/// with the three values it chose between, read from the merge's commits.
public enum MergeReview {
    /// Which merge the reports must be of: the commit ours was (a report's `merge.head`), and
    /// theirs' when known.
    public struct Target: Sendable {
        public var head: String
        public var theirs: String?
        public var description: String
        /// The merge commit, once the merge is committed (nil while it is in progress).
        public var commit: ObjectID? = nil
        /// The sides are the index's stages, not commits: conflicts with no operation in
        /// progress (an import's, a `git stash pop`'s).
        public var fromIndex = false

        public func matches(_ report: MergeReportDocument) -> Bool {
            guard let merge = report.merge, merge.head == head else { return false }
            guard let theirs, let recorded = merge.theirs else { return true }
            return recorded == theirs
        }
    }


    /// What stopped one catalog's review.
    public enum Problem: Sendable {
        /// Its report cannot be read (a newer format's): said, never skipped.
        case unreadable(path: String, message: String)
        /// A catalog named has no report of this merge (the driver keeps each catalog's latest
        /// and the `xcstrings-merge.reports` before it).
        case noReport(path: String)
    }

    /// The reports of `target` among `paths` (every report the store holds when `named` is
    /// false), each with the conflicts its result still holds as the merge left them: in the
    /// merge commit once committed, else in the working file.
    public static func reports(
        of target: Target, paths: [String], named: Bool, repository: Repository, workingDirectory: String
    ) -> (reviewed: [Reviewed], problems: [Problem]) {
        let store = ReportStore(gitDirectory: repository.gitDirectory)
        var reviewed: [Reviewed] = []
        var problems: [Problem] = []
        for path in paths {
            let report: MergeReportDocument
            // The latest report, else an earlier one of this merge.
            var found = store.report(path)
            if case .success(let latest)? = found, !target.matches(latest) {
                found = store.earlierReports(path).first { if case .success(let read) = $0 { return target.matches(read) } else { return false } }
            }
            switch found {
            case .success(let read)? where target.matches(read):
                report = read
            case .failure(let error)?:
                problems.append(.unreadable(path: path, message: error.message))
                continue
            default:
                // Every report is of some merge; only a catalog named must have one of this merge.
                if named { problems.append(.noReport(path: path)) }
                continue
            }
            let names = target.commit.map { ReportLabels.committed(report, message: repository.message(of: $0)) }
                ?? ReportLabels.inProgress(report, state: MergeState.read(gitDirectory: repository.gitDirectory, environment: ProcessEnvironment.variables))
            var one = Reviewed(report: report, path: path, names: names, repository: repository, fromIndex: target.fromIndex)
            let result = target.commit.map { (try? repository.file(path, in: $0)) ?? nil } ?? (try? FileBytes.read(workingDirectory + path))
            if let result, let catalog = try? Catalog(bytes: result, for: .anyObject) {
                one.unsettled = UnresolvedConflicts.unsettled(in: report, catalog: catalog)
                one.committed = target.commit != nil
            }
            reviewed.append(one)
        }
        return (reviewed, problems)
    }

    /// The merge to review: `named`'s, else the one in progress, else HEAD's.
    public static func target(_ named: String?, repository: Repository) -> Target? {
        if let named {
            guard let commit = try? repository.commit(named) else { return nil }
            guard let first = try? repository.commit(commit.description + "^1") else {
                return Target(head: "", theirs: nil, description: "\(named) (a commit without parents)")
            }
            let second = try? repository.commit(commit.description + "^2")
            return Target(head: first.description, theirs: second?.description, description: named, commit: commit)
        }
        if GitDirectory.operationInProgress(gitDirectory: repository.gitDirectory), let head = try? repository.commit("HEAD") {
            let theirs = try? repository.commit("MERGE_HEAD")
            return Target(head: head.description, theirs: theirs?.description, description: "the merge in progress")
        }
        guard let head = try? repository.commit("HEAD") else { return nil }
        // Conflicts in the index with no operation in progress (an import left them, or git
        // stash pop), whose reports were written on this HEAD.
        if let index = try? repository.index(), (try? index.reload()) != nil, let conflicts = try? index.conflicts() {
            let store = ReportStore(gitDirectory: repository.gitDirectory)
            let reported = conflicts.contains { conflict in
                if case .success(let report)? = store.report(conflict.path), report.merge?.head == head.description { return true }
                return false
            }
            if reported { return Target(head: head.description, theirs: nil, description: "the conflicts in the index", fromIndex: true) }
        }
        guard let first = try? repository.commit("HEAD^1") else {
            return Target(head: "", theirs: nil, description: "HEAD (a commit without parents)")
        }
        let second = try? repository.commit("HEAD^2")
        return Target(head: first.description, theirs: second?.description, description: "HEAD (\(String(head.description.prefix(7))))", commit: head)
    }

    /// The three catalogs of the merge a report is of: base, ours and theirs, read from the
    /// commits (ours is the report's HEAD; theirs is MERGE_HEAD, or the second parent once the
    /// merge is committed). Nil for a side that cannot be found.
    static func sides(_ report: MergeReportDocument, path: String, repository: Repository, fromIndex: Bool = false) -> [Catalog?] {
        if fromIndex {
            // Stages 1, 2 and 3 of the path.
            let conflict = (try? repository.index()).flatMap { index in (try? index.conflicts())?.first { $0.path == path } }
            return [conflict?.ancestor, conflict?.ours, conflict?.theirs].map { entry in
                entry.flatMap { try? repository.blob($0.id) }.flatMap { try? Catalog(bytes: $0, for: .anyObject) }
            }
        }
        guard let head = report.merge?.head, let ours = try? repository.commit(head) else {
            return [nil, nil, nil]
        }
        var theirs = report.merge?.theirs.flatMap { try? repository.commit($0) }
        if theirs == nil { theirs = try? repository.commit("MERGE_HEAD") }
        if theirs == nil, let first = try? repository.commit("HEAD^1"), first == ours { theirs = try? repository.commit("HEAD^2") }
        func catalog(_ commit: ObjectID?) -> Catalog? {
            guard let commit, let bytes = (try? repository.file(path, in: commit)) ?? nil else { return nil }
            return try? Catalog(bytes: bytes, for: .anyObject)
        }
        let base = theirs.flatMap { try? repository.mergeBase(ours, $0) }
        return [catalog(base), catalog(ours), catalog(theirs)]
    }

    /// One catalog's report of the merge, with each decision's three values read from the
    /// merge's commits.
    public struct Reviewed: Sendable {
        public struct Decision: Sendable {
            public var resolution: AutoResolution
            /// As the report writes it, for `--format json`.
            public var fields: JSONObject
            public var location: MergeLocation
            /// Base's, ours' and theirs' values there (nil: absent, or the commit is gone).
            public var values: [JSONValue?]
        }

        public var path: String
        public var report: MergeReportDocument
        /// The report as it writes itself.
        public var document: JSONObject
        public var names: MergeLabels
        public var decisions: [Decision] = []
        public var removals: [Removal]
        /// The merge's conflicts its result still holds as the merge left them.
        public var unsettled: [UnsettledConflict] = []
        /// Whether that result is a commit (else the working file).
        public var committed = false

        init(report: MergeReportDocument, path: String, names: MergeLabels, repository: Repository, fromIndex: Bool = false) {
            self.path = path
            self.report = report
            self.names = names
            document = report.json
            removals = report.removed
            var fields: [JSONObject] = []
            if case .array(let items)? = document["autoResolved"] { fields = items.compactMap(\.object) }
            guard !fields.isEmpty else { return }
            let catalogs = MergeReview.sides(report, path: path, repository: repository, fromIndex: fromIndex)
            for (resolution, decision) in zip(report.autoResolved, fields) {
                let location = resolution.location
                let componentPath = location.path
                let from = resolution.from
                var values: [JSONValue?] = []
                for (index, side) in [Side.base, .ours, .theirs].enumerated() {
                    guard let catalog = catalogs[index] else {
                        values.append(nil)
                        continue
                    }
                    // Before a rename the side that did not rename still has the old key.
                    let renamedHere = resolution.renamedBy
                    let oldKeyHere = from != nil && (side == .base || (renamedHere != "both" && renamedHere != side.rawValue))
                    values.append(MergeReview.node(in: catalog, key: oldKeyHere ? from : location.key, locale: location.locale, path: componentPath))
                }
                decisions.append(Decision(resolution: resolution, fields: decision, location: location, values: values))
            }
        }

        public var json: JSONValue {
            var members = [
                JSONMember(key: "path", value: .string(UTF8Bytes(path))),
                JSONMember(key: "labels", value: document["labels"] ?? .null),
                JSONMember(key: "merge", value: document["merge"] ?? .null),
            ]
            members.append(JSONMember(key: "decisions", value: .array(decisions.map { decision in
                var fields = decision.fields
                for (side, value) in zip(["base", "ours", "theirs"], decision.values) { fields[key: UTF8Bytes(side)] = value ?? .null }
                return .object(fields)
            })))
            members.append(JSONMember(key: "removed", value: document["removed"] ?? .array([])))
            // The conflicts the result still holds as the merge left them, and where it is.
            members.append(JSONMember(key: "unsettled", value: .array(unsettled.map { .object($0.conflict.json) })))
            members.append(JSONMember(key: "unsettledIn", value: .string(UTF8Bytes(committed ? "commit" : "working file"))))
            return .object(JSONObject(members))
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

}
