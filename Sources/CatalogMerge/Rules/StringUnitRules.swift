import StringCatalog

extension ThreeWayMerge {
    /// U1–U3, for a `stringUnit` both sides changed differently:
    /// - U1 `translation-beats-new`: one side's state is `new` with the base's value (an untouched
    ///   placeholder, or a unit both sides added) and the other's `translated` or `needs_review`:
    ///   the other side's whole unit. When the `new` side changed the value too, both sides
    ///   changed it: U3.
    /// - U2 `state-precedence`: the same value with different states, or a value only one side
    ///   changed: that value, state `needs_review` if either side has it, else `translated` if
    ///   either has it, else ours.
    /// - U3 `unit-value-both-modified` (a `both-modified` conflict, `both-added` without a base):
    ///   both changed the value differently:
    ///   a conflict; the output keeps ours' value with state `needs_review`, so it shows in Xcode's
    ///   "Needs Review" filter.
    ///
    /// Each rule settles `value` and `state` only: every other member of the unit (one a later
    /// Xcode may write) merges by R0/R1 as any node does, so that a member one side added is
    /// never lost with the other side's unit.
    ///
    /// Returns nil when the units are not objects with a string `value`, leaving such malformed
    /// units to the general rules, which merge them member by member and lose nothing; `.some(nil)`
    /// when a choice removes the unit (the base's version of a unit both sides added).
    mutating func resolveStringUnit(base: JSONValue?, ours: JSONValue, theirs: JSONValue, at trail: Trail) -> JSONValue?? {
        guard let oursUnit = ours.object, let theirsUnit = theirs.object,
            oursUnit[Name.value]?.stringValue != nil, theirsUnit[Name.value]?.stringValue != nil
        else { return nil }
        let oursState = oursUnit[Name.state]?.stringValue
        let theirsState = theirsUnit[Name.state]?.stringValue
        let oursValue = oursUnit[Name.value]
        let theirsValue = theirsUnit[Name.value]

        let baseUnit = base?.object
        /// `value` and `state` as the rule chose them, the other members merged.
        func unit(value: JSONValue?, state: JSONValue?) -> JSONValue {
            combinedUnit(value: value, state: state, base: baseUnit, ours: oursUnit, theirs: theirsUnit, at: trail)
        }
        let baseValue = baseUnit?[Name.value]
        /// Whether a `new` side's value is the placeholder it started from.
        func isUntouchedPlaceholder(_ value: JSONValue?) -> Bool { baseUnit == nil || value == baseValue }
        // U1
        if oursState?.equals(UnitState.new.name) == true, let theirsState, Self.isTranslatedState(theirsState) {
            if isUntouchedPlaceholder(oursValue) {
                autoResolved(MergeRules.translationBeatsNew, at: trail, chosen: Side.theirs.rawValue, discarding: .some(ours))
                return unit(value: theirsValue, state: theirsUnit[Name.state])
            }
            return bothModified(base: base, ours: ours, theirs: theirs, at: trail, marked: unit(value: oursValue, state: UnitState.needsReview.json))
        }
        if theirsState?.equals(UnitState.new.name) == true, let oursState, Self.isTranslatedState(oursState) {
            if isUntouchedPlaceholder(theirsValue) {
                autoResolved(MergeRules.translationBeatsNew, at: trail, chosen: Side.ours.rawValue, discarding: .some(theirs))
                return unit(value: oursValue, state: oursUnit[Name.state])
            }
            return bothModified(base: base, ours: ours, theirs: theirs, at: trail, marked: unit(value: oursValue, state: UnitState.needsReview.json))
        }
        let state = Self.precedingState(oursState, theirsState)
        // U2, the same value
        if oursValue == theirsValue {
            let chosen: Side = state == oursState ? .ours : .theirs
            autoResolved(MergeRules.statePrecedence, at: trail, chosen: chosen.rawValue, discarding: .some(chosen == .ours ? theirs : ours))
            return unit(value: oursValue, state: state.map(JSONValue.string))
        }
        // U2, a value only one side changed
        if baseUnit != nil {
            let oursChanged = oursValue != baseValue
            let theirsChanged = theirsValue != baseValue
            if oursChanged != theirsChanged {
                autoResolved(MergeRules.statePrecedence, at: trail, chosen: "combined")
                return unit(value: oursChanged ? oursValue : theirsValue, state: state.map(JSONValue.string))
            }
        }
        return bothModified(base: base, ours: ours, theirs: theirs, at: trail, marked: unit(value: oursValue, state: UnitState.needsReview.json))
    }

