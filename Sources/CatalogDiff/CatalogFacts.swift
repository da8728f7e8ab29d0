import StringCatalog

/// The catalog's member names, each spelled once in `CatalogSchema`.
typealias Name = CatalogSchema.Name

/// One thing a catalog says, the unit a semantic diff compares and git's diff driver prints as a
/// line: a translation's text and state, an App Shortcut's phrases, an entry's field, a
/// top-level field, or that a key exists.
public struct CatalogFact: Sendable, Equatable {
    public enum Value: Sendable, Equatable {
        /// A string unit: its value and state.
        case text(UTF8Bytes, state: UTF8Bytes?)
        /// An App Shortcut's phrases (`stringSet`) and their state.
        case phrases([UTF8Bytes], state: UTF8Bytes?)
        /// A field's value (a comment, an extraction state, `argNum`, a member the schema does
        /// not know): a string as its text, anything else as compact JSON.
        case field(UTF8Bytes, isString: Bool)
        /// A key with nothing in it: that it exists.
        case present
    }

    /// The entry's key; nil for the top level.
    public var key: UTF8Bytes?
    /// The locale, for what is inside a localization.
    public var locale: UTF8Bytes?
    /// Where inside the entry or the localization: `["plural", "one"]`, `["comment"]`,
    /// `["substitutions", "count", "argNum"]`; `[]` for a localization's own string unit.
    public var path: [UTF8Bytes]
    public var value: Value

    public init(key: UTF8Bytes?, locale: UTF8Bytes?, path: [UTF8Bytes], value: Value) {
        self.key = key
        self.locale = locale
        self.path = path
        self.value = value
    }
}

/// The facts of a catalog, in its order: the top-level fields, then each entry's.
public enum CatalogFacts {

    /// The top level's facts: every member but `strings`.
    public static func topLevel(of catalog: Catalog) -> [CatalogFact] {
        catalog.root.members.compactMap { member in
            member.key.equals(Name.strings) ? nil : CatalogFact(key: nil, locale: nil, path: [member.key], value: field(member.value))
        }
    }

    /// An entry's facts: its fields, then each localization's units, phrases and substitution
    /// fields, form by form; `present` alone for an entry with nothing in it.
    public static func entry(_ key: UTF8Bytes, _ value: JSONValue) -> [CatalogFact] {
        var facts: [CatalogFact] = []
        guard let object = value.materialized.object else {
            return [CatalogFact(key: key, locale: nil, path: [], value: field(value))]
        }
        for member in object.members {
            if member.key.equals(Name.localizations), let localizations = member.value.object {
                for localization in localizations.members {
                    collect(localization.value, key: key, locale: localization.key, path: [], into: &facts)
                }
            } else {
                facts.append(CatalogFact(key: key, locale: nil, path: [member.key], value: field(member.value)))
            }
        }
        if facts.isEmpty { facts.append(CatalogFact(key: key, locale: nil, path: [], value: .present)) }
        return facts
    }

