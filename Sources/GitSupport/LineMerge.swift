import CLibgit2

/// git's own line merge (`git merge-file`), through libgit2's `git_merge_file`.
public enum LineMerge {
    public struct Result: Sendable {
        /// True when no hunk conflicted.
        public var isClean: Bool
        /// The merged text, with conflict markers where hunks conflicted.
        public var bytes: [UInt8]

        public init(isClean: Bool, bytes: [UInt8]) {
            self.isClean = isClean
            self.bytes = bytes
        }
    }

    /// How conflicts are shown (`merge.conflictStyle`): `diff3` and `zdiff3` add the base's
    /// lines between `|||||||` and `=======`.
    public enum ConflictStyle: String, Sendable {
        case merge, diff3, zdiff3

        var flag: UInt32 {
            switch self {
            case .merge: return 0
            case .diff3: return UInt32(GIT_MERGE_FILE_STYLE_DIFF3.rawValue)
            case .zdiff3: return UInt32(GIT_MERGE_FILE_STYLE_ZDIFF3.rawValue)
            }
        }
    }

    /// Merges three texts line by line, as `git merge-file -p` would; with `patience`, with the
    /// patience diff (libgit2 has no histogram diff, git's own merge's; patience is the one it
    /// refines, and keeps a catalog's repeated `}` lines from pairing up across entries).
    public static func merge(
        base: [UInt8], ours: [UInt8], theirs: [UInt8],
        baseLabel: String?, oursLabel: String?, theirsLabel: String?, markerSize: Int = 7,
        style: ConflictStyle = .merge, patience: Bool = false
    ) throws(GitError) -> Result {
        try Libgit2.load()
        do {
            return try base.withUnsafeBufferPointer { basePointer in
                try ours.withUnsafeBufferPointer { oursPointer in
                    try theirs.withUnsafeBufferPointer { theirsPointer in
                        try withOptionalCString(baseLabel) { baseName in
                            try withOptionalCString(oursLabel) { oursName in
                                try withOptionalCString(theirsLabel) { theirsName in
                                    var ancestor = git_merge_file_input()
                                    var mine = git_merge_file_input()
                                    var other = git_merge_file_input()
                                    _ = git.merge_file_input_init(&ancestor, UInt32(GIT_MERGE_FILE_INPUT_VERSION))
                                    _ = git.merge_file_input_init(&mine, UInt32(GIT_MERGE_FILE_INPUT_VERSION))
                                    _ = git.merge_file_input_init(&other, UInt32(GIT_MERGE_FILE_INPUT_VERSION))
                                    ancestor.ptr = emptySafe(basePointer)
                                    ancestor.size = basePointer.count
                                    mine.ptr = emptySafe(oursPointer)
                                    mine.size = oursPointer.count
                                    other.ptr = emptySafe(theirsPointer)
                                    other.size = theirsPointer.count
                                    var options = git_merge_file_options()
                                    _ = git.merge_file_options_init(&options, UInt32(GIT_MERGE_FILE_OPTIONS_VERSION))
                                    options.ancestor_label = baseName
                                    options.our_label = oursName
                                    options.their_label = theirsName
                                    options.marker_size = UInt16(clamping: markerSize)
                                    options.flags = style.flag | (patience ? UInt32(GIT_MERGE_FILE_DIFF_PATIENCE.rawValue) : 0)
                                    var result = git_merge_file_result()
                                    defer { git.merge_file_result_free(&result) }
                                    try check(git.merge_file(&result, &ancestor, &mine, &other, &options))
                                    let merged: [UInt8]
                                    if let pointer = result.ptr, result.len > 0 {
                                        merged = Array(UnsafeRawBufferPointer(start: pointer, count: result.len).bindMemory(to: UInt8.self))
                                    } else {
                                        merged = []
                                    }
                                    return Result(isClean: result.automergeable != 0, bytes: merged)
                                }
                            }
                        }
                    }
                }
            }
        } catch let error as GitError {
            throw error
        } catch {
            throw GitError(code: -1, message: "\(error)")
        }
    }
}

private let emptyByte: [CChar] = [0]

private func emptySafe(_ buffer: UnsafeBufferPointer<UInt8>) -> UnsafePointer<CChar>? {
    guard let base = buffer.baseAddress else { return emptyByte.withUnsafeBufferPointer { $0.baseAddress } }
    return UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
}

/// Calls `body` with a C string, or with NULL for nil. (Untyped throws: typed throws through
/// `withCString` crashes the 6.3 compiler.)
func withOptionalCString<R>(_ string: String?, _ body: (UnsafePointer<CChar>?) throws -> R) rethrows -> R {
    guard let string else { return try body(nil) }
    return try string.withCString { try body($0) }
}
