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
        var builder = LintedStringBuilder(names: LintNames(), sourceLanguage: sourceLanguage)
        let strings = catalog.strings.members.filter { wanted.contains($0.key) }.map {
            LintedString(member: $0, sourceLanguage: sourceLanguage, builder: &builder)
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
            // This block's own names (see `LintNames`).
            let ownSourceLanguage = UTF8Bytes(Array(sourceLanguage.bytes))
            var builder = LintedStringBuilder(names: LintNames(), sourceLanguage: ownSourceLanguage)
            return members[range].map { LintedString(member: $0, sourceLanguage: ownSourceLanguage, builder: &builder) }
        }
    }

    /// The findings about `catalog`, read from `bytes` (for lines and columns), named `file`.
    public func findings(in catalog: Catalog, bytes: [UInt8], file: String) -> [Finding] {
        lint(catalog, bytes: bytes, file: file).findings
    }

    /// The findings about `catalog` and its coverage per locale, in one pass: each entry is
    /// read, checked by every rule and counted, then dropped, in parallel blocks. Only what the
    /// whole-catalog rules need of each string is kept (`StringSummary`).
    public func lint(_ catalog: Catalog, bytes: [UInt8], file: String) -> (findings: [Finding], coverage: [LocaleCoverage]) {
        let sourceLanguage = catalog.sourceLanguage ?? UTF8Bytes("en")
        let members = catalog.strings.members
        let active = activeRules
        let stringRules = active.filter { $0.checkString != nil }
        let summaryDetail = active.compactMap(\.checkCatalog).isEmpty ? nil : Optional(active.contains { $0.needsLocalizationStates })
        let blocks = ParallelBlocks.map(members.count, blockSize: Self.blockSize) { range -> [Block] in
            // This block's own names (see `LintNames`).
            let ownSourceLanguage = UTF8Bytes(Array(sourceLanguage.bytes))
            var builder = LintedStringBuilder(names: LintNames(), sourceLanguage: ownSourceLanguage)
            var contexts = stringRules.map { RuleContext(rule: $0) }
            let checks = stringRules.map { $0.checkString! }
            var block = Block()
            for member in members[range] {
                let string = LintedString(member: member, sourceLanguage: ownSourceLanguage, builder: &builder)
                for index in checks.indices { checks[index](string, &contexts[index]) }
                block.tally.count(string)
                if let withStates = summaryDetail { block.summaries.append(StringSummary(string, withStates: withStates)) }
            }
            block.found = contexts.flatMap(\.found)
            return [block]
        }
        var tally = Coverage.Tally()
        var raw: [RawFinding] = []
        var summaries: [StringSummary] = []
        for block in blocks {
            tally.add(block.tally)
            raw += block.found
            summaries += block.summaries
        }
        let coverage = Coverage.table(tally)
        let catalogLocales = coverage.map { UTF8Bytes($0.locale) }
        for rule in active {
            guard let check = rule.checkCatalog else { continue }
            var context = RuleContext(rule: rule)
            check(summaries, catalogLocales, &context)
            raw += context.found
        }
        return (located(raw, rules: active, bytes: bytes, file: file), coverage)
    }

    /// What one block of strings gave.
    struct Block {
        var found: [RawFinding] = []
        var tally = Coverage.Tally()
        var summaries: [StringSummary] = []
    }

    var activeRules: [LintRule] { rules.filter { includeOptIn || !$0.isOptIn } }

    public func findings(in strings: [LintedString], bytes: [UInt8], file: String) -> [Finding] {
        let active = activeRules
        let stringRules = active.filter { $0.checkString != nil }
        var raw = Self.inBlocks(strings.count) { range in
            var contexts = stringRules.map { RuleContext(rule: $0) }
            let checks = stringRules.map { $0.checkString! }
            for string in strings[range] {
                for index in checks.indices { checks[index](string, &contexts[index]) }
            }
            return contexts.flatMap(\.found)
        }
        let withStates = active.contains { $0.needsLocalizationStates }
        let summaries = strings.map { StringSummary($0, withStates: withStates) }
        let catalogLocales = UntranslatedRule.locales(of: strings)
        for rule in active {
            guard let check = rule.checkCatalog else { continue }
            var context = RuleContext(rule: rule)
            check(summaries, catalogLocales, &context)
            raw += context.found
        }
        return located(raw, rules: active, bytes: bytes, file: file)
    }

    /// The findings in order (by place, then in the order the rules are listed), each with its
    /// line and column.
    func located(_ raw: [RawFinding], rules active: [LintRule], bytes: [UInt8], file: String) -> [Finding] {
        let rank = Dictionary(uniqueKeysWithValues: active.enumerated().map { ($1.id, $0) })
        var ranked = raw.map { (offset: $0.offset, rank: rank[$0.rule] ?? 0, finding: $0) }
        ranked.sort { ($0.offset, $0.rank) < ($1.offset, $1.rank) }
        let lines = LineIndex(bytes)
        return ranked.map { item in
            let finding = item.finding
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
