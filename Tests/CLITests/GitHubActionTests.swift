import Foundation
import StringCatalog
import Testing
import XcstringsMergeTestSupport

/// The GitHub Action's steps (`Scripts/github-action.sh`, which `action.yml` runs after
/// building the tool with install.sh) in a real repository: annotations for check and lint, the
/// markdown diff against the base in the job summary, and the exit status CI reads. Each runs
/// under this system's bash and under macOS's bash 3.2 (GitHub's macOS runners run `shell: bash`
/// with Apple's /bin/bash).
@Suite struct GitHubActionTests {
    static let script = Paths.packageRoot.appendingPathComponent("Scripts/github-action.sh")

    func runAction(_ repo: GitSandbox, shell: ScriptShell, base: String, summary: URL, extra: [String: String] = [:]) throws -> ProcessResult {
        var environment = repo.environment
        environment["XCSTRINGS_BIN"] = Paths.tool.path
        environment["XCSTRINGS_BASE"] = base
        environment["GITHUB_STEP_SUMMARY"] = summary.path
        // The script keeps its files in a new folder under TMPDIR when no output folder is set:
        // the sandbox's own, so that it goes when the sandbox does.
        environment["TMPDIR"] = repo.directory.url.path
        for (name, value) in extra { environment[name] = value }
        return try run(shell.url, [Self.script.path], in: repo.root, environment: environment)
    }

    func head(_ repo: GitSandbox) throws -> String {
        try repo.git("rev-parse", "HEAD").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test(arguments: ScriptShell.available)
    func thePullRequestsChangesGoToTheSummaryAndItsNewFindingsToAnnotations(shell: ScriptShell) throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        try repo.write("App/L.xcstrings", try LintCommandTests.catalog(["%@ files": ["de": "%@ Dateien"], "Save": ["de": "Speichern"]]))
        try repo.commitAll("base")
        let base = try head(repo)
        try repo.write("App/L.xcstrings", try LintCommandTests.catalog(["%@ files": ["de": "%@ Dateien"], "Save": ["de": "Sichern"]]))
        try repo.commitAll("change")
        let summary = repo.directory.file("summary.md")
        let outputs = repo.directory.file("outputs")
        let clean = try runAction(repo, shell: shell, base: base, summary: summary, extra: ["GITHUB_OUTPUT": outputs.path])
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        #expect(!clean.stderr.contains("unbound variable"), "\(clean.stderr)")
        #expect(clean.stdout.contains("::group::xcstrings-merge lint"), "\(clean.stdout)")
        let text = try String(contentsOf: summary, encoding: .utf8)
        #expect(text.contains("### String catalogs changed since \(base.prefix(12))"), "\(text)")
        #expect(text.contains("#### ` App/L.xcstrings `"), "\(text)")
        #expect(text.contains("\"Speichern\" → \"Sichern\""), "\(text)")
        // The step's outputs name the summary and the annotations, for the steps after it.
        let written = try String(contentsOf: outputs, encoding: .utf8)
        let summaryFile = try #require(written.split(separator: "\n").first { $0.hasPrefix("summary=") }?.dropFirst("summary=".count))
        #expect(try String(contentsOfFile: String(summaryFile), encoding: .utf8).contains("#### ` App/L.xcstrings `"))
        #expect(written.contains("annotations="), "\(written)")

        // A placeholder the translation reads differently: an error annotation, the job fails.
        try repo.write("App/L.xcstrings", try LintCommandTests.catalog(["%@ files": ["de": "%d Dateien"], "Save": ["de": "Sichern"]]))
        try repo.commitAll("bug")
        let failing = try runAction(repo, shell: shell, base: base, summary: summary, extra: ["XCSTRINGS_OUTPUT_DIR": repo.directory.file("run").path])
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("::error file=App/L.xcstrings"), "\(failing.stdout)")
        let annotations = try String(contentsOf: repo.directory.file("run/annotations.txt"), encoding: .utf8)
        #expect(annotations.contains("::error file=App/L.xcstrings"), "\(annotations)")

        // Paths given: only those are checked and linted.
        try repo.write("Other/Broken.xcstrings", Array("{ \"sourceLanguage\" : ".utf8))
        let named = try runAction(repo, shell: shell, base: base, summary: summary, extra: ["XCSTRINGS_PATHS": "App  App/L.xcstrings", "XCSTRINGS_LINT": "false"])
        #expect(named.status == 0, "\(named.stdout)\(named.stderr)")
        #expect(!named.stdout.contains("Broken"), "\(named.stdout)")
        let everything = try runAction(repo, shell: shell, base: base, summary: summary, extra: ["XCSTRINGS_LINT": "false"])
        #expect(everything.status == 0, "untracked files are not checked: \(everything.stdout)")
        try FileManager.default.removeItem(at: repo.root.appendingPathComponent("Other"))

