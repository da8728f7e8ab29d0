import StringCatalog

/// Known findings, recorded so that lint fails only on new ones (SwiftLint's baseline): each by
/// catalog, rule, key and locale, not by line, so that edits elsewhere do not make them new.
///
/// ```json
/// { "version" : 1, "findings" : [ { "file" : "App/Localizable.xcstrings", "rule" : "…", "key" : "…", "locale" : "pl" } ] }
/// ```
public struct LintBaseline: Sendable {
    public struct Entry: Hashable, Sendable {
        public var file: String
        public var rule: String
        public var key: String
        public var locale: String?
    }

    public private(set) var counts: [Entry: Int] = [:]

    public init() {}

    public init(findings: [(file: String, finding: Finding)]) {
        for (file, finding) in findings { counts[Self.entry(file, finding), default: 0] += 1 }
    }

    static func entry(_ file: String, _ finding: Finding) -> Entry {
        Entry(file: file, rule: finding.rule, key: finding.key.string, locale: finding.locale?.string)
    }

    public var count: Int { counts.values.reduce(0, +) }

    public struct Problem: Error, Sendable {
        public var message: String

        public init(message: String) { self.message = message }
    }

    /// Reads a baseline file's bytes.
    public init(bytes: [UInt8]) throws(Problem) {
        let document: JSONValue
        do {
            document = try JSONReader.parse(bytes)
        } catch {
            throw Problem(message: "line \(error.line), column \(error.column): \(error.message)")
        }
        guard case .array(let items)? = document.object?["findings"] else {
            throw Problem(message: "not a lint baseline (no \"findings\" array)")
        }
        for item in items {
            guard let object = item.object, let file = object["file"]?.stringValue, let rule = object["rule"]?.stringValue,
                let key = object["key"]?.stringValue
            else { throw Problem(message: "a finding without file, rule or key") }
            let entry = Entry(file: file.string, rule: rule.string, key: key.string, locale: object["locale"]?.stringValue?.string)
            counts[entry, default: 0] += 1
        }
    }

    /// The baseline as its file holds it: sorted, so that it diffs well in review.
    public func bytes() -> [UInt8] {
        var entries: [(Entry, Int)] = counts.map { ($0.key, $0.value) }
        entries.sort { a, b in
            (a.0.file, a.0.rule, a.0.key, a.0.locale ?? "") < (b.0.file, b.0.rule, b.0.key, b.0.locale ?? "")
        }
        var items: [JSONValue] = []
        for (entry, count) in entries {
            for _ in 0..<count {
                items.append(.object(JSONObject([
                    JSONMember(key: "file", value: .string(UTF8Bytes(entry.file))),
                    JSONMember(key: "rule", value: .string(UTF8Bytes(entry.rule))),
                    JSONMember(key: "key", value: .string(UTF8Bytes(entry.key))),
                    JSONMember(key: "locale", value: entry.locale.map { .string(UTF8Bytes($0)) } ?? .null),
                ])))
            }
        }
        let document = JSONObject([
            JSONMember(key: "version", value: .number(UTF8Bytes("1"))),
            JSONMember(key: "findings", value: .array(items)),
        ])
        return XcodeWriter.reportBytes(of: .object(document))
    }

    /// `findings` of the catalog `file` less the ones the baseline holds (each entry matches as
    /// many findings as it was recorded for); what it matched is used up.
    public mutating func newFindings(_ findings: [Finding], file: String) -> [Finding] {
        guard !counts.isEmpty else { return findings }
        return findings.filter { finding in
            let entry = Self.entry(file, finding)
            guard let left = counts[entry], left > 0 else { return true }
            counts[entry] = left - 1
            return false
        }
    }

    /// How many recorded findings no longer occur, once every catalog's findings have been
    /// matched (only for the catalogs linted: `linted` names them).
    public func unmatched(in linted: Set<String>) -> Int {
        counts.reduce(0) { $0 + (linted.contains($1.key.file) ? $1.value : 0) }
    }
}
