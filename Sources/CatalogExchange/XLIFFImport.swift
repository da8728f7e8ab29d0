#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import CatalogLint
import CatalogUpkeep
import StringCatalog
import XcstringsMergePlatform

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
        /// Three-way: changed keys whose entry the catalog now has as exported, apart from its
        /// other languages, with the translation spliced into the catalog's entry (the merge's
        /// result for them, by their position in the catalog now).
        public var spliced: [Splice] = []
    }

    /// A key whose only unit taken is a plain string's, in an entry the catalog now has as it
    /// was exported in the source language, the file's language and every other member: the
    /// merge of the two would take the translated localization whole (R0), as
    /// `LocaleMerge.settledFromBytes` finds it. Made while the unit is judged, from the bytes
    /// read for that, so that the merge need not find them again.
    public struct Splice: Sendable {
        /// The key's position in the catalog now.
        public var position: Int
        /// The catalog's entry with the translated localization in place of its own. Nothing
        /// of the localization replaced is removed: a plain unit's holds a string unit alone,
        /// and setting a key's forms (`StringAccess.setting`) places units, never taking away a
        /// case or a substitution. So the merge has nothing to note as the translation's
        /// removals (`XLIFFImportSpliceTests` holds its report to the merge's without splices).
        public var entry: JSONValue
    }

    /// The translator's side of a three-way import: `base` (the catalog as exported) with the
    /// translation, read against `current` (the catalog now) for rules 2 and 4.
    /// `splicing: false` judges every unit by `judge` (what `judgeSpliced` must agree with).
    public static func theirs(_ file: XLIFFFile, base: Catalog, current: Catalog, splicing: Bool = true) -> Outcome {
        apply(file, reference: base, current: current, threeWay: true, splicing: splicing)
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
        /// Taken; the key's position in the base.
        case taken(UnitRecord, sourceChanged: Bool, basePosition: Int)
        /// Taken by `judgeSpliced`.
        case spliced(SplicedUnit)
    }

    /// A unit `judgeSpliced` takes: its record, the translator's entry (the base's with the
    /// unit set) and the splice. A class: the judgements of 25,000 units are moved about.
    final class SplicedUnit: Sendable {
        let record: UnitRecord
        let sourceChanged: Bool
        let splice: Splice
        let theirs: JSONValue
        let basePosition: Int

        init(record: UnitRecord, sourceChanged: Bool, splice: Splice, theirs: JSONValue, basePosition: Int) {
            self.record = record
            self.sourceChanged = sourceChanged
            self.splice = splice
            self.theirs = theirs
            self.basePosition = basePosition
        }
    }

    static func apply(_ file: XLIFFFile, reference: Catalog, current: Catalog, threeWay: Bool, splicing wanted: Bool = false) -> Outcome {
        var outcome = Outcome(catalog: reference)
        let locale = UTF8Bytes(file.targetLanguage)
        let source = reference.sourceLanguage ?? UTF8Bytes(file.sourceLanguage)
        // The merge reads the entries in the catalog's source language: spliced only where that
        // is the one the rules read in.
        let splicing = wanted && current.sourceLanguage != nil && current.sourceLanguage == reference.sourceLanguage
            && CanonicalMembers.isPlain(source) && CanonicalMembers.isPlain(locale)
        // Entries found by key through a table of positions.
        let currentIndex = EntryIndex(current)
        let referenceIndex = threeWay ? EntryIndex(reference) : currentIndex
        // The units judged in blocks on all cores, each block reading the entries it needs once
        // (a key's units are next to each other); then gathered in the file's order.
        let units = file.units
        // Plain units are spliced from the entries' bytes, read through each file's buffer
        // (taken once a block).
        let currentBytes = SharedEntryBytes(splicing ? current.strings.members : [])
        let referenceBytes = SharedEntryBytes(splicing ? reference.strings.members : [])
        let judgements = ParallelBlocks.map(units.count, blockSize: 1024) { range in
            currentBytes.withBuffers { current in
                referenceBytes.withBuffers { reference in
                    var reader = EntryReader(current: currentIndex, reference: referenceIndex, locale: locale, source: source)
                    reader.bytes = (current, reference)
                    return range.map { judge(units[$0], threeWay: threeWay, splicing: splicing, reader: &reader) }
                }
            }
        }
        PhaseTimes.mark("units judged")
        var records: [UnitRecord] = []
        // Records counted by their key's position in the base (no key hashed again).
        var recordCounts = [Int](repeating: 0, count: referenceIndex.members.count)
        var recordBases: [Int] = []
        var splices: [(record: Int, unit: SplicedUnit)] = []
        records.reserveCapacity(units.count)
        recordBases.reserveCapacity(units.count)
        func take(_ record: UnitRecord, ofUnit index: Int, sourceChanged: Bool, basePosition: Int) {
            if sourceChanged { outcome.sourceChanged.append(units[index].id) }
            if recordCounts[basePosition] == 0 { outcome.changedKeys.append(record.key) }
            recordCounts[basePosition] += 1
            recordBases.append(basePosition)
            records.append(record)
        }
        // By index: a unit is copied (its strings retained) only where it is named.
        for index in units.indices {
            switch judgements[index] {
            case .noTarget:
                break
            case .skipped(let reason):
                let unit = units[index]
                outcome.skipped.append(Skipped(id: unit.id, line: unit.line, column: unit.column, reason: reason))
            case .unchanged:
                outcome.unchanged += 1
            case .taken(let record, let sourceChanged, let basePosition):
                take(record, ofUnit: index, sourceChanged: sourceChanged, basePosition: basePosition)
            case .spliced(let spliced):
                splices.append((records.count, spliced))
                take(spliced.record, ofUnit: index, sourceChanged: spliced.sourceChanged, basePosition: spliced.basePosition)
            }
        }
        // Tens of thousands of judgements: freed by the process's end, where it ends soon.
        ProcessLifetime.keepUntilExit(judgements)
        // A splice stands where its unit is the key's only one taken; otherwise its record is
        // set with the others.
        var isSpliced = [Bool](repeating: false, count: records.count)
        var splicedEntries: [(position: Int, value: JSONValue)] = []
        for (record, spliced) in splices where recordCounts[spliced.basePosition] == 1 {
            isSpliced[record] = true
            outcome.spliced.append(spliced.splice)
            splicedEntries.append((spliced.basePosition, spliced.theirs))
        }
        // The other keys' records set on the localization's bytes where the entries allow it.
        if splicing {
            var groups: [[Int]] = []
            // Each key's group by its position in the base (-1: none yet).
            var groupOfBase = [Int](repeating: -1, count: referenceIndex.members.count)
            for index in records.indices where !isSpliced[index] {
                let group = groupOfBase[recordBases[index]]
                if group >= 0 {
                    groups[group].append(index)
                } else {
                    groupOfBase[recordBases[index]] = groups.count
                    groups.append([index])
                }
            }
            let (allRecords, allGroups, bases) = (records, groups, recordBases)
            let made = ParallelBlocks.map(allGroups.count, blockSize: 256) { range in
                currentBytes.withBuffers { current in
                    referenceBytes.withBuffers { reference in
                        range.map { group -> (theirs: JSONValue, splice: Splice)? in
                            let members = allGroups[group]
                            guard let position = currentIndex.position(allRecords[members[0]].key) else { return nil }
                            return withEntries(position, bases[members[0]], of: (currentIndex, referenceIndex), buffers: (current, reference)) { ours, base in
                                splicedSetting(members.map { allRecords[$0] }, ours: ours, base: base, position: position, source: source, locale: locale)
                            }
                        }
                    }
                }
            }
            for (group, made) in zip(groups, made) {
                guard let made else { continue }
                for index in group { isSpliced[index] = true }
                outcome.spliced.append(made.splice)
                splicedEntries.append((recordBases[group[0]], made.theirs))
            }
        }
        let toSet = splicedEntries.isEmpty ? records : records.indices.filter { !isSpliced[$0] }.map { records[$0] }
        let settings = StringAccess.setting(toSet, in: reference)
        outcome.catalog = settings.catalog
        if !splicedEntries.isEmpty { outcome.catalog.strings.replaceValues(splicedEntries) }
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
        var recordsByKey: [UTF8Bytes: [Int]] = [:]
        if !reshapedKeys.isEmpty {
            let reshaped = Set(reshapedKeys)
            for (index, record) in records.enumerated() where reshaped.contains(record.key) {
                recordsByKey[record.key, default: []].append(index)
            }
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
    static func judge(_ unit: XLIFFUnit, threeWay: Bool, splicing: Bool, reader: inout EntryReader) -> Judgement {
        guard let target = unit.target else { return .noTarget }
        let (keyText, form) = XLIFFExport.keyAndForm(ofUnitID: unit.id)
        let key = UTF8Bytes(keyText)
        let currentPosition = reader.current.position(key)
        if splicing, form.steps.isEmpty, let currentPosition, let spliced = judgeSpliced(unit, target: target, key: key, position: currentPosition, reader: reader) {
            return spliced
        }
        if splicing, !form.steps.isEmpty, let currentPosition, let judged = judgeForm(unit, target: target, key: key, form: form, position: currentPosition, reader: &reader) {
            return judged
        }
        guard let currentPosition, let currentSource = reader.currentSource(at: currentPosition) else {
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
        return .taken(UnitRecord(key: key, locale: reader.locale, form: form, state: UTF8Bytes(taken), value: UTF8Bytes(value)), sourceChanged: sourceChanged, basePosition: referencePosition)
    }

    /// Rules 3 to 5 for a plain string's unit (three-way), from the entries' bytes where they
    /// are in Xcode's layout (`CanonicalMembers`), the catalog's entry now is the base's in
    /// every member, the source language and the file's language, and the base's localization
    /// holds a string unit alone; nil otherwise (the unit is judged by `judge`). The judgement
    /// is `judge`'s; the translator's entry is what `StringAccess.setting` makes of it.
    static func judgeSpliced(_ unit: XLIFFUnit, target: String, key: UTF8Bytes, position: Int, reader: EntryReader) -> Judgement? {
        guard let basePosition = reader.reference.position(key) else { return nil }
        return withEntries(position, basePosition, of: (reader.current, reader.reference), buffers: reader.bytes) { ours, base in
            judgeSpliced(unit, target: target, key: key, position: position, basePosition: basePosition, ours: ours, base: base, reader: reader)
        }
    }

    /// `body` of the catalog's entry at `position` and the base's at `basePosition`, as bytes:
    /// through the files' buffers (`SharedEntryBytes`) where the entries are there, otherwise
    /// through their own arrays; nil where either is not raw in Xcode's layout.
    static func withEntries<R>(
        _ position: Int, _ basePosition: Int, of indexes: (current: EntryIndex, reference: EntryIndex),
        buffers: (current: SharedEntryBytes.Buffers, reference: SharedEntryBytes.Buffers)?, _ body: (EntryBytes, EntryBytes) -> R?
    ) -> R? {
        if let buffers, let oursRange = buffers.current.ranges[position], let baseRange = buffers.reference.ranges[basePosition] {
            return body((buffers.current.source, oursRange), (buffers.reference.source, baseRange))
        }
        guard case .raw(let ours) = indexes.current.members[position].value, ours.canonicalIndent == entryIndent,
            case .raw(let base) = indexes.reference.members[basePosition].value, base.canonicalIndent == entryIndent
        else { return nil }
        return ours.source.withUnsafeBufferPointer { o in base.source.withUnsafeBufferPointer { b in body((o, ours.range), (b, base.range)) } }
    }

    /// `judgeSpliced` of the two entries' bytes.
    static func judgeSpliced(
        _ unit: XLIFFUnit, target: String, key: UTF8Bytes, position: Int, basePosition: Int, ours: EntryBytes, base: EntryBytes, reader: EntryReader
    ) -> Judgement? {
        guard let places = splicePlaces(ours: ours, base: base, indent: entryIndent, source: reader.source, locale: reader.locale, stringUnitAlone: true)
        else { return nil }
        let state = XLIFFExport.catalogState(unit.state, qualifier: unit.stateQualifier)
        // Rule 3: the unit as the export wrote it (read from its bytes where they are plain).
        let exportedUnit = stringUnitTexts(base.buffer, places.baseLocalization)
            ?? parsedLocalization(base.buffer, places.baseLocalization).flatMap { XLIFFExport.unitAt(FormPath(), in: $0) }
                .map { ($0.state.map { ReadText.decoded($0) }, ReadText.decoded(UTF8Bytes($0.value))) }
        if let before = exportedUnit, equal(before.value, in: base.buffer, target) {
            let (beforeState, beforeQualifier) = XLIFFExport.xliffState(before.state.map { text($0, in: base.buffer) })
            if XLIFFExport.catalogState(beforeState, qualifier: beforeQualifier) == state { return .unchanged }
        }
        // Rule 4: the source text now (the export's too: the catalog's is the base's).
        let sourceChanged: Bool
        if let sourcePlace = places.oursSource, let place = sourceTextPlace(FormPath(), in: ours.buffer, sourcePlace),
            let sourceUnit = stringUnitTexts(ours.buffer, place.range, indent: place.indent)
        {
            sourceChanged = !equal(sourceUnit.value, in: ours.buffer, unit.source)
        } else {
            let sourceLocalization = places.oursSource.flatMap { parsedLocalization(ours.buffer, $0) }
            sourceChanged = unit.source != XLIFFExport.sourceText(of: FormPath(), key: key, in: sourceLocalization)
        }
        let record = UnitRecord(key: key, locale: reader.locale, form: FormPath(), state: UTF8Bytes(sourceChanged ? "needs_review" : state), value: UTF8Bytes(target))
        let written = StringAccess.stringUnitLocalization(state: record.state, value: record.value!, indent: localizationIndent)
        let splice = Splice(position: position, entry: spliced(written, into: ours, at: places.oursLocalization))
        return .spliced(SplicedUnit(record: record, sourceChanged: sourceChanged, splice: splice, theirs: spliced(written, into: base, at: places.baseLocalization), basePosition: basePosition))
    }

    /// Rules 3 and 4 for a unit of a plural or device form (three-way), read from the entries'
    /// bytes where `judgeSpliced` would read a plain unit's and the form is there, exactly, in
    /// the base's localization (`formPlace`): `judge`'s judgement, which a key's records then
    /// take to `splicedSetting`. Nil otherwise (the unit is judged by `judge`).
    static func judgeForm(_ unit: XLIFFUnit, target: String, key: UTF8Bytes, form: FormPath, position: Int, reader: inout EntryReader) -> Judgement? {
        guard let basePosition = reader.reference.position(key) else { return nil }
        // A key's units are next to each other: its entries' places are read once for them all.
        let known = reader.lastPlaces.flatMap { $0.position == position && $0.basePosition == basePosition ? $0 : nil }
        let (locale, source) = (reader.locale, reader.source)
        return withEntries(position, basePosition, of: (reader.current, reader.reference), buffers: reader.bytes) { ours, base -> Judgement? in
            let found: SplicePlaces?
            if let known {
                found = known.places
            } else {
                found = splicePlaces(ours: ours, base: base, indent: entryIndent, source: source, locale: locale, stringUnitAlone: false)
                reader.lastPlaces = (position, basePosition, found)
            }
            guard let places = found,
                let exported = formPlace(form, in: base.buffer, places.baseLocalization).flatMap({ stringUnitTexts(base.buffer, $0.range, indent: $0.indent) })
            else { return nil }
            let state = XLIFFExport.catalogState(unit.state, qualifier: unit.stateQualifier)
            // Rule 3: the unit as the export wrote it.
            if equal(exported.value, in: base.buffer, target) {
                let (beforeState, beforeQualifier) = XLIFFExport.xliffState(exported.state.map { text($0, in: base.buffer) })
                if XLIFFExport.catalogState(beforeState, qualifier: beforeQualifier) == state { return .unchanged }
            }
            // Rule 4: the source text of the form now, read from the bytes where
            // `sourceTextPlace` finds where `sourceText` reads it, else as a tree.
            let sourceChanged: Bool
            if let sourcePlace = places.oursSource, let place = sourceTextPlace(form, in: ours.buffer, sourcePlace),
                let sourceUnit = stringUnitTexts(ours.buffer, place.range, indent: place.indent)
            {
                sourceChanged = !equal(sourceUnit.value, in: ours.buffer, unit.source)
            } else {
                let sourceLocalization = places.oursSource.flatMap { parsedLocalization(ours.buffer, $0) }
                sourceChanged = unit.source != XLIFFExport.sourceText(of: form, key: key, in: sourceLocalization)
            }
            // No substitution on the way: the target is the catalog's text as it is.
            let record = UnitRecord(key: key, locale: locale, form: form, state: UTF8Bytes(sourceChanged ? "needs_review" : state), value: UTF8Bytes(target))
            return .taken(record, sourceChanged: sourceChanged, basePosition: basePosition)
        }
    }

    /// A plural or device step's kind (`plural`, `device`) and case name; nil for a
    /// substitution's, or a name needing escaping (found only as a tree).
    static func variationStep(_ step: FormPath.Step) -> (kind: StaticString, name: UTF8Bytes)? {
        let found: (kind: StaticString, name: UTF8Bytes)
        switch step {
        case .plural(let name): found = (Name.plural, UTF8Bytes(name))
        case .device(let name): found = (Name.device, UTF8Bytes(name))
        case .substitution: return nil
        }
        return CanonicalMembers.isPlain(found.name) ? found : nil
    }

    /// The node a form of plural and device steps names in the localization `bytes[range]` (in
    /// Xcode's layout, written at `localizationIndent`), exactly: each step's
    /// `variations.KIND.NAME` present, as `XLIFFExport.walk` finds it. The node's range and the
    /// indent it is written at; nil where the path breaks off, a step is a substitution's, a
    /// name needs escaping, or the layout is not the writer's.
    static func formPlace(_ form: FormPath, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (range: Range<Int>, indent: Int)? {
        var node = range
        var indent = localizationIndent
        for step in form.steps {
            guard let (kind, name) = variationStep(step),
                let variations = CanonicalMembers.span(named: Name.variations, in: bytes, range: node, indent: indent) ?? nil,
                let cases = CanonicalMembers.span(named: kind, in: bytes, range: variations.value, indent: indent + 1) ?? nil,
                let found = name.bytes.withUnsafeBufferPointer({ CanonicalMembers.span(named: $0, in: bytes, range: cases.value, indent: indent + 2) }) ?? nil
            else { return nil }
            node = found.value
            indent += 3
        }
        return (node, indent)
    }

    /// Where `XLIFFExport.sourceText` reads a form's source text in the source localization
    /// `bytes[range]`, found in the bytes as it finds it in the tree: at each step the case
    /// named, else `other`, of the step's kind where the node varies by it, else the node
    /// itself; then, while the node has no string unit, its first variation's `other` case
    /// (else its first). Nil where the bytes cannot tell (a substitution's step, a name needing
    /// escaping, a layout not the writer's, a node neither a string unit nor varied); the
    /// caller then reads the tree.
    static func sourceTextPlace(_ form: FormPath, in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> (range: Range<Int>, indent: Int)? {
        var node = range
        var indent = localizationIndent
        for step in form.steps {
            guard let (kind, name) = variationStep(step),
                let variations = CanonicalMembers.span(named: Name.variations, in: bytes, range: node, indent: indent)
            else { return nil }
            guard let variations else { continue }
            guard let kinds = CanonicalMembers.span(named: kind, in: bytes, range: variations.value, indent: indent + 1) else { return nil }
            guard let cases = kinds else { continue }
            guard let named = name.bytes.withUnsafeBufferPointer({ CanonicalMembers.span(named: $0, in: bytes, range: cases.value, indent: indent + 2) })
            else { return nil }
            if let named {
                node = named.value
                indent += 3
                continue
            }
            guard let other = CanonicalMembers.span(named: "other", in: bytes, range: cases.value, indent: indent + 2) else { return nil }
            if let other {
                node = other.value
                indent += 3
            }
        }
        // Down to a string, as `sourceText` goes (at most 8 levels; deeper, the tree tells).
        for _ in 0..<8 {
            guard let unit = CanonicalMembers.span(named: Name.stringUnit, in: bytes, range: node, indent: indent) else { return nil }
            if unit != nil { break }
            guard let variations = CanonicalMembers.span(named: Name.variations, in: bytes, range: node, indent: indent) ?? nil,
                let kind = CanonicalMembers.spans(in: bytes, range: variations.value, indent: indent + 1)?.first,
                let cases = CanonicalMembers.spans(in: bytes, range: kind.value, indent: indent + 2),
                let next = cases.first(where: { UTF8Bytes.equal(UnsafeBufferPointer(rebasing: bytes[$0.key]), "other") }) ?? cases.first
            else { return nil }
            node = next.value
            indent += 3
        }
        return (node, indent)
    }

    /// A localization's string unit read from its bytes where the localization is in Xcode's
    /// layout and has one, and its state and value (or its value alone) are strings: their
    /// texts, escapes decoded (the file was read, so they are valid). Nil otherwise (then it is
    /// read as a tree, as it would be here). Other members beside it (a source's
    /// `substitutions`) do not change the unit of the plain form, which is all that is read.
    /// `indent`: the one the object holding the unit is written at (a form's node, `formPlace`).
    static func stringUnitTexts(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, indent: Int = localizationIndent) -> (state: ReadText?, value: ReadText)? {
        guard let unit = CanonicalMembers.span(named: Name.stringUnit, in: buffer, range: range, indent: indent) ?? nil else { return nil }
        // Most units are a state and a value, each a line: read as such.
        if let lines = stateAndValueLines(buffer, unit.value, indent: indent + 1) {
            guard let state = readText(buffer, lines.state), let value = readText(buffer, lines.value) else { return nil }
            return (state, value)
        }
        guard let members = CanonicalMembers(in: buffer, range: unit.value, indent: indent + 1) else { return nil }
        var state: ReadText?
        var value: ReadText?
        for member in members.spans {
            let text = member.value
            guard text.count >= 2, buffer[text.lowerBound] == UInt8(ascii: "\""), buffer[text.upperBound - 1] == UInt8(ascii: "\"")
            else { return nil }
            guard let content = readText(buffer, (text.lowerBound + 1)..<(text.upperBound - 1)) else { return nil }
            if state == nil, UTF8Bytes.equal(UnsafeBufferPointer(rebasing: buffer[member.key]), Name.state) {
                state = content
            } else if value == nil, UTF8Bytes.equal(UnsafeBufferPointer(rebasing: buffer[member.key]), Name.value) {
                value = content
            } else {
                return nil
            }
        }
        return value.map { (state, $0) }
    }

    /// A string's text read from a catalog's bytes: where it has no escape (most), the bytes
    /// between its quotes, left where they are; otherwise decoded.
    enum ReadText {
        case bytes(Range<Int>)
        case decoded(UTF8Bytes)
    }

    /// The text of the string whose content (between its quotes) is `bytes[range]`; nil where
    /// an escape does not decode.
    static func readText(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> ReadText? {
        let inside = UnsafeBufferPointer(rebasing: bytes[range])
        // Most have no escape: compared where they are rather than decoded.
        guard let start = inside.baseAddress, memchr(start, Int32(UInt8(ascii: "\\")), inside.count) != nil else { return .bytes(range) }
        return JSONStringContent.decoded(inside).map { .decoded(UTF8Bytes($0)) }
    }

    /// `read` as bytes of its own.
    static func text(_ read: ReadText, in bytes: UnsafeBufferPointer<UInt8>) -> UTF8Bytes {
        switch read {
        case .bytes(let range): return UTF8Bytes(Array(UnsafeBufferPointer(rebasing: bytes[range])))
        case .decoded(let decoded): return decoded
        }
    }

    /// The contents of a string unit's two strings where the object `bytes[range]`, written at
    /// `indent`, is a state and a value as Xcode writes them, each a line (`"state" : "…",`,
    /// `"value" : "…"`, nothing else): no line feed is in a string, so each string's content
    /// ends with its line, before its closing quote (and comma). Nil for any other layout.
    static func stateAndValueLines(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, indent: Int) -> (state: Range<Int>, value: Range<Int>)? {
        guard let base = bytes.baseAddress, range.upperBound <= bytes.count else { return nil }
        var at = range.lowerBound
        // Whether `text` is at `at` (moved past it), within the object.
        func take(_ text: StaticString) -> Bool {
            let count = text.utf8CodeUnitCount
            guard at + count <= range.upperBound, memcmp(base + at, text.utf8Start, count) == 0 else { return false }
            at += count
            return true
        }
        func takeSpaces(_ count: Int) -> Bool {
            guard at + count <= range.upperBound else { return false }
            for index in at..<(at + count) where bytes[index] != UInt8(ascii: " ") { return false }
            at += count
            return true
        }
        // A string's content up to its line's end (`"` then `suffix` then a line feed).
        func takeString(endingWith suffix: StaticString) -> Range<Int>? {
            let start = at
            guard let found = memchr(base + at, 0x0A, range.upperBound - at) else { return nil }
            let lineFeed = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
            let end = lineFeed - suffix.utf8CodeUnitCount - 1
            guard end >= start, bytes[end] == UInt8(ascii: "\""), memcmp(base + end + 1, suffix.utf8Start, suffix.utf8CodeUnitCount) == 0 else { return nil }
            at = lineFeed + 1
            return start..<end
        }
        let memberIndent = 2 * (indent + 1)
        guard take("{\n"), takeSpaces(memberIndent), take("\"state\" : \""), let state = takeString(endingWith: ","),
            takeSpaces(memberIndent), take("\"value\" : \""), let value = takeString(endingWith: ""),
            takeSpaces(2 * indent), take("}"), at == range.upperBound
        else { return nil }
        return (state, value)
    }

    /// Whether `read` (in `buffer`) is `text` as Swift compares strings.
    static func equal(_ read: ReadText, in buffer: UnsafeBufferPointer<UInt8>, _ text: String) -> Bool {
        switch read {
        case .decoded(let bytes): return bytes.bytes.withUnsafeBufferPointer { equal($0, text) }
        case .bytes(let range): return equal(UnsafeBufferPointer(rebasing: buffer[range]), text)
        }
    }

    /// Whether `bytes` hold `text` as Swift compares strings (canonical equivalence): the same
    /// bytes are, and only where they differ is the text decoded to compare.
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ text: String) -> Bool {
        // A native string's UTF-8 is contiguous: compared at once, not byte by byte through
        // the view's iterator.
        let sameBytes = text.utf8.withContiguousStorageIfAvailable { utf8 in
            CanonicalMembers.same(bytes, 0..<bytes.count, utf8, 0..<utf8.count)
        } ?? bytes.elementsEqual(text.utf8)
        return sameBytes || String(decoding: bytes, as: UTF8.self) == text
    }

    /// A localization read from a copy of its bytes (a few hundred), not from the file's array.
    static func parsedLocalization(_ buffer: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> JSONObject? {
        let copy = Array(UnsafeBufferPointer(rebasing: buffer[range]))
        return RawJSON(source: copy, range: 0..<copy.count, canonicalIndent: localizationIndent).parsed().object
    }

    typealias EntryBytes = (buffer: UnsafeBufferPointer<UInt8>, range: Range<Int>)

    /// A key's records (not a single plain unit's: `judgeSpliced` takes those) set as
    /// `StringAccess.setting` sets them, on the base's localization in the file's language
    /// alone, where the catalog's entry now is the base's in every member, the source language
    /// and that language: the translator's entry, and the catalog's with that localization in
    /// place of its own (the merge's result, as `LocaleMerge.settledFromBytes` finds it). Nil
    /// where anything is otherwise, or a record is refused (then `setting` sets them all).
    static func splicedSetting(_ records: [UnitRecord], ours: EntryBytes, base: EntryBytes, position: Int, source: UTF8Bytes, locale: UTF8Bytes)
        -> (theirs: JSONValue, splice: Splice)?
    {
        guard let places = splicePlaces(ours: ours, base: base, indent: entryIndent, source: source, locale: locale, stringUnitAlone: false) else { return nil }
        let written: [UInt8]
        if let units = settingInBytes(records, base.buffer, places.baseLocalization) {
            written = units
        } else {
            guard var localization = parsedLocalization(base.buffer, places.baseLocalization) else { return nil }
            for record in records {
                guard let set = try? StringAccess.setting(record, inLocalization: localization) else { return nil }
                localization = set
            }
            var writer = XcodeWriter(capacity: 1024)
            writer.write(localization, indent: localizationIndent)
            written = writer.output
        }
        let splice = Splice(position: position, entry: spliced(written, into: ours, at: places.oursLocalization))
        return (spliced(written, into: base, at: places.baseLocalization), splice)
    }

    /// `StringAccess.setting` of each record on the localization `bytes[range]`, in its bytes:
    /// each record's string unit written in place of the one at its form (`formPlace`), the
    /// rest of the localization as it is. Only where each form is there with a string unit and
    /// no variations below it (where `setting` replaces the unit and nothing else) and no two
    /// records set one form; nil otherwise (the localization is decoded and set).
    static func settingInBytes(_ records: [UnitRecord], _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [UInt8]? {
        var places: [(unit: Range<Int>, indent: Int, record: UnitRecord)] = []
        places.reserveCapacity(records.count)
        for record in records {
            guard record.value != nil, let node = formPlace(record.form, in: bytes, range),
                let members = CanonicalMembers(in: bytes, range: node.range, indent: node.indent),
                let unit = members.span(named: Name.stringUnit, in: bytes), members.span(named: Name.variations, in: bytes) == nil
            else { return nil }
            places.append((unit.value, node.indent + 1, record))
        }
        places.sort { $0.unit.lowerBound < $1.unit.lowerBound }
        var writer = XcodeWriter(capacity: range.count + 64 * places.count)
        var copied = range.lowerBound
        for place in places {
            guard place.unit.lowerBound >= copied else { return nil }
            writer.writeBytes(UnsafeBufferPointer(rebasing: bytes[copied..<place.unit.lowerBound]))
            StringAccess.writeStringUnit(state: place.record.state, value: place.record.value!, indent: place.indent, into: &writer)
            copied = place.unit.upperBound
        }
        writer.writeBytes(UnsafeBufferPointer(rebasing: bytes[copied..<range.upperBound]))
        return writer.output
    }

    /// An entry's bytes with `written` in place of those at `range`.
    static func spliced(_ written: [UInt8], into entry: EntryBytes, at range: Range<Int>) -> JSONValue {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(entry.range.count - range.count + written.count)
        bytes += UnsafeBufferPointer(rebasing: entry.buffer[entry.range.lowerBound..<range.lowerBound])
        bytes += written
        bytes += UnsafeBufferPointer(rebasing: entry.buffer[range.upperBound..<entry.range.upperBound])
        return .raw(RawJSON(source: bytes, range: 0..<bytes.count, canonicalIndent: entryIndent))
    }

    /// An entry's indent in a catalog, and its localizations'.
    static let entryIndent = 2, localizationIndent = 4

    /// What `splicePlaces` finds: ours' source localization and the two localizations spliced.
    typealias SplicePlaces = (oursSource: Range<Int>?, oursLocalization: Range<Int>, baseLocalization: Range<Int>)

    /// Where `judgeSpliced` reads and splices: ours' source localization (nil when it has none)
    /// and ours' and the base's localizations in `locale`; nil unless ours' entry is the base's
    /// around its localizations and in `source` and `locale`, and the base's `locale` holds a
    /// string unit alone. Both names are plain (`CanonicalMembers.isPlain`: `apply` splices only
    /// then).
    static func splicePlaces(ours o: EntryBytes, base b: EntryBytes, indent: Int, source: UTF8Bytes, locale: UTF8Bytes, stringUnitAlone: Bool)
        -> SplicePlaces?
    {
        let same = CanonicalMembers.same
        // The entries' members read only as far as `localizations` (their bytes are the
        // writer's: what follows it is compared as bytes).
        guard let oL = CanonicalMembers.span(named: Name.localizations, in: o.buffer, range: o.range, indent: indent) ?? nil,
            let bL = CanonicalMembers.span(named: Name.localizations, in: b.buffer, range: b.range, indent: indent) ?? nil,
            same(o.buffer, o.range.lowerBound..<oL.value.lowerBound, b.buffer, b.range.lowerBound..<bL.value.lowerBound),
            same(o.buffer, oL.value.upperBound..<o.range.upperBound, b.buffer, bL.value.upperBound..<b.range.upperBound),
            // Ours' languages read only as far as the two (most of an entry's are others).
            let oLanguages = CanonicalMembers.spans(named: source, locale, in: o.buffer, range: oL.value, indent: indent + 1),
            let bLanguages = CanonicalMembers.spans(named: source, locale, in: b.buffer, range: bL.value, indent: indent + 1),
            let oTarget = oLanguages.second, let bTarget = bLanguages.second,
            same(o.buffer, oTarget.value, b.buffer, bTarget.value)
        else { return nil }
        if stringUnitAlone {
            guard let inside = CanonicalMembers(in: b.buffer, range: bTarget.value, indent: indent + 2), inside.spans.count == 1,
                inside.span(named: Name.stringUnit, in: b.buffer) != nil
            else { return nil }
        }
        let oSource = oLanguages.first, bSource = bLanguages.first
        switch (oSource, bSource) {
        case (nil, nil): break
        case (let mine?, let exported?) where same(o.buffer, mine.value, b.buffer, exported.value): break
        default: return nil
        }
        return (oSource?.value, oTarget.value, bTarget.value)
    }

    /// The substitution a form passes through: the target language's, else the source's.
    static func substitution(of form: FormPath, in entry: JSONObject, locale: UTF8Bytes, source: UTF8Bytes) -> JSONObject? {
        guard form.steps.contains(where: { if case .substitution = $0 { return true } else { return false } }) else { return nil }
        let localizations = entry[Name.localizations]?.oneLevel.object
        return XLIFFExport.substitution(of: form, in: localizations?[key: locale]?.materialized.object)
            ?? XLIFFExport.substitution(of: form, in: localizations?[key: source]?.materialized.object)
    }
}

/// A catalog's entries as ranges of the one array of bytes its reading keeps them in (in
/// Xcode's layout at the entry indent), by position. The rules on both cores read them through
/// that array's buffer: a copy of an entry's value counts a reference on the array, which every
/// entry shares, and that counting from two cores at once was a good part of the judging.
struct SharedEntryBytes: Sendable {
    let source: [UInt8]
    /// Nil where the entry is not raw in `source`, or not in the layout.
    let ranges: [Range<Int>?]

    init(_ members: [JSONMember]) {
        var source: [UInt8] = []
        var start: UnsafePointer<UInt8>?
        var ranges = [Range<Int>?](repeating: nil, count: members.count)
        for index in members.indices {
            guard case .raw(let raw) = members[index].value, raw.canonicalIndent == XLIFFImport.entryIndent else { continue }
            let address = raw.source.withUnsafeBufferPointer { $0.baseAddress }
            if start == nil {
                start = address
                source = raw.source
            }
            if address == start { ranges[index] = raw.range }
        }
        self.source = source
        self.ranges = ranges
    }

    /// The bytes and the ranges as buffers, for a block of units (each reference counted once).
    typealias Buffers = (source: UnsafeBufferPointer<UInt8>, ranges: UnsafeBufferPointer<Range<Int>?>)

    func withBuffers<R>(_ body: (Buffers) -> R) -> R {
        source.withUnsafeBufferPointer { source in ranges.withUnsafeBufferPointer { ranges in body((source, ranges)) } }
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
    /// The entries' bytes (`SharedEntryBytes`), for splicing plain units.
    var bytes: (current: SharedEntryBytes.Buffers, reference: SharedEntryBytes.Buffers)?
    private var referenceEntries: [Int: JSONObject?] = [:]
    private var exportedTargets: [Int: JSONObject?] = [:]
    private var currentSources: [Int: CurrentSource?] = [:]
    /// The places `XLIFFImport.splicePlaces` found last (`judgeForm`), and in which entries.
    var lastPlaces: (position: Int, basePosition: Int, places: XLIFFImport.SplicePlaces?)?

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

    /// The base's localization in the file's language; of an entry in Xcode's layout only that
    /// language's is decoded (as `currentSource` reads the catalog's).
    mutating func exportedTarget(at position: Int, in entry: JSONObject) -> JSONObject? {
        if let read = exportedTargets[position] { return read }
        let target: JSONObject?
        if case .raw(let raw) = reference.members[position].value, let localization = CanonicalMembers.value(Name.localizations, locale, in: raw) {
            target = localization?.parsed().object
        } else {
            target = entry[Name.localizations]?.oneLevel.object?[key: locale]?.materialized.object
        }
        exportedTargets[position] = .some(target)
        return target
    }

}
