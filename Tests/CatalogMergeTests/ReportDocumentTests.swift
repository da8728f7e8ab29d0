import Foundation
import Testing
import CatalogMerge
import MergePipeline
import StringCatalog
import XcstringsMergeTestSupport

/// The report's one codec: what it writes reads back equal and writes the same bytes again, for
/// every merge fixture's report (plain, with labels and a merge record, with choices settled,
/// with repairs, a fallback); an unknown newer version is refused by name.
@Suite struct ReportDocumentTests {
    @Test(arguments: MergeFixtureTests.cases)
    func aFixtureReportReadsBackEqual(_ name: String) throws {
        for prefer in [nil, Side.theirs] {
            let merged = try MergeFixtureTests.merged(name, options: MergeOptions(prefer: prefer, file: "App/L.xcstrings"))
            let document = MergeReportDocument(
                merged.report, path: "App/L.xcstrings", labels: MergeLabels(base: "base", ours: "main", theirs: "feature"),
                merge: MergeRecord(head: String(repeating: "a", count: 40), theirs: nil))
            let read = try MergeReportDocument(bytes: document.bytes)
            #expect(read == document, "\(name)")
            #expect(read.bytes == document.bytes, "\(name)")
            #expect(read.unresolvedConflicts.map(\.id) == merged.report.unresolvedConflicts.map(\.id))
        }
    }

    @Test func repairsAndAFallbackReadBackEqual() throws {
        var report = MergeReport()
        report.fallback = LineMergeFallback(reason: "L.xcstrings (ours):3:1: git conflict marker", hunks: 2, method: "git merge-file")
        report.repairs = [InputRepair(
            side: .theirs, file: "L.xcstrings", line: 4, column: 5, kind: "duplicate-key", key: "Save", path: ["strings"],
            values: ["a", ["x": .null]])]
        let document = MergeReportDocument(report, path: nil, labels: MergeLabels())
        let read = try MergeReportDocument(bytes: document.bytes)
        #expect(read == document)
        #expect(read.fallback?.hunks == 2)
    }

    @Test func aNewerVersionIsRefusedByName() throws {
        var text = String(decoding: MergeReportDocument(MergeReport(), path: nil, labels: MergeLabels()).bytes, as: UTF8.self)
        text = text.replacingOccurrences(of: "\"version\" : 1", with: "\"version\" : 2")
        let error = try #require(throws: MergeReportDocument.ReadError.self) { try MergeReportDocument(bytes: Array(text.utf8)) }
        #expect(error.message.contains("format version 2, newer than this xcstrings-merge reads (1)"), "\(error.message)")
        #expect(throws: MergeReportDocument.ReadError.self) { try MergeReportDocument(bytes: Array("[1]".utf8)) }
        #expect(throws: MergeReportDocument.ReadError.self) { try MergeReportDocument(bytes: Array("{\"conflicts\": []}".utf8)) }
        // A report from before `removed` and `warnings` existed reads with none.
        let old = try MergeReportDocument(bytes: Array("{\"version\": 1, \"path\": null, \"conflicts\": [], \"autoResolved\": []}".utf8))
        #expect(old.removed.isEmpty && old.warnings.isEmpty && old.merge == nil)
    }
}
