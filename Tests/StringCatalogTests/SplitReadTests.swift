import Foundation
import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// Big catalogs are read by two threads; forcing the split on small inputs must give exactly what
/// one thread gives: the same entries, the same canonical bytes, the same findings and errors.
@Suite struct SplitReadTests {
    static func inputs() throws -> [(String, [UInt8])] {
        var files = Paths.corpusFiles("catalogs") + Paths.corpusFiles("malformed")
        files += try FileManager.default.subpathsOfDirectory(atPath: Paths.fixtures.path)
            .filter { $0.hasSuffix(".xcstrings") }.map { Paths.fixtures.appendingPathComponent($0) }
        var result = try files.map { ($0.lastPathComponent, try bytes($0)) }
        // Broken in the second half, so that the other thread is the one that finds it.
        let sample = try bytes(Paths.fixtures.appendingPathComponent("catalogs/Sample.xcstrings"))
        let text = String(decoding: sample, as: UTF8.self)
        result.append(("late duplicate", Array(text.replacingOccurrences(of: "\"Welcome\" : {", with: "\"Cancel\" : {").utf8)))
        result.append(("late syntax error", Array(text.replacingOccurrences(of: "\"Willkommen\"", with: "\"Willkommen\",").utf8)))
        result.append(("late conflict marker", Array(text.replacingOccurrences(of: "    \"Welcome\" : {", with: "<<<<<<< ours\n    \"Welcome\" : {").utf8)))
        // Four-space indentation: the guessed split point is a top-level member, not an entry.
        result.append(("four-space indent", Array(text.replacingOccurrences(of: "\n", with: "\n  ").utf8)))
        return result
    }

    @Test func splitReadsEqualSingleReads() throws {
        for (name, input) in try Self.inputs() {
            for splitAbove in [1, 64, 300] {
                let single = Result { () throws(JSONError) in try Catalog(bytes: input, for: .catalogToValidate, splitAbove: 0) }
                let split = Result { () throws(JSONError) in try Catalog(bytes: input, for: .catalogToValidate, splitAbove: splitAbove) }
                switch (single, split) {
                case (.success(let a), .success(let b)):
                    #expect(a.strings.keys == b.strings.keys, "\(name)")
                    #expect(a.canonicalBytes() == b.canonicalBytes(), "\(name)")
                    #expect(CatalogValidator.validate(a) == CatalogValidator.validate(b), "\(name)")
                case (.failure(let a), .failure(let b)):
                    #expect(a == b, "\(name): \(a) vs \(b)")
                default:
                    Issue.record("\(name), split above \(splitAbove): one read failed and the other did not")
                }
            }
        }
    }
}
