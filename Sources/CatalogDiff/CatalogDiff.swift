import CatalogMerge
import StringCatalog

/// One change between two versions of a catalog.
public struct CatalogChange: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable {
        /// A key added (`new` is what it holds, as facts below it) or removed.
        case keyAdded = "key-added"
        case keyRemoved = "key-removed"
        /// A key renamed (R10's pairing): `key` is the new name, `renamedFrom` the old.
        case keyRenamed = "key-renamed"
        /// A translation (a unit, phrases or a field of a localization) added or removed.
        case added, removed
        /// A unit's text changed (its state may have changed with it).
        case value
        /// A unit's state alone changed.
        case state
        /// An App Shortcut's phrases changed.
        case phrases
        /// A field of an entry (a comment, an extraction state) or of a substitution changed.
        case field
        /// A top-level field (`sourceLanguage`, `version`) added, removed or changed.
        case topLevel = "top-level"
    }

    public var kind: Kind
    /// The entry's key (the new name of a renamed one); nil for the top level.
    public var key: UTF8Bytes?
    public var renamedFrom: UTF8Bytes?
    public var locale: UTF8Bytes?
    public var path: [UTF8Bytes]
    public var old: CatalogFact.Value?
    public var new: CatalogFact.Value?
    /// For `added` and `removed` in a locale: whether the whole translation (the string in that
    /// locale) came or went with it, not one form of a translation that stays.
    public var isWholeTranslation = false
}

/// A version that is not a catalog, named with its line and column.
public struct DiffInputError: Error, Sendable {
    /// `old` or `new`.
    public var side: String
    public var error: JSONError
}

