import Foundation

/// libFuzzer target: the merge of three files, through `FileMerge` as the merge command runs it
/// (inputs read against the base, repairs, the merge, the after-merge warnings). The input is
/// base, ours and theirs separated by NUL bytes (which no valid catalog contains). When all
/// three read as catalogs, the merge must produce a canonical catalog that loses nothing, and
/// merging a side with itself must give it. One input in eight (by size) is read on two threads
/// per side, as a big catalog is: threads cost a fuzz run four times its time.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMerge(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).map(Array.init)
    guard parts.count == 3 else { return 0 }
    let pipeline = FileMerge(splitAbove: count % 8 == 1 ? 16 : JSONReader.defaultSplitSize)
    guard case .merged(let merged) = pipeline.run(.bytes(base: parts[0], ours: parts[1], theirs: parts[2])) else { return 0 }
    let output = merged.catalog.canonicalBytes()
    guard let reread = try? Catalog(bytes: output), reread.canonicalBytes() == output else {
        fatalError("merge output is not a canonical catalog")
    }
    let inputs = merged.inputs
    let lost = LossCheck.problems(base: inputs.base, ours: inputs.ours, theirs: inputs.theirs, merged: merged.catalog, report: merged.report)
    if !lost.isEmpty { fatalError("merge lost: \(lost)") }
    let same = pipeline.merge(ReadCatalogs(base: inputs.base, ours: inputs.ours, theirs: inputs.ours))
    if same.catalog.canonicalBytes() != inputs.ours.canonicalBytes() { fatalError("merge(B, X, X) != X") }
    var preferring = pipeline
    preferring.options = MergeOptions(prefer: .theirs)
    _ = preferring.merge(inputs)
    return 0
}
