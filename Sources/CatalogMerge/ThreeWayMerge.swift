import XcstringsMergePlatform
import StringCatalog

/// What a node of the catalog is, which decides the rules that apply to it.
/// What a node of the merge is: one of the schema's nodes or maps (`CatalogSchema`), or a value
/// the merge compares whole (`generic`: a leaf, or a member the schema does not know).
enum NodeKind {
    case root, strings, entry, localizations, localization, stringUnit, stringSet
    case variations, variationCases, substitutions, substitution, generic

    /// The kind of what a schema member holds.
    init(_ value: CatalogSchema.Value) {
        switch value {
        case .node(let node): self.init(node)
        case .map(.entries): self = .strings
        case .map(.locales): self = .localizations
        case .map(.substitutions): self = .substitutions
        case .map(.pluralCases), .map(.deviceCases): self = .variationCases
        case .string, .boolean, .argumentNumber, .formatSpecifier, .phrases: self = .generic
        }
    }

    init(_ node: CatalogSchema.Node) {
        switch node {
        case .root: self = .root
        case .entry: self = .entry
        case .localization: self = .localization
        case .stringUnit: self = .stringUnit
        case .stringSet: self = .stringSet
        case .variations: self = .variations
        case .substitution: self = .substitution
        }
    }

    /// The schema's node, for a kind whose members have fixed names.
    var schemaNode: CatalogSchema.Node? {
        switch self {
        case .root: return .root
        case .entry: return .entry
        case .localization: return .localization
        case .stringUnit: return .stringUnit
        case .stringSet: return .stringSet
        case .variations: return .variations
        case .substitution: return .substitution
        case .strings, .localizations, .variationCases, .substitutions, .generic: return nil
        }
    }

    /// The schema's map (one of them, for the cases of a variation), for a kind whose members
    /// the catalog names.
    var schemaMap: CatalogSchema.Map? {
        switch self {
        case .strings: return .entries
        case .localizations: return .locales
        case .substitutions: return .substitutions
        case .variationCases: return .pluralCases
        default: return nil
        }
    }

    /// Whether a node of this kind can hold keys, localizations or variation cases, the parts
    /// whose removal the report names (`Removal`): not a unit, a set or a plain value.
    var holdsTranslations: Bool {
        switch self {
        case .stringUnit, .stringSet, .generic: return false
        default: return true
        }
    }

    /// The kind of the member `name` of a node of this kind, as the schema says.
    func child(_ name: UTF8Bytes) -> NodeKind {
        if let map = schemaMap { return NodeKind(map.element) }
        guard let node = schemaNode, let member = CatalogSchema.member(named: name, in: node) else { return .generic }
        return NodeKind(member.value)
    }

    /// The members of a node of this kind that can hold translations (nil: any member can).
    var membersHoldingTranslations: [UTF8Bytes]? {
        guard let node = schemaNode else { return nil }
        return Self.holdingTranslations[node]
    }

    static let holdingTranslations: [CatalogSchema.Node: [UTF8Bytes]] = Dictionary(
        uniqueKeysWithValues: CatalogSchema.Node.allCases.map { node in
            (node, CatalogSchema.members(of: node).filter { NodeKind($0.value).holdsTranslations }.map { UTF8Bytes($0.name) })
        })
}

/// Where the walk is: the entry key, the locale, and the members below them.
struct Trail {
    var key: UTF8Bytes?
    var locale: UTF8Bytes?
    var path: [UTF8Bytes] = []

    func child(_ name: UTF8Bytes, of kind: NodeKind) -> Trail {
        var next = self
        switch kind {
        case .strings:
            next.key = name
            next.path = []
        case .localizations:
            next.locale = name
            next.path = []
        default:
            next.path.append(name)
        }
        return next
    }

    var location: MergeLocation { MergeLocation(key: key, locale: locale, path: path) }
}