/// What changed between two versions of a catalog.
public struct CatalogDiff: Sendable {
    /// Reads both versions (nil: the file is absent, an empty catalog) and compares them; the
    /// new is read against the old, so that its unchanged entries share the old's bytes and
    /// compare at once.
    public static func compare(old: [UInt8]?, new: [UInt8]?) -> Result<CatalogDiff, DiffInputError> {
        read(old: old) { oldCatalog throws(JSONError) in
            if let new, !new.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
                return try Catalog(bytes: new, reference: oldCatalog)
            }
            return try Catalog.mergeBase(bytes: new ?? [])
        }.map { CatalogDiff(old: $0.old, new: $0.new, bytesDiffer: old != new) }
    }

    /// `compare(old:new:)` with the new version in a mapping made to be read once
    /// (`MappedFile(streamed: true)`): only its entries that differ from the old version's are
    /// copied out, and its pages are let go behind the reading, so that the two versions are never
    /// both resident whole. `newDiffers` says whether the bytes differ, asked only when nothing
    /// else does (a change of layout alone), so that the mapping is not read a second time.
    public static func compare(old: [UInt8]?, newBuffer: UnsafeBufferPointer<UInt8>, newDiffers: () -> Bool) -> Result<CatalogDiff, DiffInputError> {
        read(old: old) { oldCatalog throws(JSONError) in
            try Catalog(streamingFrom: newBuffer, reference: oldCatalog)
        }.map { versions in
            var diff = CatalogDiff(old: versions.old, new: versions.new, bytesDiffer: false)
            if diff.changes.isEmpty { diff.layoutOnly = newDiffers() }
            return diff
        }
    }

    /// Both versions read: the old (nil: absent, an empty catalog), then the new by `readNew`,
    /// which gets the old to read against; a failure names the version.
    static func read(old: [UInt8]?, readNew: (Catalog) throws(JSONError) -> Catalog) -> Result<(old: Catalog, new: Catalog), DiffInputError> {
        let oldCatalog: Catalog
        do throws(JSONError) {
            oldCatalog = try Catalog.mergeBase(bytes: old ?? [])
        } catch {
            return .failure(DiffInputError(side: "old", error: error))
        }
        do throws(JSONError) {
            return .success((oldCatalog, try readNew(oldCatalog)))
        } catch {
            return .failure(DiffInputError(side: "new", error: error))
        }
    }

    public var changes: [CatalogChange]
    /// The bytes differ and nothing else does: key order, indentation, what `format` undoes.
    public var layoutOnly: Bool

    public var isEmpty: Bool { changes.isEmpty && !layoutOnly }

    /// Compares two catalogs per key, locale and form. Entries whose bytes are equal are passed
    /// over without being decoded (`new` read against `old` shares their bytes); a key gone
    /// and a key new with the same translations is one rename.
    public init(old: Catalog, new: Catalog, bytesDiffer: Bool) {
        var changes: [CatalogChange] = []
        // The top level, by name.
        let oldTop = CatalogFacts.topLevel(of: old), newTop = CatalogFacts.topLevel(of: new)
        for fact in oldTop where !newTop.contains(where: { $0.path == fact.path }) {
            changes.append(CatalogChange(kind: .topLevel, key: nil, locale: nil, path: fact.path, old: fact.value, new: nil))
        }
        for fact in newTop {
            let before = oldTop.first { $0.path == fact.path }?.value
            if before != fact.value {
                changes.append(CatalogChange(kind: .topLevel, key: nil, locale: nil, path: fact.path, old: before, new: fact.value))
            }
        }
        let oldStrings = old.strings, newStrings = new.strings
        // Each new entry's position in the old version: the alignment the reading against the
        // old one found (no hashing of every key again).
        let positions: [Int32] = newStrings.alignment(to: oldStrings)?.positions ?? {
            // Without it, one table of the old keys (a search of the old object per new key
            // would be quadratic).
            var oldPositions: [UTF8Bytes: Int32] = [:]
            oldPositions.reserveCapacity(oldStrings.count)
            for (position, member) in oldStrings.members.enumerated() where oldPositions[member.key] == nil {
                oldPositions[member.key] = Int32(position)
            }
            return newStrings.members.map { oldPositions[$0.key] ?? -1 }
        }()
        var inNew = [Bool](repeating: false, count: oldStrings.count)
        // Collected in an array, then made an object once: appending to an object's members one
        // by one copied them each time (its members observe their changes), quadratic in keys added.
        var addedMembers: [JSONMember] = []
        var changedPairs: [(key: UTF8Bytes, old: JSONValue, new: JSONValue)] = []
        for (index, member) in newStrings.members.enumerated() {
            let position = Int(positions[index])
            guard position >= 0 else {
                addedMembers.append(member)
                continue
            }
            inNew[position] = true
            let before = oldStrings.members[position].value
            if before != member.value { changedPairs.append((member.key, before, member.value)) }
        }
        let added = JSONObject(addedMembers)
        let removed = JSONObject(oldStrings.members.indices.filter { !inNew[$0] }.map { oldStrings.members[$0] })
        let renames = removed.members.isEmpty || added.members.isEmpty
            ? [:] : KeyRenames.between(old: removed, new: added, sourceLanguage: old.sourceLanguage ?? new.sourceLanguage)

        // Each key's changes, in the order of the keys (the new version's, removed keys where the
        // key order puts them).
        var groups: [(key: UTF8Bytes, changes: [CatalogChange])] = []
        let pairs = changedPairs
        let comparisons = ParallelBlocks.map(pairs.count, blockSize: 64) { range in
            pairs[range].map { Self.entryChanges(key: $0.key, renamedFrom: nil, old: $0.old, new: $0.new) }
        }
        for (pair, entryChanges) in zip(changedPairs, comparisons) where !entryChanges.isEmpty { groups.append((pair.key, entryChanges)) }
        let oldOfRenamed = Dictionary(uniqueKeysWithValues: renames.map { ($0.value, $0.key) })
        // A renamed key's old entry, by key: the old object may have no table of its keys, and a
        // search of it for each rename was quadratic in renames.
        let removedValues = renames.isEmpty ? [:] : Dictionary(removed.members.map { ($0.key, $0.value) }, uniquingKeysWith: { first, _ in first })
        for member in added.members {
            if let from = oldOfRenamed[member.key], let before = removedValues[from] {
                var group = [CatalogChange(kind: .keyRenamed, key: member.key, renamedFrom: from, locale: nil, path: [], old: nil, new: nil)]
                group += Self.entryChanges(key: member.key, renamedFrom: from, old: before, new: member.value)
                groups.append((member.key, group))
            } else {
                let facts = CatalogFacts.entry(member.key, member.value)
                groups.append((member.key, [CatalogChange(kind: .keyAdded, key: member.key, locale: nil, path: [], old: nil, new: nil)]
                    + facts.filter { $0.value != .present }.map { CatalogChange(kind: .added, key: $0.key, locale: $0.locale, path: $0.path, old: nil, new: $0.value) }))
            }
        }
        for member in removed.members where renames[member.key] == nil {
            let facts = CatalogFacts.entry(member.key, member.value)
            groups.append((member.key, [CatalogChange(kind: .keyRemoved, key: member.key, locale: nil, path: [], old: nil, new: nil)]
                + facts.filter { $0.value != .present }.map { CatalogChange(kind: .removed, key: $0.key, locale: $0.locale, path: $0.path, old: $0.value, new: nil) }))
        }
        groups.sort { KeyOrder.precedes($0.key, $1.key) }
        for group in groups { changes += group.changes }
        self.changes = changes
        layoutOnly = changes.isEmpty && bytesDiffer
    }

    /// The changes inside one entry (or a renamed pair), fact by fact.
    static func entryChanges(key: UTF8Bytes, renamedFrom: UTF8Bytes?, old: JSONValue, new: JSONValue) -> [CatalogChange] {
        let before = CatalogFacts.entry(renamedFrom ?? key, old), after = CatalogFacts.entry(key, new)
        struct Place: Hashable {
            var locale: UTF8Bytes?
            var path: [UTF8Bytes]
        }
        var oldValues: [Place: CatalogFact.Value] = [:]
        for fact in before { oldValues[Place(locale: fact.locale, path: fact.path)] = fact.value }
        var changes: [CatalogChange] = []
        var seen = Set<Place>()
        let localesBefore = Set(before.compactMap(\.locale)), localesAfter = Set(after.compactMap(\.locale))
        for fact in after {
            let place = Place(locale: fact.locale, path: fact.path)
            seen.insert(place)
            guard let was = oldValues[place] else {
                if fact.value != .present {
                    changes.append(CatalogChange(
                        kind: .added, key: key, renamedFrom: renamedFrom, locale: fact.locale, path: fact.path, old: nil, new: fact.value,
                        isWholeTranslation: fact.locale.map { !localesBefore.contains($0) } ?? false))
                }
                continue
            }
            guard was != fact.value else { continue }
            let kind: CatalogChange.Kind
            switch (was, fact.value) {
            case (.text(let a, _), .text(let b, _)): kind = a == b ? .state : .value
            case (.phrases, .phrases): kind = .phrases
            case (.field, .field): kind = .field
            default: kind = fact.locale == nil ? .field : .value
            }
            changes.append(CatalogChange(kind: kind, key: key, renamedFrom: renamedFrom, locale: fact.locale, path: fact.path, old: was, new: fact.value))
        }
        for fact in before where !seen.contains(Place(locale: fact.locale, path: fact.path)) && fact.value != .present {
            changes.append(CatalogChange(
                kind: .removed, key: key, renamedFrom: renamedFrom, locale: fact.locale, path: fact.path, old: fact.value, new: nil,
                isWholeTranslation: fact.locale.map { !localesAfter.contains($0) } ?? false))
        }
        return changes
    }
}
