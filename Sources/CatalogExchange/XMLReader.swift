#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import StringCatalog
import XcstringsMergePlatform

/// What reads a document as `XMLReader` meets it, element by element, without a tree: an
/// element's start (its attributes and place read only when asked for, while it is the
/// current one), its text, and its end. An empty element (`<x/>`) ends at once.
protocol XMLEventHandler {
    /// The start of an element.
    mutating func start(_ element: XMLStart)
    /// The end of the innermost element open.
    mutating func end()
    /// Text inside the element open, in libxml2's buffer (valid during the call only): the
    /// handler makes it a string only where it wants it.
    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>)
}

/// An element's start tag, while the reading is at it (its attributes and place are read from
/// libxml2's own buffers, valid only during the call that hands it over).
struct XMLStart {
    /// libxml2's local name, valid during the callback.
    fileprivate let localName: UnsafePointer<UInt8>?
    fileprivate let attributeCount: Int
    /// libxml2's five pointers per attribute: local name, prefix, namespace, value, value's end.
    fileprivate let attributeFields: UnsafePointer<UnsafePointer<UInt8>?>?
    fileprivate let session: SAXSession

    /// The local name (`trans-unit`).
    var name: String { localName.map { String(cString: $0) } ?? "" }

    /// Whether the local name is `name`, compared as bytes (no string made per element).
    func isNamed(_ name: StaticString) -> Bool {
        guard let localName else { return name.utf8CodeUnitCount == 0 }
        return strcmp(UnsafeRawPointer(localName).assumingMemoryBound(to: CChar.self), UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)) == 0
    }

    /// The value of the attribute named `name` with no prefix (`id`; not `xml:space`), the
    /// last such when libxml2 hands over more than one; nil when there is none. Namespace
    /// declarations are not attributes here (libxml2 hands those over apart).
    func attribute(_ name: StaticString) -> String? {
        guard let fields = attributeFields else { return nil }
        let wanted = UnsafeRawPointer(name.utf8Start).assumingMemoryBound(to: CChar.self)
        var found: String?
        for index in 0..<attributeCount {
            let field = fields + 5 * index
            guard let localName = field[0], field[1] == nil, let value = field[3], let end = field[4],
                strcmp(UnsafeRawPointer(localName).assumingMemoryBound(to: CChar.self), wanted) == 0
            else { continue }
            let text = UnsafeBufferPointer(start: value, count: value.distance(to: end))
            found = session.library.keepsAmpersandsAsReferences ? SAXSession.ampersandsDecoded(text) : String(decoding: text, as: UTF8.self)
        }
        return found
    }

    /// The byte offset of the start tag's `<` (`LineLocator` gives its line and column).
    func offset() -> Int { session.offsetOfCurrentTag() }
}

/// Why a document was not read: where, and what.
public struct XMLReadError: Error, Sendable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var message: String
    public var description: String { line > 0 ? "\(line):\(column): \(message)" : message }
}

/// XML from outside the team (a translator's file) read with libxml2, the parser every Mac and
/// Linux system has, opened at run time on first use as libgit2 is: the merge driver never
/// loads it. No DTD is accepted (a `<!DOCTYPE` ends the reading: no entity is declared, so none
/// is expanded, and no external one is fetched), no network, a bounded depth and size.
public enum XMLReader {
    /// Documents larger than this are refused before any parsing.
    public static let maximumSize = 64 << 20
    /// Elements nested deeper than this end the reading (XLIFF needs 6).
    public static let maximumDepth = 32

    /// Loads libxml2 (and what it links: on Linux ICU, some 13 ms) if it is not loaded yet: on
    /// another core while the document is read from disk, `read` then finds it loaded.
    public static func load() {
        _ = LibXML2.loaded
    }