/// The three-way merge of string catalogs (the rules are in `Rules/`, one file each).
///
/// Every node merges the same way first (R0): equal sides give that value, and a side equal to
/// the base gives the other. Only a node that both sides changed differently reaches a rule.
public struct ThreeWayMerge {
    var report = MergeReport()
    let options: MergeOptions
    /// Base keys still in the output, counted on the way for the report.
    var baseKeysKept = 0
    var stringsMergedByMember = false
    /// The base's source language (else ours'), whose localizations R10 does not compare.
    var sourceLanguage: UTF8Bytes?
    /// The renames R10 follows, found when the `strings` objects are merged.
    var renames = RenamePlan()
    /// The entries one side added, with that side: a key it removed and added again under
    /// another name, unchanged, is a rename, not a removal.
    var addedEntries: [(side: Side, value: JSONValue)] = []

    init(options: MergeOptions) { self.options = options }

    /// Merges three catalogs. `base` is an empty catalog when the file was added on both sides.
    ///
    /// The merge recurses as deep as the input nests (about 7 KiB of stack a level in a debug
    /// build on x86-64, 64 levels at most): it runs on a thread whose stack size the code sets,
    /// so that no caller's stack (a 512 KiB limit, another processor's frame sizes) decides
    /// whether the deepest input fits.
    public static func merge(
        base: Catalog, ours: Catalog, theirs: Catalog, options: MergeOptions = MergeOptions()
    ) -> (catalog: Catalog, report: MergeReport) {
        Threads.onOwnStack { mergeOnThisStack(base: base, ours: ours, theirs: theirs, options: options) }
    }

    static func mergeOnThisStack(
        base: Catalog, ours: Catalog, theirs: Catalog, options: MergeOptions
    ) -> (catalog: Catalog, report: MergeReport) {
        var merge = ThreeWayMerge(options: options)
        merge.sourceLanguage = base.sourceLanguage ?? ours.sourceLanguage
        let root = merge.merge(.object(base.root), .object(ours.root), .object(theirs.root), kind: .root, at: Trail())
        let merged = Catalog(root: root?.object ?? JSONObject())
        merge.report.keysMerged = merged.strings.count
        merge.report.removals = Removal.withoutRenames(merge.report.removals, added: merge.addedEntries)
        if merge.stringsMergedByMember {
            merge.report.keysDeleted = base.strings.count - merge.baseKeysKept
        } else {
            // One side's strings were taken whole (R0): count against the base directly.
            let baseKeys = Set(base.strings.keys)
            let mergedKeys = Set(merged.strings.keys)
            merge.report.keysAdded = mergedKeys.subtracting(baseKeys).count
            merge.report.keysDeleted = baseKeys.subtracting(mergedKeys).count
        }
        return (merged, merge.report)
    }

    /// Merges one node; nil means the member is absent from the result.
    ///
    /// This function, `mergeObject` and its member visits recurse as deep as the input nests:
    /// the rules are applied by `decide`, outside that path, so that its stack frames stay small
    /// (a 512 KiB thread stack must hold the deepest input even in a debug build).
    mutating func merge(_ base: JSONValue?, _ ours: JSONValue?, _ theirs: JSONValue?, kind: NodeKind, at trail: Trail) -> JSONValue? {
        if let settled = Self.sameOnTwoSides(base, ours, theirs) {
            if let base, let side = settled.changedBy, kind.holdsTranslations {
                noteRemovals(base: base, taken: settled.value, side: side, kind: kind, at: trail)
            }
            return settled.value
        }
        switch decide(base, ours, theirs, kind: kind, at: trail) {
        case .resolved(let value): return value
        case .mergeMembers(let members):
            let object = mergeObject(members.base, members.ours, members.theirs, kind: kind, at: trail)
            // Two sides added an object and choices removed all it held (the base's version of
            // each part, which is nothing): nothing is left to add, not an empty shell.
            if object.isEmpty && members.base == nil && !(members.ours.isEmpty && members.theirs.isEmpty) { return nil }
            // A merged entry goes on as Xcode's bytes, as the entries no rule touched do: the
            // writer copies them and the warnings after the merge read them by lint's fast path.
            return kind == .entry ? .raw(RawJSON(writing: object, indent: 2)) : .object(object)
        }
    }

