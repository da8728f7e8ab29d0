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
        if let text = object[Name.value]?.stringValue, object[Name.state] != nil { return text.string }
        // An App Shortcut's phrases: the first, and how many more.
        if case .array(let values)? = object[Name.values]?.materialized, let first = values.first?.stringValue {
            return first.string + (values.count > 1 ? " (+\(values.count - 1) phrase\(values.count == 2 ? "" : "s"))" : "")
        }
        if let text = object[Name.comment]?.stringValue { return text.string }
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
        guard let object = value.object, object[Name.state] != nil || object[Name.value] != nil else { return nil }
        return object[Name.value]?.stringValue?.string
    }

    static func quoted(_ text: String, limit: Int = .max) -> String {
        // Cut before escaping, so that an escape is never cut in half.
        guard text.count > limit else { return "\"\(VisibleText.inline(text))\"" }
        return "\"\(VisibleText.inline(String(text.prefix(limit - 1))))…\""
    }
}

