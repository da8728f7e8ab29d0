import Foundation
import Testing
import TestSupport

/// The tool links Debian's libgit2 1.5 and Homebrew's 1.9: it may call only functions checked to
/// be the same in both (`Scripts/libgit2-functions.txt`, checked by `Scripts/check-libgit2-api.py`).
@Suite struct LibgitAPITests {
    /// The `git_…(` names in the sources, less the struct types that are also written with `(`.
    static func calledFunctions() throws -> Set<String> {
        let types: Set<String> = ["git_buf", "git_oid", "git_index_entry", "git_merge_file_input", "git_merge_file_options", "git_merge_file_result"]
        var names: Set<String> = []
        let sources = Paths.packageRoot.appendingPathComponent("Sources")
        let walker = try #require(FileManager.default.enumerator(atPath: sources.path))
        let pattern = try Regex(#"\bgit_[a-z0-9_]+(?=\s*\()"#)
        for case let relative as String in walker where relative.hasSuffix(".swift") || relative.hasSuffix(".h") {
            let text = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
            for match in text.matches(of: pattern) { names.insert(String(text[match.range])) }
        }
        return names.subtracting(types)
    }

    @Test func everyLibgit2CallIsOneCheckedAgainstBothVersions() throws {
        let listed = try String(contentsOf: Paths.packageRoot.appendingPathComponent("Scripts/libgit2-functions.txt"), encoding: .utf8)
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        let called = try Self.calledFunctions()
        #expect(called.count > 30, "the scan found the calls")
        let unchecked = called.subtracting(listed).sorted()
        #expect(unchecked.isEmpty, "not checked against libgit2 1.5 and 1.9: \(unchecked)")
    }
}
