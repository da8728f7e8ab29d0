import StringCatalog
import XcstringsMergePlatform

/// What an export records of the catalog it was made from, so that the translation can come
/// back as a three-way merge: git's blob id of the catalog's bytes (which `git cat-file` finds
/// while the repository keeps it) and the catalog itself, cut to the source language and the
/// exported one, so that the import needs no repository. Both go in the `<header>` as notes,
/// which XLIFF tools that edit a file in place keep.
public struct ExportBase: Sendable, Equatable {
    /// `git hash-object` of the catalog's bytes at the export.
    public var blobID: String
    /// The catalog at the export, with only the source and the target language.
    public var catalogBytes: [UInt8]

    public init(blobID: String, catalogBytes: [UInt8]) {
        self.blobID = blobID
        self.catalogBytes = catalogBytes
    }

    static let describingNote = "xcstrings-merge"
    static let catalogNote = "xcstrings-merge-base"

    /// The base an export of `catalog` (read from bytes whose `GitBlobID` is `blobID`) into
    /// `locale` records.
    public init(exporting catalog: Catalog, blobID: String, locale: UTF8Bytes) {
        self.init(blobID: blobID, catalogBytes: CatalogExport(catalog, locale: locale.string).cutBytes)
    }

    /// The catalog's bytes per note: XML readers refuse a text of 10 MB or more.
    static let bytesPerNote = 3 << 20

    /// The describing note's text.
    var describingText: String {
        "base blob \(blobID): the catalog this file was exported from. Keep these notes: xcstrings-merge import merges the translation three-way with it."
    }

    /// The notes that hold the catalog, as XML elements (six spaces in, a line each): its bytes
    /// in base64 (lines of 76), at most `bytesPerNote` of them a note. The base64 is written
    /// straight into bytes (it needs no escaping), each note on a core of its own.
    func catalogNotes() -> [[UInt8]] {
        let notes = max(1, (catalogBytes.count + Self.bytesPerNote - 1) / Self.bytesPerNote)
        let catalogBytes = catalogBytes
        return ParallelBlocks.map(notes, blockSize: 1) { range in
            range.map { note in
                let start = note * Self.bytesPerNote
                let end = min(start + Self.bytesPerNote, catalogBytes.count)
                var out = XMLBytes()
                out.reserve((end - start) / 57 * 77 + 256)
                out.raw("      <note from=\"\(Self.catalogNote)\">")
                catalogBytes.withUnsafeBufferPointer { all in
                    Base64.append(UnsafeBufferPointer(rebasing: all[start..<end]), lineLength: Base64.lineLength, to: &out.bytes)
                }
                out.raw("</note>\n")
                return out.bytes
            }
        }
    }

    /// The base found in a header's notes (`from`, text); nil when they hold none or it does not
    /// decode.
    public init?(headerNotes: [(String?, String)]) {
        var parts = Parts()
        for (from, text) in headerNotes {
            if from == Self.catalogNote {
                parts.catalogNotes.append(ArraySlice(text.utf8))
            } else if from == Self.describingNote, parts.describing == nil {
                parts.describing = text
            }
        }
        self.init(parts)
    }

    /// The header's notes as the reading meets them: the first describing note, and the
    /// catalog's notes in base64 as read (decoded by `init(_:)`, maybe on another core): a
    /// slice of the document where the reading has it as an array, else a copy.
    struct Parts {
        var describing: String?
        var catalogNotes: [ArraySlice<UInt8>] = []
    }

