#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// The positions of an object's members by key: what a merge and a reader look keys up in when
/// two versions of a catalog list them in different orders.
///
/// Swift's `Dictionary` hashes each key with SipHash, about 300 instructions for a catalog key
/// of a few dozen bytes and as much again for the look-up around it; a merge of catalogs whose
/// sides list 20,000 keys in different orders (a side that renamed keys) made over 200,000
/// such hashes. This table hashes eight bytes at a time with a multiply and a rotation, seeded
/// per process, and probes linearly. A hash that a crafted catalog could make collide is then
/// no longer a secret's work, so the table counts its probes: when one insertion needs more
/// than `maximumProbes`, the keys go to a `Dictionary` instead, and a look-up never probes more:
/// every operation stays bounded.
public struct KeyTable: Sendable {
    /// Slots of member positions plus one (0: empty), a power of two in number.
    private var slots: [Int32]
    private var hashes: [UInt32]
    private let mask: Int
    private let members: [JSONMember]
    /// Used instead of the slots once a key's probes ran too long.
    private var fallback: [UTF8Bytes: Int]?

    /// The first member whose key an earlier member holds, and that earlier member's position.
    public private(set) var firstRepeat: (position: Int, earlier: Int)?

    public static let maximumProbes = 48
    private let probeLimit: Int

    /// The table of `members`' keys; a key held twice keeps its first position. `probeLimit`
    /// is for tests, to reach the fallback without crafted keys.
    public init(_ members: [JSONMember], probeLimit: Int = maximumProbes) {
        self.init(members, keyHashes: nil, probeLimit: probeLimit)
    }

    /// The table of `members`' keys, with `keyHashes` (one per member, `hash(_:)` of its key) when
    /// the reading made them: it hashes each key as it reads it, while its bytes are in the
    /// cache. Hashing 20,000 keys here afterwards was mostly waiting for memory, one key at a
    /// time, on one thread.
    init(_ members: [JSONMember], keyHashes: [UInt64]?, probeLimit: Int = maximumProbes) {
        self.members = members
        self.probeLimit = probeLimit
        var capacity = 16
        while capacity < members.count * 2 { capacity <<= 1 }
        slots = [Int32](repeating: 0, count: capacity)
        hashes = [UInt32](repeating: 0, count: capacity)
        mask = capacity - 1
        guard members.count < Int(Int32.max) else {
            fallback = dictionary(members)
            return
        }
        // By index through the buffer: iterating `enumerated()` copied every member (its key's
        // and value's storage retained and released), twice the cost of the insertions.
        let complete = members.withUnsafeBufferPointer { buffer in
            if let keyHashes, keyHashes.count == buffer.count {
                return keyHashes.withUnsafeBufferPointer { keyHashes in
                    for position in buffer.indices where !insert(buffer[position].key, hash: keyHashes[position], at: position) { return false }
                    return true
                }
            }
            for position in buffer.indices where !insert(buffer[position].key, hash: Self.hash(buffer[position].key), at: position) {
                return false
            }
            return true
        }
        if !complete {
            fallback = dictionary(members)
            slots = []
            hashes = []
        }
    }

    private mutating func dictionary(_ members: [JSONMember]) -> [UTF8Bytes: Int] {
        var table: [UTF8Bytes: Int] = [:]
        table.reserveCapacity(members.count)
        firstRepeat = nil
        for position in members.indices {
            if let earlier = table[members[position].key] {
                if firstRepeat == nil { firstRepeat = (position, earlier) }
            } else {
                table[members[position].key] = position
            }
        }
        return table
    }

    /// Puts `key` at `position` unless the key is there already; false when the probes ran too long.
    private mutating func insert(_ key: UTF8Bytes, hash: UInt64, at position: Int) -> Bool {
        var slot = Int(truncatingIfNeeded: hash) & mask
        for _ in 0..<probeLimit {
            let stored = slots[slot]
            if stored == 0 {
                slots[slot] = Int32(position + 1)
                hashes[slot] = UInt32(truncatingIfNeeded: hash >> 32)
                return true
            }
            if hashes[slot] == UInt32(truncatingIfNeeded: hash >> 32) && members[Int(stored) - 1].key == key {
                if firstRepeat == nil { firstRepeat = (position, Int(stored) - 1) }
                return true
            }
            slot = (slot + 1) & mask
        }
        return false
    }

    /// Whether the keys went to a `Dictionary` (their probes ran too long).
    public var usesFallback: Bool { fallback != nil }

