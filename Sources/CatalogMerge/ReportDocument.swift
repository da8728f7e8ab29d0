import StringCatalog

/// A merge's report as a file holds it: what the driver writes beside the repository's merge
/// (`<git-dir>/xcstrings-merge/<path>.json`), `merge --report` writes, and `review`, `resolve`
/// and `check` read. One codec: `bytes` writes it, `init(bytes:)` reads it back equal.
///
/// Format version 1:
/// `{"version", "path", "labels": {"base", "ours", "theirs"}, ["fallback", "fallbackReason",
/// "fallbackMethod", "hunks",] ["repairs",] ["merge": {"head", "theirs"},] "conflicts",
/// "autoResolved", "warnings", "removed", "summary"}`. A side's value of JSON `null` reads as
/// absent (the format writes absence as `null`); a removal's value is not written (it is the
/// base's, in the commit of the side that kept it).
public struct MergeReportDocument: Sendable, Equatable {
    /// The format version this tool writes, and the newest it reads.
    public static let version = 1

    public var path: String?
    public var labels: MergeLabels
    /// The merge it belongs to, when the merge ran inside a repository.
    public var merge: MergeRecord?
    /// Set when no per-key merge ran: the inputs were line-merged.
    public var fallback: LineMergeFallback?
    public var repairs: [InputRepair]
    public var conflicts: [Conflict]
    public var autoResolved: [AutoResolution]
    public var warnings: [MergeWarning]
    public var removed: [Removal]
    public var summary: Summary

    /// A conflict as reported: the three versions of its place, whose the output holds, and
    /// whether a choice settled it.
    public struct Conflict: Sendable, Equatable {
        /// `MergeConflict.id`, as the merge made it (it depends on the file's path).
        public var id: String
        /// Its place, kind, three values and whose the output holds (no choice or file in it:
        /// the report keeps only whether it was settled, and its id).
        public var conflict: MergeConflict
        public var resolved: Bool

        public init(_ conflict: MergeConflict) {
            self.init(
                id: conflict.id,
                conflict: MergeConflict(
                    location: conflict.location, kind: conflict.kind, base: conflict.base, ours: conflict.ours, theirs: conflict.theirs,
                    kept: conflict.kept),
                resolved: conflict.resolvedBy != nil)
        }

        init(id: String, conflict: MergeConflict, resolved: Bool) {
            self.id = id
            self.conflict = conflict
            self.resolved = resolved
        }

        public var location: MergeLocation { conflict.location }
        public var kind: ConflictKind { conflict.kind }
        public func value(_ side: Side) -> JSONValue? { conflict.value(side) }
        public var ours: JSONValue? { conflict.ours }
        public var theirs: JSONValue? { conflict.theirs }

        /// The value the output held where the merge left it: the kept side's.
        public var keptValue: JSONValue? { value(Side(rawValue: conflict.kept) ?? .ours) }

        /// The conflict as the report writes it.
        public var json: JSONObject {
            JSONObject([
                JSONMember(key: "id", value: .string(UTF8Bytes(id))),
                JSONMember(key: "key", value: location.key.map(JSONValue.string) ?? .null),
                JSONMember(key: "locale", value: location.locale.map(JSONValue.string) ?? .null),
                JSONMember(key: "path", value: .array(location.path.map(JSONValue.string))),
                JSONMember(key: "kind", value: .string(UTF8Bytes(kind.rawValue))),
                JSONMember(key: "base", value: conflict.base ?? .null),
                JSONMember(key: "ours", value: ours ?? .null),
                JSONMember(key: "theirs", value: theirs ?? .null),
                JSONMember(key: "kept", value: .string(UTF8Bytes(conflict.kept))),
                JSONMember(key: "resolved", value: .bool(resolved)),
            ])
        }
    }

    /// The counts a report ends with.
    public struct Summary: Sendable, Equatable {
        public var keys = 0
        public var added = 0
        public var deleted = 0
        public var renamed = 0
        public var removed = 0
        public var autoResolved = 0
        public var conflicts = 0
        public var unresolved = 0
    }

