import CatalogMerge
import StringCatalog

/// The catalog's member names, each spelled once in `CatalogSchema`.
typealias Name = CatalogSchema.Name

/// Proof that a merge lost nothing: every string-unit value and App Shortcut phrase (in any
/// state, `new` too) that ours or theirs changed from the base is in the output at the same place
/// (under its new key when the merge followed a rename), or in the report: named by a conflict,
/// or held whole as what an auto-resolution discarded; and every key that both sides have is in
/// the output.
public enum LossCheck {
    /// Everything `missingTranslations` and `missingKeys` find.
    public static func problems(base: Catalog, ours: Catalog, theirs: Catalog, merged: Catalog, report: MergeReport) -> [String] {
        missingTranslations(base: base, ours: ours, theirs: theirs, merged: merged, report: report)
            + missingKeys(ours: ours, theirs: theirs, merged: merged).map { "key \"\($0)\" present on both sides is missing" }
            + missingMeaningMembers(base: base, ours: ours, theirs: theirs, merged: merged, report: report)
    }

    /// Places where a string unit's or set's `state`, `value` or `values`, which the base has
    /// there and a side that changed the node kept, is gone from the output's node though the node
    /// is still there and no conflict names it (each side renaming one member once left a set with
    /// neither). A side that left the node as the base had it lets the other side's removal stand.
    public static func missingMeaningMembers(base: Catalog, ours: Catalog, theirs: Catalog, merged: Catalog, report: MergeReport) -> [String] {
        // Named by a conflict, or held whole as what an auto-resolution dropped.
        let reported = report.conflicts.map(\.location) + report.autoResolved.filter { $0.discarded != nil }.map(\.location)
        let baseNodes = meaningMembers(base), oursNodes = meaningMembers(ours), theirsNodes = meaningMembers(theirs)
        var missing: [String] = []
        for (place, node) in meaningMembers(merged) {
            guard let inBase = baseNodes[place] else { continue }
            var onASide = Set<String>()
            for side in [oursNodes[place], theirsNodes[place]] {
                if let side, side.node != inBase.node { onASide.formUnion(side.members) }
            }
            let lost = inBase.members.intersection(onASide).subtracting(node.members)
            if !lost.isEmpty && !reported.contains(where: { place.isInside($0) }) {
                missing.append(place.description + " lost " + lost.sorted().joined(separator: ", "))
            }
        }
        return missing
    }

    /// The meaning members each string unit and set has, by where the node is.
    static func meaningMembers(_ catalog: Catalog) -> [Place: (node: JSONValue, members: Set<String>)] {
        var result: [Place: (node: JSONValue, members: Set<String>)] = [:]
        func walk(_ value: JSONValue, key: UTF8Bytes, path: [UTF8Bytes]) {
            guard let object = value.object else { return }
            for member in object.members {
                if member.key.equals(Name.stringUnit) || member.key.equals(Name.stringSet), let node = member.value.object {
                    let kind: CatalogSchema.Node = member.key.equals(Name.stringUnit) ? .stringUnit : .stringSet
                    let names = CatalogSchema.contentMembers(of: kind).filter { node[$0] != nil }.map(\.description)
                    result[Place(key: key, path: path + [member.key])] = (member.value, Set(names))
                }
                walk(member.value, key: key, path: path + [member.key])
            }
        }
        for entry in catalog.strings.members { walk(entry.value, key: entry.key, path: []) }
        return result
    }

    /// Keys present in ours and in theirs (so deleted by neither) that the output lacks.
    public static func missingKeys(ours: Catalog, theirs: Catalog, merged: Catalog) -> [UTF8Bytes] {
        let theirsKeys = Set(theirs.strings.keys)
        let mergedKeys = Set(merged.strings.keys)
        return ours.strings.keys.filter { theirsKeys.contains($0) && !mergedKeys.contains($0) }
    }

