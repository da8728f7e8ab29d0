import StringCatalog

/// `placeholder-name-mismatch` (warning): a translation names an argument otherwise than the
/// source does (`%1$(total)lld` where the source has `%1$(count)lld`), or names one the source
/// leaves unnamed. Xcode 26 takes the labels of a generated symbol's arguments from the source
/// text's names, so the translation's name changes nothing the app does; it only misleads the
/// next person who reads it. Arguments still match by position and class (`placeholder-mismatch`).
enum PlaceholderNameRule {
    static let rule = LintRule(
        id: "placeholder-name-mismatch", severity: .warning,
        summary: "A translation names a placeholder otherwise than the source text does.",
        checkString: { string, context in check(string, &context) })

    static func check(_ string: LintedString, _ context: inout RuleContext) {
        guard string.shouldTranslate, string.appArguments != nil else { return }
        // Only a string some text of which names a placeholder can have a name to differ.
        guard string.forms.contains(where: { $0.text.mayHoldPercent && $0.text.holds(UInt8(ascii: "(")) }) else { return }
        // The source's names by position: the key's when it holds the format, else the source
        // text's (every form; the first name written for a position counts).
        var sourceNames: [Int: String] = [:]
        if string.keyPassesArguments {
            for specifier in FormatString.specifiers(in: string.key.string) where sourceNames[specifier.position] == nil {
                if let name = specifier.name { sourceNames[specifier.position] = name }
            }
        } else if let source = string.source {
            for index in source.forms {
                let form = string.forms[index]
                for specifier in FormatString.specifiers(in: PlaceholderRules.text(of: form, in: string), firstArgument: string.firstArgument(of: form, in: source))
                where sourceNames[specifier.position] == nil {
                    if let name = specifier.name { sourceNames[specifier.position] = name }
                }
            }
        }
        for localization in string.localizations where !localization.isSource {
            for index in localization.forms where string.forms[index].text.mayHoldPercent && string.forms[index].text.holds(UInt8(ascii: "(")) {
                let form = string.forms[index]
                let specifiers = FormatString.specifiers(
                    in: PlaceholderRules.text(of: form, in: string), firstArgument: string.firstArgument(of: form, in: localization))
                var reported = Set<Int>()
                for specifier in specifiers {
                    guard let name = specifier.name, name != sourceNames[specifier.position], reported.insert(specifier.position).inserted else { continue }
                    let expected = sourceNames[specifier.position].map { "the source names it \"\($0)\"" } ?? "the source gives it no name"
                    context.report(
                        "\(quoted(form.value)) names argument \(specifier.position) \"\(name)\"; \(expected), which is the label the generated symbol takes",
                        key: string.key, locale: string.locale(of: localization), at: form.offset)
                }
            }
        }
    }
}
