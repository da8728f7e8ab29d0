import XcstringsMergePlatform

/// Runs another program (git, an editor) and collects what it printed.
enum Subprocess {
    struct Result {
        var status: Int32
        /// Standard output, byte for byte.
        var outputBytes: [UInt8]
        var errorOutput: String

        var output: String { String(decoding: outputBytes, as: UTF8.self) }
    }

    /// Runs `arguments[0]` found on PATH with extra environment variables.
    @discardableResult
    static func run(_ arguments: [String], environment: [String: String] = [:]) -> Result {
        let run = ChildProcesses.run(arguments, environment: environment)
        return Result(
            status: run.status, outputBytes: run.standardOutput,
            errorOutput: String(decoding: run.standardError, as: UTF8.self))
    }

    /// Runs `$EDITOR` on `argument`, attached to this terminal, as git does: the setting is
    /// shell text (`code --wait`, a path with spaces in quotes), run as `sh -c '$EDITOR "$@"'`.
    static func runEditor(_ editor: String, argument: String) -> Int32 {
        ChildProcesses.runAttached(["/bin/sh", "-c", editor + " \"$@\"", editor, argument])
    }

    /// The absolute path of this executable (as started; see `ProcessEnvironment`).
    static var executablePath: String {
        ProcessEnvironment.executablePath ?? CommandLine.arguments[0]
    }

    /// `git --version`'s numbers, e.g. [2, 39, 5]; empty when git is missing.
    static var gitVersion: [Int] {
        let result = run(["git", "--version"])
        guard result.status == 0 else { return [] }
        let words = result.output.split(separator: " ")
        guard words.count >= 3 else { return [] }
        return words[2].split(separator: ".").compactMap { Int($0.prefix { $0.isNumber }) }
    }
}
