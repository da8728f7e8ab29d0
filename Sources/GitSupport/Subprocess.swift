import XcstringsMergePlatform

/// Runs another program (git, an editor) and collects what it printed.
public enum Subprocess {
    public struct Result: Sendable {
        public var status: Int32
        /// Standard output, byte for byte.
        public var outputBytes: [UInt8]
        public var errorOutput: String

        public var output: String { String(decoding: outputBytes, as: UTF8.self) }
    }

    /// Runs `arguments[0]` found on PATH with extra environment variables.
    @discardableResult
    public static func run(_ arguments: [String], environment: [String: String] = [:]) -> Result {
        let run = ChildProcesses.run(arguments, environment: environment)
        return Result(
            status: run.status, outputBytes: run.standardOutput,
            errorOutput: String(decoding: run.standardError, as: UTF8.self))
    }

    /// Runs `$EDITOR` on `argument`, attached to this terminal, as git does: the setting is
    /// shell text (`code --wait`, a path with spaces in quotes), run as `sh -c '$EDITOR "$@"'`.
    public static func runEditor(_ editor: String, argument: String) -> Int32 {
        ChildProcesses.runAttached(["/bin/sh", "-c", editor + " \"$@\"", editor, argument])
    }

    /// The absolute path of this executable (as started; see `ProcessEnvironment`).
    public static var executablePath: String {
        ProcessEnvironment.executablePath ?? CommandLine.arguments[0]
    }

    /// `git --version`'s numbers, e.g. [2, 39, 5]; empty when git is missing.
    public static var gitVersion: [Int] {
        let result = run(["git", "--version"])
        guard result.status == 0 else { return [] }
        let words = result.output.split(separator: " ")
        guard words.count >= 3 else { return [] }
        return words[2].split(separator: ".").compactMap { Int($0.prefix { $0.isNumber }) }
    }
}

extension String {
    /// The text without spaces, tabs and carriage returns at either end: a line of git's
    /// configuration or attributes as git reads it.
    public func trimmingWhitespace() -> String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" || first == "\r" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        return String(text)
    }
}
