import StringCatalog

extension ThreeWayMerge {
    /// R3, for a `stringUnit` both sides changed differently:
    /// - U1 `translation-beats-new`: one side's state is `new` and the other's `translated` or
    ///   `needs_review`: the other side's whole unit.
    /// - U2 `state-precedence`: same value, different states: that value, state `needs_review` if
    ///   either side has it, else `translated` if either has it, else ours.
    /// - U3 `state-precedence`: only one side changed the value: that value, state as in U2.
    /// - U4 `both-modified` (`both-added` without a base): both changed the value differently:
    ///   a conflict; the output keeps ours' value with state `needs_review`, so it shows in Xcode's
    ///   "Needs Review" filter.
    ///
    /// Returns nil when the units are not objects with a string `value`, leaving such malformed
    /// units to the general rules, which merge them member by member and lose nothing.
    mutating func resolveStringUnit(base: JSONValue?, ours: JSONValue, theirs: JSONValue, at trail: Trail) -> JSONValue? {
        guard let oursUnit = ours.object, let theirsUnit = theirs.object,
            oursUnit["value"]?.stringValue != nil, theirsUnit["value"]?.stringValue != nil
        else { return nil }
        let oursState = oursUnit["state"]?.stringValue
        let theirsState = theirsUnit["state"]?.stringValue
        let oursValue = oursUnit["value"]
        let theirsValue = theirsUnit["value"]

        // U1
        if oursState?.equals("new") == true, let theirsState, Self.isTranslatedState(theirsState) {
            autoResolved("translation-beats-new", at: trail, chosen: Side.theirs.rawValue)
            return theirs
        }
        if theirsState?.equals("new") == true, let oursState, Self.isTranslatedState(oursState) {
            autoResolved("translation-beats-new", at: trail, chosen: Side.ours.rawValue)
            return ours
        }
        let state = Self.precedingState(oursState, theirsState)
        // U2
        if oursValue == theirsValue {
            autoResolved("state-precedence", at: trail, chosen: state == oursState ? Side.ours.rawValue : Side.theirs.rawValue)
            return .object(oursUnit.setting("state", state.map(JSONValue.string)))
        }
        // U3
        if let base = base?.object {
            let baseValue = base["value"]
            let oursChanged = oursValue != baseValue
            let theirsChanged = theirsValue != baseValue
            if oursChanged != theirsChanged {
                let source = oursChanged ? oursUnit : theirsUnit
                autoResolved("state-precedence", at: trail, chosen: "combined")
                return .object(source.setting("state", state.map(JSONValue.string)))
            }
        }
        // U4
        let marked = JSONValue.object(oursUnit.setting("state", .string("needs_review")))
        return conflict(
            base == nil ? .bothAdded : .bothModified, at: trail, base: base, ours: ours, theirs: theirs,
            kept: .ours, output: .some(marked))
    }

    static func isTranslatedState(_ state: UTF8Bytes) -> Bool {
        state.equals("translated") || state.equals("needs_review")
    }

    /// `needs_review` over `translated` over anything else; ours when neither is either.
    static func precedingState(_ ours: UTF8Bytes?, _ theirs: UTF8Bytes?) -> UTF8Bytes? {
        if ours?.equals("needs_review") == true || theirs?.equals("needs_review") == true { return "needs_review" }
        if ours?.equals("translated") == true || theirs?.equals("translated") == true { return "translated" }
        return ours
    }
}
