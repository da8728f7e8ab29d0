import StringCatalog

/// Small text helpers for the rules, byte-based where Foundation would be slow.

/// A value in quotes for a message, its line breaks written `\n` and `\r` (a CR LF pair, one
/// character, is left as it is), shortened to 60 characters. Only the start of `text` is read:
/// one value may hold 40,000 specifiers, each a finding that quotes it.
func quoted(_ text: String) -> String {
    let utf8 = text.utf8
    // 240 bytes hold the 60 characters shown, whatever their length in UTF-8.
    let end = utf8.index(utf8.startIndex, offsetBy: 240, limitedBy: utf8.endIndex) ?? utf8.endIndex
    let isWhole = end == utf8.endIndex
    let head = utf8[..<end]
    let hasBreak = head.contains(0x0A) || head.contains(0x0D)
    // Most texts are short and on one line: they go between the quotes as they are.
    if isWhole && !hasBreak && head.count <= 60 { return "\"" + text + "\"" }
    let start = String(decoding: head, as: UTF8.self)
    var flat = hasBreak ? escapingLineBreaks(start) : start
    if !isWhole || flat.count > 60 { flat = String(flat.prefix(59)) + "…" }
    return "\"" + flat + "\""
}

/// `text` with each line feed and carriage return that is a character of its own written as
/// `\n` and `\r`, byte by byte: a line break never joins the characters around it, except CR
/// and LF together, which make one character.
func escapingLineBreaks(_ text: String) -> String {
    var text = text
    return text.withUTF8 { bytes in
        var escaped: [UInt8] = []
        escaped.reserveCapacity(bytes.count + 8)
        for index in bytes.indices {
            let byte = bytes[index]
            if byte == 0x0A && !(index > 0 && bytes[index - 1] == 0x0D) {
                escaped += [0x5C, UInt8(ascii: "n")]
            } else if byte == 0x0D && !(index + 1 < bytes.count && bytes[index + 1] == 0x0A) {
                escaped += [0x5C, UInt8(ascii: "r")]
            } else {
                escaped.append(byte)
            }
        }
        return String(decoding: escaped, as: UTF8.self)
    }
}

extension String {
    /// Every occurrence of `target` replaced, compared byte for byte.
    func replacingText(_ target: String, with replacement: String) -> String {
        let bytes = Array(utf8), needle = Array(target.utf8)
        guard !needle.isEmpty, bytes.count >= needle.count else { return self }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if i + needle.count <= bytes.count && bytes[i..<i + needle.count].elementsEqual(needle) {
                result += replacement.utf8
                i += needle.count
            } else {
                result.append(bytes[i])
                i += 1
            }
        }
        return String(decoding: result, as: UTF8.self)
    }
}

extension String {
    /// Whether `needle` (a short ASCII text) occurs in the UTF-8 bytes, without Foundation.
    func containsBytes(_ needle: StaticString) -> Bool {
        let count = needle.utf8CodeUnitCount
        var text = self
        return text.withUTF8 { buffer in
            guard buffer.count >= count else { return false }
            var i = 0
            while i <= buffer.count - count {
                var j = 0
                while j < count && buffer[i + j] == needle.utf8Start[j] { j += 1 }
                if j == count { return true }
                i += 1
            }
            return false
        }
    }
}

/// Text built from pieces as UTF-8 bytes: a finding's message, made a `String` once, or lines of
/// the report. A big catalog can have tens of thousands of findings, and interpolating each
/// grew a string piece by piece.
struct UTF8Text {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int = 120) { bytes.reserveCapacity(capacity) }

    mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ text: [UInt8]) { bytes += text }

    /// `text` with its hidden characters shown (`VisibleText`): catalog text in a message.
    mutating func appendVisible(_ text: String) { append(VisibleText.escaping(text)) }

    mutating func append(_ byte: UInt8) { bytes.append(byte) }

    /// `number` in decimal digits, written without making a `String` of it.
    mutating func append(_ number: Int) {
        guard number >= 0 else { return append(String(number)) }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)
        var count = 0
        var rest = number
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                buffer[23 - count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            } while rest > 0
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
        }
    }

    /// A form's text as `quoted` writes it; a short one without escapes (so on one line) is
    /// copied from the file as it is.
    mutating func appendQuoted(_ text: FormText) {
        let stored = text.storedBytes
        if !text.mayHoldEscapes && stored.count <= 60 {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: stored)
            bytes.append(UInt8(ascii: "\""))
        } else {
            append(quoted(text.string))
        }
    }

    /// `finding.place` (`"key" [locale]`), a short key on one line copied as its bytes: a big
    /// catalog's report names 50,000 strings.
    mutating func appendPlace(of finding: Finding) {
        let key = finding.key.bytes
        if finding.isAboutWholeLocale {
            appendVisible(finding.place)
            return
        }
        let hidden = key.withUnsafeBufferPointer { VisibleText.needsEscaping($0) }
        if key.count <= 60 && !key.contains(0x0A) && !key.contains(0x0D) && !hidden {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: key)
            bytes.append(UInt8(ascii: "\""))
        } else {
            appendVisible(quoted(finding.key.string))
        }
        if let locale = finding.locale {
            append(" [")
            appendVisible(locale.string)
            bytes.append(UInt8(ascii: "]"))
        }
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
