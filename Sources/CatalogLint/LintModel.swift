import StringCatalog

/// One text a person sees: a string unit's value in a localization, at a plural or device case,
/// or in a substitution's case.
public struct Form: Sendable {
    /// The variation cases above it: [] for a plain unit, ["plural", "one"],
    /// ["device", "iphone", "plural", "other"], or ["substitutions", NAME, "plural", "one"].
    public var path: [String]
    var text: FormText
    public var state: String?
    /// Byte offset of the unit's `value` member in the file.
    public var offset: Int

    init(path: [String], value: String, state: String?, offset: Int) {
        self.init(path: path, text: FormText(value), state: state, offset: offset)
    }

    init(path: [String], text: FormText, state: String?, offset: Int) {
        self.path = path
        self.text = text
        self.state = state
        self.offset = offset
    }

    /// The text, decoded when asked for: most rules never need it (see `FormText`).
    public var value: String { text.string }

    public var isEmpty: Bool { text.isEmpty }

    /// Whether it is a case of a substitution (whose `%arg` is the substitution's argument).
    public var isSubstitutionCase: Bool { path.first == "substitutions" }

    /// The plural category, when it is a plural case.
    public var pluralCategory: String? {
        guard path.count >= 2, path[path.count - 2] == "plural" else { return nil }
        return path.last
    }

    /// `path` without its last plural category: the form a source case is looked up by.
    var pathWithoutPluralCase: [String] { pluralCategory == nil ? path : Array(path.dropLast()) }
}

/// A form's text: decoded already (an entry not in Xcode's layout), or where its JSON string is
/// in the file, with what a scan of its bytes showed. Decoding 200,000 texts that no rule reads
/// was most of the cost of linting a big catalog; the flags let the rules skip most texts.
///
/// The bytes belong to the file the catalog was read from, which the `LintedString` holding
/// the form keeps alive (its entry's `RawJSON` shares that storage). A pointer, not a slice: a
/// slice would count references on the file's one storage from every thread for every copy.
struct FormText: @unchecked Sendable {
    private var decoded: String?
    private var start: UnsafePointer<UInt8>?
    private var count: Int
    /// The JSON string holds escapes: a backslash, a quote or a control character may be in it.
    let mayHoldEscapes: Bool
    /// A `%` may be in the text (one written as `\u0025` counts as an escape).
    let mayHoldPercent: Bool
    /// The text may start or end with white space (see `EdgeSpace`).
    let mayHaveEdgeSpace: Bool

    init(_ text: String) {
        decoded = text
        start = nil
        count = text.utf8.count
        mayHoldEscapes = true
        mayHoldPercent = true
        mayHaveEdgeSpace = true
    }

    /// The JSON string's content (between its quotes) at `start`, `count` bytes long.
    init(jsonStringAt start: UnsafePointer<UInt8>, count: Int, escaped: Bool) {
        decoded = nil
        self.start = start
        self.count = count
        mayHoldEscapes = escaped
        let bytes = UnsafeBufferPointer(start: start, count: count)
        mayHoldPercent = escaped || bytes.contains(UInt8(ascii: "%"))
        mayHaveEdgeSpace = EdgeSpace.mayHave(bytes, escaped: escaped)
    }

    var isEmpty: Bool { count == 0 }

    var string: String {
        if let decoded { return decoded }
        guard let start else { return "" }
        let bytes = UnsafeBufferPointer(start: start, count: count)
        if !mayHoldEscapes { return String(decoding: bytes, as: UTF8.self) }
        // With its quotes, as JSON; the bytes were validated when the catalog was read.
        var json: [UInt8] = [UInt8(ascii: "\"")]
        json += bytes
        json.append(UInt8(ascii: "\""))
        guard case .string(let text)? = try? JSONReader.parse(json) else { return String(decoding: bytes, as: UTF8.self) }
        return text.string
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
        // Outside ASCII, Unicode's White_Space property, as `hasEdgeSpace` reads it.
        if first >= 0x80 && UTF8Bytes.scalar(in: bytes, at: 0)?.properties.isWhitespace == true { return true }
        if last >= 0x80 {
            var start = bytes.count - 1
            while start > 0 && bytes[start] & 0xC0 == 0x80 { start -= 1 }
            if UTF8Bytes.scalar(in: bytes, at: start)?.properties.isWhitespace == true { return true }
        }
        return false
    }
}

/// A localization of one string: its forms, substitutions and variations.
public struct Localization: Sendable {
    public var locale: UTF8Bytes
    public var offset: Int
    public var forms: [Form]
    /// Each plural variation: where it is (as a form path prefix) and its categories.
    public var pluralVariations: [(path: [String], categories: [String], offset: Int)]
    /// Substitutions by name: the argument they read and the class of their format.
    public var substitutions: [String: (argNum: Int?, argumentClass: ArgumentClass?)]

    /// An empty localization, filled in by `CanonicalEntry`.
    init(locale: UTF8Bytes, offset: Int) {
        self.locale = locale
        self.offset = offset
        forms = []
        pluralVariations = []
        substitutions = [:]
    }

    init(locale: UTF8Bytes, offset: Int, value: JSONObject) {
        self.init(locale: locale, offset: offset)
        collect(value, path: [])
        if let substitutionsObject = value["substitutions"]?.object {
            for member in substitutionsObject.members {
                guard let substitution = member.value.object else { continue }
                var argNum: Int?
                if case .number(let text)? = substitution["argNum"] { argNum = Int(text.string) }
                let argumentClass = substitution["formatSpecifier"]?.stringValue.flatMap { ArgumentClass(formatSpecifier: $0.string) }
                substitutions[member.key.string] = (argNum, argumentClass)
                collect(substitution, path: ["substitutions", member.key.string])
            }
        }
    }

