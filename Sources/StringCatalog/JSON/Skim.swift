#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Where a key of a skimmed object is, for the order and duplicate checks.
struct SkimmedKey {
    var start: Int
    var end: Int
    var escaped: Bool
}

/// The state of an object being skimmed, shared by `skimObject` and its member helpers.
struct ObjectSkim {
    let open: Int
    let keysBase: Int
    var canonical = true
    /// Where the white space before the next key starts.
    var gap: Int
    /// Set when skipLayout stepped over exactly the canonical gap before the next key.
    var gapIsCanonical: Bool
    var sorted = true

    init(open: Int, keysBase: Int, gap: Int, gapIsCanonical: Bool) {
        self.open = open
        self.keysBase = keysBase
        self.gap = gap
        self.gapIsCanonical = gapIsCanonical
    }
}

/// A member whose key has been skimmed, its value not yet.
struct SkimmedMember {
    var key: SkimmedKey
    var shape: SchemaExpectation?
    var valueStart: Int
    var valueIsString: Bool
}

/// Validation without building: the same checks as parsing (syntax, UTF-8, escapes, duplicate
/// keys, depth), plus whether the bytes are exactly what `XcodeWriter` would write at a given
/// indent, so that they can be compared and copied as they are.
extension Parser {
    /// Skims the value at `position`, which sits on a line indented `indent` levels. Returns
    /// whether its bytes are canonical there.
    ///
    /// With a `shape`, also checks the value against the catalog schema and clears `shapeClean`
    /// when `CatalogValidator` might have something to say about it (see `SchemaPlace`).
    mutating func skimValue(indent: Int, shape: SchemaPlace? = nil) throws(JSONError) -> Bool {
        guard position < buffer.count else {
            throw error(.endOfFileBeforeValue)
        }
        if shape != nil && buffer[position] != UInt8(ascii: "{") { shapeClean = false }
        switch buffer[position] {
        case UInt8(ascii: "{"): return try skimObject(indent: indent, shape: shape)
        case UInt8(ascii: "["): return try skimArray(indent: indent)
        case UInt8(ascii: "\""):
            let open = position
            return try skimString(open: open).canonical
        case UInt8(ascii: "t"): try expectLiteral("true"); return true
        case UInt8(ascii: "f"): try expectLiteral("false"); return true
        case UInt8(ascii: "n"): try expectLiteral("null"); return true
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            _ = try parseNumber()
            return true
        default:
            throw error(.expectedValue)
        }
    }

    /// True when `buffer[start..<end]` is `newlines` line feeds followed by `indent` levels of
    /// two spaces.
    @inline(__always)
    func isLayout(_ start: Int, _ end: Int, newlines: Int, indent: Int) -> Bool {
        guard end - start == newlines + 2 * indent else { return false }
        var i = start
        while i < start + newlines {
            if buffer[i] != 0x0A { return false }
            i += 1
        }
        while i < end {
            if buffer[i] != 0x20 { return false }
            i += 1
        }
        return true
    }

    /// Steps over a line end and `indent` levels of indentation when they are exactly there and
    /// what follows is not white space (the common, canonical case) and returns true; otherwise
    /// moves nothing and returns false. (A line of spaces alone, then the closing brace, is
    /// white space to be skipped as any other: stopping at its line feed refused valid JSON.)
    @inline(__always)
    mutating func skipLayout(indent: Int) -> Bool {
        let spaces = 2 * indent
        let end = position + 1 + spaces
        guard end < buffer.count, buffer[position] == 0x0A,
            buffer[end] != 0x20, buffer[end] != 0x0A, buffer[end] != 0x0D, buffer[end] != 0x09,
            ByteWords.areSpaces(UnsafeRawPointer(buffer.baseAddress! + position + 1), count: spaces)
        else { return false }
        position = end
        return true
    }