        // A push that creates a branch passes zeros as the commit before it: no diff, no failure.
        try repo.write("App/L.xcstrings", try LintCommandTests.catalog(["%@ files": ["de": "%@ Dateien"], "Save": ["de": "Sichern"]]))
        try repo.commitAll("fix")
        let none = repo.directory.file("none.md")
        let first = try runAction(repo, shell: shell, base: String(repeating: "0", count: 40), summary: none)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        let noneText = (try? String(contentsOf: none, encoding: .utf8)) ?? ""
        #expect(noneText.isEmpty, "\(noneText)")
    }

    /// GitHub drops a step summary over 1 MiB whole: a change of 50,000 strings is cut to fit,
    /// with a line saying how many were left out, and the counts stay.
    @Test func aHugeChangeKeepsTheSummaryUnderGitHubsLimit() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        let keys = (0..<50_000).map { "Greeting number \($0) for the settings screen" }
        // Written as JSON text and read back into Xcode's layout (building the object key by key
        // would be slow at this size).
        func catalog(_ word: String) throws -> [UInt8] {
            let entries = keys.map { #""\#($0)":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"\#(word) \#($0)"}}}}"# }
            let text = #"{"sourceLanguage":"en","strings":{"# + entries.joined(separator: ",") + #"},"version":"1.0"}"#
            return try Catalog(bytes: Array(text.utf8)).canonicalBytes()
        }
        try repo.write("App/L.xcstrings", try catalog("Hallo"))
        try repo.commitAll("base")
        let base = try head(repo)
        try repo.write("App/L.xcstrings", try catalog("Guten Tag"))
        try repo.commitAll("change every string")
        let summary = repo.directory.file("summary.md")
        let shell = ScriptShell.available.last!
        let result = try runAction(repo, shell: shell, base: base, summary: summary, extra: ["XCSTRINGS_LINT": "false"])
        #expect(result.status == 0, "\(result.stderr)")
        let bytes = try Data(contentsOf: summary)
        #expect(bytes.count < 1 << 20, "\(bytes.count) bytes")
        #expect(bytes.count > 900_000, "the limit is used, not wasted: \(bytes.count) bytes")
        let text = String(decoding: bytes, as: UTF8.self)
        #expect(text.contains("50000 translations changed"), "the counts stay")
        #expect(text.contains("| ` de ` | 0 | 50000 | 0 | 0 |"), "the table stays")
        let shownLines = text.split(separator: "\n").filter { $0.hasPrefix("- `") }.count
        #expect(text.contains("_\(50_000 - shownLines) more changes to this catalog left out to stay within the size limit"), "\(text.suffix(400))")
    }

    /// With `comment: true` the summary goes to one pull-request comment: posted on the first
    /// run, edited in place on the next (found by its marker among the bot's comments), and a
    /// token that may not comment gives a warning, not a failed job.
    @Test(arguments: ScriptShell.available)
    func thePullRequestCommentIsPostedOnceThenEdited(shell: ScriptShell) throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        try repo.write("App/L.xcstrings", try LintCommandTests.catalog(["Save": ["de": "Speichern"]]))
        try repo.commitAll("base")
        let base = try head(repo)
        try repo.write("App/L.xcstrings", try LintCommandTests.catalog(["Save": ["de": "Sichern"]]))
        try repo.commitAll("change")
        // A stand-in gh: logs each call and the body it was given; the comment list it answers
        // with comes from a file the test writes.
        let bin = repo.directory.file("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = repo.directory.file("gh.log"), listed = repo.directory.file("listed"), fail = repo.directory.file("fail")
        let gh = """
            #!/bin/sh
            echo "gh $*" >> '\(log.path)'
            [ -e '\(fail.path)' ] && { echo 'HTTP 403: Resource not accessible by integration' >&2; exit 1; }
            for argument in "$@"; do case "$argument" in body=@*) cat "${argument#body=@}" >> '\(log.path)';; esac; done
            case " $* " in *" --paginate "*) [ -e '\(listed.path)' ] && cat '\(listed.path)';; esac
            exit 0
            """
        try Data(gh.utf8).write(to: bin.appendingPathComponent("gh"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent("gh").path)
        let extra = [
            "XCSTRINGS_COMMENT": "true", "XCSTRINGS_PR": "17", "GITHUB_REPOSITORY": "owner/app", "XCSTRINGS_LINT": "false",
            "PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"),
        ]
        let summary = repo.directory.file("summary.md")
        let first = try runAction(repo, shell: shell, base: base, summary: summary, extra: extra)
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
        var calls = try String(contentsOf: log, encoding: .utf8)
        #expect(calls.contains("gh api --paginate repos/owner/app/issues/17/comments --jq"), "\(calls)")
        #expect(calls.contains("gh api --method POST repos/owner/app/issues/17/comments -F body=@"), "\(calls)")
        #expect(calls.contains("<!-- xcstrings-merge summary -->\n### String catalogs changed since"), "\(calls)")
        #expect(calls.contains("\"Speichern\" → \"Sichern\""), "\(calls)")
        #expect(!calls.contains("PATCH"))

        // The next push: the comment found, and edited.
        try FileManager.default.removeItem(at: log)
        try Data("4242\n".utf8).write(to: listed)
        let second = try runAction(repo, shell: shell, base: base, summary: summary, extra: extra)
        #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
        calls = try String(contentsOf: log, encoding: .utf8)
        #expect(calls.contains("gh api --method PATCH repos/owner/app/issues/comments/4242 -F body=@"), "\(calls)")
        #expect(!calls.contains("POST"), "one comment, not one per run: \(calls)")

        // A fork's read-only token: a warning, and the job's result is check's and lint's.
        _ = FileManager.default.createFile(atPath: fail.path, contents: nil)
        let refused = try runAction(repo, shell: shell, base: base, summary: summary, extra: extra)
        #expect(refused.status == 0, "\(refused.stdout)\(refused.stderr)")
        #expect(refused.stdout.contains("::warning::xcstrings-merge: the pull-request comment could not be posted"), "\(refused.stdout)")

        // Off by default: no gh call at all.
        try FileManager.default.removeItem(at: fail)
        try FileManager.default.removeItem(at: log)
        var off = extra
        off["XCSTRINGS_COMMENT"] = nil
        let quiet = try runAction(repo, shell: shell, base: base, summary: summary, extra: off)
        #expect(quiet.status == 0)
        #expect(!FileManager.default.fileExists(atPath: log.path))
    }

    @Test func theActionCachesItsBuildAndSkipsTheDemonstration() throws {
        let action = try String(contentsOf: Paths.packageRoot.appendingPathComponent("action.yml"), encoding: .utf8)
        #expect(action.contains("using: composite"))
        #expect(action.contains("install.sh\" --no-global --no-demo"))
        #expect(action.contains("Scripts/github-action.sh"))
        #expect(action.contains("uses: actions/cache@v4"))
        #expect(action.contains("if: steps.cache.outputs.cache-hit != 'true'"), "a warm cache does not build")
        #expect(action.contains("Scripts/action-cache-key.sh"))
        #expect(action.contains("comment:") && action.contains("default: \"false\""))
    }

    /// The cache key names the system, the processor, the Swift version and the sources: it
    /// changes when a source file does, and runs the same under macOS's bash.
    @Test(arguments: ScriptShell.available)
    func theCacheKeyFollowsTheSources(shell: ScriptShell) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let copy = directory.file("action")
        try FileManager.default.createDirectory(at: copy, withIntermediateDirectories: true)
        for item in ["Package.swift", "install.sh", "Scripts", "Sources"] {
            try FileManager.default.copyItem(at: Paths.packageRoot.appendingPathComponent(item), to: copy.appendingPathComponent(item))
        }
        func key() throws -> String {
            let result = try run(shell.url, [copy.appendingPathComponent("Scripts/action-cache-key.sh").path])
            #expect(result.status == 0, "\(result.stderr)")
            return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let before = try key()
        #expect(before.hasPrefix("xcstrings-merge-"), "\(before)")
        #expect(before.contains("-swift6."), "\(before)")
        #expect(try key() == before)
        try Data("// changed\n".utf8).write(to: copy.appendingPathComponent("Sources/xcstrings-merge/Changed.swift"))
        #expect(try key() != before)
    }
}

/// The scripts' tests run under macOS's bash only where its stand-in is: this test says so, as
/// skipped, where it is absent (a user's clone has no ../shared).
@Suite struct MacOSBashStandInTests {
    @Test(.enabled(if: ScriptShell.macOSBashURL != nil, "../shared/macos-bash/bash is absent: the scripts ran under this system's bash only"))
    func theScriptsRunUnderBash32() throws {
        let result = try run(ScriptShell.macOSBash.url, ["-c", "echo $BASH_VERSION"])
        #expect(result.stdout.hasPrefix("3.2."), "\(result.stdout)")
        #expect(ScriptShell.available == [.systemBash, .macOSBash])
    }
}
