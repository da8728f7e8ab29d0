import StringCatalog

/// A catalog as lines, one per fact, in Xcode's order: what git's diff driver (`textconv`)
/// shows instead of the JSON, so that git's diff, word diff, `--stat` and blame read per string
/// and language.
///
///     sourceLanguage: "en"
///     "Save" comment: "Button title"
///     "Save" [de]: "Sichern" (translated)
///     "%lld items" [de] plural.one: "%lld Objekt" (translated)
///     "Open" [de] phrases: "Öffne ${applicationName}" (translated)
///
/// Text is quoted, with `\"`, `\\`, `\n`, `\t`, `\r` and every character a terminal would act on
/// written as `\u{1B}` (`VisibleText`), so that one line is one fact and catalog text never
/// reaches a terminal raw.
public enum FactLines {
    /// The lines of `catalog`, the entries turned into facts on all cores.
    public static func bytes(of catalog: Catalog) -> [UInt8] {
        var output: [UInt8] = []
        write(catalog) { output += $0 }
        return output
    }

    /// The lines of `catalog` handed to `sink` a few thousand entries at a time, in order, so
    /// that a big catalog's lines are never all held at once.
    ///
    /// The lines come in Xcode's order (keys as `KeyOrder` sorts them, at every level), whatever
    /// the order of the JSON: a version that a tool wrote unsorted, or with a locale added in the
    /// middle, shows only what changed against its neighbours.
    public static func write(_ catalog: Catalog, to sink: ([UInt8]) -> Void) {
        var head: [UInt8] = []
        var ordered = catalog
        var topLevel = catalog.root.members.map { member in
            member.key.equals(Name.strings) ? member : JSONMember(key: member.key, value: inXcodeOrder(member.value))
        }
        KeyOrder.sort(&topLevel)
        ordered.root = JSONObject(keyOrdered: topLevel)
        for fact in CatalogFacts.topLevel(of: ordered) { append(fact, to: &head) }
        sink(head)
        var entries = catalog.strings.members
        if !KeyOrder.isSorted(entries) { KeyOrder.sort(&entries) }
        var start = 0
        while start < entries.count {
            let end = min(entries.count, start + 8192)
            let chunk = Array(entries[start..<end])
            let blocks = ParallelBlocks.map(chunk.count, blockSize: 256) { range -> [[UInt8]] in
                var block: [UInt8] = []
                for member in chunk[range] {
                    for fact in CatalogFacts.entry(member.key, inXcodeOrder(member.value)) { append(fact, to: &block) }
                }
                return [block]
            }
            var out: [UInt8] = []
            out.reserveCapacity(blocks.reduce(0) { $0 + $1.count })
            for block in blocks { out += block }
            sink(out)
            start = end
        }
    }

    /// `value` with every object's members in Xcode's order; a value read as Xcode writes it
    /// (sorted already) as it is.
    static func inXcodeOrder(_ value: JSONValue) -> JSONValue {
        switch value {
        case .raw(let raw): return raw.canonicalIndent != nil ? value : inXcodeOrder(raw.parsed())
        case .object(let object):
            var members = object.members.map { JSONMember(key: $0.key, value: inXcodeOrder($0.value)) }
            if !KeyOrder.isSorted(members) { KeyOrder.sort(&members) }
            return .object(JSONObject(keyOrdered: members))
        case .array(let elements): return .array(elements.map(inXcodeOrder))
        default: return value
        }
    }

    /// The lines of the catalog whose bytes are `buffer`, written in one pass over them where
    /// `FastFactLines` can; false when `buffer` is not a catalog (nor empty).
    ///
    /// A version that an earlier line merge left with a trailing comma or a key written twice is
    /// read as the merge reads it (the comma skipped, the later copy of a key kept) after a first
    /// line that says so: printed raw, its diff against its neighbours would be the whole file.
    public static func write(catalogBytes buffer: UnsafeBufferPointer<UInt8>, to sink: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        if FastFactLines.write(buffer, to: sink) { return true }
        let bytes = Array(buffer)
        if let catalog = try? Catalog.mergeBase(bytes: bytes, for: .anyObject) {
            write(catalog) { lines in lines.withUnsafeBufferPointer(sink) }
            return true
        }
        guard let (repairedBytes, repairs) = CatalogRepair.repaired(bytes),
            let catalog = try? Catalog.mergeBase(bytes: repairedBytes, for: .anyObject)
        else { return false }
        repairLine(repairs).withUnsafeBufferPointer(sink)
        write(catalog) { lines in lines.withUnsafeBufferPointer(sink) }
        return true
    }

