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
        // Swift's String equality and hashing are canonical equivalence.
        var first: [String: UTF8Bytes] = [:]
        for string in strings {
            let text = string.key.string
            if let twin = first[text] {
                context.report(
                    "the key \(quoted(text)) (\(string.key.bytes.count) bytes) and its twin (\(twin.bytes.count) bytes) are the same text after Unicode normalization; keep one",
                    key: string.key, locale: nil, at: string.keyOffset)
            } else {
                first[text] = string.key
            }
        }
    }
}