    /// Places (`KEY [LOCALE] path`) whose changed value is neither in the output nor reported.
    public static func missingTranslations(
        base: Catalog, ours: Catalog, theirs: Catalog, merged: Catalog, report: MergeReport
    ) -> [String] {
        let baseUnits = units(base, includingNew: true)
        // In the output a text counts in any state: a merge may keep the other side's state
        // (`new`, by U2's state precedence) beside this side's text, and that loses no text.
        let mergedUnits = units(merged, includingNew: true)
        let reported = report.conflicts.map(\.location)
        // What an auto-resolution dropped, by place: the report holds it whole.
        var discarded: [Place: [UTF8Bytes]] = [:]
        for resolution in report.autoResolved {
            guard let key = resolution.location.key, let dropped = resolution.discarded, let dropped else { continue }
            var path: [UTF8Bytes] = []
            if let locale = resolution.location.locale { path = [UTF8Bytes(Name.localizations), locale] }
            path += resolution.location.path
            for (inside, text) in units(of: dropped, key: key, path: path) { discarded[inside, default: []].append(text) }
        }
        // A key the merge followed to its new name (R10) carries its translations there.
        var renamedTo: [UTF8Bytes: UTF8Bytes] = [:]
        var renamedFrom: [UTF8Bytes: UTF8Bytes] = [:]
        for resolution in report.autoResolved where resolution.rule == MergeRules.renamedKey.id {
            if let from = resolution.from, let to = resolution.location.key {
                renamedTo[from] = to
                renamedFrom[to] = from
            }
        }
        var missing: [String] = []
        for side in [ours, theirs] {
            for (place, value) in units(side, includingNew: true) {
                // A renamed entry's units compare with the base entry's under the old key.
                var basePlace = place
                if let oldKey = renamedFrom[place.key] { basePlace.key = oldKey }
                let baseValue = baseUnits[basePlace]
                if baseValue == value { continue }
                var target = place
                if let newKey = renamedTo[place.key] { target.key = newKey }
                if mergedUnits[target] == value { continue }
                if reported.contains(where: { target.isInside($0) }) { continue }
                if discarded[target]?.contains(value) == true { continue }
                missing.append(place.description)
            }
        }
        return missing
    }

    struct Place: Hashable {
        var key: UTF8Bytes
        var path: [UTF8Bytes]

        var description: String { "\"\(key)\" " + path.map(\.string).joined(separator: ".") }

        /// True when this place is at or below a reported location, or is the string unit one of
        /// whose members the location names (its `value`, or its `state` when both sides added the
        /// unit): the unit is then in the report.
        func isInside(_ location: MergeLocation) -> Bool {
            guard location.key == key else { return location.key == nil && location.path.isEmpty }
            var prefix: [UTF8Bytes] = []
            if let locale = location.locale { prefix = [UTF8Bytes(Name.localizations), locale] }
            prefix += location.path
            if prefix.count == path.count + 1 && prefix.starts(with: path) { return true }
            return path.starts(with: prefix)
        }
    }

    /// Every string unit's value, by where it is; units in state `new` only with `includingNew`.
    static func units(_ catalog: Catalog, includingNew: Bool = false) -> [Place: UTF8Bytes] {
        var result: [Place: UTF8Bytes] = [:]
        for entry in catalog.strings.members { collectUnits(in: entry.value, key: entry.key, path: [], includingNew: includingNew, into: &result) }
        return result
    }

    /// The unit values and App Shortcut phrases below `value`, the node at `path` of the entry `key`.
    static func collectUnits(
        in value: JSONValue, key: UTF8Bytes, path: [UTF8Bytes], includingNew: Bool, into result: inout [Place: UTF8Bytes]
    ) {
        guard let object = value.object else { return }
        for member in object.members {
            if member.key.equals(Name.stringUnit), let unit = member.value.object, let text = unit[Name.value]?.stringValue,
                includingNew || unit[Name.state]?.stringValue?.equals(UnitState.new.name) != true
            {
                // A unit in state "new" holds no translation yet (U1 may replace it).
                result[Place(key: key, path: path + [member.key])] = text
            }
            // An App Shortcut's phrases: each one a value of its own, placed below `values` so that
            // a conflict or decision about the whole list covers each of them.
            if member.key.equals(Name.stringSet), let set = member.value.object, case .array(let values)? = set[Name.values]?.materialized,
                includingNew || set[Name.state]?.stringValue?.equals(UnitState.new.name) != true
            {
                for phrase in values.compactMap(\.stringValue) {
                    result[Place(key: key, path: path + [member.key, UTF8Bytes(Name.values), phrase])] = phrase
                }
                continue
            }
            collectUnits(in: member.value, key: key, path: path + [member.key], includingNew: includingNew, into: &result)
        }
    }

    /// The unit values in `value`, a node at `path` of the entry `key` (a unit itself, or what
    /// holds units).
    static func units(of value: JSONValue, key: UTF8Bytes, path: [UTF8Bytes]) -> [Place: UTF8Bytes] {
        var found: [Place: UTF8Bytes] = [:]
        // A unit itself: its value is the place's.
        if let object = value.object, object[Name.state] != nil || object[Name.value] != nil, let text = object[Name.value]?.stringValue {
            found[Place(key: key, path: path)] = text
        }
        // A set's phrase list itself: each phrase is placed below it.
        if path.last?.equals(Name.values) == true, case .array(let phrases) = value.materialized {
            for phrase in phrases.compactMap(\.stringValue) { found[Place(key: key, path: path + [phrase])] = phrase }
        }
        collectUnits(in: value, key: key, path: path, includingNew: true, into: &found)
        return found
    }
}
