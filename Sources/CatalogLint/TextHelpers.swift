/// Small text helpers for the rules, byte-based where Foundation would be slow.

/// A value in quotes for a message, shortened to 60 characters.
func quoted(_ text: String) -> String {
    // Most texts are short and on one line: their bytes go straight between the quotes.
    let utf8 = text.utf8
    if utf8.count <= 60 && !utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) { return "\"" + text + "\"" }
    var flat = text.replacingAll("\n", "\\n").replacingAll("\r", "\\r")
    if flat.count > 60 { flat = String(flat.prefix(59)) + "…" }
    return "\"\(flat)\""
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
