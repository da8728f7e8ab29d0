import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// `KeyTable`, the merge's and the reader's look-up of members by key, agrees with a scan:
/// each key's first position, nil for a key not there, with its own slots and, when probes run
/// too long (forced here by a limit of one probe), through its fallback.
@Suite struct KeyTableTests {
    @Test(arguments: [(1, 0), (2, 7), (3, 100), (4, 5000), (5, 5000)] as [(UInt64, Int)])
    func findsEachKeysFirstPositionAndNothingElse(seed: UInt64, count: Int) {
        var generator = SeededGenerator(seed: seed)
        var keys: [String] = (0..<count).map { _ in
            Bool.random(using: &generator) ? RandomStrings.key(using: &generator) : RandomStrings.asciiKey(using: &generator)
        }
        // Repeated keys (a line merge's duplicates), an empty one and long ones.
        if count > 10 { keys += [keys[3], "", String(repeating: "ab", count: 300), keys[0]] }
        let members = keys.map { JSONMember(key: UTF8Bytes($0), value: .null) }
        let absent = (0..<200).map { "absent \($0) " + RandomStrings.key(using: &generator) }.filter { !keys.contains($0) }
        for limit in [48, 1] {
            let table = KeyTable(members, probeLimit: limit)
            if limit == 1 && count >= 100 { #expect(table.usesFallback) }
            if limit == 48 { #expect(!table.usesFallback) }
            for (position, member) in members.enumerated() {
                #expect(table.position(of: member.key) == members.firstIndex { $0.key == member.key }, "position \(position)")
            }
            for key in absent { #expect(table.position(of: UTF8Bytes(key)) == nil) }
            // The first member that repeats an earlier key, as a pairwise scan finds it.
            var seen: [UTF8Bytes: Int] = [:]
            var expected: (Int, Int)?
            for (i, member) in members.enumerated() {
                if let earlier = seen[member.key] {
                    expected = (i, earlier)
                    break
                }
                seen[member.key] = i
            }
            #expect(table.firstRepeat?.position == expected?.0, "limit \(limit)")
            #expect(table.firstRepeat?.earlier == expected?.1, "limit \(limit)")
        }
    }

    /// A hash depends on the bytes given and nothing around them (the last partial word is read
    /// as a whole word that overlaps the one before), and a change in any byte changes it.
    @Test func byteHashReadsExactlyItsBytes() {
        var generator = SeededGenerator(seed: 9)
        for length in 0...40 {
            let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            let inside = [0xAA, 0xBB] + bytes + [0xCC, 0xDD, 0xEE]
            func hash(_ buffer: UnsafeBufferPointer<UInt8>) -> UInt64 {
                var hasher = ByteHash()
                hasher.combine(buffer)
                return hasher.finalize()
            }
            let alone = bytes.withUnsafeBufferPointer(hash)
            let surrounded = inside.withUnsafeBufferPointer { hash(UnsafeBufferPointer(rebasing: $0[2..<(2 + length)])) }
            #expect(alone == surrounded, "length \(length)")
            for position in bytes.indices {
                var changed = bytes
                changed[position] ^= 0x01
                #expect(changed.withUnsafeBufferPointer(hash) != alone, "length \(length), byte \(position)")
            }
        }
    }
    /// Values replaced together keep the reading's table of keys (the keys did not move) and
    /// its word that they are in order; a change of the members themselves clears both.
    @Test func replacedValuesKeepTheTableOfKeys() throws {
        // Enough keys that the reading builds the table to find repeated ones.
        let more = (0..<100).map { #","k\#($0)":{}"# }.joined()
        let text = #"{"sourceLanguage":"en","strings":{"a":{},"b":{},"c":{}"# + more + #"},"version":"1.0"}"#
        var strings = try Catalog(bytes: Array(text.utf8)).strings
        #expect(strings.keyTable != nil)
        let ordered = strings.isKeyOrdered
        strings.replaceValues([(position: 1, value: .string("x")), (position: 2, value: .null)])
        #expect(strings.members.prefix(3).map(\.value) == [.object(JSONObject()), .string("x"), .null])
        #expect(strings.keyTable?.position(of: "c") == 2 && strings.keyTable?.position(of: "a") == 0)
        #expect(strings.isKeyOrdered == ordered)
        strings.members.removeFirst()
        #expect(strings.keyTable == nil)
    }
}
