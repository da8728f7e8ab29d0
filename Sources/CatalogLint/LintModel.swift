#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import StringCatalog

/// The catalog's member names, each spelled once in `CatalogSchema`.
typealias Name = CatalogSchema.Name

/// The member names a form's path (`LintedString.components(of:)`) holds, as the strings the
/// path is compared with: made once, not for each comparison.
enum PathName {
    static let plural = Name.plural.description
    static let device = Name.device.description
    static let substitutions = Name.substitutions.description
}

/// Where a form is below its localization: an id of a path in the `LintNames` of the strings
/// read with it. Ids are compared, never their texts.
public struct FormPath: Hashable, Sendable {
    var id: Int32
    /// A plain string unit's path, [].
    static let root = FormPath(id: 0)
}

/// A form path with what the rules ask of it, worked out once when the path is first met.
public struct FormPlace: Sendable {
    public var path: FormPath
    /// The path without its last component.
    var parent: FormPath
    /// How many components it has.
    var depth: Int
    /// Its first component is `substitutions`: a substitution's case (whose `%arg` is the
    /// substitution's argument).
    var isSubstitutionCase: Bool
    /// Its last component is `other`.
    var isOtherCase: Bool
    /// A plural case (its component before the last is `plural`) of category `zero`, `one` or
    /// `two`: one that may leave out an integer ("One file").
    var isZeroOneOrTwoCase: Bool

    static let root = FormPlace(path: .root, parent: .root, depth: 0, isSubstitutionCase: false, isOtherCase: false, isZeroOneOrTwoCase: false)
}

/// One text a person sees: a string unit's value in a localization, at a plural or device case,
/// or in a substitution's case. Plain data: it holds no reference, so copying it costs nothing.
public struct Form: Sendable {
    /// Where it is: its variation cases above it, [] for a plain unit, ["plural", "one"],
    /// ["device", "iphone", "plural", "other"], or ["substitutions", NAME, "plural", "one"]
    /// (see `LintedString.components(of:)`).
    public var place: FormPlace
    public var path: FormPath { place.path }
    var text: FormText
    public var state: UnitState?
    /// Byte offset of the unit's `value` member in the file.
    public var offset: Int

    /// The text, decoded when asked for: most rules never need it (see `FormText`).
    public var value: String { text.string }

    public var isEmpty: Bool { text.isEmpty }
}

/// A form's text: where its JSON string's content is (in the file, or in a string's own
/// storage when the entry was decoded), with what a scan of its bytes showed. Decoding 200,000
/// texts that no rule reads was most of the cost of linting a big catalog; the flags let the
/// rules skip most texts.
///
/// The bytes belong to the file the catalog was read from, which the `LintedString` holding
/// the form keeps alive (its entry's `RawJSON` shares that storage), or to its `OwnedTexts`. A
/// pointer, not a slice: a slice would count references on the file's one storage from every
/// thread for every copy.
struct FormText: @unchecked Sendable {
    private var start: UnsafePointer<UInt8>?
    private var count: Int
    /// The bytes are the text itself, not a JSON string's content.
    private let isDecoded: Bool
    /// The JSON string holds escapes: a backslash, a quote or a control character may be in it.
    let mayHoldEscapes: Bool
    /// A `%` may be in the text (one written as `\u0025` counts as an escape).
    let mayHoldPercent: Bool
    /// The text may start or end with white space (see `EdgeSpace`).
    let mayHaveEdgeSpace: Bool

    /// A decoded text's UTF-8 bytes at `start` (flags that never skip anything but `%`).
    init(decodedAt start: UnsafePointer<UInt8>?, count: Int) {
        self.start = start
        self.count = count
        isDecoded = true
        let bytes = UnsafeBufferPointer(start: start, count: count)
        mayHoldEscapes = true
        mayHoldPercent = bytes.contains(UInt8(ascii: "%"))
        mayHaveEdgeSpace = true
    }

    /// The JSON string's content (between its quotes) at `start`, `count` bytes long.
    init(jsonStringAt start: UnsafePointer<UInt8>, count: Int, escaped: Bool) {
        self.start = start
        self.count = count
        isDecoded = false
        mayHoldEscapes = escaped
        let bytes = UnsafeBufferPointer(start: start, count: count)
        mayHoldPercent = escaped || bytes.contains(UInt8(ascii: "%"))
        mayHaveEdgeSpace = EdgeSpace.mayHave(bytes, escaped: escaped)
    }

