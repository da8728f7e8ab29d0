import Foundation
import Testing
import XcstringsMergeTestSupport

/// `merge`, `check`, `format` and `lint` on input nested 1 to the cap deep (and one past it), run with
/// the stack limited to 512 KiB (`ulimit -s 512`): on Linux that limits the main thread and the
/// default size of every other thread alike, as on a Mac's worker threads. Each run ends with a
/// message or a result, never a signal.
@Suite struct DeepNestingTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var depth: Int
        var kind: DeepNesting.Kind
        var testDescription: String { "\(depth) levels of \(kind.rawValue)" }
    }

    static let cases: [Case] = (1...DeepNesting.cap + 1).flatMap { depth in
        DeepNesting.Kind.allCases.map { Case(depth: depth, kind: $0) }
    }

    /// Runs the tool with a 512 KiB stack limit (or `kibibytes`).
    func runOnSmallStack(_ arguments: [String], kibibytes: Int = 512) throws -> ProcessResult {
        try run(URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -s \(kibibytes) && exec \"$0\" \"$@\"", Paths.tool.path] + arguments)
    }

    /// A margin for other processors' frames and builds: the deepest input every command accepts
    /// runs in three quarters of 512 KiB, leaving a quarter free. The merge's own recursion runs
    /// on a thread whose stack the tool sets (`Threads.onOwnStack`), so what the limit holds is
    /// the reading and writing around it.
    @Test(arguments: DeepNesting.Kind.allCases)
    func theDeepestInputLeavesAQuarterOfTheStackFree(_ kind: DeepNesting.Kind) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let depth = DeepNesting.cap
        let base = try directory.write("base.xcstrings", DeepNesting.catalog(depth: depth, kind: kind))
        let ours = try directory.write("ours.xcstrings", DeepNesting.catalog(depth: depth, kind: kind, leaf: "O"))
        let theirs = try directory.write("theirs.xcstrings", DeepNesting.catalog(depth: depth, kind: kind, sibling: kind == .objects ? "T" : nil))
        let threeQuarters = 512 * 3 / 4
        let merge = try runOnSmallStack(["merge", base.path, ours.path, theirs.path, "--report", directory.file("r.json").path], kibibytes: threeQuarters)
        #expect(merge.status == 0, "merge: \(merge.status) \(merge.stderr)")
        for command in [["format", "--check"], ["check"], ["lint", "--strict"]] {
            let result = try runOnSmallStack(command + [base.path], kibibytes: threeQuarters)
            #expect(result.status <= 1, "\(command): \(result.status) \(result.stderr)")
        }
    }

    @Test(arguments: cases)
    func mergeCheckAndFormatNeverCrash(_ testCase: Case) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let depth = testCase.depth, kind = testCase.kind
        let tooDeep = depth > DeepNesting.cap
        // Ours changes the deepest value; theirs adds a sibling beside it (objects) or leaves it.
        let base = try directory.write("base.xcstrings", DeepNesting.catalog(depth: depth, kind: kind))
        let ours = try directory.write("ours.xcstrings", DeepNesting.catalog(depth: depth, kind: kind, leaf: "O"))
        let theirs = try directory.write(
            "theirs.xcstrings", DeepNesting.catalog(depth: depth, kind: kind, sibling: kind == .objects && depth > 1 ? "T" : nil))

        let format = try runOnSmallStack(["format", base.path])
        #expect(format.status == (tooDeep ? 2 : 0), "format: \(format.status) \(format.stderr)")
        let check = try runOnSmallStack(["check", base.path])
        #expect(check.status <= 1, "check: \(check.status) \(check.stdout)")
        let lint = try runOnSmallStack(["lint", "--strict", base.path])
        #expect(lint.status <= (tooDeep ? 2 : 1), "lint: \(lint.status) \(lint.stderr)")
        let merge = try runOnSmallStack(["merge", base.path, ours.path, theirs.path, "--report", directory.file("r.json").path])
        #expect(merge.status <= 1, "merge: \(merge.status) \(merge.stderr)")
        if tooDeep {
            #expect(format.stderr.contains("nesting deeper than \(DeepNesting.cap) levels"))
            #expect(check.stdout.contains("nesting deeper than \(DeepNesting.cap) levels"))
            #expect(merge.stderr.contains("falling back to git's line merge"))
        } else {
            #expect(check.status == 0, "check of a formatted catalog: \(check.stdout)")
            #expect(merge.status == 0, "merge: \(merge.stderr)")
            let merged = String(decoding: try bytes(ours), as: UTF8.self)
            #expect(merged.contains("\"O\""))
            if kind == .objects && depth > 1 { #expect(merged.contains("\"T\"")) }
        }
    }
}
