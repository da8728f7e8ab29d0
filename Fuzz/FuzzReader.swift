import Foundation

/// libFuzzer target: the catalog reader and writer. Whatever the bytes, reading must not crash;
/// when they read as a catalog, the canonical output must read back and be stable. textconv's
/// one-pass writer (`FastFactLines`) must write exactly the lines of the catalog read, and
/// nothing where the reader refuses the bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzReader(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    _ = try? JSONReader.parse(bytes)
    var fastLines: [UInt8] = []
    let wroteFast = bytes.withUnsafeBufferPointer { FastFactLines.write($0) { fastLines += $0 } }
    if wroteFast {
        guard let read = try? Catalog.mergeBase(bytes: bytes, for: .anyObject) else { fatalError("textconv's fast path wrote lines for bytes the reader refuses") }
        if FactLines.bytes(of: read) != fastLines { fatalError("textconv's fast path differs from the lines of the catalog read") }
    }
    // Reading on two threads (forced by a tiny split size) must agree with reading on one.
    let single = Result { () throws(JSONError) in try Catalog(bytes: bytes, for: .catalogToValidate, splitAbove: 0) }
    let split = Result { () throws(JSONError) in try Catalog(bytes: bytes, for: .catalogToValidate, splitAbove: 16) }
    switch (single, split) {
    case (.success(let a), .success(let b)):
        if a.canonicalBytes() != b.canonicalBytes() { fatalError("split read differs") }
    case (.failure(let a), .failure(let b)):
        if a != b { fatalError("split read fails differently: \(a) vs \(b)") }
    default:
        fatalError("split read and single read disagree")
    }
    // Reading without the schema notes, through the fast path for Xcode's layout, must agree
    // with the general reading: the same error, or the same entries with the same verdicts.
    let fast = Result { () throws(JSONError) in try Catalog(bytes: bytes, splitAbove: 0) }
    switch (single, fast) {
    case (.success(let a), .success(let b)):
        let general = a.strings.members, quick = b.strings.members
        guard general.count == quick.count else { fatalError("fast read has other entries") }
        for (x, y) in zip(general, quick) {
            guard x.key == y.key else { fatalError("fast read has other keys") }
            if case .raw(let r) = x.value, case .raw(let q) = y.value {
                if r.range != q.range || r.canonicalIndent != q.canonicalIndent { fatalError("fast read differs at \(x.key)") }
            }
        }
    case (.failure(let a), .failure(let b)):
        if a != b { fatalError("fast read fails differently: \(a) vs \(b)") }
    default:
        fatalError("fast read and general read disagree")
    }
    guard let catalog = try? Catalog(bytes: bytes, for: .catalogToValidate) else { return 0 }
    _ = CatalogValidator.validate(catalog)
    let output = catalog.canonicalBytes()
    guard let reread = try? Catalog(bytes: output) else {
        fatalError("canonical output does not read back")
    }
    guard reread.canonicalBytes() == output else {
        fatalError("canonical output is not stable")
    }
    return 0
}
