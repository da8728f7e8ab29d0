import Foundation

/// A throwaway git repository driven through the real `git` binary, isolated from the user's
/// configuration (its own HOME, no system config).
public struct GitSandbox {
    public let directory: TemporaryDirectory
    public var root: URL { directory.url.appendingPathComponent("repo") }
    public var home: URL { directory.url.appendingPathComponent("home") }

    public init() throws {
        directory = try TemporaryDirectory()
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try git("init", "-q", "-b", "main")
        try git("config", "user.name", "Test")
        try git("config", "user.email", "test@example.com")
        try git("config", "commit.gpgsign", "false")
    }

    public var environment: [String: String] {
        [
            "HOME": home.path, "XDG_CONFIG_HOME": home.appendingPathComponent(".config").path,
            "GIT_CONFIG_NOSYSTEM": "1", "GIT_AUTHOR_DATE": "2026-01-01T00:00:00Z",
            "GIT_COMMITTER_DATE": "2026-01-01T00:00:00Z", "LC_ALL": "C",
            // Nothing may wait for a person: an editor that fails at once.
            "EDITOR": "false", "VISUAL": "false", "GIT_EDITOR": "true",
        ]
    }

    @discardableResult
    public func git(_ arguments: String...) throws -> ProcessResult {
        try gitArguments(arguments)
    }

    @discardableResult
    public func gitArguments(_ arguments: [String]) throws -> ProcessResult {
        try run(Paths.git, arguments, in: root, environment: environment)
    }

    @discardableResult
    public func tool(_ arguments: [String], input: String? = nil) throws -> ProcessResult {
        try run(Paths.tool, arguments, in: root, input: input, environment: environment)
    }

    public func write(_ path: String, _ contents: [UInt8]) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(contents).write(to: url)
    }

    public func read(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: root.appendingPathComponent(path)))
    }

    public func commitAll(_ message: String) throws {
        try git("add", "-A")
        try git("commit", "-q", "-m", message)
    }

    /// Configures the merge driver by hand, as the README tells people to.
    public func configureDriver() throws {
        try git("config", "merge.xcstrings.name", "Xcode String Catalog merge")
        try git("config", "merge.xcstrings.driver", "'\(Paths.tool.path)' merge %O %A %B --path %P --marker-size %L")
        try write(".gitattributes", Array("*.xcstrings merge=xcstrings\n".utf8))
    }

    public func remove() { directory.remove() }
}
