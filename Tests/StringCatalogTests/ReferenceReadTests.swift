import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// A side read against the base finds its keys in the base and skips its own check for repeated
/// keys when those lookups prove none repeats: keys the base has at rising positions, the others
/// all different. A side that added and deleted keys reads as before; one that repeats a key
/// of the base, out of order or not, or repeats a key of its own, is still refused.
@Suite struct ReferenceReadTests {
    static func catalog(_ keys: [String]) -> String {
        let entries = keys.map { "    \"\($0)\" : {\n      \"comment\" : \"\($0)\"\n    }" }.joined(separator: ",\n")
        return "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\(entries)\n  },\n  \"version\" : \"1.0\"\n}"
    }

    static let baseKeys = (0..<40).map { "key \($0)" }

    @Test(arguments: [
        ("added and deleted", Array(baseKeys.dropFirst(3).prefix(20)) + (0..<30).map { "new \($0)" } + Array(baseKeys.suffix(10)), nil),
        ("a base key twice, apart", baseKeys + ["key 5"], "key 5"),
        ("a base key twice, side by side", Array(baseKeys.prefix(6)) + ["key 5"] + Array(baseKeys.dropFirst(6)), "key 5"),
        ("an added key twice among few", baseKeys + ["new", "other", "new"], "new"),
        ("an added key twice among many", baseKeys + (0..<30).map { "new \($0)" } + ["new 7"], "new 7"),
    ] as [(String, [String], String?)])
    func repeatedKeysAreFoundAgainstTheBase(name: String, keys: [String], repeated: String?) throws {
        let base = try Catalog(bytes: Array(Self.catalog(Self.baseKeys).utf8))
        let bytes = Array(Self.catalog(keys).utf8)
        let result = Result { () throws(JSONError) in
            try bytes.withUnsafeBufferPointer { buffer throws(JSONError) in
                try Catalog(copyingFrom: buffer, reference: base)
            }
        }
        switch (result, repeated) {
        case (.success(let catalog), nil):
            #expect(catalog.strings.keys.map(\.string) == keys, "\(name)")
        case (.failure(let error), .some(let key)):
            #expect(error.message.contains("duplicate key \"\(key)\""), "\(name): \(error.message)")
        default:
            Issue.record("\(name): \(result)")
        }
    }

    /// A side's key is taken as the base's next key only when its bytes are that key written
    /// without escapes: a base key `a\b` (written `"a\\b"`) against a side's `"a\b"` (a
    /// backspace), or keys with quotes and tabs, are read for what they say.
    @Test func keysWithEscapesAreReadNotTakenFromTheBase() throws {
        let base = try Catalog(bytes: Array(Self.catalog(["a\\\\b", "q\\\"x", "t\\tx", "plain"]).utf8))
        #expect(base.strings.keys.map(\.string) == ["a\\b", "q\"x", "t\tx", "plain"])
        let bytes = Array(Self.catalog(["a\\b", "q\\\"x", "t\\tx", "plain"]).utf8)
        let side = try bytes.withUnsafeBufferPointer { buffer throws(JSONError) in
            try Catalog(copyingFrom: buffer, reference: base)
        }
        #expect(side.strings.keys.map(\.string) == ["a\u{8}", "q\"x", "t\tx", "plain"])
    }
}
