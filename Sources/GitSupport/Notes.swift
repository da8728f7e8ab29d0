import CLibgit2

/// A notes ref as git keeps one (`refs/notes/...`): a commit whose tree names, by their hex ids,
/// the objects annotated, each with its note's blob.
public struct Notes: Sendable {
    /// The commit the ref points at.
    public var commit: ObjectID
    /// Its message's subject as git's `%s` gives it, trimmed: what git's textconv cache compares
    /// with the converter's command to tell whether the notes are still valid.
    public var subject: String
    /// The annotated object's 40-digit hex id → the note's blob. Fanned-out trees (`ab/cdef…`)
    /// are read flat.
    public var notes: [String: ObjectID]
}

extension ObjectID {
    /// The id written as 40 lowercase hex digits; nil for anything else.
    public init?(hex: String) {
        let digits = Array(hex.utf8)
        guard digits.count == 40 else { return nil }
        var oid = git_oid()
        let parsed = withUnsafeMutableBytes(of: &oid) { raw -> Bool in
            for index in 0..<20 {
                guard let high = Self.hexValue(digits[2 * index]), let low = Self.hexValue(digits[2 * index + 1]) else { return false }
                raw[index] = high << 4 | low
            }
            return true
        }
        guard parsed else { return nil }
        self.init(oid: oid)
    }

    private static func hexValue(_ digit: UInt8) -> UInt8? {
        switch digit {
        case 0x30...0x39: return digit - 0x30
        case 0x61...0x66: return digit - 0x61 + 10
        default: return nil
        }
    }
}

extension Repository {
    /// The object the reference `name` points at (peeled to an id); nil when there is no such
    /// reference.
    public func referenceTarget(_ name: String) throws(GitError) -> ObjectID? {
        var oid = git_oid()
        do {
            try check(git.reference_name_to_id(&oid, handle, name))
        } catch where error.isNotFound {
            return nil
        }
        return ObjectID(oid: oid)
    }

    /// Deletes the reference `name`; false when there was none.
    @discardableResult
    public func removeReference(_ name: String) throws(GitError) -> Bool {
        do {
            try check(git.reference_remove(handle, name))
            return true
        } catch where error.isNotFound {
            return false
        }
    }

    /// The notes `ref` holds; nil when there is no such reference.
    public func notes(at ref: String) throws(GitError) -> Notes? {
        guard let commit = try referenceTarget(ref) else { return nil }
        var commitObject: OpaquePointer?
        var oid = commit.oid
        try check(git.commit_lookup(&commitObject, handle, &oid))
        defer { git.commit_free(commitObject) }
        let message = git.commit_message(commitObject).map { String(cString: $0) } ?? ""
        var tree: OpaquePointer?
        try check(git.commit_tree(&tree, commitObject))
        defer { git.tree_free(tree) }
        var notes: [String: ObjectID] = [:]
        try collectNotes(in: tree, prefix: "", depth: 0, into: &notes)
        return Notes(commit: commit, subject: Self.subject(of: message), notes: notes)
    }

    /// The notes below `tree`, whose path so far spells `prefix` (git fans a large notes tree out
    /// into folders named by the first hex digits).
    private func collectNotes(in tree: OpaquePointer?, prefix: String, depth: Int, into notes: inout [String: ObjectID]) throws(GitError) {
        for index in 0..<git.tree_entrycount(tree) {
            guard let entry = git.tree_entry_byindex(tree, index), let namePointer = git.tree_entry_name(entry),
                let id = git.tree_entry_id(entry)
            else { continue }
            let name = prefix + String(cString: namePointer)
            guard name.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 >= 0x61 && $0 <= 0x66) }) else { continue }
            switch git.tree_entry_type(entry) {
            case GIT_OBJECT_BLOB where name.utf8.count == 40:
                notes[name] = ObjectID(oid: id.pointee)
            case GIT_OBJECT_TREE where name.utf8.count < 40 && depth < 19:
                var subtree: OpaquePointer?
                var subtreeID = id.pointee
                try check(git.tree_lookup(&subtree, handle, &subtreeID))
                defer { git.tree_free(subtree) }
                try collectNotes(in: subtree, prefix: name, depth: depth + 1, into: &notes)
            default:
                continue
            }
        }
    }

    /// A commit message's subject as git's `%s` prints it: the first paragraph, its lines joined
    /// by spaces, trimmed.
    static func subject(of message: String) -> String {
        var lines = message.split(separator: "\n", omittingEmptySubsequences: false).map { $0.trimmingWhitespaceAtEnd() }
        while let first = lines.first, first.isEmpty { lines.removeFirst() }
        let paragraph = lines.prefix { !$0.isEmpty }
        return paragraph.joined(separator: " ").trimmingWhitespace()
    }

    /// Writes `notes` (annotated object's hex id → note blob) as one flat tree in a commit with
    /// no parent whose message is `message`, and points `ref` at it, as git's own notes cache
    /// does. `previous` is what `ref` pointed at when the notes were read (nil: no ref): if
    /// anyone moved it since, nothing is replaced and the call throws.
    @discardableResult
    public func writeNotes(_ notes: [String: ObjectID], at ref: String, message: String, replacing previous: ObjectID?) throws(GitError) -> ObjectID {
        var builder: OpaquePointer?
        try check(git.treebuilder_new(&builder, handle, nil))
        defer { git.treebuilder_free(builder) }
        for (name, note) in notes {
            var oid = note.oid
            try check(git.treebuilder_insert(nil, builder, name, &oid, GIT_FILEMODE_BLOB))
        }
        var treeID = git_oid()
        try check(git.treebuilder_write(&treeID, builder))
        var tree: OpaquePointer?
        try check(git.tree_lookup(&tree, handle, &treeID))
        defer { git.tree_free(tree) }
        var signature: UnsafeMutablePointer<git_signature>?
        if (try? check(git.signature_default(&signature, handle))) == nil {
            try check(git.signature_now(&signature, "xcstrings-merge", "xcstrings-merge@localhost"))
        }
        defer { git.signature_free(signature) }
        var commitID = git_oid()
        try check(git.commit_create(&commitID, handle, nil, signature, signature, nil, message, tree, 0, nil))
        var reference: OpaquePointer?
        let log = "xcstrings-merge: notes written"
        if var expected = previous?.oid {
            try check(git.reference_create_matching(&reference, handle, ref, &commitID, 1, &expected, log))
        } else {
            try check(git.reference_create(&reference, handle, ref, &commitID, 0, log))
        }
        git.reference_free(reference)
        return ObjectID(oid: commitID)
    }
}

extension Substring {
    fileprivate func trimmingWhitespaceAtEnd() -> Substring {
        var text = self
        while let last = text.last, last == " " || last == "\t" || last == "\r" { text.removeLast() }
        return text
    }
}