    /// The position of `key`'s member; nil when absent.
    public func position(of key: UTF8Bytes) -> Int? {
        if let fallback { return fallback[key] }
        let hash = Self.hash(key)
        var slot = Int(truncatingIfNeeded: hash) & mask
        // Every key went in within `maximumProbes` of where its hash points (nothing is ever
        // removed): past that, the key is not here, however long the run of full slots.
        for _ in 0..<probeLimit {
            let stored = slots[slot]
            if stored == 0 { return nil }
            if hashes[slot] == UInt32(truncatingIfNeeded: hash >> 32) && members[Int(stored) - 1].key == key { return Int(stored) - 1 }
            slot = (slot + 1) & mask
        }
        return nil
    }

    @inline(__always)
    static func hash(_ key: UTF8Bytes) -> UInt64 {
        var hash = ByteHash()
        key.bytes.withUnsafeBufferPointer { hash.combine($0) }
        return hash.finalize()
    }
}

/// What a reading learned about an object's keys, held by reference for the copies of the
/// object to share: the table of its keys when one was built, and how its members line up with
/// the reference object it was read against. The instance also stands for its object: an
/// alignment names its reference by it.
final class ObjectLookup: Sendable {
    let table: KeyTable?
    let alignment: ReferenceAlignment?
    init(table: KeyTable?, alignment: ReferenceAlignment?) {
        self.table = table
        self.alignment = alignment
    }
}

/// Where each member of an object read against a reference (ours' and theirs' `strings`
/// against the base's) sits in that reference: found anyway by the reading, which looks every
/// key up there, and what lets a merge pair the members of the three versions without hashing
/// 20,000 keys again.
public struct ReferenceAlignment: Sendable {
    /// The reference's lookup, kept alive, so that its identity names that object alone.
    let reference: ObjectLookup
    /// The reference's member count.
    public let referenceCount: Int
    /// For each member, the position of the reference's member with the same key; -1 when the
    /// reference lacks the key.
    public let positions: [Int32]
    /// For each member, whether the reading found its value to be the reference's member's,
    /// byte for byte (the two then share one value): an entry a side left as the base had it,
    /// known without comparing again.
    public let sameBytes: [Bool]

    init(reference: ObjectLookup, referenceCount: Int, positions: [Int32], sameBytes: [Bool]) {
        self.reference = reference
        self.referenceCount = referenceCount
        self.positions = positions
        self.sameBytes = sameBytes
    }

    /// The other way round: for each member of the reference, this object's position of the same
    /// key, or -1.
    public func inverse() -> [Int32] {
        var inverse = [Int32](repeating: -1, count: referenceCount)
        for (position, referencePosition) in positions.enumerated() where referencePosition >= 0 {
            inverse[Int(referencePosition)] = Int32(position)
        }
        return inverse
    }
}

/// A fast hash of byte strings, seeded per process: eight bytes at a time with a multiply and
/// a rotation, each piece's count mixed in. Not a secret's work to make collide, so what uses it
/// bounds the work collisions can cause (`KeyTable`'s probes, R10's candidates).
public struct ByteHash {
    private var state: UInt64

    /// A random seed for the process.
    static let seed: UInt64 = {
        var generator = SystemRandomNumberGenerator()
        return generator.next() | 1
    }()

    public init() { state = Self.seed }

    /// Mixes in `bytes` and their count: pieces split differently hash differently.
    @inline(__always)
    public mutating func combine(_ bytes: UnsafeBufferPointer<UInt8>) {
        var h = state ^ (UInt64(truncatingIfNeeded: bytes.count) &* 0x9E37_79B9_7F4A_7C15)
        if let base = bytes.baseAddress {
            let raw = UnsafeRawPointer(base)
            var i = 0
            while i + 8 <= bytes.count {
                h = (h ^ raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
                h = (h << 31) | (h >> 33)
                i += 8
            }
            var last: UInt64 = 0
            let rest = bytes.count - i
            if rest > 0 && bytes.count >= 8 {
                // The last word, overlapping the one before, shifted down to its new bytes: the
                // same value the byte loop below makes.
                last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: bytes.count - 8, as: UInt64.self)) >> UInt64(8 * (8 - rest))
            } else {
                var shift: UInt64 = 0
                while i < bytes.count {
                    last |= UInt64(base[i]) << shift
                    shift += 8
                    i += 1
                }
            }
            h = (h ^ last) &* 0x94D0_49BB_1331_11EB
        }
        state = (h << 27) | (h >> 37)
    }

    public func finalize() -> UInt64 {
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
