import StringCatalog

/// SARIF 2.1.0, the format GitHub code scanning and editors read: one run whose driver
/// describes each rule, one result per finding with its file, line and column. `lint` and
/// `check` both write it.
public enum SARIF {
    public struct Rule: Sendable {
        public var id: String
        public var summary: String
        public var level: String

        public init(id: String, summary: String, level: String) {
            self.id = id
            self.summary = summary
            self.level = level
        }
    }

    public struct Result: Sendable {
        public var ruleID: String
        public var level: String
        public var message: String
        public var file: String
        public var line: Int
        public var column: Int

        public init(ruleID: String, level: String, message: String, file: String, line: Int, column: Int) {
            self.ruleID = ruleID
            self.level = level
            self.message = message
            self.file = file
            self.line = line
            self.column = column
        }
    }

    public static func document(rules: [Rule], results: [Result], toolVersion: String) -> [UInt8] {
        func string(_ text: String) -> JSONValue { .string(UTF8Bytes(text)) }
        func number(_ value: Int) -> JSONValue { .number(UTF8Bytes(String(value))) }
        func text(_ value: String) -> JSONValue { .object(JSONObject([JSONMember(key: "text", value: string(value))])) }
        let descriptors: [JSONValue] = rules.map { rule in
            .object(JSONObject([
                JSONMember(key: "id", value: string(rule.id)),
                JSONMember(key: "name", value: string(rule.id)),
                JSONMember(key: "shortDescription", value: text(rule.summary)),
                JSONMember(key: "fullDescription", value: text(rule.summary)),
                JSONMember(key: "defaultConfiguration", value: .object(JSONObject([JSONMember(key: "level", value: string(rule.level))]))),
            ]))
        }
        var ruleIndex: [String: Int] = [:]
        for (index, rule) in rules.enumerated() where ruleIndex[rule.id] == nil { ruleIndex[rule.id] = index }
        let entries: [JSONValue] = results.map { result in
            var members = [JSONMember(key: "ruleId", value: string(result.ruleID))]
            if let index = ruleIndex[result.ruleID] { members.append(JSONMember(key: "ruleIndex", value: number(index))) }
            var region = [JSONMember(key: "startLine", value: number(max(result.line, 1)))]
            if result.column > 0 { region.append(JSONMember(key: "startColumn", value: number(result.column))) }
            members += [
                JSONMember(key: "level", value: string(result.level)),
                JSONMember(key: "message", value: text(result.message)),
                JSONMember(key: "locations", value: .array([.object(JSONObject([
                    JSONMember(key: "physicalLocation", value: .object(JSONObject([
                        JSONMember(key: "artifactLocation", value: .object(JSONObject([JSONMember(key: "uri", value: string(uri(result.file)))]))),
                        JSONMember(key: "region", value: .object(JSONObject(region))),
                    ]))),
                ]))])),
            ]
            return .object(JSONObject(members))
        }
        let driver = JSONObject([
            JSONMember(key: "name", value: "xcstrings-merge"),
            JSONMember(key: "version", value: string(toolVersion)),
            JSONMember(key: "rules", value: .array(descriptors)),
        ])
        return XcodeWriter.reportBytes(of: .object(JSONObject([
            JSONMember(key: "$schema", value: "https://json.schemastore.org/sarif-2.1.0.json"),
            JSONMember(key: "version", value: "2.1.0"),
            JSONMember(key: "runs", value: .array([.object(JSONObject([
                JSONMember(key: "tool", value: .object(JSONObject([JSONMember(key: "driver", value: .object(driver))]))),
                JSONMember(key: "results", value: .array(entries)),
            ]))])),
        ])))
    }

    /// A relative path as a URI reference: its bytes percent-encoded where URIs do not allow them.
    public static func uri(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            let allowed = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
                || "-._~/".utf8.contains(byte)
            result += allowed ? String(UnicodeScalar(byte)) : "%" + String(byte, radix: 16, uppercase: true).leftPadded(2)
        }
        return result
    }
}
