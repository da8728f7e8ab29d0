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

    /// The rules worth running on entries a merge combined from both sides: one side's new
    /// source text may meet the other side's translation of the old one.
    public static let afterMerge = Linter(rules: [PlaceholderRules.mismatch, PlaceholderRules.missing, PluralIncompleteRule.rule])

    /// The findings about the entries `keys` of `catalog` (which need not come from a file: the
    /// findings have no line).
    public func findings(forKeys keys: [UTF8Bytes], in catalog: Catalog) -> [Finding] {
        guard !keys.isEmpty else { return [] }
        let wanted = Set(keys)
        let sourceLanguage = catalog.sourceLanguage ?? UTF8Bytes("en")
        let strings = catalog.strings.members.filter { wanted.contains($0.key) }.map {
            LintedString(member: $0, sourceLanguage: sourceLanguage)
        }
        return findings(in: strings, bytes: [], file: "")
    }

    /// Strings are decoded and checked in blocks of this many, in parallel.
    static let blockSize = 1024

    /// The strings of a catalog as the rules see them, each entry decoded once (a big catalog's
    /// in parallel blocks).
    public static func strings(of catalog: Catalog) -> [LintedString] {
        let sourceLanguage = catalog.sourceLanguage ?? UTF8Bytes("en")
        let members = catalog.strings.members
        return inBlocks(members.count) { range in
            // This block's own copies of the names its strings hold (see `LocaleNames`).
            let locales = LocaleNames()
            let ownSourceLanguage = UTF8Bytes(Array(sourceLanguage.bytes))
            return members[range].map { LintedString(member: $0, sourceLanguage: ownSourceLanguage, locales: locales) }
        }
    }

    /// The findings about `catalog`, read from `bytes` (for lines and columns), named `file`.
    public func findings(in catalog: Catalog, bytes: [UInt8], file: String) -> [Finding] {
        findings(in: Self.strings(of: catalog), bytes: bytes, file: file)
    }

    public func findings(in strings: [LintedString], bytes: [UInt8], file: String) -> [Finding] {
        let active = rules.filter { includeOptIn || !$0.isOptIn }
        let stringRules = active.filter { $0.checkString != nil }
        var raw = Self.inBlocks(strings.count) { range in
            // Each string once, through every rule (not each rule through every string): a
            // string is then copied out of the array once, not once per rule.
            var contexts = stringRules.map { RuleContext(rule: $0) }
            let checks = stringRules.map { $0.checkString! }
            for string in strings[range] {
                for index in checks.indices { checks[index](string, &contexts[index]) }
            }
            return contexts.flatMap(\.found)
        }
        for rule in active {
            guard let check = rule.checkCatalog else { continue }
            var context = RuleContext(rule: rule)
            check(strings, &context)
            raw += context.found
        }
        // By place, then in the order the rules are listed.
        let rank = Dictionary(uniqueKeysWithValues: active.enumerated().map { ($1.id, $0) })
        var ranked = raw.map { (offset: $0.offset, rank: rank[$0.rule] ?? 0, finding: $0) }
        ranked.sort { ($0.offset, $0.rank) < ($1.offset, $1.rank) }
        raw = ranked.map(\.finding)
        let lines = LineIndex(bytes)
        return raw.map { finding in
            let (line, column) = lines.location(of: finding.offset)
            return Finding(
                rule: finding.rule, severity: finding.severity, file: file, line: line, column: column, key: finding.key,
                locale: finding.locale, message: finding.message)
        }
    }

    static func inBlocks<T>(_ count: Int, _ body: @Sendable (Range<Int>) -> [T]) -> [T] {
        ParallelBlocks.map(count, blockSize: blockSize, body)
    }
}