    var isEmpty: Bool { count == 0 }

    /// The bytes as stored: the text, or (`!isDecoded`) a JSON string's content.
    var storedBytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: start, count: count) }

    var string: String {
        let bytes = storedBytes
        if isDecoded || !mayHoldEscapes { return String(decoding: bytes, as: UTF8.self) }
        if let text = JSONStringContent.decoded(bytes) { return String(decoding: text, as: UTF8.self) }
        // Anything unexpected: with its quotes, as JSON.
        var json: [UInt8] = [UInt8(ascii: "\"")]
        json += bytes
        json.append(UInt8(ascii: "\""))
        guard case .string(let text)? = try? JSONReader.parse(json) else { return String(decoding: bytes, as: UTF8.self) }
        return text.string
    }

    /// Whether the text holds the ASCII character `ascii`, read from the bytes without decoding
    /// them (escapes are followed).
    func holds(_ ascii: UInt8) -> Bool {
        let bytes = storedBytes
        if isDecoded || !mayHoldEscapes { return bytes.contains(ascii) }
        return JSONStringContent.holds(ascii, in: bytes)
    }
}

/// Whether a text's bytes may start or end with white space, without decoding it.
enum EdgeSpace {
    /// `bytes` is a JSON string's content; with escapes, any backslash near either end counts
    /// (an escape there may be a line break or a space).
    static func mayHave(_ bytes: UnsafeBufferPointer<UInt8>, escaped: Bool) -> Bool {
        guard let first = bytes.first, let last = bytes.last else { return false }
        if first <= 0x20 || last <= 0x20 { return true }
        if escaped {
            if first == UInt8(ascii: "\\") { return true }
            // The longest escape, \uXXXX, is six bytes.
            for byte in bytes.suffix(6) where byte == UInt8(ascii: "\\") { return true }
        }
        // Outside ASCII, Unicode's White_Space property, as `hasEdgeSpace` reads it; looked up
        // only for the lead bytes such characters have.
        if mayLeadSpace(first) && UTF8Bytes.scalar(in: bytes, at: 0)?.properties.isWhitespace == true { return true }
        if last >= 0x80 {
            var start = bytes.count - 1
            while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
            if mayLeadSpace(bytes[start]) && UTF8Bytes.scalar(in: bytes, at: start)?.properties.isWhitespace == true { return true }
        }
        return false
    }

    /// Whether a byte may start the UTF-8 form of a White_Space character above ASCII: U+0085
    /// and U+00A0 start with C2, U+1680 with E1, U+2000 to U+205F with E2, U+3000 with E3.
    static func mayLeadSpace(_ byte: UInt8) -> Bool { byte == 0xC2 || (byte >= 0xE1 && byte <= 0xE3) }
}

/// The texts of a decoded entry (one not in Xcode's layout), kept for its forms to point at.
final class OwnedTexts: @unchecked Sendable {
    private var storage: [UnsafeMutableBufferPointer<UInt8>] = []

    /// `text`'s UTF-8 bytes, stored for as long as this lives.
    func keep(_ text: String) -> FormText {
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: max(text.utf8.count, 1))
        _ = bytes.initialize(from: text.utf8)
        storage.append(bytes)
        return FormText(decodedAt: UnsafePointer(bytes.baseAddress), count: text.utf8.count)
    }

    deinit { for bytes in storage { bytes.deallocate() } }
}

/// A substitution of a localization: the argument it reads and the class of its format.
public typealias Substitution = (argNum: Int?, argumentClass: ArgumentClass?)

/// One plural variation of a localization: where it is (the path of its cases without the
/// category) and which of CLDR's categories it has.
public struct PluralVariation: Sendable {
    public var path: FormPath
    public var categories: PluralCategorySet
    /// Byte offset of its `plural` key.
    public var offset: Int
}

/// A set of CLDR's six plural categories.
public struct PluralCategorySet: Sendable, Equatable {
    var bits: UInt8 = 0

    public static let names = ["zero", "one", "two", "few", "many", "other"]

    static func bit(_ name: String) -> UInt8 {
        guard let index = names.firstIndex(of: name) else { return 0 }
        return 1 << UInt8(index)
    }