    /// Gathers the units below `object` (a localization, a variation case or a substitution).
    mutating func collect(_ object: JSONObject, path: [String]) {
        if let unit = object.member("stringUnit"), let unitObject = unit.value.object,
            let text = unitObject["value"]?.stringValue
        {
            let offset = unitObject.member("value")?.offset ?? unit.offset
            forms.append(Form(path: path, value: text.string, state: unitObject["state"]?.stringValue?.string, offset: offset))
        }
        guard let variations = object.member("variations"), let kinds = variations.value.object else { return }
        for kind in kinds.members {
            guard let cases = kind.value.object else { continue }
            if kind.key.equals("plural") {
                pluralVariations.append((path + ["plural"], cases.keys.map(\.string), kind.offset))
            }
            for variationCase in cases.members {
                if let caseObject = variationCase.value.object {
                    collect(caseObject, path: path + [kind.key.string, variationCase.key.string])
                }
            }
        }
    }

    /// The form at `path`, else (for a case the other language lacks) the `other` case of the
    /// same variation, else the plain unit.
    func form(matching path: [String]) -> Form? {
        if let exact = forms.first(where: { $0.path == path }) { return exact }
        if path.count >= 2 {
            var other = path
            other[other.count - 1] = "other"
            if let form = forms.first(where: { $0.path == other }) { return form }
        }
        return forms.first { $0.path.isEmpty } ?? forms.first { $0.path.last == "other" && !$0.isSubstitutionCase }
    }
}

/// One string of a catalog as the lint rules see it.
public struct LintedString: Sendable {
    public var key: UTF8Bytes
    public var keyOffset: Int
    /// The entry as read: decoded only when something needs it whole (`--fix`).
    let value: JSONValue
    public var entry: JSONObject { value.materialized.object ?? JSONObject() }
    public var localizations: [Localization]
    public var sourceLanguage: UTF8Bytes

    /// `shouldTranslate: false`: exempt from every rule but `format-only-key`.
    public private(set) var shouldTranslate = true

    public private(set) var isStale = false

    /// Where the source language's localization is in `localizations`.
    private(set) var sourceIndex: Int?

    public var source: Localization? { sourceIndex.map { localizations[$0] } }

    /// The source-language text of a form path: the source localization's matching form, else
    /// the key itself (the key is the source text when no source localization exists). Read in
    /// place: rules call this for every form.
    func sourceText(for path: [String]) -> String? {
        guard let sourceIndex else { return key.string }
        return localizations[sourceIndex].form(matching: path)?.value
    }

    /// Whether the source text of a form path may start or end with white space (false when
    /// there is none), from its bytes.
    func sourceMayHaveEdgeSpace(for path: [String]) -> Bool {
        guard let sourceIndex else {
            return key.bytes.withUnsafeBufferPointer { EdgeSpace.mayHave($0, escaped: false) }
        }
        return localizations[sourceIndex].form(matching: path)?.text.mayHaveEdgeSpace ?? false
    }

    /// The arguments the app passes: the key's when the key holds a format specifier (Xcode
    /// writes a call site's interpolations into the key), else the source text's (its plain or
    /// `other` form), else none. Nil when the app passes no arguments: then `%` is prose.
    ///
    /// The source text's arguments are those of all its forms together: a substitution's cases
    /// may read arguments of their own (`%2$@` beside `%arg`).
    private(set) var appArguments: [Int: ArgumentClass]?

    static func appArguments(key: UTF8Bytes, source: Localization?) -> [Int: ArgumentClass]? {
        let key = key.string
        if FormatString.passesArguments(key) { return FormatString.arguments(in: key) }
        guard let source, let form = source.form(matching: []), form.text.mayHoldPercent else { return nil }
        guard FormatString.passesArguments(form.value) else { return nil }
        var arguments: [Int: ArgumentClass] = [:]
        for sourceForm in [form] + source.forms {
            let text = sourceForm.isSubstitutionCase ? sourceForm.value.replacingText("%arg", with: "") : sourceForm.value
            arguments.merge(FormatString.arguments(in: text, substitutions: source.substitutions)) { first, _ in first }
        }
        return arguments
    }

    init(member: JSONMember, sourceLanguage: UTF8Bytes, locales: LocaleNames = LocaleNames()) {
        key = member.key
        keyOffset = member.offset
        self.sourceLanguage = sourceLanguage
        value = member.value
        localizations = []
        if case .raw(let raw) = member.value, let canonical = CanonicalEntry(raw, sourceLanguage: sourceLanguage, locales: locales) {
            localizations = canonical.localizations
            shouldTranslate = canonical.shouldTranslate
            isStale = canonical.isStale
        } else {
            let entry = member.value.materialized.object ?? JSONObject()
            if let localizationsObject = entry["localizations"]?.object {
                for localization in localizationsObject.members {
                    guard let object = localization.value.object else { continue }
                    localizations.append(Localization(locale: localization.key, offset: localization.offset, value: object))
                }
            }
            if case .bool(false) = entry["shouldTranslate"] { shouldTranslate = false }
            isStale = entry["extractionState"]?.stringValue?.equals("stale") == true
        }
        sourceIndex = localizations.firstIndex { $0.locale == sourceLanguage }
        appArguments = Self.appArguments(key: key, source: source)
    }
}
