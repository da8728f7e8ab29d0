import StringCatalog

/// The side labels git passes (`%S %X %Y`), shown in reports.
public struct MergeLabels: Sendable, Equatable {
    public var base: String?
    public var ours: String?
    public var theirs: String?

    public init(base: String? = nil, ours: String? = nil, theirs: String? = nil) {
        self.base = base
        self.ours = ours
        self.theirs = theirs
    }

    public func name(_ side: Side) -> String {
        let label: String?
        switch side {
        case .base: label = base
        case .ours: label = ours
        case .theirs: label = theirs
        }
        return label.map { "\(side.rawValue) (\($0))" } ?? side.rawValue
    }
}

/// The merge a report belongs to, so that `check` heeds it only while that merge is in progress.
public struct MergeRecord: Sendable, Equatable {
    /// The commit HEAD named when the driver ran (ours in a merge, the commit being built on in
    /// a rebase step); the step is over once HEAD moves.
    public var head: String?
    /// The commit merged in, when git says (`GITHEAD_<id>` in a merge).
    public var theirs: String?

    public init(head: String?, theirs: String?) {
        self.head = head
        self.theirs = theirs
    }
}

extension MergeReport {
    /// The JSON report (see `MergeReportDocument`); `merge` only when the merge ran inside a
    /// repository.
    public func json(path: String?, labels: MergeLabels, merge: MergeRecord? = nil) -> [UInt8] {
        MergeReportDocument(self, path: path, labels: labels, merge: merge).bytes
    }

    /// A few lines for standard error: counts, auto-resolutions by rule, and each conflict.
    /// Outside a repository (`insideRepository: false`) the advice is what works there: `resolve`
    /// and `check` know only a repository's merges.
    public func summary(path: String?, labels: MergeLabels, width: Int = 100, insideRepository: Bool = true) -> String {
        let name = path ?? "catalog"
        // Strings, as `diff` counts them (a string is a key's entry).
        var text = "xcstrings-merge: \(name): \(keysMerged) string\(keysMerged == 1 ? "" : "s")"
        if keysAdded > 0 || keysDeleted > 0 || keysRenamed > 0 {
            text += " (\(keysAdded) added, \(keysDeleted) removed" + (keysRenamed > 0 ? ", \(keysRenamed) renamed" : "") + ")"
        }
        if !autoResolved.isEmpty {
            var byRule: [String: Int] = [:]
            for resolution in autoResolved { byRule[resolution.rule, default: 0] += 1 }
            let rules = byRule.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            text += "; auto-resolved \(autoResolved.count): \(rules)"
        }
        let unresolved = unresolvedConflicts
        let settled = conflicts.count - unresolved.count
        if settled > 0 { text += "; \(settled) conflict\(settled == 1 ? "" : "s") settled by choice" }
        // What a side removed without a conflict, which nothing else would show.
        var removed = ""
        for line in Self.removalLines(removals, labels: labels) {
            for wrapped in ConflictDiff.wrap(line, firstPrefix: "  ", width: width) { removed += wrapped + "\n" }
        }
        if unresolved.isEmpty {
            return text + "\n" + removed
        }
        text += "; \(unresolved.count) conflict\(unresolved.count == 1 ? "" : "s"):\n"
        // At most 20 lines of conflicts while git waits: the rest are a command away.
        var shown = 0
        var lineCount = 0
        for lines in ConflictView.lines(unresolved, labels: labels, width: width) {
            guard lineCount + lines.count <= 20 else { break }
            for line in lines { text += line + "\n" }
            lineCount += lines.count
            shown += 1
        }
        if shown < unresolved.count {
            text += "  … and \(unresolved.count - shown) more: xcstrings-merge resolve --list\(path.map { " " + ShellQuoting.quoted($0) } ?? "")\n"
        }
        text += removed
        text += "The output keeps ours' version of each (the changed version where one side deleted; "
        guard insideRepository else {
            text += "string units marked needs_review). Outside a git repository, settle them by merging again with "
            text += "--prefer ours or --prefer theirs, or by editing the units marked needs_review in the output; "
            text += "the report (--report) holds each side's value\n"
            return text
        }
        text += "string units marked needs_review). Settle them with: xcstrings-merge resolve\(path.map { " " + ShellQuoting.quoted($0) } ?? "")\n"
        text += "\(unresolved.count) unresolved: until each is settled, xcstrings-merge check (and its pre-commit hook) "
        text += "fails, so that the commit cannot drop theirs' side\n"
        return text
    }

    /// A value shortened for one line: a string unit shows its text, a deletion says so.
    public static func shortText(_ value: JSONValue?) -> String {
        guard let value else { return "(deleted)" }
        if let text = firstUnitValue(value) { return quoted(text, limit: 40) }
        switch value {
        case .string(let string): return quoted(string.string)
        case .number(let number): return number.string
        case .bool(let flag): return flag ? "true" : "false"
        case .null: return "null"
        case .array: return "[…]"
        case .object: return "{…}"
        case .raw(let raw): return shortText(raw.parsed())
        }
    }

    static func firstUnitValue(_ value: JSONValue) -> String? {
        guard let object = value.object else { return nil }
        if let text = object["value"]?.stringValue, object["state"] != nil { return text.string }
        // An App Shortcut's phrases: the first, and how many more.
        if case .array(let values)? = object["values"]?.materialized, let first = values.first?.stringValue {
            return first.string + (values.count > 1 ? " (+\(values.count - 1) phrase\(values.count == 2 ? "" : "s"))" : "")
        }
        if let text = object["comment"]?.stringValue { return text.string }
        for member in object.members {
            if let text = firstUnitValue(member.value) { return text }
        }
        return nil
    }

    /// A value whole, on one line: a string unit's text, a scalar, else `{…}`.
    public static func wholeText(_ value: JSONValue) -> String {
        if let text = firstUnitValue(value) { return quoted(text) }
        if case .string(let string) = value { return quoted(string.string) }
        return shortText(value)
    }

    /// The text of a string unit (or of a string), for comparing two sides' texts.
    static func unitText(_ value: JSONValue) -> String? {
        if case .string(let string) = value { return string.string }
        guard let object = value.object, object["state"] != nil || object["value"] != nil else { return nil }
        return object["value"]?.stringValue?.string
    }

    static func quoted(_ text: String, limit: Int = .max) -> String {
        // Cut before escaping, so that an escape is never cut in half.
        guard text.count > limit else { return "\"\(VisibleText.inline(text))\"" }
        return "\"\(VisibleText.inline(String(text.prefix(limit - 1))))…\""
    }
}

