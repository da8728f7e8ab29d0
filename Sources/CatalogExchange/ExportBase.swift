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
        self.blobID = blobID
        var cut = catalog
        var strings = cut.strings
        var members = strings.members
        let kept: Set<UTF8Bytes> = [catalog.sourceLanguage ?? "", locale]
        for index in members.indices {
            // One level at a time: the localizations kept stay as read.
            guard var entry = members[index].value.oneLevel.object, var localizations = entry[CatalogSchema.Name.localizations]?.oneLevel.object else { continue }
            let before = localizations.members.count
            localizations.members = localizations.members.filter { kept.contains($0.key) }
            guard localizations.members.count != before else { continue }
            if localizations.members.isEmpty { entry[CatalogSchema.Name.localizations] = nil } else { entry[CatalogSchema.Name.localizations] = .object(localizations) }
            members[index].value = .object(entry)
        }
        strings.members = members
        cut.strings = strings
        catalogBytes = cut.canonicalBytes()
    }

    /// The catalog's bytes per note: XML readers refuse a text of 10 MB or more.
    static let bytesPerNote = 3 << 20

    /// The header notes: one that says what it is, then the catalog in base64 (lines of 76),
    /// in notes of at most 4 MiB.
    public var headerNotes: [(String, String)] {
        var notes = [(Self.describingNote, "base blob \(blobID): the catalog this file was exported from. Keep these notes: xcstrings-merge import merges the translation three-way with it.")]
        var start = 0
        repeat {
            let end = min(start + Self.bytesPerNote, catalogBytes.count)
            notes.append((Self.catalogNote, Base64.encoded(Array(catalogBytes[start..<end]), lineLength: 76)))
            start = end
        } while start < catalogBytes.count
        return notes
    }

    /// The base found in a header's notes (`from`, text); nil when they hold none or it does not
    /// decode.
    public init?(headerNotes: [(String?, String)]) {
        guard let describing = headerNotes.first(where: { $0.0 == Self.describingNote })?.1,
            let range = describing.firstRange(of: "base blob ")
        else { return nil }
        var bytes: [UInt8] = []
        var parts = 0
        for (from, text) in headerNotes where from == Self.catalogNote {
            guard let part = Base64.decoded(text) else { return nil }
            bytes += part
            parts += 1
        }
        guard parts > 0 else { return nil }
        let id = describing[range.upperBound...].prefix(while: { $0.isHexDigit })
        guard id.count == 40 else { return nil }
        blobID = String(id)
        catalogBytes = bytes
    }

    public static func == (lhs: ExportBase, rhs: ExportBase) -> Bool {
        lhs.blobID == rhs.blobID && lhs.catalogBytes == rhs.catalogBytes
    }
}

/// Base64 (RFC 4648), whitespace ignored when decoding.
enum Base64 {
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

    static func encoded(_ bytes: [UInt8], lineLength: Int) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count / 3 * 4 + bytes.count / 57 + 8)
        var column = 0
        var index = 0
        func emit(_ byte: UInt8) {
            if column == lineLength {
                out.append(0x0A)
                column = 0
            }
            out.append(byte)
            column += 1
        }
        while index < bytes.count {
            let a = UInt32(bytes[index])
            let b = index + 1 < bytes.count ? UInt32(bytes[index + 1]) : 0
            let c = index + 2 < bytes.count ? UInt32(bytes[index + 2]) : 0
            let word = a << 16 | b << 8 | c
            emit(alphabet[Int(word >> 18 & 63)])
            emit(alphabet[Int(word >> 12 & 63)])
            emit(index + 1 < bytes.count ? alphabet[Int(word >> 6 & 63)] : UInt8(ascii: "="))
            emit(index + 2 < bytes.count ? alphabet[Int(word & 63)] : UInt8(ascii: "="))
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

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
        return text.withUTF8 { bytes -> [UInt8]? in
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count / 4 * 3)
            var word: UInt32 = 0
            var count = 0
            var padding = 0
            for byte in bytes {
                let value = values[Int(byte)]
                if value < 64 {
                    guard padding == 0 else { return nil }
                    word = word << 6 | UInt32(value)
                    count += 1
                    if count == 4 {
                        out.append(UInt8(word >> 16 & 0xFF))
                        out.append(UInt8(word >> 8 & 0xFF))
                        out.append(UInt8(word & 0xFF))
                        word = 0
                        count = 0
                    }
                } else if value == 65 {
                    padding += 1
                } else if value != 64 {
                    return nil
                }
            }
            // The last group: 2 or 3 characters give 1 or 2 bytes.
            guard padding <= 2, (count + padding) % 4 == 0 || padding == 0 && count == 0 else { return nil }
            switch count {
            case 2: out.append(UInt8(word >> 4 & 0xFF))
            case 3:
                out.append(UInt8(word >> 10 & 0xFF))
                out.append(UInt8(word >> 2 & 0xFF))
            case 0: break
            default: return nil
            }
            return out
        }
    }
}

