// Nothing of Dispatch is used here, and nothing of it is linked for this import (the static linker
// takes only what is referenced). It stays because the optimizer makes this module's code better
// with it, here: without it, the merge of the bench's rename case made about 680,000 more retain
// and release calls (callgrind: 734 M instructions against 699 M; `JSONObject.isEquivalent` and
// what inlines `UTF8Bytes ==` kept each key's storage alive around its `memcmp`), and an L merge
// took 4% longer. The same import in a file of its own does not do it. Measured with Swift 6.3
// on Linux, not understood.
import Dispatch

/// A JSON value with object members kept in their written order and strings kept as exact bytes.
///
/// Arrays and objects hold their children in arrays, so the enum needs no `indirect` boxes.
public enum JSONValue: Sendable, Equatable, ExpressibleByDictionaryLiteral, ExpressibleByStringLiteral {
    public init(stringLiteral value: String) {
        self = .string(UTF8Bytes(value))
    }

    public init(dictionaryLiteral elements: (UTF8Bytes, JSONValue)...) {
        self = .object(JSONObject(elements.map { JSONMember(key: $0.0, value: $0.1) }))
    }

    case object(JSONObject)
    case array([JSONValue])
    case string(UTF8Bytes)
    /// A number, kept as the text it was written with.
    case number(UTF8Bytes)
    case bool(Bool)
    case null
    /// Validated bytes not decoded yet (catalog entries); see `RawJSON`.
    case raw(RawJSON)

    /// The value with a `raw` value decoded; other values as they are.
    public var materialized: JSONValue {
        if case .raw(let raw) = self { return raw.parsed() }
        return self
    }

    /// The value with a raw object read one level deep (its object members still raw, see
    /// `RawJSON.oneLevel`), or decoded whole when that reading does not apply.
    public var oneLevel: JSONValue {
        if case .raw(let raw) = self { return raw.oneLevel().map(JSONValue.object) ?? raw.parsed() }
        return self
    }

    public var object: JSONObject? {
        switch self {
        case .object(let object): return object
        case .raw(let raw): return raw.oneLevel() ?? raw.parsed().object
        default: return nil
        }
    }

    public var stringValue: UTF8Bytes? {
        switch self {
        case .string(let string): return string
        case .raw(let raw): return raw.parsed().stringValue
        default: return nil
        }
    }

    /// The JSON type as a word, for messages: "an object", "a string", ...
    public var typeDescription: String {
        switch self {
        case .object: return "an object"
        case .array: return "an array"
        case .string: return "a string"
        case .number: return "a number"
        case .bool: return "a boolean"
        case .null: return "null"
        case .raw(let raw): return raw.parsed().typeDescription
        }
    }

    /// JSON equality: object member order is ignored, strings and keys are compared byte for byte,
    /// numbers by their text.
    public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
        // Deep values recurse through here: the less common cases are compared apart, so that
        // this frame stays small.
        switch (lhs, rhs) {
        case (.object(let a), .object(let b)): return a.isEquivalent(to: b)
        case (.string(let a), .string(let b)): return a == b
        case (.raw, _), (_, .raw): return rawEqual(lhs, rhs)
        default: return otherEqual(lhs, rhs)
        }
    }

    static func rawEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.raw(let a), .raw(let b)): return a.equalsByBytes(b) ?? (a.parsed() == b.parsed())
        case (.raw(let a), _): return a.parsed() == rhs
        case (_, .raw(let b)): return lhs == b.parsed()
        default: return false
        }
    }

    static func otherEqual(_ lhs: JSONValue, _ rhs: JSONValue) -> Bool {
        switch (lhs, rhs) {
        case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0 == $1 }
        case (.number(let a), .number(let b)): return a == b
        case (.bool(let a), .bool(let b)): return a == b
        case (.null, .null): return true
        default: return false
        }
    }
}

/// One `"key" : value` member of an object.
public struct JSONMember: Sendable {
    public var key: UTF8Bytes
    public var value: JSONValue
    /// Byte offset of the key's opening quote in the file it was read from, or -1 for built values.
    public var offset: Int

