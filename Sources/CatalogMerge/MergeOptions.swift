/// Choices that settle conflicts instead of leaving them.
public struct MergeOptions: Sendable {
    /// Settle every conflict toward this side (still reported).
    public var prefer: Side?
    /// Settle the conflict with this id toward a side.
    public var choices: [String: Side]

    public init(prefer: Side? = nil, choices: [String: Side] = [:]) {
        self.prefer = prefer
        self.choices = choices
    }

    func choice(for id: String) -> Side? {
        choices[id] ?? prefer
    }
}
