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
        options: MergeOptions = MergeOptions(), labels: MergeLabels = MergeLabels()
    ) -> MergedCatalog {
        let source = ours.sourceLanguage ?? base.sourceLanguage ?? UTF8Bytes("en")
        let kept: Set<UTF8Bytes> = [source, locale]
        let oursMembers = ours.strings.members
        var oursPositions: [UTF8Bytes: Int] = [:]
        oursPositions.reserveCapacity(oursMembers.count)
        for (index, member) in oursMembers.enumerated() where oursPositions[member.key] == nil { oursPositions[member.key] = index }

        var seen = Set<UTF8Bytes>()
        let changed = keys.filter { oursPositions[$0] != nil && seen.insert($0).inserted }
        let wanted = Set(changed)
        func cut(_ catalog: Catalog) -> Catalog {
            var part = catalog
            part.strings = JSONObject(catalog.strings.members.compactMap { member in
                guard wanted.contains(member.key) else { return nil }
                return JSONMember(key: member.key, value: restricted(member.value, to: kept))
            })
            return part
        }
        let inputs = ReadCatalogs(base: cut(base), ours: cut(ours), theirs: cut(theirs))
        PhaseTimes.mark("changed keys cut to the source and target languages")
        let merged = FileMerge(options: options, labels: labels).merge(inputs)

        // Ours, with each merged key's entry: the merge's, and ours' other languages.
        var members = oursMembers
        var mergedEntries: [UTF8Bytes: JSONValue] = [:]
        for member in merged.catalog.strings.members { mergedEntries[member.key] = member.value }
        var removed = Set<Int>()
        for key in changed {
            guard let index = oursPositions[key] else { continue }
            guard let entry = mergedEntries[key] else {
                removed.insert(index)
                continue
            }
            members[index].value = withOtherLocales(of: oursMembers[index].value, besides: kept, in: entry)
        }
        if !removed.isEmpty { members = members.enumerated().filter { !removed.contains($0.offset) }.map(\.element) }
        var result = ours
        result.strings = KeyOrder.isSorted(members) ? JSONObject(keyOrdered: members) : JSONObject(members)
        return MergedCatalog(catalog: result, report: merged.report, inputs: inputs)
    }

    /// An entry with only the localizations `locales` (the others dropped; an entry that is not an
    /// object, or has no localizations, as it is).
    static func restricted(_ entry: JSONValue, to locales: Set<UTF8Bytes>) -> JSONValue {
        guard var object = entry.oneLevel.object, let index = object.index(of: CatalogSchema.Name.localizations),
            let localizations = object.members[index].value.oneLevel.object
        else { return entry }
        let keptLocalizations = localizations.members.filter { locales.contains($0.key) }
        guard keptLocalizations.count < localizations.count else { return entry }
        var entryMembers = object.members
        entryMembers[index].value = .object(JSONObject(keptLocalizations))
        object = JSONObject(entryMembers)
        return .object(object)
    }

    /// `merged` with the localizations of `original` (ours' entry) other than `locales` added.
    static func withOtherLocales(of original: JSONValue, besides locales: Set<UTF8Bytes>, in merged: JSONValue) -> JSONValue {
        guard let others = original.oneLevel.object?[CatalogSchema.Name.localizations]?.oneLevel.object?.members.filter({ !locales.contains($0.key) }),
            !others.isEmpty, let object = merged.oneLevel.object
        else { return merged }
        var entryMembers = object.members
        if let index = object.index(of: CatalogSchema.Name.localizations), let localizations = entryMembers[index].value.oneLevel.object {
            entryMembers[index].value = .object(JSONObject(localizations.members + others))
        } else {
            entryMembers.append(JSONMember(CatalogSchema.Name.localizations, .object(JSONObject(others))))
        }
        return .object(JSONObject(entryMembers))
    }
}
