import StringCatalog

/// One of the three versions a merge reads.
public enum Side: String, Sendable, CaseIterable {
    case base, ours, theirs
}

/// Why two changes could not be reconciled automatically.
public enum ConflictKind: String, Sendable, CaseIterable {
    /// Both sides added the same member with different, non-object values.
    case bothAdded = "both-added"
    /// Both sides changed the same value differently.
    case bothModified = "both-modified"
    /// One side deleted what the other changed.
    case deletedModified = "deleted-modified"
    /// Both sides changed the catalog's source language differently.
    case sourceLanguage = "source-language"
    /// One side changed a localization's shape (string unit, plural, device) while the other changed it.
    case structureChanged = "structure-changed"
}

/// Where in the catalog something happened.
public struct MergeLocation: Sendable, Hashable {
    /// The entry's key; nil for top-level fields.
    public var key: UTF8Bytes?
    /// The locale; nil for entry-level fields and whole entries.
    public var locale: UTF8Bytes?
    /// Members below the entry (or below the locale, when there is one).
    public var path: [UTF8Bytes]

    public init(key: UTF8Bytes? = nil, locale: UTF8Bytes? = nil, path: [UTF8Bytes] = []) {
        self.key = key
        self.locale = locale
        self.path = path
    }

    /// `KEY [LOCALE] path.to.member` for messages.
    public var description: String {
        // Each part kept on its line: a key or locale from another branch may hold a line break.
        var text = key.map { "\"\(VisibleText.name($0.string))\"" } ?? "(catalog)"
        if let locale { text += " [\(VisibleText.name(locale.string))]" }
        if !path.isEmpty { text += " " + VisibleText.name(path.map(\.string).joined(separator: ".")) }
        return text
    }
}

/// A conflict: the three versions of one place, and what the output holds.
public struct MergeConflict: Sendable, Equatable {
    public var location: MergeLocation
    public var kind: ConflictKind
    public var base: JSONValue?
    public var ours: JSONValue?
    public var theirs: JSONValue?
    /// Whose version the output holds ("ours", "theirs", "base" or "edited"); for an unresolved
    /// `both-modified` string unit, ours' value marked `needs_review`.
    public var kept: String
    /// Set when a choice (`--prefer`, `resolve`) settled the conflict.
    public var resolvedBy: Resolution?
    /// The catalog's repository path, when the merge knew it (see `MergeOptions.file`).
    public var file: String?

    public init(
        location: MergeLocation, kind: ConflictKind, base: JSONValue?, ours: JSONValue?, theirs: JSONValue?, kept: String,
        resolvedBy: Resolution? = nil
    ) {
        self.location = location
        self.kind = kind
        self.base = base
        self.ours = ours
        self.theirs = theirs
        self.kept = kept
        self.resolvedBy = resolvedBy
    }

    /// Stable for the same conflict across runs, and unique among a repository's catalogs: a
    /// hash of the file, where it is in it and what kind it is.
    public var id: String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ bytes: some Sequence<UInt8>) {
            for byte in bytes {
                hash ^= UInt64(byte)
                hash &*= 0x100_0000_01b3
            }
            hash ^= 0xFF
            hash &*= 0x100_0000_01b3
        }
        // Without a file (a merge outside a repository) the id is what it always was.
        if let file { mix(file.utf8) }
        mix(location.key?.bytes ?? [])
        mix(location.locale?.bytes ?? [])
        for component in location.path { mix(component.bytes) }
        mix(kind.rawValue.utf8)
        let text = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }

    public func value(_ side: Side) -> JSONValue? {
        switch side {
        case .base: return base
        case .ours: return ours
        case .theirs: return theirs
        }
    }
}

/// A difference the rules settled without asking anyone.
public struct AutoResolution: Sendable, Equatable {
    public var location: MergeLocation
    public var rule: String
    /// Which side's version was chosen, or "combined" when the result mixes both.
    public var chosen: String
    /// For `renamed-key`: the old key, and who renamed it ("ours", "theirs" or "both").
    public var from: UTF8Bytes?
    public var renamedBy: String?
    /// What the side not chosen had there, which the output does not keep (nil inside: that side
    /// had nothing there); nil when nothing was dropped. A value discarded is always recoverable
    /// from the report.
    public var discarded: JSONValue??

