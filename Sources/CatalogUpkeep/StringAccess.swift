import CatalogLint
import StringCatalog

/// Where a unit stands inside a localization: nothing for its plain string, else a path of
/// variations and substitutions as Xcode's export names them after `|==|`: `plural.one`,
/// `device.iphone`, `device.mac.plural.other`, `substitution.count.plural.few`.
public struct FormPath: Sendable, Hashable, CustomStringConvertible {
    public enum Step: Sendable, Hashable {
        case plural(String)
        case device(String)
        case substitution(String)
    }

    public var steps: [Step]

    public init(_ steps: [Step] = []) { self.steps = steps }

    /// Reads `plural.one`, `device.iphone.plural.one`, `substitution.NAME.plural.few`; nil for
    /// anything else (an unknown kind, a missing name). The empty text is the plain string.
    public init?(_ text: String) {
        var steps: [Step] = []
        var words = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)[...]
        if text.isEmpty { words = [] }
        while let kind = words.popFirst() {
            guard let name = words.popFirst(), !name.isEmpty else { return nil }
            switch kind {
            case "plural": steps.append(.plural(name))
            case "device": steps.append(.device(name))
            case "substitution": steps.append(.substitution(name))
            default: return nil
            }
        }
        self.steps = steps
    }

    public var description: String {
        steps.map { step in
            switch step {
            case .plural(let name): return "plural." + name
            case .device(let name): return "device." + name
            case .substitution(let name): return "substitution." + name
            }
        }.joined(separator: ".")
    }

    func appending(_ step: Step) -> FormPath { FormPath(steps + [step]) }
}

/// One unit of a string, as `get` prints it and `set --from-json` reads it.
public struct UnitRecord: Sendable, Equatable {
    public var key: UTF8Bytes
    public var locale: UTF8Bytes
    public var form: FormPath
    public var state: UTF8Bytes?
    /// A string unit's value, or nil for a phrase set.
    public var value: UTF8Bytes?
    /// A phrase set's values (`stringSet`).
    public var values: [UTF8Bytes]?

    public init(key: UTF8Bytes, locale: UTF8Bytes, form: FormPath = FormPath(), state: UTF8Bytes? = nil, value: UTF8Bytes? = nil, values: [UTF8Bytes]? = nil) {
        self.key = key
        self.locale = locale
        self.form = form
        self.state = state
        self.value = value
        self.values = values
    }
}

/// `get` and `set`: single units of a catalog read and written by key, locale and form.
public enum StringAccess {
    /// Every unit of `key`'s localizations (of `locale` alone when given), in the catalog's
    /// order of locales and forms; nil when the key is not there.
    public static func units(of key: UTF8Bytes, locale: UTF8Bytes? = nil, in catalog: Catalog) -> [UnitRecord]? {
        guard let entry = catalog.strings[key: key]?.materialized.object else { return nil }
        var records: [UnitRecord] = []
        for member in entry[Name.localizations]?.object?.members ?? [] where locale == nil || member.key == locale {
            collect(member.value, key: key, locale: member.key, form: FormPath(), into: &records)
        }
        return records
    }

    static func collect(_ value: JSONValue, key: UTF8Bytes, locale: UTF8Bytes, form: FormPath, into records: inout [UnitRecord]) {
        guard case .object(let object) = value.materialized else { return }
        if case .object(let unit)? = object[Name.stringUnit]?.materialized {
            records.append(UnitRecord(key: key, locale: locale, form: form, state: unit[Name.state]?.stringValue, value: unit[Name.value]?.stringValue))
        }
        if case .object(let set)? = object[Name.stringSet]?.materialized {
            let values: [UTF8Bytes]
            if case .array(let array)? = set[Name.values] { values = array.compactMap(\.stringValue) } else { values = [] }
            records.append(UnitRecord(key: key, locale: locale, form: form, state: set[Name.state]?.stringValue, values: values))
        }
        for kind in object[Name.variations]?.object?.members ?? [] {
            for variant in kind.value.object?.members ?? [] {
                let name = variant.key.string
                let step: FormPath.Step = kind.key.equals(Name.device) ? .device(name) : .plural(name)
                collect(variant.value, key: key, locale: locale, form: form.appending(step), into: &records)
            }
        }
        for substitution in object[Name.substitutions]?.object?.members ?? [] {
            collect(substitution.value, key: key, locale: locale, form: form.appending(.substitution(substitution.key.string)), into: &records)
        }
    }

