import StringCatalog

/// `normalization-twins` (warning): two keys are the same text after Unicode normalization (NFC)
/// but differ in bytes (`é` as one character and as `e` plus a combining accent). Xcode keeps
/// both; Swift's `String` treats them as equal, so the app finds one or the other.
enum NormalizationTwinsRule {
    static let rule = LintRule(
        id: "normalization-twins", severity: .warning,
        summary: "Two keys are equal after Unicode normalization but differ in bytes.",
        checkCatalog: { strings, _, context in check(strings, &context) })

    /// The characters above ASCII whose canonical decomposition is ASCII (KELVIN SIGN is K,
    /// GREEK QUESTION MARK is a semicolon, GREEK VARIA is a grave accent); a test checks every
    /// Unicode scalar against Foundation's decomposition.
    static let asciiSingletons: [UInt32: UInt8] = [0x212A: UInt8(ascii: "K"), 0x037E: UInt8(ascii: ";"), 0x1FEF: UInt8(ascii: "`")]

    /// The ASCII text `key` normalizes to, when it does: when every scalar is ASCII or one of
    /// `asciiSingletons` (any other scalar keeps something above ASCII in every normal form, as
    /// no composition gives an ASCII character).
    static func asciiText(of key: UTF8Bytes) -> [UInt8]? {
        var text: [UInt8] = []
        for scalar in key.string.unicodeScalars {
            if scalar.isASCII {
                text.append(UInt8(scalar.value))
            } else if let ascii = asciiSingletons[scalar.value] {
                text.append(ascii)
            } else {
                return nil
            }
        }
        return text
    }

    static func check(_ strings: [StringSummary], _ context: inout RuleContext) {
        // Swift's String equality and hashing are canonical equivalence. The hashes of keys
        // above ASCII were worked out in parallel; an ASCII key can only be the twin of one
        // that normalizes to its text, so the others are passed over. Texts are compared only
        // where two hashes are equal.
        let asciiTexts = Set(strings.compactMap(\.asciiText))
        var first: [Int: [Int]] = [:]
        for (index, string) in strings.enumerated() {
            let hash: Int
            if let known = string.keyTextHash {
                hash = known
            } else {
                guard !asciiTexts.isEmpty, asciiTexts.contains(Array(string.key.bytes)) else { continue }
                hash = string.key.string.hashValue
            }
            let earlier = first[hash, default: []]
            if earlier.isEmpty {
                first[hash] = [index]
                continue
            }
            let text = string.key.string
            if let twin = earlier.first(where: { strings[$0].key.string == text }).map({ strings[$0].key }) {
                context.report(
                    "this key (\(string.key.bytes.count) bytes) and its twin (\(twin.bytes.count) bytes) are the same text after Unicode normalization; keep one",
                    key: string.key, locale: nil, at: string.keyOffset)
            } else {
                first[hash, default: []].append(index)
            }
        }
    }
}
