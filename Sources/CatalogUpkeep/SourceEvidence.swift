import CatalogLint
import StringCatalog

/// What an app's sources say of the keys they use, for `prune --sources`: the string literals
/// of Swift and Objective-C files (an interpolation read as a placeholder), Swift's identifiers
/// (the symbols Xcode generates for manual keys), the attribute values of storyboards and xibs
/// (their object ids name a storyboard catalog's keys) and the keys of property lists
/// (`InfoPlist.xcstrings`). A key built at run time (`"title.\(id)"`, `NSLocalizedString(name, …)`)
/// cannot be seen: a scan only ever keeps more, never proves a key unused.
public struct SourceEvidence: Sendable {
    /// Literal texts, each interpolation replaced by `SourceEvidence.hole`.
    var literals: Set<String> = []
    /// Swift identifiers.
    var identifiers: Set<String> = []
    /// Attribute values of Interface Builder files.
    var interfaceBuilderValues: Set<String> = []
    /// `<key>` names of property lists.
    var propertyListKeys: Set<String> = []
    /// The files read.
    public private(set) var filesRead = 0

    /// What stands for an interpolation or a format specifier when a key is compared with a
    /// literal: `"\(n) files"` and `"%lld files"` are the same string.
    static let hole = "\u{1}"

    public init() {}

    static let codeEndings = [".swift", ".m", ".mm", ".h", ".c", ".cpp"]
    static let interfaceBuilderEndings = [".storyboard", ".xib"]

    /// Reads every source file under `folders`; the folders that cannot be read are returned.
    public static func scan(_ folders: [String]) -> (evidence: SourceEvidence, unreadable: [String]) {
        var evidence = SourceEvidence()
        var unreadable: [String] = []
        for folder in folders {
            guard FileBytes.isDirectory(folder) else {
                unreadable.append(folder)
                continue
            }
            let files = CatalogFinder.files(under: folder) { name in
                codeEndings.contains { name.hasSuffix($0) } || interfaceBuilderEndings.contains { name.hasSuffix($0) } || name.hasSuffix(".plist")
            }
            for path in files {
                guard let bytes = try? FileBytes.read(path) else { continue }
                evidence.read(bytes, path: path)
            }
        }
        return (evidence, unreadable)
    }

    /// Adds what one file says.
    public mutating func read(_ bytes: [UInt8], path: String) {
        filesRead += 1
        if Self.interfaceBuilderEndings.contains(where: { path.hasSuffix($0) }) {
            interfaceBuilderValues.formUnion(XMLText.attributeValues(bytes))
        } else if path.hasSuffix(".plist") {
            propertyListKeys.formUnion(XMLText.elements(named: "key", in: bytes))
        } else {
            let scanned = CodeText(bytes: bytes, swift: path.hasSuffix(".swift"))
            literals.formUnion(scanned.literals)
            // `"%@ and \(b)"` is the key `%@ and %@`: its specifiers are holes as well.
            for literal in scanned.literals where literal.contains("%") { literals.insert(Self.template(of: literal)) }
            identifiers.formUnion(scanned.identifiers)
        }
    }

    /// Whether the sources use `key`: as a literal (placeholders and interpolations alike), as
    /// the symbol Xcode generates for it, as an Interface Builder object's id (`id.property`)
    /// or as a property-list key.
    public func uses(_ key: String) -> Bool {
        if literals.contains(key) || propertyListKeys.contains(key) || interfaceBuilderValues.contains(key) { return true }
        if let dot = key.firstIndex(of: "."), interfaceBuilderValues.contains(String(key[..<dot])) { return true }
        let template = Self.template(of: key)
        if template != key && literals.contains(template) { return true }
        return Self.symbols(for: key).contains { identifiers.contains($0) }
    }

    /// `key` with each format specifier a hole.
    static func template(of key: String) -> String {
        guard key.contains("%") else { return key }
        let specifiers = FormatString.specifiers(in: key, firstArgument: 1)
        guard !specifiers.isEmpty else { return key }
        var result = ""
        var position = key.startIndex
        for specifier in specifiers {
            result += key[position..<specifier.range.lowerBound] + hole
            position = specifier.range.upperBound
        }
        return result + key[position...]
    }