    public init(key: UTF8Bytes, value: JSONValue, offset: Int = -1) {
        self.key = key
        self.value = value
        self.offset = offset
    }

    /// A member named by the schema (`CatalogSchema.Name`).
    public init(_ name: StaticString, _ value: JSONValue) { self.init(key: UTF8Bytes(name), value: value) }
}

/// An object's members in their written order. Readers reject duplicate keys, so keys are unique.
public struct JSONObject: Sendable, ExpressibleByDictionaryLiteral {
    public init(dictionaryLiteral elements: (UTF8Bytes, JSONValue)...) {
        members = elements.map { JSONMember(key: $0.0, value: $0.1) }
    }

    public var members: [JSONMember] {
        didSet {
            isKeyOrdered = false
            lookup = nil
        }
    }

    /// The members' positions by key, when the reading that made the object built that table to
    /// check for repeated keys: a merge and the reading of ours and theirs against a base look
    /// its 20,000 entries up there instead of building their own. Any change to the members
    /// clears it.
    public var keyTable: KeyTable? { lookup?.table }
    /// One reference, so that every `JSONValue` holding an object stays as small as before.
    /// Any change to the members clears it.
    private(set) var lookup: ObjectLookup?

    /// Where each member sits in `reference`, when this object was read against it (see
    /// `ReferenceAlignment`) and neither was changed since; nil otherwise.
    public func alignment(to reference: JSONObject) -> ReferenceAlignment? {
        guard let alignment = lookup?.alignment, let referenceLookup = reference.lookup,
            alignment.reference === referenceLookup, alignment.referenceCount == reference.count,
            alignment.positions.count == members.count
        else { return nil }
        return alignment
    }

    /// True when whoever made the object knows its members are in `KeyOrder` (a merge that
    /// built them in order), so that the writer need not compare 20,000 keys again to find out.
    /// Any change to the members clears it.
    public private(set) var isKeyOrdered = false

    public init(_ members: [JSONMember] = []) { self.members = members }

    /// Members with the table of their keys that the reading built and where they sit in the
    /// object they were read against.
    /// `keyOrdered`: the reading compared each key with the one before it and found them in
    /// `KeyOrder`.
    init(_ members: [JSONMember], keyTable: KeyTable?, alignment: ReferenceAlignment? = nil, keyOrdered: Bool = false) {
        self.members = members
        if keyTable != nil || alignment != nil { lookup = ObjectLookup(table: keyTable, alignment: alignment) }
        isKeyOrdered = keyOrdered
    }

    /// Members known to be in `KeyOrder` already.
    public init(keyOrdered members: [JSONMember]) {
        self.members = members
        isKeyOrdered = true
    }

    /// New values at some positions, the keys as they were: the table of keys and whether
    /// they are in order stay known (where they sit in a reference, and whether their bytes are
    /// its, do not).
    public mutating func replaceValues(_ changes: [(position: Int, value: JSONValue)]) {
        let table = lookup?.table, ordered = isKeyOrdered
        var changed = members
        members = []
        for change in changes { changed[change.position].value = change.value }
        members = changed
        if let table { lookup = ObjectLookup(table: table, alignment: nil) }
        isKeyOrdered = ordered
    }

    public var count: Int { members.count }
    public var isEmpty: Bool { members.isEmpty }
    public var keys: [UTF8Bytes] { members.map(\.key) }

    public func index(ofKey key: UTF8Bytes) -> Int? {
        members.firstIndex { $0.key == key }
    }

    public func index(of key: StaticString) -> Int? {
        members.firstIndex { $0.key.equals(key) }
    }

    public subscript(key key: UTF8Bytes) -> JSONValue? {
        get { index(ofKey: key).map { members[$0].value } }
        set {
            if let i = index(ofKey: key) {
                if let newValue { members[i].value = newValue } else { members.remove(at: i) }
            } else if let newValue {
                members.append(JSONMember(key: key, value: newValue))
            }
        }
    }

