/// The merge's rules, named once: the number the README's table and the fixtures' READMEs use,
/// the id a decision carries in the report (`autoResolved[].rule`) when the rule settles
/// something on its own, and what the rule says. `MergeRuleTests` holds the README's table, the
/// fixture folders and the ids the merge writes to this list.
public struct MergeRule: Sendable {
    public let number: String
    public let id: String?
    public let statement: String
}

public enum MergeRules {
    public static let all: [MergeRule] = [
        MergeRule(number: "R0", id: nil, statement: "Both sides equal, or one side equals the base: that value."),
        MergeRule(number: "R1", id: nil, statement: "Objects are merged member by member; other values added on both sides differently conflict (both-added)."),
        MergeRule(number: "R2", id: nil, statement: "Deleted on one side: deleted if the other left it unchanged, else a deleted-modified conflict keeping the changed version."),
        MergeRule(number: "D1", id: "derived-change-vs-delete", statement: "An entry deleted while the other side changed only what Xcode derives (extractionState, a generated comment): deleted."),
        MergeRule(number: "U1", id: "translation-beats-new", statement: "A string unit new with the base's value on one side, translated on the other: the translated unit."),
        MergeRule(number: "U2", id: "state-precedence", statement: "The same value with different states: needs_review, else translated, else ours."),
        MergeRule(number: "U3", id: "state-precedence", statement: "Only one side changed the value: that value, the state as in U2."),
        MergeRule(number: "U4", id: nil, statement: "Both sides changed a unit's value differently: a both-modified conflict, ours kept marked needs_review."),
        MergeRule(number: "R4", id: "extraction-state", statement: "extractionState: manual wins, anything beats stale, else ours."),
        MergeRule(number: "R5", id: "auto-comment", statement: "Comments: a manual one beats a generated one; two manual ones conflict."),
        MergeRule(number: "R6", id: "version", statement: "version: the higher; sourceLanguage changed differently: a conflict."),
        MergeRule(number: "R7", id: nil, statement: "One side changed a localization's shape: a structure-changed conflict, ours kept."),
        MergeRule(number: "R8", id: nil, statement: "Any other value both sides changed differently: a both-modified conflict, ours kept."),
        MergeRule(number: "R10", id: "renamed-key", statement: "A key one side renamed while the other changed it: the changes merged under the new key."),
        MergeRule(number: "R11", id: "phrases-added", statement: "App Shortcut phrases added on both sides: the base's, then ours', then theirs'."),
    ]

    /// The rule numbered `number`.
    public static func numbered(_ number: String) -> MergeRule? { all.first { $0.number == number } }
}
