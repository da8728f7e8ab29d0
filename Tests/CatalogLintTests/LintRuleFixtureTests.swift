import Foundation
import Testing
import CatalogLint
import StringCatalog
import TestSupport

/// Every rule against `Fixtures/lint/<rule>/`: it flags exactly the strings in `expected.txt`
/// among `flagged.xcstrings`, and nothing among `look-alikes.xcstrings`.
@Suite struct LintRuleFixtureTests {
    static let folder = Paths.fixtures.appendingPathComponent("lint")

    static func findings(_ rule: LintRule, in file: URL) throws -> [Finding] {
        let bytes = try bytes(file)
        let catalog = try Catalog(bytes: bytes)
        return Linter(rules: [rule], includeOptIn: true).findings(in: catalog, bytes: bytes, file: file.lastPathComponent)
    }

    static func describe(_ finding: Finding) -> String {
        finding.key.string + (finding.locale.map { " [\($0)]" } ?? "")
    }

    @Test(arguments: LintRules.all.map(\.id))
    func ruleFlagsWhatItMustAndNotTheLookAlikes(_ id: String) throws {
        let rule = try #require(LintRules.named(id))
        let directory = Self.folder.appendingPathComponent(id)
        let expected = try String(contentsOf: directory.appendingPathComponent("expected.txt"), encoding: .utf8)
            .split(separator: "\n").map(String.init)
        let flagged = try Self.findings(rule, in: directory.appendingPathComponent("flagged.xcstrings"))
        #expect(Set(flagged.map(Self.describe)) == Set(expected), "\(flagged.map { "\(Self.describe($0)): \($0.message)" })")
        #expect(flagged.allSatisfy { $0.rule == id && $0.line > 1 && $0.column > 1 })
        let lookAlikes = try Self.findings(rule, in: directory.appendingPathComponent("look-alikes.xcstrings"))
        #expect(lookAlikes.isEmpty, "\(lookAlikes.map { "\(Self.describe($0)): \($0.message)" })")
    }

    @Test func everyRuleHasAFixtureFolderAndNoFolderLacksARule() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.folder.path).filter { !$0.contains(".") }
        #expect(Set(folders) == Set(LintRules.all.map(\.id)))
    }

    @Test func correctStringsGiveNothingEvenWhenStrict() throws {
        let file = Self.folder.appendingPathComponent("correct.xcstrings")
        let bytes = try bytes(file)
        let findings = Linter(includeOptIn: true).findings(in: try Catalog(bytes: bytes), bytes: bytes, file: "correct.xcstrings")
        #expect(findings.isEmpty, "\(findings.map { "\($0.rule) \(Self.describe($0)): \($0.message)" })")
    }

    @Test func theCatalanPointerBugIsAnErrorAtItsLine() throws {
        let file = Self.folder.appendingPathComponent("placeholder-mismatch/flagged.xcstrings")
        let rule = try #require(LintRules.named("placeholder-mismatch"))
        let finding = try #require(try Self.findings(rule, in: file).first { $0.locale == "ca" })
        #expect(finding.severity == .error)
        #expect(finding.message.contains("as a pointer (%p); the app passes an object (%@)"), "\(finding.message)")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines[finding.line - 1].contains("\"value\" : \"% publicacions\""))
    }
}
