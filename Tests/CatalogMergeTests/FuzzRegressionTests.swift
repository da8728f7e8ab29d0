import Foundation
import Testing
import CatalogMerge
import StringCatalog
import TestSupport

/// Replays what the fuzzers once found, with the fuzz targets' own checks.
@Suite struct FuzzRegressionTests {
    static let folder = Paths.fixtures.appendingPathComponent("fuzz-regressions")
    static let cases: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [])
        .filter { $0.hasPrefix("merge-") || $0.hasPrefix("reader-") }.sorted()

    @Test func thereAreRegressionCases() {
        #expect(Self.cases.count >= 4)
    }

    @Test(arguments: cases)
    func regressionStaysFixed(_ name: String) throws {
        let input = try bytes(Self.folder.appendingPathComponent(name))
        if name.hasPrefix("reader-") {
            guard let catalog = try? Catalog(bytes: input) else { return }
            let output = catalog.canonicalBytes()
            #expect(try Catalog(bytes: output).canonicalBytes() == output)
            return
        }
        let parts = input.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).map(Array.init)
        try #require(parts.count == 3)
        let base = try Catalog.mergeBase(bytes: parts[0], requiringCatalogShape: false)
        let ours = try Catalog(bytes: parts[1], requiringCatalogShape: false)
        let theirs = try Catalog(bytes: parts[2], requiringCatalogShape: false)
        let (merged, report) = ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs)
        let output = merged.canonicalBytes()
        #expect(try Catalog(bytes: output, requiringCatalogShape: false).canonicalBytes() == output)
        #expect(LossCheck.problems(base: base, ours: ours, theirs: theirs, merged: merged, report: report).isEmpty)
        #expect(ThreeWayMerge.merge(base: base, ours: ours, theirs: ours).catalog.canonicalBytes() == ours.canonicalBytes())
    }
}