    /// The base the notes record; nil when there is none or a catalog note is not base64.
    init?(_ parts: Parts) {
        guard let describing = parts.describing, let range = describing.firstRange(of: "base blob "), !parts.catalogNotes.isEmpty else { return nil }
        let id = describing[range.upperBound...].prefix(while: { $0.isHexDigit })
        guard id.count == 40 else { return nil }
        // Decoded into room not filled with zeros first (megabytes of fresh pages).
        var decodes = true
        let catalogBytes = [UInt8](unsafeUninitializedCapacity: parts.catalogNotes.reduce(0) { $0 + Base64.room($1.count) }) { buffer, initialized in
            for note in parts.catalogNotes {
                guard let written = note.withUnsafeBufferPointer({ Base64.decode($0, into: UnsafeMutableBufferPointer(rebasing: buffer[initialized...])) }) else {
                    decodes = false
                    break
                }
                initialized += written
            }
        }
        guard decodes else { return nil }
        blobID = String(id)
        self.catalogBytes = catalogBytes
    }

    public static func == (lhs: ExportBase, rhs: ExportBase) -> Bool {
        lhs.blobID == rhs.blobID && lhs.catalogBytes == rhs.catalogBytes
    }
}

/// What a `<file>`'s header records of the export's base, decoded when first asked for: its
/// megabytes of base64 are gathered as the header is read, and decoded (`base`) by whoever
/// needs them first, so that an import can have that done on another core while it reads the
/// units.
public final class RecordedBase: @unchecked Sendable {
    private let lock = Lock()
    private var parts: ExportBase.Parts?
    private var decoded: ExportBase?

    init(_ parts: ExportBase.Parts) { self.parts = parts }

    public init(_ base: ExportBase) { decoded = base }

    /// The base; nil when the notes hold none or do not decode (then the import is two-way).
    public var base: ExportBase? {
        lock.locked {
            if let parts {
                decoded = ExportBase(parts)
                self.parts = nil
            }
            return decoded
        }
    }
}

