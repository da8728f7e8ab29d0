#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import CatalogLint
import CatalogUpkeep
import StringCatalog

typealias Name = CatalogSchema.Name
// CatalogLint has a FormPath of its own (a finding's place).
public typealias FormPath = CatalogUpkeep.FormPath

/// A catalog's strings as the units of an XLIFF file for one language, as Xcode's Export
/// Localizations writes them for a String Catalog.
///
/// - One unit per form of the target language's shape: its own when it has a localization (a
///   plain French string stays plain under a plural English one), else the source's.
/// - A plural offers every category the target language needs (CLDR), the missing ones with
///   the source's `other` as their source text and no `<target>`.
/// - A substitution's forms are `key|==|substitutions.NAME.plural.CASE`; their text shows the
///   argument as `%N$spec` (its `argNum` and `formatSpecifier`) where the catalog has `%arg`.
/// - A form's source text is the source language's text of the same form, else its `other`
///   (or the plain string), else the key itself.
public enum XLIFFExport {
    /// The unit id of a key's form: `key`, or `key|==|plural.one`.
    public static func unitID(key: UTF8Bytes, form: FormPath) -> String {
        form.steps.isEmpty ? key.string : key.string + "|==|" + formText(form)
    }

    /// `plural.one`, `device.iphone.plural.other`, `substitutions.NAME.plural.few`.
    public static func formText(_ form: FormPath) -> String {
        form.steps.map { step in
            switch step {
            case .plural(let name): return "plural." + name
            case .device(let name): return "device." + name
            case .substitution(let name): return "substitutions." + name
            }
        }.joined(separator: ".")
    }

    /// The key and form a unit id names. An id whose part after the last `|==|` is not a form
    /// is a key of its own (`plain|==|word`), as Xcode's import takes it.
    public static func keyAndForm(ofUnitID id: String) -> (key: String, form: FormPath) {
        // Most ids have no separator: a byte search says so quickly. The last `|==|` is found
        // in the bytes too (a string search through `ranges(of:)` cost as much as the rest of
        // judging a unit), and an ASCII form (most) read in them.
        var contiguous = id
        let read = contiguous.withUTF8 { bytes -> (key: String, form: FormPath)?? in
            guard let separator = lastSeparatorOffset(in: bytes) else { return .some(nil) }
            guard let form = asciiForm(UnsafeBufferPointer(rebasing: bytes[(separator + 4)...])) else { return nil }
            return .some(form.map { (String(decoding: UnsafeBufferPointer(rebasing: bytes[..<separator]), as: UTF8.self), $0) })
        }
        switch read {
        case .some(.some(let found)): return found
        case .some(.none): return (id, FormPath())
        case .none: break
        }
        // A form outside ASCII split by its characters (a dot with a combining mark is one
        // character, not a dot).
        guard let separator = lastSeparator(in: id) else { return (id, FormPath()) }
        var steps: [FormPath.Step] = []
        var words = id[separator.upperBound...].split(separator: ".", omittingEmptySubsequences: false)[...]
        while let kind = words.popFirst() {
            guard let name = words.popFirst(), !name.isEmpty else { return (id, FormPath()) }
            switch kind {
            case "plural": steps.append(.plural(String(name)))
            case "device": steps.append(.device(String(name)))
            case "substitutions", "substitution": steps.append(.substitution(String(name)))
            default: return (id, FormPath())
            }
        }
        guard !steps.isEmpty else { return (id, FormPath()) }
        return (String(id[..<separator.lowerBound]), FormPath(steps))
    }

