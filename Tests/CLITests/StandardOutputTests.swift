import Foundation
import Testing
import XcstringsMergeTestSupport

/// A failed write to standard output (a full disk behind `> report.sarif`) is an error: exit 2
/// with a message, never a pass with an empty or cut file. A reader that goes away on purpose
/// (`| head`) is not reported, as git does not report it.
@Suite struct StandardOutputTests {
    static let fullDevice = FileManager.default.fileExists(atPath: "/dev/full")

    static let commands: [[String]] = [
        ["--version"], ["--help"], ["check", "{new}"], ["lint", "--format", "sarif", "{new}"], ["lint", "--format", "json", "{new}"],
        ["lint", "{new}"], ["diff", "{old}", "{new}"], ["diff", "--format", "markdown", "{old}", "{new}"], ["textconv", "{new}"],
        ["completions", "bash"], ["diff", "--stat", "{old}", "{new}"], ["merge", "--help"],
    ]

    @Test(.enabled(if: fullDevice, "no /dev/full here (Linux has it): a full disk is not simulated"), arguments: commands)
    func aFailedWriteToStandardOutputExitsTwo(arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let old = try directory.write("Old.xcstrings", simpleCatalog(["Save": ["de": "Speichern"], "%@ files": ["de": "%@ Dateien"]]))
        let new = try directory.write("New.xcstrings", simpleCatalog(["Save": ["de": "Sichern"], "%@ files": ["de": "%d Dateien"]]))
        let filled = arguments.map { $0.replacingOccurrences(of: "{old}", with: old.path).replacingOccurrences(of: "{new}", with: new.path) }
        let quoted = ([Paths.tool.path] + filled).map { "'\($0)'" }.joined(separator: " ")
        let result = try run(URL(fileURLWithPath: "/bin/sh"), ["-c", "\(quoted) > /dev/full"])
        #expect(result.status == 2, "\(arguments): \(result.status) \(result.stderr)")
        #expect(result.stderr.contains("xcstrings-merge: cannot write to standard output: No space left on device"), "\(arguments): \(result.stderr)")
    }

    @Test func aReaderThatStopsEarlyIsNotAnError() throws {
        let result = try run(URL(fileURLWithPath: "/bin/bash"), ["-c", "'\(Paths.tool.path)' --help | head -c 1 > /dev/null; echo \"${PIPESTATUS[0]}\""])
        #expect(result.stdout == "0\n", "\(result.stdout)\(result.stderr)")
        #expect(!result.stderr.contains("cannot write"), "\(result.stderr)")
    }
}
