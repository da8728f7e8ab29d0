import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// The reader (also as it copies out of a mapped file), the validator and the writer on input
/// nested up to the cap, in process, on a thread with a 512 KiB stack (a macOS worker thread's
/// size): a result or an error, never a crash, even in a debug build, whose stack frames are the
/// largest.
@Suite struct DeepNestingReaderTests {
    @Test(arguments: DeepNesting.Kind.allCases)
    func readValidateAndWriteOnASmallStack(_ kind: DeepNesting.Kind) {
        let outcomes = DeepNesting.onSmallStack { () -> [String] in
            var outcomes: [String] = []
            for depth in 1...DeepNesting.cap + 1 {
                let bytes = Array(DeepNesting.catalog(depth: depth, kind: kind).utf8)
                do throws(JSONError) {
                    _ = try JSONReader.parse(bytes)
                    let catalog = try Catalog(bytes: bytes, for: .catalogToValidate)
                    // The merge's reading of a big ours or theirs, copying out of a mapped file.
                    _ = try bytes.withUnsafeBufferPointer { buffer throws(JSONError) in
                        try Catalog(copyingFrom: buffer)
                    }
                    _ = CatalogValidator.validate(catalog)
                    let written = catalog.canonicalBytes()
                    let again = try Catalog(bytes: written)
                    outcomes.append(again.hasCanonicalBytes(written) ? "ok" : "not canonical at \(depth)")
                } catch {
                    outcomes.append(error.message)
                }
            }
            return outcomes
        }
        #expect(outcomes.dropLast().allSatisfy { $0 == "ok" }, "\(outcomes)")
        #expect(outcomes.last == "nesting deeper than \(DeepNesting.cap) levels")
    }
}
