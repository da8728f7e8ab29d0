/// The plural categories a language needs, from the plural rules of Apple's Foundation ICU (see
/// `Scripts/generate-plural-rules.swift`).
public enum PluralCategories {
    /// The categories `locale` (a catalog's locale code: `ru`, `pt-BR`, `zh-Hans`) needs; for a
    /// locale CLDR does not know, `other` alone.
    public static func required(for locale: String) -> [String] {
        var candidate = locale.replacingOccurrences(of: "-", with: "_")
        while true {
            if let found = requiredByLocale[candidate] { return found }
            guard let underscore = candidate.lastIndex(of: "_") else { return ["other"] }
            candidate = String(candidate[..<underscore])
        }
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: Character, with replacement: Character) -> String {
        String(map { $0 == target ? replacement : $0 })
    }
}
