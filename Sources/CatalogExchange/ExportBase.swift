import StringCatalog

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

    /// The base an export of `catalog` (read from `bytes`) into `locale` records.
    public init(exporting catalog: Catalog, bytes: [UInt8], locale: UTF8Bytes) {
        blobID = GitBlobID.of(bytes)
        var cut = catalog
        var strings = cut.strings
        var members = strings.members
        let kept: Set<UTF8Bytes> = [catalog.sourceLanguage ?? "", locale]
        for index in members.indices {
            guard var entry = members[index].value.materialized.object, var localizations = entry[CatalogSchema.Name.localizations]?.object else { continue }
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

    /// The header notes: one that says what it is, one with the catalog in base64 (lines of 76).
    public var headerNotes: [(String, String)] {
        [
            (Self.describingNote, "base blob \(blobID): the catalog this file was exported from. Keep these notes: xcstrings-merge import merges the translation three-way with it."),
            (Self.catalogNote, Base64.encoded(catalogBytes, lineLength: 76)),
        ]
    }

    /// The base found in a header's notes (`from`, text); nil when they hold none or it does not
    /// decode.
    public init?(headerNotes: [(String?, String)]) {
        guard let describing = headerNotes.first(where: { $0.0 == Self.describingNote })?.1,
            let catalog = headerNotes.first(where: { $0.0 == Self.catalogNote })?.1,
            let range = describing.firstRange(of: "base blob "),
            let bytes = Base64.decoded(catalog)
        else { return nil }
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

    static func decoded(_ text: String) -> [UInt8]? {
        var values: [UInt8] = []
        values.reserveCapacity(text.utf8.count)
        var padding = 0
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): values.append(byte - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): values.append(byte - UInt8(ascii: "a") + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(byte - UInt8(ascii: "0") + 52)
            case UInt8(ascii: "+"): values.append(62)
            case UInt8(ascii: "/"): values.append(63)
            case UInt8(ascii: "="): padding += 1
            case 0x20, 0x09, 0x0A, 0x0D: continue
            default: return nil
            }
            if padding > 0 && byte != UInt8(ascii: "=") { return nil }
        }
        guard (values.count + padding) % 4 == 0, padding <= 2 else { return nil }
        var out: [UInt8] = []
        out.reserveCapacity(values.count * 3 / 4)
        var index = 0
        while index + 1 < values.count {
            let rest = min(4, values.count - index)
            var word: UInt32 = 0
            for offset in 0..<4 { word = word << 6 | (offset < rest ? UInt32(values[index + offset]) : 0) }
            out.append(UInt8(word >> 16 & 0xFF))
            if rest > 2 { out.append(UInt8(word >> 8 & 0xFF)) }
            if rest > 3 { out.append(UInt8(word & 0xFF)) }
            index += 4
        }
        return out
    }
}

/// git's object id of a blob: SHA-1 of `blob <size>\0` and the bytes.
public enum GitBlobID {
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
        var w = [UInt32](repeating: 0, count: 80)
        for i in 0..<16 {
            let j = start + i * 4
            w[i] = UInt32(bytes[j]) << 24 | UInt32(bytes[j + 1]) << 16 | UInt32(bytes[j + 2]) << 8 | UInt32(bytes[j + 3])
        }
        for i in 16..<80 {
            let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
            w[i] = x << 1 | x >> 31
        }
        var (a, b, c, d, e) = state
        for i in 0..<80 {
            let f: UInt32, k: UInt32
            switch i {
            case 0..<20: (f, k) = ((b & c) | (~b & d), 0x5A827999)
            case 20..<40: (f, k) = (b ^ c ^ d, 0x6ED9EBA1)
            case 40..<60: (f, k) = ((b & c) | (b & d) | (c & d), 0x8F1BBCDC)
            default: (f, k) = (b ^ c ^ d, 0xCA62C1D6)
            }
            let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[i]
            e = d
            d = c
            c = b << 30 | b >> 2
            b = a
            a = temp
        }
        state = (state.0 &+ a, state.1 &+ b, state.2 &+ c, state.3 &+ d, state.4 &+ e)
    }
}