/// Base64 (RFC 4648), whitespace ignored when decoding.
enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    /// `bytes` in base64 appended to `out`, a line feed after every `lineLength` characters
    /// (a multiple of 4) but the last.
    static func append(_ bytes: UnsafeBufferPointer<UInt8>, lineLength: Int, to out: inout [UInt8]) {
        precondition(lineLength > 0 && lineLength % 4 == 0)
        let characters = (bytes.count + 2) / 3 * 4
        let lineFeeds = characters == 0 ? 0 : (characters - 1) / lineLength
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: characters + lineFeeds))
        out.withUnsafeMutableBufferPointer { buffer in
            alphabet.withUnsafeBufferPointer { alphabet in
                var write = start
                var column = 0
                var index = 0
                // Three bytes make four characters; a line ends after lineLength of them.
                while index < bytes.count {
                    if column == lineLength {
                        buffer[write] = 0x0A
                        write += 1
                        column = 0
                    }
                    // The line's groups of three whole bytes, without a test for the end each.
                    let groups = min((lineLength - column) / 4, (bytes.count - index) / 3)
                    if groups > 0 {
                        for _ in 0..<groups {
                            let word = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                            buffer[write] = alphabet[Int(word >> 18)]
                            buffer[write + 1] = alphabet[Int(word >> 12 & 63)]
                            buffer[write + 2] = alphabet[Int(word >> 6 & 63)]
                            buffer[write + 3] = alphabet[Int(word & 63)]
                            write += 4
                            index += 3
                        }
                        column += 4 * groups
                        continue
                    }
                    // The last one or two bytes, padded.
                    let remaining = bytes.count - index
                    let a = UInt32(bytes[index])
                    let b = remaining > 1 ? UInt32(bytes[index + 1]) : 0
                    let c = remaining > 2 ? UInt32(bytes[index + 2]) : 0
                    let word = a << 16 | b << 8 | c
                    buffer[write] = alphabet[Int(word >> 18 & 63)]
                    buffer[write + 1] = alphabet[Int(word >> 12 & 63)]
                    buffer[write + 2] = remaining > 1 ? alphabet[Int(word >> 6 & 63)] : UInt8(ascii: "=")
                    buffer[write + 3] = remaining > 2 ? alphabet[Int(word & 63)] : UInt8(ascii: "=")
                    write += 4
                    column += 4
                    index += 3
                }
            }
        }
    }

    /// Each byte's value in each of a group's four places, shifted there (`wide[place * 256 +
    /// byte]`); the top bit set for a byte not of the alphabet.
    static let wide: [UInt32] = (0..<4).flatMap { place in
        values.map { value in value < 64 ? UInt32(value) << (18 - 6 * UInt32(place)) : 0x8000_0000 }
    }

    /// The characters of a line of the export's notes (a line feed after each), which decoding
    /// takes a line at a time.
    static let lineLength = 76

    /// Each byte's 6-bit value; 64 for whitespace (skipped), 65 for `=`, 255 for anything else.
    static let values: [UInt8] = {
        var table = [UInt8](repeating: 255, count: 256)
        for (index, byte) in alphabet.enumerated() { table[Int(byte)] = UInt8(index) }
        for space in [0x20, 0x09, 0x0A, 0x0D] { table[space] = 64 }
        table[Int(UInt8(ascii: "="))] = 65
        return table
    }()

    static func decoded(_ text: String) -> [UInt8]? {
        var text = text
        var out: [UInt8] = []
        return text.withUTF8 { decode($0, appendingTo: &out) } ? out : nil
    }

    /// Appends the bytes `text` encodes to `out`; false (and `out` in some state between) when
    /// it is not base64: white space is passed over, `=` pads only the last group.
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, appendingTo output: inout [UInt8]) -> Bool {
        let start = output.count
        output.append(contentsOf: repeatElement(0, count: room(bytes.count)))
        let written = output.withUnsafeMutableBufferPointer { decode(bytes, into: UnsafeMutableBufferPointer(rebasing: $0[start...])) }
        output.removeLast(output.count - start - (written ?? 0))
        return written != nil
    }

    /// The room `decode(_:into:)` needs for `count` characters.
    static func room(_ count: Int) -> Int { count / 4 * 3 + 3 }

    /// The bytes `text` encodes, written at the start of `buffer` (of `room(bytes.count)` or
    /// more): how many; nil when it is not base64 (white space is passed over, `=` pads only
    /// the last group).
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        precondition(buffer.count >= room(bytes.count))
        var failed = false
        var written = 0
        values.withUnsafeBufferPointer { table in
            wide.withUnsafeBufferPointer { wide in
                var word: UInt32 = 0
                var count = 0
                var padding = 0
                var index = 0
                var end = 0
                while index < bytes.count {
                    // Whole lines as the export writes them (76 characters and a line feed)
                    // decoded without a test a character, the line tested once: where it holds
                    // a byte not of the alphabet, it is read again a character at a time.
                    if count == 0, padding == 0 {
                        while index + lineLength < bytes.count, bytes[index + lineLength] == 0x0A {
                            var seen: UInt32 = 0
                            for group in 0..<(lineLength / 4) {
                                let at = index + 4 * group, place = end + 3 * group
                                let value = wide[Int(bytes[at])] | wide[256 + Int(bytes[at + 1])] | wide[512 + Int(bytes[at + 2])] | wide[768 + Int(bytes[at + 3])]
                                seen |= value
                                buffer[place] = UInt8(truncatingIfNeeded: value >> 16)
                                buffer[place + 1] = UInt8(truncatingIfNeeded: value >> 8)
                                buffer[place + 2] = UInt8(truncatingIfNeeded: value)
                            }
                            guard seen & 0x8000_0000 == 0 else { break }
                            index += lineLength + 1
                            end += lineLength / 4 * 3
                        }
                        guard index < bytes.count else { break }
                    }
                    // Most groups are four characters of the alphabet in a row: taken whole.
                    if count == 0, index + 4 <= bytes.count {
                        let a = table[Int(bytes[index])], b = table[Int(bytes[index + 1])]
                        let c = table[Int(bytes[index + 2])], d = table[Int(bytes[index + 3])]
                        if (a | b | c | d) < 64 {
                            guard padding == 0 else { break }
                            let group = UInt32(a) << 18 | UInt32(b) << 12 | UInt32(c) << 6 | UInt32(d)
                            buffer[end] = UInt8(group >> 16)
                            buffer[end + 1] = UInt8(group >> 8 & 0xFF)
                            buffer[end + 2] = UInt8(group & 0xFF)
                            end += 3
                            index += 4
                            continue
                        }
                    }
                    let value = table[Int(bytes[index])]
                    index += 1
                    if value < 64 {
                        guard padding == 0 else {
                            failed = true
                            break
                        }
                        word = word << 6 | UInt32(value)
                        count += 1
                        if count == 4 {
                            buffer[end] = UInt8(word >> 16 & 0xFF)
                            buffer[end + 1] = UInt8(word >> 8 & 0xFF)
                            buffer[end + 2] = UInt8(word & 0xFF)
                            end += 3
                            word = 0
                            count = 0
                        }
                    } else if value == 65 {
                        padding += 1
                    } else if value != 64 {
                        failed = true
                        break
                    }
                }
                // Stopped early: a group after padding (as bad as a character after it).
                if index < bytes.count { failed = true }
                // The last group: 2 or 3 characters give 1 or 2 bytes.
                if !failed {
                    if padding > 2 || !((count + padding) % 4 == 0 || padding == 0 && count == 0) {
                        failed = true
                    } else if count == 2 {
                        buffer[end] = UInt8(word >> 4 & 0xFF)
                        end += 1
                    } else if count == 3 {
                        buffer[end] = UInt8(word >> 10 & 0xFF)
                        buffer[end + 1] = UInt8(word >> 2 & 0xFF)
                        end += 2
                    } else if count != 0 {
                        failed = true
                    }
                }
                written = end
            }
        }
        return failed ? nil : written
    }
}