    /// Why a unit cannot be set where it was asked.
    public struct Refusal: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    /// `catalog` with the string unit at `record`'s key, locale and form holding its value and
    /// state (`translated` when it names none). The key must exist; a missing locale or variation
    /// is made. Refused: a form that the localization's shape does not have room for (a plural
    /// form of a plain string, the plain string of a varied one), a substitution the
    /// localization does not declare, and phrase sets.
    public static func setting(_ record: UnitRecord, in catalog: Catalog) throws(Refusal) -> Catalog {
        let outcome = setting([record], in: catalog)
        if let refused = outcome.refused.first { throw refused.refusal }
        return outcome.catalog
    }

    /// What `setting` many records did: the catalog with every record that could be set, and
    /// the refused ones (`missingKey` for a key the catalog does not have).
    public struct Settings: Sendable {
        public var catalog: Catalog
        public var refused: [(record: UnitRecord, refusal: Refusal, missingKey: Bool)] = []
    }

    /// `setting` for many records in one pass over the catalog's strings, each entry changed
    /// once for all its records: linear in the catalog and the records, where a record at a time
    /// copies the strings each time. The entries are changed in blocks on all cores, and each
    /// one changed is kept as the bytes Xcode writes for it: what reads it next (a merge, the
    /// writer) compares and copies those bytes instead of the decoded entry.
    public static func setting(_ records: [UnitRecord], in catalog: Catalog) -> Settings {
        var outcome = Settings(catalog: catalog)
        let members = catalog.strings.members
        // Each record by its entry's position (the reading's table of keys when it built one).
        let table = catalog.strings.keyTable ?? KeyTable(members)
        let positions = records.map { table.position(of: $0.key) }
        var wantedByMember = [[Int]](repeating: [], count: members.count)
        for (index, position) in positions.enumerated() {
            if let position { wantedByMember[position].append(index) }
        }
        let wanted = wantedByMember
        // Only the entries records go to, in the catalog's order.
        let touched = wanted.indices.filter { !wanted[$0].isEmpty }
        let changes = ParallelBlocks.map(touched.count, blockSize: 256) { range in
            range.compactMap { place -> (index: Int, entry: JSONValue, refused: [(UnitRecord, Refusal)])? in
                let index = touched[place]
                if wanted[index].count == 1, let entry = settingInBytes(records[wanted[index][0]], in: members[index].value) {
                    return (index, entry, [])
                }
                guard var entry = members[index].value.materialized.object else { return nil }
                var refused: [(UnitRecord, Refusal)] = []
                for recordIndex in wanted[index] {
                    do throws(Refusal) {
                        entry = try setting(records[recordIndex], inEntry: entry)
                    } catch {
                        refused.append((records[recordIndex], error))
                    }
                }
                return (index, .raw(RawJSON(writing: entry, indent: 2)), refused)
            }
        }
        // The values replaced together: the keys stay, and so does the reading's table of them.
        var found = [Bool](repeating: false, count: members.count)
        for change in changes {
            found[change.index] = true
            outcome.refused += change.refused.map { ($0.0, $0.1, false) }
        }
        for (record, position) in zip(records, positions) where !(position.map { found[$0] } ?? false) {
            outcome.refused.append((record, Refusal(description: "no key \"\(VisibleText.name(record.key.string))\""), true))
        }
        if !changes.isEmpty {
            outcome.catalog.strings.replaceValues(changes.map { ($0.index, $0.entry) })
        }
        return outcome
    }

