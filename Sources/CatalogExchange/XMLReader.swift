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
    /// Whether text here is wanted: it is made into a string only then.
    var wantsText: Bool { get }
    mutating func text(_ text: String)
}

/// An element's start tag, while the reading is at it.
struct XMLStart {
    /// The local name (`trans-unit`).
    let name: String
    fileprivate let library: LibXML2
    fileprivate let reader: LibXML2.Reader
    fileprivate let locator: TagLocator

    /// The attributes by qualified name (`id`, `xml:space`), namespace declarations left out.
    func attributes() -> [String: String] {
        var attributes: [String: String] = [:]
        while library.moveToNextAttribute(reader) == 1 {
            let qualified = library.qualifiedName(reader).map { String(cString: $0) } ?? ""
            if qualified == "xmlns" || qualified.hasPrefix("xmlns:") { continue }
            attributes[qualified] = library.value(reader).map { String(cString: $0) } ?? ""
        }
        _ = library.moveToElement(reader)
        return attributes
    }

    /// The line and column of the start tag (asked for at most once per element: a tag's
    /// column is found after those already found on its line).
    func place() -> (line: Int, column: Int) {
        let tag = "<" + (library.qualifiedName(reader).map { String(cString: $0) } ?? name)
        return locator.place(of: tag, line: library.nodeLine(library.currentNode(reader)))
    }
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

    /// Reads `bytes`, handing each element's start, text and end to `handler`; the first error
    /// (malformed XML, a DTD, an entity, too deep, too big) ends the reading.
    static func read<Handler: XMLEventHandler>(_ bytes: [UInt8], into handler: inout Handler) throws(XMLReadError) {
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
        try library.read(bytes, into: &handler)
    }
}

extension XMLReader {
    /// Where a `<!DOCTYPE` is in the prolog (before the first element), found before libxml2
    /// sees it: libxml2 reads a DTD's declarations (entities within entities) before it says
    /// there is one.
    static func doctypeOffset(_ bytes: [UInt8]) -> Int? {
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

/// The libxml2 calls used, looked up once.
struct LibXML2: @unchecked Sendable {
    typealias Reader = OpaquePointer
    typealias ErrorHandler = @convention(c) (UnsafeMutableRawPointer?, UnsafeRawPointer?) -> Void

    let readerForMemory: @convention(c) (UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32) -> Reader?
    let read: @convention(c) (Reader?) -> Int32
    let nodeType: @convention(c) (Reader?) -> Int32
    let localName: @convention(c) (Reader?) -> UnsafePointer<CChar>?
    let qualifiedName: @convention(c) (Reader?) -> UnsafePointer<CChar>?
    let value: @convention(c) (Reader?) -> UnsafePointer<CChar>?
    let isEmptyElement: @convention(c) (Reader?) -> Int32
    let moveToNextAttribute: @convention(c) (Reader?) -> Int32
    let moveToElement: @convention(c) (Reader?) -> Int32
    let depth: @convention(c) (Reader?) -> Int32
    let lineNumber: @convention(c) (Reader?) -> Int32
    let columnNumber: @convention(c) (Reader?) -> Int32
    let currentNode: @convention(c) (Reader?) -> OpaquePointer?
    let nodeLine: @convention(c) (OpaquePointer?) -> Int
    let free: @convention(c) (Reader?) -> Void
    let setStructuredErrorHandler: @convention(c) (Reader?, ErrorHandler?, UnsafeMutableRawPointer?) -> Void

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
            readerForMemory: symbol("xmlReaderForMemory", as: (@convention(c) (UnsafePointer<CChar>?, Int32, UnsafePointer<CChar>?, UnsafePointer<CChar>?, Int32) -> Reader?).self) ?? { _, _, _, _, _ in nil },
            read: symbol("xmlTextReaderRead", as: (@convention(c) (Reader?) -> Int32).self) ?? { _ in -1 },
            nodeType: symbol("xmlTextReaderNodeType", as: (@convention(c) (Reader?) -> Int32).self) ?? { _ in -1 },
            localName: symbol("xmlTextReaderConstLocalName", as: (@convention(c) (Reader?) -> UnsafePointer<CChar>?).self) ?? { _ in nil },
            qualifiedName: symbol("xmlTextReaderConstName", as: (@convention(c) (Reader?) -> UnsafePointer<CChar>?).self) ?? { _ in nil },
            value: symbol("xmlTextReaderConstValue", as: (@convention(c) (Reader?) -> UnsafePointer<CChar>?).self) ?? { _ in nil },
            isEmptyElement: symbol("xmlTextReaderIsEmptyElement", as: (@convention(c) (Reader?) -> Int32).self) ?? { _ in 0 },
            moveToNextAttribute: symbol("xmlTextReaderMoveToNextAttribute", as: (@convention(c) (Reader?) -> Int32).self) ?? { _ in 0 },
            moveToElement: symbol("xmlTextReaderMoveToElement", as: (@convention(c) (Reader?) -> Int32).self) ?? { _ in 0 },
            depth: symbol("xmlTextReaderDepth", as: (@convention(c) (Reader?) -> Int32).self) ?? { _ in 0 },
            lineNumber: symbol("xmlTextReaderGetParserLineNumber", as: (@convention(c) (Reader?) -> Int32).self) ?? { _ in 0 },
            columnNumber: symbol("xmlTextReaderGetParserColumnNumber", as: (@convention(c) (Reader?) -> Int32).self) ?? { _ in 0 },
            currentNode: symbol("xmlTextReaderCurrentNode", as: (@convention(c) (Reader?) -> OpaquePointer?).self) ?? { _ in nil },
            nodeLine: symbol("xmlGetLineNo", as: (@convention(c) (OpaquePointer?) -> Int).self) ?? { _ in 0 },
            free: symbol("xmlFreeTextReader", as: (@convention(c) (Reader?) -> Void).self) ?? { _ in },
            setStructuredErrorHandler: symbol("xmlTextReaderSetStructuredErrorHandler", as: (@convention(c) (Reader?, ErrorHandler?, UnsafeMutableRawPointer?) -> Void).self) ?? { _, _, _ in }
        )
        if !missing.isEmpty {
            return .failure(XMLReadError(line: 0, column: 0, message: "the libxml2 found lacks \(missing.joined(separator: ", "))"))
        }
        return .success(library)
    }