    public init(
        location: MergeLocation, rule: String, chosen: String, from: UTF8Bytes? = nil, renamedBy: String? = nil,
        discarded: JSONValue?? = nil
    ) {
        self.location = location
        self.rule = rule
        self.chosen = chosen
        self.from = from
        self.renamedBy = renamedBy
        self.discarded = discarded
    }

    /// The side whose version was dropped: the one not chosen.
    public var discardedSide: String? {
        guard discarded != nil else { return nil }
        return chosen == "ours" ? "theirs" : chosen == "theirs" ? "ours" : nil
    }
}

/// A problem a check found in an entry the merge combined from both sides, such as ours' new
/// source text paired with theirs' translation of the old one. It does not make the merge fail.
public struct MergeWarning: Sendable, Equatable {
    public var rule: String
    public var key: UTF8Bytes
    public var locale: UTF8Bytes?
    public var message: String

    public init(rule: String, key: UTF8Bytes, locale: UTF8Bytes?, message: String) {
        self.rule = rule
        self.key = key
        self.locale = locale
        self.message = message
    }
}

/// A repair made to an input before the merge read it (see `CatalogRepair`).
public struct InputRepair: Sendable, Equatable {
    public var side: Side
    /// The file as messages name it: the repository path, or the input's own.
    public var file: String
    public var line: Int
    public var column: Int
    public var kind: String
    /// The repeated key, for a duplicate; the keys around it are `path`.
    public var key: UTF8Bytes?
    public var path: [UTF8Bytes]
    /// For a duplicate: each value in the file's order; the last is the one kept.
    public var values: [JSONValue]

    public init(side: Side, file: String, line: Int, column: Int, kind: String, key: UTF8Bytes?, path: [UTF8Bytes], values: [JSONValue]) {
        self.side = side
        self.file = file
        self.line = line
        self.column = column
        self.kind = kind
        self.key = key
        self.path = path
        self.values = values
    }
}

/// Why the merge fell back to a line merge, and what that gave.
public struct LineMergeFallback: Sendable, Equatable {
    public var reason: String
    /// Conflict hunks the line merge left (0 when it was clean).
    public var hunks: Int
    /// Which line merge ran: `git merge-file (histogram)`, `libgit2 (patience)`, ...
    public var method: String

    public init(reason: String, hunks: Int, method: String) {
        self.reason = reason
        self.hunks = hunks
        self.method = method
    }
}

/// Everything a merge decided.
public struct MergeReport: Sendable {
    /// Repairs made to the inputs before they were read; a person should look at each.
    public var repairs: [InputRepair] = []
    /// Set when no semantic merge ran: the inputs were line-merged instead.
    public var fallback: LineMergeFallback?
    public var conflicts: [MergeConflict] = []
    public var autoResolved: [AutoResolution] = []
    public var keysMerged = 0
    public var keysAdded = 0
    public var keysDeleted = 0
    /// Keys that one or both sides renamed and the merge followed (R10); not counted as added
    /// or deleted.
    public var keysRenamed = 0
    /// Entries the merge built from both sides' changes (member by member), where one side's
    /// text may meet the other side's translation: the ones worth linting after a merge.
    public var combinedKeys: [UTF8Bytes] = []
    /// For each of those entries, the locales a side changed: the places the merge combined,
    /// which its warnings are about (a locale neither side touched is as both sides had it).
    public var combinedLocales: [UTF8Bytes: Set<UTF8Bytes>] = [:]
    /// Problems found in those entries after the merge (see `MergeWarning`).
    public var warnings: [MergeWarning] = []
    /// What one side removed that the other left as the base had it (see `Removal`).
    public var removals: [Removal] = []

    public init() {}

    public var unresolvedConflicts: [MergeConflict] { conflicts.filter { $0.resolvedBy == nil } }

    /// Adds the report of a merge of other keys (the same catalogs cut to other strings, merged
    /// apart): what each decided, one after the other, and the counts summed.
    public mutating func append(_ other: MergeReport) {
        repairs += other.repairs
        if fallback == nil { fallback = other.fallback }
        conflicts += other.conflicts
        autoResolved += other.autoResolved
        keysMerged += other.keysMerged
        keysAdded += other.keysAdded
        keysDeleted += other.keysDeleted
        keysRenamed += other.keysRenamed
        combinedKeys += other.combinedKeys
        combinedLocales.merge(other.combinedLocales) { $0.union($1) }
        warnings += other.warnings
        removals += other.removals
    }
}