    /// Reads `bytes`, handing each element's start, text and end to `handler`; the first error
    /// (malformed XML, a DTD, an entity, too deep, too big) ends the reading.
    ///
    /// `passedOver`: ranges of `bytes`, in order, that hold character data with no markup and
    /// no reference (`TextRegions`), which libxml2 is not given: each goes to it as its line
    /// breaks alone, and the width of its last line in spaces, so that the lines and columns
    /// libxml2 tells after it are the document's. The handler receives that white space as the
    /// text; it finds the region's bytes by the offset of the start tag before it.
    static func read<Handler: XMLEventHandler>(_ bytes: UnsafeBufferPointer<UInt8>, passedOver: [Range<Int>] = [], into handler: inout Handler) throws(XMLReadError) {
        guard bytes.count <= maximumSize else {
            throw XMLReadError(line: 0, column: 0, message: "\(bytes.count) bytes: larger than the \(maximumSize >> 20) MiB accepted")
        }
        if let doctype = doctypeOffset(bytes) {
            let before = bytes[..<doctype]
            let line = before.reduce(1) { $0 + ($1 == 0x0A ? 1 : 0) }
            let column = doctype - (before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0) + 1
            throw XMLReadError(line: line, column: column, message: LibXML2.doctypeRefusal)
        }
        let library: LibXML2
        switch LibXML2.loaded {
        case .success(let loaded): library = loaded
        case .failure(let error): throw error
        }
        try library.read(bytes, passedOver: passedOver, into: &handler)
    }
}

/// Ranges of a document's bytes that XML would read as plain text (`XMLReader.read`'s
/// `passedOver`): what libxml2 is pushed in their place, and how an offset in what it was pushed
/// maps back to the document.
struct TextRegions {
    let ranges: [Range<Int>]
    /// Each range's stand-in: its line breaks (`\n`, `\r`), then a space for each byte of its
    /// last line.
    let standIns: [[UInt8]]
    /// Where each stand-in ends in the bytes pushed, and what the document has more than them
    /// up to there: searched by halves, so that a document of many regions and many tags after
    /// them is not read in quadratic time.
    private let pushedEnds: [Int]
    private let shifts: [Int]

    init(_ ranges: [Range<Int>], in bytes: UnsafeBufferPointer<UInt8>) {
        self.ranges = ranges
        standIns = ranges.map { range in
            var standIn: [UInt8] = []
            var lastLine = range.lowerBound
            let start = bytes.baseAddress!
            if memchr(start + range.lowerBound, 0x0D, range.count) == nil {
                // Line feeds alone (an export's): found by `memchr`, a line of 76 at a time.
                while lastLine < range.upperBound, let found = memchr(start + lastLine, 0x0A, range.upperBound - lastLine) {
                    standIn.append(0x0A)
                    lastLine = start.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
                }
            } else {
                for index in range where bytes[index] == 0x0A || bytes[index] == 0x0D {
                    standIn.append(bytes[index])
                    lastLine = index + 1
                }
            }
            standIn += repeatElement(UInt8(ascii: " "), count: range.upperBound - lastLine)
            return standIn
        }
        var shift = 0
        var pushedEnds: [Int] = []
        var shifts: [Int] = []
        for (range, standIn) in zip(ranges, standIns) {
            pushedEnds.append(range.lowerBound - shift + standIn.count)
            shift += range.count - standIn.count
            shifts.append(shift)
        }
        self.pushedEnds = pushedEnds
        self.shifts = shifts
    }

