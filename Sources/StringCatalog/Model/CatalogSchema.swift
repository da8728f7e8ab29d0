/// The members of a string catalog as Xcode writes them (docs/engineering/format.md): the one description
/// that the validator, the schema skim, the merge's node kinds and lint's line reader take their
/// names from. `CatalogSchemaTests` holds each of them to it: every member declared here is read,
/// and a member not declared here is unknown to all of them alike.
///
/// A catalog's objects are of two sorts: nodes, whose members have fixed names (an entry's
/// `comment`, a localization's `stringUnit`), and maps, whose members are named by the catalog's
/// content (keys, locales, substitution names) or from a fixed vocabulary (plural categories,
/// devices), each member a node.
public enum CatalogSchema {
    /// An object whose members have fixed names.
    public enum Node: String, CaseIterable, Sendable {
        /// The top level: `sourceLanguage`, `strings`, `version`.
        case root
        /// One string of `strings`.
        case entry
        /// A locale's translation, or one case of a variation.
        case localization
        case stringUnit
        /// An App Shortcut's phrases (`AppShortcuts.xcstrings`).
        case stringSet
        /// `plural` and `device`.
        case variations
        /// One substitution of a localization (`%#@name@`).
        case substitution
    }

    /// An object whose members are named by the catalog, each a node.
    public enum Map: String, CaseIterable, Sendable {
        /// `strings`: the entries, named by their keys.
        case entries
        /// An entry's `localizations`, named by locale.
        case locales
        /// A localization's `substitutions`, named by the substitution's name.
        case substitutions
        /// `plural`: the cases named by CLDR's plural categories.
        case pluralCases
        /// `device`: the cases named by Apple's device families.
        case deviceCases

        /// What each member of the map is.
        public var element: Node {
            switch self {
            case .entries: return .entry
            case .substitutions: return .substitution
            case .locales, .pluralCases, .deviceCases: return .localization
            }
        }

        /// The names its members may have; nil when the catalog's content names them.
        public var names: Vocabulary? {
            switch self {
            case .pluralCases: return .pluralCategories
            case .deviceCases: return .devices
            case .entries, .locales, .substitutions: return nil
            }
        }
    }

    /// A fixed set of names a value or a map's members take.
    public enum Vocabulary: Sendable, Hashable {
        case unitStates, extractionStates, pluralCategories, devices

        public var names: [StaticString] {
            switch self {
            case .unitStates: return Self.unitStateNames
            case .extractionStates: return Self.extractionStateNames
            case .pluralCategories: return Self.pluralCategoryNames
            case .devices: return Self.deviceNames
            }
        }

        static let unitStateNames: [StaticString] = UnitState.allCases.map(\.name)
        static let extractionStateNames: [StaticString] = ExtractionState.allCases.map(\.name)
        static let pluralCategoryNames: [StaticString] = ["zero", "one", "two", "few", "many", "other"]
        static let deviceNames: [StaticString] = ["iphone", "ipad", "ipod", "mac", "appletv", "applewatch", "applevision", "other"]

        public func contains(_ name: UTF8Bytes) -> Bool { names.contains { name.equals($0) } }
    }

    /// What a member holds.
    public enum Value: Sendable, Hashable {
        /// A string; from `vocabulary` when there is one (other values are warnings: a later
        /// Xcode may add one).
        case string(Vocabulary?)
        case boolean
        /// A whole number from 1, written plainly (`argNum`).
        case argumentNumber
        /// A printf conversion without its `%` (`formatSpecifier`).
        case formatSpecifier
        /// An array of strings (an App Shortcut's phrases).
        case phrases
        case node(Node)
        case map(Map)

    }

    /// A member of a node.
    public struct Member: Sendable {
        public let name: StaticString
        public let value: Value
        /// Whether the node is incomplete without it (a unit's `value`, a set's `values`).
        public let isRequired: Bool

        init(_ name: StaticString, _ value: Value, required: Bool = false) {
            self.name = name
            self.value = value
            isRequired = required
        }
    }

    /// The members names, each spelled once.
    public enum Name {
        public static let sourceLanguage: StaticString = "sourceLanguage"
        public static let strings: StaticString = "strings"
        public static let version: StaticString = "version"
        public static let comment: StaticString = "comment"
        public static let extractionState: StaticString = "extractionState"
        public static let isCommentAutoGenerated: StaticString = "isCommentAutoGenerated"
        public static let shouldTranslate: StaticString = "shouldTranslate"
        /// Xcode 26: `false` leaves the string out of the Swift symbols Xcode generates for
        /// manually managed strings.
        public static let generatesSymbol: StaticString = "generatesSymbol"
        public static let localizations: StaticString = "localizations"
        public static let stringUnit: StaticString = "stringUnit"
        public static let stringSet: StaticString = "stringSet"
        public static let variations: StaticString = "variations"
        public static let substitutions: StaticString = "substitutions"
        public static let state: StaticString = "state"
        public static let value: StaticString = "value"
        public static let values: StaticString = "values"
        public static let plural: StaticString = "plural"
        public static let device: StaticString = "device"
        public static let argNum: StaticString = "argNum"
        public static let formatSpecifier: StaticString = "formatSpecifier"
    }

    /// The members of `node`, in the order Xcode writes them (by name).
    public static func members(of node: Node) -> [Member] {
        switch node {
        case .root: return rootMembers
        case .entry: return entryMembers
        case .localization: return localizationMembers
        case .stringUnit: return stringUnitMembers
        case .stringSet: return stringSetMembers
        case .variations: return variationsMembers
        case .substitution: return substitutionMembers
        }
    }