    /// The names Xcode may give a manual key's symbol: its words joined in lower camel case
    /// (`onboarding.welcome_title` → `onboardingWelcomeTitle`), the first word lowered whole or
    /// in its first letter (`URLTitle` → `urlTitle` or `uRLTitle`).
    static func symbols(for key: String) -> [String] {
        let words = key.split { !($0.isLetter || $0.isNumber) }.map(String.init)
        guard let first = words.first else { return [] }
        let rest = words.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
        return [first.lowercased() + rest, first.prefix(1).lowercased() + first.dropFirst() + rest]
    }
}

/// The literals and identifiers of a Swift or C-family file, read without a parser: comments
/// are read as code (a key named in a comment is kept, the safe side).
struct CodeText {
    var literals: Set<String> = []
    var identifiers: Set<String> = []

    init(bytes: [UInt8], swift: Bool) {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") || (swift && byte == UInt8(ascii: "#") && index + 1 < count && (bytes[index + 1] == UInt8(ascii: "\"") || bytes[index + 1] == UInt8(ascii: "#"))) {
                index = readLiteral(bytes, from: index, swift: swift)
            } else if swift && (Self.isIdentifierStart(byte)) {
                let start = index
                while index < count && (Self.isIdentifierStart(bytes[index]) || (bytes[index] >= 0x30 && bytes[index] <= 0x39)) { index += 1 }
                identifiers.insert(String(decoding: bytes[start..<index], as: UTF8.self))
            } else {
                index += 1
            }
        }
    }

    static func isIdentifierStart(_ byte: UInt8) -> Bool {
        (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == UInt8(ascii: "_") || byte >= 0x80
    }

    /// Reads the literal starting at `start` (its `#`s, `"` or `"""`), records its text, and
    /// returns the index after it.
    mutating func readLiteral(_ bytes: [UInt8], from start: Int, swift: Bool) -> Int {
        var index = start
        var hashes = 0
        while index < bytes.count && bytes[index] == UInt8(ascii: "#") {
            hashes += 1
            index += 1
        }
        guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { return index }
        let multiline = swift && index + 2 < bytes.count && bytes[index + 1] == UInt8(ascii: "\"") && bytes[index + 2] == UInt8(ascii: "\"")
        index += multiline ? 3 : 1
        var text: [UInt8] = []
        /// Whether a quote at `index` ends the literal, with its `#`s.
        func closes(_ index: Int) -> Bool {
            if multiline {
                guard index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\""), bytes[index + 2] == UInt8(ascii: "\"") else { return false }
                return hashesFollow(index + 3)
            }
            return hashesFollow(index + 1)
        }
        func hashesFollow(_ index: Int) -> Bool {
            guard index + hashes <= bytes.count else { return false }
            return bytes[index..<index + hashes].allSatisfy { $0 == UInt8(ascii: "#") }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") && closes(index) {
                index += (multiline ? 3 : 1) + hashes
                break
            }
            if !multiline && byte == 0x0A { break }
            // An escape, in a raw string only after as many `#`s as it opened with.
            if byte == UInt8(ascii: "\\") && hashesFollow(index + 1) {
                index += 1 + hashes
                guard index < bytes.count else { break }
                let escaped = bytes[index]
                switch escaped {
                case UInt8(ascii: "("):
                    index = Self.skipInterpolation(bytes, from: index + 1)
                    text.append(contentsOf: SourceEvidence.hole.utf8)
                    continue
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "0"): text.append(0)
                case UInt8(ascii: "u") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: "{"):
                    var end = index + 2
                    while end < bytes.count && bytes[end] != UInt8(ascii: "}") && end - index < 12 { end += 1 }
                    let hex = String(decoding: bytes[(index + 2)..<min(end, bytes.count)], as: UTF8.self)
                    if let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) { text.append(contentsOf: String(Character(scalar)).utf8) }
                    index = end + 1
                    continue
                case 0x0A: break  // a line continuation in a multi-line literal
                default: text.append(escaped)
                }
                index += 1
                continue
            }
            text.append(byte)
            index += 1
        }
        var literal = String(decoding: text, as: UTF8.self)
        if multiline {
            // The lines as written, their common indentation left in: enough to keep a key whose
            // text is one line of it.
            for line in literal.split(separator: "\n") { literals.insert(Self.trimmed(line)) }
            literal = Self.trimmed(literal[...])
        }
        literals.insert(literal)
        return index
    }

    static func trimmed(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" || $0 == "\n" }.reversed())
    }

    /// The index after the `)` that closes an interpolation whose `(` is before `start`.
    static func skipInterpolation(_ bytes: [UInt8], from start: Int) -> Int {
        var depth = 1
        var index = start
        var inString = false
        while index < bytes.count && depth > 0 {
            let byte = bytes[index]
            if inString {
                if byte == UInt8(ascii: "\\") { index += 1 } else if byte == UInt8(ascii: "\"") || byte == 0x0A { inString = false }
            } else if byte == UInt8(ascii: "\"") {
                inString = true
            } else if byte == UInt8(ascii: "(") {
                depth += 1
            } else if byte == UInt8(ascii: ")") {
                depth -= 1
            } else if byte == 0x0A {
                break
            }
            index += 1
        }
        return index
    }
}

