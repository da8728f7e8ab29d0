import StringCatalog

/// The three versions of a catalog a merge reads: each a file or bytes already in memory.
public struct MergeInputs: Sendable {
    /// Where one version comes from.
    public enum Source: Sendable {
        /// A file, read (or, when big, mapped) by the merge as its memory policy says.
        case file(String)
        /// Bytes in memory: a blob from the index, a fixture, a fuzzer's input.
        case bytes([UInt8])
    }

    public var base: Source
    public var ours: Source
    public var theirs: Source
    /// The file as messages name it (the repository path, git's `%P`); each source's own name
    /// when nil.
    public var displayName: String?

    public init(base: Source, ours: Source, theirs: Source, displayName: String? = nil) {
        self.base = base
        self.ours = ours
        self.theirs = theirs
        self.displayName = displayName
    }

    /// Three files, as the merge driver gets them (`%O %A %B`).
    public static func files(base: String, ours: String, theirs: String, displayName: String? = nil) -> MergeInputs {
        MergeInputs(base: .file(base), ours: .file(ours), theirs: .file(theirs), displayName: displayName)
    }

    /// Three versions in memory.
    public static func bytes(base: [UInt8], ours: [UInt8], theirs: [UInt8], displayName: String? = nil) -> MergeInputs {
        MergeInputs(base: .bytes(base), ours: .bytes(ours), theirs: .bytes(theirs), displayName: displayName)
    }

    var sources: [Source] { [base, ours, theirs] }

    /// The name messages give the input on `side`.
    func name(_ index: Int) -> String {
        if let displayName { return displayName }
        switch sources[index] {
        case .file(let path): return path
        case .bytes: return ["base", "ours", "theirs"][index]
        }
    }
}