    /// R0: equal sides give that value, and a side equal to the base gives the other (a nil
    /// value: the member is absent), with the side whose change it takes (nil when the sides
    /// agree); nil when both sides changed the node differently.
    @inline(__always)
    static func sameOnTwoSides(_ base: JSONValue?, _ ours: JSONValue?, _ theirs: JSONValue?) -> (value: JSONValue?, changedBy: Side?)? {
        if ours == theirs { return (ours, nil) }
        if ours == base { return (theirs, .theirs) }
        if theirs == base { return (ours, .ours) }
        return nil
    }

    /// What the rules make of a node both sides changed differently.
    enum Decision {
        case resolved(JSONValue?)
        /// R1: two objects, merged member by member.
        case mergeMembers(ObjectSides)
    }

    /// The three versions of an object that both sides changed.
    struct ObjectSides {
        var base: JSONObject?
        var ours: JSONObject
        var theirs: JSONObject
    }

    mutating func decide(_ base: JSONValue?, _ ours: JSONValue?, _ theirs: JSONValue?, kind: NodeKind, at trail: Trail) -> Decision {
        guard let ours = ours?.oneLevel, let theirs = theirs?.oneLevel else {
            return .resolved(resolveDeletionAgainstChange(base: base, ours: ours, theirs: theirs, kind: kind, at: trail))
        }
        let base = base?.oneLevel
        switch kind {
        case .stringUnit:
            if let unit = resolveStringUnit(base: base, ours: ours, theirs: theirs, at: trail) { return .resolved(unit) }
            if let conflict = detectLostContentMember(CatalogSchema.contentMembers(of: .stringUnit), base: base, ours: ours, theirs: theirs, at: trail) {
                return .resolved(conflict)
            }
        case .stringSet:
            // Before R11, which merges the set's members other than its phrases one by one.
            if let conflict = detectLostContentMember(CatalogSchema.contentMembers(of: .stringSet), base: base, ours: ours, theirs: theirs, at: trail) {
                return .resolved(conflict)
            }
            if let set = resolveStringSet(base: base, ours: ours, theirs: theirs, at: trail) { return .resolved(set) }
        case .localization:
            if let conflict = detectStructureChange(base: base, ours: ours, theirs: theirs, at: trail) { return .resolved(conflict) }
        default:
            break
        }
        if case .object(let oursObject) = ours, case .object(let theirsObject) = theirs {
            // R1: merge member by member; an object added on both sides merges against nothing.
            return .mergeMembers(ObjectSides(base: base?.object, ours: oursObject, theirs: theirsObject))
        }
        // R8
        return .resolved(conflict(base == nil ? .bothAdded : .bothModified, at: trail, base: base, ours: ours, theirs: theirs))
    }

