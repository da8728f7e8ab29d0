import Foundation
import Testing
@testable import StringCatalog
import XcstringsMergeTestSupport

/// Every string scanner ends a string where the shared one (`JSONStringEnd`) does: the parser's
/// two (which also validate), the fast path for Xcode's layout (when it does not defer to the
/// parser), and the repair's (on strings without a raw line break, where it stops by design).
/// textconv's, in `CatalogDiff`, is held to the shared one by `FastFactLinesTests`.
@Suite struct StringScannerTests {
    static func content(_ generator: inout SeededGenerator, controls: Bool = true) -> String {
        JSONStringSamples.content(&generator, controls: controls)
    }

    @Test(arguments: Array(UInt64(1)...40))
    func everyScannerEndsTheStringWhereTheSharedOneDoes(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<50 {
            let text = "\"" + Self.content(&generator) + "\" : \"after\\\"\"\n"
            let bytes = Array(text.utf8)
            try bytes.withUnsafeBufferPointer { buffer in
                let shared = try #require(JSONStringEnd.find(in: buffer, quote: 0, end: buffer.count))
                #expect(shared.escaped == bytes[1..<(shared.end - 1)].contains(UInt8(ascii: "\\")))

                var parser = Parser(source: bytes, buffer: buffer, maximumDepth: 64)
                _ = try parser.parseString()
                #expect(parser.position == shared.end, "\(text)")

                var skimmer = Parser(source: bytes, buffer: buffer, maximumDepth: 64)
                let skimmed = try skimmer.skimString(open: 0)
                #expect(skimmer.position == shared.end, "\(text)")
                #expect(skimmed.escaped == shared.escaped, "\(text)")

                if let fast = CanonicalSkim(buffer).stringEnd(from: 1) {
                    #expect(fast == shared.end, "\(text)")
                }

                var repair = CatalogRepair.Scanner(bytes: bytes)
                let closed = repair.skipString()
                #expect(closed)
                #expect(repair.position == shared.end, "\(text)")
            }
        }
    }

    /// The fast path defers to the parser only for `\u` escapes (which the writer uses for
    /// control characters alone) and escapes the writer does not use: on the writer's output of
    /// text without control characters it always answers.
    @Test(arguments: Array(UInt64(1)...10))
    func theFastPathReadsTheWritersStrings(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<50 {
            let value = try JSONReader.parse(Array(("\"" + Self.content(&generator, controls: false) + "\"").utf8))
            var writer = XcodeWriter()
            writer.write(value, indent: 0)
            let bytes = writer.output
            bytes.withUnsafeBufferPointer { buffer in
                #expect(CanonicalSkim(buffer).stringEnd(from: 1) == JSONStringEnd.find(in: buffer, quote: 0, end: buffer.count)?.end)
            }
        }
    }

    /// The repair's scanner stops at a raw line break, which no valid string holds and which
    /// marks a line merge's damage; the shared one does not look for it.
    @Test func theRepairStopsAtALineBreak() {
        var repair = CatalogRepair.Scanner(bytes: Array("\"broken\n\"".utf8))
        let closed = repair.skipString()
        #expect(!closed)
    }
}
