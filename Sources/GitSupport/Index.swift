import CLibgit2
import XcstringsMergePlatform

/// One entry of the index: a path at a stage, with its blob.
public struct IndexEntry: Sendable {
    public var path: String
    public var id: ObjectID
    public var mode: UInt32
    /// Why the entry cannot be read, when its name is not UTF-8 (`path` then holds U+FFFD).
    public var unsupportedName: String? = nil
}

/// A conflicted path: its stages 1 (base), 2 (ours) and 3 (theirs); any may be missing.
public struct IndexConflict: Sendable {
    public var path: String
    public var ancestor: IndexEntry?
    public var ours: IndexEntry?
    public var theirs: IndexEntry?
}

/// The repository's index.
public final class Index {
    let handle: OpaquePointer
    let repository: Repository

    init(_ handle: OpaquePointer, repository: Repository) {
        self.handle = handle
        self.repository = repository
    }

    deinit { git.index_free(handle) }

    /// Re-reads the index from disk if git changed it.
    public func reload() throws(GitError) {
        try check(git.index_read(handle, 0))
    }

    static func entry(_ pointer: UnsafePointer<git_index_entry>?) -> IndexEntry? {
        guard let pointer else { return nil }
        let name = PathNames.bytes(cString: pointer.pointee.path)
        let path = PathNames.decoded(name)
        return IndexEntry(
            path: path ?? String(decoding: name, as: UTF8.self), id: ObjectID(oid: pointer.pointee.id), mode: pointer.pointee.mode,
            unsupportedName: path == nil ? PathNames.unsupported(name) : nil)
    }

    /// Every conflicted path.
    public func conflicts() throws(GitError) -> [IndexConflict] {
        var iterator: OpaquePointer?
        try check(git.index_conflict_iterator_new(&iterator, handle))
        defer { git.index_conflict_iterator_free(iterator) }
        var result: [IndexConflict] = []
        while true {
            var ancestor: UnsafePointer<git_index_entry>?
            var ours: UnsafePointer<git_index_entry>?
            var theirs: UnsafePointer<git_index_entry>?
            let code = git.index_conflict_next(&ancestor, &ours, &theirs, iterator)
            if code == GIT_ITEROVER.rawValue { break }
            try check(code)
            guard let path = (ancestor ?? ours ?? theirs).map({ String(cString: $0.pointee.path) }) else { continue }
            result.append(IndexConflict(path: path, ancestor: Self.entry(ancestor), ours: Self.entry(ours), theirs: Self.entry(theirs)))
        }
        return result
    }

    /// The stage-0 entry at `path`, when the path is staged and not conflicted.
    public func entry(path: String) -> IndexEntry? {
        Self.entry(git.index_get_bypath(handle, path, 0))
    }

    /// Stage-0 entries whose path ends with `suffix`.
    public func entries(withSuffix suffix: String) -> [IndexEntry] {
        var result: [IndexEntry] = []
        let count = git.index_entrycount(handle)
        for i in 0..<count {
            guard let pointer = git.index_get_byindex(handle, i), git.index_entry_stage(pointer) == 0 else { continue }
            let path = String(cString: pointer.pointee.path)
            if path.hasSuffix(suffix), let entry = Self.entry(pointer) { result.append(entry) }
        }
        return result
    }

    /// Stages `bytes` at `path` (stage 0), which clears any conflict there. `workingFile`, when
    /// it holds those bytes, gives the entry its stat data as `git add` does: an entry without
    /// them (times 0) looks modified to git, and `git merge --abort` then refuses to reset it.
    public func add(path: String, bytes: [UInt8], mode: UInt32 = 0o100644, workingFile: String? = nil) throws(GitError) {
        var entry = git_index_entry()
        entry.mode = mode
        if let workingFile, let info = FileStatus.of(workingFile), Int(info.st_size) == bytes.count {
            let changed = FileStatus.statusChangeTime(info), modified = FileStatus.modificationTime(info)
            entry.ctime = git_index_time(seconds: Int32(truncatingIfNeeded: changed.seconds), nanoseconds: UInt32(truncatingIfNeeded: changed.nanoseconds))
            entry.mtime = git_index_time(seconds: Int32(truncatingIfNeeded: modified.seconds), nanoseconds: UInt32(truncatingIfNeeded: modified.nanoseconds))
            entry.dev = UInt32(truncatingIfNeeded: info.st_dev)
            entry.ino = UInt32(truncatingIfNeeded: info.st_ino)
            entry.uid = UInt32(truncatingIfNeeded: info.st_uid)
            entry.gid = UInt32(truncatingIfNeeded: info.st_gid)
            entry.file_size = UInt32(truncatingIfNeeded: info.st_size)
        }
        do {
            try path.withCString { cPath in
                entry.path = cPath
                try bytes.withUnsafeBytes { buffer in
                    _ = try check(git.index_add_from_buffer(handle, &entry, buffer.baseAddress, buffer.count))
                }
            }
        } catch let error as GitError {
            throw error
        } catch {
            throw GitError(code: -1, message: "\(error)")
        }
    }

    /// Puts `path` in conflict, as a merge that left it unsettled does: stages 1 (`ancestor`,
    /// when there is one), 2 (`ours`) and 3 (`theirs`) in place of its stage 0.
    public func addConflict(path: String, mode: UInt32, ancestor: ObjectID?, ours: ObjectID, theirs: ObjectID) throws(GitError) {
        func entry(_ id: ObjectID) -> git_index_entry {
            var entry = git_index_entry()
            entry.mode = mode
            entry.id = id.oid
            return entry
        }
        var base = ancestor.map(entry), our = entry(ours), their = entry(theirs)
        do {
            try path.withCString { cPath in
                base?.path = cPath
                our.path = cPath
                their.path = cPath
                if var base {
                    _ = try check(git.index_conflict_add(handle, &base, &our, &their))
                } else {
                    _ = try check(git.index_conflict_add(handle, nil, &our, &their))
                }
            }
        } catch let error as GitError {
            throw error
        } catch {
            throw GitError(code: -1, message: "\(error)")
        }
    }

    public func write() throws(GitError) {
        try check(git.index_write(handle))
    }
}
