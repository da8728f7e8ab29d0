import StringCatalog

/// A lint rule: its id, default severity, what it checks, and the check.
public struct LintRule: Sendable {
    public var id: String
    public var severity: Severity
    /// One sentence, for help and SARIF's `shortDescription`.
    public var summary: String
    /// Reported only with `--strict` or `--since` (counts that would bury a project otherwise).
    public var isOptIn = false
    /// Run only when a configuration gives it a severity or `--only` names it (what is often
    /// right on purpose: a brand kept in every language).
    public var isOffByDefault = false
    /// Runs on each string; nil for rules that look at the whole catalog.
    var checkString: (@Sendable (LintedString, inout RuleContext) -> Void)?
    /// Runs once on the whole catalog, given what was kept of each string and the locales the
    /// catalog translates into.
    var checkCatalog: (@Sendable ([StringSummary], [UTF8Bytes], inout RuleContext) -> Void)?
    /// A whole-catalog rule that reads the states of each string's localizations.
    var needsLocalizationStates = false
}

/// Where a rule reports what it finds.
public struct RuleContext {
    var rule: LintRule
    var found: [RawFinding] = []
    /// Locales every string must have (a configuration's `requiredLocales`).
    var requiredLocales: [UTF8Bytes] = []
    /// The plural categories of each locale met so far.
    var pluralCategories: [UTF8Bytes: (names: [String], set: PluralCategorySet)] = [:]

    /// A finding at a byte offset of the file.
    mutating func report(_ message: String, key: UTF8Bytes, locale: UTF8Bytes?, at offset: Int, severity: Severity? = nil) {
        found.append(RawFinding(rule: rule.id, severity: severity ?? rule.severity, offset: offset, key: key, locale: locale, message: message))
    }
}

/// A finding before its offset is turned into a line and column.
struct RawFinding: Sendable {
    var rule: String
    var severity: Severity
    var offset: Int
    var key: UTF8Bytes
    var locale: UTF8Bytes?
    var message: String

    /// The finding in `file` at `location`.
    func finding(in file: String, at location: (line: Int, column: Int)) -> Finding {
        Finding(
            rule: rule, severity: severity, file: file, line: location.line, column: location.column, key: key, locale: locale,
            message: message)
    }
}

/// Every rule, in the order findings are listed.
public enum LintRules {
    public static let all: [LintRule] = [
        PlaceholderRules.mismatch,
        PlaceholderRules.missing,
        PlaceholderNameRule.rule,
        SpecifierWithoutArgumentRule.rule,
        SourceFormatRule.rule,
        PluralIncompleteRule.rule,
        LiteralEscapeRule.rule,
        CarriageReturnRule.rule,
        FormatOnlyKeyRule.rule,
        EmptyTranslationRule.rule,
        WhitespaceMismatchRule.rule,
        DeviceVariationRule.rule,
        NormalizationTwinsRule.rule,
        UntranslatedRule.rule,
        AppShortcutPhraseRule.rule,
        TranslationNotNeededRule.rule,
        CopiedSourceRule.rule,
    ]

    public static func named(_ id: String) -> LintRule? { all.first { $0.id == id } }

    /// The configuration's `minimumCoverage`, reported as a rule of its own: described beside
    /// the others in `--help`, `--print-config` and SARIF's rules (a result must name a rule
    /// the log describes). It checks no string, and only a configuration turns it on.
    public static let minimumCoverage = LintRule(
        id: "minimum-coverage", severity: .error,
        summary: "A locale is translated below the configuration's \"minimumCoverage\" (on only when that is set).")
}
