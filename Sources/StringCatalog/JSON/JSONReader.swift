#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import XcstringsMergePlatform

/// Reads JSON bytes into a `JSONValue` that keeps member order and exact string bytes.
///
/// Stricter than JSON's grammar in nothing, looser in two things a catalog meets in practice: a
/// leading UTF-8 BOM is skipped and CR/CRLF line ends are whitespace. Duplicate keys in one object
/// are an error (line merges produce them; Xcode never does). Nesting is capped so hostile input
/// cannot exhaust the stack.
public enum JSONReader {
    public static let defaultMaximumDepth = 64
    /// Catalogs whose entries span more bytes than this are read by two threads, a half each.
    public static let defaultSplitSize = 2 << 20

    /// Parses a whole document. Strings without escapes are slices of `bytes`, so no copies are made.
    public static func parse(_ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth) throws(JSONError) -> JSONValue {
        try parse(bytes, maximumDepth: maximumDepth, mode: ReadingMode(), reference: nil)
    }

    /// Parses a document as `mode` says (a catalog's entries kept as raw bytes, compared with
    /// the schema, read on two threads).
    ///
    /// `reference` (the entries of another version of the same catalog, such as a merge base) lets
    /// an entry whose bytes equal the reference's entry for the same key skip validation: the
    /// reference's bytes were validated already.
    static func parse(
        _ bytes: [UInt8], maximumDepth: Int = defaultMaximumDepth, mode: ReadingMode, reference: JSONObject?
    ) throws(JSONError) -> JSONValue {
        let result: Result<JSONValue, JSONError> = bytes.withUnsafeBufferPointer { buffer in
            let parser = Parser(source: bytes, buffer: buffer, maximumDepth: maximumDepth, mode: mode)
            return Result { () throws(JSONError) in try run(parser, reference: reference) }
        }
        return try result.get()
    }

    /// Parses a document from memory the result must not keep (a mapped file, unmapped after
    /// this returns): strings, numbers and entries are copied out of it, except entries equal
    /// to `reference`'s, which share the reference's bytes.
    static func parse(copyingFrom buffer: UnsafeBufferPointer<UInt8>, mode: ReadingMode, reference: JSONObject?) throws(JSONError) -> JSONValue {
        var copying = mode
        copying.copiesFromBuffer = true
        return try run(Parser(source: [], buffer: buffer, maximumDepth: defaultMaximumDepth, mode: copying), reference: reference)
    }

    /// Runs `parser`; a failure in a file holding git's conflict markers is reported at the
    /// first marker, the likely cause.
    private static func run(_ parser: Parser, reference: JSONObject?) throws(JSONError) -> JSONValue {
        var parser = parser
        parser.reference = reference.map { ReferenceEntries($0) }
        do throws(JSONError) {
            return try parser.parseDocument()
        } catch {
            throw ConflictMarkers.first(in: parser.buffer).map {
                JSONError(message: "git conflict marker; resolve the conflict or run `xcstrings-merge resolve`", offset: $0, in: parser.buffer)
            } ?? error
        }
    }

    /// The start of the first key after `from` that sits where an entry's key sits in Xcode's
    /// layout: after a comma, a line end and exactly four spaces. Where a reading of a big
    /// catalog's entries is cut in two; it checks that an entry does start there.
    public static func entryBoundary(in buffer: UnsafeBufferPointer<UInt8>, near from: Int) -> Int? {
        var i = from
        let end = buffer.count - 6
        while i < end {
            if buffer[i] == UInt8(ascii: ","), buffer[i + 1] == 0x0A, buffer[i + 2] == 0x20, buffer[i + 3] == 0x20,
                buffer[i + 4] == 0x20, buffer[i + 5] == 0x20, buffer[i + 6] == UInt8(ascii: "\"")
            {
                return i + 6
            }
            i += 1
        }
        return nil
    }

    public static func parse(_ string: String) throws(JSONError) -> JSONValue {
        try parse(Array(string.utf8))
    }
}

/// The second half of a split `strings` object, read on another thread.
final class SplitJob: @unchecked Sendable {
    var parser: Parser
    var result: Result<JSONObject, JSONError>?

    init(_ parser: Parser) { self.parser = parser }

    func run(resumingAt split: Int, open: Int) {
        do throws(JSONError) {
            result = .success(try parser.parseObject(lazyValues: true, resumingAt: split, open: open))
        } catch {
            result = .failure(error)
        }
    }
}

/// The entries of a reference catalog, looked up in order first (versions of one catalog list
/// their keys in the same order) and through a table when that fails.
///
/// A class, one per reading thread: as a struct in the parser, reading its next key copied it
/// (the reference's arrays retained and released once per entry, on both threads of a split
/// reading at once, which made those reference counts the busiest memory of the reading).
final class ReferenceEntries {
    let members: [JSONMember]
    var cursor = 0
    var table: KeyTable?
    var lookups = 0
    /// The reference's positions found so far rose with every look-up that found one.
    var ascending = true
    var firstFound: Int?
    var lastFound = -1
    /// The keys looked up that the reference lacks (a side's added keys).
    var absentKeys: [JSONMember] = []
    /// The reference's own lookup (nil for a small object), which names it in an alignment.
    let referenceLookup: ObjectLookup?
    /// The reference's position of each key looked up, in order, -1 for those it lacks: the
    /// object read gets them as its `ReferenceAlignment`.
    var positions: [Int32] = []
    /// For each key looked up, whether its value was the reference's, byte for byte (and is
    /// now the reference's value itself).
    var sameBytes: [Bool] = []