    mutating func skimObject(indent: Int, shape: SchemaPlace? = nil) throws(JSONError) -> Bool {
        let open = position
        try enter(at: open)
        defer { depth -= 1 }
        position += 1
        let gap = position
        let gapIsCanonical = skipLayout(indent: indent + 1) && buffer[position] == UInt8(ascii: "\"")
        if !gapIsCanonical {
            position = gap
            skipWhitespace()
        }
        if position < buffer.count && buffer[position] == UInt8(ascii: "}") {
            position += 1
            if shape?.requiredMember != nil { shapeClean = false }
            return isLayout(gap, position - 1, newlines: 2, indent: indent)
        }
        var object = ObjectSkim(open: open, keysBase: keyStack.count, gap: gap, gapIsCanonical: gapIsCanonical)
        let required = shape?.requiredMember
        if required != nil { sawRequiredMember = false }
        defer { keyStack.removeLast(keyStack.count - object.keysBase) }
        // The member's key and its end are read by helpers, so that the frame that recurses into
        // the value stays small (see `SyntaxProblem`).
        while true {
            let member = try skimMemberKey(&object, indent: indent, shape: shape)
            // A nested object with a required member of its own uses the same flag.
            var sawBefore = false
            if required != nil { sawBefore = sawRequiredMember }
            if !(try skimValue(indent: indent + 1, shape: member.shape?.place)) { object.canonical = false }
            if required != nil { sawRequiredMember = sawBefore }
            if let expected = member.shape, shapeClean {
                checkKind(of: member.valueStart, expected: expected)
            }
            if !(try skimMemberEnd(&object, indent: indent, member: member)) { break }
        }
        if !object.sorted { try checkSkimmedDuplicates(from: object.keysBase) }
        if required != nil && !sawRequiredMember { shapeClean = false }
        return object.canonical
    }

    /// Reads a member's key, the colon and the space before its value, leaving `position` at the
    /// value.
    mutating func skimMemberKey(_ object: inout ObjectSkim, indent: Int, shape: SchemaPlace?) throws(JSONError) -> SkimmedMember {
        guard position < buffer.count else {
            throw error(.endOfFileInContainer(open: object.open, isArray: false))
        }
        guard buffer[position] == UInt8(ascii: "\"") else {
            if buffer[position] == UInt8(ascii: "}") && keyStack.count > object.keysBase {
                throw error(.trailingComma(isArray: false))
            }
            throw error(.expectedKey)
        }
        if object.canonical && !object.gapIsCanonical && !isLayout(object.gap, position, newlines: 1, indent: indent + 1) {
            object.canonical = false
        }
        let keyOffset = position
        let key = try skimString(open: keyOffset)
        if !key.canonical { object.canonical = false }
        let current = SkimmedKey(start: keyOffset + 1, end: position - 1, escaped: key.escaped)
        if object.sorted, keyStack.count > object.keysBase, compareKeys(keyStack[keyStack.count - 1], current) >= 0 {
            object.sorted = false
            object.canonical = false
        }
        keyStack.append(current)
        var member: SchemaExpectation?
        if let shape, shapeClean {
            member = memberShape(of: current, in: shape)
            if member == nil { shapeClean = false }
            if let required = shape.requiredMember, isKey(current, required) { sawRequiredMember = true }
        }
        let afterKey = position
        skipWhitespace()
        guard position < buffer.count, buffer[position] == UInt8(ascii: ":") else {
            if position >= buffer.count {
                throw error(.endOfFileAfterKey(keyStart: keyOffset))
            }
            throw error(.expectedColon(keyStart: keyOffset))
        }
        if object.canonical && !(position == afterKey + 1 && buffer[afterKey] == 0x20) { object.canonical = false }
        position += 1
        let beforeValue = position
        skipWhitespace()
        if object.canonical && !(position == beforeValue + 1 && buffer[beforeValue] == 0x20) { object.canonical = false }
        let valueIsString = position < buffer.count && buffer[position] == UInt8(ascii: "\"")
        return SkimmedMember(key: current, shape: member, valueStart: position, valueIsString: valueIsString)
    }

