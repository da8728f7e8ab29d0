import StringCatalog

/// Small text helpers for the rules, byte-based where Foundation would be slow.

/// A value in quotes for a message, kept on one line (`VisibleText.inline`; a key, with
/// `isName`, `VisibleText.name`), shortened to 60 characters. Only the start of `text` is read:
/// one value may hold 40,000 specifiers, each a finding that quotes it.
func quoted(_ text: String, isName: Bool = false) -> String {
    var text = text
    // 240 bytes hold the 60 characters shown, whatever their length in UTF-8.
    let isWhole = text.utf8.count <= 240
    let shown = text.withUTF8 { VisibleText.needsEscaping(UnsafeBufferPointer(rebasing: $0[..<min($0.count, 240)]), inOneLine: true) }
    // Most texts are short and on one line: they go between the quotes as they are.
    if isWhole && !shown && text.utf8.count <= 60 { return "\"" + text + "\"" }
    let start = isWhole ? text : text.withUTF8 { String(decoding: UnsafeBufferPointer(rebasing: $0[..<240]), as: UTF8.self) }
    // Cut before escaping, so that an escape is never cut in half.
    let isCut = !isWhole || start.count > 60
    let shortened = isCut ? String(start.prefix(59)) : start
    let flat = !shown ? shortened : isName ? VisibleText.name(shortened) : VisibleText.inline(shortened)
    return "\"" + flat + (isCut ? "…" : "") + "\""
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
            append(VisibleText.name(finding.place))
            return
        }
        let hidden = key.withUnsafeBufferPointer { VisibleText.needsEscaping($0, inOneLine: true) }
        if key.count <= 60 && !hidden {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: key)
            bytes.append(UInt8(ascii: "\""))
        } else {
            append(quoted(finding.key.string, isName: true))
        }
        if let locale = finding.locale {
            append(" [")
            append(VisibleText.name(locale.string))
            bytes.append(UInt8(ascii: "]"))
        }
    }

    var string: String { String(decoding: bytes, as: UTF8.self) }
}
