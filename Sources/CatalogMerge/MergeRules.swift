import StringCatalog

/// The catalog's member names, each spelled once in `CatalogSchema`.
typealias Name = CatalogSchema.Name

/// The merge's rules, named once. `MergeRuleTests` holds the README's table, the fixture
/// folders and the ids the merge writes to this list.
public struct MergeRule: Sendable {
    /// What the README's table and the fixtures' READMEs call it (`R10`).
    public let number: String
    /// Its name (`renamed-key`): its fixture folders are `Fixtures/merge/<id>` and
    /// `<id>--<case>` (`<id>--not-<case>` for a look-alike it must leave alone), and a difference
    /// it settles on its own is reported under it (`autoResolved[].rule`).
    public let id: String
    /// Whether it settles differences on its own, reported under its id; the others end in a
    /// conflict, reported by the conflict's kind (`both-modified`, `deleted-modified`, …).
    public let settlesAlone: Bool
    public let statement: String

    init(number: String, id: String, settlesAlone: Bool = true, statement: String) {
        self.number = number
        self.id = id
        self.settlesAlone = settlesAlone
        self.statement = statement
    }
}

public enum MergeRules {
    public static let unchangedSide = MergeRule(number: "R0", id: "unchanged-side", settlesAlone: false, statement: "Both sides equal, or one side equals the base: that value.")
    public static let memberByMember = MergeRule(number: "R1", id: "member-by-member", settlesAlone: false, statement: "Objects are merged member by member; other values added on both sides differently conflict (both-added).")
    public static let deletedOneSide = MergeRule(number: "R2", id: "deleted-one-side", settlesAlone: false, statement: "Deleted on one side: deleted if the other left it unchanged, else a deleted-modified conflict keeping the changed version.")
    public static let derivedChangeVsDelete = MergeRule(number: "D1", id: "derived-change-vs-delete", statement: "An entry deleted while the other side changed only what Xcode derives (extractionState, a generated comment): deleted.")
    public static let removalVsDelete = MergeRule(number: "D2", id: "removal-vs-delete", statement: "Deleted on one side while the other only removed from it (languages, forms, fields; at entry level D1's derived fields too): deleted.")
    public static let translationBeatsNew = MergeRule(number: "U1", id: "translation-beats-new", statement: "A string unit new with the base's value on one side, translated on the other: the translated unit.")
    public static let statePrecedence = MergeRule(number: "U2", id: "state-precedence", statement: "The same value with different states, or a value only one side changed: that value; the state needs_review, else translated, else ours.")
    public static let unitValueBothModified = MergeRule(number: "U3", id: "unit-value-both-modified", settlesAlone: false, statement: "Both sides changed a unit's value differently: a both-modified conflict, ours kept marked needs_review.")
    public static let extractionState = MergeRule(number: "R4", id: "extraction-state", statement: "extractionState: manual wins, anything beats stale, else ours.")
    public static let autoComment = MergeRule(number: "R5", id: "auto-comment", statement: "Comments: a manual one beats a generated one; two manual ones conflict.")
    public static let version = MergeRule(number: "R6", id: "version", statement: "version: the higher; sourceLanguage changed differently: a conflict.")
    public static let structureChanged = MergeRule(number: "R7", id: "structure-changed", settlesAlone: false, statement: "One side changed a localization's shape: a structure-changed conflict, ours kept.")
    public static let bothModified = MergeRule(number: "R8", id: "both-modified", settlesAlone: false, statement: "Any other value both sides changed differently: a both-modified conflict, ours kept.")
    public static let renamedKey = MergeRule(number: "R10", id: "renamed-key", statement: "A key one side renamed while the other changed it: the changes merged under the new key.")
    public static let phrasesAdded = MergeRule(number: "R11", id: "phrases-added", statement: "App Shortcut phrases added on both sides: the base's, then ours', then theirs'.")

    /// Every rule, in the order of the README's table.
    public static let all: [MergeRule] = [
        unchangedSide, memberByMember, deletedOneSide, derivedChangeVsDelete, removalVsDelete, translationBeatsNew, statePrecedence, unitValueBothModified, extractionState, autoComment, version, structureChanged, bothModified, renamedKey, phrasesAdded,
    ]

    /// The rule numbered `number`.
    public static func numbered(_ number: String) -> MergeRule? { all.first { $0.number == number } }

    /// The rule named `id`.
    public static func named(_ id: String) -> MergeRule? { all.first { $0.id == id } }
}
