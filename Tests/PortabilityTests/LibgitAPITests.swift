import Foundation
import XcstringsMergePlatform
import Testing
import XcstringsMergeTestSupport

/// The tool opens Debian's libgit2 1.5, Ubuntu's 1.7 or Homebrew's 1.9 at run time: it may call only
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

    /// The libgit2 header folders on this machine and beside the package: Debian's 1.5, Ubuntu
    /// 24.04's 1.7 (kept in the package), the 1.9 headers a Mac build sees (`../shared`),
    /// Homebrew's.
    static var headerFolders: [String] {
        var folders = ["/usr/include", "/opt/homebrew/include", "/usr/local/include", Paths.packageRoot.appendingPathComponent("Vendor/libgit2-1.7.2/include").path]
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
    @Test(.enabled(if: Paths.corpusPresent, "../shared/corpus is absent")) func aDeclarationOnlyInAnUnincludedHeaderFails() throws {
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

    /// On a Mac the loader looks in the `lib` beside its `bin` (so a tool started through
    /// `/opt/homebrew/bin` finds `/opt/homebrew/lib`), then in Homebrew's prefixes with
    /// libgit2's own `opt` folder (an unlinked keg), then MacPorts', by absolute paths only.
    @Test func searchOrderOnAMac() {
        let paths = SharedLibraries.candidates(for: "libgit2.1.9.dylib", executablePath: "/opt/homebrew/bin/xcstrings-merge", homebrewFormula: "libgit2", system: .darwin)
        #expect(paths == [
            "/opt/homebrew/lib/libgit2.1.9.dylib", "/opt/homebrew/opt/libgit2/lib/libgit2.1.9.dylib",
            "/usr/local/opt/libgit2/lib/libgit2.1.9.dylib", "/usr/local/lib/libgit2.1.9.dylib", "/opt/local/lib/libgit2.1.9.dylib",
        ])
        let intel = SharedLibraries.candidates(for: "libgit2.1.9.dylib", executablePath: "/usr/local/bin/xcstrings-merge", homebrewFormula: "libgit2", system: .darwin)
        #expect(intel == [
            "/usr/local/lib/libgit2.1.9.dylib", "/opt/homebrew/opt/libgit2/lib/libgit2.1.9.dylib", "/opt/homebrew/lib/libgit2.1.9.dylib",
            "/usr/local/opt/libgit2/lib/libgit2.1.9.dylib", "/opt/local/lib/libgit2.1.9.dylib",
        ])
        // Never a bare name: dlopen(3) on macOS would also try the current directory.
        #expect(paths.allSatisfy { $0.hasPrefix("/") } && intel.allSatisfy { $0.hasPrefix("/") })
    }

    @Test func searchOrderOnLinux() {
        let paths = SharedLibraries.candidates(for: "libgit2.so.1.5", executablePath: "/home/me/.local/bin/xcstrings-merge", homebrewFormula: "libgit2", system: .linux)
        #expect(paths == [
            "libgit2.so.1.5", "/home/me/.local/lib/libgit2.so.1.5", "/usr/local/lib/libgit2.so.1.5",
            "/home/linuxbrew/.linuxbrew/opt/libgit2/lib/libgit2.so.1.5", "/home/linuxbrew/.linuxbrew/lib/libgit2.so.1.5",
        ])
    }

    /// Installed by Homebrew on Linux, the tool's path (`/proc/self/exe`) resolves into the
    /// Cellar: libgit2 is found through the prefix the Cellar is in, wherever that prefix is.
    @Test(arguments: [SharedLibraries.System.linux, .darwin])
    func aToolInHomebrewsCellarSearchesItsPrefix(system: SharedLibraries.System) {
        let folders = SharedLibraries.searchFolders(
            executablePath: "/home/me/brew/Cellar/xcstrings-merge/HEAD-1a2b3c4/bin/xcstrings-merge", homebrewFormula: "libgit2", system: system)
        #expect(Array(folders.prefix(3)) == [
            "/home/me/brew/Cellar/xcstrings-merge/HEAD-1a2b3c4/lib", "/home/me/brew/opt/libgit2/lib", "/home/me/brew/lib",
        ])
    }

    @Test(arguments: [
        ("libgit2.so.2.0", SharedLibraries.System.linux, 2, 0),
        ("libgit2.so.1.5.1", .linux, 1, 5),
        ("libgit2.so.1.10", .linux, 1, 10),
        ("libgit2.2.0.dylib", .darwin, 2, 0),
        ("libgit2.1.7.2.dylib", .darwin, 1, 7),
    ])
    func versionsFromFileNames(name: String, system: SharedLibraries.System, major: Int, minor: Int) {
        let version = SharedLibraries.version(ofFile: name, library: "git2", system: system)
        #expect(version?.major == major && version?.minor == minor)
    }

    @Test(arguments: [
        ("libgit2.so", SharedLibraries.System.linux), ("libgit2.so.1", .linux), ("libgit2.so.1.x", .linux), ("libgit2.so.1.5.1.2", .linux),
        ("libgit2.dylib", .darwin), ("libgit2.1.dylib", .darwin), ("libgit2.so.1.5", .darwin), ("libgit2-glib.1.0.dylib", .darwin),
    ])
    func namesThatGiveNoVersion(name: String, system: SharedLibraries.System) {
        #expect(SharedLibraries.version(ofFile: name, library: "git2", system: system) == nil)
    }

    /// dyld's messages, as macOS 14 and 15 print them, on one readable line.
    @Test(arguments: [
        (
            "dlopen(/opt/homebrew/lib/libgit2.1.9.dylib, 0x0006): tried: '/opt/homebrew/lib/libgit2.1.9.dylib' (no such file), '/System/Volumes/Preboot/Cryptexes/OS/opt/homebrew/lib/libgit2.1.9.dylib' (no such file), '/opt/homebrew/lib/libgit2.1.9.dylib' (no such file)",
            "/opt/homebrew/lib/libgit2.1.9.dylib: not found"
        ),
        (
            "dlopen(/usr/local/lib/libgit2.1.9.dylib, 0x0006): tried: '/usr/local/lib/libgit2.1.9.dylib' (mach-o file, but is an incompatible architecture (have 'x86_64', need 'arm64e' or 'arm64')), '/System/Volumes/Preboot/Cryptexes/OS/usr/local/lib/libgit2.1.9.dylib' (no such file), '/usr/local/lib/libgit2.1.9.dylib' (mach-o file, but is an incompatible architecture (have 'x86_64', need 'arm64e' or 'arm64'))",
            "/usr/local/lib/libgit2.1.9.dylib: /usr/local/lib/libgit2.1.9.dylib (mach-o file, but is an incompatible architecture (have 'x86_64', need 'arm64e' or 'arm64'))"
        ),
        (
            "dlopen(/opt/homebrew/lib/libgit2.1.9.dylib, 0x0006): Library not loaded: /opt/homebrew/opt/libssh2/lib/libssh2.1.dylib\n  Referenced from: <4C4C44B5-5555-3144-A1B2-C3D4E5F60718> /opt/homebrew/Cellar/libgit2/1.9.1/lib/libgit2.1.9.dylib\n  Reason: tried: '/opt/homebrew/opt/libssh2/lib/libssh2.1.dylib' (no such file), '/System/Volumes/Preboot/Cryptexes/OS/opt/homebrew/opt/libssh2/lib/libssh2.1.dylib' (no such file)",
            "/opt/homebrew/lib/libgit2.1.9.dylib: Library not loaded: /opt/homebrew/opt/libssh2/lib/libssh2.1.dylib; Referenced from: <4C4C44B5-5555-3144-A1B2-C3D4E5F60718> /opt/homebrew/Cellar/libgit2/1.9.1/lib/libgit2.1.9.dylib; Reason: not found"
        ),
        ("libgit2.so.1.5: cannot open shared object file: No such file or directory", "libgit2.so.1.5: not found"),
        ("/x/libgit2.so.1.5: invalid ELF header", "/x/libgit2.so.1.5: invalid ELF header"),
    ])
    func loaderMessagesFoldIntoOneLine(message: String, folded: String) {
        #expect(SharedLibraries.foldedReason(message) == folded)
        #expect(!SharedLibraries.foldedReason(message).contains("\n"))
    }

    @Test func pathsWhereNothingWasFoundAreNamedTogether() {
        let summary = SharedLibraries.summary(ofFailures: [
            "libgit2.so.1.9: cannot open shared object file: No such file or directory",
            "/usr/local/lib/libgit2.so.1.9: cannot open shared object file: No such file or directory",
            "/opt/lib/libgit2.so.1.9: invalid ELF header",
        ])
        #expect(summary == "not found at libgit2.so.1.9, /usr/local/lib/libgit2.so.1.9; /opt/lib/libgit2.so.1.9: invalid ELF header")
    }
}
