import StringCatalog

/// `translation-not-needed` (note): a string marked `"shouldTranslate" : false` keeps
/// translations: Xcode no longer offers it for translation, and they are dead weight that a
/// later change of the source text leaves behind.
enum TranslationNotNeededRule {
    static let rule = LintRule(
        id: "translation-not-needed", severity: .note,
        summary: "A string marked shouldTranslate false keeps translations.",
        checkString: { string, context in check(string, &context) })

    static func check(_ string: LintedString, _ context: inout RuleContext) {
        guard !string.shouldTranslate else { return }
        let kept = string.localizations.filter { !$0.isSource }.map { string.locale(of: $0).string }
        guard !kept.isEmpty else { return }
        context.report(
            "the string is marked \"shouldTranslate\" : false but keeps \(kept.count) translation\(kept.count == 1 ? "" : "s") (\(kept.prefix(5).joined(separator: ", "))\(kept.count > 5 ? ", …" : ""))",
            key: string.key, locale: nil, at: string.keyOffset)
    }
}
