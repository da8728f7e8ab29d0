/// Where a JSON string ends: the one string scanner for bytes already known to be valid JSON
/// (an entry the reader validated) or in which any ending will do, eight bytes at a time.
///
/// The readers that validate as they go have scanners of their own, kept apart because each
/// does more in the same pass: the parser (`Parser.skimString`, `parseString`: UTF-8, escapes,
/// control characters, with errors), the fast path for Xcode's layout (`CanonicalSkim.stringEnd`:
/// validity and the writer's escaping at once), textconv's one pass (`FastFactLines.string`:
/// validity and the characters to show escaped), and the repair of line-merge damage
/// (`CatalogRepair`'s `skipString`, which stops at a line break). `StringScannerTests` (and
/// `FastFactLinesTests` for textconv's) holds each to this one on the same strings.
public enum JSONStringEnd {
    /// The offset after the closing quote of the string whose opening quote is at `quote`, and
    /// whether it holds escapes; nil when it does not close before `end`.
    @inlinable @inline(__always)
    public static func find(in buffer: UnsafeBufferPointer<UInt8>, quote: Int, end: Int) -> (end: Int, escaped: Bool)? {
        var i = quote + 1
        var escaped = false
        let base = UnsafeRawPointer(buffer.baseAddress!)
        while i < end {
            if i + 8 <= end {
                let word = ByteWords.load(base, at: i)
                let found = ByteWords.bytes(word, equalTo: UInt8(ascii: "\"")) | ByteWords.bytes(word, equalTo: UInt8(ascii: "\\"))
                if found == 0 {
                    i += 8
                    continue
                }
                // The lowest flag is the first match.
                i += found.trailingZeroBitCount / 8
            }
            let byte = buffer[i]
            if byte == UInt8(ascii: "\\") {
                escaped = true
                i += 2
                continue
            }
            if byte == UInt8(ascii: "\"") { return (i + 1, escaped) }
            i += 1
        }
        return nil
    }
}
