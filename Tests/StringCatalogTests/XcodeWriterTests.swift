import Foundation
import Testing
import StringCatalog
import XcstringsMergeTestSupport

@Suite struct XcodeWriterTests {
    static var corpusCatalogs: [URL] { Paths.corpusFiles("catalogs") }

    @Test(.enabled(if: Paths.corpusPresent, "../shared/corpus is absent")) func everyXcodeWrittenCorpusCatalogRoundTripsByteForByte() throws {
        let files = Self.corpusCatalogs
        guard !files.isEmpty else { print(Paths.sharedAbsentMessage); return }
        var checked = 0
        for file in files where !file.lastPathComponent.contains("NOT-Xcode") {
            let input = try bytes(file)
            let output = try Catalog(bytes: input).canonicalBytes()
            #expect(output == input, "\(file.lastPathComponent) does not round-trip")
            checked += 1
        }
        #expect(checked >= 26)
    }

    @Test(.enabled(if: Paths.corpusPresent, "../shared/corpus is absent")) func nonXcodeCatalogFormatsLikeTheReferenceAndIsStable() throws {
        guard let file = Self.corpusCatalogs.first(where: { $0.lastPathComponent.contains("NOT-Xcode") }) else {
            print(Paths.sharedAbsentMessage); return
        }
        let input = try bytes(file)
        let output = try Catalog(bytes: input).canonicalBytes()
        #expect(output != input)
        #expect(output == (try Reference.canonicalBytes(input)))
        #expect(try Catalog(bytes: output).canonicalBytes() == output)
    }

    @Test func escapesLikeTheReference() throws {
        var characters: [String] = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }
        characters += ["é", "\u{2028}", "\u{A0}", "😀", "漢", "\u{200B}"]
        for character in characters {
            let object: [String: Any] = ["k\(character)": "v\(character)"]
            let expected = Reference.canonicalBytes(object: object)
            let ours = XcodeWriter.bytes(of: try JSONReader.parse(expected))
            #expect(ours == expected, "character U+\(String(character.unicodeScalars.first!.value, radix: 16))")
        }
    }

    @Test func emptyContainersAndNestingMatchTheReference() throws {
        let object: [String: Any] = [
            "sourceLanguage": "en", "strings": [String: Any](),
            "x": ["a": [1, "b", [String: Any](), [Any]()], "b": [Any](), "c": true, "d": NSNull()],
            "version": "1.1",
        ]
        let expected = Reference.canonicalBytes(object: object)
        #expect(XcodeWriter.bytes(of: try JSONReader.parse(expected)) == expected)
    }

    @Test func bomAndCRLFAreDroppedOnWrite() throws {
        let input: [UInt8] = [0xEF, 0xBB, 0xBF] + bytes("{\r\n\"sourceLanguage\":\"en\",\r\n\"strings\":{},\"version\":\"1.0\"}\r\n")
        let output = try Catalog(bytes: input).canonicalBytes()
        #expect(output == bytes("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\n  },\n  \"version\" : \"1.0\"\n}"))
    }

    /// Random documents with random keys and values written by both writers.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func randomDocumentsMatchTheReference(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        var object: [String: Any] = [:]
        for _ in 0..<300 {
            let key = RandomStrings.key(using: &generator)
            if Bool.random(using: &generator) {
                object[key] = RandomStrings.key(using: &generator)
            } else {
                var inner: [String: Any] = [:]
                for _ in 0..<Int.random(in: 0...6, using: &generator) {
                    inner[RandomStrings.key(using: &generator)] = ["state": "translated", "value": RandomStrings.key(using: &generator)]
                }
                object[key] = inner
            }
        }
        let expected = Reference.canonicalBytes(object: object)
        // Parse the reference output, shuffle every object, and write it again.
        var value = try JSONReader.parse(expected)
        shuffle(&value, using: &generator)
        #expect(XcodeWriter.bytes(of: value) == expected)
    }

    func shuffle(_ value: inout JSONValue, using generator: inout SeededGenerator) {
        guard case .object(var object) = value else { return }
        object.members.shuffle(using: &generator)
        for i in object.members.indices { shuffle(&object.members[i].value, using: &generator) }
        value = .object(object)
    }
}
