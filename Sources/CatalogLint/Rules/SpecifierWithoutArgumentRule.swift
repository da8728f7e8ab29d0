import StringCatalog

/// `specifier-without-argument` (warning): a translation holds a placeholder (`%@`, `%lld`,
/// `%1$@`) while the app passes no arguments (neither the key nor the source text has one): the
/// app shows it as written. A `%` before a space or a word (`100 %`, `50%off`) is prose and is
/// not reported.
enum SpecifierWithoutArgumentRule {
    static let rule = LintRule(
        id: "specifier-without-argument", severity: .warning,
        summary: "A translation holds a placeholder while the app passes no arguments: it shows as written.",
        checkString: { string, context in check(string, &context) })

    static func check(_ string: LintedString, _ context: inout RuleContext) {
        guard string.shouldTranslate, string.appArguments == nil else { return }
        for localization in string.localizations where !localization.isSource {
            for index in localization.forms where string.forms[index].text.mayHoldPercent {
                let form = string.forms[index]
                // The file's bytes when they are the text (no escapes), else the decoded text.
                let found: [UInt8]?
                if form.text.mayHoldEscapes {
                    let value = form.value
                    found = FormatString.specifiers(in: value).first(where: { isPlaceholder($0, in: value) }).map { Array(value[$0.range].utf8) }
                } else {
                    found = firstPlaceholder(in: form.text.storedBytes)
                }
                guard let placeholder = found else { continue }
                var message = UTF8Text()
                message.appendQuoted(form.text)
                message.append(" holds ")
                message.append(placeholder)
                message.append(", but the app passes no arguments: it shows as written")
                context.report(message.string, key: string.key, locale: string.locale(of: localization), at: form.offset)
            }
        }
    }

    /// The first placeholder in `bytes` (as `isPlaceholder` tells them), read from the bytes: a
    /// text that is a big catalog's 20,000th needs no `String`.
    static func firstPlaceholder(in bytes: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        var i = 0
        while i + 1 < bytes.count {
            guard bytes[i] == UInt8(ascii: "%") else {
                i += 1
                continue
            }
            if bytes[i + 1] == UInt8(ascii: "%") {
                i += 2
                continue
            }
            var j = i + 1
            var positional = false
            var k = j
            while k < bytes.count && isDigit(bytes[k]) { k += 1 }
            if k > j && k < bytes.count && bytes[k] == UInt8(ascii: "$") {
                positional = true
                j = k + 1
            }
            // A named placeholder (`%(count)lld`) is written as one, position or not.
            if let end = FormatString.nameEnd(in: bytes, at: j) {
                positional = true
                j = end
            }
            // A substitution token (`%#@name@`) is no placeholder of the app's arguments.
            if j + 1 < bytes.count && bytes[j] == UInt8(ascii: "#") && bytes[j + 1] == UInt8(ascii: "@") {
                i = j + 2
                continue
            }
            var spaced = false
            while j < bytes.count, [UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: " "), UInt8(ascii: "#"), UInt8(ascii: "0"), UInt8(ascii: "'")].contains(bytes[j]) {
                if bytes[j] == UInt8(ascii: " ") { spaced = true }
                j += 1
            }
            func skipCount() {
                if j < bytes.count && bytes[j] == UInt8(ascii: "*") { j += 1; return }
                while j < bytes.count && isDigit(bytes[j]) { j += 1 }
            }
            skipCount()
            if j < bytes.count && bytes[j] == UInt8(ascii: ".") {
                j += 1
                skipCount()
            }
            while j < bytes.count, [UInt8(ascii: "h"), UInt8(ascii: "l"), UInt8(ascii: "q"), UInt8(ascii: "z"), UInt8(ascii: "t"), UInt8(ascii: "j"), UInt8(ascii: "L")].contains(bytes[j]) { j += 1 }
            guard !spaced, j < bytes.count, let argumentClass = ArgumentClass(conversion: bytes[j]) else {
                i += 1
                continue
            }
            let end = j + 1
            let letterFollows = end < bytes.count && (bytes[end] >= 0x80 || (bytes[end] | 0x20 >= UInt8(ascii: "a") && bytes[end] | 0x20 <= UInt8(ascii: "z")))
            if argumentClass == .object || positional
                || ((argumentClass == .integer || argumentClass == .floatingPoint) && !letterFollows)
            {
                return Array(UnsafeBufferPointer(rebasing: bytes[i..<end]))
            }
            i += 1
        }
        return nil
    }

    /// A conversion a translator writes as a placeholder: an object, a written position, or a
    /// number conversion that no letter follows.
    static func isPlaceholder(_ specifier: FormatSpecifier, in text: String) -> Bool {
        guard !specifier.hasSpaceFlag, specifier.substitution == nil else { return false }
        let written = text[specifier.range]
        if written.hasSuffix("@") || written.contains("$") || specifier.name != nil { return true }
        guard specifier.argumentClass == .integer || specifier.argumentClass == .floatingPoint else { return false }
        let after = text[specifier.range.upperBound...].unicodeScalars.first
        return !(after?.properties.isAlphabetic ?? false)
    }
}
