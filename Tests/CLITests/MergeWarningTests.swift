import Foundation
import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// After a merge, the placeholder and plural rules run on the entries it combined from both
/// sides: a clean merge can pair one side's new source text with the other's translation of the
/// old one. Warnings go to the report and standard error and do not change the exit status.
@Suite struct MergeWarningTests {
    static func catalog(_ strings: [String: [String: String]]) throws -> [UInt8] {
        try LintCommandTests.catalog(strings)
    }

    @Test func aNewArgumentMeetingAnOldTranslationIsAWarning() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // An old bug in an entry neither side touches is not the merge's business.
        let untouched = ["%lld files": ["de": "%@ Dateien"]]
        let base = try directory.write("base.xcstrings", try Self.catalog(untouched.merging(["welcome": ["en": "Welcome"]]) { a, _ in a }))
        let ours = try directory.write("ours.xcstrings", try Self.catalog(untouched.merging(["welcome": ["en": "Welcome, %@"]]) { a, _ in a }))
        let theirs = try directory.write(
            "theirs.xcstrings", try Self.catalog(untouched.merging(["welcome": ["en": "Welcome", "de": "Willkommen"]]) { a, _ in a }))
        let report = directory.file("report.json")
        let merge = try runTool(["merge", base.path, ours.path, theirs.path, "--report", report.path, "--path", "L.xcstrings"])
        #expect(merge.status == 0, "warnings do not fail a merge: \(merge.stderr)")
        #expect(merge.stderr.contains("xcstrings-merge: L.xcstrings: warning: \"welcome\" [de]: \"Willkommen\" leaves out argument 1 (an object (%@)) that the source text shows [placeholder-missing]"), "\(merge.stderr)")
        #expect(!merge.stderr.contains("%lld files"))
        let document = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any])
        let warnings = try #require(document["warnings"] as? [[String: Any]])
        #expect(warnings.count == 1)
        #expect(warnings.first?["rule"] as? String == "placeholder-missing")
        #expect(warnings.first?["key"] as? String == "welcome")
        #expect(warnings.first?["locale"] as? String == "de")
    }

    /// Within an entry the merge combined, only the locales a side changed: a French bug that
    /// both sides already had is not the merge's doing; the same bug in a locale theirs edited is.
    @Test(arguments: [false, true])
    func warningsNameOnlyTheLocalesTheMergeCombined(theirsEditsFrench: Bool) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let french = "%d fichiers"
        let base = try directory.write("base.xcstrings", try Self.catalog(["%@ files": ["en": "%@ files", "de": "%@ Dateien", "fr": french, "ja": "%@ ファイル"]]))
        let ours = try directory.write("ours.xcstrings", try Self.catalog(["%@ files": ["en": "%@ files", "de": "%@ Dateien!", "fr": french, "ja": "%@ ファイル"]]))
        let theirs = try directory.write("theirs.xcstrings", try Self.catalog([
            "%@ files": ["en": "%@ files", "de": "%@ Dateien", "fr": theirsEditsFrench ? "%d fichiers !" : french, "ja": "%@ ファイル。"],
        ]))
        let merge = try runTool(["merge", base.path, ours.path, theirs.path, "-o", directory.file("out.xcstrings").path, "--path", "L.xcstrings"])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(merge.stderr.contains("\"%@ files\" [fr]") == theirsEditsFrench, "\(merge.stderr)")
    }

    @Test func aPluralMissingACategoryAfterAMergeIsAWarning() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        func plural(_ cases: [String: String]) -> JSONValue {
            var object = JSONObject()
            for (category, value) in cases.sorted(by: { $0.key < $1.key }) {
                object[key: UTF8Bytes(category)] = ["stringUnit": ["state": "translated", "value": .string(UTF8Bytes(value))]]
            }
            return ["variations": ["plural": .object(object)]]
        }
        func write(_ name: String, _ localizations: [String: JSONValue]) throws -> URL {
            var strings = JSONObject()
            var object = JSONObject()
            for (locale, value) in localizations.sorted(by: { $0.key < $1.key }) { object[key: UTF8Bytes(locale)] = value }
            strings[key: "%lld files"] = ["localizations": .object(object)]
            var catalog = Catalog.empty()
            catalog.strings = strings
            return try directory.write(name, catalog.canonicalBytes())
        }
        let base = try write("base.xcstrings", ["ru": plural(["one": "%lld файл", "few": "%lld файла", "many": "%lld файлов", "other": "%lld файла"])])
        // Ours drops "many" by mistake; theirs adds German: both changed the entry.
        let ours = try write("ours.xcstrings", ["ru": plural(["one": "%lld файл", "few": "%lld файла", "other": "%lld файла"])])
        let theirs = try write("theirs.xcstrings", [
            "ru": plural(["one": "%lld файл", "few": "%lld файла", "many": "%lld файлов", "other": "%lld файла"]),
            "de": plural(["one": "%lld Datei", "other": "%lld Dateien"]),
        ])
        let merge = try runTool(["merge", base.path, ours.path, theirs.path, "--report", directory.file("r.json").path])
        #expect(merge.status == 0)
        #expect(merge.stderr.contains("warning: \"%lld files\" [ru]: plural lacks many"), "\(merge.stderr)")
    }
}
