import Foundation
import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// `[e]dit` in the interactive `resolve` runs `$EDITOR` on this terminal: an editor that reads
/// the terminal (vi does) must not be stopped, and the temporary file goes on every path.
/// Driven under a pseudo-terminal (Python's `pty`), with an editor script that reads `/dev/tty`.
@Suite struct EditorTests {
    @Test func anEditorThatReadsTheTerminalFinishes() throws {
        guard PseudoTerminal.isAvailable else {
            print("python3 with pty is not here: the editor test is skipped")
            return
        }
        let repo = try GitSandbox()
        defer { repo.remove() }
        #expect(try repo.tool(["install"]).status == 0)
        try RepositoryWorkflowTests.twoConflicts(repo)
        #expect(try repo.git("merge", "--no-edit", "b").status != 0)
        let temporary = repo.directory.file("tmp")
        try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        let editor = try repo.directory.write("my editor", """
            #!/bin/sh
            printf 'EDITOR-READY\\n' > /dev/tty
            read answer < /dev/tty
            printf '{"state" : "translated", "value" : "%s"}\\n' "$answer" > "$1"
            """)
        chmod(editor.path, 0o755)
        var environment = repo.environment
        // A path with a space, quoted in the setting as git's users write it. Read by sh rather
        // than executed: a script just written can be "busy" to exec while a test running beside
        // this one forks with its descriptor open (ETXTBSY).
        environment["EDITOR"] = "/bin/sh '\(editor.path)'"
        environment["VISUAL"] = nil
        environment["TMPDIR"] = temporary.path
        var full = ProcessInfo.processInfo.environment
        for (key, value) in environment { full[key] = value }
        full.removeValue(forKey: "VISUAL")
        // [e]dit the first conflict, type a value into the editor, then take ours for the second.
        let driven = try PseudoTerminal.run(
            Paths.tool, ["resolve"], in: repo.root, environment: full,
            answers: [("[q]uit? ", "e\n"), ("EDITOR-READY", "hello\n"), ("[q]uit? ", "o\n")], stopAt: "and staged it")
        #expect(!driven.hung, "\(driven.output)")
        #expect(driven.status == 0, "\(driven.output)")
        let values = try Catalog(bytes: try repo.read(GitDriverTests.path)).strings
        let units = ["Save", "Cancel"].map { values[key: UTF8Bytes($0)]?.object?["localizations"]?.object?["de"]?.object?["stringUnit"]?.object?["value"]?.stringValue?.string }
        #expect(units.contains("hello"), "\(units)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.contains("xcstrings-merge-edit") }.isEmpty)
    }

    /// Runs the interactive `resolve` on the two-conflict merge with an editor that writes
    /// `written` into the file, answering `[e]dit` for the first conflict and then `answers`.
    static func resolveWithEditor(writing written: String, then answers: [(String, String)]) throws -> (PseudoTerminal.Outcome, GitSandbox)? {
        guard PseudoTerminal.isAvailable else {
            print("python3 with pty is not here: the editor test is skipped")
            return nil
        }
        let repo = try GitSandbox()
        #expect(try repo.tool(["install"]).status == 0)
        try RepositoryWorkflowTests.twoConflicts(repo)
        #expect(try repo.git("merge", "--no-edit", "b").status != 0)
        let content = try repo.directory.write("edited.json", written)
        let editor = try repo.directory.write("editor.sh", "#!/bin/sh\ncat '\(content.path)' > \"$1\"\n")
        chmod(editor.path, 0o755)
        var full = ProcessInfo.processInfo.environment
        for (key, value) in repo.environment { full[key] = value }
        full["EDITOR"] = "/bin/sh '\(editor.path)'"
        full.removeValue(forKey: "VISUAL")
        let driven = try PseudoTerminal.run(
            Paths.tool, ["resolve"], in: repo.root, environment: full, answers: [("[q]uit? ", "e\n")] + answers, stopAt: "and staged it")
        return (driven, repo)
    }

    /// What a person naturally types for a string unit, the new text in quotes, becomes its value,
    /// translated.
    @Test func aBareStringForAStringUnitIsItsNewValue() throws {
        guard let (driven, repo) = try Self.resolveWithEditor(writing: "\"Folgen!\"\n", then: [("[q]uit? ", "o\n")]) else { return }
        defer { repo.remove() }
        #expect(driven.status == 0, "\(driven.output)")
        let units = try ["Save", "Cancel"].map { try RepositoryWorkflowTests.unit(try repo.read(GitDriverTests.path), $0, "de") }
        let edited = units.first { $0?["value"]?.stringValue?.string == "Folgen!" }
        #expect(edited??["state"]?.stringValue?.string == "translated", "\(units)")
        #expect(try repo.tool(["check"]).status == 0)
    }

    /// A value of another shape is refused with the reason, never written; the question is
    /// asked again.
    @Test(arguments: ["42\n", "{\"value\" : 3}\n", "[\"a\"]\n"])
    func aValueOfTheWrongShapeIsRefused(_ written: String) throws {
        guard let (driven, repo) = try Self.resolveWithEditor(writing: written, then: [("answer again", ""), ("[q]uit? ", "o\n"), ("[q]uit? ", "o\n")]) else { return }
        defer { repo.remove() }
        #expect(driven.output.contains("not written: a string unit"), "\(driven.output)")
        #expect(driven.status == 0, "\(driven.output)")
        #expect(try repo.tool(["check"]).status == 0)
        #expect(try RepositoryWorkflowTests.unit(try repo.read(GitDriverTests.path), "Save", "de")?["value"]?.stringValue?.string == "Speichern")
    }
}
