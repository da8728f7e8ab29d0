import Foundation
import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// A merge reads a big ours or theirs against the base copying out what it holds, so that the
/// file can go: that catalog must write the same bytes and hold nothing of the file, while
/// entries equal to the base's keep sharing the base's bytes.
@Suite struct DetachTests {
    static func storages(_ value: JSONValue, into result: inout [UnsafePointer<UInt8>?]) {
        switch value {
        case .raw(let raw): result.append(raw.source.withUnsafeBufferPointer { $0.baseAddress })
        case .object(let object):
            for member in object.members {
                result.append(member.key.bytes.withUnsafeBufferPointer { $0.baseAddress.map { $0 - member.key.bytes.startIndex } })
                storages(member.value, into: &result)
            }
        case .array(let elements): for element in elements { storages(element, into: &result) }
        case .string(let text), .number(let text):
            result.append(text.bytes.withUnsafeBufferPointer { $0.baseAddress.map { $0 - text.bytes.startIndex } })
        case .bool, .null: break
        }
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func aCatalogReadByCopyingWritesTheSameAndHoldsNothingOfItsFile(seed: UInt64) throws {
        var generator = CatalogGenerator(seed: seed)
        let baseCatalog = generator.catalog(keys: 1500)
        var edited = baseCatalog
        var strings = edited.strings
        for index in stride(from: 0, to: strings.members.count, by: 50) { strings.members[index].value = generator.entry() }
        strings[key: "added.key"] = generator.entry()
        edited.strings = strings
        let baseBytes = baseCatalog.canonicalBytes()
        let oursBytes = edited.canonicalBytes()
        let base = try Catalog(bytes: baseBytes)
        let detached = try oursBytes.withUnsafeBufferPointer { buffer throws(JSONError) in
            try Catalog(copyingFrom: buffer, reference: base)
        }
        #expect(detached.canonicalBytes() == oursBytes)
        var found: [UnsafePointer<UInt8>?] = []
        Self.storages(.object(detached.root), into: &found)
        let oursStart = oursBytes.withUnsafeBufferPointer { $0.baseAddress }
        let baseStart = baseBytes.withUnsafeBufferPointer { $0.baseAddress }
        let intoOurs = found.filter { $0 == oursStart }.count
        #expect(intoOurs == 0, "\(intoOurs) keys or values still point into ours' file")
        // Most entries are the base's, still shared rather than copied.
        #expect(found.filter { $0 == baseStart }.count > 1000)
    }
}