    static let doctypeRefusal = "a document type declaration (<!DOCTYPE) is not accepted: XLIFF needs none, and its entities are how XML attacks a reader"

    // libxml2's reader node types (xmlreader.h).
    static let element: Int32 = 1, text: Int32 = 3, cdata: Int32 = 4, entityReference: Int32 = 5
    static let documentType: Int32 = 10, significantWhitespace: Int32 = 14, endElement: Int32 = 15
    /// XML_PARSE_NONET: nothing fetched from the network. Left out on purpose: XML_PARSE_NOENT
    /// (substitute entities), XML_PARSE_DTDLOAD, XML_PARSE_DTDATTR, XML_PARSE_HUGE.
    static let options: Int32 = 1 << 11

    /// The first error libxml2 reported while reading, kept by the handler below (libxml2 would
    /// otherwise print it, catalog text and all, to standard error).
    final class FirstError {
        var error: XMLReadError?
    }

    /// libxml2's `xmlError`, read by offset (the same in every libxml2 2.x on 64-bit systems):
    /// `message` at 8, `line` at 32, `int2` (the column) at 68.
    static let handler: ErrorHandler = { context, error in
        guard let context, let error else { return }
        let box = Unmanaged<FirstError>.fromOpaque(context).takeUnretainedValue()
        guard box.error == nil else { return }
        let message = error.load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self).map { String(cString: $0) } ?? "malformed XML"
        let line = Int(error.load(fromByteOffset: 32, as: Int32.self))
        let column = Int(error.load(fromByteOffset: 68, as: Int32.self))
        box.error = XMLReadError(line: line, column: column, message: VisibleText.inline(message.split(whereSeparator: { $0.isNewline }).joined(separator: " ")))
    }

    func read<Handler: XMLEventHandler>(_ bytes: [UInt8], into handler: inout Handler) throws(XMLReadError) {
        // libxml2 reads the caller's memory without copying it: the whole reading happens while
        // the pointer is valid.
        let failure: XMLReadError? = bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress,
                let reader = base.withMemoryRebound(to: CChar.self, capacity: buffer.count, { readerForMemory($0, Int32(buffer.count), nil, nil, Self.options) })
            else { return XMLReadError(line: 1, column: 1, message: bytes.isEmpty ? "empty document" : "libxml2 could not start reading") }
            defer { free(reader) }
            do throws(XMLReadError) {
                try read(bytes, with: reader, into: &handler)
                return nil
            } catch {
                return error
            }
        }
        if let failure { throw failure }
    }

    private func read<Handler: XMLEventHandler>(_ bytes: [UInt8], with reader: Reader, into handler: inout Handler) throws(XMLReadError) {
        let firstError = FirstError()
        let context = Unmanaged.passUnretained(firstError).toOpaque()
        setStructuredErrorHandler(reader, Self.handler, context)
        defer { withExtendedLifetime(firstError) {} }
        var depth = 0
        var sawRoot = false
        let locator = TagLocator(bytes: bytes)
        func position() -> (Int, Int) { (Int(lineNumber(reader)), Int(columnNumber(reader))) }
        func fail(_ message: String) -> XMLReadError {
            let (line, column) = position()
            return XMLReadError(line: line, column: column, message: message)
        }
        while true {
            let status = read(reader)
            if status == 0 { break }
            if status < 0 { throw firstError.error ?? fail("malformed XML") }
            switch nodeType(reader) {
            case Self.documentType:
                throw fail(Self.doctypeRefusal)
            case Self.entityReference:
                throw fail("an entity reference other than XML's five is not accepted")
            case Self.element:
                if depth >= XMLReader.maximumDepth { throw fail("elements nested deeper than \(XMLReader.maximumDepth)") }
                // A second root is libxml2's error; the first is the document.
                guard depth > 0 || !sawRoot else { continue }
                sawRoot = true
                let name = localName(reader).map { String(cString: $0) } ?? ""
                let isEmpty = isEmptyElement(reader) == 1
                handler.start(XMLStart(name: name, library: self, reader: reader, locator: locator))
                if isEmpty { handler.end() } else { depth += 1 }
            case Self.endElement:
                if depth > 0 {
                    depth -= 1
                    handler.end()
                }
            case Self.text, Self.cdata, Self.significantWhitespace:
                if depth > 0, handler.wantsText { handler.text(value(reader).map { String(cString: $0) } ?? "") }
            default:
                break
            }
        }
        if let error = firstError.error { throw error }
        guard sawRoot else { throw XMLReadError(line: 1, column: 1, message: "no element") }
    }
}

