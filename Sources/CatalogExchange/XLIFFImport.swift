import CatalogLint
import CatalogUpkeep
import StringCatalog

/// A translator's XLIFF brought back into a catalog.
///
/// With the export's base known (`theirs`): the translator's side of a three-way merge, the
/// base with the translator's changes, which the driver's merge then meets with the catalog as
/// it is now. Without it (`twoWay`): the changes written straight into the catalog where the
/// unit's source text is still the catalog's.
///
/// Rules, in order, for each unit that has a `<target>`:
/// 1. An id whose form is not one (`key|==|colour.red`) of a key the catalog has is skipped.
/// 2. A key the catalog no longer has is skipped (deleted since the export: not brought back).
/// 3. A unit equal to what the export wrote (same text, a state of the same meaning) is no
///    change: the catalog's current value stays, whatever happened to it since.
/// 4. A unit whose `<source>` is not the catalog's current source text of that form: with a
///    base, taken as `needs_review` (the translation of an older text, never silently current);
///    without one, skipped.
/// 5. Otherwise taken, with the state its XLIFF state means (`catalogState`). When the forms
///    sent do not fit the localization's shape (plural forms for a plain string, a plain
///    string for a plural one), the forms sent become the shape.
public enum XLIFFImport {
    /// A unit not taken, and why.
    public struct Skipped: Sendable, Equatable {
        public var id: String
        public var line: Int
        public var column: Int
        public var reason: String
    }

    public struct Outcome: Sendable {
        /// Two-way: the catalog with the translation. Three-way: the translator's side, the
        /// base with the translation, for the merge.
        public var catalog: Catalog
        /// Units whose target changed and was taken.
        public var taken = 0
        /// Ids taken as `needs_review` because the source text changed since the export.
        public var sourceChanged: [String] = []
        public var skipped: [Skipped] = []
        /// Units with a target equal to the export's.
        public var unchanged = 0
        /// The keys whose localization in the file's language the translation changes (in the
        /// file's order): the only keys in which `catalog` differs from what it was made from.
        public var changedKeys: [UTF8Bytes] = []
    }

    /// The translator's side of a three-way import: `base` (the catalog as exported) with the
    /// translation, read against `current` (the catalog now) for rules 2 and 4.
    public static func theirs(_ file: XLIFFFile, base: Catalog, current: Catalog) -> Outcome {
        apply(file, reference: base, current: current, threeWay: true)
    }

    /// `catalog` with the translation, where each unit's source is still the catalog's.
    public static func twoWay(_ file: XLIFFFile, into catalog: Catalog) -> Outcome {
        apply(file, reference: catalog, current: catalog, threeWay: false)
    }

    /// What the rules make of one unit.
    enum Judgement {
        case noTarget
        case skipped(String)
        case unchanged
        case taken(UnitRecord, sourceChanged: Bool)
    }

