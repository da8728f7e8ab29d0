/// How much a finding matters: one scale for every check, lint rule and merge warning (a
/// `check` diagnostic is an error or a warning; lint has notes too).
public enum Severity: String, Sendable, Comparable, CaseIterable {
    case note, warning, error

    /// Its place in `allCases`.
    public var index: Int {
        switch self {
        case .note: return 0
        case .warning: return 1
        case .error: return 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
