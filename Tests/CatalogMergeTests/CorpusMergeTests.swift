import Foundation
import Testing
import CatalogMerge
import MergeOracle
import StringCatalog
import XcstringsMergeTestSupport

/// The real three-way merges in `../shared/corpus/merges/`.
///
/// Expected: every case whose three inputs are catalogs merges with no conflict, or with only the
/// conflicts the rules call for. There are 6 such cases, each a translation deleted on one side and
/// changed on the other (`deleted-modified`). R10 removed 5 more, in 2 merges where one branch
/// renamed keys while the other translated them: CotEditor d6950ba3ac (3 keys, now exactly what
/// the project committed) and Easydict b5350c0163 (2 keys; the committed file dropped the Slovak
/// edit that the merge carries to the renamed key, and put it on an unrelated key). Where the merged catalog differs from what the
/// project committed, the difference is one of:
/// - the project resolved a deleted-modified conflict by deleting (we keep the changed version and
///   report it);
/// - the committed result is not a pure merge: Xcode or a person edited it afterwards (entries marked
///   stale, strings added), or it holds a line merge's duplicate keys;
/// - the project kept `translated` where U2 takes `needs_review` from the other side.
@Suite struct CorpusMergeTests {
    struct Outcome {
        var name: String
        var conflicts: [MergeConflict]
        var renames: [AutoResolution]
        var equalsCommitted: Bool
    }

    static func outcomes() throws -> [Outcome]? {
        guard let folder = Paths.corpus("merges") else { return nil }
        var outcomes: [Outcome] = []
        for name in try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() {
            let directory = folder.appendingPathComponent(name)
            func read(_ side: String) -> [UInt8]? { try? bytes(directory.appendingPathComponent("\(side).xcstrings")) }
            guard let baseBytes = read("base"), let oursBytes = read("ours"), let theirsBytes = read("theirs"),
                let base = try? Catalog.mergeBase(bytes: baseBytes), let ours = try? Catalog(bytes: oursBytes),
                let theirs = try? Catalog(bytes: theirsBytes)
            else { continue }
            let (merged, report) = ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs)
            let output = merged.canonicalBytes()
            #expect(try Catalog(bytes: output).canonicalBytes() == output, "\(name): output not canonical")
            let lost = LossCheck.problems(base: base, ours: ours, theirs: theirs, merged: merged, report: report)
            #expect(lost.isEmpty, "\(name) lost \(lost)")
            var equal = false
            if let committed = read("result").flatMap({ try? Catalog(bytes: $0) }) {
                equal = committed.canonicalBytes() == output
            }
            outcomes.append(Outcome(
                name: name, conflicts: report.conflicts, renames: report.autoResolved.filter { $0.rule == "renamed-key" },
                equalsCommitted: equal))
        }
        return outcomes
    }

    @Test(.enabled(if: Paths.corpusPresent, "../shared/corpus is absent")) func realMergesConflictOnlyWhereTheRulesSay() throws {
        guard let outcomes = try Self.outcomes() else { print(Paths.sharedAbsentMessage); return }
        // 237 cases: 3 with an input that is not valid JSON and 1 that deletes the catalog are skipped.
        #expect(outcomes.count == 233)
        let conflicted = outcomes.filter { !$0.conflicts.isEmpty }
        #expect(conflicted.count == 6, "conflicted: \(conflicted.map(\.name))")
        for outcome in conflicted {
            for conflict in outcome.conflicts {
                #expect(conflict.kind == .deletedModified || conflict.kind == .bothModified, "\(outcome.name): \(conflict.kind)")
            }
        }
        // Most merges give exactly what the project committed.
        let equal = outcomes.filter(\.equalsCommitted).count
        #expect(equal >= 222, "only \(equal) equal to the committed result")
        // R10 follows the renames, and only in these two merges.
        let renamed = outcomes.filter { !$0.renames.isEmpty }
        #expect(renamed.map(\.name) == ["coteditor__CotEditor__d6950ba3ac__SyntaxEditor", "tisfeng__Easydict__b5350c0163__Localizable"])
        let cotEditor = try #require(renamed.first)
        #expect(cotEditor.equalsCommitted)
        #expect(cotEditor.renames.compactMap(\.from).map(\.string).sorted() == [
            "SyntaxObject.Error.Code.blockComment", "SyntaxObject.Error.Code.duplicated", "SyntaxObject.Error.Code.regularExpression",
        ])
    }
}