    /// Whether the reference's keys are known to be in `KeyOrder`: then two keys found at
    /// neighbouring positions are in order without being compared.
    let isKeyOrdered: Bool

    init(_ object: JSONObject) {
        members = object.members
        table = object.keyTable
        referenceLookup = object.lookup
        isKeyOrdered = object.isKeyOrdered
    }

    private init(members: [JSONMember], table: KeyTable?, referenceLookup: ObjectLookup?, isKeyOrdered: Bool) {
        self.members = members
        self.table = table
        self.referenceLookup = referenceLookup
        self.isKeyOrdered = isKeyOrdered
    }

    /// Look-ups of the same reference from its start, for another part of the reading.
    func restarted() -> ReferenceEntries {
        ReferenceEntries(members: members, table: table, referenceLookup: referenceLookup, isKeyOrdered: isKeyOrdered)
    }

    /// The alignment of the object read, whose members were looked up one by one, in order, by
    /// `parts` (the halves of a split reading); nil when the reference has no lookup to name it.
    static func alignment(_ parts: [ReferenceEntries], count: Int) -> ReferenceAlignment? {
        guard let reference = parts.first?.referenceLookup, parts[0].members.count < Int(Int32.max) else { return nil }
        let positions = parts.count == 1 ? parts[0].positions : parts.flatMap(\.positions)
        let sameBytes = parts.count == 1 ? parts[0].sameBytes : parts.flatMap(\.sameBytes)
        guard positions.count == count, sameBytes.count == count else { return nil }
        return ReferenceAlignment(reference: reference, referenceCount: parts[0].members.count, positions: positions, sameBytes: sameBytes)
    }

    /// Whether the last two keys looked up were found, the second right after the first.
    var lastTwoFoundSideBySide: Bool {
        let count = positions.count
        return count >= 2 && positions[count - 2] >= 0 && positions[count - 1] == positions[count - 2] + 1
    }

    /// The key the cursor is at: the one a side that follows the reference has next.
    var nextKey: UTF8Bytes? { cursor < members.count ? members[cursor].key : nil }

    /// True when exactly `count` keys were looked up and no two can be the same: those the
    /// reference has were found at rising positions (its keys are unique), the others are not
    /// the reference's and differ among themselves. Then the object needs no check of its own
    /// for repeated keys, which for a side that added or deleted keys built a table of them all.
    func provesUnique(count: Int) -> Bool {
        Self.proveUnique([self], count: count)
    }

    /// `provesUnique` for an object read in parts, in order, each with its own look-ups.
    static func proveUnique(_ parts: [ReferenceEntries], count: Int) -> Bool {
        var lastFound = -1
        for part in parts {
            guard part.ascending, part.firstFound == nil || part.firstFound! > lastFound else { return false }
            lastFound = max(lastFound, part.lastFound)
        }
        guard parts.reduce(0, { $0 + $1.lookups }) == count else { return false }
        let absentKeys = parts.flatMap(\.absentKeys)
        if absentKeys.count <= 16 {
            for i in absentKeys.indices {
                for j in absentKeys.indices.prefix(i) where absentKeys[j].key == absentKeys[i].key { return false }
            }
            return true
        }
        let table = KeyTable(absentKeys)
        return absentKeys.indices.allSatisfy { table.position(of: absentKeys[$0].key) == $0 }
    }

    /// The position of the key at the cursor (`nextKey`), looked up.
    func takeNext() -> Int {
        lookups += 1
        return found(cursor)
    }

    /// The reference's position of `key`; nil when the reference lacks the key.
    func position(of key: UTF8Bytes) -> Int? {
        var index: Int?
        lookups += 1
        if cursor < members.count && members[cursor].key == key {
            // The next key in order: the common case, also right after a key added or deleted.
            index = cursor
        } else {
            if table == nil { table = KeyTable(members) }
            index = table?.position(of: key)
        }
        guard let index else {
            absentKeys.append(JSONMember(key: key, value: .null))
            positions.append(-1)
            return nil
        }
        return found(index)
    }

    /// Notes a look-up that found `index`.
    private func found(_ index: Int) -> Int {
        positions.append(Int32(truncatingIfNeeded: index))
        if index <= lastFound { ascending = false }
        if firstFound == nil { firstFound = index }
        lastFound = index
        cursor = index + 1
        return index
    }
}

/// What a reading of a catalog's entries notes of each key as it reads it (`Parser.entryKeys`).
struct EntryKeyNotes {
    /// Whether the keys are hashed (`KeyTable.hash`) for the table that checks them for repeats.
    let hashing: Bool
    var hashes: [UInt64] = []
    /// Whether every key so far sorts after the one before it (`KeyOrder`), which also proves
    /// them unique. Once false, no key is compared again.
    var inOrder = true