    static func apply(_ file: XLIFFFile, reference: Catalog, current: Catalog, threeWay: Bool) -> Outcome {
        var outcome = Outcome(catalog: reference)
        let locale = UTF8Bytes(file.targetLanguage)
        let source = reference.sourceLanguage ?? UTF8Bytes(file.sourceLanguage)
        // Entries found by key through a table of positions.
        let currentIndex = EntryIndex(current)
        let referenceIndex = threeWay ? EntryIndex(reference) : currentIndex
        // The units judged in blocks on all cores, each block reading the entries it needs once
        // (a key's units are next to each other); then gathered in the file's order.
        let units = file.units
        let judgements = ParallelBlocks.map(units.count, blockSize: 1024) { range in
            var reader = EntryReader(current: currentIndex, reference: referenceIndex, locale: locale, source: source)
            return range.map { judge(units[$0], threeWay: threeWay, reader: &reader) }
        }
        var records: [UnitRecord] = []
        var recordsByKey: [UTF8Bytes: [Int]] = [:]
        for (unit, judgement) in zip(units, judgements) {
            switch judgement {
            case .noTarget:
                break
            case .skipped(let reason):
                outcome.skipped.append(Skipped(id: unit.id, line: unit.line, column: unit.column, reason: reason))
            case .unchanged:
                outcome.unchanged += 1
            case .taken(let record, let sourceChanged):
                if sourceChanged { outcome.sourceChanged.append(unit.id) }
                if recordsByKey[record.key] == nil { outcome.changedKeys.append(record.key) }
                recordsByKey[record.key, default: []].append(records.count)
                records.append(record)
            }
        }
        let settings = StringAccess.setting(records, in: reference)
        outcome.catalog = settings.catalog
        outcome.taken = records.count - settings.refused.count
        // A shape the forms sent do not fit: the forms sent, every one with a target, are the
        // localization's shape.
        var refusedByKey: [UTF8Bytes: [(record: UnitRecord, refusal: StringAccess.Refusal)]] = [:]
        var reshapedKeys: [UTF8Bytes] = []
        for refused in settings.refused {
            if refusedByKey[refused.record.key] == nil { reshapedKeys.append(refused.record.key) }
            refusedByKey[refused.record.key, default: []].append((refused.record, refused.refusal))
        }
        // Where each key's units are, for the few keys reshaped (and their ids, for a refusal).
        var unitsByKey: [UTF8Bytes: [Int]] = [:]
        var unitsByID: [String: Int] = [:]
        if !reshapedKeys.isEmpty {
            let reshaped = Set(reshapedKeys)
            for (position, unit) in file.units.enumerated() where unit.target != nil {
                let key = UTF8Bytes(XLIFFExport.keyAndForm(ofUnitID: unit.id).key)
                guard reshaped.contains(key) else { continue }
                unitsByKey[key, default: []].append(position)
                unitsByID[unit.id] = unitsByID[unit.id] ?? position
            }
        }
        for key in reshapedKeys {
            let refusedHere = refusedByKey[key] ?? []
            let changed = Set((recordsByKey[key] ?? []).map { records[$0].form })
            var all = (recordsByKey[key] ?? []).map { records[$0] }
            // The unchanged units of the key count too: they are part of the shape sent.
            let referenceEntry = referenceIndex.entry(key)
            for position in unitsByKey[key] ?? [] {
                let unit = file.units[position]
                let form = XLIFFExport.keyAndForm(ofUnitID: unit.id).form
                guard let target = unit.target, !changed.contains(form) else { continue }
                let value = XLIFFExport.catalogText(target, substitution: referenceEntry.flatMap { substitution(of: form, in: $0, locale: locale, source: source) })
                all.append(UnitRecord(key: key, locale: locale, form: form, state: UTF8Bytes(XLIFFExport.catalogState(unit.state, qualifier: unit.stateQualifier)), value: UTF8Bytes(value)))
            }
            do throws(StringAccess.Refusal) {
                outcome.catalog = try StringAccess.replacingShape(key: key, locale: locale, with: all, in: outcome.catalog)
                outcome.taken += refusedHere.count
            } catch {
                for refused in refusedHere {
                    let id = XLIFFExport.unitID(key: key, form: refused.record.form)
                    let unit = unitsByID[id].map { file.units[$0] }
                    outcome.skipped.append(Skipped(id: id, line: unit?.line ?? 0, column: unit?.column ?? 0, reason: refused.refusal.description))
                }
            }
        }
        return outcome
    }

    /// Rules 1 to 5 for one unit.
    static func judge(_ unit: XLIFFUnit, threeWay: Bool, reader: inout EntryReader) -> Judgement {
        guard let target = unit.target else { return .noTarget }
        let (keyText, form) = XLIFFExport.keyAndForm(ofUnitID: unit.id)
        let key = UTF8Bytes(keyText)
        guard let currentPosition = reader.current.position(key), let currentSource = reader.currentSource(at: currentPosition) else {
            if form.steps.isEmpty, let separator = XLIFFExport.lastSeparator(in: unit.id),
                reader.current.entry(UTF8Bytes(String(unit.id[..<separator.lowerBound]))) != nil
            {
                return .skipped("not a form Xcode writes (plural.CASE, device.NAME, substitutions.NAME.plural.CASE)")
            }
            return .skipped(threeWay && reader.reference.entry(key) != nil ? "the key was deleted since the export: not brought back" : "the catalog has no such key")
        }
        guard let referencePosition = reader.reference.position(key), let referenceEntry = reader.referenceEntry(at: referencePosition) else {
            return .skipped("the key was not in the catalog exported")
        }
        let state = XLIFFExport.catalogState(unit.state, qualifier: unit.stateQualifier)
        // The unit as the export wrote it: the target's value and state at that form.
        if let exportedTarget = reader.exportedTarget(at: referencePosition, in: referenceEntry),
            let before = XLIFFExport.unitAt(form, in: exportedTarget), before.value == target
        {
            let (beforeState, beforeQualifier) = XLIFFExport.xliffState(before.state)
            if XLIFFExport.catalogState(beforeState, qualifier: beforeQualifier) == state { return .unchanged }
        }
        let sourceNow = XLIFFExport.sourceText(of: form, key: key, in: currentSource.localization)
        var taken = state
        let sourceChanged = unit.source != sourceNow
        if sourceChanged {
            guard threeWay else { return .skipped("its source text is not the catalog's (now \"\(VisibleText.inline(sourceNow))\")") }
            taken = "needs_review"
        }
        let value = XLIFFExport.catalogText(target, substitution: substitution(of: form, in: referenceEntry, locale: reader.locale, source: reader.source))
        return .taken(UnitRecord(key: key, locale: reader.locale, form: form, state: UTF8Bytes(taken), value: UTF8Bytes(value)), sourceChanged: sourceChanged)
    }

