import Foundation
import Testing
@testable import StringCatalog
import XcstringsMergeTestSupport

/// The committed table of key pairs in Foundation's order (`Fixtures/key-order/pairs.tsv`,
/// written on Linux by `Scripts/make-key-order-table.swift`), held against the tool's order on
/// every system. On a Mac the corpus tests skip and the reference is Apple's own call, so this is
/// what notices if Apple's Foundation orders keys differently from the Linux reference that the
/// corpus holds to Xcode's files.
@Suite struct KeyOrderTableTests {
    static let pairs: [(lesser: String, greater: String)] = {
        let url = Paths.fixtures.appendingPathComponent("key-order/pairs.tsv")
        guard let text = try? String(contentsOf: url, encoding: .utf8) else { return [] }
        return text.split(separator: "\n", omittingEmptySubsequences: true).compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false)
            return fields.count == 2 ? (String(fields[0]), String(fields[1])) : nil
        }
    }()

    @Test func theTableIsThere() {
        #expect(Self.pairs.count >= 300)
    }

    @Test func theToolOrdersEveryPairAsTheTable() {
        for (lesser, greater) in Self.pairs {
            #expect(KeyOrder.compare(UTF8Bytes(lesser), UTF8Bytes(greater)) == -1, "\(lesser.debugDescription) < \(greater.debugDescription)")
            #expect(KeyOrder.compare(UTF8Bytes(greater), UTF8Bytes(lesser)) == 1, "\(greater.debugDescription) > \(lesser.debugDescription)")
        }
    }

    /// The reference comparison (Apple's Foundation on a Mac, the ICU transcription on Linux) and
    /// the tests' own Foundation call both give the table's order.
    @Test func theReferenceOrdersEveryPairAsTheTable() {
        for (lesser, greater) in Self.pairs {
            #expect(KeyOrder.referenceCompare(lesser, greater) == -1, "\(lesser.debugDescription) < \(greater.debugDescription)")
            #expect(FoundationKeyOrder.compare(lesser, greater) == -1, "\(lesser.debugDescription) < \(greater.debugDescription)")
        }
    }
}