    mutating func insert(_ name: String) { bits |= Self.bit(name) }
    func isSuperset(of other: PluralCategorySet) -> Bool { other.bits & ~bits == 0 }
    public func contains(_ name: String) -> Bool { bits & Self.bit(name) != 0 }
    public var sorted: [String] { Self.names.filter(contains).sorted() }
}

/// A localization of one string. Its forms, plural variations and substitutions are stored in
/// the string (`LintedString.forms`, …); it holds where they are. Plain data, like `Form`.
public struct LintedLocalization: Sendable {
    /// The index of its locale's name in the `LintNames` of its string.
    var localeIndex: Int32
    /// Whether it is the source language's.
    public var isSource: Bool
    /// Byte offset of its key.
    public var offset: Int
    public var forms: Range<Int>
    public var pluralVariations: Range<Int>
    /// Index in `LintedString.substitutionTables`; -1 when it has none.
    var substitutionsIndex: Int32
}

/// The locale names and form paths of the strings one thread reads, each stored once. A name
/// sliced from the file would share the file's storage: every copy, by every rule on every
/// thread, would then count references on that one object. Written only while its strings are
/// read, by the one thread reading them; only read after that.
final class LintNames: @unchecked Sendable {
    struct PathInfo {
        var components: [String]
        var place: FormPlace
    }

    struct Child: Hashable {
        var parent: Int32
        var component: String
    }

    private(set) var paths = [PathInfo(components: [], place: .root)]
    private var children: [Child: Int32] = [:]
    private(set) var locales: [UTF8Bytes] = []

    /// The path `parent` + `component`, added when new.
    func child(_ parent: FormPath, _ component: String) -> FormPath {
        if let known = children[Child(parent: parent.id, component: component)] { return FormPath(id: known) }
        let components = paths[Int(parent.id)].components + [component]
        let id = Int32(paths.count)
        let isPluralCase = components.count >= 2 && components[components.count - 2] == PathName.plural
        paths.append(PathInfo(
            components: components,
            place: FormPlace(
                path: FormPath(id: id), parent: parent, depth: components.count, isSubstitutionCase: components.first == PathName.substitutions,
                isOtherCase: component == "other", isZeroOneOrTwoCase: isPluralCase && ["zero", "one", "two"].contains(component))))
        children[Child(parent: parent.id, component: component)] = id
        return FormPath(id: id)
    }

    /// The paths added so far by their parent and last component's bytes, searched in order
    /// before a component is made a `String` and hashed: a block of strings has few.
    private var recent: [(parent: FormPath, component: [UInt8], path: FormPath)] = []

    /// The path `parent` + the component whose UTF-8 bytes are `component`, added when new.
    func child(_ parent: FormPath, bytes component: UnsafeBufferPointer<UInt8>) -> FormPath {
        for entry in recent where entry.parent == parent && entry.component.count == component.count {
            if entry.component.withUnsafeBufferPointer({ memcmp($0.baseAddress!, component.baseAddress!, component.count) == 0 }) {
                return entry.path
            }
        }
        let path = child(parent, String(decoding: component, as: UTF8.self))
        if recent.count < 64 && !component.isEmpty { recent.append((parent, Array(component), path)) }
        return path
    }

    /// The path `parent` + `component` if a form read so far has it (or is below it).
    func existingChild(_ parent: FormPath, _ component: String) -> FormPath? {
        children[Child(parent: parent.id, component: component)].map { FormPath(id: $0) }
    }

    /// The path of `components` if a form read so far has it.
    func existingPath(_ components: [String]) -> FormPath? {
        var path = FormPath.root
        for component in components {
            guard let next = existingChild(path, component) else { return nil }
            path = next
        }
        return path
    }

    subscript(path: FormPath) -> PathInfo { paths[Int(path.id)] }

    /// Each locale name's index in `locales`: a catalog has a few dozen, a hostile one 100,000.
    private var localeIndices: [UTF8Bytes: Int32] = [:]

    /// The index of a locale's name.
    func locale(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        let name = UTF8Bytes(Array(bytes))
        if let known = localeIndices[name] { return known }
        locales.append(name)
        localeIndices[name] = Int32(locales.count - 1)
        return Int32(locales.count - 1)
    }