    /// The substitution a form passes through: the target language's, else the source's.
    static func substitution(of form: FormPath, in entry: JSONObject, locale: UTF8Bytes, source: UTF8Bytes) -> JSONObject? {
        guard form.steps.contains(where: { if case .substitution = $0 { return true } else { return false } }) else { return nil }
        let localizations = entry[Name.localizations]?.oneLevel.object
        return XLIFFExport.substitution(of: form, in: localizations?[key: locale]?.materialized.object)
            ?? XLIFFExport.substitution(of: form, in: localizations?[key: source]?.materialized.object)
    }
}

/// A catalog's entries by key (the reading's table of keys, when it built one).
struct EntryIndex: Sendable {
    let members: [JSONMember]
    let table: KeyTable

    init(_ catalog: Catalog) {
        members = catalog.strings.members
        table = catalog.strings.keyTable ?? KeyTable(members)
    }

    func position(_ key: UTF8Bytes) -> Int? { table.position(of: key) }

    func entry(_ key: UTF8Bytes) -> JSONObject? {
        position(key).flatMap { members[$0].value.oneLevel.object }
    }
}

/// One thread's reading of the entries the rules need, each read once: the entry, the
/// target localization exported (what rule 3 compares with) and the catalog's current source
/// localization (rule 4).
struct EntryReader {
    let current: EntryIndex
    let reference: EntryIndex
    let locale: UTF8Bytes
    let source: UTF8Bytes
    private var referenceEntries: [Int: JSONObject?] = [:]
    private var exportedTargets: [Int: JSONObject?] = [:]
    private var currentSources: [Int: CurrentSource?] = [:]

    /// The catalog's entry now, as rule 4 needs it: its source localization (nil when it has
    /// none: the key is the source text).
    struct CurrentSource {
        var localization: JSONObject?
    }

    init(current: EntryIndex, reference: EntryIndex, locale: UTF8Bytes, source: UTF8Bytes) {
        self.current = current
        self.reference = reference
        self.locale = locale
        self.source = source
    }

    /// The current entry's source localization; nil when the entry is not an object. Found
    /// from the bytes where the entry is in Xcode's layout (`CanonicalMembers`): of an entry of
    /// ten languages only the source's is decoded.
    mutating func currentSource(at position: Int) -> CurrentSource? {
        if let read = currentSources[position] { return read }
        let value = current.members[position].value
        let found: CurrentSource?
        if case .raw(let raw) = value, let localization = CanonicalMembers.value(Name.localizations, source, in: raw) {
            found = CurrentSource(localization: localization?.parsed().object)
        } else if let entry = value.oneLevel.object {
            found = CurrentSource(localization: entry[Name.localizations]?.oneLevel.object?[key: source]?.materialized.object)
        } else {
            found = nil
        }
        currentSources[position] = .some(found)
        return found
    }

    mutating func referenceEntry(at position: Int) -> JSONObject? {
        if let read = referenceEntries[position] { return read }
        let entry = reference.members[position].value.oneLevel.object
        referenceEntries[position] = .some(entry)
        return entry
    }

    mutating func exportedTarget(at position: Int, in entry: JSONObject) -> JSONObject? {
        if let read = exportedTargets[position] { return read }
        let target = entry[Name.localizations]?.oneLevel.object?[key: locale]?.materialized.object
        exportedTargets[position] = .some(target)
        return target
    }

}
