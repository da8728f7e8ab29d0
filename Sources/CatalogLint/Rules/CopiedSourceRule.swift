import StringCatalog

/// `copied-source` (warning; off unless a configuration or `--only` turns it on): a translation
/// marked translated that is the source text unchanged, in a locale written in another script
/// than the source language (`Powered by Syncthing` as Japanese, `BIP39 seed phrase` as Arabic):
/// most likely never translated. Off by default, because names and brands are kept on purpose.
/// Text without a letter of the source's script (`%@`, `1.0`, `→`) is never reported.
enum CopiedSourceRule {
    static let rule = LintRule(
        id: "copied-source", severity: .warning,
        summary: "A translation is the source text unchanged, in a language written in another script (off unless turned on).",
        isOffByDefault: true,
        checkString: { string, context in check(string, &context) })

    enum Script: Equatable { case latin, cyrillic, greek, arabic, hebrew, han, kana, hangul, thai, devanagari, other }

    /// The script a language is written in, from its code (a region or script subtag after it
    /// does not change it, but for Serbian and Chinese, whose subtags name it).
    static func script(of locale: UTF8Bytes) -> Script {
        let parts = locale.string.split(whereSeparator: { $0 == "-" || $0 == "_" }).map(String.init)
        let language = parts.first?.lowercased() ?? ""
        if parts.contains("Latn") { return .latin }
        if parts.contains("Cyrl") { return .cyrillic }
        switch language {
        case "ru", "uk", "be", "bg", "mk", "kk", "ky", "tg", "mn": return .cyrillic
        case "sr": return .cyrillic
        case "el": return .greek
        case "ar", "fa", "ur", "ps", "ug": return .arabic
        case "he", "yi": return .hebrew
        case "zh", "yue": return .han
        case "ja": return .kana
        case "ko": return .hangul
        case "th": return .thai
        case "hi", "mr", "ne": return .devanagari
        case "bn", "ta", "te", "kn", "ml", "gu", "pa", "si", "km", "lo", "my", "ka", "hy", "am", "or": return .other
        default: return .latin
        }
    }

    /// Whether `text` holds a letter of `script` (for Latin: A–Z and the Latin letters beyond
    /// ASCII), format specifiers aside.
    static func holdsLetter(of script: Script, in text: String) -> Bool {
        for scalar in FormatString.removingSpecifiers(text).unicodeScalars where scalar.properties.isAlphabetic {
            switch script {
            case .latin: if scalar.value < 0x250 { return true }
            case .cyrillic: if (0x400...0x52F).contains(scalar.value) { return true }
            case .greek: if (0x370...0x3FF).contains(scalar.value) { return true }
            default: return false
            }
        }
        return false
    }

    static func check(_ string: LintedString, _ context: inout RuleContext) {
        guard string.shouldTranslate else { return }
        let sourceScript = script(of: string.sourceLanguage)
        for localization in string.localizations where !localization.isSource {
            let locale = string.locale(of: localization)
            guard script(of: locale) != sourceScript else { continue }
            for index in localization.forms where string.forms[index].state == .translated && !string.forms[index].isEmpty {
                let form = string.forms[index]
                guard let source = string.sourceText(for: form.place), form.value == source, holdsLetter(of: sourceScript, in: source) else { continue }
                context.report(
                    "\(quoted(form.value)) is the source text unchanged, marked translated; a name or brand kept on purpose can be listed under \"ignore\"",
                    key: string.key, locale: locale, at: form.offset)
            }
        }
    }
}
