import Foundation
import Testing
@testable import CatalogDiff
import StringCatalog
import XcstringsMergeTestSupport

/// textconv on a version an earlier line merge left with a trailing comma or a key written
/// twice: read as the merge reads it, after a line naming the repairs, not printed raw.
@Suite struct RepairedFactLinesTests {
    static func lines(_ text: String) -> String? {
        var output: [UInt8] = []
        let written = Array(text.utf8).withUnsafeBufferPointer { FactLines.write(catalogBytes: $0) { output += $0 } }
        return written ? String(decoding: output, as: UTF8.self) : nil
    }

    static let broken = """
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Save" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Sichern" } },
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Speichern" } },
              }
            },
          },
          "version" : "1.0"
        }
        """

    @Test func aRepairableVersionIsReadRepairedAfterALineSayingSo() throws {
        let text = try #require(Self.lines(Self.broken))
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.first == "(read repaired: 2 trailing commas skipped; \"de\" in \"strings\" › \"Save\" › \"localizations\" written twice, the later kept)")
        // The lines are those of the catalog the merge would read.
        let repaired = try Catalog(bytes: Array("""
            {"sourceLanguage" : "en", "strings" : {"Save" : {"localizations" : {
              "de" : { "stringUnit" : { "state" : "translated", "value" : "Speichern" } } } } }, "version" : "1.0"}
            """.utf8))
        #expect(Array(lines.dropFirst()) == FactLines.bytes(of: repaired).split(separator: 0x0A).map { String(decoding: $0, as: UTF8.self) })
        #expect(text.contains("\"Save\" [de]: \"Speichern\" (translated)") && !text.contains("Sichern"))
    }

    @Test func anUnrepairableVersionIsLeftToBePrintedAsItIs() {
        #expect(Self.lines("{\n<<<<<<< HEAD\n}\n") == nil)
        #expect(Self.lines(Self.broken.replacingOccurrences(of: "\"Speichern\"", with: "\"Speichern")) == nil)
    }

    /// A real catalog's history: a version with zh-HK localizations written twice.
    @Test(.enabled(if: Paths.corpusPresent, "\(Paths.sharedAbsentMessage)"))
    func aRealVersionWithKeysWrittenTwiceIsRead() throws {
        let url = try #require(Paths.corpus("malformed")?.appendingPathComponent("coteditor__CotEditor__Document-835bfac340-duplicate-zh-HK-keys.xcstrings"))
        let text = try #require(Self.lines(String(decoding: try Data(contentsOf: url), as: UTF8.self)))
        #expect(text.hasPrefix("(read repaired: \"zh-HK\" in \"strings\" › "))
        #expect(!text.contains("\"localizations\" : {") && text.contains(" [zh-HK]"))
    }
}
