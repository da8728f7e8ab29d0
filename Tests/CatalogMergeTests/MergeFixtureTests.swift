import Foundation
import Testing
import CatalogLint
import CatalogMerge
import StringCatalog
import TestSupport

/// Runs every `Fixtures/merge/<case>/`: base, ours and theirs must merge into `expected.xcstrings`
/// with exactly `report.json`. Each folder's README says which rule it proves.
@Suite struct MergeFixtureTests {
    static let folder = Paths.fixtures.appendingPathComponent("merge")
    static let cases: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()

    static func load(_ name: String) throws -> (base: Catalog, ours: Catalog, theirs: Catalog) {
        let directory = folder.appendingPathComponent(name)
        return (
            try Catalog.mergeBase(bytes: try bytes(directory.appendingPathComponent("base.xcstrings"))),
            try Catalog(bytes: try bytes(directory.appendingPathComponent("ours.xcstrings"))),
            try Catalog(bytes: try bytes(directory.appendingPathComponent("theirs.xcstrings")))
        )
    }

    @Test(arguments: cases)
    func fixtureMergesToExpectedOutputAndReport(_ name: String) throws {
        let directory = Self.folder.appendingPathComponent(name)
        let (base, ours, theirs) = try Self.load(name)
        var (merged, report) = ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs)
        // As the merge command does: the combined entries are linted.
        report.warnings = Linter.afterMerge.findings(forKeys: report.combinedKeys, in: merged).map {
            MergeWarning(rule: $0.rule, key: $0.key, locale: $0.locale, message: $0.message)
        }
        let expected = try bytes(directory.appendingPathComponent("expected.xcstrings"))
        #expect(merged.canonicalBytes() == expected)
        let expectedReport = try bytes(directory.appendingPathComponent("report.json"))
        let actualReport = report.json(path: nil, labels: MergeLabels())
        #expect(String(decoding: actualReport, as: UTF8.self) == String(decoding: expectedReport, as: UTF8.self))
    }

    @Test(arguments: cases)
    func preferSettlesEveryConflictTowardThatSide(_ name: String) throws {
        let (base, ours, theirs) = try Self.load(name)
        for side in [Side.ours, .theirs] {
            let (merged, report) = ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs, options: MergeOptions(prefer: side))
            #expect(report.unresolvedConflicts.isEmpty)
            let plain = ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs).report
            #expect(report.conflicts.count == plain.conflicts.count)
            // Choosing a side for each conflict by id gives the same result.
            let choices = Dictionary(uniqueKeysWithValues: plain.conflicts.map { ($0.id, Resolution.take(side)) })
            let chosen = ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs, options: MergeOptions(choices: choices))
            #expect(chosen.catalog.canonicalBytes() == merged.canonicalBytes())
        }
    }

    /// Every rule and every conflict kind has a fixture that shows it.
    @Test func everyRuleAndConflictKindHasAFixture() throws {
        var rules = Set<String>()
        var kinds = Set<String>()
        for name in Self.cases {
            let (base, ours, theirs) = try Self.load(name)
            let report = ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs).report
            rules.formUnion(report.autoResolved.map(\.rule))
            kinds.formUnion(report.conflicts.map(\.kind.rawValue))
        }
        #expect(rules == ["translation-beats-new", "state-precedence", "derived-change-vs-delete", "extraction-state", "auto-comment", "version", "renamed-key", "phrases-added"])
        #expect(kinds == Set(ConflictKind.allCases.map(\.rawValue)))
    }

    @Test func conflictIdsAreStableAndDistinct() throws {
        let (base, ours, theirs) = try Self.load("both-modified")
        let first = ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs).report.conflicts.map(\.id)
        let second = ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs).report.conflicts.map(\.id)
        #expect(first == second)
        #expect(first == ["0d7fabb3133dd652"])
    }
}
