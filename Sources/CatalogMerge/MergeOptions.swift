import StringCatalog

/// How one conflict is settled: one side's version, or a value given by a person.
public enum Resolution: Sendable, Equatable {
    case take(Side)
    /// A value typed in (nil removes the member).
    case value(JSONValue?)

    /// The word reports use for it.
    public var name: String {
        switch self {
        case .take(let side): return side.rawValue
        case .value: return "edited"
        }
    }
}

/// Choices that settle conflicts instead of leaving them.
public struct MergeOptions: Sendable {
    /// Settle every conflict toward this side (still reported).
    public var prefer: Side?
    /// Settle the conflict with this id.
    public var choices: [String: Resolution]
    /// The catalog's path in its repository, when there is one: conflict ids are unique per
    /// file, so that `resolve --take-id` names one conflict among all the conflicted catalogs.
    public var file: String?

    public init(prefer: Side? = nil, choices: [String: Resolution] = [:], file: String? = nil) {
        self.prefer = prefer
        self.choices = choices
        self.file = file
    }

    func choice(for id: String) -> Resolution? {
        choices[id] ?? prefer.map(Resolution.take)
    }
}