    /// The document's offset of `offset` in the bytes pushed (which is never inside a range:
    /// markup is not there).
    func documentOffset(ofPushed offset: Int) -> Int {
        // The stand-ins ending at or before `offset`: the document has their shift more.
        var (low, high) = (0, pushedEnds.count)
        while low < high {
            let middle = (low + high) / 2
            if pushedEnds[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return offset + (low == 0 ? 0 : shifts[low - 1])
    }

    /// The texts between each `open` and the `close` right after it, where a text is base64
    /// alone (`holdsBase64Alone`), in `bytes` before the first of `stops`.
    static func base64Texts(after open: StaticString, before close: StaticString, in bytes: UnsafeBufferPointer<UInt8>, upTo stops: [StaticString]) -> [Range<Int>] {
        guard let start = bytes.baseAddress else { return [] }
        func holds(_ text: StaticString, at index: Int) -> Bool {
            index + text.utf8CodeUnitCount <= bytes.count && memcmp(start + index, text.utf8Start, text.utf8CodeUnitCount) == 0
        }
        func nextTag(from index: Int) -> Int? {
            guard index < bytes.count, let found = memchr(start + index, Int32(UInt8(ascii: "<")), bytes.count - index) else { return nil }
            return start.distance(to: found.assumingMemoryBound(to: UInt8.self))
        }
        var texts: [Range<Int>] = []
        var index = 0
        while let tag = nextTag(from: index) {
            if stops.contains(where: { holds($0, at: tag) }) { break }
            index = tag + 1
            guard holds(open, at: tag) else { continue }
            let textStart = tag + open.utf8CodeUnitCount
            guard let end = nextTag(from: textStart), end > textStart, holds(close, at: end), holdsBase64Alone(bytes, textStart..<end) else { continue }
            texts.append(textStart..<end)
            index = end
        }
        return texts
    }

    /// Whether `bytes[range]` is text XML reads as it is and base64 keeps (the letters,
    /// digits, `+`, `/`, `=` and white space): no markup, no reference, no byte XML refuses.
    static func holdsBase64Alone(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        guard let start = bytes.baseAddress else { return range.isEmpty }
        return Base64.values.withUnsafeBufferPointer { table in
            // The table's values are 0–65 for those bytes and 255 for every other; eight bytes
            // looked up a turn.
            let values = table.baseAddress!
            var byte = start + range.lowerBound
            let end = start + range.upperBound
            var seen: UInt8 = 0
            while end - byte >= 8 {
                seen |= values[Int(byte[0])] | values[Int(byte[1])] | values[Int(byte[2])] | values[Int(byte[3])]
                seen |= values[Int(byte[4])] | values[Int(byte[5])] | values[Int(byte[6])] | values[Int(byte[7])]
                byte += 8
            }
            while byte < end {
                seen |= values[Int(byte[0])]
                byte += 1
            }
            return seen & 0x80 == 0
        }
    }
}

extension XMLReader {
    /// Where a `<!DOCTYPE` is in the prolog (before the first element), found before libxml2
    /// sees it: libxml2 reads a DTD's declarations (entities within entities) before it says
    /// there is one.
    static func doctypeOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        func starts(_ text: StaticString, at index: Int) -> Bool {
            let count = text.utf8CodeUnitCount
            guard index + count <= bytes.count else { return false }
            for offset in 0..<count where bytes[index + offset] != text.utf8Start[offset] { return false }
            return true
        }
        func skip(past text: StaticString, from index: Int) -> Int {
            var index = index
            while index < bytes.count, !starts(text, at: index) { index += 1 }
            return index + text.utf8CodeUnitCount
        }
        var index = starts("\u{FEFF}", at: 0) ? 3 : 0
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09, 0x0A, 0x0D: index += 1
            case UInt8(ascii: "<"):
                if starts("<?", at: index) {
                    index = skip(past: "?>", from: index + 2)
                } else if starts("<!--", at: index) {
                    index = skip(past: "-->", from: index + 4)
                } else if starts("<!DOCTYPE", at: index) {
                    return index
                } else {
                    return nil
                }
            default: return nil
            }
        }
        return nil
    }
}

/// The libxml2 calls used, looked up once: its SAX2 interface, which hands each start tag, text
/// and end tag to callbacks as it parses (half the time of its reader interface, which builds
/// a node for each).
struct LibXML2: @unchecked Sendable {
    typealias Context = OpaquePointer

