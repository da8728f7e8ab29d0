import Testing
import CatalogMerge
import MergeOracle
import StringCatalog
import XcstringsMergeTestSupport

/// The merge and the loss check on values nested up to the cap, in process, on a thread with
/// a 512 KiB stack (a macOS worker thread's size).
@Suite struct DeepNestingMergeTests {
    @Test(arguments: DeepNesting.Kind.allCases)
    func mergeOnASmallStack(_ kind: DeepNesting.Kind) throws {
        let problems = DeepNesting.onSmallStack { () -> [String] in
            var problems: [String] = []
            for depth in 2...DeepNesting.cap {
                do throws(JSONError) {
                    let base = try Catalog(bytes: Array(DeepNesting.catalog(depth: depth, kind: kind).utf8))
                    let ours = try Catalog(bytes: Array(DeepNesting.catalog(depth: depth, kind: kind, leaf: "O").utf8))
                    let theirs = try Catalog(bytes: Array(DeepNesting.catalog(depth: depth, kind: kind, leaf: "T").utf8))
                    // Both sides change the deepest value: a conflict found at the bottom.
                    let (merged, report) = ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs)
                    if report.conflicts.count != 1 { problems.append("\(depth): \(report.conflicts.count) conflicts") }
                    problems += LossCheck.problems(base: base, ours: ours, theirs: theirs, merged: merged, report: report)
                    _ = report.json(path: "Deep.xcstrings", labels: MergeLabels())
                    _ = merged.canonicalBytes()
                } catch {
                    problems.append("\(depth): \(error.message)")
                }
            }
            return problems
        }
        #expect(problems.isEmpty, "\(problems)")
    }
}