    init(hashing: Bool = false, capacity: Int = 0) {
        self.hashing = hashing
        if hashing { hashes.reserveCapacity(capacity) }
    }

    /// Notes the last of `members`, just read. A key found in `reference` right after the key
    /// before it is in order when the reference's keys are.
    @inline(__always)
    mutating func note(_ members: [JSONMember], reference: ReferenceEntries?) {
        // Through the buffer: a key read from the array would be a copy, counted on the storage
        // all of a file's keys share (see `KeyOrder.isSorted`).
        members.withUnsafeBufferPointer { members in
            let last = members.count - 1
            if hashing { hashes.append(KeyTable.hash(members[last].key)) }
            guard inOrder, last > 0 else { return }
            if let reference, reference.isKeyOrdered, reference.lastTwoFoundSideBySide { return }
            inOrder = KeyOrder.compare(members[last - 1].key, members[last].key) < 0
        }
    }
}

/// Lines that git writes around conflicting hunks.
public enum ConflictMarkers {
    /// Offset of the first line that starts with seven or more `<`, `=`, `>` or `|` followed by a
    /// space or the end of the line. JSON strings cannot hold a raw line break, so such a line is
    /// never inside a string.
    public static func first(in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var lineStart = 0
        let count = bytes.count
        while lineStart < count {
            if isMarker(at: lineStart, in: bytes) { return lineStart }
            var i = lineStart
            while i < count && bytes[i] != 0x0A && bytes[i] != 0x0D { i += 1 }
            while i < count && (bytes[i] == 0x0A || bytes[i] == 0x0D) { i += 1 }
            lineStart = i
        }
        return nil
    }

    static func isMarker(at start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard start < count else { return false }
        let marker = bytes[start]
        guard marker == UInt8(ascii: "<") || marker == UInt8(ascii: "=") || marker == UInt8(ascii: ">")
            || marker == UInt8(ascii: "|")
        else { return false }
        var i = start
        while i < count && bytes[i] == marker { i += 1 }
        guard i - start >= 7 else { return false }
        return i == count || bytes[i] == 0x20 || bytes[i] == 0x0A || bytes[i] == 0x0D
    }
}

private let maximumSmallObject = 12

/// How a parser reads, fixed when it is made: what the caller knows it wants.
struct ReadingMode {
    /// The members of the top-level `strings` object are validated but kept as `RawJSON` bytes,
    /// decoded only when something looks inside them.
    var lazyCatalogEntries = false
    /// Each skimmed entry is compared with the schema, for the validator (`shapeClean`); off,
    /// `shapeClean` stays false and an entry in Xcode's layout takes `CanonicalSkim`'s path.
    var checkingEntryShape = false
    /// The size above which two threads read the entries (0: never); see `parseEntries`.
    var splitAbove = 0
    /// True when `buffer` is not `source`'s storage (a mapped file that will be unmapped after
    /// the read): every string, number and entry is then copied out of it rather than sliced.
    var copiesFromBuffer = false
    /// With `copiesFromBuffer`, for a mapping read once: the pages of entries already copied are
    /// let go every few megabytes, so that the mapped file is never resident whole.
    var releasesPassedPages = false
}

struct Parser {
    let source: [UInt8]
    let buffer: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    let mode: ReadingMode
    var position = 0
    var depth = 0
    var reference: ReferenceEntries?
    /// Cleared by the schema check of a skimmed entry when the validator may have findings.
    var shapeClean = true
    var stopAt: Int?
    var stoppedAtSplit = false
    /// Whether the string unit (or set) being skimmed has its required member (`value`, `values`).
    var sawRequiredMember = false
    /// Key ranges of the objects being skimmed, reused so that skimming allocates nothing.
    var keyStack: [SkimmedKey] = []
    /// With `releasesPassedPages`: where the pages not yet let go begin.
    var releasedUpTo = 0
    /// Room made up front for the members of the catalog's `strings` object (see
    /// `parseEntries`).
    var entriesCapacity = 2
    /// What the reading of the entries learns of their keys on its way, while each key is in
    /// the cache: their hashes (for the table that checks them for repeats, when one will be
    /// built) and whether each sorts after the one before it.
    var entryKeys = EntryKeyNotes()

    init(source: [UInt8], buffer: UnsafeBufferPointer<UInt8>, maximumDepth: Int, mode: ReadingMode = ReadingMode()) {
        self.source = source
        self.buffer = buffer
        self.maximumDepth = maximumDepth
        self.mode = mode
    }

    func error(_ message: String, at offset: Int) -> JSONError {
        JSONError(message: message, offset: offset, in: buffer)
    }

    mutating func parseDocument() throws(JSONError) -> JSONValue {
        if buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF {
            position = 3
        }
        skipWhitespace()
        if position >= buffer.count {
            let what = buffer.count == position && position <= 3 ? "the file is empty" : "the file holds only white space"
            throw error("\(what); expected a JSON object", at: position)
        }
        let value = try parseValue()
        skipWhitespace()
        if position < buffer.count {
            throw error("unexpected \(describeByte(at: position)) after the end of the top-level value", at: position)
        }
        return value
    }