    let createPushParser: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?) -> Context?
    let useOptions: @convention(c) (Context?, Int32) -> Int32
    let parseChunk: @convention(c) (Context?, UnsafePointer<CChar>?, Int32, Int32) -> Int32
    let stop: @convention(c) (Context?) -> Void
    let free: @convention(c) (Context?) -> Void
    let lineNumber: @convention(c) (Context?) -> Int32
    let columnNumber: @convention(c) (Context?) -> Int32
    let byteConsumed: @convention(c) (Context?) -> Int
    /// Whether this libxml2 hands an attribute's `&` to SAX2 as the reference `&#38;` (its tree
    /// builder decodes it again), which it does when entities are not substituted; found by
    /// reading `<a b="&amp;"/>` once.
    var keepsAmpersandsAsReferences = false

    static let loaded: Result<LibXML2, XMLReadError> = open()

    static func open() -> Result<LibXML2, XMLReadError> {
        let handle: UnsafeMutableRawPointer
        switch SharedLibraries.open(firstOf: SharedLibraries.systemLibraryPaths("xml2", major: 2)) {
        case .success(let opened): handle = opened.0
        case .failure(let failure):
            let reason = failure.messages.map(SharedLibraries.foldedReason).joined(separator: "; ")
            let advice = SharedLibraries.current == .linux ? " (install it: sudo apt-get install libxml2)" : ""
            return .failure(XMLReadError(line: 0, column: 0, message: "libxml2 is needed to read XLIFF and cannot be opened\(advice): \(reason)"))
        }
        var missing: [String] = []
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            guard let address = SharedLibraries.symbol(name, in: handle) else {
                missing.append(name)
                return nil
            }
            return unsafeBitCast(address, to: type)
        }
        let library = LibXML2(
            createPushParser: symbol("xmlCreatePushParserCtxt", as: (@convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?) -> Context?).self) ?? { _, _, _, _, _ in nil },
            useOptions: symbol("xmlCtxtUseOptions", as: (@convention(c) (Context?, Int32) -> Int32).self) ?? { _, _ in -1 },
            parseChunk: symbol("xmlParseChunk", as: (@convention(c) (Context?, UnsafePointer<CChar>?, Int32, Int32) -> Int32).self) ?? { _, _, _, _ in -1 },
            stop: symbol("xmlStopParser", as: (@convention(c) (Context?) -> Void).self) ?? { _ in },
            free: symbol("xmlFreeParserCtxt", as: (@convention(c) (Context?) -> Void).self) ?? { _ in },
            lineNumber: symbol("xmlSAX2GetLineNumber", as: (@convention(c) (Context?) -> Int32).self) ?? { _ in 0 },
            columnNumber: symbol("xmlSAX2GetColumnNumber", as: (@convention(c) (Context?) -> Int32).self) ?? { _ in 0 },
            byteConsumed: symbol("xmlByteConsumed", as: (@convention(c) (Context?) -> Int).self) ?? { _ in -1 }
        )
        if !missing.isEmpty {
            return .failure(XMLReadError(line: 0, column: 0, message: "the libxml2 found lacks \(missing.joined(separator: ", "))"))
        }
        struct Probe: XMLEventHandler {
            var value: [UInt8]?
            mutating func start(_ element: XMLStart) {
                guard let fields = element.attributeFields, element.attributeCount == 1, let start = fields[3], let end = fields[4] else { return }
                value = Array(UnsafeBufferPointer(start: start, count: start.distance(to: end)))
            }
            mutating func end() {}
            mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) {}
        }
        var probe = Probe()
        var probing = library
        try? Array("<a b=\"&amp;\"/>".utf8).withUnsafeBufferPointer { bytes throws(XMLReadError) in try library.read(bytes, into: &probe) }
        probing.keepsAmpersandsAsReferences = probe.value == Array("&#38;".utf8)
        return .success(probing)
    }

    static let doctypeRefusal = "a document type declaration (<!DOCTYPE) is not accepted: XLIFF needs none, and its entities are how XML attacks a reader"

    /// XML_PARSE_NONET: nothing fetched from the network. Left out on purpose: XML_PARSE_NOENT
    /// (substitute entities), XML_PARSE_DTDLOAD, XML_PARSE_DTDATTR, XML_PARSE_HUGE.
    static let options: Int32 = 1 << 11

    func read<Handler: XMLEventHandler>(_ bytes: UnsafeBufferPointer<UInt8>, passedOver: [Range<Int>] = [], into handler: inout Handler) throws(XMLReadError) {
        guard !bytes.isEmpty else { throw XMLReadError(line: 1, column: 1, message: "empty document") }
        let regions = TextRegions(passedOver, in: bytes)
        let session = HandlingSession(library: self, bytes: bytes, regions: regions, handler: handler)
        let sax = SAXHandlerTable()
        defer { sax.release() }
        let userData = Unmanaged.passUnretained(session as SAXSession).toOpaque()
        // libxml2 reads a copy of the bytes it is pushed.
        guard let context = createPushParser(sax.table, userData, nil, 0, nil) else {
            throw XMLReadError(line: 1, column: 1, message: "libxml2 could not start reading")
        }
        defer { free(context) }
        _ = useOptions(context, Self.options)
        session.context = context
        // Pushed a megabyte at a time: libxml2 refuses a push with more than 10 MB still to
        // parse ("Huge input lookup"). The regions passed over go as their stand-ins.
        let standIns = regions.standIns.joined().map { CChar(bitPattern: $0) }
        let status = bytes.baseAddress!.withMemoryRebound(to: CChar.self, capacity: bytes.count) { start in
            standIns.withUnsafeBufferPointer { standIns in
                var pieces: [UnsafeBufferPointer<CChar>] = []
                var documentOffset = 0
                var standInOffset = 0
                for (range, standIn) in zip(regions.ranges, regions.standIns) {
                    pieces.append(UnsafeBufferPointer(start: start + documentOffset, count: range.lowerBound - documentOffset))
                    pieces.append(UnsafeBufferPointer(rebasing: standIns[standInOffset..<standInOffset + standIn.count]))
                    documentOffset = range.upperBound
                    standInOffset += standIn.count
                }
                pieces.append(UnsafeBufferPointer(start: start + documentOffset, count: bytes.count - documentOffset))
                pieces.removeAll { $0.isEmpty }
                for (index, piece) in pieces.enumerated() {
                    var offset = 0
                    while offset < piece.count {
                        let count = min(1 << 20, piece.count - offset)
                        let isLast = index == pieces.count - 1 && offset + count == piece.count
                        let status = parseChunk(context, piece.baseAddress! + offset, Int32(count), isLast ? 1 : 0)
                        offset += count
                        if status != 0 || isLast || session.refusal != nil { return status }
                    }
                }
                return 0
            }
        }
        withExtendedLifetime(session) {}
        handler = session.handler
        if let error = session.refusal ?? session.firstError { throw error }
        if status != 0 {
            throw XMLReadError(line: Int(lineNumber(context)), column: Int(columnNumber(context)), message: "malformed XML")
        }
        guard session.sawRoot else { throw XMLReadError(line: 1, column: 1, message: "no element") }
    }
}

