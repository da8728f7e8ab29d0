import StringCatalog

/// `normalization-twins` (warning): two keys are the same text after Unicode normalization (NFC)
/// but differ in bytes (`é` as one character and as `e` plus a combining accent). Xcode keeps
/// both; Swift's `String` treats them as equal, so the app finds one or the other.
enum NormalizationTwinsRule {
    static let rule = LintRule(
        id: "normalization-twins", severity: .warning,
        summary: "Two keys are equal after Unicode normalization but differ in bytes.",
        checkCatalog: { strings, _, context in check(strings, &context) })

    static func check(_ strings: [StringSummary], _ context: inout RuleContext) {
        // Swift's String equality and hashing are canonical equivalence. The hashes were worked
        // out in parallel; texts are compared only where two hashes are equal.
        var first: [Int: [Int]] = [:]
        for (index, string) in strings.enumerated() {
            let earlier = first[string.keyTextHash, default: []]
            if earlier.isEmpty {
                first[string.keyTextHash] = [index]
                continue
            }
            let text = string.key.string
            if let twin = earlier.first(where: { strings[$0].key.string == text }).map({ strings[$0].key }) {
                context.report(
                    "the key \(quoted(text)) (\(string.key.bytes.count) bytes) and its twin (\(twin.bytes.count) bytes) are the same text after Unicode normalization; keep one",
                    key: string.key, locale: nil, at: string.keyOffset)
            } else {
                first[string.keyTextHash, default: []].append(index)
            }
        }
    }
}
