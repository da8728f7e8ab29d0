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
    /// export, not brought back). `presettled` (empty, or one slot for each of ours' keys)
    /// holds keys the caller settled as `settledFromBytes` would (an import judging a unit has
    /// the same bytes at hand); their entries are taken as given.
    public static func merge(
        base: Catalog, ours: Catalog, theirs: Catalog, keys: [UTF8Bytes], locale: UTF8Bytes,
        options: MergeOptions = MergeOptions(), labels: MergeLabels = MergeLabels(), splitAbove: Int = 4096,
        presettled: [Settled?] = []
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
        let allChangedPositions = isChanged.indices.filter { isChanged[$0] }
        // A changed key whose entry ours left as the base had it in the two languages (most,
        // in an import): the merge would take theirs' entry cut to them whole (R0), noting only
        // what theirs removed, and ours' other languages would be put back. Settled here, with
        // those notes, without cutting, merging and putting back.
        let baseMembers = base.strings.members
        let baseTable = base.strings.keyTable ?? KeyTable(baseMembers)
        let theirsMembers = theirs.strings.members
        let theirsTable = theirs.strings.keyTable ?? KeyTable(theirsMembers)
        let settledAlone = ParallelBlocks.map(allChangedPositions.count, blockSize: 1024) { range in
            range.map { index -> (entry: JSONValue, removals: [Removal])? in
                let member = oursMembers[allChangedPositions[index]]
                if !presettled.isEmpty, let settled = presettled[allChangedPositions[index]] { return (settled.entry, removals(settled, of: member.key, locale: locale)) }
                guard let basePosition = baseTable.position(of: member.key), let theirsPosition = theirsTable.position(of: member.key) else { return nil }
                let baseEntry = baseMembers[basePosition].value, theirsEntry = theirsMembers[theirsPosition].value
                let settled: Settled?
                switch settledFromBytes(ours: member.value, base: baseEntry, theirs: theirsEntry, source: source, locale: locale) {
                case .settled(let bytes): settled = bytes
                case .merged: settled = nil
                case .undecided: settled = takingTheirs(ours: member.value, base: baseEntry, theirs: theirsEntry, source: source, locale: locale)
                }
                guard let settled else { return nil }
                return (settled.entry, removals(settled, of: member.key, locale: locale))
            }
        }
        let changedPositions = allChangedPositions.indices.filter { settledAlone[$0] == nil }.map { allChangedPositions[$0] }
        PhaseTimes.mark("keys ours left as exported settled from their bytes")
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
        // The keys settled alone: theirs' entries, counted as merged, and what theirs removed
        // from them among the merge's notes in ours' order, as the merge of them all lists them.
        var settledRemovals: [(position: Int, removal: Removal)] = []
        for (index, settled) in settledAlone.enumerated() {
            guard let settled else { continue }
            members[allChangedPositions[index]].value = settled.entry
            merged.report.keysMerged += 1
            settledRemovals += settled.removals.map { (allChangedPositions[index], $0) }
        }
        if !settledRemovals.isEmpty {
            let mergedRemovals = merged.report.removals.map { removal in
                (position: removal.location.key.flatMap { oursTable.position(of: $0) } ?? Int.max, removal: removal)
            }
            merged.report.removals = (mergedRemovals + settledRemovals).enumerated().sorted { a, b in
                a.element.position != b.element.position ? a.element.position < b.element.position : a.offset < b.offset
            }.map(\.element.removal)
        }
        if !removed.isEmpty { members = members.enumerated().filter { !removed.contains($0.offset) }.map(\.element) }
        var result = ours
        // Ours' keys in ours' order, some left out: in key order where ours' were.
        result.strings = ours.strings.isKeyOrdered || KeyOrder.isSorted(members) ? JSONObject(keyOrdered: members) : JSONObject(members)
        return MergedCatalog(catalog: result, report: merged.report, inputs: inputs)
    }

    /// What theirs removed from a settled key's `locale` localization, as the merge notes it.
    static func removals(_ settled: Settled, of key: UTF8Bytes, locale: UTF8Bytes) -> [Removal] {
        settled.baseLocalization.map {
            ThreeWayMerge.removals(fromLocalization: locale, ofKey: key, base: $0, taken: settled.takenLocalization, by: .theirs)
        } ?? []
    }

    /// A key settled without the merge (here, or by the caller: `presettled`): the entry, and
    /// the base's and theirs' `locale` localizations, in which the merge notes what theirs
    /// removed.
    public struct Settled: Sendable {
        public var entry: JSONValue
        public var baseLocalization: JSONValue?
        public var takenLocalization: JSONValue?

        public init(entry: JSONValue, baseLocalization: JSONValue? = nil, takenLocalization: JSONValue? = nil) {
            self.entry = entry
            self.baseLocalization = baseLocalization
            self.takenLocalization = takenLocalization
        }
    }

    /// What the bytes of three entries Xcode wrote say of `takingTheirs`.
    enum BytesSay {
        case settled(Settled)
        /// Not `takingTheirs`'s case: the merge decides.
        case merged
        /// The bytes cannot tell (an entry not in Xcode's layout, a localization added or
        /// removed): `takingTheirs` decides.
        case undecided
    }

    /// `takingTheirs` on the entries' bytes, where all three are in Xcode's layout at the same
    /// indent: the members compared as bytes (one text per value in that layout), and ours'
    /// bytes with theirs' localization's bytes in place of its own. Nothing is decoded: an entry
    /// of ten languages is neither read into a tree nor written again.
    static func settledFromBytes(ours: JSONValue, base: JSONValue, theirs: JSONValue, source: UTF8Bytes, locale: UTF8Bytes) -> BytesSay {
        guard CanonicalMembers.isPlain(source), CanonicalMembers.isPlain(locale),
            case .raw(let o) = ours, case .raw(let b) = base, case .raw(let t) = theirs, let indent = o.canonicalIndent,
            b.canonicalIndent == indent, t.canonicalIndent == indent
        else { return .undecided }
        let found = o.source.withUnsafeBufferPointer { ob in
            b.source.withUnsafeBufferPointer { bb in
                t.source.withUnsafeBufferPointer { tb in
                    localizationsFromBytes(ours: (ob, o.range), base: (bb, b.range), theirs: (tb, t.range), indent: indent, source: source, locale: locale)
                }
            }
        }
        switch found {
        case .merged: return .merged
        case .undecided: return .undecided
        case .bothAbsent: return .settled(Settled(entry: ours))
        case .bothPresent(let mine, let taken):
            var bytes: [UInt8] = []
            bytes.reserveCapacity(o.range.count - mine.count + taken.count)
            bytes += o.source[o.range.lowerBound..<mine.lowerBound]
            bytes += t.source[taken]
            bytes += o.source[mine.upperBound..<o.range.upperBound]
            return .settled(Settled(
                entry: .raw(RawJSON(source: bytes, range: 0..<bytes.count, canonicalIndent: indent)),
                baseLocalization: .raw(RawJSON(source: o.source, range: mine, canonicalIndent: indent + 2)),
                takenLocalization: .raw(RawJSON(source: t.source, range: taken, canonicalIndent: indent + 2))))
        }
    }

    typealias Bytes = (buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>)

    /// Where the bytes leave `locale`'s localization in ours and theirs.
    enum LocalizationBytes {
        case merged, undecided, bothAbsent
        /// Ours' localization's value (the base's too) and theirs', as ranges of their sources.
        case bothPresent(Range<Int>, Range<Int>)
    }

    static func localizationsFromBytes(ours o: Bytes, base b: Bytes, theirs t: Bytes, indent: Int, source: UTF8Bytes, locale: UTF8Bytes) -> LocalizationBytes {
        let same = CanonicalMembers.same
        guard let oMembers = CanonicalMembers(in: o.buffer, range: o.range, indent: indent),
            let bMembers = CanonicalMembers(in: b.buffer, range: b.range, indent: indent),
            let tMembers = CanonicalMembers(in: t.buffer, range: t.range, indent: indent)
        else { return .undecided }
        let name = CatalogSchema.Name.localizations
        guard let oL = oMembers.span(named: name, in: o.buffer), let bL = bMembers.span(named: name, in: b.buffer),
            let tL = tMembers.span(named: name, in: t.buffer)
        else { return .undecided }
        // Every other member: the bytes before and after the localizations the same.
        func sameAround(_ x: Bytes, _ xL: CanonicalMembers.Span) -> Bool {
            same(x.buffer, x.range.lowerBound..<xL.value.lowerBound, b.buffer, b.range.lowerBound..<bL.value.lowerBound)
                && same(x.buffer, xL.value.upperBound..<x.range.upperBound, b.buffer, bL.value.upperBound..<b.range.upperBound)
        }
        guard sameAround(o, oL), sameAround(t, tL) else { return .merged }
        guard let oLanguages = CanonicalMembers(in: o.buffer, range: oL.value, indent: indent + 1),
            let bLanguages = CanonicalMembers(in: b.buffer, range: bL.value, indent: indent + 1),
            let tLanguages = CanonicalMembers(in: t.buffer, range: tL.value, indent: indent + 1)
        else { return .undecided }
        func sameLanguage(_ x: Bytes, _ xLanguages: CanonicalMembers, _ language: UTF8Bytes) -> Bool {
            let mine = xLanguages.span(named: language, in: x.buffer), inBase = bLanguages.span(named: language, in: b.buffer)
            guard let mine, let inBase else { return mine == nil && inBase == nil }
            return same(x.buffer, mine.value, b.buffer, inBase.value)
        }
        // Ours' two languages the base's; theirs' every language but `locale` the base's.
        guard sameLanguage(o, oLanguages, source), sameLanguage(o, oLanguages, locale) else { return .merged }
        func isLocale(_ x: UnsafeBufferPointer<UInt8>, _ span: CanonicalMembers.Span) -> Bool {
            locale.bytes.withUnsafeBufferPointer { same(x, span.key, $0, 0..<$0.count) }
        }
        let tOthers = tLanguages.spans.filter { !isLocale(t.buffer, $0) }, bOthers = bLanguages.spans.filter { !isLocale(b.buffer, $0) }
        guard tOthers.count == bOthers.count,
            zip(tOthers, bOthers).allSatisfy({ same(t.buffer, $0.key, b.buffer, $1.key) && same(t.buffer, $0.value, b.buffer, $1.value) })
        else { return .merged }
        switch (oLanguages.span(named: locale, in: o.buffer), tLanguages.span(named: locale, in: t.buffer)) {
        case (nil, nil): return .bothAbsent
        case (let mine?, let taken?): return .bothPresent(mine.value, taken.value)
        default: return .undecided
        }
    }

    /// Ours' entry with theirs' `locale` localization, when ours' entry is the base's in every
    /// member but its other languages' localizations, and theirs' is the base's in every member
    /// but `locale`'s: the merge of the entries cut to `source` and `locale` takes theirs' (R0),
    /// and ours' other languages put back give this. Nil when it is not so (the merge decides).
    static func takingTheirs(ours: JSONValue, base: JSONValue, theirs: JSONValue, source: UTF8Bytes, locale: UTF8Bytes) -> Settled? {
        guard let oursObject = ours.oneLevel.object, let baseObject = base.oneLevel.object, let theirsObject = theirs.oneLevel.object else { return nil }
        let name = UTF8Bytes(CatalogSchema.Name.localizations)
        // Every member but the localizations: ours', the base's and theirs' the same.
        func sameApartFromLocalizations(_ a: JSONObject, _ b: JSONObject) -> Bool {
            var count = 0
            for member in a.members where !member.key.equals(CatalogSchema.Name.localizations) {
                guard b[key: member.key] == member.value else { return false }
                count += 1
            }
            return b.members.count - (b.index(of: CatalogSchema.Name.localizations) == nil ? 0 : 1) == count
        }
        guard sameApartFromLocalizations(oursObject, baseObject), sameApartFromLocalizations(theirsObject, baseObject) else { return nil }
        let oursLocalizations = oursObject[key: name], baseLocalizations = baseObject[key: name], theirsLocalizations = theirsObject[key: name]
        guard (oursLocalizations == nil) == (baseLocalizations == nil), (theirsLocalizations == nil) == (baseLocalizations == nil) else { return nil }
        guard let oursLocalizations, let baseLocalizations, let theirsLocalizations else { return Settled(entry: ours) }
        guard let oursLanguages = oursLocalizations.oneLevel.object, let baseLanguages = baseLocalizations.oneLevel.object,
            let theirsLanguages = theirsLocalizations.oneLevel.object
        else { return nil }
        // The two languages merged: ours' and the base's the same, and theirs' source the base's.
        guard oursLanguages[key: source] == baseLanguages[key: source], theirsLanguages[key: source] == baseLanguages[key: source],
            oursLanguages[key: locale] == baseLanguages[key: locale]
        else { return nil }
        let taken = theirsLanguages[key: locale]
        var languages = oursLanguages
        languages[key: locale] = taken
        var entry = oursObject
        entry[key: name] = .object(languages)
        return Settled(entry: .object(entry), baseLocalization: baseLanguages[key: locale], takenLocalization: taken)
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
