import Foundation
import Testing
import StringCatalog
import TestSupport

/// `[e]dit` in the interactive `resolve` runs `$EDITOR` on this terminal: an editor that reads
/// the terminal (vi does) must not be stopped, and the temporary file goes on every path.
/// Driven under a pseudo-terminal (Python's `pty`), with an editor script that reads `/dev/tty`.
@Suite struct EditorTests {
    static let driver = """
        import os, pty, select, sys, time
        tool, repo = sys.argv[1], sys.argv[2]
        pid, fd = pty.fork()
        if pid == 0:
            os.chdir(repo)
            os.execv(tool, [tool, "resolve"])
        out, answers, deadline = b"", [b"e\\n", b"hello\\n", b"o\\n"], time.time() + 60
        while time.time() < deadline:
            ready, _, _ = select.select([fd], [], [], 0.2)
            if ready:
                try:
                    data = os.read(fd, 4096)
                except OSError:
                    break
                if not data:
                    break
                out += data
            if b"and staged it" in out:
                break
            prompts = out.count(b"[q]uit? ") + out.count(b"EDITOR-READY")
            if answers and prompts >= 4 - len(answers):
                os.write(fd, answers.pop(0))
        # The terminal closes as the tool ends: give its exit a moment to be seen.
        finished, status = 0, 0
        for _ in range(100):
            finished, status = os.waitpid(pid, os.WNOHANG)
            if finished:
                break
            time.sleep(0.1)
        if finished == 0:
            os.kill(pid, 9)
            print("HUNG"); print(out.decode(errors="replace")); sys.exit(3)
        print(out.decode(errors="replace"))
        sys.exit(os.waitstatus_to_exitcode(status))
        """

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
        let script = try repo.directory.write("drive.py", Self.driver)
        var environment = repo.environment
        // A path with a space, quoted in the setting as git's users write it.
        environment["EDITOR"] = "'\(editor.path)'"
        environment["VISUAL"] = nil
        environment["TMPDIR"] = temporary.path
        var full = ProcessInfo.processInfo.environment
        for (key, value) in environment { full[key] = value }
        full.removeValue(forKey: "VISUAL")
        let driven = try run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", script.path, Paths.tool.path, repo.root.path], environment: full)
        #expect(!driven.stdout.hasPrefix("HUNG"), "\(driven.stdout)")
        #expect(driven.status == 0, "\(driven.stdout)\(driven.stderr)")
        let values = try Catalog(bytes: try repo.read(GitDriverTests.path)).strings
        let units = ["Save", "Cancel"].map { values[key: UTF8Bytes($0)]?.object?["localizations"]?.object?["de"]?.object?["stringUnit"]?.object?["value"]?.stringValue?.string }
        #expect(units.contains("hello"), "\(units)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: temporary.path).filter { $0.contains("xcstrings-merge-edit") }.isEmpty)
    }
}
