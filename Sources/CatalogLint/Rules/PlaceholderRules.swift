import StringCatalog

/// `placeholder-mismatch` (error): a translation reads an argument the app does not pass, or
/// reads one as another kind of value (an object as a pointer, an integer as a string): it
/// reads memory the caller never passed, and crashes or shows garbage.
///
/// `placeholder-missing` (warning): a translation leaves out an argument the source text shows.
/// That loses information but cannot crash. In plural `zero`, `one` and `two` forms an integer
/// may be left out ("One file").
///
/// The app's arguments are the key's when the key holds a specifier (Xcode writes a call site's
/// interpolations into the key), else the source text's. Arguments compare per position by
/// class: reordering with positions (`%2$@ %1$@`) is fine, and so is `%d` for `%lld`. A string is
/// a format only when the app passes arguments; then every `%` in a translation is read as
/// Foundation reads it, flags included (`% p` in `% publicacions` is a pointer conversion).
/// Otherwise `%` is prose (`100 % précis`) and neither rule applies.
enum PlaceholderRules {
    static let mismatch = LintRule(
        id: "placeholder-mismatch", severity: .error,
        summary: "A translation reads an argument the app does not pass, or as another kind of value.",
        checkString: { string, context in checkMismatch(string, &context) })

    static let missing = LintRule(
        id: "placeholder-missing", severity: .warning,
        summary: "A translation leaves out an argument that the source text shows.",
        checkString: { string, context in checkMissing(string, &context) })

    /// The arguments a form reads; `%arg` in a substitution's case is the substitution's own.
    static func arguments(of form: Form, in localization: LintedLocalization, of string: LintedString) -> [Int: ArgumentClass] {
        FormatString.arguments(
            in: text(of: form, in: string), substitutions: string.substitutions(of: localization),
            firstArgument: string.firstArgument(of: form, in: localization))
    }

    static func text(of form: Form, in string: LintedString) -> String {
        string.isSubstitutionCase(form) ? form.value.replacingText("%arg", with: "") : form.value
    }

    static func describe(_ argumentClass: ArgumentClass) -> StaticString {
        switch argumentClass {
        case .object: return "an object (%@)"
        case .integer: return "an integer (%d)"
        case .floatingPoint: return "a floating-point number (%f)"
        case .character: return "a character (%c)"
        case .cString: return "a C string (%s)"
        case .pointer: return "a pointer (%p)"
        }
    }

    static func checkMismatch(_ string: LintedString, _ context: inout RuleContext) {
        guard string.shouldTranslate, let app = string.appArguments else { return }
        for localization in string.localizations {
            // Without specifiers in the key, the source text defines the arguments.
            if localization.isSource && !string.keyPassesArguments { continue }
            for index in localization.forms where string.forms[index].text.mayHoldPercent && string.forms[index].text.holds(UInt8(ascii: "%")) {
                let form = string.forms[index]
                let value = form.value
                let specifiers = FormatString.specifiers(
                    in: string.isSubstitutionCase(form) ? value.replacingText("%arg", with: "") : value,
                    firstArgument: string.firstArgument(of: form, in: localization))
                let used = FormatString.arguments(of: specifiers, substitutions: string.substitutions(of: localization))
                // The first specifier written for each position, found once (a value may hold
                // 40,000 of them).
                var firstWritten: [Int: FormatSpecifier] = [:]
                for specifier in specifiers where specifier.substitution == nil && firstWritten[specifier.position] == nil {
                    firstWritten[specifier.position] = specifier
                }
                var notPassed: [Int] = []
                for (position, argumentClass) in used.sorted(by: { $0.key < $1.key }) {
                    let written = firstWritten[position].map { " ('\(value[$0.range])')" } ?? ""
                    if let passed = app[position] {
                        if passed != argumentClass {
                            context.report(
                                "\(quoted(value)) reads argument \(position)\(written) as \(describe(argumentClass)); the app passes \(describe(passed))",
                                key: string.key, locale: string.locale(of: localization), at: form.offset)
                        }
                    } else {
                        notPassed.append(position)
                    }
                }
                // One finding for all the arguments the app does not pass: a value may read
                // 500,000 of them, and a finding each would bury the rest.
                if let first = notPassed.first {
                    let what: String
                    if notPassed.count == 1 {
                        what = "argument \(first)\(firstWritten[first].map { " ('\(value[$0.range])')" } ?? "")"
                    } else {
                        let shown = notPassed.prefix(3).map(String.init).joined(separator: ", ")
                        what = "arguments \(shown)\(notPassed.count > 3 ? ", … (\(notPassed.count) in all)" : "")"
                    }
                    context.report(
                        "\(quoted(value)) reads \(what), which the app does not pass (it passes \(app.count))",
                        key: string.key, locale: string.locale(of: localization), at: form.offset)
                }
            }
        }
    }

    static func checkMissing(_ string: LintedString, _ context: inout RuleContext) {
        guard string.shouldTranslate, string.appArguments != nil else { return }
        // The source's arguments per form path, worked out once for all the translations.
        var sourceArgumentsByPath: [FormPath: [(Int, ArgumentClass)]] = [:]
        let source = string.source
        for localization in string.localizations where !localization.isSource {
            for index in localization.forms where !string.isSubstitutionCase(string.forms[index]) {
                let form = string.forms[index]
                // An empty value not marked translated is a string not translated yet (a stub
                // in a locale nobody translated), not a translation that drops an argument.
                if form.isEmpty && form.state != .translated { continue }
                let sourceArguments: [(Int, ArgumentClass)]
                if let cached = sourceArgumentsByPath[form.path] {
                    sourceArguments = cached
                } else {
                    if let source {
                        guard let sourceForm = string.form(of: source, matching: form.place) else { continue }
                        sourceArguments = arguments(of: sourceForm, in: source, of: string).sorted { $0.key < $1.key }
                    } else {
                        sourceArguments = FormatString.arguments(in: string.key.string).sorted { $0.key < $1.key }
                    }
                    sourceArgumentsByPath[form.path] = sourceArguments
                }
                if sourceArguments.isEmpty { continue }
                // A text without `%` reads no argument: no need to decode it.
                let used = form.text.mayHoldPercent ? arguments(of: form, in: localization, of: string) : [:]
                for (position, argumentClass) in sourceArguments where used[position] == nil {
                    if argumentClass == .integer && form.place.isZeroOneOrTwoCase {
                        continue
                    }
                    var message = UTF8Text()
                    message.appendQuoted(form.text)
                    message.append(" leaves out argument ")
                    message.append(position)
                    message.append(" (")
                    message.append(describe(argumentClass))
                    message.append(") that the source text shows")
                    context.report(message.string, key: string.key, locale: string.locale(of: localization), at: form.offset)
                }
            }
        }
    }
}
