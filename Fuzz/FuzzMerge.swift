import Foundation

/// libFuzzer target: the merge as git's driver runs it, through `DriverMerge` (the three files
/// read against the base, repairs, the merge or the line-merge fallback, the output written in
/// place, the report written). The input is base, ours and theirs separated by NUL bytes (which
/// no valid catalog contains), written to files. When all three read as catalogs, the output
/// file must be the canonical catalog the merge made, lose nothing, and have a report that reads
/// back equal; merging a side with itself must give it. Otherwise the fallback must have written
/// its output and a report saying so. One input in eight (by size) is read on two threads per
/// side, as a big catalog is: threads cost a fuzz run four times its time.
let folder: String = {
    guard let folder = FilePaths.makeTemporaryDirectory(prefix: "xcstrings-merge-fuzz-") else { fatalError("no temporary folder") }
    atexit { removeFolder() }
    return folder
}()

func removeFolder() { FilePaths.removeTree(folder) }

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzMerge(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    let parts = bytes.split(separator: 0, maxSplits: 2, omittingEmptySubsequences: false).map(Array.init)
    guard parts.count == 3 else { return 0 }
    let (base, ours, theirs, report) = (folder + "/base", folder + "/ours", folder + "/theirs", folder + "/report.json")
    for (path, part) in [(base, parts[0]), (ours, parts[1]), (theirs, parts[2])] {
        do { try FileBytes.writeAtomically(part, to: path, durable: false) } catch { fatalError("cannot write \(path): \(error)") }
    }
    FilePaths.removeTree(report)
    // No repository (GIT_DIR names none), and no child process: the fallback is libgit2's.
    var driver = DriverMerge(
        basePath: base, oursPath: ours, theirsPath: theirs, reportPath: report, displayPath: "Localizable.xcstrings",
        environment: ["GIT_DIR": folder + "/no-repository"])
    driver.lineMergesInProcess = true
    driver.splitAbove = count % 8 == 1 ? 16 : JSONReader.defaultSplitSize
    let result = driver.run()
    guard let reportBytes = try? FileBytes.read(report), let document = try? MergeReportDocument(bytes: reportBytes) else {
        if case .lineMerged(let lineMerged) = result.outcome, lineMerged.failure != nil { return 0 }
        fatalError("no readable report: \(result.outcome) \(result.reportProblem ?? "")")
    }
    guard document.bytes == reportBytes else { fatalError("the report does not read back equal") }
    switch result.outcome {
    case .failed(let message):
        fatalError("a merge of three readable files failed: \(message)")
    case .lineMerged(let lineMerged):
        guard document.fallback != nil, (try? FileBytes.read(ours)) != nil else { fatalError("a line merge without its output or report") }
        if lineMerged.isCatalog, let output = try? FileBytes.read(ours), (try? Catalog(bytes: output))?.canonicalBytes() != output {
            fatalError("a clean line merge said canonical is not")
        }
    case .merged(let merged):
        let output = merged.catalog.canonicalBytes()
        guard (try? FileBytes.read(ours)) == output else { fatalError("the output file is not the merged catalog") }
        guard let reread = try? Catalog(bytes: output), reread.canonicalBytes() == output else {
            fatalError("merge output is not a canonical catalog")
        }
        let inputs = merged.inputs
        let lost = LossCheck.problems(base: inputs.base, ours: inputs.ours, theirs: inputs.theirs, merged: merged.catalog, report: merged.report)
        if !lost.isEmpty { fatalError("merge lost: \(lost)") }
        let pipeline = FileMerge(splitAbove: driver.splitAbove)
        let same = pipeline.merge(ReadCatalogs(base: inputs.base, ours: inputs.ours, theirs: inputs.ours))
        if same.catalog.canonicalBytes() != inputs.ours.canonicalBytes() { fatalError("merge(B, X, X) != X") }
        var preferring = pipeline
        preferring.options = MergeOptions(prefer: .theirs)
        _ = preferring.merge(inputs)
    }
    return 0
}
