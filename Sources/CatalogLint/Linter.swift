import StringCatalog

/// Runs the lint rules on a catalog.
public struct Linter: Sendable {
    public var rules: [LintRule]
    /// Include the opt-in rules (`untranslated`).
    public var includeOptIn: Bool

    public init(rules: [LintRule] = LintRules.all, includeOptIn: Bool = false) {
        self.rules = rules
        self.includeOptIn = includeOptIn
    }

    /// The strings of a catalog as the rules see them, each entry decoded once.
    public static func strings(of catalog: Catalog) -> [LintedString] {
        let sourceLanguage = catalog.sourceLanguage ?? UTF8Bytes("en")
        return catalog.strings.members.map { LintedString(member: $0, sourceLanguage: sourceLanguage) }
    }

    /// The findings about `catalog`, read from `bytes` (for lines and columns), named `file`.
    public func findings(in catalog: Catalog, bytes: [UInt8], file: String) -> [Finding] {
        findings(in: Self.strings(of: catalog), bytes: bytes, file: file)
    }

    public func findings(in strings: [LintedString], bytes: [UInt8], file: String) -> [Finding] {
        var raw: [RawFinding] = []
        for rule in rules where includeOptIn || !rule.isOptIn {
            var context = RuleContext(rule: rule)
            if let check = rule.checkString {
                for string in strings { check(string, &context) }
            }
            rule.checkCatalog?(strings, &context)
            raw += context.found
        }
        let lines = LineIndex(bytes)
        return raw.sorted { $0.offset < $1.offset }.map { finding in
            let (line, column) = lines.location(of: finding.offset)
            return Finding(
                rule: finding.rule, severity: finding.severity, file: file, line: line, column: column, key: finding.key,
                locale: finding.locale, message: finding.message)
        }
    }
}