    // Tables made once: `members(of:)` is called for every key the skim and the merge meet.
    static let rootMembers = [
        Member(Name.sourceLanguage, .string(nil), required: true),
        Member(Name.strings, .map(.entries), required: true),
        Member(Name.version, .string(nil)),
    ]
    static let entryMembers = [
        Member(Name.comment, .string(nil)),
        Member(Name.extractionState, .string(.extractionStates)),
        Member(Name.generatesSymbol, .boolean),
        Member(Name.isCommentAutoGenerated, .boolean),
        Member(Name.localizations, .map(.locales)),
        Member(Name.shouldTranslate, .boolean),
    ]
    static let localizationMembers = [
        Member(Name.stringSet, .node(.stringSet)),
        Member(Name.stringUnit, .node(.stringUnit)),
        Member(Name.substitutions, .map(.substitutions)),
        Member(Name.variations, .node(.variations)),
    ]
    static let stringUnitMembers = [
        Member(Name.state, .string(.unitStates)),
        Member(Name.value, .string(nil), required: true),
    ]
    static let stringSetMembers = [
        Member(Name.state, .string(.unitStates)),
        Member(Name.values, .phrases, required: true),
    ]
    static let variationsMembers = [
        Member(Name.device, .map(.deviceCases)),
        Member(Name.plural, .map(.pluralCases)),
    ]
    static let substitutionMembers = [
        Member(Name.argNum, .argumentNumber),
        Member(Name.formatSpecifier, .formatSpecifier),
        Member(Name.variations, .node(.variations)),
    ]

    /// The names of the members `node` is incomplete without.
    public static func requiredMembers(of node: Node) -> [StaticString] {
        switch node {
        case .root: return rootRequired
        case .stringUnit: return stringUnitRequired
        case .stringSet: return stringSetRequired
        case .entry, .localization, .variations, .substitution: return []
        }
    }

    /// The members that hold what a unit or string set says (`state` with `value` or `values`):
    /// a merge must keep them together, never one side's `state` with the other side's
    /// removal of it (R8). Wider than `requiredMembers`: a unit without a `state` is incomplete
    /// only in what it says, not in its shape.
    public static func contentMembers(of node: Node) -> [StaticString] {
        switch node {
        case .stringUnit: return [Name.state, Name.value]
        case .stringSet: return [Name.state, Name.values]
        case .root, .entry, .localization, .variations, .substitution: return []
        }
    }

    static let rootRequired = rootMembers.filter(\.isRequired).map(\.name)
    static let stringUnitRequired = stringUnitMembers.filter(\.isRequired).map(\.name)
    static let stringSetRequired = stringSetMembers.filter(\.isRequired).map(\.name)

    /// The member of `node` named `name`; nil for one the schema does not know.
    public static func member(named name: UTF8Bytes, in node: Node) -> Member? {
        for member in members(of: node) where name.equals(member.name) { return member }
        return nil
    }
}

/// A string unit's (or string set's) `state`, as Xcode writes it. "Stale" is not one: it is an
/// entry's `extractionState` (docs/engineering/format.md).
public enum UnitState: UInt8, CaseIterable, Sendable {
    case translated, needsReview, new

    /// The name in the catalog.
    public var name: StaticString {
        switch self {
        case .translated: return "translated"
        case .needsReview: return "needs_review"
        case .new: return "new"
        }
    }

    /// The state a JSON string's content names, read without decoding it; nil for any other text.
    public init?(bytes: UnsafeBufferPointer<UInt8>) {
        // Told apart by length and first byte, then checked whole.
        let known: UnitState
        switch (bytes.count, bytes.first) {
        case (10, UInt8(ascii: "t")?): known = .translated
        case (12, UInt8(ascii: "n")?): known = .needsReview
        case (3, UInt8(ascii: "n")?): known = .new
        default: return nil
        }
        guard UTF8Bytes.equal(bytes, known.name) else { return nil }
        self = known
    }

    /// The state `name` names; nil for any other text.
    public init?(_ name: UTF8Bytes) {
        guard let known = name.bytes.withUnsafeBufferPointer({ UnitState(bytes: $0) }) else { return nil }
        self = known
    }

    /// Whether `name` is this state's name.
    public func isNamed(by name: UTF8Bytes?) -> Bool { name?.equals(self.name) == true }

    /// The state as a JSON value, to write into a unit.
    public var json: JSONValue { .string(UTF8Bytes(name)) }
}

extension JSONObject {
    /// A localization holding one string unit, `{"stringUnit" : {"state", "value"}}`.
    public static func localization(_ value: UTF8Bytes, state: UnitState) -> JSONObject {
        JSONObject([JSONMember(Name.stringUnit, .object(JSONObject([JSONMember(Name.state, state.json), JSONMember(Name.value, .string(value))])))])
    }
}

/// An entry's `extractionState`, as Xcode writes it; absent means extracted automatically.
public enum ExtractionState: UInt8, CaseIterable, Sendable {
    case extractedWithValue, manual, stale, migrated

    /// The name in the catalog.
    public var name: StaticString {
        switch self {
        case .extractedWithValue: return "extracted_with_value"
        case .manual: return "manual"
        case .stale: return "stale"
        case .migrated: return "migrated"
        }
    }

    /// Whether `name` is this state's name.
    public func isNamed(by name: UTF8Bytes?) -> Bool { name?.equals(self.name) == true }
}

/// The catalog's member names, each spelled once in `CatalogSchema`.
typealias Name = CatalogSchema.Name