    /// A localization holding one string unit, `{ "stringUnit" : { "state" : …, "value" : … } }`,
    /// as Xcode writes it at `indent` (the state `translated` when none is given).
    public static func stringUnitLocalization(state: UTF8Bytes?, value: UTF8Bytes, indent: Int) -> [UInt8] {
        // Written member by member (what writing the object gives, as `StringAccessTests`
        // holds), not built as objects and written: tens of thousands of these in an import.
        var writer = XcodeWriter(capacity: 8 * indent + 80 + value.count)
        writer.writeLayout("{\n")
        writer.writeIndent(indent + 1)
        writer.writeLayout("\"stringUnit\" : ")
        writeStringUnit(state: state, value: value, indent: indent + 1, into: &writer)
        writer.writeLayout("\n")
        writer.writeIndent(indent)
        writer.writeLayout("}")
        return writer.output
    }

    /// A string unit `{ state, value }` (no state: `translated`, as `setting` gives it) as
    /// writing the object at `indent` gives it.
    public static func writeStringUnit(state: UTF8Bytes?, value: UTF8Bytes, indent: Int, into writer: inout XcodeWriter) {
        writer.writeLayout("{\n")
        writer.writeIndent(indent + 1)
        writer.writeLayout("\"state\" : ")
        writer.writeString(state ?? UTF8Bytes(UnitState.translated.name))
        writer.writeLayout(",\n")
        writer.writeIndent(indent + 1)
        writer.writeLayout("\"value\" : ")
        writer.writeString(value)
        writer.writeLayout("\n")
        writer.writeIndent(indent)
        writer.writeLayout("}")
    }

    /// `setting` of a plain string's unit on the entry's bytes, where the entry is what Xcode
    /// writes and the localization holds a string unit and nothing else: the localization's bytes
    /// replaced by those of the new one, which is what writing the changed entry gives. Nil
    /// otherwise (the entry is decoded and set).
    static func settingInBytes(_ record: UnitRecord, in entry: JSONValue) -> JSONValue? {
        let entryIndent = 2
        guard record.form.steps.isEmpty, let value = record.value, case .raw(let raw) = entry, raw.canonicalIndent == entryIndent,
            case let language?? = CanonicalMembers.value(Name.localizations, record.locale, in: raw),
            let inside = CanonicalMembers(language), inside.spans.count == 1,
            language.source.withUnsafeBufferPointer({ inside.span(named: Name.stringUnit, in: $0) }) != nil
        else { return nil }
        let written = stringUnitLocalization(state: record.state, value: value, indent: entryIndent + 2)
        var spliced: [UInt8] = []
        spliced.reserveCapacity(raw.range.count - language.range.count + written.count)
        spliced += raw.source[raw.range.lowerBound..<language.range.lowerBound]
        spliced += written
        spliced += raw.source[language.range.upperBound..<raw.range.upperBound]
        return .raw(RawJSON(source: spliced, range: 0..<spliced.count, canonicalIndent: entryIndent))
    }

    /// `entry` with `record`'s unit set.
    static func setting(_ record: UnitRecord, inEntry entry: JSONObject) throws(Refusal) -> JSONObject {
        var entry = entry
        var localizations = entry[Name.localizations]?.object ?? JSONObject()
        let localization = localizations[key: record.locale]?.materialized.object ?? JSONObject()
        localizations[key: record.locale] = .object(try setting(record, inLocalization: localization))
        entry[Name.localizations] = .object(localizations)
        return entry
    }

    /// `localization` (the one in `record`'s language) with `record`'s unit set, as `setting`
    /// sets it in an entry.
    public static func setting(_ record: UnitRecord, inLocalization localization: JSONObject) throws(Refusal) -> JSONObject {
        guard let value = record.value else { throw Refusal(description: "phrase sets (stringSet) are edited in Xcode") }
        let state = record.state ?? UTF8Bytes(UnitState.translated.name)
        let unit = JSONObject([JSONMember(Name.state, .string(state)), JSONMember(Name.value, .string(value))])
        return try placing(unit, at: record.form.steps[...], in: localization, form: record.form)
    }

