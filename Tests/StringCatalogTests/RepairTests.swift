import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// `CatalogRepair` removes what a line merge leaves with one meaning, and nothing else.
@Suite struct RepairTests {
    static func repaired(_ text: String) -> (text: String, kinds: [String], paths: [String])? {
        guard let (bytes, repairs) = CatalogRepair.repaired(Array(text.utf8)) else { return nil }
        return (String(decoding: bytes, as: UTF8.self), repairs.map(\.kind.rawValue), repairs.map { $0.path.map(\.string).joined(separator: "/") })
    }

    @Test(arguments: [
        ("{\"a\" : 1,\n}", "{\"a\" : 1\n}", ["trailing-comma"]),
        ("[1, 2, ]", "[1, 2 ]", ["trailing-comma"]),
        ("{\"a\" : [1,], \"b\" : {\"c\" : 2,},}", "{\"a\" : [1], \"b\" : {\"c\" : 2}}", ["trailing-comma", "trailing-comma", "trailing-comma"]),
        ("{\"a\" : 1, \"a\" : 1}", "{\"a\" : 1}", ["duplicate-key"]),
        ("{\"a\" : \"x\",\n  \"b\" : 2,\n  \"a\" : \"y\"\n}", "{\"b\" : 2,\n  \"a\" : \"y\"\n}", ["conflicting-duplicate-key"]),
        ("{\"a\" : 1, \"a\" : 2, \"a\" : 3}", "{\"a\" : 3}", ["conflicting-duplicate-key", "conflicting-duplicate-key"]),
        ("{\"s\" : {\"k\" : {\"de\" : 1, \"de\" : 1}}}", "{\"s\" : {\"k\" : {\"de\" : 1}}}", ["duplicate-key"]),
    ])
    func repairsWhatHasOneMeaning(input: String, output: String, kinds: [String]) throws {
        let result = try #require(Self.repaired(input))
        #expect(result.text == output)
        #expect(result.kinds == kinds)
        // What is left reads as JSON.
        #expect((try? JSONReader.parse(Array(result.text.utf8))) != nil, "\(result.text)")
    }

    @Test func theRepeatedKeyIsNamedWithTheKeysAroundItAndBothValues() throws {
        let text = "{\"strings\" : {\"Save\" : {\"localizations\" : {\"de\" : \"A\", \"de\" : \"B\"}}}}"
        let (_, repairs) = try #require(CatalogRepair.repaired(Array(text.utf8)))
        let repair = try #require(repairs.first)
        #expect(repair.path.map(\.string) == ["strings", "Save", "localizations", "de"])
        #expect(repair.values.map { String(decoding: $0, as: UTF8.self) } == ["\"A\"", "\"B\""])
        #expect(repair.dropsAValue)
        #expect(Array(text.utf8)[repair.offset] == 0x22)
    }

    /// A repair inside a member that another repair removes goes with it.
    @Test func aRepairInsideARemovedMemberIsNotReported() throws {
        let result = try #require(Self.repaired("{\"a\" : {\"x\" : 1,}, \"a\" : 2}"))
        #expect(result.text == "{\"a\" : 2}")
        #expect(result.kinds == ["conflicting-duplicate-key"])
    }

    @Test(arguments: [
        "{\"a\" : 1}",  // nothing to repair
        "{\"a\" : \",}\"}",  // a comma and a brace inside a string
        "{\"a\" : \"\\\",]\", \"b\" : 1}",  // an escaped quote before them
        "{\"a\" : 1, \"A\" : 1}",  // keys that differ by case
        "{\"a\" : 1,, \"b\" : 2}",  // a doubled comma: not one meaning
        "{\"a\" : \"x}",  // an unterminated string
        "{\"a\" : 1,\n<<<<<<< ours\n}",  // conflict markers
        "{\"a\" : 1",  // truncated
        "",
    ])
    func leavesEverythingElseAlone(_ input: String) {
        #expect(Self.repaired(input) == nil)
    }

    /// No recursion: deep input of any depth is scanned on a small stack.
    @Test func deepNestingIsScannedWithoutRecursion() throws {
        let depth = 200_000
        let text = String(repeating: "[", count: depth) + "1," + String(repeating: "]", count: depth)
        let result = try #require(CatalogRepair.repaired(Array(text.utf8)))
        #expect(result.repairs.count == 1)
        #expect(result.bytes.count == text.utf8.count - 1)
    }
}
