import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// The members found from Xcode's layout are the members a reading finds.
@Suite struct CanonicalMembersTests {
    @Test(arguments: Array(UInt64(1)...20))
    func sameMembersAsTheReading(seed: UInt64) throws {
        var generator = CatalogGenerator(seed: seed)
        let catalog = try Catalog(bytes: generator.catalog(keys: 40).canonicalBytes())
        for member in catalog.strings.members {
            guard case .raw(let raw) = member.value else { continue }
            try Self.expectSameMembers(raw, depth: 3)
        }
    }

    /// `raw`'s members and, `depth` levels down, theirs: keys and values as the reading has them.
    static func expectSameMembers(_ raw: RawJSON, depth: Int) throws {
        guard let object = raw.parsed().object else { return }
        let members = try #require(CanonicalMembers(raw))
        #expect(members.spans.count == object.members.count)
        for (span, member) in zip(members.spans, object.members) {
            let key = try JSONReader.parse(Array("\"".utf8) + raw.source[span.key] + Array("\"".utf8))
            #expect(key == .string(member.key))
            let value = RawJSON(source: raw.source, range: span.value, canonicalIndent: raw.canonicalIndent.map { $0 + 1 })
            #expect(value.parsed() == member.value)
            if depth > 1, case .object = member.value { try expectSameMembers(value, depth: depth - 1) }
        }
        // Any two names (the same twice, or absent) are found where the whole list has them.
        let names = object.members.map(\.key) + [UTF8Bytes("absent")]
        try raw.source.withUnsafeBufferPointer { bytes in
            for first in names where CanonicalMembers.isPlain(first) {
                for second in names where CanonicalMembers.isPlain(second) {
                    let found = try #require(CanonicalMembers.spans(named: first, second, in: bytes, range: raw.range, indent: raw.canonicalIndent!))
                    #expect(found.first?.key == members.span(named: first, in: bytes)?.key && found.first?.value == members.span(named: first, in: bytes)?.value)
                    #expect(found.second?.key == members.span(named: second, in: bytes)?.key && found.second?.value == members.span(named: second, in: bytes)?.value)
                }
            }
        }
    }

    @Test func emptyAndNotCanonical() throws {
        let empty = Array("{\n\n  }".utf8)
        #expect(CanonicalMembers(RawJSON(source: empty, range: 0..<empty.count, canonicalIndent: 1))?.spans.count == 0)
        let other = Array("{\"a\": 1}".utf8)
        #expect(CanonicalMembers(RawJSON(source: other, range: 0..<other.count, canonicalIndent: nil)) == nil)
        #expect(CanonicalMembers(RawJSON(source: other, range: 0..<other.count, canonicalIndent: 0)) == nil)
    }
}
