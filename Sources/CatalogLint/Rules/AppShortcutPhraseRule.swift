#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import StringCatalog

/// `app-shortcut-phrase` (error): a phrase of an App Shortcut (`stringSet` in
/// `AppShortcuts.xcstrings`) that does not hold `${applicationName}` exactly once, in any
/// locale. Xcode rejects such a phrase when it builds the app's shortcuts, and Siri cannot
/// match it.
enum AppShortcutPhraseRule {
    static let rule = LintRule(
        id: "app-shortcut-phrase", severity: .error,
        summary: "An App Shortcut phrase does not hold ${applicationName} exactly once.",
        checkString: { string, context in check(string, &context) })

    static let token = Array("${applicationName}".utf8)

    /// How often `${applicationName}` is in `phrase`.
    static func occurrences(in phrase: UTF8Bytes) -> Int {
        var count = 0
        var i = phrase.bytes.startIndex
        while let start = phrase.bytes[i...].firstIndex(of: token[0]) {
            if phrase.bytes[start...].starts(with: token) {
                count += 1
                i = start + token.count
            } else {
                i = start + 1
            }
        }
        return count
    }

    /// Whether an entry's bytes mention a string set at all: most entries do not, and need not
    /// be decoded.
    static func mentionsStringSet(_ value: JSONValue) -> Bool {
        guard case .raw(let raw) = value else { return true }
        let needle = Array("stringSet\"".utf8)
        return raw.bytes.withUnsafeBufferPointer { bytes in
            guard let base = bytes.baseAddress, bytes.count > needle.count else { return false }
            var offset = 1
            // memchr for each `S`, the rarest byte of the name in a catalog's keys.
            while offset + needle.count <= bytes.count,
                let found = memchr(base + offset + 6, Int32(UInt8(ascii: "S")), bytes.count - offset - 6)
            {
                let start = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) - 6
                if bytes[start - 1] == UInt8(ascii: "\""), start + needle.count <= bytes.count,
                    bytes[start..<start + needle.count].elementsEqual(needle)
                {
                    return true
                }
                offset = start + 1
            }
            return false
        }
    }

    static func check(_ string: LintedString, _ context: inout RuleContext) {
        guard mentionsStringSet(string.value), let localizations = string.entry[Name.localizations]?.object else { return }
        for localization in localizations.members {
            guard let set = localization.value.object?[Name.stringSet]?.object, case .array(let values)? = set[Name.values]?.materialized else { continue }
            for phrase in values.compactMap(\.stringValue) {
                let count = occurrences(in: phrase)
                guard count != 1 else { continue }
                context.report(
                    "the App Shortcut phrase \(quoted(phrase.string)) holds ${applicationName} \(count == 0 ? "nowhere" : "\(count) times"); "
                        + "a phrase must name the app exactly once, or Xcode rejects it",
                    key: string.key, locale: localization.key, at: string.keyOffset)
            }
        }
    }
}