    static func placing(_ unit: JSONObject, at steps: ArraySlice<FormPath.Step>, in object: JSONObject, form: FormPath) throws(Refusal) -> JSONObject {
        var object = object
        guard let step = steps.first else {
            if object[Name.variations] != nil {
                throw Refusal(description: "it varies by \(variationKinds(object)); name the form with --form (\(variationKinds(object)).…)")
            }
            object[Name.stringUnit] = .object(unit)
            return object
        }
        switch step {
        case .plural(let name), .device(let name):
            let kind: StaticString
            if case .plural = step { kind = Name.plural } else { kind = Name.device }
            if object[Name.stringUnit] != nil && object[Name.variations] == nil {
                throw Refusal(description: "it is one string, not varied by \(kind); set it without --form")
            }
            var variations = object[Name.variations]?.object ?? JSONObject()
            if variations[kind] == nil, let other = variations.members.first {
                throw Refusal(description: "it varies by \(other.key.string), not \(kind)")
            }
            var cases = variations[kind]?.object ?? JSONObject()
            let current = cases[key: UTF8Bytes(name)]?.materialized.object ?? JSONObject()
            cases[key: UTF8Bytes(name)] = .object(try placing(unit, at: steps.dropFirst(), in: current, form: form))
            variations[kind] = .object(cases)
            object[Name.variations] = .object(variations)
        case .substitution(let name):
            var substitutions = object[Name.substitutions]?.object ?? JSONObject()
            guard let current = substitutions[key: UTF8Bytes(name)]?.materialized.object else {
                let known = substitutions.keys.map { "\"\($0.string)\"" }.joined(separator: ", ")
                throw Refusal(description: "no substitution \"\(VisibleText.name(name))\" here\(known.isEmpty ? "" : " (it has \(known))")")
            }
            substitutions[key: UTF8Bytes(name)] = .object(try placing(unit, at: steps.dropFirst(), in: current, form: form))
            object[Name.substitutions] = .object(substitutions)
        }
        return object
    }

    static func variationKinds(_ object: JSONObject) -> String {
        object[Name.variations]?.object?.keys.map(\.string).joined(separator: " and ") ?? ""
    }
}

extension StringAccess {
    /// What lint's `placeholder-mismatch` finds in `key`'s `locale` of `catalog`: a value that
    /// reads an argument the app does not pass, or as another kind (it would crash or show
    /// garbage). `set` refuses such a value without `--force`.
    public static func placeholderProblems(key: UTF8Bytes, locale: UTF8Bytes, in catalog: Catalog) -> [Finding] {
        placeholderProblems(in: [(key, locale)], of: catalog)
    }

    /// The same for many keys and locales, in one run of the rule over those entries.
    public static func placeholderProblems(in places: [(key: UTF8Bytes, locale: UTF8Bytes)], of catalog: Catalog) -> [Finding] {
        let wanted = Set(places.map { [$0.key, $0.locale] })
        let linter = Linter(rules: LintRules.all.filter { $0.id == "placeholder-mismatch" })
        let keys = Array(Set(places.map(\.key)))
        return linter.findings(forKeys: keys, in: catalog).filter { finding in finding.locale.map { wanted.contains([finding.key, $0]) } ?? false }
    }

    /// The units as `get --format json` prints them and `set --from-json` reads them: an array
    /// of `{"key", "locale", "form" (absent for the plain string), "state", "value"}` (a phrase
    /// set has `values`).
    public static func json(_ records: [UnitRecord]) -> [UInt8] {
        XcodeWriter.reportBytes(of: .array(records.map { record in
            var members = [JSONMember(key: "key", value: .string(record.key)), JSONMember(key: "locale", value: .string(record.locale))]
            if !record.form.steps.isEmpty { members.append(JSONMember(key: "form", value: .string(UTF8Bytes(record.form.description)))) }
            if let state = record.state { members.append(JSONMember(key: "state", value: .string(state))) }
            if let value = record.value { members.append(JSONMember(key: "value", value: .string(value))) }
            if let values = record.values { members.append(JSONMember(key: "values", value: .array(values.map(JSONValue.string)))) }
            return .object(JSONObject(members))
        }))
    }

