import StringCatalog

/// One text a person sees: a string unit's value in a localization, at a plural or device case,
/// or in a substitution's case.
public struct Form: Sendable {
    /// The variation cases above it: [] for a plain unit, ["plural", "one"],
    /// ["device", "iphone", "plural", "other"], or ["substitutions", NAME, "plural", "one"].
    public var path: [String]
    public var value: String
    public var state: String?
    /// Byte offset of the unit's `value` member in the file.
    public var offset: Int

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
        guard let source, let form = source.form(matching: []) else { return nil }
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