    /// `(read repaired: 1 trailing comma skipped; "de" in "strings" › "Save" › "localizations"
    /// written twice, the later kept)`: the repairs of an unreadable version, in one line.
    static func repairLine(_ repairs: [CatalogRepair.Repair]) -> [UInt8] {
        var output = Array("(read repaired: ".utf8)
        let commas = repairs.filter { $0.kind == .trailingComma }.count
        var parts: [[UInt8]] = []
        if commas > 0 { parts.append(Array("\(commas) trailing comma\(commas == 1 ? "" : "s") skipped".utf8)) }
        let twice = repairs.filter { $0.kind != .trailingComma }
        for repair in twice.prefix(5) {
            var part: [UInt8] = []
            if let key = repair.path.last { quote(key, into: &part) }
            if repair.path.count > 1 {
                part += Array(" in ".utf8)
                for (index, name) in repair.path.dropLast().enumerated() {
                    if index > 0 { part += Array(" › ".utf8) }
                    quote(name, into: &part)
                }
            }
            part += Array(" written twice\(repair.kind == .duplicateKey ? " alike" : ""), the later kept".utf8)
            parts.append(part)
        }
        if twice.count > 5 { parts.append(Array("\(twice.count - 5) more keys written twice".utf8)) }
        for (index, part) in parts.enumerated() {
            if index > 0 { output += Array("; ".utf8) }
            output += part
        }
        output += Array(")\n".utf8)
        return output
    }

    static let colonSpace: [UInt8] = Array(": ".utf8)
    static let spaceBracket: [UInt8] = Array(" [".utf8)
    static let spaceParenthesis: [UInt8] = Array(" (".utf8)
    static let colonNone: [UInt8] = Array(": (none)".utf8)

    /// One fact's line (a line per phrase), ending in a line feed.
    public static func append(_ fact: CatalogFact, to output: inout [UInt8]) {
        func head() {
            if let key = fact.key {
                quote(key, into: &output)
                if let locale = fact.locale {
                    output += spaceBracket
                    visible(locale, into: &output)
                    output.append(UInt8(ascii: "]"))
                }
                if !fact.path.isEmpty {
                    output.append(0x20)
                    path(fact.path, into: &output)
                }
            } else {
                path(fact.path, into: &output)
            }
        }
        switch fact.value {
        case .present:
            head()
        case .text(let text, let state):
            head()
            output += colonSpace
            quote(text, into: &output)
            stateSuffix(state, into: &output)
        case .phrases(let phrases, let state):
            if phrases.isEmpty {
                head()
                output += colonNone
                stateSuffix(state, into: &output)
            }
            for (index, phrase) in phrases.enumerated() {
                if index > 0 { output.append(0x0A) }
                head()
                output += colonSpace
                quote(phrase, into: &output)
                stateSuffix(state, into: &output)
            }
        case .field(let text, let isString):
            head()
            output += colonSpace
            if isString { quote(text, into: &output) } else { visible(text, into: &output) }
        }
        output.append(0x0A)
    }

    static func stateSuffix(_ state: UTF8Bytes?, into output: inout [UInt8]) {
        guard let state else { return }
        output += spaceParenthesis
        visible(state, into: &output)
        output.append(UInt8(ascii: ")"))
    }

    static func path(_ components: [UTF8Bytes], into output: inout [UInt8]) {
        for (index, component) in components.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ".")) }
            visible(component, into: &output)
        }
    }

    /// `text` in quotes, escaped (see the type's comment).
    public static func quote(_ text: UTF8Bytes, into output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        escape(text, quotes: true, into: &output)
        output.append(UInt8(ascii: "\""))
    }

    /// `text` with line breaks and hidden characters escaped, without quotes.
    static func visible(_ text: UTF8Bytes, into output: inout [UInt8]) {
        escape(text, quotes: false, into: &output)
    }

    static func escape(_ text: UTF8Bytes, quotes: Bool, into output: inout [UInt8]) {
        text.bytes.withUnsafeBufferPointer { bytes in
            var i = 0
            let count = bytes.count
            while i < count {
                let byte = bytes[i]
                switch byte {
                case UInt8(ascii: "\"") where quotes: output += [0x5C, 0x22]
                case UInt8(ascii: "\\") where quotes: output += [0x5C, 0x5C]
                case 0x0A: output += [0x5C, UInt8(ascii: "n")]
                case 0x09: output += [0x5C, UInt8(ascii: "t")]
                case 0x0D: output += [0x5C, UInt8(ascii: "r")]
                case 0..<0x20: hidden(UInt32(byte), into: &output)
                default:
                    if let (scalar, length) = hiddenCharacter(bytes, at: i) {
                        hidden(scalar, into: &output)
                        i += length - 1
                    } else {
                        output.append(byte)
                    }
                }
                i += 1
            }
        }
    }

    /// The hidden character at `i` and its length in bytes (`VisibleText.hiddenCharacter`, C0
    /// controls aside).
    @inline(__always)
    static func hiddenCharacter(_ bytes: UnsafeBufferPointer<UInt8>, at i: Int) -> (scalar: UInt32, length: Int)? {
        VisibleText.hiddenCharacter(bytes, at: i)
    }

    static func hidden(_ scalar: UInt32, into output: inout [UInt8]) {
        output += Array("\\u{\(String(scalar, radix: 16, uppercase: true))}".utf8)
    }
}
