import Foundation
import Testing
@testable import CatalogLint
import StringCatalog
import XcstringsMergeTestSupport

/// Entries in Xcode's form are read line by line for linting; that reading must give what
/// decoding gives, on every entry of seeded catalogs, the lint fixtures and the corpus.
@Suite struct CanonicalEntryTests {
    static func summary(_ string: LintedString) -> [String] {
        var lines = ["shouldTranslate \(string.shouldTranslate) stale \(string.isStale)"]
        for localization in string.localizations.sorted(by: { string.locale(of: $0).string < string.locale(of: $1).string }) {
            lines.append("locale \(string.locale(of: localization)) source \(localization.isSource) at \(localization.offset)")
            lines += string.forms[localization.forms].map {
                "form \(string.components(of: $0.path)) \($0.value.debugDescription) \($0.state.map { "\($0)" } ?? "-") at \($0.offset)"
            }.sorted()
            lines += string.pluralVariations[localization.pluralVariations].map {
                "plural \(string.components(of: $0.path)) \($0.categories.sorted) at \($0.offset)"
            }.sorted()
            lines += string.substitutions(of: localization).map {
                "substitution \($0.key) \($0.value.argNum ?? -1) \($0.value.argumentClass?.rawValue ?? "-")"
            }.sorted()
        }
        return lines
    }

    /// Keys whose two readings differ, and how many entries were read line by line.
    static func disagreements(in catalog: Catalog) -> (keys: [String], readByLines: Int) {
        var keys: [String] = []
        var readByLines = 0
        let sourceLanguage = catalog.sourceLanguage ?? "en"
        for member in catalog.strings.members {
            var builder = LintedStringBuilder(names: LintNames(), sourceLanguage: sourceLanguage)
            guard case .raw(let raw) = member.value, CanonicalEntry(raw, into: &builder) != nil else { continue }
            readByLines += 1
            let fast = LintedString(member: member, sourceLanguage: sourceLanguage)
            let decoded = LintedString(
                member: JSONMember(key: member.key, value: member.value.materialized, offset: member.offset), sourceLanguage: sourceLanguage)
            if summary(fast) != summary(decoded) { keys.append(member.key.string) }
        }
        return (keys, readByLines)
    }

    @Test(arguments: Array(UInt64(1)...10))
    func seededCatalogs(seed: UInt64) throws {
        var generator = CatalogGenerator(seed: seed &+ 7000)
        let catalog = try Catalog(bytes: generator.catalog(keys: 80).canonicalBytes())
        let (keys, read) = Self.disagreements(in: catalog)
        #expect(keys.isEmpty, "\(keys)")
        #expect(read > catalog.strings.count * 3 / 4)
    }

    /// Every member the schema declares (`CatalogSchema`), and one it does not at each node: the
    /// line reading gives what decoding gives, and reads each entry itself but those holding an
    /// App Shortcut's phrases (the schema's one array) or substitutions inside a variation's
    /// case, which it leaves to decoding.
    @Test(arguments: [nil] + CatalogSchema.Node.allCases.map(Optional.some))
    func everyMemberOfTheSchema(unknownAt node: CatalogSchema.Node?) throws {
        for phrases in [false, true] {
            let catalog = try SchemaSamples.everyMember(unknownAt: node, phrases: phrases)
            let (keys, read) = Self.disagreements(in: catalog)
            #expect(keys.isEmpty, "\(keys)")
            #expect(read == (phrases ? 0 : catalog.strings.count))
        }
    }

    @Test func lintFixturesAndCorpus() throws {
        var files = try FileManager.default.subpathsOfDirectory(atPath: Paths.fixtures.appendingPathComponent("lint").path)
            .filter { $0.hasSuffix(".xcstrings") }.map { Paths.fixtures.appendingPathComponent("lint/\($0)") }
        let corpus = Paths.corpusFiles("catalogs").filter { !$0.lastPathComponent.contains("NOT-Xcode") }
        if corpus.isEmpty { print(Paths.sharedAbsentMessage + "; the lint fixtures alone are read") }
        files += corpus
        var read = 0
        for file in files {
            let (keys, readByLines) = Self.disagreements(in: try Catalog(bytes: try bytes(file)))
            #expect(keys.isEmpty, "\(file.lastPathComponent): \(keys)")
            read += readByLines
        }
        // The fixtures alone hold a few dozen entries in Xcode's layout; the corpus thousands.
        #expect(read > (corpus.isEmpty ? 20 : 1000), "\(read) entries read line by line")
    }
}

extension CanonicalEntryTests {
    /// Localizations that look like a plain string unit but are not (more members, a unit
    /// without a value, a state Xcode does not write, escapes) read as decoding reads them.
    @Test func plainUnitLookAlikes() throws {
        let localizations = [
            #""de" : { "stringUnit" : { "state" : "translated", "value" : "Hallo" } }"#,
            #""de" : { "stringUnit" : { "value" : "Hallo" } }"#,
            #""de" : { "stringUnit" : { "state" : "translated" } }"#,
            #""de" : { "stringUnit" : { "state" : "reviewed", "value" : "Hallo" } }"#,
            #""de" : { "stringUnit" : { "state" : "tr\u0061nslated", "value" : "Hallo" } }"#,
            #""de" : { "stringUnit" : { "state" : "new", "value" : "Zeile\nZwei \"x\"" } }"#,
            #""de" : { "stringUnit" : { "state" : "translated", "value" : "Hallo" }, "substitutions" : { "n" : { "argNum" : 1, "formatSpecifier" : "lld" } } }"#,
            #""de" : { "stringUnit" : { "state" : "translated", "value" : "%lld" }, "variations" : { "plural" : { "one" : { "stringUnit" : { "state" : "translated", "value" : "eins" } } } } }"#,
            #""de" : { "stringUnit" : { "state" : "translated", "value" : "Hallo", "x" : "y" } }"#,
            #""de" : { "variations" : { "device" : { "mac" : { "stringUnit" : { "state" : "translated", "value" : "Mac" } } } } }"#,
        ]
        for localization in localizations {
            let json = #"{ "sourceLanguage" : "en", "strings" : { "k %lld" : { "localizations" : { "#
                + localization + #", "en" : { "stringUnit" : { "state" : "translated", "value" : "k %lld" } } } } }, "version" : "1.0" }"#
            let catalog = try Catalog(bytes: try Catalog(bytes: Array(json.utf8)).canonicalBytes())
            let (keys, read) = Self.disagreements(in: catalog)
            #expect(keys.isEmpty, "\(localization)")
            #expect(read == 1, "\(localization)")
        }
    }
}