    mutating func mergeObject(_ base: JSONObject?, _ ours: JSONObject, _ theirs: JSONObject, kind: NodeKind, at trail: Trail) -> JSONObject {
        var baseIndex = MemberIndex(base)
        var oursIndex = MemberIndex(ours)
        var theirsIndex = MemberIndex(theirs)
        var result: [JSONMember] = []
        // The entries: room for both sides' (what one side adds comes after ours); room never
        // used is never touched.
        result.reserveCapacity(kind == .strings ? ours.count + theirs.count : max(ours.count, theirs.count))

        if kind == .strings {
            prepareStrings(base: &baseIndex, ours: &oursIndex, theirs: &theirsIndex)
        }
        if kind == .entry {
            if let key = trail.key { report.combinedKeys.append(key) }
            let comment = resolveComment(base: base, ours: ours, theirs: theirs, at: trail)
            result.append(contentsOf: comment)
        }

        func visit(_ key: UTF8Bytes, _ merge: inout ThreeWayMerge) {
            if kind == .entry && (key.equals(CatalogSchema.Name.comment) || key.equals(CatalogSchema.Name.isCommentAutoGenerated)) { return }
            if kind == .strings && !merge.renames.isEmpty
                && merge.followRename(key, base: &baseIndex, ours: &oursIndex, theirs: &theirsIndex, at: trail, into: &result)
            {
                return
            }
            let b = baseIndex.value(key)
            let o = oursIndex.value(key)
            let t = theirsIndex.value(key)
            // Most entries are the same on two sides: settled before their trail is made.
            if kind == .strings, let same = Self.sameOnTwoSides(b, o, t) {
                let settled = same.value
                // One side changed the entry: what it removed goes without a conflict.
                if let b, let side = same.changedBy {
                    merge.noteRemovals(base: b, taken: settled, side: side, kind: .entry, at: trail.child(key, of: kind))
                }
                if let settled {
                    result.append(JSONMember(key: key, value: settled))
                    if b == nil {
                        merge.report.keysAdded += 1
                        // A key one side added may be one it renamed (see `Removal.withoutRenames`).
                        if let side = same.changedBy { merge.addedEntries.append((side, settled)) }
                    } else {
                        merge.baseKeysKept += 1
                    }
                }
                return
            }
            let childTrail = trail.child(key, of: kind)
            if kind == .localizations, let entryKey = trail.key, !(o == b && t == b) {
                merge.report.combinedLocales[entryKey, default: []].insert(key)
            }
            let merged = merge.mergeField(key, b, o, t, of: kind, at: childTrail) ?? merge.merge(b, o, t, kind: kind.child(key), at: childTrail)
            if let merged {
                result.append(JSONMember(key: key, value: merged))
                if kind == .strings {
                    if b == nil { merge.report.keysAdded += 1 } else { merge.baseKeysKept += 1 }
                }
            }
        }
        if kind == .strings && renames.isEmpty && oursIndex.throughBase != nil && theirsIndex.throughBase != nil {
            // The entries neither side changed (nearly all of them) are ours' as they are, as
            // R0 makes them (`sameOnTwoSides`), without three look-ups and copies of each.
            for position in ours.members.indices {
                if oursIndex.isUnchanged(at: position, andIn: theirsIndex) {
                    result.append(JSONMember(key: ours.members[position].key, value: ours.members[position].value))
                    baseKeysKept += 1
                } else {
                    visit(ours.members[position].key, &self)
                }
            }
        } else {
            for member in ours.members { visit(member.key, &self) }
        }
        let fromOurs = result.count
        for member in theirs.members where !oursIndex.contains(member.key) { visit(member.key, &self) }
        // Without renames, the entries from ours are ours' keys in ours' order: in order when
        // the reading found ours' keys so.
        if kind == .strings {
            // Taken out of the variable the member visits hold, so that the list has one owner
            // and is ordered in place rather than copied.
            let entries = result
            result = []
            return Self.orderedEntries(entries, fromOurs: fromOurs, oursInOrder: ours.isKeyOrdered && renames.isEmpty)
        }
        return JSONObject(result)
    }

    /// Sets up the merge of the `strings` objects: the sides' alignments to the base and the
    /// renames to follow. Apart from `mergeObject`, whose frames the deepest input stacks 64 high
    /// (a 512 KiB stack must hold them), as is `orderedEntries`.
    @inline(never)
    mutating func prepareStrings(base baseIndex: inout MemberIndex, ours oursIndex: inout MemberIndex, theirs theirsIndex: inout MemberIndex) {
        stringsMergedByMember = true
        guard baseIndex.object != nil else { return }
        oursIndex.align(to: &baseIndex)
        theirsIndex.align(to: &baseIndex)
        renames = RenamePlan(base: &baseIndex, ours: &oursIndex, theirs: &theirsIndex, sourceLanguage: sourceLanguage)
        // The walk reads the keys in order again: from the start, not from where the search for
        // renames left off.
        baseIndex.cursor = 0
        oursIndex.cursor = 0
        theirsIndex.cursor = 0
    }