    /// The member named `key`, a name of the schema's (`CatalogSchema.Name`); set to nil to
    /// remove it, or to a value to replace it in place or add it at the end.
    public subscript(key: StaticString) -> JSONValue? {
        get { index(of: key).map { members[$0].value } }
        set { self[key: UTF8Bytes(key)] = newValue }
    }

    public func member(_ key: StaticString) -> JSONMember? {
        index(of: key).map { members[$0] }
    }

    /// Same members with equal values, in any order.
    public func isEquivalent(to other: JSONObject) -> Bool {
        guard members.count == other.members.count else { return false }
        // Members usually come in the same order; fall back to lookups when they do not. Where
        // the two list the same key at the same place, different values settle it at once (an
        // object's keys are unique): two versions of a catalog whose keys shifted by one
        // added key then differ at their first changed entry, not after a table of all keys.
        var reordered = false
        for i in members.indices {
            if members[i].key != other.members[i].key {
                reordered = true
            } else if members[i].value != other.members[i].value {
                return false
            }
        }
        return reordered ? isEquivalentInAnotherOrder(to: other) : true
    }

    /// `isEquivalent` for members in different orders; apart, so that the recursive comparison
    /// keeps a small stack frame.
    func isEquivalentInAnotherOrder(to other: JSONObject) -> Bool {
        if let paired = isEquivalentByAlignment(to: other) { return paired }
        if members.count > 16 {
            let table = KeyTable(other.members)
            return members.allSatisfy { member in
                guard let j = table.position(of: member.key) else { return false }
                return other.members[j].value == member.value
            }
        }
        return members.allSatisfy { member in
            guard let j = other.index(ofKey: member.key) else { return false }
            return other.members[j].value == member.value
        }
    }

    /// `isEquivalent` for objects of equal count through their alignments (`ReferenceAlignment`):
    /// one read against the other, or both against the same reference (ours' and theirs'
    /// `strings` against the base's, which a rename reorders). The pairs of members come from
    /// the positions the readings found, not from a table of 20,000 hashed keys. Nil when the
    /// two have no such alignment.
    @inline(never)
    func isEquivalentByAlignment(to other: JSONObject) -> Bool? {
        if let alignment = alignment(to: other) { return Self.isEquivalent(members, alignedTo: other.members, alignment.positions) }
        if let alignment = other.alignment(to: self) { return Self.isEquivalent(other.members, alignedTo: members, alignment.positions) }
        guard let mine = lookup?.alignment, let theirs = other.lookup?.alignment, mine.reference === theirs.reference,
            mine.referenceCount == theirs.referenceCount, mine.positions.count == members.count,
            theirs.positions.count == other.members.count
        else { return nil }
        let otherPosition = theirs.inverse()
        var unpaired: [Int] = []
        for (position, referencePosition) in mine.positions.enumerated() {
            guard referencePosition >= 0 else {
                unpaired.append(position)
                continue
            }
            // The same reference key on both sides, so the same key.
            let match = Int(otherPosition[Int(referencePosition)])
            guard match >= 0, other.members[match].value == members[position].value else { return false }
        }
        // The members the reference has are paired one to one; the rest (keys the reference
        // lacks) must pair by key among themselves.
        let otherUnpaired = theirs.positions.indices.filter { theirs.positions[$0] < 0 }
        guard otherUnpaired.count == unpaired.count else { return false }
        return JSONObject(otherUnpaired.map { other.members[$0] }).isEquivalent(to: JSONObject(unpaired.map { members[$0] }))
    }

    /// Whether members whose keys sit at `positions` of `reference` (as many as it has) equal
    /// its members there.
    static func isEquivalent(_ members: [JSONMember], alignedTo reference: [JSONMember], _ positions: [Int32]) -> Bool {
        // Every key is the reference's (none is -1) and, keys being unique on both sides and the
        // counts equal, each reference member is paired once.
        positions.indices.allSatisfy { position in
            let referencePosition = Int(positions[position])
            return referencePosition >= 0 && reference[referencePosition].value == members[position].value
        }
    }
}
