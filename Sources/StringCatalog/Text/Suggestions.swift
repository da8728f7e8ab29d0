/// "Did you mean …?" for a mistyped command, option or key: the candidates nearest by edit
/// distance (Levenshtein over characters), and only those near enough to be what was meant.
public enum Suggestions {
    /// The edit distance between two texts, in `O(a × b)` time and `O(b)` space; texts longer
    /// than 200 characters are compared by their first 200 (a name, not a catalog's value).
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.prefix(200)), b = Array(b.prefix(200))
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous = Array(0...b.count)
        var current = Array(repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            swap(&previous, &current)
        }
        return previous[b.count]
    }

    /// Up to `limit` candidates within a third of the text's length (at least 2 edits, case
    /// aside), nearest first: `reslove` → `resolve`, `--outptu` → `--output`.
    /// A candidate the text begins (at least three characters, dashes aside) counts as near
    /// whatever the distance: `--exit` → `--exit-code`, `--stag` → `--staged`.
    public static func nearest(to text: String, among candidates: [String], limit: Int = 3) -> [String] {
        let allowed = max(2, text.count / 3)
        let lowered = text.lowercased()
        let beginsAWord = lowered.drop { $0 == "-" }.count >= 3
        let length = lowered.count
        return candidates.map { candidate -> (String, Int) in
            let other = candidate.lowercased()
            let isPrefix = beginsAWord && other.hasPrefix(lowered) && other != lowered
            if isPrefix { return (candidate, 1) }
            // The distance is at least the difference in length: most keys of a catalog are
            // passed over without comparing them.
            if abs(other.count - length) > allowed { return (candidate, Int.max) }
            return (candidate, distance(lowered, other))
        }
            .filter { $0.1 <= allowed }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }
            .prefix(limit).map(\.0)
    }

    /// `; did you mean 'resolve'?` (or `'a' or 'b'`), or nothing.
    public static func didYouMean(_ text: String, among candidates: [String], quote: String = "'") -> String {
        let found = nearest(to: text, among: candidates)
        guard !found.isEmpty else { return "" }
        return "; did you mean " + found.map { quote + $0 + quote }.joined(separator: " or ") + "?"
    }
}