    /// The document of a merge's report.
    public init(_ report: MergeReport, path: String?, labels: MergeLabels, merge: MergeRecord? = nil) {
        self.path = path
        self.labels = labels
        self.merge = merge
        fallback = report.fallback
        repairs = report.repairs
        conflicts = report.conflicts.map(Conflict.init)
        autoResolved = report.autoResolved
        warnings = report.warnings
        removed = report.removals.map { Removal(side: $0.side, scope: $0.scope, location: $0.location, value: nil) }
        summary = Summary(
            keys: report.keysMerged, added: report.keysAdded, deleted: report.keysDeleted, renamed: report.keysRenamed,
            removed: report.removals.count, autoResolved: report.autoResolved.count, conflicts: report.conflicts.count,
            unresolved: report.unresolvedConflicts.count)
    }

    /// The conflicts no choice settled.
    public var unresolvedConflicts: [Conflict] { conflicts.filter { !$0.resolved } }

    // MARK: Writing

    /// The document's bytes, as the report file holds them.
    public var bytes: [UInt8] { XcodeWriter.reportBytes(of: .object(json)) }

    public var json: JSONObject {
        func text(_ string: String?) -> JSONValue { string.map { .string(UTF8Bytes($0)) } ?? .null }
        func bytes(_ bytes: UTF8Bytes?) -> JSONValue { bytes.map(JSONValue.string) ?? .null }
        func number(_ value: Int) -> JSONValue { .number(UTF8Bytes(String(value))) }
        func location(_ location: MergeLocation) -> [JSONMember] {
            [
                JSONMember(key: "key", value: bytes(location.key)),
                JSONMember(key: "locale", value: bytes(location.locale)),
                JSONMember(key: "path", value: .array(location.path.map(JSONValue.string))),
            ]
        }
        let conflicts: [JSONValue] = conflicts.map { .object($0.json) }
        let autoResolved: [JSONValue] = autoResolved.map { resolution in
            var members = location(resolution.location)
            members += [
                JSONMember(key: "rule", value: .string(UTF8Bytes(resolution.rule))),
                JSONMember(key: "chosen", value: .string(UTF8Bytes(resolution.chosen))),
            ]
            if let from = resolution.from { members.append(JSONMember(key: "from", value: .string(from))) }
            if let renamedBy = resolution.renamedBy { members.append(JSONMember(key: "renamedBy", value: text(renamedBy))) }
            if let discarded = resolution.discarded {
                members.append(JSONMember(key: "discarded", value: .object(JSONObject([
                    JSONMember(key: "side", value: text(resolution.discardedSide)),
                    JSONMember(key: "value", value: discarded ?? .null),
                ]))))
            }
            return .object(JSONObject(members))
        }
        let warnings: [JSONValue] = warnings.map { warning in
            .object(JSONObject([
                JSONMember(key: "rule", value: .string(UTF8Bytes(warning.rule))),
                JSONMember(key: "key", value: .string(warning.key)),
                JSONMember(key: "locale", value: bytes(warning.locale)),
                JSONMember(key: "message", value: .string(UTF8Bytes(warning.message))),
            ]))
        }
        let removed: [JSONValue] = removed.map { removal in
            .object(JSONObject([
                JSONMember(key: "side", value: .string(UTF8Bytes(removal.side.rawValue))),
                JSONMember(key: "scope", value: .string(UTF8Bytes(removal.scope.rawValue))),
            ] + location(removal.location)))
        }
        var top = [
            JSONMember(key: "version", value: number(Self.version)),
            JSONMember(key: "path", value: text(path)),
            JSONMember(key: "labels", value: .object(JSONObject([
                JSONMember(key: "base", value: text(labels.base)),
                JSONMember(key: "ours", value: text(labels.ours)),
                JSONMember(key: "theirs", value: text(labels.theirs)),
            ]))),
        ]
        if let fallback {
            top.append(JSONMember(key: "fallback", value: .bool(true)))
            top.append(JSONMember(key: "fallbackReason", value: text(fallback.reason)))
            top.append(JSONMember(key: "fallbackMethod", value: text(fallback.method)))
            top.append(JSONMember(key: "hunks", value: number(fallback.hunks)))
        }
        if !repairs.isEmpty {
            top.append(JSONMember(key: "repairs", value: .array(repairs.map { repair in
                var members = [
                    JSONMember(key: "file", value: text(repair.file)),
                    JSONMember(key: "side", value: text(repair.side.rawValue)),
                    JSONMember(key: "line", value: number(repair.line)),
                    JSONMember(key: "column", value: number(repair.column)),
                    JSONMember(key: "kind", value: text(repair.kind)),
                    JSONMember(key: "key", value: bytes(repair.key)),
                    JSONMember(key: "path", value: .array(repair.path.map(JSONValue.string))),
                ]
                if !repair.values.isEmpty { members.append(JSONMember(key: "values", value: .array(repair.values))) }
                return .object(JSONObject(members))
            })))
        }
        if let merge {
            top.append(JSONMember(key: "merge", value: .object(JSONObject([
                JSONMember(key: "head", value: text(merge.head)),
                JSONMember(key: "theirs", value: text(merge.theirs)),
            ]))))
        }
        return JSONObject(top + [
            JSONMember(key: "conflicts", value: .array(conflicts)),
            JSONMember(key: "autoResolved", value: .array(autoResolved)),
            JSONMember(key: "warnings", value: .array(warnings)),
            JSONMember(key: "removed", value: .array(removed)),
            JSONMember(key: "summary", value: .object(JSONObject([
                JSONMember(key: "keys", value: number(summary.keys)),
                JSONMember(key: "added", value: number(summary.added)),
                JSONMember(key: "deleted", value: number(summary.deleted)),
                JSONMember(key: "renamed", value: number(summary.renamed)),
                JSONMember(key: "removed", value: number(summary.removed)),
                JSONMember(key: "autoResolved", value: number(summary.autoResolved)),
                JSONMember(key: "conflicts", value: number(summary.conflicts)),
                JSONMember(key: "unresolved", value: number(summary.unresolved)),
            ]))),
        ])
    }

