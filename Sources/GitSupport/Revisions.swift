import CLibgit2

extension Repository {
    /// The commit `revision` names (`main`, `origin/main`, `HEAD~2`, a hash).
    public func commit(_ revision: String) throws(GitError) -> ObjectID {
        var object: OpaquePointer?
        try check(git_revparse_single(&object, handle, revision))
        defer { git_object_free(object) }
        var commit: OpaquePointer?
        try check(git_object_peel(&commit, object, GIT_OBJECT_COMMIT))
        defer { git_object_free(commit) }
        return ObjectID(oid: git_object_id(commit).pointee)
    }

    /// The merge base of two commits: where a pull request's branch left `revision`.
    public func mergeBase(_ one: ObjectID, _ two: ObjectID) throws(GitError) -> ObjectID {
        var base = git_oid()
        var a = one.oid
        var b = two.oid
        try check(git_merge_base(&base, handle, &a, &b))
        return ObjectID(oid: base)
    }

    /// The contents of `path` (relative to the working tree) in `commit`; nil when the commit
    /// has no such file.
    public func file(_ path: String, in commit: ObjectID) throws(GitError) -> [UInt8]? {
        var commitObject: OpaquePointer?
        var oid = commit.oid
        try check(git_commit_lookup(&commitObject, handle, &oid))
        defer { git_commit_free(commitObject) }
        var tree: OpaquePointer?
        try check(git_commit_tree(&tree, commitObject))
        defer { git_tree_free(tree) }
        var entry: OpaquePointer?
        do {
            try check(git_tree_entry_bypath(&entry, tree, path))
        } catch where error.isNotFound {
            return nil
        }
        defer { git_tree_entry_free(entry) }
        return try blob(ObjectID(oid: git_tree_entry_id(entry).pointee))
    }
}
