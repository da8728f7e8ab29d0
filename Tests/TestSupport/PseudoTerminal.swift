import Foundation

/// Runs a program on a pseudo-terminal (Python's `pty`), for what a tool does only on a
/// terminal: its width, its pager, its colours.
public enum PseudoTerminal {
    /// Whether python3 with `pty` is here; the tests that need it skip, saying so, when not.
    public static var isAvailable: Bool {
        (try? run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import pty"]).status) == 0
    }

    static let driver = """
        import fcntl, os, pty, struct, sys, termios
        directory, columns = sys.argv[1], int(sys.argv[2])
        pid, fd = pty.fork()
        if pid == 0:
            fcntl.ioctl(0, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
            os.chdir(directory)
            os.execv(sys.argv[3], sys.argv[3:])
        out = b""
        while True:
            try:
                data = os.read(fd, 4096)
            except OSError:
                break
            if not data:
                break
            out += data
        os.waitpid(pid, 0)
        sys.stdout.write(out.decode(errors="replace"))
        """

    /// What `executable arguments` printed on a terminal `columns` wide, run in `directory` with
    /// `environment` added, with the terminal's `\r\n` made `\n`.
    public static func output(
        _ executable: URL, _ arguments: [String], in directory: URL, columns: Int = 80, environment: [String: String] = [:]
    ) throws -> String {
        let result = try run(
            URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", driver, directory.path, String(columns), executable.path] + arguments,
            environment: environment)
        return result.stdout.replacingOccurrences(of: "\r\n", with: "\n")
    }
}
