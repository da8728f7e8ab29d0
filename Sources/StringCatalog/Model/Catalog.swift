#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// A string catalog: the ordered JSON document plus typed access to the parts this tool knows.
///
/// The document is the source of truth; the typed accessors read from it, so fields the tool does
/// not know (future Xcode versions, other tools) survive a round trip untouched.
public struct Catalog: Sendable {
    public var root: JSONObject

    public init(root: JSONObject) { self.root = root }

    /// An empty catalog, as Xcode creates one.
    public static func empty(sourceLanguage: String = "en", version: String = "1.1") -> Catalog {
        Catalog(root: JSONObject([
            JSONMember(Name.sourceLanguage, .string(UTF8Bytes(sourceLanguage))),
            JSONMember(Name.strings, .object(JSONObject())),
            JSONMember(Name.version, .string(UTF8Bytes(version))),
        ]))
    }

    /// What a reader wants of the bytes it reads: whether their top level must be a catalog's,
    /// and whether `CatalogValidator` will look at the entries.
    public enum Purpose: Sendable {
        /// A catalog to merge, rewrite or show: the top level must be a catalog's (an object with
        /// `sourceLanguage` a string, `strings` an object, `version`, when present, a string);
        /// `{}` or another tool's JSON merged or rewritten as a catalog would lose every
        /// translation with nothing said.
        case catalog
        /// A catalog to validate: as `.catalog`, and each entry is compared with the schema as
        /// it is read, so that the validator decodes again only entries that may have something
        /// to say.
        case catalogToValidate
        /// Any JSON object whose `strings`, if present, is an object, to validate: for `check`,
        /// whose validator names every problem of the top level at once, each at its place.
        case anyObjectToValidate
        /// Any JSON object whose `strings`, if present, is an object, for what it holds: a
        /// staged file being settled, a repaired side, the merge engine's own tests.
        case anyObject

        var requiresCatalogShape: Bool { self == .catalog || self == .catalogToValidate }
        var comparesEntriesWithSchema: Bool { self == .catalogToValidate || self == .anyObjectToValidate }

        /// The parser's mode for a catalog read for this purpose.
        func readingMode(splitAbove: Int) -> ReadingMode {
            ReadingMode(lazyCatalogEntries: true, checkingEntryShape: comparesEntriesWithSchema, splitAbove: splitAbove)
        }
    }

    /// Reads catalog bytes: valid JSON whose top level is an object with, if present, a `strings`
    /// object, and what else `purpose` requires.
    ///
    /// `reference`, another version of the same catalog (a merge base), makes reading faster:
    /// entries identical to the reference's are not validated again.
    ///
    /// `splitAbove` is the size above which two threads read the entries (0: never); see
    /// `JSONReader.defaultSplitSize`.
    public init(
        bytes: [UInt8], reference: Catalog? = nil, for purpose: Purpose = .catalog,
        splitAbove: Int = JSONReader.defaultSplitSize
    ) throws(JSONError) {
        let document = try JSONReader.parse(
            bytes, mode: purpose.readingMode(splitAbove: splitAbove), reference: reference?.root[Name.strings]?.object)
        root = try bytes.withUnsafeBufferPointer { buffer throws(JSONError) in
            try Self.root(of: document, in: buffer, requiringCatalogShape: purpose.requiresCatalogShape)
        }
    }

    /// Reads a catalog from memory it must not keep (a mapped file), copying what it holds,
    /// except entries equal to `reference`'s, which share the reference's bytes: for a merge's
    /// ours and theirs, of which only the changed entries are then copied.
    public init(
        copyingFrom buffer: UnsafeBufferPointer<UInt8>, reference: Catalog? = nil, for purpose: Purpose = .catalog,
        splitAbove: Int = JSONReader.defaultSplitSize
    ) throws(JSONError) {
        let document = try JSONReader.parse(
            copyingFrom: buffer, mode: purpose.readingMode(splitAbove: splitAbove), reference: reference?.root[Name.strings]?.object)
        root = try Self.root(of: document, in: buffer, requiringCatalogShape: purpose.requiresCatalogShape)
    }

