import StringCatalog

/// Runs the lint rules on a catalog.
public struct Linter: Sendable {
    public var rules: [LintRule]
    /// Include the opt-in rules (`untranslated`).
    public var includeOptIn: Bool
    /// Locales every string to translate must have: reported (as `untranslated` errors) even
    /// without the opt-in rules.
    public var requiredLocales: [UTF8Bytes]

    /// The rules off by default that are turned on (`LintRule.isOffByDefault`).
    public var turnedOn: Set<String>

    public init(rules: [LintRule] = LintRules.all, includeOptIn: Bool = false, requiredLocales: [String] = [], turnedOn: Set<String> = []) {
        self.rules = rules
        self.includeOptIn = includeOptIn
        self.requiredLocales = requiredLocales.map { UTF8Bytes($0) }
        self.turnedOn = turnedOn
    }

    /// Whether the required locales are checked apart from `untranslated` (which, when it
    /// runs, checks them itself).
    var checksRequiredLocalesAlone: Bool {
        !requiredLocales.isEmpty && !includeOptIn && rules.contains { $0.id == UntranslatedRule.rule.id }
    }

    /// The rules worth running on entries a merge combined from both sides: one side's new
    /// source text may meet the other side's translation of the old one.
    public static let afterMerge = Linter(rules: [PlaceholderRules.mismatch, PlaceholderRules.missing, PluralIncompleteRule.rule])

    /// The findings about the entries `keys` of `catalog` (which need not come from a file: the
    /// findings have no line).
    public func findings(forKeys keys: [UTF8Bytes], in catalog: Catalog) -> [Finding] {
        guard !keys.isEmpty else { return [] }
        let wanted = Set(keys)
        var subset = catalog
        subset.strings = JSONObject(catalog.strings.members.filter { wanted.contains($0.key) })
        return lint(subset, bytes: [], file: "").findings
    }

    /// Strings are decoded and checked in blocks of this many, in parallel.
    static let blockSize = 1024