    /// Reads what follows a member's value: a comma and the gap before the next key (returns
    /// true), or the closing brace (returns false).
    mutating func skimMemberEnd(_ object: inout ObjectSkim, indent: Int, member: SkimmedMember) throws(JSONError) -> Bool {
        let afterValue = position
        var closingIsCanonical = false
        if position < buffer.count && buffer[position] != UInt8(ascii: ",") {
            closingIsCanonical = skipLayout(indent: indent)
            if !closingIsCanonical { skipWhitespace() }
        }
        guard position < buffer.count else {
            throw error(.endOfFileAfterValue(isArray: false))
        }
        let byte = buffer[position]
        if byte == UInt8(ascii: ",") {
            if object.canonical && position != afterValue { object.canonical = false }
            position += 1
            object.gap = position
            object.gapIsCanonical = skipLayout(indent: indent + 1)
            if !object.gapIsCanonical { skipWhitespace() }
            return true
        }
        if byte == UInt8(ascii: "}") {
            if object.canonical && !closingIsCanonical && !isLayout(afterValue, position, newlines: 1, indent: indent) {
                object.canonical = false
            }
            position += 1
            return false
        }
        throw unexpectedAfterValue(of: keyText(member.key), valueWasString: member.valueIsString, afterValue: afterValue)
    }

    func isKey(_ key: SkimmedKey, _ name: StaticString) -> Bool {
        guard !key.escaped, key.end - key.start == name.utf8CodeUnitCount else { return false }
        return memcmp(buffer.baseAddress! + key.start, name.utf8Start, name.utf8CodeUnitCount) == 0
    }