/// Where an element's start tag is: libxml2 gives the line of a node (its reader's own position
/// is ahead of it); the column is where the tag's text is found on that line, after the tags
/// already placed there.
final class TagLocator {
    let bytes: [UInt8]
    var lineStarts: [Int] = [0]
    /// On each line, where the last tag found ended.
    var searchedTo: [Int: Int] = [:]

    init(bytes: [UInt8]) {
        self.bytes = bytes
        bytes.withUnsafeBytes { buffer in
            guard let start = buffer.baseAddress else { return }
            var offset = 0
            while offset < buffer.count, let found = memchr(start + offset, 0x0A, buffer.count - offset) {
                offset = start.distance(to: UnsafeRawPointer(found)) + 1
                lineStarts.append(offset)
            }
        }
    }

    func place(of tag: String, line: Int) -> (line: Int, column: Int) {
        guard line >= 1, line <= lineStarts.count else { return (max(line, 1), 1) }
        let start = lineStarts[line - 1]
        let end = line < lineStarts.count ? lineStarts[line] : bytes.count
        let needle = Array(tag.utf8)
        var index = searchedTo[line] ?? start
        while index + needle.count <= end {
            if bytes[index] == needle[0] && bytes[index..<index + needle.count].elementsEqual(needle) {
                searchedTo[line] = index + needle.count
                return (line, index - start + 1)
            }
            index += 1
        }
        return (line, 1)
    }
}
