import Foundation
import Testing
import XcstringsMergeTestSupport

/// The merge command on every `Fixtures/merge/<case>/` writes exactly what `FileMerge` gives the
/// fixture tests (`expected.xcstrings`, `report.json`): the tests prove what users run. Run
/// outside any repository, so that the report names no merge.
@Suite struct MergeCommandFixtureTests {
    static let folder = Paths.fixtures.appendingPathComponent("merge")
    static let cases: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()

    @Test(arguments: cases)
    func theCommandMergesTheFixtureAsTheLibraryDoes(_ name: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let fixture = Self.folder.appendingPathComponent(name)
        var paths: [String] = []
        for side in ["base", "ours", "theirs"] {
            let copy = try directory.write("\(side).xcstrings", Array(try Data(contentsOf: fixture.appendingPathComponent("\(side).xcstrings"))))
            paths.append(copy.path)
        }
        let output = directory.file("out.xcstrings")
        let report = directory.file("report.json")
        let merge = try runTool(["merge"] + paths + ["-o", output.path, "--report", report.path], in: directory.url)
        let expectedReport = try String(contentsOf: fixture.appendingPathComponent("report.json"), encoding: .utf8)
        // Exit 1 exactly when a conflict is left (no fixture input needs a repair).
        let document = try #require(try JSONSerialization.jsonObject(with: Data(expectedReport.utf8)) as? [String: Any])
        let unresolved = try #require((document["summary"] as? [String: Any])?["unresolved"] as? Int)
        #expect(merge.status == (unresolved > 0 ? 1 : 0), "\(merge.stderr)")
        #expect(try Data(contentsOf: output) == Data(contentsOf: fixture.appendingPathComponent("expected.xcstrings")))
        #expect(try String(contentsOf: report, encoding: .utf8) == expectedReport)
    }
}