    /// R8 for a unit or string set the rules above leave to the general ones (malformed on a
    /// side): when one side removed a member that holds the node's meaning (`state`, `value` or
    /// `values`) and the other side changed the node too, a member-by-member merge would apply
    /// that removal and could leave the node with none of them (each side renaming another: the
    /// set keeps neither `state` nor `values`). Both changed the node: a `both-modified` conflict
    /// that keeps ours whole (theirs in the report). Nil when no such member was removed.
    mutating func detectLostContentMember(
        _ content: [StaticString], base: JSONValue?, ours: JSONValue, theirs: JSONValue, at trail: Trail
    ) -> JSONValue?? {
        guard let baseNode = base?.object, let oursNode = ours.object, let theirsNode = theirs.object else { return nil }
        let removed = content.contains { name in
            let key = UTF8Bytes(name)
            return baseNode[key: key] != nil && (oursNode[key: key] == nil) != (theirsNode[key: key] == nil)
        }
        guard removed else { return nil }
        return .some(conflict(.bothModified, at: trail, base: base, ours: ours, theirs: theirs))
    }

    /// U3: a conflict whose output keeps ours' value, marked `needs_review` (`marked`).
    mutating func bothModified(base: JSONValue?, ours: JSONValue, theirs: JSONValue, at trail: Trail, marked: JSONValue) -> JSONValue?? {
        return .some(conflict(
            base == nil ? .bothAdded : .bothModified, at: trail, base: base, ours: ours, theirs: theirs,
            kept: .ours, output: .some(marked)))
    }

    /// A unit with `value` and `state` as given and each other member of the three merged as
    /// any node is (R0, then the general rules).
    mutating func combinedUnit(
        value: JSONValue?, state: JSONValue?, base: JSONObject?, ours: JSONObject, theirs: JSONObject, at trail: Trail
    ) -> JSONValue {
        let names = Self.memberNames(base, ours, theirs).filter { !$0.equals(Name.value) && !$0.equals(Name.state) }
        var unit = ours
        unit[Name.state] = state
        unit[Name.value] = value
        for name in names {
            unit[key: name] = merge(base?[key: name], ours[key: name], theirs[key: name], kind: .generic, at: trail.child(name, of: .stringUnit))
        }
        return .object(unit)
    }

    /// The member names of three versions of an object, each once: ours', theirs', the base's.
    static func memberNames(_ base: JSONObject?, _ ours: JSONObject, _ theirs: JSONObject) -> [UTF8Bytes] {
        var names: [UTF8Bytes] = []
        var seen: Set<UTF8Bytes> = []
        for side in [ours, theirs, base ?? JSONObject()] {
            for key in side.keys where seen.insert(key).inserted { names.append(key) }
        }
        return names
    }

    static func isTranslatedState(_ state: UTF8Bytes) -> Bool {
        state.equals(UnitState.translated.name) || state.equals(UnitState.needsReview.name)
    }

    /// `needs_review` over `translated` over anything else; ours when neither is either, theirs
    /// when ours has none (a state is never dropped for the lack of one).
    static func precedingState(_ ours: UTF8Bytes?, _ theirs: UTF8Bytes?) -> UTF8Bytes? {
        if ours?.equals(UnitState.needsReview.name) == true || theirs?.equals(UnitState.needsReview.name) == true { return UTF8Bytes(UnitState.needsReview.name) }
        if ours?.equals(UnitState.translated.name) == true || theirs?.equals(UnitState.translated.name) == true { return UTF8Bytes(UnitState.translated.name) }
        return ours ?? theirs
    }
}
