/// Writes JSON exactly as Xcode writes a string catalog (docs/engineering/format.md): two-space indent, `" : "`,
/// keys in `KeyOrder`, empty containers as an opening line, an empty line and a closing line, `/`
/// and non-ASCII raw, other control characters as lowercase `\u00xx`, no newline at the end.
public struct XcodeWriter {
    public private(set) var output: [UInt8] = []
    /// False keeps members in the order given (for reports, whose order is part of their format).
    public var sortsKeys = true
    /// When set, receives the output whenever a megabyte has gathered, so that a big catalog is
    /// written out in pieces instead of held whole.
    public var drain: ((inout [UInt8]) -> Void)?
    /// When set, receives each canonical raw value with the bytes the writer made since the one
    /// before, to take as it likes (it leaves `output` empty or holding what it left): a file
    /// writer gives the kernel the value's bytes where they are, and the bytes before it too
    /// when they are the same as what precedes the value in its source.
    public var rawSink: ((inout [UInt8], RawJSON) -> Void)?
    /// When set, strings also escape what `VisibleText` hides (DEL, C1 controls, bidirectional
    /// overrides) as `\u` escapes, which JSON allows and which decode to the same text: reports
    /// and machine output, which a person may read in a terminal. Catalogs keep Xcode's bytes.
    public var escapesHiddenCharacters = false

    public init(capacity: Int = 0, sortsKeys: Bool = true) {
        output.reserveCapacity(capacity)
        self.sortsKeys = sortsKeys
    }

    /// Pretty-printed JSON with members in the order given, for reports.
    public static func reportBytes(of value: JSONValue) -> [UInt8] {
        var writer = XcodeWriter(capacity: 4096, sortsKeys: false)
        writer.escapesHiddenCharacters = true
        writer.write(value, indent: 0)
        writer.output.append(0x0A)
        return writer.output
    }

    /// The canonical bytes of a document.
    public static func bytes(of value: JSONValue, capacityHint: Int = 4096) -> [UInt8] {
        var writer = XcodeWriter(capacity: capacityHint)
        writer.write(value, indent: 0)
        return writer.output
    }

    public mutating func write(_ value: JSONValue, indent: Int) {
        switch value {
        case .object(let object): write(object, indent: indent)
        case .array(let elements): write(elements, indent: indent)
        case .string(let string): writeString(string)
        case .number(let text): output.append(contentsOf: text.bytes)
        case .bool(let flag): output.append(contentsOf: flag ? trueBytes : falseBytes)
        case .null: output.append(contentsOf: nullBytes)
        case .raw(let raw):
            if sortsKeys && raw.canonicalIndent == indent {
                if let rawSink {
                    rawSink(&output, raw)
                } else {
                    output.append(contentsOf: raw.bytes)
                }
            } else {
                write(raw.parsed(), indent: indent)
            }
        }
    }

    public mutating func write(_ object: JSONObject, indent: Int) {
        output.append(UInt8(ascii: "{"))
        output.append(0x0A)
        if object.members.isEmpty {
            output.append(0x0A)
            writeIndent(indent)
            output.append(UInt8(ascii: "}"))
            return
        }
        var members = object.members
        if sortsKeys && !object.isKeyOrdered { KeyOrder.sort(&members) }
        for (i, member) in members.enumerated() {
            writeIndent(indent + 1)
            writeString(member.key)
            output.append(contentsOf: separatorBytes)
            write(member.value, indent: indent + 1)
            if i + 1 < members.count { output.append(UInt8(ascii: ",")) }
            output.append(0x0A)
            if let drain, output.count >= 1 << 20 { drain(&output) }
        }
        writeIndent(indent)
        output.append(UInt8(ascii: "}"))
    }

    /// Hands what is left to `drain`.
    public mutating func finish() {
        if let drain, !output.isEmpty { drain(&output) }
    }