/// The little of XML that storyboards, xibs and property lists need read: attribute values and
/// the text of simple elements, with the five predefined entities and character references.
enum XMLText {
    static func attributeValues(_ bytes: [UInt8]) -> Set<String> {
        var values = Set<String>()
        var index = 0
        while index + 1 < bytes.count {
            if bytes[index] == UInt8(ascii: "="), bytes[index + 1] == UInt8(ascii: "\"") {
                var end = index + 2
                while end < bytes.count && bytes[end] != UInt8(ascii: "\"") { end += 1 }
                values.insert(decode(bytes[(index + 2)..<min(end, bytes.count)]))
                index = end + 1
            } else {
                index += 1
            }
        }
        return values
    }

    static func elements(named name: String, in bytes: [UInt8]) -> Set<String> {
        let open = Array("<\(name)>".utf8), close = Array("</\(name)>".utf8)
        var values = Set<String>()
        var index = 0
        while index + open.count <= bytes.count {
            guard bytes[index..<index + open.count].elementsEqual(open) else {
                index += 1
                continue
            }
            let start = index + open.count
            var end = start
            while end + close.count <= bytes.count && !bytes[end..<end + close.count].elementsEqual(close) { end += 1 }
            values.insert(decode(bytes[start..<min(end, bytes.count)]))
            index = end + close.count
        }
        return values
    }

    static func decode(_ bytes: ArraySlice<UInt8>) -> String {
        let text = String(decoding: bytes, as: UTF8.self)
        guard text.contains("&") else { return text }
        var result = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            result += rest[..<amp]
            guard let semicolon = rest[amp...].firstIndex(of: ";"), rest.distance(from: amp, to: semicolon) <= 10 else {
                result += "&"
                rest = rest[rest.index(after: amp)...]
                continue
            }
            let entity = rest[rest.index(after: amp)..<semicolon]
            switch entity {
            case "amp": result += "&"
            case "lt": result += "<"
            case "gt": result += ">"
            case "quot": result += "\""
            case "apos": result += "'"
            default:
                let number = entity.hasPrefix("#x") ? UInt32(entity.dropFirst(2), radix: 16) : entity.hasPrefix("#") ? UInt32(entity.dropFirst()) : nil
                if let number, let scalar = Unicode.Scalar(number) { result.unicodeScalars.append(scalar) } else { result += "&" + entity + ";" }
            }
            rest = rest[rest.index(after: semicolon)...]
        }
        return result + rest
    }
}