    /// Whether the skimmed value at `start` has the kind the schema expects ("{" object,
    /// "\"" string, "b" boolean, "0" number, "[" phrases) and, for states, a known value; the
    /// validator says what is wrong with one that has not.
    mutating func checkKind(of start: Int, expected: SchemaExpectation) {
        let first = buffer[start]
        let kind: UInt8
        switch first {
        case UInt8(ascii: "{"), UInt8(ascii: "\""), UInt8(ascii: "["): kind = first
        case UInt8(ascii: "t"), UInt8(ascii: "f"): kind = UInt8(ascii: "b")
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): kind = UInt8(ascii: "0")
        default: kind = 0
        }
        guard kind == expected.kind else {
            shapeClean = false
            return
        }
        switch expected.value {
        case .argumentNumber?:
            if !CatalogValidator.isArgumentNumber(bytes(start..<position)) { shapeClean = false }
        case .formatSpecifier?:
            if !CatalogValidator.isFormatSpecifier(bytes((start + 1)..<(position - 1))) { shapeClean = false }
        case .phrases?:
            if !isArrayOfStrings(start..<position) { shapeClean = false }
        case .string(let vocabulary?)?:
            let value = SkimmedKey(start: start + 1, end: position - 1, escaped: false)
            // An escaped value never matches: the check stays conservative.
            if buffer[value.start..<value.end].contains(UInt8(ascii: "\\")) || !vocabulary.names.contains(where: { isKey(value, $0) }) {
                shapeClean = false
            }
        default:
            return
        }
    }

    /// Whether the skimmed array at `range` holds only strings (an App Shortcut's phrases).
    func isArrayOfStrings(_ range: Range<Int>) -> Bool {
        var i = range.lowerBound + 1
        func skipSpace() { while i < range.upperBound, buffer[i] == 0x20 || buffer[i] == 0x0A || buffer[i] == 0x0D || buffer[i] == 0x09 { i += 1 } }
        skipSpace()
        if i < range.upperBound, buffer[i] == UInt8(ascii: "]") { return true }
        while i < range.upperBound {
            guard buffer[i] == UInt8(ascii: "\"") else { return false }
            i += 1
            // The array was skimmed already: its strings are well formed.
            while i < range.upperBound, buffer[i] != UInt8(ascii: "\"") { i += buffer[i] == UInt8(ascii: "\\") ? 2 : 1 }
            i += 1
            skipSpace()
            guard i < range.upperBound else { return false }
            if buffer[i] == UInt8(ascii: "]") { return true }
            guard buffer[i] == UInt8(ascii: ",") else { return false }
            i += 1
            skipSpace()
        }
        return false
    }

    mutating func skimArray(indent: Int) throws(JSONError) -> Bool {
        let open = position
        try enter(at: open)
        defer { depth -= 1 }
        position += 1
        var canonical = true
        var gap = position
        skipWhitespace()
        if position < buffer.count && buffer[position] == UInt8(ascii: "]") {
            canonical = isLayout(gap, position, newlines: 2, indent: indent)
            position += 1
            return canonical
        }
        var count = 0
        while true {
            guard position < buffer.count else {
                throw error(.endOfFileInContainer(open: open, isArray: true))
            }
            if buffer[position] == UInt8(ascii: "]") && count > 0 {
                throw error(.trailingComma(isArray: true))
            }
            if canonical && !isLayout(gap, position, newlines: 1, indent: indent + 1) { canonical = false }
            if !(try skimValue(indent: indent + 1)) { canonical = false }
            count += 1
            let afterValue = position
            skipWhitespace()
            guard position < buffer.count else {
                throw error(.endOfFileAfterValue(isArray: true))
            }
            if buffer[position] == UInt8(ascii: ",") {
                if position != afterValue { canonical = false }
                position += 1
                gap = position
                skipWhitespace()
                continue
            }
            if buffer[position] == UInt8(ascii: "]") {
                if canonical && !isLayout(afterValue, position, newlines: 1, indent: indent) { canonical = false }
                position += 1
                return canonical
            }
            throw error(.expectedCommaInArray)
        }
    }

    /// Skims a string at its opening quote: validates it and says whether its escaping is the
    /// one the writer uses (only `\"`, `\\`, `\n`, `\t`, `\r`, `\b`, `\f` and lowercase
    /// `\u00xx` for other control characters; everything else raw).
    @inline(__always)
    mutating func skimString(open: Int) throws(JSONError) -> (canonical: Bool, escaped: Bool) {
        position += 1
        let count = buffer.count
        var canonical = true
        var escaped = false
        while position < count {
            // Eight bytes at a time while they are plain ASCII with no quote or backslash.
            while position + 8 <= count, ByteWords.stringSpecials(ByteWords.load(buffer.baseAddress!, at: position)) == 0 {
                position += 8
            }
            guard position < count else { break }
            let byte = buffer[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return (canonical, escaped)
            }
            if byte == UInt8(ascii: "\\") {
                escaped = true
                if !(try skimEscape()) { canonical = false }
                continue
            }
            if byte < 0x20 { throw controlCharacterError(byte, open: open) }
            if byte < 0x80 {
                position += 1
            } else {
                try validateUTF8Sequence()
            }
        }
        throw error(.unterminatedString(open: open))
    }

    /// Validates one escape; true when it is written the way the writer writes it.
    mutating func skimEscape() throws(JSONError) -> Bool {
        let escapeStart = position
        guard position + 1 < buffer.count else {
            throw error("unexpected end of file in an escape sequence", at: position)
        }
        let letter = buffer[position + 1]
        switch letter {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "b"), UInt8(ascii: "f"), UInt8(ascii: "n"),
            UInt8(ascii: "r"), UInt8(ascii: "t"):
            position += 2
            return true
        case UInt8(ascii: "/"):
            position += 2
            return false
        case UInt8(ascii: "u"):
            var scratch: [UInt8] = []
            let hexStart = position + 2
            try decodeEscape(into: &scratch)
            // Canonical only for a control character the writer has no short escape for,
            // written in lowercase.
            guard scratch.count == 1, scratch[0] < 0x20, ![0x08, 0x09, 0x0A, 0x0C, 0x0D].contains(scratch[0]) else {
                return false
            }
            for i in hexStart..<hexStart + 4 where buffer[i] >= UInt8(ascii: "A") && buffer[i] <= UInt8(ascii: "F") {
                return false
            }
            return true
        default:
            throw error("invalid escape '\\\(letter >= 0x20 && letter < 0x7F ? String(UnicodeScalar(letter)) : "0x" + hex(letter))' in a string", at: escapeStart)
        }
    }

    /// The decoded bytes of a skimmed key.
    func keyBytes(_ key: SkimmedKey) -> UTF8Bytes {
        let unescaped = { UTF8Bytes([UInt8](UnsafeBufferPointer(rebasing: buffer[key.start..<key.end]))) }
        if !key.escaped { return mode.copiesFromBuffer ? unescaped() : UTF8Bytes(source[key.start..<key.end]) }
        var parser = Parser(source: source, buffer: buffer, maximumDepth: maximumDepth, mode: ReadingMode(copiesFromBuffer: mode.copiesFromBuffer))
        parser.position = key.start - 1
        return (try? parser.parseString()) ?? unescaped()
    }

    func keyText(_ key: SkimmedKey) -> String { keyBytes(key).string }

    /// `mutating` only so that it takes the parser by address: called as a non-mutating method
    /// from the skimmer's mutating ones, the whole parser was copied (its arrays retained and
    /// released) for every key, a sixth of `check`'s time.
    mutating func compareKeys(_ a: SkimmedKey, _ b: SkimmedKey) -> Int {
        if !a.escaped && !b.escaped {
            let result = KeyOrder.compareASCII(
                UnsafeBufferPointer(rebasing: buffer[a.start..<a.end]), UnsafeBufferPointer(rebasing: buffer[b.start..<b.end]))
            if let result, result != 0 { return result }
        }
        return KeyOrder.compare(keyBytes(a), keyBytes(b))
    }

    /// The duplicate-key check for an object whose keys were not in strict order.
    func checkSkimmedDuplicates(from base: Int) throws(JSONError) {
        let keys = keyStack[base...]
        var seen: [UTF8Bytes: Int] = [:]
        for key in keys {
            let bytes = keyBytes(key)
            if let first = seen.updateValue(key.start - 1, forKey: bytes) {
                let (line, _) = LineColumn.lineAndColumn(of: first, in: buffer)
                throw error("duplicate key \"\(bytes)\" (first at line \(line)); a line-based merge may have doubled it", at: key.start - 1)
            }
        }
    }
}