    /// The form an ASCII id part names (`plural.one`, `device.mac.plural.few`), its words split
    /// at each dot as splitting its characters would: `.some(nil)` where it is not a form (an
    /// unknown kind, a name missing or empty); nil where it is not ASCII.
    static func asciiForm(_ bytes: UnsafeBufferPointer<UInt8>) -> FormPath?? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        var steps: [FormPath.Step] = []
        var start = 0
        while true {
            // A kind, then its name: each ends at a dot (the name also at the end).
            guard let dot = bytes[start...].firstIndex(of: UInt8(ascii: ".")) else { return .some(nil) }
            let nameEnd = bytes[(dot + 1)...].firstIndex(of: UInt8(ascii: ".")) ?? bytes.count
            guard nameEnd > dot + 1 else { return .some(nil) }
            let kind = UnsafeBufferPointer(rebasing: bytes[start..<dot])
            let name = String(decoding: UnsafeBufferPointer(rebasing: bytes[(dot + 1)..<nameEnd]), as: UTF8.self)
            if UTF8Bytes.equal(kind, "plural") {
                steps.append(.plural(name))
            } else if UTF8Bytes.equal(kind, "device") {
                steps.append(.device(name))
            } else if UTF8Bytes.equal(kind, "substitutions") || UTF8Bytes.equal(kind, "substitution") {
                steps.append(.substitution(name))
            } else {
                return .some(nil)
            }
            guard nameEnd < bytes.count else { return .some(FormPath(steps)) }
            start = nameEnd + 1
        }
    }

    /// Where the last `|==|` of `id` is, the separators found from the start without
    /// overlapping (in `a|==|==|b` the first).
    static func lastSeparator(in id: String) -> Range<String.Index>? {
        let utf8 = id.utf8
        guard utf8.contains(UInt8(ascii: "|")) else { return nil }
        guard let found = Array(utf8).withUnsafeBufferPointer({ lastSeparatorOffset(in: $0) }) else { return nil }
        let lower = utf8.index(utf8.startIndex, offsetBy: found)
        return lower..<utf8.index(lower, offsetBy: 4)
    }

    /// `lastSeparator` as a byte offset.
    static func lastSeparatorOffset(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress, memchr(base, Int32(UInt8(ascii: "|")), bytes.count) != nil else { return nil }
        var found: Int?
        var start = 0
        while start + 4 <= bytes.count {
            if bytes[start] == UInt8(ascii: "|") && bytes[start + 1] == UInt8(ascii: "=") && bytes[start + 2] == UInt8(ascii: "=") && bytes[start + 3] == UInt8(ascii: "|") {
                found = start
                start += 4
            } else {
                start += 1
            }
        }
        return found
    }

    /// The XLIFF state (and qualifier) Xcode writes for a catalog state.
    public static func xliffState(_ state: UTF8Bytes?) -> (state: String, qualifier: String?) {
        switch state?.string {
        case "translated", nil: return ("translated", nil)
        case "new": return ("new", nil)
        case "machine_translated": return ("translated", "leveraged-mt")
        default: return ("needs-review-l10n", nil)
        }
    }

    /// The catalog state an imported target takes from its XLIFF state: review states are
    /// `needs_review`, the states of work not begun are `new`, the rest `translated`.
    public static func catalogState(_ state: String?, qualifier: String?) -> String {
        switch state {
        case nil, "translated", "final", "signed-off":
            return qualifier == "leveraged-mt" || qualifier == "mt-suggestion" ? "machine_translated" : "translated"
        case "new", "needs-translation", "needs-l10n", "needs-adaptation": return "new"
        default: return "needs_review"
        }
    }

    /// What could not be exported, and why.
    public struct Skipped: Sendable, Equatable {
        public var id: String
        public var reason: String
    }

    /// The units of every string of `catalog` for `locale`, in the catalog's order.
    public static func units(of catalog: Catalog, locale: String) -> (units: [XLIFFUnit], skipped: [Skipped]) {
        var units: [XLIFFUnit] = []
        var skipped: [Skipped] = []
        let source = catalog.sourceLanguage ?? "en"
        let required = PluralCategories.required(for: locale)
        for member in catalog.strings.members {
            // One level read: only the two localizations exported are read whole.
            guard let entry = member.value.oneLevel.object else { continue }
            for unit in self.units(key: member.key, entry: entry, source: source, locale: UTF8Bytes(locale), required: required) {
                if isRepresentable(unit) {
                    units.append(unit)
                } else {
                    skipped.append(Skipped(id: unit.id, reason: "holds a control character that XML 1.0 cannot carry"))
                }
            }
        }
        return (units, skipped)
    }

    /// Whether XML 1.0 can carry every text of `unit`.
    static func isRepresentable(_ unit: XLIFFUnit) -> Bool {
        XMLText.isRepresentable(unit.id) && XMLText.isRepresentable(unit.source) && XMLText.isRepresentable(unit.target ?? "")
            && XMLText.isRepresentable(unit.note ?? "")
    }

    /// The units of one key, by form.
    public static func units(key: UTF8Bytes, entry: JSONObject, source: UTF8Bytes, locale: UTF8Bytes, required: [String]) -> [XLIFFUnit] {
        units(key: key, entry: entry, localizations: entry[Name.localizations]?.oneLevel.object, source: source, locale: locale, required: required)
    }

    /// The units of one key whose `localizations` were read already.
    static func units(key: UTF8Bytes, entry: JSONObject, localizations: JSONObject?, source: UTF8Bytes, locale: UTF8Bytes, required: [String]) -> [XLIFFUnit] {
        let sourceLocalization = localizations?[key: source]?.materialized.object
        let targetLocalization = localizations?[key: locale]?.materialized.object
        if targetLocalization?[Name.stringSet] != nil || sourceLocalization?[Name.stringSet] != nil && targetLocalization == nil { return [] }
        var forms: [FormPath] = []
        if let shape = targetLocalization ?? sourceLocalization {
            leaves(of: shape, at: [], offering: required, fromSource: targetLocalization == nil, into: &forms)
        } else {
            forms = [FormPath()]
        }
        let comment = entry[Name.comment]?.stringValue?.string
        let autoGenerated = entry[Name.isCommentAutoGenerated].map { if case .bool(true) = $0 { return true } else { return false } } ?? false
        let translate: Bool
        if case .bool(false)? = entry[Name.shouldTranslate] { translate = false } else { translate = true }
        return forms.map { form in
            var unit = XLIFFUnit(
                id: unitID(key: key, form: form), source: sourceText(of: form, key: key, in: sourceLocalization),
                note: comment, noteIsAutoGenerated: autoGenerated && comment != nil, translate: translate)
            if let target = targetLocalization, let found = unitAt(form, in: target) {
                unit.target = found.value
                (unit.state, unit.stateQualifier) = xliffState(found.state)
            }
            return unit
        }
    }

    static let pluralOrder = ["zero", "one", "two", "few", "many", "other"]

    /// The forms of a localization's shape: each plural with the categories `required` offers.
    static func leaves(of object: JSONObject, at prefix: [FormPath.Step], offering required: [String], fromSource: Bool, into forms: inout [FormPath]) {
        if let variations = object[Name.variations]?.materialized.object, let kind = variations.members.first {
            let cases = kind.value.materialized.object ?? JSONObject()
            let isPlural = kind.key.equals(Name.plural)
            var names = cases.keys.map(\.string)
            if isPlural {
                let wanted = fromSource ? required : Array(Set(names + required))
                names = wanted.sorted { (pluralOrder.firstIndex(of: $0) ?? 99, $0) < (pluralOrder.firstIndex(of: $1) ?? 99, $1) }
            }
            for name in names {
                let child = cases[key: UTF8Bytes(name)]?.materialized.object ?? (fromSource ? cases[key: "other"]?.materialized.object : nil) ?? JSONObject()
                leaves(of: child, at: prefix + [isPlural ? .plural(name) : .device(name)], offering: required, fromSource: fromSource, into: &forms)
            }
        } else if object[Name.argNum] == nil {
            forms.append(FormPath(prefix))
        }
        for substitution in object[Name.substitutions]?.materialized.object?.members ?? [] {
            guard let child = substitution.value.materialized.object, child[Name.variations] != nil else { continue }
            leaves(of: child, at: prefix + [.substitution(substitution.key.string)], offering: required, fromSource: fromSource, into: &forms)
        }
    }

    /// The source text of `form`: the source localization's same form, else its `other`
    /// (or the plain string) at each level, else the key.
    public static func sourceText(of form: FormPath, key: UTF8Bytes, in localization: JSONObject?) -> String {
        guard var node = localization else { return key.string }
        var substitution: JSONObject?
        for step in form.steps {
            switch step {
            case .plural(let name), .device(let name):
                let kind: StaticString
                if case .plural = step { kind = Name.plural } else { kind = Name.device }
                if let cases = node[Name.variations]?.materialized.object?[kind]?.materialized.object {
                    node = cases[key: UTF8Bytes(name)]?.materialized.object ?? cases[key: "other"]?.materialized.object ?? node
                }
            case .substitution(let name):
                guard let found = node[Name.substitutions]?.materialized.object?[key: UTF8Bytes(name)]?.materialized.object else { return key.string }
                node = found
                substitution = found
            }
        }
        // Down to a string: the `other` case of whatever still varies.
        var depth = 0
        while node[Name.stringUnit] == nil, depth < 8, let variations = node[Name.variations]?.materialized.object, let kind = variations.members.first,
            let cases = kind.value.materialized.object, let next = (cases[key: "other"] ?? cases.members.first?.value)?.materialized.object
        {
            node = next
            depth += 1
        }
        guard let value = node[Name.stringUnit]?.materialized.object?[Name.value]?.stringValue?.string else { return key.string }
        return positional(value, substitution: substitution)
    }

    /// A target's state and value at exactly `form`; nil where it has none.
    static func unitAt(_ form: FormPath, in localization: JSONObject) -> (state: UTF8Bytes?, value: String)? {
        let found = walk(form, in: localization)
        guard let unit = found.node?[Name.stringUnit]?.materialized.object, let value = unit[Name.value]?.stringValue?.string else { return nil }
        return (unit[Name.state]?.stringValue, positional(value, substitution: found.substitution))
    }

    /// The node at exactly `form` (nil where the path breaks off), and the last substitution
    /// passed through on the way.
    static func walk(_ form: FormPath, in localization: JSONObject) -> (node: JSONObject?, substitution: JSONObject?) {
        var node = localization
        var substitution: JSONObject?
        for step in form.steps {
            let next: JSONObject?
            switch step {
            case .plural(let name): next = node[Name.variations]?.materialized.object?[Name.plural]?.materialized.object?[key: UTF8Bytes(name)]?.materialized.object
            case .device(let name): next = node[Name.variations]?.materialized.object?[Name.device]?.materialized.object?[key: UTF8Bytes(name)]?.materialized.object
            case .substitution(let name):
                next = node[Name.substitutions]?.materialized.object?[key: UTF8Bytes(name)]?.materialized.object
                if next != nil { substitution = next }
            }
            guard let next else { return (nil, substitution) }
            node = next
        }
        return (node, substitution)
    }

    /// `%arg` as the XLIFF shows it inside a substitution: `%2$lld` for argument 2 of `lld`.
    static func positional(_ value: String, substitution: JSONObject?) -> String {
        guard let written = argumentText(substitution) else { return value }
        return replacing("%arg", with: written, in: value)
    }

    /// The text back in the catalog's form: `%2$lld` of argument 2 becomes `%arg` again.
    public static func catalogText(_ value: String, substitution: JSONObject?) -> String {
        guard let written = argumentText(substitution) else { return value }
        return replacing(written, with: "%arg", in: value)
    }

    /// `value.replacing(text, with: replacement)` (characters matched, as Swift compares them),
    /// found in the bytes: a search of characters cost a hundred times as much. For `text` in
    /// ASCII without a line break or a character another is canonically equivalent to (`K`,
    /// `;`, a grave accent), every match of characters is a match of bytes, and a match of
    /// bytes with ASCII (or nothing) on each side is one of characters. Any other match leaves
    /// the decision to `replacing`.
    static func replacing(_ text: String, with replacement: String, in value: String) -> String {
        let needle = Array(text.utf8)
        guard let first = needle.first, needle.allSatisfy({ $0 < 0x80 && !Self.joinsOrHasEquivalent.contains($0) }) else {
            return value.replacing(text, with: replacement)
        }
        var value = value
        let replaced: [UInt8]?? = value.withUTF8 { bytes -> [UInt8]?? in
            var output: [UInt8]?
            var copied = 0
            var index = 0
            while index + needle.count <= bytes.count {
                guard bytes[index] == first, needle.indices.allSatisfy({ bytes[index + $0] == needle[$0] }) else {
                    index += 1
                    continue
                }
                let end = index + needle.count
                guard index == 0 || bytes[index - 1] < 0x80, end == bytes.count || bytes[end] < 0x80 else { return .some(nil) }
                if output == nil { output = [] }
                output! += bytes[copied..<index]
                output! += replacement.utf8
                copied = end
                index = end
            }
            guard var output else { return nil }
            output += bytes[copied...]
            return .some(output)
        }
        switch replaced {
        case nil: return value
        case .some(nil): return value.replacing(text, with: replacement)
        case .some(let bytes?): return String(decoding: bytes, as: UTF8.self)
        }
    }

    /// Bytes `replacing` leaves to character matching: line breaks (CR LF is one character)
    /// and the ASCII characters a non-ASCII one is canonically equivalent to (U+212A KELVIN
    /// SIGN is `K`, U+037E GREEK QUESTION MARK `;`, U+1FEF GREEK VARIA a grave accent).
    static let joinsOrHasEquivalent: Set<UInt8> = [0x0A, 0x0D, UInt8(ascii: "K"), UInt8(ascii: ";"), UInt8(ascii: "`")]

    static func argumentText(_ substitution: JSONObject?) -> String? {
        guard let substitution, let specifier = substitution[Name.formatSpecifier]?.stringValue?.string else { return nil }
        let number: String
        switch substitution[Name.argNum] {
        case .number(let digits)?: number = digits.string
        case let other?: guard let text = other.stringValue?.string else { return nil }; number = text
        case nil: return nil
        }
        return "%\(number)$\(specifier)"
    }

    /// The substitution a form passes through in `localization`, for `catalogText`.
    public static func substitution(of form: FormPath, in localization: JSONObject?) -> JSONObject? {
        localization.flatMap { walk(form, in: $0).substitution }
    }
}
