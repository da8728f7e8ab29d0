import Foundation
import Testing
@testable import CatalogDiff
import CatalogMerge
import MergeOracle
import MergePipeline
import StringCatalog
import XcstringsMergeTestSupport

/// Replays what the fuzzers once found, with the fuzz targets' own checks: the merge's through
/// `FileMerge`, as the merge command runs it (on one thread and on two). Inputs found when the
/// merge fuzzer took any JSON object are also merged as such objects.
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
            // What JSON's grammar accepts (Foundation's parser the reference), the reader reads;
            // textconv's one-pass writer writes the lines of what it read, or leaves them to it.
            let read = try? Catalog.mergeBase(bytes: input, for: .anyObject)
            if (try? JSONSerialization.jsonObject(with: Data(input))) is [String: Any] { #expect(read != nil) }
            var fast: [UInt8] = []
            if input.withUnsafeBufferPointer({ FastFactLines.write($0) { fast += $0 } }) {
                #expect(read.map(FactLines.bytes(of:)) == fast)
            }
            guard let catalog = try? Catalog(bytes: input) else { return }
            let output = catalog.canonicalBytes()
            #expect(try Catalog(bytes: output).canonicalBytes() == output)
            return
        }
        let parts = input.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).map(Array.init)
        try #require(parts.count == 3)
        var mergedOnce = false
        for splitAbove in [JSONReader.defaultSplitSize, 16] {
            let pipeline = FileMerge(splitAbove: splitAbove)
            guard case .merged(let merged) = pipeline.run(.bytes(base: parts[0], ours: parts[1], theirs: parts[2])) else { continue }
            mergedOnce = true
            Self.holdsTheFuzzChecks(merged, pipeline)
        }
        if !mergedOnce {
            let base = try Catalog.mergeBase(bytes: parts[0], for: .anyObject)
            let ours = try Catalog(bytes: parts[1], for: .anyObject)
            let theirs = try Catalog(bytes: parts[2], for: .anyObject)
            Self.holdsTheFuzzChecks(FileMerge().merge(ReadCatalogs(base: base, ours: ours, theirs: theirs)), FileMerge())
        }
    }

    static func holdsTheFuzzChecks(_ merged: MergedCatalog, _ pipeline: FileMerge) {
        let output = merged.catalog.canonicalBytes()
        #expect((try? Catalog(bytes: output, for: .anyObject).canonicalBytes()) == output)
        // The report reads back as written (a dropped duplicate's text once held bytes that are
        // not UTF-8, and the report did not read).
        let document = MergeReportDocument(merged.report, path: "Localizable.xcstrings", labels: MergeLabels())
        #expect((try? MergeReportDocument(bytes: document.bytes)) == document)
        let inputs = merged.inputs
        #expect(LossCheck.problems(base: inputs.base, ours: inputs.ours, theirs: inputs.theirs, merged: merged.catalog, report: merged.report).isEmpty)
        let same = pipeline.merge(ReadCatalogs(base: inputs.base, ours: inputs.ours, theirs: inputs.ours))
        #expect(same.catalog.canonicalBytes() == inputs.ours.canonicalBytes())
    }
}
