import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// The word tricks against byte-by-byte answers, on seeded words rich in the bytes they look for.
@Suite struct ByteWordsTests {
    static func words(seed: UInt64) -> [[UInt8]] {
        var random = SeededGenerator(seed: seed)
        let interesting: [UInt8] = [0x00, 0x01, 0x0A, 0x1F, 0x20, 0x21, 0x22, 0x5B, 0x5C, 0x5D, 0x7E, 0x7F, 0x80, 0xA0, 0xC3, 0xFF]
        return (0..<20_000).map { _ in
            (0..<8).map { _ in Bool.random(using: &random) ? interesting.randomElement(using: &random)! : UInt8.random(in: 0...255, using: &random) }
        }
    }

    static func word(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { ByteWords.load($0.baseAddress!, at: 0) }
    }

    @Test(arguments: [1, 2] as [UInt64])
    func flagsAreExactAndSpecialsStartRight(seed: UInt64) {
        for bytes in Self.words(seed: seed) {
            let word = Self.word(bytes)
            for target: UInt8 in [0x0A, 0x22, 0x5C, 0x7F] {
                let flags = ByteWords.bytes(word, equalTo: target)
                #expect((0..<8).allSatisfy { (flags >> (8 * $0 + 7)) & 1 == (bytes[$0] == target ? 1 : 0) }, "\(bytes) \(target)")
            }
            let first = bytes.firstIndex { $0 == 0x22 || $0 == 0x5C || $0 < 0x20 || $0 >= 0x80 }
            let specials = ByteWords.stringSpecials(word)
            #expect((specials == 0 ? nil : specials.trailingZeroBitCount / 8) == first, "\(bytes)")
        }
    }

    @Test func spaces() {
        let text = [UInt8](repeating: 0x20, count: 40)
        for count in 0...32 {
            for misplaced in [nil] + Array(0..<count) {
                var bytes = text
                if let misplaced { bytes[misplaced] = 0x0A }
                let all = bytes.withUnsafeBytes { ByteWords.areSpaces($0.baseAddress!, count: count) }
                #expect(all == (misplaced == nil), "\(count) \(String(describing: misplaced))")
            }
        }
    }

    /// The shared beginning of two byte strings, wherever they first differ: in the first word,
    /// a later one, the tail after the last whole word, or nowhere (one the other's beginning).
    @Test func sharedPrefixLength() {
        let text = Array("Settings.General.Title is long enough".utf8)
        for length in 0...text.count {
            for at in 0...length {
                var other = Array(text[..<length])
                if at < length { other[at] ^= 0x01 }
                let shared = text.withUnsafeBufferPointer { a in other.withUnsafeBufferPointer { b in ByteWords.sharedPrefixLength(a, b) } }
                #expect(shared == at, "length \(length), differing at \(at)")
            }
        }
    }
}