    @inline(__always)
    mutating func skipWhitespace() {
        while position < buffer.count {
            let byte = buffer[position]
            if byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
                position += 1
            } else {
                return
            }
        }
    }

    func describeByte(at offset: Int) -> String {
        guard offset < buffer.count else { return "end of file" }
        let byte = buffer[offset]
        if byte >= 0x21 && byte < 0x7F { return "'\(Character(UnicodeScalar(byte)))'" }
        if byte == 0x20 { return "space" }
        return "byte 0x\(hex(byte))"
    }

    mutating func parseValue() throws(JSONError) -> JSONValue {
        guard position < buffer.count else {
            throw error(.endOfFileBeforeValue)
        }
        switch buffer[position] {
        case UInt8(ascii: "{"): return .object(try parseObject())
        case UInt8(ascii: "["): return try parseArray()
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default:
            throw error(.expectedValue)
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONError) {
        let start = position
        let count = literal.utf8CodeUnitCount
        for i in 0..<count {
            guard position + i < buffer.count, buffer[position + i] == literal.utf8Start[i] else {
                throw error("expected a value, found \(describeByte(at: start))", at: start)
            }
        }
        position += count
    }

    mutating func enter(at offset: Int) throws(JSONError) {
        depth += 1
        if depth > maximumDepth {
            throw error("nesting deeper than \(maximumDepth) levels", at: offset)
        }
    }

    /// Parses an object at its `{`, or, with `resumingAt`, the members of the object that opened
    /// at `open`, from a key at `resumingAt` to the closing brace (the second half of a split).
    mutating func parseObject(lazyValues: Bool = false, resumingAt: Int? = nil, open: Int? = nil) throws(JSONError) -> JSONObject {
        let open = open ?? position
        try enter(at: open)
        defer { depth -= 1 }
        var members: [JSONMember] = []
        if let resumingAt {
            position = resumingAt
        } else {
            position += 1
            skipWhitespace()
            if position < buffer.count && buffer[position] == UInt8(ascii: "}") {
                position += 1
                return JSONObject(members)
            }
        }
        // Most objects of a catalog hold one or two members (`stringUnit`; `state` and `value`):
        // room for two up front saves the regrowth of every string unit. The entries get room
        // for all of them (see `parseEntries`).
        members.reserveCapacity(lazyValues ? entriesCapacity : 2)
        // The key, a lazily read value and what follows the value are read by helpers, so that
        // the frame that recurses into the value stays small (see `SyntaxProblem`).
        while true {
            var (key, keyOffset, keyIsReferenceNext) = try parseMemberKey(
                open: open, isFirst: members.isEmpty, expected: lazyValues ? reference?.nextKey : nil)
            let value: JSONValue
            if lazyValues {
                value = try rawMemberValue(for: &key, isReferenceNext: keyIsReferenceNext)
            } else if mode.lazyCatalogEntries && depth == 1 && key.equals(Name.strings)
                && position < buffer.count && buffer[position] == UInt8(ascii: "{")
            {
                value = .object(try parseEntries())
            } else {
                value = try parseValue()
            }
            // What follows the value first, so that the key and value are last used here, moved
            // into the member rather than copied.
            let end = try parseMemberEnd(key: key, valueIsString: value.isStringLiteral)
            members.append(JSONMember(key: key, value: value, offset: keyOffset))
            if lazyValues { entryKeys.note(members, reference: reference) }
            if end == .stoppedAtSplit { return JSONObject(members) }
            if end == .closed { break }
        }
        // Keys found in the reference in its order are unique as the reference's are (see
        // `provesUnique`). The halves of a split object are checked together by `parseEntries`.
        guard resumingAt == nil else { return JSONObject(members) }
        let alignment = lazyValues ? reference.flatMap { ReferenceEntries.alignment([$0], count: members.count) } : nil
        let keyOrdered = lazyValues && entryKeys.inOrder
        if !(lazyValues && reference?.provesUnique(count: members.count) == true) {
            let table = try checkDuplicates(members, hashes: lazyValues ? entryKeys.hashes : nil)
            return JSONObject(members, keyTable: table, alignment: alignment, keyOrdered: keyOrdered)
        }
        return JSONObject(members, keyTable: nil, alignment: alignment, keyOrdered: keyOrdered)
    }

    /// Reads a member's key and its colon, leaving `position` at the value.
    /// `expected`: the key the reference has next, taken as it is (its bytes shared, nothing
    /// read or copied) when the file holds exactly it, quoted and without escapes.
    /// True in the result's third place when the key is `expected`.
    mutating func parseMemberKey(open: Int, isFirst: Bool, expected: UTF8Bytes? = nil) throws(JSONError) -> (UTF8Bytes, Int, Bool) {
        guard position < buffer.count else {
            throw error(.endOfFileInContainer(open: open, isArray: false))
        }
        guard buffer[position] == UInt8(ascii: "\"") else {
            if buffer[position] == UInt8(ascii: "}") && !isFirst {
                throw error(.trailingComma(isArray: false))
            }
            throw error(.expectedKey)
        }
        let keyOffset = position
        let key: UTF8Bytes
        let isExpected: Bool
        if let expected, let end = plainStringEnd(equalTo: expected) {
            key = expected
            isExpected = true
            position = end
        } else {
            key = try parseString()
            isExpected = false
        }
        skipWhitespace()
        guard position < buffer.count else {
            throw error(.endOfFileAfterKey(keyStart: keyOffset))
        }
        guard buffer[position] == UInt8(ascii: ":") else {
            throw error(.expectedColon(keyStart: keyOffset))
        }
        position += 1
        skipWhitespace()
        return (key, keyOffset, isExpected)
    }

    /// The offset after the string at `position` when it is exactly `text` between quotes, with
    /// no escape: `text` holds no backslash, quote or control character (so it is written as
    /// itself) and the bytes match. Nil otherwise, for `parseString` to read.
    @inline(__always)
    func plainStringEnd(equalTo text: UTF8Bytes) -> Int? {
        let count = text.count
        let close = position + 1 + count
        guard close < buffer.count, buffer[close] == UInt8(ascii: "\"") else { return nil }
        guard count > 0 else { return close + 1 }
        return text.bytes.withUnsafeBufferPointer { bytes -> Int? in
            for byte in bytes where byte < 0x20 || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\"") { return nil }
            return memcmp(buffer.baseAddress! + position + 1, bytes.baseAddress!, count) == 0 ? close + 1 : nil
        }
    }

    /// A catalog entry kept as its bytes: the reference's when they are the same, else skimmed.
    /// A key the reference has becomes the reference's (the same bytes, shared): comparing the
    /// two keys later is then an identity check, not a look at two places in memory.
    /// `isReferenceNext`: the key is the reference's next one (`ReferenceEntries.nextKey`), taken
    /// as it is.
    mutating func rawMemberValue(for key: inout UTF8Bytes, isReferenceNext: Bool = false) throws(JSONError) -> JSONValue {
        let start = position
        if let reference {
            if let index = isReferenceNext ? reference.takeNext() : reference.position(of: key) {
                // Each copy of a reference key or value counts a reference to the whole reference
                // file, which both threads of a split reading share: none is made that is not kept.
                if !isReferenceNext { key = reference.members[index].key }
                let value = reference.members[index].value
                if case .raw(let known) = value, matches(known) {
                    // The same bytes: share the reference's value, so that comparing the two later
                    // is an identity check.
                    position += known.range.count
                    reference.sameBytes.append(true)
                    releasePassedPagesIfDue()
                    return value
                }
            }
            reference.sameBytes.append(false)
        }
        shapeClean = mode.checkingEntryShape
        let canonical: Bool
        if !mode.checkingEntryShape, let end = CanonicalSkim(buffer).object(at: position, indent: 2, levels: maximumDepth - depth) {
            // Most entries: exactly as Xcode writes them.
            position = end
            canonical = true
        } else {
            canonical = try skimValue(indent: 2, shape: mode.checkingEntryShape ? .node(.entry) : nil)
        }
        if mode.copiesFromBuffer {
            let raw = RawJSON(
                source: [UInt8](UnsafeBufferPointer(rebasing: buffer[start..<position])), range: 0..<(position - start),
                canonicalIndent: canonical ? 2 : nil, shapeClean: shapeClean)
            releasePassedPagesIfDue()
            return .raw(raw)
        }
        return .raw(RawJSON(
            source: source, range: start..<position, canonicalIndent: canonical ? 2 : nil, shapeClean: shapeClean))
    }

    enum MemberEnd { case nextMember, closed, stoppedAtSplit }

    /// Reads what follows a member's value: a comma (or the split point of a two-thread read)
    /// or the closing brace.
    mutating func parseMemberEnd(key: UTF8Bytes, valueIsString: Bool) throws(JSONError) -> MemberEnd {
        let afterValue = position
        skipWhitespace()
        guard position < buffer.count else {
            throw error(.endOfFileAfterValue(isArray: false))
        }
        let byte = buffer[position]
        if byte == UInt8(ascii: ",") {
            position += 1
            skipWhitespace()
            if let stop = stopAt, position >= stop {
                if position == stop {
                    // The other half starts here: hand back the first half.
                    stoppedAtSplit = true
                    return .stoppedAtSplit
                }
                stopAt = nil
            }
            return .nextMember
        }
        if byte == UInt8(ascii: "}") {
            position += 1
            return .closed
        }
        throw unexpectedAfterValue(of: key.string, valueWasString: valueIsString, afterValue: afterValue)
    }

    /// Parses the `strings` object (at its `{`) with its entries kept raw. A big one is read by
    /// two threads: another parser starts at an entry near the middle, found by its canonical
    /// indentation, while this one reads up to it. If this one does not land exactly there (the
    /// guess was not an entry boundary), the other's work is dropped and this one reads on.
    /// With `releasesPassedPages`, every 4 MB: lets go of the whole pages between `releasedUpTo`
    /// and `position`, which this reading has copied what it needs from (a read of them again
    /// would load them from the file).
    @inline(__always)
    mutating func releasePassedPagesIfDue() {
        guard mode.releasesPassedPages, position - releasedUpTo >= 4 << 20 else { return }
        let page = MemoryMaps.pageSize
        let base = Int(bitPattern: buffer.baseAddress!)
        let from = (base + releasedUpTo + page - 1) / page * page
        let to = (base + position) / page * page
        if to > from { MemoryMaps.release(UnsafeRawPointer(bitPattern: from)!, count: to - from) }
        releasedUpTo = position
    }

    mutating func parseEntries() throws(JSONError) -> JSONObject {
        let open = position
        releasedUpTo = open
        // Room for every entry up front, and in the first half for both halves: the members and
        // the reference's positions are then written once, into memory touched once. Grown by
        // doubling, 20,000 entries were copied about twice over into fresh memory, and fresh
        // memory costs a page fault every 4 KiB (a third of an L merge's page faults). The
        // count is the reference's, or guessed from the size (an entry of Xcode's layout with
        // a translation or two takes a few hundred bytes); room not used is never touched.
        let expected = reference.map { $0.members.count } ?? (buffer.count - open) / 512
        entriesCapacity = expected + 16
        reference?.positions.reserveCapacity(expected + 16)
        reference?.sameBytes.reserveCapacity(expected + 16)
        // A reading against a reference proves its keys unique from its look-ups there; only
        // one without hashes them for the table.
        entryKeys = EntryKeyNotes(hashing: reference == nil, capacity: expected + 16)
        // With a reference (ours and theirs read against the base) most entries are a memcmp
        // away, but finding them, their keys and the copies of changed ones are still half of a
        // side's read: the second half takes the other core too.
        guard mode.splitAbove > 0, buffer.count - open > mode.splitAbove,
            let split = JSONReader.entryBoundary(in: buffer, near: open + (buffer.count - open) / 2)
        else { return try parseObject(lazyValues: true) }
        var other = self
        other.stopAt = nil
        other.releasedUpTo = split
        other.depth = depth
        other.reference = reference?.restarted()
        other.entriesCapacity = expected / 2 + expected / 8 + 16
        other.reference?.positions.reserveCapacity(other.entriesCapacity)
        other.reference?.sameBytes.reserveCapacity(other.entriesCapacity)
        other.entryKeys = EntryKeyNotes(hashing: reference == nil, capacity: other.entriesCapacity)
        let job = SplitJob(other)
        let thread = Threads.start { job.run(resumingAt: split, open: open) }
        var joined = false
        // The second half is not wanted when the first throws or does not end at the split.
        defer { if !joined { thread.cancelOrJoin() } }
        stopAt = split
        let first = try parseObject(lazyValues: true)
        stopAt = nil
        guard stoppedAtSplit else { return first }
        stoppedAtSplit = false
        thread.join()
        joined = true
        let second: JSONObject
        switch job.result! {
        case .success(let object): second = object
        case .failure(let error): throw error
        }
        position = job.parser.position
        // The first half's members, no longer shared with `first`, take the second's in place.
        var members = (consume first).members
        let firstCount = members.count
        members.append(contentsOf: second.members)
        // In order when each half is, and the first key of the second after the last of the first.
        let keyOrdered = entryKeys.inOrder && job.parser.entryKeys.inOrder
            && (firstCount == 0 || firstCount == members.count
                || members.withUnsafeBufferPointer { KeyOrder.compare($0[firstCount - 1].key, $0[firstCount].key) < 0 })
        // The halves' look-ups in a reference can prove the keys unique, as for one reading.
        let parts = [reference, job.parser.reference].compactMap { $0 }
        let alignment = parts.count == 2 ? ReferenceEntries.alignment(parts, count: members.count) : nil
        if parts.count == 2 && ReferenceEntries.proveUnique(parts, count: members.count) {
            return JSONObject(members, keyTable: nil, alignment: alignment, keyOrdered: keyOrdered)
        }
        let hashes = entryKeys.hashing ? entryKeys.hashes + job.parser.entryKeys.hashes : nil
        return JSONObject(members, keyTable: try checkDuplicates(members, hashes: hashes), alignment: alignment, keyOrdered: keyOrdered)
    }


    /// True when the bytes at `position` start with `known`'s bytes and `known` is an object,
    /// which ends at its own closing brace: then they are the same, already validated value.
    func matches(_ known: RawJSON) -> Bool {
        let count = known.range.count
        guard count > 0, position + count <= buffer.count, buffer[position] == UInt8(ascii: "{") else { return false }
        return known.source.withUnsafeBufferPointer { other in
            memcmp(buffer.baseAddress! + position, other.baseAddress! + known.range.lowerBound, count) == 0
        }
    }

    /// The error for what follows a member's value when it is neither ',' nor '}', with the
    /// likely cause: an unescaped quote ends a string early; a quote after a value lacks a comma.
    func unexpectedAfterValue(of name: String, valueWasString: Bool, afterValue: Int) -> JSONError {
        let byte = buffer[position]
        let found = describeByte(at: position)
        if valueWasString && (position == afterValue || byte == UInt8(ascii: "\"")) {
            return error("expected ',' or '}' after the value of \"\(name)\", found \(found); is there an unescaped '\"' inside the string?", at: position)
        }
        if byte == UInt8(ascii: "\"") {
            return error("expected ',' or '}' after the value of \"\(name)\", found '\"'; is a comma missing?", at: position)
        }
        return error("expected ',' or '}' after the value of \"\(name)\", found \(found)", at: position)
    }

    func lineText(_ offset: Int) -> String {
        let (line, column) = LineColumn.lineAndColumn(of: offset, in: buffer)
        return "line \(line), column \(column)"
    }

    /// Throws at a key held twice; returns the table of the keys when one was built for that.
    /// `hashes`: the keys' hashes, when the reading made them.
    func checkDuplicates(_ members: [JSONMember], hashes: [UInt64]? = nil) throws(JSONError) -> KeyTable? {
        if members.count <= maximumSmallObject {
            for i in members.indices {
                for j in members.indices.prefix(i) where members[j].key == members[i].key {
                    throw duplicate(members[i], first: members[j])
                }
            }
            return nil
        }
        // The table keeps each key's first member: a later one elsewhere is a duplicate.
        let table = KeyTable(members, keyHashes: hashes)
        if let (i, j) = table.firstRepeat { throw duplicate(members[i], first: members[j]) }
        return table
    }

    func duplicate(_ member: JSONMember, first: JSONMember) -> JSONError {
        let (line, _) = LineColumn.lineAndColumn(of: first.offset, in: buffer)
        return error("duplicate key \"\(member.key)\" (first at line \(line)); a line-based merge may have doubled it", at: member.offset)
    }

    mutating func parseArray() throws(JSONError) -> JSONValue {
        let open = position
        try enter(at: open)
        defer { depth -= 1 }
        position += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if position < buffer.count && buffer[position] == UInt8(ascii: "]") {
            position += 1
            return .array(elements)
        }
        while true {
            guard position < buffer.count else {
                throw error(.endOfFileInContainer(open: open, isArray: true))
            }
            if buffer[position] == UInt8(ascii: "]") && !elements.isEmpty {
                throw error(.trailingComma(isArray: true))
            }
            elements.append(try parseValue())
            skipWhitespace()
            guard position < buffer.count else {
                throw error(.endOfFileAfterValue(isArray: true))
            }
            if buffer[position] == UInt8(ascii: ",") {
                position += 1
                skipWhitespace()
                continue
            }
            if buffer[position] == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            throw error(.expectedCommaInArray)
        }
    }

    mutating func parseNumber() throws(JSONError) -> UTF8Bytes {
        let start = position
        func digits(_ parser: inout Parser) -> Int {
            let from = parser.position
            while parser.position < parser.buffer.count,
                parser.buffer[parser.position] >= UInt8(ascii: "0"), parser.buffer[parser.position] <= UInt8(ascii: "9")
            {
                parser.position += 1
            }
            return parser.position - from
        }
        if buffer[position] == UInt8(ascii: "-") { position += 1 }
        let integerStart = position
        let integerDigits = digits(&self)
        guard integerDigits > 0 else { throw error("invalid number: expected a digit", at: position) }
        if integerDigits > 1 && buffer[integerStart] == UInt8(ascii: "0") {
            throw error("invalid number: leading zero", at: integerStart)
        }
        if position < buffer.count && buffer[position] == UInt8(ascii: ".") {
            position += 1
            guard digits(&self) > 0 else { throw error("invalid number: expected a digit after '.'", at: position) }
        }
        if position < buffer.count && (buffer[position] == UInt8(ascii: "e") || buffer[position] == UInt8(ascii: "E")) {
            position += 1
            if position < buffer.count && (buffer[position] == UInt8(ascii: "+") || buffer[position] == UInt8(ascii: "-")) {
                position += 1
            }
            guard digits(&self) > 0 else { throw error("invalid number: expected a digit in the exponent", at: position) }
        }
        return bytes(start..<position)
    }

    /// The bytes at `range` as a value: a slice of `source`, or a copy (`copiesFromBuffer`).
    /// `mutating` only so that calls from the parser's mutating methods pass it by address (see
    /// `compareKeys`).
    @inline(__always)
    mutating func bytes(_ range: Range<Int>) -> UTF8Bytes {
        mode.copiesFromBuffer ? UTF8Bytes([UInt8](UnsafeBufferPointer(rebasing: buffer[range]))) : UTF8Bytes(source[range])
    }

    /// Parses a string at the opening quote. Without escapes the result is a slice of the source.
    mutating func parseString() throws(JSONError) -> UTF8Bytes {
        let open = position
        position += 1
        let start = position
        let count = buffer.count
        while position < count {
            let byte = buffer[position]
            if byte == UInt8(ascii: "\"") {
                let value = bytes(start..<position)
                position += 1
                return value
            }
            if byte == UInt8(ascii: "\\") {
                return try parseEscapedString(open: open, start: start)
            }
            if byte < 0x20 {
                throw controlCharacterError(byte, open: open)
            }
            if byte < 0x80 {
                position += 1
            } else {
                try validateUTF8Sequence()
            }
        }
        throw error(.unterminatedString(open: open))
    }

    func controlCharacterError(_ byte: UInt8, open: Int) -> JSONError {
        if byte == 0x0A || byte == 0x0D {
            return error("line break inside the string that starts at \(lineText(open)); is its closing '\"' missing?", at: position)
        }
        let escape: String
        switch byte {
        case 0x09: escape = "\\t"
        case 0x08: escape = "\\b"
        case 0x0C: escape = "\\f"
        default: escape = "\\u00\(hex(byte))"
        }
        return error("raw control character U+00\(hex(byte).uppercased()) in a string; write it as \(escape)", at: position)
    }

    /// Checks the multi-byte UTF-8 sequence at `position` and steps over it.
    @inline(__always)
    mutating func validateUTF8Sequence() throws(JSONError) {
        switch UTF8Sequence.check(buffer.baseAddress!, count: buffer.count, at: position) {
        case .valid(let length): position += length
        case .invalid(let problem): throw error(problem)
        }
    }

    mutating func parseEscapedString(open: Int, start: Int) throws(JSONError) -> UTF8Bytes {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(position - start + 16)
        decoded.append(contentsOf: buffer[start..<position])
        let count = buffer.count
        while position < count {
            let byte = buffer[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return UTF8Bytes(decoded)
            }
            if byte == UInt8(ascii: "\\") {
                try decodeEscape(into: &decoded)
                continue
            }
            if byte < 0x20 {
                throw controlCharacterError(byte, open: open)
            }
            if byte < 0x80 {
                decoded.append(byte)
                position += 1
            } else {
                let from = position
                try validateUTF8Sequence()
                decoded.append(contentsOf: buffer[from..<position])
            }
        }
        throw error(.unterminatedString(open: open))
    }

    mutating func decodeEscape(into decoded: inout [UInt8]) throws(JSONError) {
        let escapeStart = position
        guard position + 1 < buffer.count else {
            throw error("unexpected end of file in an escape sequence", at: position)
        }
        let letter = buffer[position + 1]
        position += 2
        if let byte = JSONStringContent.unescaped(letter) {
            decoded.append(byte)
            return
        }
        switch letter {
        case UInt8(ascii: "u"):
            let unit = try hexQuad(escapeStart: escapeStart)
            var scalar = UInt32(unit)
            if unit >= 0xD800 && unit <= 0xDBFF {
                guard position + 1 < buffer.count, buffer[position] == UInt8(ascii: "\\"),
                    buffer[position + 1] == UInt8(ascii: "u")
                else {
                    throw error("lone surrogate escape \\u\(hex(UInt32(unit)).uppercased()): a high surrogate must be followed by a low surrogate escape", at: escapeStart)
                }
                let lowStart = position
                position += 2
                let low = try hexQuad(escapeStart: lowStart)
                guard low >= 0xDC00 && low <= 0xDFFF else {
                    throw error("lone surrogate escape \\u\(hex(UInt32(unit)).uppercased()): it is followed by \\u\(hex(UInt32(low)).uppercased()), not a low surrogate", at: escapeStart)
                }
                scalar = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if unit >= 0xDC00 && unit <= 0xDFFF {
                throw error("lone surrogate escape \\u\(hex(UInt32(unit)).uppercased()): a low surrogate without a high surrogate before it", at: escapeStart)
            }
            appendUTF8(scalar, to: &decoded)
        default:
            position = escapeStart
            throw error("invalid escape '\\\(letter >= 0x20 && letter < 0x7F ? String(UnicodeScalar(letter)) : "0x" + hex(letter))' in a string", at: escapeStart)
        }
    }

    mutating func hexQuad(escapeStart: Int) throws(JSONError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard position < buffer.count else {
                throw error("unexpected end of file in a \\u escape", at: escapeStart)
            }
            guard let digit = JSONStringContent.hexDigit(buffer[position]) else {
                throw error("invalid \\u escape: expected four hexadecimal digits", at: escapeStart)
            }
            value = value << 4 | UInt16(digit)
            position += 1
        }
        return value
    }
}

@inline(__always)
func appendUTF8(_ scalar: UInt32, to bytes: inout [UInt8]) {
    switch scalar {
    case 0..<0x80:
        bytes.append(UInt8(scalar))
    case 0x80..<0x800:
        bytes.append(UInt8(0xC0 | (scalar >> 6)))
        bytes.append(UInt8(0x80 | (scalar & 0x3F)))
    case 0x800..<0x10000:
        bytes.append(UInt8(0xE0 | (scalar >> 12)))
        bytes.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
        bytes.append(UInt8(0x80 | (scalar & 0x3F)))
    default:
        bytes.append(UInt8(0xF0 | (scalar >> 18)))
        bytes.append(UInt8(0x80 | ((scalar >> 12) & 0x3F)))
        bytes.append(UInt8(0x80 | ((scalar >> 6) & 0x3F)))
        bytes.append(UInt8(0x80 | (scalar & 0x3F)))
    }
}

func hex<T: BinaryInteger>(_ value: T) -> String {
    let text = String(value, radix: 16)
    return text.count < 2 ? "0" + text : text
}

extension JSONValue {
    /// True for a parsed string (not one inside raw bytes).
    var isStringLiteral: Bool {
        if case .string = self { return true }
        return false
    }
}
