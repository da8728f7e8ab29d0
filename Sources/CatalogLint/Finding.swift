#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import StringCatalog

/// Something a lint rule found, located in the catalog file as it is on disk.
public struct Finding: Sendable, Equatable {
    public var rule: String
    public var severity: Severity
    public var file: String
    /// 1-based line and column of the offending value (or of the entry's key).
    public var line: Int
    public var column: Int
    public var key: UTF8Bytes
    /// nil for findings about a whole entry.
    public var locale: UTF8Bytes?
    public var message: String
    /// About a whole locale of the catalog (its coverage), not about a string: `key` is empty
    /// then, which is also a real key (`""`) a finding may be about.
    public var isAboutWholeLocale = false

    public init(
        rule: String, severity: Severity, file: String, line: Int, column: Int, key: UTF8Bytes, locale: UTF8Bytes?,
        message: String, isAboutWholeLocale: Bool = false
    ) {
        self.isAboutWholeLocale = isAboutWholeLocale
        self.rule = rule
        self.severity = severity
        self.file = file
        self.line = line
        self.column = column
        self.key = key
        self.locale = locale
        self.message = message
    }

    /// The string it is about, for people: `"account.followers %lld" [pl]` (a whole entry's
    /// findings name the key alone).
    public var place: String {
        // A finding about a whole locale (its coverage) has no key; the real key "" is quoted.
        guard !isAboutWholeLocale else { return locale.map { "[\($0.string)]" } ?? "(catalog)" }
        return quoted(key.string) + (locale.map { " [\($0.string)]" } ?? "")
    }

    /// The message after the string it is about, as every human line shows it.
    public var text: String { place + ": " + message }

    /// What `--since` compares: the same rule at the same key and locale is the same finding.
    public var identity: String { rule + "\u{0}" + key.string + "\u{0}" + (locale?.string ?? "") }
}