    /// The merged entries, ours' keys then keys only theirs has (from `fromOurs` on): when each
    /// part is in order, the two merged with a binary search per added key, so that the writer
    /// need not sort.
    @inline(never)
    static func orderedEntries(_ result: consuming [JSONMember], fromOurs: Int, oursInOrder: Bool) -> JSONObject {
        var entries = result
        // The kept entries stay where they are, and the added ones move in among them: copied
        // into a new list, 20,000 kept entries were most of this function's time.
        if oursInOrder || KeyOrder.isSorted(entries[..<fromOurs]) {
            if fromOurs == entries.count { return JSONObject(keyOrdered: entries) }
            var added = Array(entries[fromOurs...])
            KeyOrder.sort(&added)
            entries.replaceSubrange(fromOurs..., with: added)
            KeyOrder.mergeInPlace(&entries, sortedCount: fromOurs)
            return JSONObject(keyOrdered: entries)
        }
        return JSONObject(entries)
    }

    /// Merges the fields with rules of their own (R4, R6); nil for any other member.
    mutating func mergeField(
        _ key: UTF8Bytes, _ base: JSONValue?, _ ours: JSONValue?, _ theirs: JSONValue?, of kind: NodeKind, at trail: Trail
    ) -> JSONValue?? {
        if kind == .entry && key.equals(CatalogSchema.Name.extractionState) {
            return .some(resolveExtractionState(base: base, ours: ours, theirs: theirs, at: trail))
        }
        if kind == .root && key.equals(CatalogSchema.Name.version) {
            return .some(resolveVersion(base: base, ours: ours, theirs: theirs, at: trail))
        }
        if kind == .root && key.equals(CatalogSchema.Name.sourceLanguage) {
            return .some(resolveSourceLanguage(base: base, ours: ours, theirs: theirs, at: trail))
        }
        return nil
    }

    /// Records a conflict and returns what the output holds for it: a chosen side's version when
    /// a choice settles it, else `kept` (ours by default).
    mutating func conflict(
        _ kind: ConflictKind, at trail: Trail, base: JSONValue?, ours: JSONValue?, theirs: JSONValue?,
        kept: Side = .ours, output: JSONValue?? = nil
    ) -> JSONValue? {
        var conflict = MergeConflict(
            location: trail.location, kind: kind, base: base, ours: ours, theirs: theirs, kept: kept.rawValue, resolvedBy: nil)
        conflict.file = options.file
        if let resolution = options.choice(for: conflict.id) {
            conflict.resolvedBy = resolution
            conflict.kept = resolution.name
            report.conflicts.append(conflict)
            switch resolution {
            case .take(let side): return conflict.value(side)
            case .value(let value): return value
            }
        }
        report.conflicts.append(conflict)
        if let output { return output }
        return conflict.value(kept)
    }

    /// Records a decision; `discarding` is what the side not chosen had there, when the output
    /// does not keep it (`.some(nil)`: that side had nothing there).
    mutating func autoResolved(_ rule: MergeRule, at trail: Trail, chosen: String, discarding: JSONValue?? = nil) {
        report.autoResolved.append(AutoResolution(location: trail.location, rule: rule.id, chosen: chosen, discarded: discarding))
    }
}

/// Finds members by key. Versions of one object usually list their keys in the same order, so
/// the member after the last one found is tried first; a hash table, built when that first
/// fails, serves the rest. Small objects are scanned. A side read against the base (see
/// `ReferenceAlignment`) needs no table of its own: a key is found in the base's table, and
/// the side's position of each base key is known from the reading.
struct MemberIndex {
    let object: JSONObject?
    /// The object's members (none without one), held apart so that a look-up reads them without
    /// copying the object.
    let members: [JSONMember]
    var cursor = 0
    var table: KeyTable?
    var throughBase: ThroughBase?

    /// How a side aligned to the base finds its members. A class, so that the index stays a few
    /// words in the frames of the merge's recursion (a 512 KiB stack must hold the deepest input).
    final class ThroughBase {
        /// The base's positions by key.
        let baseTable: KeyTable
        /// The side's position of each base member's key, -1 where the side lacks it.
        let fromBase: [Int32]
        /// The side's positions of the keys the base lacks, in order.
        let added: [Int]
        /// Those keys' positions in `added`, when there are many.
        let addedTable: KeyTable?
        /// How the side was read against the base (`ReferenceAlignment`): the base's position
        /// of each of its members, and whether the member's value was the base's, byte for byte.
        let alignment: ReferenceAlignment

