import Foundation
import Testing
@testable import StringCatalog
import XcstringsMergeTestSupport

/// The skimmer's fast path (`CanonicalSkim`) accepts only what the general skimmer accepts as
/// canonical, and ends where it ends; and it does accept what Xcode writes, or it is no fast path.
@Suite struct CanonicalSkimTests {
    enum Skim: Equatable {
        /// The general skimmer's verdict: where the value ends and whether it is canonical.
        case read(end: Int, canonical: Bool)
        case error
    }

    /// The general skimmer on the value at `start`, as the entries of `strings` are read (two
    /// levels deep, indent 2), without the schema check.
    static func general(_ bytes: [UInt8], at start: Int, depth: Int = 2) -> Skim {
        bytes.withUnsafeBufferPointer { buffer in
            var parser = Parser(source: bytes, buffer: buffer, maximumDepth: JSONReader.defaultMaximumDepth)
            parser.position = start
            parser.depth = depth
            guard let canonical = try? parser.skimValue(indent: 2) else { return .error }
            return .read(end: parser.position, canonical: canonical)
        }
    }

    static func fast(_ bytes: [UInt8], at start: Int, depth: Int = 2) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            CanonicalSkim(buffer).object(at: start, indent: 2, levels: JSONReader.defaultMaximumDepth - depth)
        }
    }

    /// Checks the fast path against the general skimmer on the value at `start`; true when the
    /// fast path took it.
    @discardableResult
    static func expectAgreement(_ bytes: [UInt8], at start: Int, _ name: @autoclosure () -> String, depth: Int = 2,
                                sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        guard let end = fast(bytes, at: start, depth: depth) else { return false }
        let general = general(bytes, at: start, depth: depth)
        #expect(general == .read(end: end, canonical: true), "\(name()): the fast path ends at \(end), the skimmer says \(general)",
                sourceLocation: sourceLocation)
        return true
    }

    /// Every entry of every corpus catalog: the two agree, and the fast path takes nearly every
    /// entry the skimmer finds canonical.
    @Test(.enabled(if: Paths.corpusPresent, "../shared/corpus is absent")) func corpusEntries() throws {
        let files = Paths.corpusFiles("catalogs")
        guard !files.isEmpty else {
            print(Paths.sharedAbsentMessage)
            return
        }
        var canonicalEntries = 0
        var taken = 0
        for file in files {
            let bytes = try bytes(file)
            guard let catalog = try? Catalog(bytes: bytes, splitAbove: 0) else { continue }
            for member in catalog.strings.members {
                guard case .raw(let raw) = member.value else { continue }
                let general = Self.general(bytes, at: raw.range.lowerBound)
                if case .read(_, true) = general { canonicalEntries += 1 }
                if Self.expectAgreement(bytes, at: raw.range.lowerBound, "\(file.lastPathComponent) \(member.key)") { taken += 1 }
            }
        }
        print("CanonicalSkim: \(taken) of \(canonicalEntries) canonical corpus entries taken by the fast path")
        #expect(canonicalEntries > 1000)
        #expect(Double(taken) >= 0.95 * Double(canonicalEntries))
    }

    /// Generated catalogs' entries, then each mutated at random: the fast path takes what it
    /// should, and never what the skimmer rejects, finds not canonical, or ends elsewhere.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func mutatedEntries(seed: UInt64) throws {
        var generator = CatalogGenerator(seed: seed)
        let bytes = generator.catalog(keys: 60).canonicalBytes()
        let catalog = try Catalog(bytes: bytes, splitAbove: 0)
        let replacements: [UInt8] = Array(" \n\r\t\",:{}[]\\/u0-1eE.+tfn".utf8) + [0x00, 0x1F, 0x7F, 0x80, 0xBF, 0xC3, 0xE2, 0xF0, 0xF5, 0xFF]
        var random = SeededGenerator(seed: seed &* 7919)
        var taken = 0
        var mutatedTaken = 0
        for member in catalog.strings.members {
            guard case .raw(let raw) = member.value else { continue }
            if Self.expectAgreement(bytes, at: raw.range.lowerBound, "seed \(seed) \(member.key)") { taken += 1 }
            for _ in 0..<40 {
                var mutated = bytes
                let offset = Int.random(in: raw.range, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: mutated[offset] = replacements.randomElement(using: &random)!
                case 1: mutated.insert(replacements.randomElement(using: &random)!, at: offset)
                default: mutated.remove(at: offset)
                }
                if Self.expectAgreement(mutated, at: raw.range.lowerBound, "seed \(seed) \(member.key) mutated at \(offset)") {
                    mutatedTaken += 1
                }
            }
        }
        #expect(taken == catalog.strings.members.count)
        // Some mutations keep an entry canonical (a letter of a value for another): those too.
        #expect(mutatedTaken > 0)
    }

    /// An entry at indent 2 with one plain string unit whose value is `value`.
    static func entry(value: String = "Hallo") -> String {
        """
        {
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "\(value)"
                  }
                }
              }
            }
        """
    }

    /// Entries the fast path must take (`true`) or leave to the skimmer (`false`), each checked
    /// against the skimmer too.
    static let cases: [(String, String, Bool)] = [
        ("a plain unit", entry(), true),
        ("short escapes", entry(value: #"a\"b\\c\nd\te\rf\bg\fh"#), true),
        ("non-ASCII value", entry(value: "Grüße 设置 👋🏽"), true),
        ("empty value", entry(value: ""), true),
        ("\\u escape of a control character", entry(value: #"\u0001"#), false),
        ("\\u escape of a letter", entry(value: #"\u00e9"#), false),
        ("escaped slash", entry(value: #"a\/b"#), false),
        ("invalid escape", entry(value: #"a\qb"#), false),
        ("raw tab", entry(value: "a\tb"), false),
        ("replacement character", entry(value: "a\u{FFFD}b"), true),
        ("keys out of order", "{\n      \"shouldTranslate\" : false,\n      \"comment\" : \"c\"\n    }", false),
        ("duplicate keys", "{\n      \"comment\" : \"c\",\n      \"comment\" : \"c\"\n    }", false),
        ("keys in order", "{\n      \"comment\" : \"c\",\n      \"extractionState\" : \"manual\",\n      \"isCommentAutoGenerated\" : true,\n      \"shouldTranslate\" : false\n    }", true),
        ("numbers", "{\n      \"a\" : 0,\n      \"b\" : -12,\n      \"c\" : 1.5e+3,\n      \"d\" : null\n    }", true),
        ("leading zero", "{\n      \"a\" : 01\n    }", false),
        ("bare minus", "{\n      \"a\" : -\n    }", false),
        ("no fraction digits", "{\n      \"a\" : 1.\n    }", false),
        ("cut literal", "{\n      \"a\" : tru\n    }", false),
        ("an array", "{\n      \"a\" : [\n        1\n      ]\n    }", false),
        ("empty object as written", "{\n      \"a\" : {\n\n      }\n    }", true),
        ("empty object on one line", "{\n      \"a\" : {}\n    }", false),
        ("empty entry", "{\n\n    }", true),
        ("indented one space too far", "{\n       \"a\" : 1\n    }", false),
        ("indented one space too little", "{\n     \"a\" : 1\n    }", false),
        ("closing brace indented wrong", "{\n      \"a\" : 1\n   }", false),
        ("space before the comma", "{\n      \"a\" : 1 ,\n      \"b\" : 2\n    }", false),
        ("trailing comma", "{\n      \"a\" : 1,\n    }", false),
        ("CR LF", "{\r\n      \"a\" : 1\r\n    }", false),
        ("colon without spaces", "{\n      \"a\":1\n    }", false),
        ("escaped key", "{\n      \"\\u0061\" : 1\n    }", false),
        ("non-ASCII key", "{\n      \"é\" : 1\n    }", false),
        ("numeric key order", "{\n      \"item 2\" : 1,\n      \"item 10\" : 1\n    }", true),
        ("case-insensitive key order", "{\n      \"a\" : 1,\n      \"B\" : 1\n    }", true),
        ("unterminated", "{\n      \"a\" : \"b", false),
        ("string unit", unit(state: "translated", value: "a \\\"b\\\" é 中"), true),
        ("string unit, empty strings", unit(state: "", value: ""), true),
        ("string unit, value first", "{\n      \"stringUnit\" : {\n        \"value\" : \"v\",\n        \"state\" : \"new\"\n      }\n    }", false),
        ("string unit, a third member", "{\n      \"stringUnit\" : {\n        \"state\" : \"new\",\n        \"value\" : \"v\",\n        \"x\" : 1\n      }\n    }", true),
        ("string unit, state only", "{\n      \"stringUnit\" : {\n        \"state\" : \"new\"\n      }\n    }", true),
        ("string unit, indented less", "{\n      \"stringUnit\" : {\n      \"state\" : \"new\",\n        \"value\" : \"v\"\n      }\n    }", false),
        ("string unit, closed on the value's line", "{\n      \"stringUnit\" : {\n        \"state\" : \"new\",\n        \"value\" : \"v\"}\n    }", false),
        ("string unit, a tab", "{\n      \"stringUnit\" : {\n        \"state\" : \"new\",\n        \"value\"\t: \"v\"\n      }\n    }", false),
        ("string unit, an escape the writer does not write", unit(state: "new", value: "\\u0041"), false),
        ("string unit, a control character", unit(state: "new", value: "a\u{1}b"), false),
        ("string unit, stringUnits", "{\n      \"stringUnits\" : {\n        \"state\" : \"new\",\n        \"value\" : \"v\"\n      }\n    }", true),
    ]

    /// An entry whose only member is a `stringUnit` of `state` and `value`, as the writer writes it.
    static func unit(state: String, value: String) -> String {
        "{\n      \"stringUnit\" : {\n        \"state\" : \"\(state)\",\n        \"value\" : \"\(value)\"\n      }\n    }"
    }

    /// The `stringUnit` matcher takes the writer's text, ending where `object` ends; the
    /// look-alikes above it leaves to `object`.
    @Test func stringUnitMatcherTakesTheWritersText() throws {
        let bytes = Array(("    \"K\" : " + Self.unit(state: "needs_review", value: "x %lld 中") + ",\n").utf8)
        let brace = try #require(bytes.indices.first { $0 > 12 && bytes[$0] == UInt8(ascii: "{") })
        bytes.withUnsafeBufferPointer { buffer in
            let skim = CanonicalSkim(buffer)
            #expect(skim.stringUnit(at: brace, indent: 3) != nil)
            #expect(skim.stringUnit(at: brace, indent: 3) == skim.object(at: brace, indent: 3, levels: 1))
            #expect(skim.stringUnit(at: brace, indent: 2) == nil)
        }
    }

    @Test(arguments: cases)
    func lookAlikes(name: String, entry: String, taken: Bool) {
        let bytes = Array(("    \"K\" : " + entry + ",\n").utf8)
        let start = 10
        #expect(Self.expectAgreement(bytes, at: start, name) == taken, "\(name)")
    }

    /// Invalid UTF-8 in a value, each kind the reader names: left to the skimmer, which rejects it.
    @Test(arguments: [[0xC3, 0x28], [0xC0, 0xAF], [0xE0, 0x80, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0x80], [0xFF]] as [[UInt8]])
    func invalidUTF8(sequence: [UInt8]) throws {
        let text = Array(("    \"K\" : " + Self.entry(value: "a@b") + ",\n").utf8)
        let at = try #require(text.firstIndex(of: UInt8(ascii: "@")))
        var bytes = text
        bytes.replaceSubrange(at...at, with: sequence)
        #expect(Self.fast(bytes, at: 10) == nil)
        #expect(Self.general(bytes, at: 10) == .error)
        // Cut short by the end of the bytes.
        let cut = Array(bytes[..<(at + 1)])
        #expect(Self.fast(cut, at: 10) == nil)
    }

    /// Nesting: the fast path stops where the skimmer's depth limit does, and gives up there;
    /// at the limit it fits a 512 KiB stack (a Mac's worker thread), as the skimmer does.
    @Test(arguments: [-1, 0, 1])
    func nestingAtTheLimit(beyond: Int) {
        let levels = JSONReader.defaultMaximumDepth - 2 + beyond
        var entry = "1"
        for level in (0..<levels).reversed() {
            let inner = String(repeating: "  ", count: level + 3)
            let closing = String(repeating: "  ", count: level + 2)
            entry = "{\n\(inner)\"a\" : \(entry)\n\(closing)}"
        }
        let bytes = Array(("    \"K\" : " + entry + "\n").utf8)
        let end = DeepNesting.onSmallStack { Self.fast(bytes, at: 10) }
        #expect((end != nil) == (beyond <= 0))
        #expect(Self.expectAgreement(bytes, at: 10, "nested \(levels)") == (beyond <= 0))
        if beyond > 0 { #expect(Self.general(bytes, at: 10) == .error) }
    }
}