public enum GitBlobID {
    /// The id of `bytes` worked out on another thread, for `value` to wait for.
    public final class Pending: @unchecked Sendable {
        /// Held by the job too: a `Pending` dropped before its job ran (a usage error found
        /// meanwhile) leaves it something to write into.
        private final class Result: @unchecked Sendable { var id = "" }
        private let result = Result()
        private var job: Threads.Job?

        public init(_ bytes: ArraySlice<UInt8>) {
            let result = self.result
            job = Threads.start { result.id = GitBlobID.of(bytes) }
        }

        public convenience init(_ bytes: [UInt8]) { self.init(bytes[...]) }

        public var value: String {
            job?.join()
            job = nil
            return result.id
        }
    }

    /// The id git gives `bytes` as a blob: the SHA-1 of a `blob <count>` header and the bytes,
    /// by the system's SHA-1 where it can be opened (a quarter of the time), else by `SHA1`.
    public static func of(_ bytes: [UInt8]) -> String { of(bytes[...]) }

    /// `of` for a part of an array (a mapped file's bytes after the spaces that align it).
    public static func of(_ bytes: ArraySlice<UInt8>) -> String {
        let header = Array("blob \(bytes.count)\u{0}".utf8)
        let digest = header.withUnsafeBytes { header in
            bytes.withUnsafeBytes { bytes in SystemSHA1.digest([header, bytes]) }
        } ?? {
            var sha = SHA1()
            sha.update(header)
            sha.update(Array(bytes))
            return sha.finish()
        }()
        return digest.map { byte in
            let digits = Array("0123456789abcdef".utf8)
            return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 15)]], as: UTF8.self)
        }.joined()
    }
}

