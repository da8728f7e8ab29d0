import CatalogMerge
import StringCatalog
import XcstringsMergePlatform

/// A three-way merge in which theirs differs from the base only in one locale of some keys:
/// an import of one language's translation (base the catalog as exported, theirs the base with
/// the translation, ours the catalog now).
///
/// It gives the catalog, conflicts and decisions that `FileMerge.merge` gives for the whole
/// catalogs (`LocaleMergeTests`), for a fraction of the work: every other key is ours' (theirs
/// did not change it), and a changed key is merged with its localizations cut to the source
/// language and `locale`. The other languages of such a key are ours' alone (the base and
/// theirs have them, if at all, unchanged) and are put back after the merge. Its warnings are
/// about the entries it combined in those two languages: the whole merge also checks an entry
/// ours changed only in another language, and lists what ours removed.
public enum LocaleMerge {
    /// Merges `keys` (the keys theirs changed, in `locale` only) and keeps the rest of `ours`.
    /// A key ours no longer has is left out: an import skips it before (deleted since the
    /// export, not brought back).
    public static func merge(
        base: Catalog, ours: Catalog, theirs: Catalog, keys: [UTF8Bytes], locale: UTF8Bytes,
        options: MergeOptions = MergeOptions(), labels: MergeLabels = MergeLabels(), splitAbove: Int = 4096
    ) -> MergedCatalog {
        let source = ours.sourceLanguage ?? base.sourceLanguage ?? UTF8Bytes("en")
        let kept: Set<UTF8Bytes> = [source, locale]
        let oursMembers = ours.strings.members
        // Keys are found through tables of positions (the reading's when it built one), and
        // kept by position from then on: hashing 20,000 keys into dictionaries again and again
        // cost more than the merge.
        let oursTable = ours.strings.keyTable ?? KeyTable(oursMembers)

        // In ours' order, as the whole merge walks them.
        var isChanged = [Bool](repeating: false, count: oursMembers.count)
        for key in keys {
            if let position = oursTable.position(of: key) { isChanged[position] = true }
        }
        let changedPositions = isChanged.indices.filter { isChanged[$0] }
        let changed = changedPositions.map { oursMembers[$0].key }
        let changedTable = KeyTable(changedPositions.map { oursMembers[$0] })
        // The changed keys' entries of `catalog`, in its own order, cut to the two languages
        // (in parallel blocks).
        func cut(_ catalog: Catalog) -> Catalog {
            var part = catalog
            let members = catalog.strings.members
            let table = catalog.strings.keyTable ?? KeyTable(members)
            let positions = changed.compactMap { table.position(of: $0) }.sorted()
            part.strings = JSONObject(ParallelBlocks.map(positions.count, blockSize: 1024) { range in
                positions[range].map { position in
                    JSONMember(key: members[position].key, value: restricted(members[position].value, to: kept).entry)
                }
            })
            return part
        }
        // Ours' entries are read once, in parallel blocks: the part merged, and the other
        // languages put back after.
        let cutEntries = ParallelBlocks.map(changedPositions.count, blockSize: 1024) { range in
            range.map { index in
                let member = oursMembers[changedPositions[index]]
                let (entry, others) = restricted(member.value, to: kept)
                return (JSONMember(key: member.key, value: entry), others)
            }
        }
        var oursCut = ours
        oursCut.strings = JSONObject(cutEntries.map(\.0))
        let inputs = ReadCatalogs(base: cut(base), ours: oursCut, theirs: cut(theirs))
        PhaseTimes.mark("changed keys cut to the source and target languages")
        // Many keys are merged in two halves on two threads. The three cut catalogs have the
        // same keys (theirs changed only the translation of keys ours still has), so no key is
        // added, deleted or renamed: no decision reaches across the halves.
        var parts = [inputs]
        if changed.count > splitAbove {
            let firstCount = changed.count / 2
            func half(_ catalog: Catalog, first isFirst: Bool) -> Catalog {
                var part = catalog
                part.strings = JSONObject(catalog.strings.members.filter { (changedTable.position(of: $0.key).map { $0 < firstCount } ?? false) == isFirst })
                return part
            }
            parts = [true, false].map { isFirst in
                ReadCatalogs(base: half(inputs.base, first: isFirst), ours: half(inputs.ours, first: isFirst), theirs: half(inputs.theirs, first: isFirst))
            }
        }
        let merger = FileMerge(options: options, labels: labels)
        let toMerge = parts
        let halves = ParallelBlocks.map(toMerge.count, blockSize: 1) { range in range.map { merger.merge(toMerge[$0]) } }
        var merged = halves[0]
        for other in halves.dropFirst() {
            merged.catalog.strings = JSONObject(merged.catalog.strings.members + other.catalog.strings.members)
            merged.report.append(other.report)
        }
        // The warnings in the catalog's order, however the keys were split.
        merged.report.warnings = merged.report.warnings.enumerated().sorted { a, b in
            let x = oursTable.position(of: a.element.key) ?? Int.max, y = oursTable.position(of: b.element.key) ?? Int.max
            return x != y ? x < y : a.offset < b.offset
        }.map(\.element)

        // Ours, with each merged key's entry: the merge's, and ours' other languages (put back
        // in parallel blocks).
        let mergedMembers = merged.catalog.strings.members
        let mergedTable = KeyTable(mergedMembers)
        let entries = ParallelBlocks.map(changedPositions.count, blockSize: 1024) { range in
            range.map { index -> JSONValue? in
                guard let position = mergedTable.position(of: changed[index]) else { return nil }
                let entry = mergedMembers[position].value
                let others = cutEntries[index].1
                return others.isEmpty ? entry : adding(others, to: entry)
            }
        }
        var members = oursMembers
        var removed = Set<Int>()
        for (index, position) in changedPositions.enumerated() {
            if let entry = entries[index] { members[position].value = entry } else { removed.insert(position) }
        }
        if !removed.isEmpty { members = members.enumerated().filter { !removed.contains($0.offset) }.map(\.element) }
        var result = ours
        result.strings = KeyOrder.isSorted(members) ? JSONObject(keyOrdered: members) : JSONObject(members)
        return MergedCatalog(catalog: result, report: merged.report, inputs: inputs)
    }

