import StringCatalog

/// `source-format` (error): the format the app passes its arguments to (the key when it holds a
/// specifier, else the source text with its variations and substitutions) reads one argument as
/// two classes (`%1$lld … %1$@`) or skips a position (`%2$@ %3$@` with no argument 1). Either
/// reads the arguments wrongly in every language: a crash or garbage.
enum SourceFormatRule {
    static let rule = LintRule(
        id: "source-format", severity: .error,
        summary: "The source format reads one argument as two classes, or skips a position: wrong in every language.",
        checkString: { string, context in check(string, &context) })

    static func check(_ string: LintedString, _ context: inout RuleContext) {
        guard string.shouldTranslate, string.appArguments != nil else { return }
        // Every conversion of the format, with the substitutions' declared arguments.
        var reads: [Int: [ArgumentClass]] = [:]
        var offset = string.keyOffset
        var locale: UTF8Bytes?
        func add(_ specifiers: [FormatSpecifier], substitutions: [String: Substitution]) {
            for specifier in specifiers {
                var position = specifier.position
                var argumentClass = specifier.argumentClass
                if let name = specifier.substitution {
                    guard let declared = substitutions[name] else { continue }
                    position = declared.argNum ?? position
                    guard let declaredClass = declared.argumentClass else { continue }
                    argumentClass = declaredClass
                }
                if !(reads[position]?.contains(argumentClass) ?? false) { reads[position, default: []].append(argumentClass) }
            }
        }
        if string.keyPassesArguments {
            let declared = string.source.map { string.substitutions(of: $0) } ?? [:]
            add(FormatString.specifiers(in: string.key.string), substitutions: declared)
        } else if let source = string.source {
            locale = string.locale(of: source)
            let substitutions = string.substitutions(of: source)
            for index in source.forms {
                let form = string.forms[index]
                if offset == string.keyOffset { offset = form.offset }
                let text = string.isSubstitutionCase(form) ? form.value.replacingText("%arg", with: "") : form.value
                add(FormatString.specifiers(in: text, firstArgument: string.firstArgument(of: form, in: source)), substitutions: substitutions)
            }
        }
        guard !reads.isEmpty else { return }
        for (position, classes) in reads.sorted(by: { $0.key < $1.key }) where classes.count > 1 {
            let described = classes.map { "\(PlaceholderRules.describe($0))" }.joined(separator: " and as ")
            context.report("the format reads argument \(position) as \(described)", key: string.key, locale: locale, at: offset)
        }
        let highest = reads.keys.max() ?? 0
        let skipped = (1...max(highest, 1)).filter { reads[$0] == nil }
        if !skipped.isEmpty {
            let list = skipped.prefix(5).map(String.init).joined(separator: ", ") + (skipped.count > 5 ? ", …" : "")
            context.report(
                "the format reads argument \(highest) but not argument\(skipped.count == 1 ? "" : "s") \(list): the arguments after a gap are read wrongly",
                key: string.key, locale: locale, at: offset)
        }
    }
}