/// SHA-1 (FIPS 180-4), for git's object ids only: not for anything that must resist collisions.
struct SHA1 {
    private var state: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x67452301, 0xEFCDAB89, 0x98BADCFE, 0x10325476, 0xC3D2E1F0)
    private var buffer: [UInt8] = []
    private var length: UInt64 = 0

    mutating func update(_ bytes: [UInt8]) {
        length += UInt64(bytes.count)
        var index = 0
        if !buffer.isEmpty {
            let needed = 64 - buffer.count
            let taken = min(needed, bytes.count)
            buffer += bytes[0..<taken]
            index = taken
            if buffer.count == 64 {
                buffer.withUnsafeBufferPointer { block($0, at: 0) }
                buffer.removeAll(keepingCapacity: true)
            }
        }
        bytes.withUnsafeBufferPointer { all in
            while index + 64 <= all.count {
                block(all, at: index)
                index += 64
            }
        }
        if index < bytes.count { buffer += bytes[index...] }
    }

    mutating func finish() -> [UInt8] {
        let bits = length &* 8
        var tail = buffer + [0x80]
        while tail.count % 64 != 56 { tail.append(0) }
        for shift in stride(from: 56, through: 0, by: -8) { tail.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        tail.withUnsafeBufferPointer { all in
            var index = 0
            while index < all.count {
                block(all, at: index)
                index += 64
            }
        }
        var out: [UInt8] = []
        for word in [state.0, state.1, state.2, state.3, state.4] {
            out += [UInt8(word >> 24), UInt8(word >> 16 & 0xFF), UInt8(word >> 8 & 0xFF), UInt8(word & 0xFF)]
        }
        return out
    }

    private mutating func block(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) {
        precondition(start >= 0 && start + 64 <= bytes.count)
        let base = UnsafeRawPointer(bytes.baseAddress! + start)
        @inline(__always) func rotated(_ x: UInt32, _ n: UInt32) -> UInt32 { x << n | x >> (32 - n) }
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { w in
            for i in 0..<16 { w[i] = UInt32(bigEndian: base.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)) }
            @inline(__always) func word(_ i: Int) -> UInt32 {
                if i < 16 { return w[i] }
                let word = rotated(w[(i - 3) & 15] ^ w[(i - 8) & 15] ^ w[(i - 14) & 15] ^ w[i & 15], 1)
                w[i & 15] = word
                return word
            }
            // Five steps a pass, the words renamed instead of moved (40 MB in 80 ms, where moving
            // them took 90): a step writes the new a into e and b's rotation into b, and the
            // next step reads (e, a, b, c, d) as (a, b, c, d, e). `f` is the round's function of
            // b, c and d, `k` its constant.
            @inline(__always) func step(_ a: UInt32, _ b: inout UInt32, _ c: UInt32, _ d: UInt32, _ e: inout UInt32, _ i: Int, _ f: (UInt32, UInt32, UInt32) -> UInt32, _ k: UInt32) {
                e = e &+ rotated(a, 5) &+ f(b, c, d) &+ k &+ word(i)
                b = rotated(b, 30)
            }
            var (a, b, c, d, e) = state
            // Steps `range` (20 of them), five a pass.
            @inline(__always) func steps(_ range: Range<Int>, _ k: UInt32, _ f: (UInt32, UInt32, UInt32) -> UInt32) {
                var i = range.lowerBound
                while i < range.upperBound {
                    step(a, &b, c, d, &e, i, f, k); step(e, &a, b, c, &d, i + 1, f, k); step(d, &e, a, b, &c, i + 2, f, k)
                    step(c, &d, e, a, &b, i + 3, f, k); step(b, &c, d, e, &a, i + 4, f, k)
                    i += 5
                }
            }
            steps(0..<20, 0x5A827999) { b, c, d in d ^ (b & (c ^ d)) }
            steps(20..<40, 0x6ED9EBA1) { b, c, d in b ^ c ^ d }
            steps(40..<60, 0x8F1BBCDC) { b, c, d in (b & c) | (d & (b | c)) }
            steps(60..<80, 0xCA62C1D6) { b, c, d in b ^ c ^ d }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
        }
    }
}