/// Where an object sits in a catalog entry, for the schema check done while skimming.
///
/// The check is conservative: `shapeClean` stays true only when every member is one
/// `CatalogValidator` knows, with the right kind and a known state, so that the validator would
/// report nothing and can skip the entry. Anything else (unknown fields, escaped keys, wrong
/// kinds) leaves the entry to the validator, which says exactly what is wrong.
/// Where in the schema a skimmed object is (`CatalogSchema`): a node, whose members have fixed
/// names, or a map, whose members the catalog names.
enum SchemaPlace: Equatable {
    case node(CatalogSchema.Node)
    case map(CatalogSchema.Map)

    /// The member a node is incomplete without, if any: within an entry, a node has at most one
    /// (the skim keeps one flag for it). Written out, not looked up: it is asked of every object
    /// skimmed, and `CatalogSchemaTests` holds it to `CatalogSchema.requiredMembers(of:)`.
    var requiredMember: StaticString? {
        switch self {
        case .node(.stringUnit): return CatalogSchema.Name.value
        case .node(.stringSet): return CatalogSchema.Name.values
        default: return nil
        }
    }
}

/// What the schema expects of a member's value: its kind ("{" object, "\"" string, "b" boolean,
/// "0" number, "[" phrases), the member's declared value (nil for a map's member), and where an
/// object value is in the schema.
struct SchemaExpectation {
    var place: SchemaPlace?
    var kind: UInt8
    var value: CatalogSchema.Value?
}

extension Parser {
    /// What the schema expects of member `key` of an object at `shape`; nil when the validator
    /// would comment on it.
    /// `mutating` for the reason `compareKeys` is.
    mutating func memberShape(of key: SkimmedKey, in shape: SchemaPlace) -> SchemaExpectation? {
        switch shape {
        case .map(let map):
            // Loops, not `contains(where:)`: a closure calling `isKey` would capture, and so
            // copy, the whole parser (retaining its arrays) for every key.
            if let names = map.names {
                var known = false
                for name in names.names where isKey(key, name) {
                    known = true
                    break
                }
                if !known { return nil }
            }
            return SchemaExpectation(place: .node(map.element), kind: UInt8(ascii: "{"), value: nil)
        case .node(let node):
            for member in CatalogSchema.members(of: node) where isKey(key, member.name) {
                switch member.value {
                case .string, .formatSpecifier: return SchemaExpectation(place: nil, kind: UInt8(ascii: "\""), value: member.value)
                case .boolean: return SchemaExpectation(place: nil, kind: UInt8(ascii: "b"), value: member.value)
                case .argumentNumber: return SchemaExpectation(place: nil, kind: UInt8(ascii: "0"), value: member.value)
                case .phrases: return SchemaExpectation(place: nil, kind: UInt8(ascii: "["), value: member.value)
                case .node(let child): return SchemaExpectation(place: .node(child), kind: UInt8(ascii: "{"), value: member.value)
                case .map(let map): return SchemaExpectation(place: .map(map), kind: UInt8(ascii: "{"), value: member.value)
                }
            }
            return nil
        }
    }
}