    /// Reads what `json` writes (one object alone is taken as an array of one).
    public static func records(fromJSON bytes: [UInt8]) throws(Refusal) -> [UnitRecord] {
        let document: JSONValue
        do throws(JSONError) {
            document = try JSONReader.parse(bytes)
        } catch {
            throw Refusal(description: "\(error.line):\(error.column): \(error.message)")
        }
        let objects: [JSONValue]
        switch document {
        case .array(let array): objects = array
        case .object: objects = [document]
        default: throw Refusal(description: "expected an array of units, found \(document.typeDescription)")
        }
        var records: [UnitRecord] = []
        for (index, value) in objects.enumerated() {
            let place = "unit \(index + 1)"
            guard case .object(let object) = value.materialized else { throw Refusal(description: "\(place): expected an object, found \(value.typeDescription)") }
            func text(_ name: String, required: Bool) throws(Refusal) -> UTF8Bytes? {
                switch object[key: UTF8Bytes(name)] {
                case .string(let text)?: return text
                case nil where !required: return nil
                case nil: throw Refusal(description: "\(place): no \"\(name)\"")
                case let other?: throw Refusal(description: "\(place): \"\(name)\" is \(other.typeDescription); expected a string")
                }
            }
            for member in object.members where !["key", "locale", "form", "state", "value", "values"].contains(member.key.string) {
                throw Refusal(description: "\(place): unknown member \"\(VisibleText.name(member.key.string))\"")
            }
            let formText = try text("form", required: false)?.string ?? ""
            guard let form = FormPath(formText) else { throw Refusal(description: "\(place): \"\(VisibleText.name(formText))\" is no form (plural.one, device.iphone, substitution.NAME.plural.few)") }
            if let state = try text("state", required: false), UnitState(state) == nil {
                throw Refusal(description: "\(place): \"\(VisibleText.name(state.string))\" is no state (translated, needs_review, new)")
            }
            var values: [UTF8Bytes]?
            if case .array(let array)? = object[key: "values"] { values = array.compactMap(\.stringValue) }
            let value = try text("value", required: values == nil)
            records.append(UnitRecord(
                key: try text("key", required: true)!, locale: try text("locale", required: true)!, form: form,
                state: try text("state", required: false), value: value, values: values))
        }
        return records
    }
}

extension StringAccess {
    /// `catalog` with `key`'s localization in `locale` made of `records` alone: its plain string
    /// and variations replaced, its substitutions kept. For a translator who changed a string's
    /// shape (a plural where it was one string, a device variation dropped): the forms sent are
    /// the shape.
    public static func replacingShape(key: UTF8Bytes, locale: UTF8Bytes, with records: [UnitRecord], in catalog: Catalog) throws(Refusal) -> Catalog {
        guard var entry = catalog.strings[key: key]?.materialized.object else {
            throw Refusal(description: "no key \"\(VisibleText.name(key.string))\"")
        }
        var localizations = entry[Name.localizations]?.materialized.object ?? JSONObject()
        var localization = localizations[key: locale]?.materialized.object ?? JSONObject()
        localization[Name.stringUnit] = nil
        localization[Name.variations] = nil
        for record in records {
            guard let value = record.value else { throw Refusal(description: "phrase sets (stringSet) are edited in Xcode") }
            let unit = JSONObject([JSONMember(Name.state, .string(record.state ?? UTF8Bytes(UnitState.translated.name))), JSONMember(Name.value, .string(value))])
            localization = try placing(unit, at: record.form.steps[...], in: localization, form: record.form)
        }
        localizations[key: locale] = .object(localization)
        entry[Name.localizations] = .object(localizations)
        var result = catalog
        var strings = result.strings
        strings[key: key] = .object(entry)
        result.strings = strings
        return result
    }
}