    func locale(_ name: UTF8Bytes) -> Int32 { name.bytes.withUnsafeBufferPointer { locale($0) } }
}

/// Collects one string's localizations and forms as an entry is read; reused from string to
/// string, so that its arrays grow once per thread, not once per string.
struct LintedStringBuilder {
    let names: LintNames
    let sourceLocale: Int32
    var localizations: [LintedLocalization] = []
    var forms: [Form] = []
    var plurals: [PluralVariation] = []
    var substitutionTables: [[String: Substitution]] = []
    var current: LintedLocalization?
    /// The line-by-line reading's stacks, kept from entry to entry (see `CanonicalEntry`).
    var openStack: [CanonicalEntry.Open] = []
    var placeStack: [FormPlace] = []

    /// A builder that holds nothing, to stand in for one while it is moved.
    static let placeholder = LintedStringBuilder(names: LintNames(), sourceLanguage: UTF8Bytes(""))

    init(names: LintNames, sourceLanguage: UTF8Bytes) {
        self.names = names
        sourceLocale = names.locale(sourceLanguage)
    }

    /// The locale names met, as bytes, with their indices in `names`; and the one met last:
    /// entries list their locales in the same order, so the next one is usually the one after.
    private var localeBytes: [(bytes: [UInt8], index: Int32)] = []
    private var lastLocale = -1

    /// The index in `names` of a locale's name.
    mutating func locale(_ bytes: UnsafeBufferPointer<UInt8>) -> Int32 {
        let guess = lastLocale + 1 < localeBytes.count ? lastLocale + 1 : 0
        if guess < localeBytes.count, localeBytes[guess].bytes.elementsEqual(bytes) {
            lastLocale = guess
            return localeBytes[guess].index
        }
        // A short list is searched; past 64 names (a hostile entry may hold 100,000 locales)
        // the names' own table, a hash, answers instead.
        let listed = localeBytes.count < 64
        if listed, let found = localeBytes.firstIndex(where: { $0.bytes.elementsEqual(bytes) }) {
            lastLocale = found
            return localeBytes[found].index
        }
        let index = names.locale(bytes)
        if listed {
            localeBytes.append((Array(bytes), index))
            lastLocale = localeBytes.count - 1
        } else {
            lastLocale = -1
        }
        return index
    }

    mutating func reset() {
        localizations.removeAll(keepingCapacity: true)
        forms.removeAll(keepingCapacity: true)
        plurals.removeAll(keepingCapacity: true)
        substitutionTables.removeAll()
        current = nil
    }

    mutating func beginLocalization(_ locale: Int32, offset: Int) {
        current = LintedLocalization(
            localeIndex: locale, isSource: locale == sourceLocale, offset: offset, forms: forms.count..<forms.count,
            pluralVariations: plurals.count..<plurals.count, substitutionsIndex: -1)
    }

    mutating func endLocalization() {
        guard var finished = current else { return }
        finished.forms = finished.forms.lowerBound..<forms.count
        finished.pluralVariations = finished.pluralVariations.lowerBound..<plurals.count
        localizations.append(finished)
        current = nil
    }

    mutating func addForm(_ form: Form) { forms.append(form) }

    mutating func addPluralVariation(at path: FormPath, offset: Int) {
        plurals.append(PluralVariation(path: path, categories: PluralCategorySet(), offset: offset))
    }

    /// A category of the latest plural variation at `path` in this localization.
    mutating func addPluralCategory(_ category: String, to path: FormPath) {
        guard let current else { return }
        var index = plurals.count - 1
        while index >= current.pluralVariations.lowerBound {
            if plurals[index].path == path {
                plurals[index].categories.insert(category)
                return
            }
            index -= 1
        }
    }

    mutating func updateSubstitution(_ name: String, _ update: (inout Substitution) -> Void) {
        guard current != nil else { return }
        if current!.substitutionsIndex < 0 {
            current!.substitutionsIndex = Int32(substitutionTables.count)
            substitutionTables.append([:])
        }
        let index = Int(current!.substitutionsIndex)
        var substitution = substitutionTables[index][name] ?? (nil, nil)
        update(&substitution)
        substitutionTables[index][name] = substitution
    }
}

