import CLibgit2

/// Which configuration file a read or write goes to.
public enum ConfigLevel: Sendable {
    case local, global, xdg, system

    var raw: git_config_level_t {
        switch self {
        case .local: return GIT_CONFIG_LEVEL_LOCAL
        case .global: return GIT_CONFIG_LEVEL_GLOBAL
        case .xdg: return GIT_CONFIG_LEVEL_XDG
        case .system: return GIT_CONFIG_LEVEL_SYSTEM
        }
    }
}

/// Git configuration through libgit2's config API.
public final class Config {
    let handle: OpaquePointer

    init(_ handle: OpaquePointer) { self.handle = handle }
    deinit { git.config_free(handle) }

    /// The user's configuration (system, XDG, global) when there is no repository.
    public static func userDefault() throws(GitError) -> Config {
        try Libgit2.load()
        var pointer: OpaquePointer?
        try check(git.config_open_default(&pointer))
        return Config(pointer!)
    }

    /// One level of this configuration, for writing to the right file.
    public func level(_ level: ConfigLevel) throws(GitError) -> Config {
        var pointer: OpaquePointer?
        try check(git.config_open_level(&pointer, handle, level.raw))
        return Config(pointer!)
    }

    /// A string value, or nil when unset.
    public func string(_ name: String) throws(GitError) -> String? {
        try read { buffer in git.config_get_string_buf(buffer, handle, name) }
    }

    /// A path value with `~` expanded, or nil when unset.
    public func path(_ name: String) throws(GitError) -> String? {
        try read { buffer in git.config_get_path(buffer, handle, name) }
    }

    /// Runs a libgit2 getter that fills a `git_buf`; nil when the entry is not set.
    private func read(_ getter: (UnsafeMutablePointer<git_buf>) -> Int32) throws(GitError) -> String? {
        var buffer = git_buf()
        defer { git.buf_dispose(&buffer) }
        do {
            try check(getter(&buffer))
        } catch where error.isNotFound {
            return nil
        }
        return String(cString: buffer.ptr)
    }

    public func set(_ name: String, _ value: String) throws(GitError) {
        try check(git.config_set_string(handle, name, value))
    }

    /// Removes `name`; true when it was there.
    @discardableResult
    public func delete(_ name: String) throws(GitError) -> Bool {
        do {
            try check(git.config_delete_entry(handle, name))
            return true
        } catch where error.isNotFound {
            return false
        }
    }

    /// The path of the user's global config file (`~/.gitconfig`), existing or not.
    public static var globalFilePath: String? {
        guard (try? Libgit2.load()) != nil else { return nil }
        var buffer = git_buf()
        defer { git.buf_dispose(&buffer) }
        guard git.config_find_global(&buffer) == 0, let pointer = buffer.ptr else { return nil }
        return String(cString: pointer)
    }
}
