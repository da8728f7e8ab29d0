import Foundation
import Testing
import CatalogLint
import CatalogMerge
import MergePipeline
import StringCatalog
import XcstringsMergeTestSupport

/// Runs every `Fixtures/merge/<case>/`: base, ours and theirs must merge into `expected.xcstrings`
/// with exactly `report.json`. Each folder's README says which rule it proves. The files are
/// merged by `FileMerge`, as the merge command merges them (`CLITests.MergeCommandFixtureTests`
/// holds the command to the same folders).
@Suite struct MergeFixtureTests {
    static let folder = Paths.fixtures.appendingPathComponent("merge")
    static let cases: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()

    /// The folder's three files, read as the merge command reads them.
    static func load(_ name: String) throws -> (base: Catalog, ours: Catalog, theirs: Catalog) {
        guard case .catalogs(let read) = FileMerge().read(inputs(name)) else {
            throw FixtureError(message: "\(name): the inputs do not read as catalogs")
        }
        return (read.base, read.ours, read.theirs)
    }

    static func inputs(_ name: String) -> MergeInputs {
        let directory = folder.appendingPathComponent(name)
        return MergeInputs.files(
            base: directory.appendingPathComponent("base.xcstrings").path, ours: directory.appendingPathComponent("ours.xcstrings").path,
            theirs: directory.appendingPathComponent("theirs.xcstrings").path)
    }

    /// The folder's three files, merged as the command merges them.
    static func merged(_ name: String, options: MergeOptions = MergeOptions(), splitAbove: Int = JSONReader.defaultSplitSize) throws -> MergedCatalog {
        guard case .merged(let merged) = FileMerge(options: options, splitAbove: splitAbove).run(inputs(name)) else {
            throw FixtureError(message: "\(name): the inputs do not read as catalogs")
        }
        return merged
    }

    struct FixtureError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    @Test(arguments: cases)
    func fixtureMergesToExpectedOutputAndReport(_ name: String) throws {
        let directory = Self.folder.appendingPathComponent(name)
        let merged = try Self.merged(name)
        let expected = try bytes(directory.appendingPathComponent("expected.xcstrings"))
        #expect(merged.catalog.canonicalBytes() == expected)
        let expectedReport = try bytes(directory.appendingPathComponent("report.json"))
        let actualReport = merged.report.json(path: nil, labels: MergeLabels())
        #expect(String(decoding: actualReport, as: UTF8.self) == String(decoding: expectedReport, as: UTF8.self))
    }

    /// The sides read on two threads each, as a big catalog's are, merge the same.
    @Test(arguments: cases)
    func fixtureMergesTheSameWhenReadOnTwoThreads(_ name: String) throws {
        let single = try Self.merged(name, splitAbove: 0)
        let split = try Self.merged(name, splitAbove: 64)
        #expect(split.catalog.canonicalBytes() == single.catalog.canonicalBytes())
        #expect(split.report.json(path: nil, labels: MergeLabels()) == single.report.json(path: nil, labels: MergeLabels()))
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
        #expect(rules == Set(MergeRules.all.filter(\.settlesAlone).map(\.id)))
        #expect(kinds == Set(ConflictKind.allCases.map(\.rawValue)))
    }

    @Test func conflictIdsAreStableAndDistinct() throws {
        let (base, ours, theirs) = try Self.load("unit-value-both-modified")
        let first = ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs).report.conflicts.map(\.id)
        let second = ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs).report.conflicts.map(\.id)
        #expect(first == second)
        #expect(first == ["0d7fabb3133dd652"])
    }
}