/// One string of a catalog as the lint rules see it.
public struct LintedString: Sendable {
    public var key: UTF8Bytes
    public var keyOffset: Int
    /// The entry as read: decoded only when something needs it whole (`--fix`). It also keeps
    /// the file alive that the forms' texts point into.
    let value: JSONValue
    public var entry: JSONObject { value.materialized.object ?? JSONObject() }
    public private(set) var localizations: [LintedLocalization] = []
    /// The forms of all its localizations, each localization's together.
    public private(set) var forms: [Form] = []
    public private(set) var pluralVariations: [PluralVariation] = []
    var substitutionTables: [[String: Substitution]] = []
    public var sourceLanguage: UTF8Bytes
    let names: LintNames
    /// The texts of a decoded entry.
    private var ownedTexts: OwnedTexts?

    /// `shouldTranslate: false`: exempt from every rule but `format-only-key`.
    public private(set) var shouldTranslate = true

    public private(set) var isStale = false

    /// Where the source language's localization is in `localizations`.
    private(set) var sourceIndex: Int?

    /// What stands for the source text when the string has no source-language unit: the key
    /// (Xcode's keys are the source text), or for a storyboard's object key (`Lbh-J2-qVU.title`)
    /// the text Xcode's comment gives it, nil when there is none (`InterfaceBuilderText`).
    private(set) var keySource: String?

    /// The source localization's forms by place, when it has many: every rule looks up the
    /// source form of each translated one, and a search of 100,000 plural cases for each of
    /// 100,000 would not end.
    private var sourceLookup: FormLookup?

    struct FormLookup: Sendable {
        var byPath: [FormPath: Int] = [:]
        var otherCaseByParent: [FormPath: Int] = [:]
        var root: Int?
        var firstOtherCase: Int?

        init(forms: ArraySlice<Form>) {
            for (index, form) in zip(forms.indices, forms) {
                if byPath[form.place.path] == nil { byPath[form.place.path] = index }
                if form.place.isOtherCase, otherCaseByParent[form.place.parent] == nil { otherCaseByParent[form.place.parent] = index }
                if form.place.path == .root, root == nil { root = index }
                if form.place.isOtherCase, !form.place.isSubstitutionCase, firstOtherCase == nil { firstOtherCase = index }
            }
        }

        func index(matching place: FormPlace) -> Int? {
            if let exact = byPath[place.path] { return exact }
            if place.depth >= 2, let other = otherCaseByParent[place.parent] { return other }
            return root ?? firstOtherCase
        }
    }

    public var source: LintedLocalization? { sourceIndex.map { localizations[$0] } }

    /// The name of a localization's locale.
    public func locale(of localization: LintedLocalization) -> UTF8Bytes { names.locales[Int(localization.localeIndex)] }

    /// The variation cases above a form (see `Form.path`).
    public func components(of path: FormPath) -> [String] { names[path].components }

    func isSubstitutionCase(_ form: Form) -> Bool { form.place.isSubstitutionCase }

    /// The argument a conversion without a written position reads first in `form`: its
    /// substitution's `argNum` for a substitution's variation (see `FormatString.specifiers`),
    /// else 1.
    func firstArgument(of form: Form, in localization: LintedLocalization) -> Int {
        guard form.place.isSubstitutionCase else { return 1 }
        let components = components(of: form.path)
        guard components.count >= 2, components[0] == PathName.substitutions else { return 1 }
        return substitutions(of: localization)[components[1]]?.argNum ?? 1
    }

    /// A localization's substitutions by name.
    func substitutions(of localization: LintedLocalization) -> [String: Substitution] {
        localization.substitutionsIndex < 0 ? [:] : substitutionTables[Int(localization.substitutionsIndex)]
    }

    /// The form of `localization` at `place`, else (for a case the other language lacks) the
    /// `other` case of the same variation, else the plain unit.
    func form(of localization: LintedLocalization, matching place: FormPlace) -> Form? {
        let range = localization.forms
        if let sourceLookup, let sourceIndex, localizations[sourceIndex].forms == range {
            return sourceLookup.index(matching: place).map { forms[$0] }
        }
        for index in range where forms[index].place.path == place.path { return forms[index] }
        if place.depth >= 2 {
            for index in range where forms[index].place.isOtherCase && forms[index].place.parent == place.parent { return forms[index] }
        }
        for index in range where forms[index].place.path == .root { return forms[index] }
        for index in range where forms[index].place.isOtherCase && !forms[index].place.isSubstitutionCase { return forms[index] }
        return nil
    }

