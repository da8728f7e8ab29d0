import Foundation
import Testing
@testable import StringCatalog
import XcstringsMergeTestSupport

/// `RawJSON.oneLevel` reads a canonical object one level at a time: what it reads is the value
/// the full parse reads, and written back at the same indent it is the same bytes.
@Suite struct OneLevelTests {
    /// Reads `raw` level by level down to the indent limit, and at every level checks that the
    /// members equal the full parse and that writing them gives back the bytes. Returns the
    /// number of objects read one level deep.
    @discardableResult
    static func expectFaithful(_ raw: RawJSON, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> Int {
        guard let object = raw.oneLevel() else { return 0 }
        var read = 1
        let equal = JSONValue.object(object) == raw.parsed()
        #expect(equal, "\(name): members differ from the full parse", sourceLocation: sourceLocation)
        var writer = XcodeWriter()
        writer.write(object, indent: raw.canonicalIndent!)
        let same = writer.output == Array(raw.bytes)
        #expect(same, "\(name): not the same bytes written back", sourceLocation: sourceLocation)
        for member in object.members {
            if case .raw(let child) = member.value {
                #expect(child.canonicalIndent == raw.canonicalIndent! + 1, sourceLocation: sourceLocation)
                read += expectFaithful(child, name + "/" + member.key.string, sourceLocation: sourceLocation)
            }
        }
        return read
    }

    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func generatedEntries(seed: UInt64) throws {
        var generator = CatalogGenerator(seed: seed)
        let bytes = generator.catalog(keys: 80).canonicalBytes()
        let catalog = try Catalog(bytes: bytes, splitAbove: 0)
        var read = 0
        for member in catalog.strings.members {
            guard case .raw(let raw) = member.value else { continue }
            read += Self.expectFaithful(raw, member.key.string)
        }
        #expect(read > 200, "only \(read) objects were read one level deep")
    }

    @Test(.enabled(if: Paths.corpusPresent, "../shared/corpus is absent")) func corpusEntries() throws {
        let files = Paths.corpusFiles("catalogs")
        guard !files.isEmpty else {
            print(Paths.sharedAbsentMessage)
            return
        }
        var read = 0
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: file))
            guard let catalog = try? Catalog(bytes: bytes, splitAbove: 0) else { continue }
            for member in catalog.strings.members {
                guard case .raw(let raw) = member.value, raw.canonicalIndent != nil else { continue }
                read += Self.expectFaithful(raw, "\(file.lastPathComponent) \(member.key)")
            }
        }
        #expect(read > 10_000)
    }

    /// Look-alikes of a closing line: a `}` in a string, with the indent's spaces before it,
    /// or at the end of a string that ends a line.
    @Test(arguments: [
        #"{"a" : {"b" : "  }", "c" : "x"}, "d" : "}"}"#,
        #"{"a" : {"b" : "\n    }"}, "z" : {"y" : {"x" : "}}}"}}}"#,
        #"{"a" : {}, "b" : {"c" : {}}, "d" : true, "e" : null, "f" : -1.5e3}"#,
        #"{"k\"}" : {"v" : "\\"}}"#,
    ])
    func closingLineLookAlikes(_ text: String) throws {
        let value = try JSONReader.parse(Array(text.utf8))
        let bytes = XcodeWriter.bytes(of: value)
        let raw = RawJSON(source: bytes, range: 0..<bytes.count, canonicalIndent: 0)
        #expect(Self.expectFaithful(raw, text) >= 1)
    }

    /// Arrays, bytes that are not canonical, and deep indents are left to the full parse.
    @Test func declines() throws {
        let withArray = XcodeWriter.bytes(of: try JSONReader.parse(Array(#"{"values" : ["a", "b"]}"#.utf8)))
        #expect(RawJSON(source: withArray, range: 0..<withArray.count, canonicalIndent: 0).oneLevel()?.count == nil)
        let compact = Array(#"{"a":{"b":"c"}}"#.utf8)
        #expect(RawJSON(source: compact, range: 0..<compact.count, canonicalIndent: nil).oneLevel()?.count == nil)
        let deep = XcodeWriter.bytes(of: ["a": "b"])
        #expect(RawJSON(source: deep, range: 0..<deep.count, canonicalIndent: RawJSON.oneLevelIndentLimit).oneLevel()?.count == nil)
    }
}
