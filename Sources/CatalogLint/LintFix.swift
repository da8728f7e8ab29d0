import StringCatalog

/// The repairs `lint --fix` makes: only what is mechanical and safe.
public enum LintFix {
    /// What was repaired, one line each.
    public struct Outcome: Sendable {
        public var catalog: Catalog
        public var changes: [String] = []
        /// What a finding named and the fix left alone, and why, one line each.
        public var left: [String] = []
    }

    /// Repairs `catalog`: a literal `\n` in a translation whose source text has a real line break
    /// (and no literal `\n`) becomes a line break; carriage returns are removed from every value
    /// (CRLF becomes LF); a format-only key without translations gets `"shouldTranslate" : false`.
    /// A fix never leaves more findings than there were (`LintFixTests`).
    public static func apply(to catalog: Catalog) -> Outcome {
        var outcome = Outcome(catalog: catalog)
        var strings = catalog.strings
        let sourceLanguage = catalog.sourceLanguage ?? UTF8Bytes("en")
        for index in strings.members.indices {
            let string = LintedString(member: strings.members[index], sourceLanguage: sourceLanguage)
            var entry = string.entry
            var changed = false
            // Only while nothing is translated: marked with translations kept, the key would
            // trade the warning for a `translation-not-needed` note, and removing them loses
            // someone's work.
            if string.shouldTranslate && FormatOnlyKeyRule.isFormatOnly(string.key.string) && string.localizations.allSatisfy(\.isSource) {
                entry[Name.shouldTranslate] = .bool(false)
                outcome.changes.append("\(quoted(string.key.string)): marked \"shouldTranslate\" : false (nothing to translate)")
                changed = true
            } else if string.shouldTranslate && FormatOnlyKeyRule.isFormatOnly(string.key.string) && !FormatOnlyKeyRule.isLocalized(string) {
                outcome.left.append("\(quoted(string.key.string, isName: true)): not marked \"shouldTranslate\" : false, as it has translations that would then be dropped; remove them first if nothing is to be translated")
            }
            if var localizations = entry[Name.localizations]?.object {
                for localizationIndex in localizations.members.indices {
                    let locale = localizations.members[localizationIndex].key
                    guard var object = localizations.members[localizationIndex].value.object else { continue }
                    var notes: [String] = []
                    if repair(&object, path: [], locale: locale, string: string, notes: &notes) {
                        localizations.members[localizationIndex].value = .object(object)
                        for note in notes { outcome.changes.append("\(quoted(string.key.string)) [\(locale)]: \(note)") }
                        changed = true
                    }
                }
                if changed { entry[Name.localizations] = .object(localizations) }
            }
            if changed { strings.members[index].value = .object(entry) }
        }
        outcome.catalog.strings = strings
        return outcome
    }

    /// Repairs the units below `object` (a localization, a variation case or a substitution),
    /// whose form path is `path`; true when something changed.
    static func repair(_ object: inout JSONObject, path: [String], locale: UTF8Bytes, string: LintedString, notes: inout [String]) -> Bool {
        var changed = false
        if var unit = object[Name.stringUnit]?.object, let value = unit[Name.value]?.stringValue?.string {
            var repaired = value
            if repaired.utf8.contains(0x0D) {
                repaired = repaired.replacingText("\r\n", with: "\n").replacingText("\r", with: "")
                notes.append("removed carriage returns")
            }
            if locale != string.sourceLanguage, repaired.containsBytes("\\n"), let source = string.sourceText(forComponents: path),
                source.utf8.contains(0x0A), !source.containsBytes("\\n")
            {
                repaired = repaired.replacingText("\\n", with: "\n")
                notes.append("turned a literal \\n into a line break, as in the source text")
            }
            if repaired != value {
                unit[Name.value] = .string(UTF8Bytes(repaired))
                object[Name.stringUnit] = .object(unit)
                changed = true
            }
        }
        if var variations = object[Name.variations]?.object {
            for kindIndex in variations.members.indices {
                guard var cases = variations.members[kindIndex].value.object else { continue }
                let kind = variations.members[kindIndex].key.string
                var casesChanged = false
                for caseIndex in cases.members.indices {
                    guard var caseObject = cases.members[caseIndex].value.object else { continue }
                    if repair(&caseObject, path: path + [kind, cases.members[caseIndex].key.string], locale: locale, string: string, notes: &notes) {
                        cases.members[caseIndex].value = .object(caseObject)
                        casesChanged = true
                    }
                }
                if casesChanged {
                    variations.members[kindIndex].value = .object(cases)
                    changed = true
                }
            }
            if changed { object[Name.variations] = .object(variations) }
        }
        if path.isEmpty, var substitutions = object[Name.substitutions]?.object {
            var substitutionsChanged = false
            for index in substitutions.members.indices {
                guard var substitution = substitutions.members[index].value.object else { continue }
                if repair(&substitution, path: [PathName.substitutions, substitutions.members[index].key.string], locale: locale, string: string, notes: &notes) {
                    substitutions.members[index].value = .object(substitution)
                    substitutionsChanged = true
                }
            }
            if substitutionsChanged {
                object[Name.substitutions] = .object(substitutions)
                changed = true
            }
        }
        return changed
    }
}
