import CLibgit2

extension Repository {
    /// The commit `revision` names (`main`, `origin/main`, `HEAD~2`, a hash).
    public func commit(_ revision: String) throws(GitError) -> ObjectID {
        var object: OpaquePointer?
        try check(git.revparse_single(&object, handle, revision))
        defer { git.object_free(object) }
        var commit: OpaquePointer?
        try check(git.object_peel(&commit, object, GIT_OBJECT_COMMIT))
        defer { git.object_free(commit) }
        guard let id = git.object_id(commit) else { throw GitError(code: -1, message: "\(revision) has no object id") }
        return ObjectID(oid: id.pointee)
    }

    /// The message of `commit`, as git stored it; nil when it cannot be read.
    public func message(of commit: ObjectID) -> String? {
        var commitObject: OpaquePointer?
        var oid = commit.oid
        guard (try? check(git.commit_lookup(&commitObject, handle, &oid))) != nil else { return nil }
        defer { git.commit_free(commitObject) }
        return git.commit_message(commitObject).map { String(cString: $0) }
    }

    /// The merge base of two commits: where a pull request's branch left `revision`.
    public func mergeBase(_ one: ObjectID, _ two: ObjectID) throws(GitError) -> ObjectID {
        var base = git_oid()
        var a = one.oid
        var b = two.oid
        try check(git.merge_base(&base, handle, &a, &b))
        return ObjectID(oid: base)
    }

    /// The contents of `path` (relative to the working tree) in `commit`; nil when the commit
    /// has no such file.
    public func file(_ path: String, in commit: ObjectID) throws(GitError) -> [UInt8]? {
        var commitObject: OpaquePointer?
        var oid = commit.oid
        try check(git.commit_lookup(&commitObject, handle, &oid))
        defer { git.commit_free(commitObject) }
        var tree: OpaquePointer?
        try check(git.commit_tree(&tree, commitObject))
        defer { git.tree_free(tree) }
        var entry: OpaquePointer?
        do {
            try check(git.tree_entry_bypath(&entry, tree, path))
        } catch where error.isNotFound {
            return nil
        }
        defer { git.tree_entry_free(entry) }
        guard let id = git.tree_entry_id(entry) else { return nil }
        return try blob(ObjectID(oid: id.pointee))
    }
}