    /// The strings of a catalog as the rules see them, each entry decoded once (a big catalog's
    /// in parallel blocks).
    public static func strings(of catalog: Catalog) -> [LintedString] {
        let sourceLanguage = catalog.sourceLanguage ?? UTF8Bytes("en")
        let members = catalog.strings.members
        return ParallelBlocks.map(members.count, blockSize: blockSize) { range in
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
        let rank = Self.ranks(of: active)
        let stringRules = active.filter { $0.checkString != nil }
        let summaryDetail = active.compactMap(\.checkCatalog).isEmpty && !checksRequiredLocalesAlone
            ? nil : Optional(checksRequiredLocalesAlone || active.contains { $0.needsLocalizationStates })
        // Where the members are in `bytes` (always, unless a caller passes other bytes), each
        // block locates its own findings, counting lines from its first key.
        let inFileOrder = zip(members, members.dropFirst()).allSatisfy { $0.offset < $1.offset }
            && (members.first.map { $0.offset >= 0 } ?? true) && (members.last.map { $0.offset < bytes.count } ?? true)
        let locatedInBlocks = !bytes.isEmpty && inFileOrder && !LineLocator.holdsCarriageReturn(bytes)
        var blocks = ParallelBlocks.map(members.count, blockSize: Self.blockSize) { range -> [Block] in
            // This block's own names (see `LintNames`).
            let ownSourceLanguage = UTF8Bytes(Array(sourceLanguage.bytes))
            var builder = LintedStringBuilder(names: LintNames(), sourceLanguage: ownSourceLanguage)
            var contexts = stringRules.map { RuleContext(rule: $0) }
            let checks = stringRules.map { $0.checkString! }
            var block = Block()
            var counter = Coverage.Counter()
            for member in members[range] {
                // The empty key (Xcode extracts it from `Text("")`) is never shown to anyone:
                // nothing to translate, check or count.
                if member.key.bytes.isEmpty { continue }
                let string = LintedString(member: member, sourceLanguage: ownSourceLanguage, builder: &builder)
                for index in checks.indices { checks[index](string, &contexts[index]) }
                counter.count(string, flushingInto: &block.tally)
                if let withStates = summaryDetail { block.summaries.append(StringSummary(string, withStates: withStates)) }
            }
            counter.flush(into: &block.tally)
            let found = contexts.flatMap(\.found)
            if locatedInBlocks, let first = range.first {
                let start = members[first].offset
                let end = range.upperBound < members.count ? members[range.upperBound].offset : bytes.count
                bytes.withUnsafeBufferPointer { buffer in
                    // The block's own copy of the file's name: every finding holds it, and two
                    // threads counting references on one string slow each other down.
                    let ownFile = String(decoding: Array(file.utf8), as: UTF8.self)
                    (block.findings, block.lineFeeds) = Self.located(found, rank: rank, in: buffer, from: start, to: end, file: ownFile)
                }
            } else {
                block.found = found
            }
            return [block]
        }
        var tally = Coverage.Tally()
        var raw: [RawFinding] = []
        var summaries: [StringSummary] = []
        var findings: [Finding] = []
        // Lines before the first key, then each block's (when the blocks counted theirs).
        var line = 1
        if locatedInBlocks, let first = members.first {
            line += bytes.withUnsafeBufferPointer { LineLocator.lineFeeds(in: UnsafeBufferPointer(rebasing: $0[..<first.offset])) }
        }
        for block in blocks {
            tally.add(block.tally)
            summaries += block.summaries
        }
        // Each block's lines moved down by the lines above it, in place; then the findings
        // copied once.
        for index in blocks.indices {
            let above = line
            blocks[index].findings.withUnsafeMutableBufferPointer { findings in
                for finding in findings.indices { findings[finding].line += above }
            }
            line += blocks[index].lineFeeds
            raw += blocks[index].found
        }
        findings.reserveCapacity(blocks.reduce(0) { $0 + $1.findings.count })
        for block in blocks { findings += block.findings }
        let coverage = Coverage.table(tally)
        let catalogLocales = coverage.map { UTF8Bytes($0.locale) }
        // The source language is satisfied by the key or the source text, in every state Xcode
        // writes for it (none when the key is the text; `new` for an extracted string's unit).
        let requiredLocales = requiredLocales.filter { $0 != sourceLanguage }
        for rule in active {
            guard let check = rule.checkCatalog else { continue }
            var context = RuleContext(rule: rule)
            context.requiredLocales = requiredLocales
            check(summaries, catalogLocales, &context)
            raw += context.found
        }
        if checksRequiredLocalesAlone {
            var context = RuleContext(rule: UntranslatedRule.rule)
            UntranslatedRule.check(summaries, locales: catalogLocales, required: requiredLocales, onlyRequired: true, &context)
            raw += context.found
        }
        let others = located(raw, rules: checksRequiredLocalesAlone ? active + [UntranslatedRule.rule] : active, bytes: bytes, file: file)
        if findings.isEmpty { return (others, coverage) }
        if others.isEmpty { return (findings, coverage) }
        return (Self.merged(findings, others, rank: rank), coverage)
    }

    /// What one block of strings gave.
    struct Block {
        /// Its findings, with lines counted from the block's first key.
        var findings: [Finding] = []
        /// Line feeds from the block's first key to the next block's.
        var lineFeeds = 0
        /// Its findings not located yet (when the block could not count its lines).
        var found: [RawFinding] = []
        var tally = Coverage.Tally()
        var summaries: [StringSummary] = []
    }

    /// Each rule's place in the order findings at one offset are listed.
    static func ranks(of rules: [LintRule]) -> [String: Int] {
        Dictionary(uniqueKeysWithValues: rules.enumerated().map { ($1.id, $0) })
    }

    /// `found` (between `from` and `end` in `buffer`, which holds no carriage return) in order,
    /// with lines counted from 0 at the line holding `from`; and the line feeds from `from` to
    /// `end`.
    static func located(
        _ found: [RawFinding], rank: [String: Int], in buffer: UnsafeBufferPointer<UInt8>, from: Int, to end: Int, file: String
    ) -> ([Finding], Int) {
        let ordered = inOrder(found, rank: rank)
        let (locations, lineFeeds) = LineLocator.locations(of: ordered.map(\.offset), in: buffer, from: from, lineFeedsTo: end)
        return (zip(ordered, locations).map { $0.finding(in: file, at: $1) }, lineFeeds)
    }

    /// Findings by place, then in the order the rules are listed.
    static func inOrder(_ found: [RawFinding], rank: [String: Int]) -> [RawFinding] {
        var ranked = found.indices.map { (offset: found[$0].offset, rank: rank[found[$0].rule] ?? 0, index: $0) }
        ranked.sort { ($0.offset, $0.rank) < ($1.offset, $1.rank) }
        return ranked.map { found[$0.index] }
    }

    /// Two lists of findings in order, as one.
    static func merged(_ a: [Finding], _ b: [Finding], rank: [String: Int]) -> [Finding] {
        // Findings at one offset are at one line and column.
        func precedes(_ x: Finding, _ y: Finding) -> Bool {
            (x.line, x.column, rank[x.rule] ?? 0) < (y.line, y.column, rank[y.rule] ?? 0)
        }
        var result: [Finding] = []
        result.reserveCapacity(a.count + b.count)
        var i = 0, j = 0
        while i < a.count && j < b.count {
            if precedes(b[j], a[i]) {
                result.append(b[j])
                j += 1
            } else {
                result.append(a[i])
                i += 1
            }
        }
        result += a[i...]
        result += b[j...]
        return result
    }

    var activeRules: [LintRule] { rules.filter { (includeOptIn || !$0.isOptIn) && (!$0.isOffByDefault || turnedOn.contains($0.id)) } }

    /// The findings in order (by place, then in the order the rules are listed), each with its
    /// line and column.
    func located(_ raw: [RawFinding], rules active: [LintRule], bytes: [UInt8], file: String) -> [Finding] {
        guard !raw.isEmpty else { return [] }
        let ordered = Self.inOrder(raw, rank: Self.ranks(of: active))
        let locations = LineLocator.locations(of: ordered.map(\.offset), in: bytes)
        return zip(ordered, locations).map { $0.finding(in: file, at: $1) }
    }
}
