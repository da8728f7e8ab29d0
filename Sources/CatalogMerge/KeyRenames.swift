import StringCatalog

/// The keys one version of a catalog renamed from another, paired as the merge's R10 pairs them
/// (`RenamePlan.renames`): a key gone and a key new whose translations other than the source
/// language's are the same, the pairing unique both ways. For a diff, which shows a rename as
/// one change rather than a deletion and an addition.
public enum KeyRenames {
    /// Old key → new key, for the `strings` of two versions.
    public static func between(old: JSONObject, new: JSONObject, sourceLanguage: UTF8Bytes?) -> [UTF8Bytes: UTF8Bytes] {
        var oldIndex = MemberIndex(old)
        var newIndex = MemberIndex(new)
        // No other side: every deleted key is a candidate.
        var none = MemberIndex(JSONObject())
        return RenamePlan.renames(base: &oldIndex, side: &newIndex, other: &none, sourceLanguage: sourceLanguage)
    }
}
