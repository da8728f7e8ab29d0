import Foundation
import Testing
import XcstringsMergeTestSupport

/// A file name that is not UTF-8 (Linux takes any bytes; APFS does not) cannot be held in the
/// Swift strings the tool names files with. It is never passed over in silence (a changed catalog
/// reported as "No change", exit 0) nor met as a file that is missing: every command says it is
/// not supported, naming it as git quotes it, and exits 2.
@Suite(.enabled(if: NonUTF8Names.possible, "this file system takes only UTF-8 names (as APFS on a Mac)"))
struct NonUTF8NameTests {
    static let name = "Loc-\\377.xcstrings"

    /// Runs `script` with `sh` in the repository, with the tool as `$XCSM`.
    static func shell(_ repo: GitSandbox, _ script: String) throws -> ProcessResult {
        try run(URL(fileURLWithPath: "/bin/sh"), ["-c", script], in: repo.root, environment: repo.environment.merging(["XCSM": Paths.tool.path]) { $1 })
    }

    @Test func aChangedCatalogWithSuchANameIsSaidNotSupported() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        let catalog = #"{"sourceLanguage":"en","strings":{"K":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"alt"}}}}},"version":"1.0"}"#
        #expect(try Self.shell(repo, "printf '%s' '\(catalog)' > \"$(printf '\(Self.name)')\" && git add -A && git commit -qm x").status == 0)
        #expect(try Self.shell(repo, "sed -i.bak 's/alt/NEU/' \"$(printf '\(Self.name)')\" && rm -f *.bak").status == 0)
        let message = "\"Loc-\\377.xcstrings\": a file name that is not UTF-8 is not supported"
        let diff = try repo.tool(["diff", "--exit-code"])
        #expect(diff.status == 2, "\(diff.stdout) \(diff.stderr)")
        #expect(diff.stderr.contains(message), "\(diff.stderr)")
        #expect(!diff.stdout.contains("No change"), "\(diff.stdout)")
        for command in [["check"], ["lint"], ["format", "--check"]] {
            let result = try repo.tool(command)
            #expect(result.status == 2, "\(command): \(result.stdout) \(result.stderr)")
            #expect(result.stderr.contains(message), "\(command): \(result.stderr)")
        }
    }

    @Test func aRepositoryInSuchAFolderIsRefusedClearly() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        let script = """
            mkdir "$(printf 'repo-\\377')" && cd "$(printf 'repo-\\377')" && git init -q . && printf '{ "sourceLanguage" : "en", "strings" : { }, "version" : "1.0" }' > a.xcstrings && git add a.xcstrings &&
            for c in install check; do "$XCSM" $c; echo "rc=$?"; done; "$XCSM" check --layout ignore a.xcstrings; echo "named rc=$?"
            """
        let result = try Self.shell(repo, script)
        #expect(result.stdout.components(separatedBy: "rc=2").count == 3, "\(result.stdout) \(result.stderr)")
        #expect(result.stdout.contains("named rc=0"), "\(result.stdout)")
        #expect(result.stderr.contains("the repository's path is not UTF-8 (") && result.stderr.contains("repo-\\377/.git/\"); xcstrings-merge reads only UTF-8 paths"), "\(result.stderr)")
        #expect(!result.stderr.contains("UsageError(") && !result.stderr.contains("Usage: see"), "a Swift debug dump or a usage hint: \(result.stderr)")
    }
}

enum NonUTF8Names {
    /// Whether a name with the byte 0xFF can be made here.
    static let possible: Bool = {
        guard let directory = try? TemporaryDirectory() else { return false }
        defer { directory.remove() }
        let made = try? run(URL(fileURLWithPath: "/bin/sh"), ["-c", "printf x > \"$(printf 'a-\\377')\""], in: directory.url)
        return made?.status == 0
    }()
}
