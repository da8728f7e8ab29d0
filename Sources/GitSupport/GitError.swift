import CLibgit2

/// A failed libgit2 call: its return code and libgit2's own message.
public struct GitError: Error, Sendable, CustomStringConvertible {
    public var code: Int32
    public var message: String

    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    public var isNotFound: Bool { code == GIT_ENOTFOUND.rawValue }
}

/// Runs one libgit2 call and turns a negative result into a `GitError` carrying the message
/// libgit2 left for this thread, read at once before anything else can replace it.
@discardableResult
func check(_ call: @autoclosure () -> Int32) throws(GitError) -> Int32 {
    git.error_clear()
    let code = call()
    guard code < 0 else { return code }
    let message = git.error_last().flatMap { $0.pointee.message.map { String(cString: $0) } } ?? "libgit2 error \(code)"
    throw GitError(code: code, message: message)
}