    mutating func write(_ elements: [JSONValue], indent: Int) {
        output.append(UInt8(ascii: "["))
        output.append(0x0A)
        if elements.isEmpty {
            output.append(0x0A)
            writeIndent(indent)
            output.append(UInt8(ascii: "]"))
            return
        }
        for (i, element) in elements.enumerated() {
            writeIndent(indent + 1)
            write(element, indent: indent + 1)
            if i + 1 < elements.count { output.append(UInt8(ascii: ",")) }
            output.append(0x0A)
        }
        writeIndent(indent)
        output.append(UInt8(ascii: "]"))
    }

    /// Bytes the caller has made in Xcode's layout (a member's key and separator, a brace).
    public mutating func writeLayout(_ text: StaticString) {
        output.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Bytes already in Xcode's layout (a part of a catalog read), copied as they are.
    public mutating func writeBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        output.append(contentsOf: bytes)
    }

    @inline(__always)
    public mutating func writeIndent(_ level: Int) {
        let spaces = level * 2
        if spaces <= indentBytes.count {
            output.append(contentsOf: indentBytes[0..<spaces])
        } else {
            output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: spaces))
        }
    }

    /// Writes a quoted string, copying runs that need no escape in bulk.
    public mutating func writeString(_ string: UTF8Bytes) {
        if escapesHiddenCharacters, string.bytes.withUnsafeBufferPointer({ VisibleText.needsEscaping($0) }) {
            return writeStringEscapingHidden(string)
        }
        output.append(UInt8(ascii: "\""))
        string.bytes.withUnsafeBufferPointer { bytes in
            var runStart = 0
            for i in 0..<bytes.count {
                let byte = bytes[i]
                guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
                if runStart < i { output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<i])) }
                runStart = i + 1
                output.append(UInt8(ascii: "\\"))
                switch byte {
                case 0x22: output.append(0x22)
                case 0x5C: output.append(0x5C)
                case 0x0A: output.append(UInt8(ascii: "n"))
                case 0x09: output.append(UInt8(ascii: "t"))
                case 0x0D: output.append(UInt8(ascii: "r"))
                case 0x08: output.append(UInt8(ascii: "b"))
                case 0x0C: output.append(UInt8(ascii: "f"))
                default:
                    output.append(contentsOf: [UInt8(ascii: "u"), 0x30, 0x30, hexDigit(byte >> 4), hexDigit(byte & 0x0F)])
                }
            }
            if runStart < bytes.count {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
            }
        }
        output.append(UInt8(ascii: "\""))
    }

    /// A string for a report, every hidden character escaped (`\u001b`, `\u009b`, `\u202e`,
    /// surrogate pairs never needed: the characters concerned are in the basic plane).
    mutating func writeStringEscapingHidden(_ string: UTF8Bytes) {
        output.append(UInt8(ascii: "\""))
        for scalar in string.string.unicodeScalars {
            let value = scalar.value
            switch value {
            case 0x22: output += [0x5C, 0x22]
            case 0x5C: output += [0x5C, 0x5C]
            case 0x0A: output += [0x5C, UInt8(ascii: "n")]
            case 0x09: output += [0x5C, UInt8(ascii: "t")]
            case 0x0D: output += [0x5C, UInt8(ascii: "r")]
            case 0x08: output += [0x5C, UInt8(ascii: "b")]
            case 0x0C: output += [0x5C, UInt8(ascii: "f")]
            default:
                if value < 0x20 || VisibleText.isHidden(value) {
                    output += [0x5C, UInt8(ascii: "u")]
                    for shift in stride(from: 12, through: 0, by: -4) { output.append(hexDigit(UInt8((value >> UInt32(shift)) & 0xF))) }
                } else {
                    output += Array(String(scalar).utf8)
                }
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

@inline(__always)
private func hexDigit(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? 0x30 + nibble : UInt8(ascii: "a") + nibble - 10
}

private let separatorBytes: [UInt8] = Array(" : ".utf8)
private let trueBytes: [UInt8] = Array("true".utf8)
private let falseBytes: [UInt8] = Array("false".utf8)
private let nullBytes: [UInt8] = Array("null".utf8)
private let indentBytes: [UInt8] = Array(repeating: UInt8(ascii: " "), count: 64)