/// What the callbacks reach through libxml2's user data: the reading's state, and the handler
/// behind `HandlingSession`'s overrides (a C callback cannot be generic).
class SAXSession {
    let library: LibXML2
    /// The document, where start tags are found (valid while it is read).
    let bytes: UnsafeBufferPointer<UInt8>
    var context: LibXML2.Context?
    var depth = 0
    var sawRoot = false
    /// Elements inside a second root, which libxml2 reports; not handed on meanwhile.
    var ignoredDepth = 0
    /// The first error libxml2 reported (it would otherwise print it, catalog text and all, to
    /// standard error), and what this reading refused on its own (a DTD, too deep).
    var firstError: XMLReadError?
    var refusal: XMLReadError?

    /// The regions not pushed (`XMLReader.read`'s `passedOver`).
    let regions: TextRegions

    init(library: LibXML2, bytes: UnsafeBufferPointer<UInt8>, regions: TextRegions) {
        self.library = library
        self.bytes = bytes
        self.regions = regions
    }

    func start(_ element: XMLStart) {}
    func end() {}
    func text(_ bytes: UnsafeBufferPointer<UInt8>) {}

    /// Ends the reading with `message` at the parser's position.
    func refuse(_ message: String) {
        guard refusal == nil else { return }
        refusal = XMLReadError(line: Int(library.lineNumber(context)), column: Int(library.columnNumber(context)), message: message)
        library.stop(context)
    }

