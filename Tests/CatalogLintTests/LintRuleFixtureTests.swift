import Foundation
import Testing
@testable import CatalogLint
import StringCatalog
import XcstringsMergeTestSupport

/// Every rule against `Fixtures/lint/<rule>/`: it flags exactly the strings in `expected.txt`
/// among `flagged.xcstrings`, and nothing among `look-alikes.xcstrings`.
@Suite struct LintRuleFixtureTests {
    static let folder = Paths.fixtures.appendingPathComponent("lint")

    static func findings(_ rule: LintRule, in file: URL) throws -> [Finding] {
        let bytes = try bytes(file)
        let catalog = try Catalog(bytes: bytes)
        return Linter(rules: [rule], includeOptIn: true, turnedOn: [rule.id]).findings(in: catalog, bytes: bytes, file: file.lastPathComponent)
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

/// `normalization-twins` passes over ASCII keys that no other key normalizes to; that is exact
/// only if the characters whose canonical decomposition is ASCII are the ones it lists.
@Suite struct NormalizationTwinsTableTests {
    @Test func theASCIISingletonsAreEveryScalarThatDecomposesToASCII() {
        var found: [UInt32: UInt8] = [:]
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let decomposed = String(scalar).decomposedStringWithCanonicalMapping
            guard decomposed.unicodeScalars.allSatisfy(\.isASCII) else { continue }
            #expect(decomposed.utf8.count == 1, "U+\(String(value, radix: 16))")
            found[value] = decomposed.utf8.first
        }
        #expect(found == NormalizationTwinsRule.asciiSingletons)
    }
}