        init(baseTable: KeyTable, fromBase: [Int32], added: [Int], addedTable: KeyTable?, alignment: ReferenceAlignment) {
            self.baseTable = baseTable
            self.fromBase = fromBase
            self.added = added
            self.addedTable = addedTable
            self.alignment = alignment
        }
    }

    init(_ object: JSONObject?) {
        self.object = object
        members = object?.members ?? []
        table = object?.keyTable
    }

    /// Finds keys through `base` when this object was read against it.
    mutating func align(to base: inout MemberIndex) {
        guard let object, object.count > 16, let baseObject = base.object, let alignment = object.alignment(to: baseObject) else { return }
        if base.table == nil { base.table = KeyTable(baseObject.members) }
        let added = alignment.positions.indices.filter { alignment.positions[$0] < 0 }
        throughBase = ThroughBase(
            baseTable: base.table!, fromBase: alignment.inverse(), added: added,
            addedTable: added.count > 16 ? KeyTable(added.map { object.members[$0] }) : nil, alignment: alignment)
    }

    /// Whether this side's member at `position` and `other`'s member with the same key are the
    /// base's member, byte for byte, as the readings found them: the entry neither side
    /// changed, known from two arrays without a look-up or a copy. False when either side was
    /// not read against the base.
    func isUnchanged(at position: Int, andIn other: MemberIndex) -> Bool {
        guard let mine = throughBase, let theirs = other.throughBase else { return false }
        let basePosition = Int(mine.alignment.positions[position])
        guard basePosition >= 0, mine.alignment.sameBytes[position] else { return false }
        let otherPosition = Int(theirs.fromBase[basePosition])
        return otherPosition >= 0 && theirs.alignment.sameBytes[otherPosition]
    }

    /// The members this object has and `base` lacks, and those `base` has and this object lacks,
    /// each in its object's order.
    mutating func difference(from base: inout MemberIndex) -> (added: [JSONMember], deleted: [JSONMember]) {
        guard let object, let baseObject = base.object else { return ([], []) }
        if let throughBase {
            return (
                throughBase.added.map { object.members[$0] },
                baseObject.members.indices.filter { throughBase.fromBase[$0] < 0 }.map { baseObject.members[$0] })
        }
        return (
            object.members.filter { !base.contains($0.key) },
            baseObject.members.filter { !contains($0.key) })
    }

    mutating func value(_ key: UTF8Bytes) -> JSONValue? {
        index(of: key).map { members[$0].value }
    }

    /// The position of `key`'s member; nil when absent.
    mutating func index(of key: UTF8Bytes) -> Int? {
        if cursor < members.count && members[cursor].key == key {
            cursor += 1
            return cursor - 1
        }
        if members.count <= 16 { return members.firstIndex { $0.key == key } }
        if let throughBase {
            let found: Int?
            if let basePosition = throughBase.baseTable.position(of: key) {
                let position = Int(throughBase.fromBase[basePosition])
                found = position >= 0 ? position : nil
            } else if let addedTable = throughBase.addedTable {
                found = addedTable.position(of: key).map { throughBase.added[$0] }
            } else {
                found = throughBase.added.first { members[$0].key == key }
            }
            if let found { cursor = found + 1 }
            return found
        }
        if table == nil { table = KeyTable(members) }
        guard let index = table?.position(of: key) else { return nil }
        cursor = index + 1
        return index
    }

    mutating func contains(_ key: UTF8Bytes) -> Bool {
        index(of: key) != nil
    }
}

extension JSONObject {
    /// A copy with `key` set to `value` (or removed when nil).
    func setting(_ key: UTF8Bytes, _ value: JSONValue?) -> JSONObject {
        var copy = self
        copy[key: key] = value
        return copy
    }
}
