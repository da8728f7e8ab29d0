import CLibgit2

/// An open repository. Not thread-safe, as libgit2 objects are not.
public final class Repository {
    let handle: OpaquePointer

    /// Opens the repository containing `path` (searching upward), honouring `GIT_DIR` and friends
    /// when `fromEnvironment` is set, as a hook or merge driver should.
    public init(discoveringFrom path: String = ".", fromEnvironment: Bool = false) throws(GitError) {
        Libgit2.initialise()
        var pointer: OpaquePointer?
        if fromEnvironment {
            try check(git_repository_open_ext(&pointer, nil, GIT_REPOSITORY_OPEN_FROM_ENV.rawValue, nil))
        } else {
            try check(git_repository_open_ext(&pointer, path, 0, nil))
        }
        guard let pointer else { throw GitError(code: -1, message: "could not open a repository at \(path)") }
        handle = pointer
    }

    deinit { git_repository_free(handle) }

    /// The repository's git directory (`.git/`, or `.git/worktrees/NAME/`), with a final slash.
    public var gitDirectory: String {
        String(cString: git_repository_path(handle))
    }

    /// The working tree, with a final slash; nil for a bare repository.
    public var workingDirectory: String? {
        git_repository_workdir(handle).map { String(cString: $0) }
    }
}
