import Foundation
import Platform
import Testing
import TestSupport

/// The tool opens Debian's libgit2 1.5 or Homebrew's 1.9 at run time: it may call only
/// functions checked to be the same in both (`Scripts/libgit2-functions.txt`, checked by
/// `Scripts/check-libgit2-api.py`), and only through the table `shim.h` fills, since a direct
/// call would make the executable link libgit2 again.
@Suite struct LibgitAPITests {
    static let structTypes: Set<String> = ["git_buf", "git_oid", "git_index_entry", "git_index_time", "git_merge_file_input", "git_merge_file_options", "git_merge_file_result"]

    static func text(_ relative: String) throws -> String {
        try String(contentsOf: Paths.packageRoot.appendingPathComponent(relative), encoding: .utf8)
    }

    /// The functions in shim.h's table: `F(repository_free)` is `git_repository_free`.
    static func tableFunctions() throws -> Set<String> {
        let shim = try text("Sources/CLibgit2/shim.h")
        return Set(shim.matches(of: try Regex(#"F\(([a-z0-9_]+)\)"#)).map { "git_" + String(shim[$0.range].dropFirst(2).dropLast()) })
    }

    /// `git_…(` calls written directly in Swift sources (struct initialisers aside).
    static func directCalls() throws -> [String] {
        var calls: [String] = []
        let sources = Paths.packageRoot.appendingPathComponent("Sources")
        let walker = try #require(FileManager.default.enumerator(atPath: sources.path))
        let pattern = try Regex(#"\bgit_[a-z0-9_]+(?=\s*\()"#)
        for case let relative as String in walker where relative.hasSuffix(".swift") {
            let source = try String(contentsOf: sources.appendingPathComponent(relative), encoding: .utf8)
            for match in source.matches(of: pattern) where !structTypes.contains(String(source[match.range])) {
                calls.append("\(relative): \(source[match.range])")
            }
        }
        return calls
    }

    @Test func theTableHoldsExactlyTheFunctionsCheckedAgainstBothVersions() throws {
        let listed = Set(try Self.text("Scripts/libgit2-functions.txt")
            .split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") })
        let table = try Self.tableFunctions()
        #expect(table.count > 30, "the scan found the table")
        #expect(table.subtracting(listed).sorted() == [], "in the table but not checked against libgit2 1.5 and 1.9")
        #expect(listed.subtracting(table).sorted() == [], "checked but not in the table")
    }

    /// The libgit2 header folders on this machine and beside the package: Debian's 1.5, the
    /// 1.9 headers a Mac build sees (`../shared`), Homebrew's.
    static var headerFolders: [String] {
        var folders = ["/usr/include", "/opt/homebrew/include", "/usr/local/include"]
        if let shared = Paths.shared { folders.append(shared.appendingPathComponent("libgit2-1.9.7/include").path) }
        return folders.filter { FileManager.default.fileExists(atPath: $0 + "/git2.h") }
    }

    static func checkAPI(_ arguments: [String]) throws -> ProcessResult {
        try run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", Paths.packageRoot.appendingPathComponent("Scripts/check-libgit2-api.py").path] + arguments)
    }

    static var pythonPresent: Bool { (try? run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", ""]).status) == 0 }

    /// Every listed function is declared alike in each libgit2 version here, in a header that
    /// `shim.h` reaches: what compiles, not merely what some header declares.
    @Test func everyFunctionIsVisibleToTheBuildInEachVersion() throws {
        let folders = Self.headerFolders
        guard !folders.isEmpty, Self.pythonPresent else {
            print("no libgit2 headers or no python3 here; the API check is skipped")
            return
        }
        let check = try Self.checkAPI(folders)
        #expect(check.status == 0, "\(check.stdout)")
        #expect(check.stdout.contains("in \(folders.count) header folders, 0 problems"), "\(check.stdout)")
    }

    /// libgit2 1.8 moved `git_error_clear` to `git2/sys/errors.h`, which `git2.h` does not
    /// include: a shim without that include does not compile on a Mac, and the check says so.
    @Test func aDeclarationOnlyInAnUnincludedHeaderFails() throws {
        guard let shared = Paths.shared, Self.pythonPresent else { print(Paths.sharedAbsentMessage); return }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let shim = try Self.text("Sources/CLibgit2/shim.h")
        #expect(shim.contains("#include <git2/sys/errors.h>"))
        let without = try directory.write("shim.h", shim.replacingOccurrences(of: "#include <git2/sys/errors.h>", with: ""))
        let check = try Self.checkAPI(["--shim", without.path, shared.appendingPathComponent("libgit2-1.9.7/include").path])
        #expect(check.status == 1)
        #expect(check.stdout.contains("git_error_clear: declared in"), "\(check.stdout)")
        #expect(check.stdout.contains("only in git2/sys/errors.h, which the shim does not include"), "\(check.stdout)")
    }

    @Test func noSourceCallsLibgit2Directly() throws {
        #expect(try Self.directCalls() == [], "call these through the table (git.name), so that libgit2 stays unlinked")
    }

    @Test(arguments: [
        (SharedLibraries.System.linux, "libgit2.so.1.5"),
        (SharedLibraries.System.darwin, "libgit2.1.9.dylib"),
    ])
    func libraryFileNames(system: SharedLibraries.System, expected: String) {
        let version = expected.contains("1.9") ? "1.9" : "1.5"
        #expect(SharedLibraries.fileName("git2", version: version, system: system) == expected)
    }

    /// On a Mac the loader does not search Homebrew's prefix on Apple silicon: the tool looks
    /// in the `lib` beside its `bin` (so a tool started through `/opt/homebrew/bin` finds
    /// `/opt/homebrew/lib`) and in the usual prefixes, by absolute paths only.
    @Test func searchOrderOnAMac() {
        let paths = SharedLibraries.candidates(for: "libgit2.1.9.dylib", executablePath: "/opt/homebrew/bin/xcstrings-merge", system: .darwin)
        #expect(paths == ["/opt/homebrew/lib/libgit2.1.9.dylib", "/usr/local/lib/libgit2.1.9.dylib", "/opt/local/lib/libgit2.1.9.dylib"])
        let intel = SharedLibraries.candidates(for: "libgit2.1.9.dylib", executablePath: "/usr/local/bin/xcstrings-merge", system: .darwin)
        #expect(intel == ["/usr/local/lib/libgit2.1.9.dylib", "/opt/homebrew/lib/libgit2.1.9.dylib", "/opt/local/lib/libgit2.1.9.dylib"])
        // Never a bare name: dlopen(3) on macOS would also try the current directory.
        #expect(paths.allSatisfy { $0.hasPrefix("/") } && intel.allSatisfy { $0.hasPrefix("/") })
    }

    @Test func searchOrderOnLinux() {
        let paths = SharedLibraries.candidates(for: "libgit2.so.1.5", executablePath: "/home/me/.local/bin/xcstrings-merge", system: .linux)
        #expect(paths == ["libgit2.so.1.5", "/home/me/.local/lib/libgit2.so.1.5", "/usr/local/lib/libgit2.so.1.5"])
    }
}