    /// An entry with only the localizations `locales`, and the localizations dropped (an entry
    /// that is not an object, or has no localizations, as it is). A cut entry is kept as the
    /// bytes Xcode writes for it: equal to another side's canonical entry, the merge then tells
    /// by comparing bytes, not by decoding both.
    static func restricted(_ entry: JSONValue, to locales: Set<UTF8Bytes>) -> (entry: JSONValue, others: [JSONMember]) {
        guard let object = entry.oneLevel.object, let index = object.index(of: CatalogSchema.Name.localizations),
            let localizations = object.members[index].value.oneLevel.object
        else { return (entry, []) }
        var keptLocalizations: [JSONMember] = []
        var others: [JSONMember] = []
        for member in localizations.members {
            if locales.contains(member.key) { keptLocalizations.append(member) } else { others.append(member) }
        }
        guard !others.isEmpty else { return (entry, []) }
        var entryMembers = object.members
        entryMembers[index].value = .object(JSONObject(keptLocalizations))
        return (.raw(RawJSON(writing: JSONObject(entryMembers), indent: 2)), others)
    }

    /// `merged` (an entry) with the localizations `others` added.
    static func adding(_ others: [JSONMember], to merged: JSONValue) -> JSONValue {
        guard let object = merged.oneLevel.object else { return merged }
        var entryMembers = object.members
        if let index = object.index(of: CatalogSchema.Name.localizations), let localizations = entryMembers[index].value.oneLevel.object {
            // Both in order (as read from a canonical catalog): put together in order, so that
            // writing them does not sort 20,000 entries' languages again.
            let kept = localizations.members
            entryMembers[index].value = KeyOrder.isSorted(kept) && KeyOrder.isSorted(others)
                ? .object(JSONObject(keyOrdered: KeyOrder.merge(kept, others))) : .object(JSONObject(kept + others))
        } else {
            entryMembers.append(JSONMember(CatalogSchema.Name.localizations, .object(JSONObject(others))))
        }
        return .object(JSONObject(entryMembers))
    }
}
