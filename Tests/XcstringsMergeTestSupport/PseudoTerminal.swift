import Foundation

/// Runs a program on a pseudo-terminal (Python's `pty`), for what a tool does only on a
/// terminal: its width, its pager, its prompts and the editor it starts.
public enum PseudoTerminal {
    /// Whether python3 with `pty` is here; the tests that need it skip, saying so, when not.
    public static var isAvailable: Bool {
        (try? XcstringsMergeTestSupport.run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import pty"]).status) == 0
    }

    /// What a run on the terminal gave.
    public struct Outcome {
        /// Everything written to the terminal, with its `\r\n` made `\n`.
        public var output: String
        public var status: Int32
        /// True when the program was still running at the deadline and was killed.
        public var hung: Bool
    }

    /// Reads the terminal until the program closes it; each answer is typed once its text has
    /// appeared after the previous answer; `stop` ends the reading early; past the deadline the
    /// program is killed and reported as hung.
    static let driver = """
        import fcntl, json, os, pty, select, struct, sys, termios, time
        directory, columns, answers, stop, seconds = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3]), sys.argv[4], float(sys.argv[5])
        pid, fd = pty.fork()
        if pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
            os.chdir(directory)
            os.execv(sys.argv[6], sys.argv[6:])
        out, seen, deadline = b"", 0, time.time() + seconds
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
            if stop and stop.encode() in out:
                break
            if answers:
                found = out.find(answers[0][0].encode(), seen)
                if found >= 0:
                    seen = found + len(answers[0][0].encode())
                    os.write(fd, answers.pop(0)[1].encode())
        # The terminal closes as the program ends: give its exit a moment to be seen.
        finished, status = 0, 0
        for _ in range(100):
            finished, status = os.waitpid(pid, os.WNOHANG)
            if finished:
                break
            time.sleep(0.1)
        if finished == 0:
            os.kill(pid, 9)
            os.waitpid(pid, 0)
        sys.stdout.write(("HUNG\\n" if finished == 0 else "") + out.decode(errors="replace"))
        sys.exit(3 if finished == 0 else os.waitstatus_to_exitcode(status))
        """

    /// Runs `executable arguments` in `directory` on a terminal `columns` wide, with
    /// `environment` added, typing each answer's reply once its prompt has appeared.
    public static func run(
        _ executable: URL, _ arguments: [String], in directory: URL, columns: Int = 80, environment: [String: String] = [:],
        answers: [(prompt: String, reply: String)] = [], stopAt stop: String = "", seconds: Double = 60
    ) throws -> Outcome {
        let script = answers.map { [$0.prompt, $0.reply] }
        let encoded = String(decoding: try JSONSerialization.data(withJSONObject: script), as: UTF8.self)
        let result = try XcstringsMergeTestSupport.run(
            URL(fileURLWithPath: "/usr/bin/env"),
            ["python3", "-c", driver, directory.path, String(columns), encoded, stop, String(seconds), executable.path] + arguments,
            environment: environment)
        var output = result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
        let hung = output.hasPrefix("HUNG\n")
        if hung { output.removeFirst(5) }
        return Outcome(output: output, status: result.status, hung: hung)
    }

    /// What `executable arguments` printed on a terminal `columns` wide.
    public static func output(
        _ executable: URL, _ arguments: [String], in directory: URL, columns: Int = 80, environment: [String: String] = [:]
    ) throws -> String {
        try run(executable, arguments, in: directory, columns: columns, environment: environment).output
    }
}