    /// Reads a catalog from a mapping made to be read once (`MappedFile(streamed: true)`), as
    /// `init(copyingFrom:reference:)` does, and lets go of the mapping's pages behind the reading,
    /// so that the file is never resident whole: for `diff`, which holds the old version beside.
    public init(streamingFrom buffer: UnsafeBufferPointer<UInt8>, reference: Catalog?) throws(JSONError) {
        var mode = Purpose.catalog.readingMode(splitAbove: JSONReader.defaultSplitSize)
        mode.releasesPassedPages = true
        let document = try JSONReader.parse(copyingFrom: buffer, mode: mode, reference: reference?.root[Name.strings]?.object)
        root = try Self.root(of: document, in: buffer, requiringCatalogShape: true)
    }

    /// The document's top level, when it is an object whose `strings`, if any, is an object,
    /// and, when `requiringCatalogShape`, has the shape of a catalog.
    static func root(
        of document: JSONValue, in buffer: UnsafeBufferPointer<UInt8>, requiringCatalogShape: Bool
    ) throws(JSONError) -> JSONObject {
        guard case .object(let root) = document else {
            throw JSONError(
                message: "the top level is \(document.typeDescription); a string catalog is a JSON object",
                line: 1, column: 1, offset: 0, isNotACatalog: true)
        }
        if let strings = root.member(Name.strings), strings.value.object == nil {
            let (line, column) = LineColumn.lineAndColumn(of: strings.offset, in: buffer)
            throw JSONError(
                message: "\"strings\" is \(strings.value.typeDescription); expected an object of entries",
                line: line, column: column, offset: strings.offset, isNotACatalog: true)
        }
        if requiringCatalogShape, let problem = topLevelShapeProblem(root) {
            let (line, column) = LineColumn.lineAndColumn(of: problem.offset, in: buffer)
            throw JSONError(message: problem.message, line: line, column: column, offset: problem.offset, isNotACatalog: true)
        }
        return root
    }

    /// The first way `root` is not a catalog's top level, with the byte offset to blame: what
    /// `check` requires of it, an object with `sourceLanguage` a string, `strings` an object and
    /// `version`, when present, a string. `{}` or another tool's JSON merged as a catalog would
    /// lose every translation with nothing said.
    public static func topLevelShapeProblem(_ root: JSONObject) -> (message: String, offset: Int)? {
        let notACatalog = "not a string catalog: "
        for name in [Name.sourceLanguage, Name.strings] where root.member(name) == nil {
            return (notACatalog + "no \"\(name)\" at the top level (a catalog has \"sourceLanguage\", \"strings\" and \"version\")", 0)
        }
        for name in [Name.sourceLanguage, Name.version] {
            if let member = root.member(name), member.value.stringValue == nil {
                return (notACatalog + "\"\(name)\" is \(member.value.typeDescription); expected a string", max(member.offset, 0))
            }
        }
        return nil
    }