    /// An attribute's value with each `&#38;` (how SAX2 hands over `&`, which no attribute holds
    /// raw) decoded.
    static func ampersandsDecoded(_ text: UnsafeBufferPointer<UInt8>) -> String {
        guard let start = text.baseAddress, memchr(start, Int32(UInt8(ascii: "&")), text.count) != nil else {
            return String(decoding: text, as: UTF8.self)
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.count)
        var index = 0
        while index < text.count {
            if text[index] == UInt8(ascii: "&"), index + 5 <= text.count, text[index + 1] == UInt8(ascii: "#"),
                text[index + 2] == UInt8(ascii: "3"), text[index + 3] == UInt8(ascii: "8"), text[index + 4] == UInt8(ascii: ";")
            {
                bytes.append(UInt8(ascii: "&"))
                index += 5
            } else {
                bytes.append(text[index])
                index += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Where the start tag being handed over begins: libxml2 calls back at its end (at its `>`
    /// or `/>`), and the last `<` before that opens it, since an attribute value holds none.
    func offsetOfCurrentTag() -> Int {
        var index = min(regions.documentOffset(ofPushed: library.byteConsumed(context)), bytes.count) - 1
        while index > 0 && bytes[index] != UInt8(ascii: "<") { index -= 1 }
        return max(index, 0)
    }
}

final class HandlingSession<Handler: XMLEventHandler>: SAXSession {
    var handler: Handler

    init(library: LibXML2, bytes: UnsafeBufferPointer<UInt8>, regions: TextRegions, handler: Handler) {
        self.handler = handler
        super.init(library: library, bytes: bytes, regions: regions)
    }

    override func start(_ element: XMLStart) { handler.start(element) }
    override func end() { handler.end() }
    override func text(_ bytes: UnsafeBufferPointer<UInt8>) { handler.text(bytes) }
}

/// libxml2's `xmlSAXHandler` (parser.h; the same layout in every 2.x): 27 callback pointers,
/// `initialized`, `_private`, then the SAX2 `startElementNs`, `endElementNs` and `serror`.
/// Callbacks not set stay null: no DTD, entity or notation declaration is taken.
struct SAXHandlerTable {
    let table: UnsafeMutableRawPointer
    static let size = 256

    init() {
        table = UnsafeMutableRawPointer.allocate(byteCount: Self.size, alignment: 16)
        table.initializeMemory(as: UInt8.self, repeating: 0, count: Self.size)
        func set<T>(_ slot: Int, _ callback: T) { table.storeBytes(of: callback, toByteOffset: 8 * slot, as: T.self) }
        set(0, Self.internalSubset)
        set(16, Self.reference)
        set(17, Self.characters)
        set(18, Self.characters)
        set(25, Self.characters)
        table.storeBytes(of: 0xDEED_BEAF as UInt32, toByteOffset: 8 * 27, as: UInt32.self)
        set(29, Self.startElement)
        set(30, Self.endElement)
        set(31, Self.structuredError)
    }

    func release() { table.deallocate() }

    static func session(_ context: UnsafeMutableRawPointer?) -> SAXSession? {
        context.map { Unmanaged<SAXSession>.fromOpaque($0).takeUnretainedValue() }
    }

    typealias InternalSubset = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?) -> Void
    typealias Reference = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?) -> Void
    typealias Characters = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, Int32) -> Void
    typealias StartElement = @convention(c) (
        UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?, Int32,
        UnsafePointer<UnsafePointer<UInt8>?>?, Int32, Int32, UnsafePointer<UnsafePointer<UInt8>?>?
    ) -> Void
    typealias EndElement = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?, UnsafePointer<UInt8>?) -> Void
    typealias StructuredError = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?) -> Void

    /// A DTD (found before parsing too, by `XMLReader.doctypeOffset`) ends the reading.
    static let internalSubset: InternalSubset = { context, _, _, _ in
        session(context)?.refuse(LibXML2.doctypeRefusal)
    }

    /// An entity reference libxml2 hands over as such rather than as its text.
    static let reference: Reference = { context, _ in
        session(context)?.refuse("an entity reference other than XML's five is not accepted")
    }

    /// Text, white space and CDATA alike: the text inside elements.
    static let characters: Characters = { context, bytes, count in
        guard let session = session(context), session.refusal == nil, session.depth > 0, session.ignoredDepth == 0, let bytes
        else { return }
        session.text(UnsafeBufferPointer(start: bytes, count: Int(count)))
    }

    static let startElement: StartElement = { context, localName, _, _, _, _, attributeCount, _, attributes in
        guard let session = session(context), session.refusal == nil else { return }
        if session.depth >= XMLReader.maximumDepth {
            session.refuse("elements nested deeper than \(XMLReader.maximumDepth)")
            return
        }
        // A second root is libxml2's error; the first is the document.
        if session.ignoredDepth > 0 || (session.depth == 0 && session.sawRoot) {
            session.ignoredDepth += 1
            return
        }
        session.sawRoot = true
        session.depth += 1
        session.start(XMLStart(localName: localName, attributeCount: Int(attributeCount), attributeFields: attributes, session: session))
    }

    static let endElement: EndElement = { context, _, _, _ in
        guard let session = session(context), session.refusal == nil else { return }
        if session.ignoredDepth > 0 {
            session.ignoredDepth -= 1
            return
        }
        guard session.depth > 0 else { return }
        session.depth -= 1
        session.end()
    }

    /// libxml2's `xmlError`, read by offset (the same in every libxml2 2.x on 64-bit systems):
    /// `message` at 8, `line` at 32, `int2` (the column) at 68.
    static let structuredError: StructuredError = { context, error in
        guard let session = session(context), let error, session.firstError == nil else { return }
        let message = error.load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self).map { String(cString: $0) } ?? "malformed XML"
        let line = Int(error.load(fromByteOffset: 32, as: Int32.self))
        let column = Int(error.load(fromByteOffset: 68, as: Int32.self))
        session.firstError = XMLReadError(line: line, column: column, message: VisibleText.inline(message.split(whereSeparator: { $0.isNewline }).joined(separator: " ")))
    }
}
