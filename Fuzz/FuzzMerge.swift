import Foundation

/// libFuzzer target: the three-way merge. The input is base, ours and theirs separated by NUL
/// bytes (which no valid catalog contains). When all three read as JSON objects (the engine is
/// fuzzed on any object; the commands refuse what lacks a catalog's top level), the merge must
/// produce a canonical catalog that loses nothing, and merging a side with itself must give it.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMerge(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).map(Array.init)
    guard parts.count == 3,
        let base = try? Catalog.mergeBase(bytes: parts[0], requiringCatalogShape: false),
        let ours = try? Catalog(bytes: parts[1], requiringCatalogShape: false),
        let theirs = try? Catalog(bytes: parts[2], requiringCatalogShape: false)
    else { return 0 }
    let (merged, report) = ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs)
    let output = merged.canonicalBytes()
    guard let reread = try? Catalog(bytes: output, requiringCatalogShape: false), reread.canonicalBytes() == output else {
        fatalError("merge output is not a canonical catalog")
    }
    let lost = LossCheck.problems(base: base, ours: ours, theirs: theirs, merged: merged, report: report)
    if !lost.isEmpty { fatalError("merge lost: \(lost)") }
    let same = ThreeWayMerge.merge(base: base, ours: ours, theirs: ours)
    if same.catalog.canonicalBytes() != ours.canonicalBytes() { fatalError("merge(B, X, X) != X") }
    let _ = ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs, options: MergeOptions(prefer: .theirs))
    return 0
}