    /// The source-language form of a form's place: the source localization's matching form.
    func sourceForm(for place: FormPlace) -> Form? {
        guard let sourceIndex else { return nil }
        return form(of: localizations[sourceIndex], matching: place)
    }

    /// The source's forms at the same case as `form` where their paths differ only in what a
    /// translation may do differently: a device split (`device.iphone`) and the name of a
    /// substitution (matched by the argument it reads). `form`'s own source case when the
    /// source lacks its exact path, e.g. a translation that splits by device an empty `zero`
    /// fragment the source has once.
    func sourceFormsAtTheSameCase(as form: Form, in localization: LintedLocalization) -> [Form] {
        guard let sourceIndex else { return [] }
        let source = localizations[sourceIndex]
        /// A form's case: its substitution's argument (nil outside one) and its components
        /// without device cases.
        func caseOf(_ form: Form, in localization: LintedLocalization) -> (argument: Int?, components: [String]) {
            var components = components(of: form.path)
            var argument: Int?
            if form.place.isSubstitutionCase, components.count >= 2 {
                argument = substitutions(of: localization)[components[1]]?.argNum ?? 1
                components.removeFirst(2)
            }
            var withoutDevices: [String] = []
            var index = 0
            while index < components.count {
                if components[index] == PathName.device, index + 1 < components.count { index += 2; continue }
                withoutDevices.append(components[index])
                index += 1
            }
            return (argument, withoutDevices)
        }
        let wanted = caseOf(form, in: localization)
        return source.forms.map { forms[$0] }.filter { candidate in
            let found = caseOf(candidate, in: source)
            return found.argument == wanted.argument && found.components == wanted.components
        }
    }

    /// The source-language text of a form's place: the source localization's matching form,
    /// else the key itself (the key is the source text when no source localization exists).
    func sourceText(for place: FormPlace) -> String? {
        guard sourceIndex != nil else { return keySource }
        return sourceForm(for: place)?.value
    }

    /// `sourceText(for:)` of a path given by its components.
    func sourceText(forComponents components: [String]) -> String? {
        guard sourceIndex != nil else { return keySource }
        if let path = names.existingPath(components) { return sourceText(for: names[path].place) }
        // No form has this path: the `other` case of its variation, else the plain unit.
        if components.count >= 2, let other = names.existingPath(components.dropLast() + ["other"]) { return sourceText(for: names[other].place) }
        return sourceText(for: .root)
    }

    /// Whether the source text of a form's place may start or end with white space (false
    /// when there is none), from its bytes.
    func sourceMayHaveEdgeSpace(for place: FormPlace) -> Bool {
        guard sourceIndex != nil else {
            guard let keySource else { return false }
            var text = keySource
            return text.withUTF8 { EdgeSpace.mayHave($0, escaped: false) }
        }
        return sourceForm(for: place)?.text.mayHaveEdgeSpace ?? false
    }

    /// The arguments the app passes: the key's when the key holds a format specifier (Xcode
    /// writes a call site's interpolations into the key), else the source text's (its plain or
    /// `other` form), else none. Nil when the app passes no arguments: then `%` is prose.
    ///
    /// The source text's arguments are those of all its forms together: a substitution's cases
    /// may read arguments of their own (`%2$@` beside `%arg`).
    private(set) var appArguments: [Int: ArgumentClass]?

    /// Whether the key holds a format specifier (then the key, not the source text, says what
    /// the app passes).
    private(set) var keyPassesArguments = false

