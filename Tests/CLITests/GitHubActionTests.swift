import Foundation
import Testing
import TestSupport

/// The GitHub Action's steps (`Scripts/github-action.sh`, which `action.yml` runs after
/// building the tool with install.sh) in a real repository: annotations for check and lint, the
/// markdown diff against the base in the job summary, and the exit status CI reads.
@Suite struct GitHubActionTests {
    static let script = Paths.packageRoot.appendingPathComponent("Scripts/github-action.sh")

    func runAction(_ repo: GitSandbox, base: String, summary: URL) throws -> ProcessResult {
        var environment = repo.environment
        environment["XCSTRINGS_BIN"] = Paths.tool.path
        environment["XCSTRINGS_BASE"] = base
        environment["GITHUB_STEP_SUMMARY"] = summary.path
        return try run(URL(fileURLWithPath: "/bin/bash"), [Self.script.path], in: repo.root, environment: environment)
    }

    @Test func thePullRequestsChangesGoToTheSummaryAndItsNewFindingsToAnnotations() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        try repo.write("App/L.xcstrings", try LintCommandTests.catalog(["%@ files": ["de": "%@ Dateien"], "Save": ["de": "Speichern"]]))
        try repo.commitAll("base")
        let base = try repo.git("rev-parse", "HEAD").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try repo.write("App/L.xcstrings", try LintCommandTests.catalog(["%@ files": ["de": "%@ Dateien"], "Save": ["de": "Sichern"]]))
        try repo.commitAll("change")
        let summary = repo.directory.file("summary.md")
        let clean = try runAction(repo, base: base, summary: summary)
        #expect(clean.status == 0, "\(clean.stdout)\(clean.stderr)")
        let text = try String(contentsOf: summary, encoding: .utf8)
        #expect(text.contains("#### App/L.xcstrings"), "\(text)")
        #expect(text.contains("&#34;Speichern&#34; → &#34;Sichern&#34;"), "\(text)")

        // A placeholder the translation reads differently: an error annotation, the job fails.
        try repo.write("App/L.xcstrings", try LintCommandTests.catalog(["%@ files": ["de": "%d Dateien"], "Save": ["de": "Sichern"]]))
        try repo.commitAll("bug")
        let failing = try runAction(repo, base: base, summary: summary)
        #expect(failing.status == 1)
        #expect(failing.stdout.contains("::error file=App/L.xcstrings"), "\(failing.stdout)")

        // A push that creates a branch passes zeros as the commit before it: no diff, no failure.
        try repo.write("App/L.xcstrings", try LintCommandTests.catalog(["%@ files": ["de": "%@ Dateien"], "Save": ["de": "Sichern"]]))
        try repo.commitAll("fix")
        let first = try runAction(repo, base: String(repeating: "0", count: 40), summary: repo.directory.file("none.md"))
        #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
    }

    @Test func theActionRunsTheScriptAfterInstallingWithoutGlobalConfiguration() throws {
        let action = try String(contentsOf: Paths.packageRoot.appendingPathComponent("action.yml"), encoding: .utf8)
        #expect(action.contains("using: composite"))
        #expect(action.contains("install.sh\" --no-global"))
        #expect(action.contains("Scripts/github-action.sh"))
    }
}