    // MARK: Reading

    /// Why a report file could not be read.
    public struct ReadError: Error, Sendable, CustomStringConvertible {
        public var message: String
        public var description: String { message }
    }

    /// Reads a report file's bytes. A report of a newer format than this tool's is refused with
    /// a message that says so; members a report from before they existed lacks read as empty.
    public init(bytes: [UInt8]) throws(ReadError) {
        let parsed: JSONValue
        do throws(JSONError) {
            parsed = try JSONReader.parse(bytes)
        } catch {
            throw ReadError(message: "not a merge report: \(error.line):\(error.column): \(error.message)")
        }
        guard let document = parsed.object else { throw ReadError(message: "not a merge report (not a JSON object)") }
        guard case .number(let versionText)? = document["version"], let version = Int(versionText.string) else {
            throw ReadError(message: "not a merge report (no version)")
        }
        guard version <= Self.version else {
            throw ReadError(message: "a merge report of format version \(version), newer than this xcstrings-merge reads (\(Self.version)); update xcstrings-merge")
        }
        let reader = Reader()
        path = reader.text(document["path"])
        let labelObject = document["labels"]?.object
        labels = MergeLabels(base: reader.text(labelObject?["base"]), ours: reader.text(labelObject?["ours"]), theirs: reader.text(labelObject?["theirs"]))
        if let mergeObject = document["merge"]?.object {
            merge = MergeRecord(head: reader.text(mergeObject["head"]), theirs: reader.text(mergeObject["theirs"]))
        }
        if document["fallback"] == .bool(true) {
            fallback = LineMergeFallback(
                reason: reader.text(document["fallbackReason"]) ?? "", hunks: reader.number(document["hunks"]) ?? 0,
                method: reader.text(document["fallbackMethod"]) ?? "")
        }
        repairs = try reader.objects(document["repairs"], "repairs").map { repair throws(ReadError) in
            InputRepair(
                side: try reader.side(repair["side"]), file: reader.text(repair["file"]) ?? "", line: reader.number(repair["line"]) ?? 0,
                column: reader.number(repair["column"]) ?? 0, kind: reader.text(repair["kind"]) ?? "", key: repair["key"]?.stringValue,
                path: reader.components(repair["path"]), values: reader.array(repair["values"]) ?? [])
        }
        conflicts = try reader.objects(document["conflicts"], "conflicts").map { conflict throws(ReadError) in
            guard let id = reader.text(conflict["id"]), let kind = reader.text(conflict["kind"]).flatMap(ConflictKind.init(rawValue:)) else {
                throw ReadError(message: "a conflict without an id or a known kind")
            }
            // The id as written: it depends on the path the merge had, which the report may not.
            return Conflict(
                id: id,
                conflict: MergeConflict(
                    location: reader.location(conflict), kind: kind, base: reader.value(conflict["base"]), ours: reader.value(conflict["ours"]),
                    theirs: reader.value(conflict["theirs"]), kept: reader.text(conflict["kept"]) ?? Side.ours.rawValue),
                resolved: conflict["resolved"] == .bool(true))
        }
        autoResolved = try reader.objects(document["autoResolved"], "autoResolved").map { resolution throws(ReadError) in
            var discarded: JSONValue??
            if let dropped = resolution["discarded"]?.object { discarded = .some(reader.value(dropped["value"])) }
            return AutoResolution(
                location: reader.location(resolution), rule: reader.text(resolution["rule"]) ?? "", chosen: reader.text(resolution["chosen"]) ?? "",
                from: resolution["from"]?.stringValue, renamedBy: reader.text(resolution["renamedBy"]), discarded: discarded)
        }
        warnings = try reader.objects(document["warnings"], "warnings").map { warning throws(ReadError) in
            MergeWarning(
                rule: reader.text(warning["rule"]) ?? "", key: warning["key"]?.stringValue ?? UTF8Bytes(""), locale: warning["locale"]?.stringValue,
                message: reader.text(warning["message"]) ?? "")
        }
        var removed: [Removal] = []
        for removal in try reader.objects(document["removed"], "removed") {
            guard let scope = reader.text(removal["scope"]).flatMap(Removal.Scope.init(rawValue:)) else { continue }
            removed.append(Removal(side: try reader.side(removal["side"]), scope: scope, location: reader.location(removal), value: nil))
        }
        self.removed = removed
        let counts = document["summary"]?.object
        summary = Summary(
            keys: reader.number(counts?["keys"]) ?? 0, added: reader.number(counts?["added"]) ?? 0,
            deleted: reader.number(counts?["deleted"]) ?? 0, renamed: reader.number(counts?["renamed"]) ?? 0,
            removed: reader.number(counts?["removed"]) ?? removed.count, autoResolved: reader.number(counts?["autoResolved"]) ?? autoResolved.count,
            conflicts: reader.number(counts?["conflicts"]) ?? conflicts.count,
            unresolved: reader.number(counts?["unresolved"]) ?? conflicts.filter { !$0.resolved }.count)
    }

