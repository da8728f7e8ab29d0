import Testing
@testable import CatalogLint
import StringCatalog
import XcstringsMergeTestSupport

/// Nothing a catalog holds may crash the linter: seeded random texts full of `%`, `$`, digits,
/// `#@`, escapes and non-ASCII, as keys and as values in every place a form can be.
@Suite struct LintRobustnessTests {
    static let pieces = ["%", "%%", "$", "1$", "2$", "#@", "@", "%#@x@", "%#@", "%1$", "%.*", "%-08.3", "%ll", "%hh", "d", "@", "f",
                         "p", "s", "c", "x", "arg", "%arg", " ", "\n", "\t", "\r", "\\", "\\n", "\"", "é", "e\u{301}", "漢", "😀", "\u{A0}",
                         "%lld", "%@", "%2$@", "%1$lld", "text", ""]

    static func text(_ generator: inout SeededGenerator) -> String {
        (0..<Int.random(in: 0...8, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
    }

    @Test(arguments: Array(UInt64(1)...20))
    func randomTextsNeverCrashTheRules(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed &+ 9000)
        for _ in 0..<200 {
            let value = Self.text(&generator)
            _ = FormatString.specifiers(in: value)
            _ = FormatString.arguments(in: value, substitutions: ["x": (Int.random(in: -1...3, using: &generator), .integer)])
            _ = FormatString.removingSpecifiers(value)
            _ = FormatOnlyKeyRule.isFormatOnly(value)
            _ = ArgumentClass(formatSpecifier: value)
        }
        var strings = JSONObject()
        for index in 0..<60 {
            func unit() -> JSONValue {
                ["stringUnit": ["state": .string(UTF8Bytes(["translated", "new", "needs_review"].randomElement(using: &generator)!)),
                                "value": .string(UTF8Bytes(Self.text(&generator)))]]
            }
            var localizations = JSONObject()
            for locale in ["en", "de", "ru", "ar", "ja", "xx-Zz"] where Bool.random(using: &generator) {
                switch Int.random(in: 0..<3, using: &generator) {
                case 0:
                    localizations[key: UTF8Bytes(locale)] = unit()
                case 1:
                    var cases = JSONObject()
                    for category in ["zero", "one", "few", "other", "bogus"] where Bool.random(using: &generator) { cases[key: UTF8Bytes(category)] = unit() }
                    localizations[key: UTF8Bytes(locale)] = ["variations": ["plural": .object(cases)]]
                default:
                    var localization = unit().object!
                    localization[key: "substitutions"] = ["x": ["argNum": .number(UTF8Bytes(String(Int.random(in: 0...3, using: &generator)))),
                                                                "formatSpecifier": .string(UTF8Bytes(Self.text(&generator))),
                                                                "variations": ["plural": ["other": unit()]]]]
                    localizations[key: UTF8Bytes(locale)] = .object(localization)
                }
            }
            strings[key: UTF8Bytes(Self.text(&generator) + "\(index)")] = ["localizations": .object(localizations)]
        }
        var catalog = Catalog.empty()
        catalog.strings = strings
        let bytes = catalog.canonicalBytes()
        let reread = try Catalog(bytes: bytes)
        let findings = Linter(includeOptIn: true).findings(in: reread, bytes: bytes, file: "Random.xcstrings")
        #expect(findings.allSatisfy { $0.line >= 1 && $0.column >= 1 })
        _ = LintFix.apply(to: reread)
        let report = LintReport(files: [.init(path: "Random.xcstrings", findings: findings, coverage: Coverage.of(Linter.strings(of: reread)))], toolVersion: "test")
        _ = report.human(colour: true)
        _ = report.json()
        _ = report.sarif(rules: LintRules.all)
        _ = report.github()
    }
}

/// Arguments a value reads that the app does not pass are one finding, however many.
@Suite struct UnpassedArgumentsTests {
    static func findings(_ value: String) throws -> [Finding] {
        let text = "{\"sourceLanguage\" : \"en\", \"strings\" : {\"%d\" : {\"localizations\" : {\"de\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \"\(value)\"}}}}}, \"version\" : \"1.0\"}"
        let bytes = Array(text.utf8)
        return Linter(rules: [PlaceholderRules.mismatch]).findings(in: try Catalog(bytes: bytes), bytes: bytes, file: "L.xcstrings")
    }

    @Test func oneFindingNamesThemAll() throws {
        let one = try Self.findings("%d %d")
        #expect(one.map(\.message) == ["\"%d %d\" reads argument 2 ('%d'), which the app does not pass (it passes 1)"])
        let many = try Self.findings(String(repeating: "%d ", count: 6))
        #expect(many.count == 1)
        #expect(many.first?.message.contains("reads arguments 2, 3, 4, … (5 in all), which the app does not pass (it passes 1)") == true, "\(many.map(\.message))")
    }
}