    /// A localization or a variation's case at `path`.
    static func collect(_ value: JSONValue, key: UTF8Bytes, locale: UTF8Bytes, path: [UTF8Bytes], into facts: inout [CatalogFact]) {
        guard let object = value.object else {
            facts.append(CatalogFact(key: key, locale: locale, path: path, value: field(value)))
            return
        }
        if object.members.isEmpty {
            facts.append(CatalogFact(key: key, locale: locale, path: path, value: .field("{}", isString: false)))
        }
        for member in object.members {
            switch CatalogSchema.member(named: member.key, in: .localization)?.value {
            case .node(.stringUnit)?:
                if let unit = member.value.object, let text = unit[Name.value]?.stringValue,
                    unit[Name.state].map({ $0.stringValue != nil }) ?? true
                {
                    facts.append(CatalogFact(key: key, locale: locale, path: path, value: .text(text, state: unit[Name.state]?.stringValue)))
                    // Other members of the unit (real catalogs carry a `comment` there) are fields
                    // of their own: one added is that change, not the unit removed and added.
                    for other in unit.members where !other.key.equals(Name.value) && !other.key.equals(Name.state) {
                        facts.append(CatalogFact(key: key, locale: locale, path: path + [member.key, other.key], value: field(other.value)))
                    }
                } else {
                    facts.append(CatalogFact(key: key, locale: locale, path: path + [member.key], value: field(member.value)))
                }
            case .node(.stringSet)?:
                if let set = member.value.object, case .array(let values)? = set[Name.values]?.materialized,
                    values.allSatisfy({ $0.stringValue != nil }),
                    set.members.allSatisfy({ $0.key.equals(Name.values) || ($0.key.equals(Name.state) && $0.value.stringValue != nil) })
                {
                    facts.append(CatalogFact(
                        key: key, locale: locale, path: path + [Name.phrasesPath],
                        value: .phrases(values.compactMap(\.stringValue), state: set[Name.state]?.stringValue)))
                } else {
                    facts.append(CatalogFact(key: key, locale: locale, path: path + [member.key], value: field(member.value)))
                }
            case .node(.variations)? where member.value.object != nil:
                for kind in member.value.object!.members {
                    guard let cases = kind.value.object else {
                        facts.append(CatalogFact(key: key, locale: locale, path: path + [kind.key], value: field(kind.value)))
                        continue
                    }
                    for variationCase in cases.members {
                        collect(variationCase.value, key: key, locale: locale, path: path + [kind.key, variationCase.key], into: &facts)
                    }
                }
            case .map(.substitutions)? where member.value.object != nil:
                for substitution in member.value.object!.members {
                    let place = path + [member.key, substitution.key]
                    guard let fields = substitution.value.object else {
                        facts.append(CatalogFact(key: key, locale: locale, path: place, value: field(substitution.value)))
                        continue
                    }
                    for field in fields.members {
                        if field.key.equals(Name.variations), let kinds = field.value.object {
                            for kind in kinds.members {
                                guard let cases = kind.value.object else {
                                    facts.append(CatalogFact(key: key, locale: locale, path: place + [kind.key], value: Self.field(kind.value)))
                                    continue
                                }
                                for variationCase in cases.members {
                                    collect(variationCase.value, key: key, locale: locale, path: place + [kind.key, variationCase.key], into: &facts)
                                }
                            }
                        } else {
                            facts.append(CatalogFact(key: key, locale: locale, path: place + [field.key], value: Self.field(field.value)))
                        }
                    }
                }
            default:
                facts.append(CatalogFact(key: key, locale: locale, path: path + [member.key], value: field(member.value)))
            }
        }
    }

    /// A field's value: a string as its text, anything else as compact JSON.
    static func field(_ value: JSONValue) -> CatalogFact.Value {
        if let text = value.stringValue { return .field(text, isString: true) }
        return .field(UTF8Bytes(CompactJSON.bytes(of: value.materialized)), isString: false)
    }
}

extension CatalogSchema.Name {
    /// The path component the facts give an App Shortcut's phrases.
    static let phrasesPath: UTF8Bytes = "phrases"
}

/// JSON on one line, for a field's value that is not a string.
enum CompactJSON {
    static func bytes(of value: JSONValue) -> [UInt8] {
        var output: [UInt8] = []
        write(value, into: &output)
        return output
    }

    static func write(_ value: JSONValue, into output: inout [UInt8]) {
        switch value {
        case .object(let object):
            output.append(UInt8(ascii: "{"))
            for (index, member) in object.members.enumerated() {
                if index > 0 { output += Array(", ".utf8) }
                writeString(member.key, into: &output)
                output += Array(": ".utf8)
                write(member.value, into: &output)
            }
            output.append(UInt8(ascii: "}"))
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output += Array(", ".utf8) }
                write(element, into: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .string(let text): writeString(text, into: &output)
        case .number(let text): output += text.bytes
        case .bool(let flag): output += Array((flag ? "true" : "false").utf8)
        case .null: output += Array("null".utf8)
        case .raw(let raw): write(raw.parsed(), into: &output)
        }
    }

    static func writeString(_ text: UTF8Bytes, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in text.bytes {
            switch byte {
            case UInt8(ascii: "\""): output += [0x5C, 0x22]
            case UInt8(ascii: "\\"): output += [0x5C, 0x5C]
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