    /// The members of a report, typed.
    private struct Reader {
        func text(_ value: JSONValue?) -> String? { value?.stringValue?.string }

        func number(_ value: JSONValue?) -> Int? {
            guard case .number(let text)? = value else { return nil }
            return Int(text.string)
        }

        /// A side's value: JSON null reads as absent.
        func value(_ value: JSONValue?) -> JSONValue? { value == nil || value == .null ? nil : value }

        func array(_ value: JSONValue?) -> [JSONValue]? {
            guard case .array(let items)? = value else { return nil }
            return items
        }

        func objects(_ value: JSONValue?, _ name: String) throws(ReadError) -> [JSONObject] {
            guard let value, value != .null else { return [] }
            guard let items = array(value) else { throw ReadError(message: "\"\(name)\" is not a list") }
            var objects: [JSONObject] = []
            for item in items {
                guard let object = item.object else { throw ReadError(message: "an item of \"\(name)\" is not an object") }
                objects.append(object)
            }
            return objects
        }

        func components(_ value: JSONValue?) -> [UTF8Bytes] { array(value)?.compactMap(\.stringValue) ?? [] }

        func location(_ object: JSONObject) -> MergeLocation {
            MergeLocation(key: object["key"]?.stringValue, locale: object["locale"]?.stringValue, path: components(object["path"]))
        }

        func side(_ value: JSONValue?) throws(ReadError) -> Side {
            guard let side = text(value).flatMap(Side.init(rawValue:)) else { throw ReadError(message: "an unknown side \(value.map { "\($0)" } ?? "(none)")") }
            return side
        }
    }
}