    mutating func findAppArguments() {
        // Each text's specifiers are found once, for both questions: does it pass arguments, and
        // which.
        if key.bytes.contains(UInt8(ascii: "%")) {
            let specifiers = FormatString.specifiers(in: key.string)
            if specifiers.contains(where: { !$0.hasSpaceFlag }) {
                keyPassesArguments = true
                // A key migrated from a .stringsdict holds `%#@name@`: the app passes what that
                // substitution declares (its argNum and formatSpecifier), not an object.
                var declared: [String: Substitution] = [:]
                if let sourceLocalization = self.source { declared = substitutions(of: sourceLocalization) }
                if declared.isEmpty, specifiers.contains(where: { $0.substitution != nil }) {
                    for localization in localizations where declared.isEmpty {
                        declared = substitutions(of: localization)
                    }
                }
                appArguments = FormatString.arguments(of: specifiers, substitutions: declared)
                return
            }
        }
        guard let source, let form = form(of: source, matching: .root), form.text.mayHoldPercent else {
            appArguments = impliedArguments()
            return
        }
        let specifiers = FormatString.specifiers(in: form.value)
        guard specifiers.contains(where: { !$0.hasSpaceFlag }) else {
            appArguments = impliedArguments()
            return
        }
        let substitutions = substitutions(of: source)
        var arguments = FormatString.arguments(of: specifiers, substitutions: substitutions)
        for index in source.forms {
            let sourceForm = forms[index]
            let text = isSubstitutionCase(sourceForm) ? sourceForm.value.replacingText("%arg", with: "") : sourceForm.value
            let read = FormatString.arguments(in: text, substitutions: substitutions, firstArgument: firstArgument(of: sourceForm, in: source))
            arguments.merge(read) { first, _ in first }
        }
        appArguments = arguments
    }

    /// What the app must pass when no text says: a plural form is chosen by a number, so a
    /// localization that varies by plural means the app passes an integer (argument 1), and a
    /// substitution the argument it declares (`argNum`, of its `formatSpecifier`'s class). Nil
    /// when nothing varies by plural.
    func impliedArguments() -> [Int: ArgumentClass]? {
        var implied: [Int: ArgumentClass] = [:]
        for localization in localizations {
            for (_, substitution) in substitutions(of: localization) {
                let position = substitution.argNum ?? 1
                if implied[position] == nil { implied[position] = substitution.argumentClass ?? .integer }
            }
            // Plain units (most strings) have no variation to look at.
            for index in localization.forms where forms[index].place.depth > 0 && !forms[index].place.isSubstitutionCase {
                if components(of: forms[index].path).contains(PathName.plural), implied[1] == nil { implied[1] = .integer }
            }
        }
        return implied.isEmpty ? nil : implied
    }

    /// The string of a catalog entry. Strings read together (by one thread) share `names`.
    init(member: JSONMember, sourceLanguage: UTF8Bytes, names: LintNames = LintNames()) {
        var builder = LintedStringBuilder(names: names, sourceLanguage: sourceLanguage)
        self.init(member: member, sourceLanguage: sourceLanguage, builder: &builder)
    }

    /// The string of a catalog entry, collected with `builder` (which is reset first).
    init(member: JSONMember, sourceLanguage: UTF8Bytes, builder: inout LintedStringBuilder) {
        key = member.key
        keyOffset = member.offset
        self.sourceLanguage = sourceLanguage
        value = member.value
        names = builder.names
        builder.reset()
        if case .raw(let raw) = member.value, let canonical = CanonicalEntry(raw, into: &builder) {
            shouldTranslate = canonical.shouldTranslate
            isStale = canonical.isStale
        } else {
            builder.reset()
            let owned = OwnedTexts()
            let entry = member.value.materialized.object ?? JSONObject()
            if let localizationsObject = entry[Name.localizations]?.object {
                for localization in localizationsObject.members {
                    guard let object = localization.value.object else { continue }
                    builder.beginLocalization(names.locale(localization.key), offset: localization.offset)
                    Self.collectSubstitutions(object, into: &builder)
                    Self.collect(object, path: .root, into: &builder, texts: owned)
                    builder.endLocalization()
                }
            }
            if case .bool(false) = entry[Name.shouldTranslate] { shouldTranslate = false }
            isStale = entry[Name.extractionState]?.stringValue?.equals(ExtractionState.stale.name) == true
            ownedTexts = owned
        }
        localizations = builder.localizations
        forms = builder.forms
        pluralVariations = builder.plurals
        substitutionTables = builder.substitutionTables
        sourceIndex = localizations.firstIndex { $0.isSource }
        if sourceIndex == nil {
            // An object key is no text: the comment says what it shows, or nothing does.
            if InterfaceBuilderText.isObjectKey(key) {
                let comment = value.materialized.object?[Name.comment]?.stringValue?.string
                keySource = comment.flatMap { InterfaceBuilderText.sourceText(key: key.string, comment: $0) }
            } else {
                keySource = key.string
            }
        }
        if let sourceIndex, localizations[sourceIndex].forms.count > 16 {
            sourceLookup = FormLookup(forms: forms[localizations[sourceIndex].forms])
        }
        findAppArguments()
    }