    /// Reads a merge base: empty bytes, or only white space or a byte order mark (git's base
    /// when both branches added the file), are an empty catalog, one with no entries and no
    /// top-level fields, so that both sides' `sourceLanguage` and `version` count as added.
    public static func mergeBase(
        bytes: [UInt8], for purpose: Purpose = .catalog, splitAbove: Int = JSONReader.defaultSplitSize
    ) throws(JSONError) -> Catalog {
        let content = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes.dropFirst(3) : bytes[...]
        if content.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            return Catalog(root: JSONObject([JSONMember(Name.strings, .object(JSONObject()))]))
        }
        return try Catalog(bytes: bytes, for: purpose, splitAbove: splitAbove)
    }

    public var sourceLanguage: UTF8Bytes? { root[CatalogSchema.Name.sourceLanguage]?.stringValue }

    /// The locales any string of the catalog has a localization in.
    public var locales: Set<UTF8Bytes> {
        var found = Set<UTF8Bytes>()
        for member in strings.members {
            for locale in member.value.object?[CatalogSchema.Name.localizations]?.object?.keys ?? [] { found.insert(locale) }
        }
        return found
    }
    public var version: UTF8Bytes? { root[CatalogSchema.Name.version]?.stringValue }

    /// The entries, keyed by the exact bytes of each string's key.
    public var strings: JSONObject {
        get { root[Name.strings]?.object ?? JSONObject() }
        set { root[Name.strings] = .object(newValue) }
    }

    /// Writes the bytes Xcode would write for this catalog to `path`, atomically and in pieces,
    /// so that a big catalog is never held twice in memory; each piece goes to the file on
    /// another thread while the next is made, entries kept as read from where they are
    /// (`GatheredWrites`).
    public func write(to path: String, durable: Bool = true) throws(FileError) {
        try write(to: path, durable: durable, expecting: nil, reportedAs: nil)
    }

    /// `write(to:)` replacing only the version `expecting` names (see `InPlaceEdit`).
    func write(to path: String, durable: Bool = true, expecting: FileIdentity?, reportedAs: String?) throws(FileError) {
        let file = try AtomicFile(replacing: path, reportedAs: reportedAs)
        file.expectedOriginal = expecting
        file.willBeFlushed = durable
        let writes = GatheredWrites(file)
        var writer = XcodeWriter(capacity: 1 << 16)
        writer.drain = { output in writes.drain(&output) }
        writer.rawSink = { output, raw in writes.take(&output, raw) }
        writer.write(.object(root), indent: 0)
        try writes.finish(writer.output)
        try file.commit(durable: durable)
    }

    /// Whether `bytes` are exactly what Xcode would write for this catalog. The canonical form is
    /// produced a megabyte at a time and compared as it comes, rather than built whole.
    public func hasCanonicalBytes(_ bytes: [UInt8]) -> Bool {
        // What the reading already knows: an entry not as Xcode writes it, or keys out of order,
        // settles it without writing the whole catalog once for nothing.
        for member in strings.members {
            guard case .raw(let raw) = member.value, raw.canonicalIndent == 2 else { return false }
        }
        let entries = strings.members
        if !KeyOrder.isSorted(entries) { return false }
        // The keys were just found in order: the writer need not compare them again.
        var checked = root
        if checked.member(Name.strings) != nil { checked[Name.strings] = .object(JSONObject(keyOrdered: entries)) }
        var offset = 0
        var equal = true
        var writer = XcodeWriter(capacity: 1 << 21)
        bytes.withUnsafeBufferPointer { expected in
            /// Compares the next bytes written with the file's.
            func compare(_ chunk: UnsafeBufferPointer<UInt8>) {
                guard equal, !chunk.isEmpty else { return }
                if offset + chunk.count > expected.count {
                    equal = false
                    return
                }
                equal = memcmp(chunk.baseAddress!, expected.baseAddress! + offset, chunk.count) == 0
                offset += chunk.count
            }
            writer.drain = { output in
                output.withUnsafeBufferPointer(compare)
                output.removeAll(keepingCapacity: true)
            }
            // An entry as read is compared where it lies, not copied into the writer's buffer.
            writer.rawSink = { output, raw in
                output.withUnsafeBufferPointer(compare)
                output.removeAll(keepingCapacity: true)
                raw.bytes.withUnsafeBufferPointer(compare)
            }
            writer.write(.object(checked), indent: 0)
            writer.finish()
        }
        return equal && offset == bytes.count
    }

    /// The bytes Xcode would write for this catalog.
    public func canonicalBytes(capacityHint: Int = 4096) -> [UInt8] {
        XcodeWriter.bytes(of: .object(root), capacityHint: capacityHint)
    }
}

/// A translation for one locale, or one case of a variation: a string unit, variations, or both
/// with substitutions.
public struct Localization: Sendable {

    public var value: JSONValue
    public init(_ value: JSONValue) { self.value = value }

    /// The shape of this localization, for detecting structural changes.
    public var shape: LocalizationShape {
        let object = value.object ?? JSONObject()
        if let variations = object[Name.variations]?.object {
            if variations[Name.plural] != nil && variations[Name.device] == nil { return .plural }
            if variations[Name.device] != nil && variations[Name.plural] == nil { return .device }
            return .otherVariations
        }
        if object[Name.stringUnit] != nil { return .stringUnit }
        if object[Name.stringSet] != nil { return .stringSet }
        return .other
    }
}

public enum LocalizationShape: String, Sendable {
    /// `stringSet`: an App Shortcut's phrases (`AppShortcuts.xcstrings`), `{"state", "values"}`.
    case stringUnit, stringSet, plural, device, otherVariations, other
}