/// git's object id of a blob: SHA-1 of `blob <size>\0` and the bytes.
public enum GitBlobID {
    /// The id of `bytes` worked out on another thread, for `value` to wait for.
    public final class Pending: @unchecked Sendable {
        /// Held by the job too: a `Pending` dropped before its job ran (a usage error found
        /// meanwhile) leaves it something to write into.
        private final class Result: @unchecked Sendable { var id = "" }
        private let result = Result()
        private var job: Threads.Job?

        public init(_ bytes: [UInt8]) {
            let result = self.result
            job = Threads.start { result.id = GitBlobID.of(bytes) }
        }

        public var value: String {
            job?.join()
            job = nil
            return result.id
        }
    }

    public static func of(_ bytes: [UInt8]) -> String {
        var sha = SHA1()
        sha.update(Array("blob \(bytes.count)\u{0}".utf8))
        sha.update(bytes)
        return sha.finish().map { byte in
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
        // The message schedule in a ring of 16 words, on the stack; each round's steps in a loop
        // of their own with the round's function written out (a choice per step, or steps as
        // nested functions, halved the speed: 270 against 430 MB/s).
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: 16) { w in
            for i in 0..<16 { w[i] = UInt32(bigEndian: base.loadUnaligned(fromByteOffset: i * 4, as: UInt32.self)) }
            @inline(__always) func scheduled(_ i: Int) -> UInt32 {
                let word = rotated(w[(i - 3) & 15] ^ w[(i - 8) & 15] ^ w[(i - 14) & 15] ^ w[i & 15], 1)
                w[i & 15] = word
                return word
            }
            var (a, b, c, d, e) = state
            var i = 0
            while i < 16 {
                let t = rotated(a, 5) &+ (d ^ (b & (c ^ d))) &+ e &+ 0x5A827999 &+ w[i]
                (e, d, c, b, a) = (d, c, rotated(b, 30), a, t)
                i += 1
            }
            while i < 20 {
                let t = rotated(a, 5) &+ (d ^ (b & (c ^ d))) &+ e &+ 0x5A827999 &+ scheduled(i)
                (e, d, c, b, a) = (d, c, rotated(b, 30), a, t)
                i += 1
            }
            while i < 40 {
                let t = rotated(a, 5) &+ (b ^ c ^ d) &+ e &+ 0x6ED9EBA1 &+ scheduled(i)
                (e, d, c, b, a) = (d, c, rotated(b, 30), a, t)
                i += 1
            }
            while i < 60 {
                let t = rotated(a, 5) &+ ((b & c) | (d & (b | c))) &+ e &+ 0x8F1BBCDC &+ scheduled(i)
                (e, d, c, b, a) = (d, c, rotated(b, 30), a, t)
                i += 1
            }
            while i < 80 {
                let t = rotated(a, 5) &+ (b ^ c ^ d) &+ e &+ 0xCA62C1D6 &+ scheduled(i)
                (e, d, c, b, a) = (d, c, rotated(b, 30), a, t)
                i += 1
            }
            state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
        }
    }
}
