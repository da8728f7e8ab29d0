#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import StringCatalog

// The memory `FastFactLines` writes and remembers in, managed by hand: an array's append (its
// uniqueness and capacity checks) and a dictionary's hashing cost more than the work itself
// there. Each owner calls `deallocate()`.

/// Bytes appended with `memcpy` into memory this type manages: the output of `FastFactLines`,
/// where an array's append (its uniqueness and capacity checks) cost more than the copy. Its
/// owner calls `deallocate()`.
struct LineBuffer {
    private var storage = Growable<UInt8>()

    init() {}

    var start: UnsafeMutablePointer<UInt8>? { storage.start }
    var count: Int {
        get { storage.count }
        set { storage.count = newValue }
    }

    var bytes: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: storage.start, count: storage.count) }

    /// Room for `needed` bytes in all, and 16 more (see `append(_:count:)`).
    mutating func grow(to needed: Int) { storage.reserve(needed + 16) }

    @inline(__always)
    mutating func append(_ source: UnsafePointer<UInt8>, count length: Int) {
        storage.reserve(count + length + 16)
        let destination = UnsafeMutableRawPointer(start! + count)
        let from = UnsafeRawPointer(source)
        if length > 16 {
            memcpy(destination, from, length)
        } else if length >= 8 {
            destination.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
            (destination + length - 8).storeBytes(of: (from + length - 8).loadUnaligned(as: UInt64.self), as: UInt64.self)
        } else if length >= 4 {
            destination.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
            (destination + length - 4).storeBytes(of: (from + length - 4).loadUnaligned(as: UInt32.self), as: UInt32.self)
        } else {
            var i = 0
            while i < length {
                destination.storeBytes(of: source[i], toByteOffset: i, as: UInt8.self)
                i += 1
            }
        }
        count += length
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        storage.reserve(count + 1 + 16)
        start![count] = byte
        count += 1
    }

    @inline(__always)
    mutating func append(_ other: LineBuffer) {
        guard let source = other.start else { return }
        append(source, count: other.count)
    }

    /// String content as `FactLines` quotes it: the escapes it keeps are JSON's own, so the
    /// bytes are copied, but for hidden characters, written as `\u{…}`.
    @inline(__always)
    mutating func append(_ text: FastFactLines.Text, of bytes: UnsafePointer<UInt8>) {
        if !text.hidden {
            append(bytes + text.content.lowerBound, count: text.content.count)
        } else {
            appendShowingHidden(text.content, of: bytes)
        }
    }

    mutating func appendShowingHidden(_ range: Range<Int>, of bytes: UnsafePointer<UInt8>) {
        let all = UnsafeBufferPointer(start: bytes, count: range.upperBound)
        var runStart = range.lowerBound
        var i = range.lowerBound
        while i < range.upperBound {
            if let (scalar, length) = FactLines.hiddenCharacter(all, at: i) {
                append(bytes + runStart, count: i - runStart)
                var escape: [UInt8] = []
                FactLines.hidden(scalar, into: &escape)
                append(escape)
                i += length
                runStart = i
            } else {
                i += 1
            }
        }
        append(bytes + runStart, count: range.upperBound - runStart)
    }

    mutating func append(_ array: [UInt8]) {
        array.withUnsafeBufferPointer { if let base = $0.baseAddress { append(base, count: $0.count) } }
    }

    mutating func deallocate() { storage.deallocate() }
}

/// A stack of offsets, two per key (start and end).
struct OffsetStack {
    private var storage = Growable<Int>()

    /// Offsets held (twice the keys).
    var count: Int {
        get { storage.count }
        set { storage.count = newValue }
    }

    @inline(__always)
    mutating func push(_ first: Int, _ second: Int) {
        storage.reserve(count + 2)
        storage.start![count] = first
        storage.start![count + 1] = second
        count += 2
    }

    @inline(__always)
    func pair(_ index: Int) -> (start: Int, end: Int) { (storage.start![index], storage.start![index + 1]) }

    mutating func deallocate() { storage.deallocate() }
}

/// Elements in memory allocated by hand, grown by doubling.
struct Growable<Element> {
    private(set) var start: UnsafeMutablePointer<Element>?
    /// Elements in use (set by the owner, which writes them).
    var count = 0
    private var capacity = 0

    /// Room for `needed` elements in all.
    @inline(__always)
    mutating func reserve(_ needed: Int) {
        if needed > capacity { grow(to: needed) }
    }

    mutating func grow(to needed: Int) {
        let newCapacity = max(needed, capacity * 2, 4096 / MemoryLayout<Element>.stride)
        let new = UnsafeMutablePointer<Element>.allocate(capacity: newCapacity)
        if let start {
            new.update(from: start, count: count)
            start.deallocate()
        }
        start = new
        capacity = newCapacity
    }

    mutating func deallocate() {
        start?.deallocate()
        start = nil
        count = 0
        capacity = 0
    }
}