    static func collectSubstitutions(_ localization: JSONObject, into builder: inout LintedStringBuilder) {
        guard let substitutionsObject = localization[Name.substitutions]?.object else { return }
        for member in substitutionsObject.members {
            guard let substitution = member.value.object else { continue }
            builder.updateSubstitution(member.key.string) { entry in
                if case .number(let text)? = substitution[Name.argNum] { entry.argNum = Int(text.string) }
                entry.argumentClass = substitution[Name.formatSpecifier]?.stringValue.flatMap { ArgumentClass(formatSpecifier: $0.string) }
            }
        }
    }

    /// Gathers the units below `object` (a localization, a variation case or a substitution),
    /// in the order the line-by-line reading meets them.
    static func collect(_ object: JSONObject, path: FormPath, into builder: inout LintedStringBuilder, texts: OwnedTexts) {
        let names = builder.names
        for member in object.members {
            if member.key.equals(Name.stringUnit), let unitObject = member.value.object, let text = unitObject[Name.value]?.stringValue {
                let offset = unitObject.member(Name.value)?.offset ?? member.offset
                let state = unitObject[Name.state]?.stringValue.flatMap { UnitState($0) }
                builder.addForm(Form(place: names[path].place, text: texts.keep(text.string), state: state, offset: offset))
            } else if member.key.equals(Name.variations), let kinds = member.value.object {
                for kind in kinds.members {
                    guard let cases = kind.value.object else { continue }
                    let kindPath = names.child(path, kind.key.string)
                    if kind.key.equals(Name.plural) {
                        builder.addPluralVariation(at: kindPath, offset: kind.offset)
                        for variationCase in cases.members { builder.addPluralCategory(variationCase.key.string, to: kindPath) }
                    }
                    for variationCase in cases.members {
                        if let caseObject = variationCase.value.object {
                            collect(caseObject, path: names.child(kindPath, variationCase.key.string), into: &builder, texts: texts)
                        }
                    }
                }
            } else if path == .root, member.key.equals(Name.substitutions), let substitutions = member.value.object {
                let substitutionsPath = names.child(.root, PathName.substitutions)
                for substitution in substitutions.members {
                    if let substitutionObject = substitution.value.object {
                        collect(substitutionObject, path: names.child(substitutionsPath, substitution.key.string), into: &builder, texts: texts)
                    }
                }
            }
        }
    }
}

/// What the whole-catalog rules keep of a string once the string rules have run on it.
public struct StringSummary: Sendable {
    public var key: UTF8Bytes
    public var keyOffset: Int
    public var shouldTranslate: Bool
    public var isStale: Bool
    /// Whether the key is ASCII: two ASCII keys are never twins after normalization.
    public var keyIsASCII: Bool
    /// For a key that is not ASCII, its hash as a `String` (so equal after Unicode
    /// normalization), worked out on the thread that read the string.
    public var keyTextHash: Int?
    /// For a key that is not ASCII but normalizes to ASCII text, that text (see
    /// `NormalizationTwinsRule.asciiText`).
    public var asciiText: [UInt8]?
    /// Each localization's locale and the offsets of its first form in state `new` and in
    /// `needs_review`; empty unless asked for.
    public var localizations: [(locale: UTF8Bytes, firstNew: Int?, firstNeedsReview: Int?)]

    init(_ string: LintedString, withStates: Bool) {
        key = string.key
        keyOffset = string.keyOffset
        shouldTranslate = string.shouldTranslate
        isStale = string.isStale
        keyIsASCII = !string.key.bytes.contains { $0 >= 0x80 }
        keyTextHash = keyIsASCII ? nil : string.key.string.hashValue
        asciiText = keyIsASCII ? nil : NormalizationTwinsRule.asciiText(of: string.key)
        localizations = []
        guard withStates else { return }
        localizations = string.localizations.map { localization in
            let forms = string.forms[localization.forms]
            return (
                string.locale(of: localization), forms.first { $0.state == .new }?.offset,
                forms.first { $0.state == .needsReview }?.offset
            )
        }
    }
}
