import StringCatalog

extension ThreeWayMerge {
    /// R7 `structure-changed`: a localization (or variation case) that the two sides left in
    /// different shapes (`stringUnit` ⇄ `variations`, plural ⇄ device), after both changed it, is
    /// a conflict that keeps ours. Merging such shapes member by member would build a localization
    /// that is neither.
    ///
    /// Returns nil (no conflict) when both sides have the same shape.
    mutating func detectStructureChange(base: JSONValue?, ours: JSONValue, theirs: JSONValue, at trail: Trail) -> JSONValue?? {
        guard ours.object != nil, theirs.object != nil else { return nil }
        let oursShape = Localization(ours).shape
        let theirsShape = Localization(theirs).shape
        guard oursShape != theirsShape else { return nil }
        return .some(conflict(.structureChanged, at: trail, base: base, ours: ours, theirs: theirs))
    }
}
