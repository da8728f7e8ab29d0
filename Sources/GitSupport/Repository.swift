import CLibgit2

/// An open repository. Not thread-safe, as libgit2 objects are not.
public final class Repository {
    let handle: OpaquePointer

    /// Opens the repository containing `path`, searching upward.
    public init(discoveringFrom path: String = ".") throws(GitError) {
        try Libgit2.load()
        var pointer: OpaquePointer?
        try check(git.repository_open_ext(&pointer, path, 0, nil))
        guard let pointer else { throw GitError(code: -1, message: "could not open a repository at \(path)") }
        handle = pointer
        try requireUTF8Path()
    }

    /// Opens the repository as git's environment describes it (`GIT_DIR`, `GIT_INDEX_FILE`, …),
    /// or by searching from the current directory: what a hook or a merge driver should do.
    public init(fromEnvironment: Void = ()) throws(GitError) {
        try Libgit2.load()
        var pointer: OpaquePointer?
        try check(git.repository_open_ext(&pointer, nil, GIT_REPOSITORY_OPEN_FROM_ENV.rawValue, nil))
        guard let pointer else { throw GitError(code: -1, message: "could not open the repository") }
        handle = pointer
        try requireUTF8Path()
    }

    /// The tool names files with Swift strings, which hold only UTF-8: a repository in a folder
    /// whose name is not UTF-8 is refused once, clearly, not met later as files that are missing.
    func requireUTF8Path() throws(GitError) {
        guard let path = git.repository_path(handle), PathNames.decoded(cString: path) == nil else { return }
        throw GitError(
            code: -1,
            message: "the repository's path is not UTF-8 (\(PathNames.quoted(PathNames.bytes(cString: path)))); xcstrings-merge reads only UTF-8 paths: rename the folder")
    }

    /// The environment's repository if it can be opened that way, else the one around `path`.
    public static func open(from path: String = ".") throws(GitError) -> Repository {
        if let repository = try? Repository(fromEnvironment: ()) { return repository }
        return try Repository(discoveringFrom: path)
    }

    /// The repository `open(from:)` finds, or nil when there is none. Throws when libgit2
    /// cannot be loaded or the repository cannot be read, which must not pass for "no repository".
    public static func openIfPresent(from path: String = ".") throws(GitError) -> Repository? {
        do {
            return try open(from: path)
        } catch where error.isNotFound {
            return nil
        }
    }

    deinit { git.repository_free(handle) }

    /// The repository's git directory (`.git/`, or `.git/worktrees/NAME/`), with a final slash.
    public var gitDirectory: String { git.repository_path(handle).map { String(cString: $0) } ?? "" }

    /// The main git directory shared by all worktrees, with a final slash.
    public var commonDirectory: String { git.repository_commondir(handle).map { String(cString: $0) } ?? "" }

    /// The working tree, with a final slash; nil for a bare repository.
    public var workingDirectory: String? { git.repository_workdir(handle).map { String(cString: $0) } }

    /// All configuration levels as git sees them from this repository.
    public func config() throws(GitError) -> Config {
        var pointer: OpaquePointer?
        try check(git.repository_config(&pointer, handle))
        return Config(pointer!)
    }

    public func index() throws(GitError) -> Index {
        var pointer: OpaquePointer?
        try check(git.repository_index(&pointer, handle))
        return Index(pointer!, repository: self)
    }

    /// The contents of a blob.
    public func blob(_ id: ObjectID) throws(GitError) -> [UInt8] {
        var pointer: OpaquePointer?
        var oid = id.oid
        try check(git.blob_lookup(&pointer, handle, &oid))
        defer { git.blob_free(pointer) }
        let size = Int(git.blob_rawsize(pointer))
        guard size > 0, let raw = git.blob_rawcontent(pointer) else { return [] }
        return Array(UnsafeRawBufferPointer(start: raw, count: size))
    }

    /// Writes `bytes` into the object database as a blob (git hash-object -w) and returns its id.
    public func writeBlob(_ bytes: [UInt8]) throws(GitError) -> ObjectID {
        var oid = git_oid()
        let status = bytes.withUnsafeBytes { buffer in git.blob_create_from_buffer(&oid, handle, buffer.baseAddress, buffer.count) }
        try check(status)
        return ObjectID(oid: oid)
    }

    /// Where attribute lookups read from.
    public enum AttributeSource: Sendable {
        case workingTreeThenIndex, indexOnly

        var flags: UInt32 {
            switch self {
            case .workingTreeThenIndex: return UInt32(GIT_ATTR_CHECK_FILE_THEN_INDEX)
            case .indexOnly: return UInt32(GIT_ATTR_CHECK_INDEX_ONLY)
            }
        }
    }

    /// The value of attribute `name` for `path` (relative to the working tree): nil when
    /// unspecified, "true"/"false" when set or unset, else its string.
    public func attribute(_ name: String, for path: String, source: AttributeSource = .workingTreeThenIndex) throws(GitError) -> String? {
        var value: UnsafePointer<CChar>?
        try check(git.attr_get(&value, handle, source.flags, path, name))
        switch git.attr_value(value) {
        case GIT_ATTR_VALUE_UNSPECIFIED: return nil
        case GIT_ATTR_VALUE_TRUE: return "true"
        case GIT_ATTR_VALUE_FALSE: return "false"
        default: return value.map { String(cString: $0) }
        }
    }
}

/// A 20-byte object id.
public struct ObjectID: Sendable, Equatable, CustomStringConvertible {
    var oid: git_oid

    public var description: String {
        var buffer = [CChar](repeating: 0, count: 41)
        var copy = oid
        _ = git.oid_tostr(&buffer, 41, &copy)
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    public static func == (lhs: ObjectID, rhs: ObjectID) -> Bool {
        var a = lhs.oid
        var b = rhs.oid
        return git.oid_equal(&a, &b) != 0
    }
}
