import Foundation
import Testing
@testable import CatalogDiff
import StringCatalog
import XcstringsMergeTestSupport

/// textconv's fast path (`FastFactLines`: one pass over a catalog's bytes, no `Catalog`)
/// writes exactly the lines of the general one (the catalog read, then its facts), or gives up
/// and leaves them to it: on every catalog at hand (the diff and merge fixtures, seeded
/// catalogs, the schema's every-member catalogs, hostile text, the corpus) and on seeded damage
/// to them, where it must give up wherever the reader refuses the bytes.
@Suite struct FastFactLinesTests {
    /// The fast path's lines (nil when it gave up) and the general path's (nil when the bytes
    /// are not a catalog). The fast path's entries are also written a half on each of two
    /// threads, cut where the layout says an entry starts near the middle of them or of their
    /// last 300 bytes: each must give what one thread gives, lines or giving up.
    static func both(_ bytes: [UInt8]) -> (fast: [UInt8]?, general: [UInt8]?) {
        func fastLines(splitAbove: Int) -> [UInt8]? {
            var fast: [UInt8] = []
            let wrote = bytes.withUnsafeBufferPointer { FastFactLines.write($0, splitAbove: splitAbove) { fast += $0 } }
            return wrote ? fast : nil
        }
        let fast = fastLines(splitAbove: 0)
        for splitAbove in [1, 300] {
            #expect(fastLines(splitAbove: splitAbove) == fast, "entries in two halves, split above \(splitAbove)")
        }
        let general = (try? Catalog.mergeBase(bytes: bytes, for: .anyObject)).map(FactLines.bytes(of:))
        return (fast, general)
    }

    /// textconv's lines of `bytes` (the fast path, else the general one).
    static func lines(_ bytes: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        _ = bytes.withUnsafeBufferPointer { FactLines.write(catalogBytes: $0) { output += $0 } }
        return output
    }

    /// The order of the JSON never shows: every catalog at hand, with its entries, languages
    /// and forms shuffled (seeded) and written without sorting, prints the lines it prints as
    /// Xcode writes it; the fast path leaves the shuffled one to the general path.
    @Test(arguments: Array(UInt64(1)...6))
    func linesInXcodesOrderWhateverTheJSONs(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed &+ 7700)
        func shuffled(_ value: JSONValue) -> JSONValue {
            guard let object = value.materialized.object else { return value.materialized }
            return .object(JSONObject(object.members.map { JSONMember(key: $0.key, value: shuffled($0.value)) }.shuffled(using: &random)))
        }
        var files = try Self.catalogFiles.filter { !$0.path.contains("/malformed/") }
        if files.count > 40 { files = Array(files.shuffled(using: &random).prefix(40)) }
        var checked = 0
        for file in files {
            let bytes = try bytes(file)
            guard let catalog = try? Catalog(bytes: bytes, for: .anyObject), catalog.strings.count > 1 else { continue }
            let canonical = catalog.canonicalBytes()
            var writer = XcodeWriter(capacity: canonical.count, sortsKeys: false)
            writer.write(shuffled(.object(catalog.root)), indent: 0)
            let unsorted = writer.output
            let a = String(decoding: Self.lines(unsorted), as: UTF8.self).split(separator: "\n"), b = String(decoding: Self.lines(canonical), as: UTF8.self).split(separator: "\n")
            #expect(a == b, "\(file.lastPathComponent): \(zip(a, b).first { $0 != $1 }.map { "\($0.0) | \($0.1)" } ?? "length \(a.count) \(b.count)")")
            checked += 1
        }
        #expect(checked > 5)
    }

    /// True when the fast path wrote the lines itself.
    @discardableResult
    static func expectSame(_ bytes: [UInt8], _ name: String, sourceLocation: SourceLocation = #_sourceLocation) -> Bool {
        let (fast, general) = both(bytes)
        guard let fast else { return false }
        guard let general else {
            Issue.record("\(name): the fast path wrote lines for bytes the reader refuses", sourceLocation: sourceLocation)
            return true
        }
        if fast != general {
            let a = String(decoding: fast, as: UTF8.self).split(separator: "\n"), b = String(decoding: general, as: UTF8.self).split(separator: "\n")
            let first = zip(a, b).first { $0 != $1 }
            Issue.record("\(name): the fast path differs: \(first.map { "\($0.0) | \($0.1)" } ?? "in length")", sourceLocation: sourceLocation)
        }
        return true
    }

    static func expectSame(_ catalog: Catalog, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        expectSame(catalog.canonicalBytes(), name, sourceLocation: sourceLocation)
    }

    static var catalogFiles: [URL] {
        get throws {
            var files = try FileManager.default.subpathsOfDirectory(atPath: Paths.fixtures.path)
                .filter { $0.hasSuffix(".xcstrings") }.map { Paths.fixtures.appendingPathComponent($0) }
            files += Paths.corpusFiles("catalogs") + Paths.corpusFiles("malformed")
            return files
        }
    }

    @Test func fixturesAndCorpus() throws {
        var fast = 0, read = 0
        for file in try Self.catalogFiles {
            let bytes = try bytes(file)
            if Self.expectSame(bytes, file.lastPathComponent) { fast += 1 }
            if (try? Catalog.mergeBase(bytes: bytes, for: .anyObject)) != nil { read += 1 }
        }
        #expect(read > 50)
        // Nearly every catalog is written by the fast path.
        #expect(fast * 10 >= read * 9, "\(fast) of \(read)")
        // Every corpus catalog Xcode wrote, whole.
        for file in Paths.corpusFiles("catalogs") where !file.lastPathComponent.contains("NOT-Xcode") {
            #expect(try Self.both(bytes(file)).fast != nil, "\(file.lastPathComponent)")
        }
    }

    @Test(arguments: Array(UInt64(1)...8))
    func seededCatalogs(seed: UInt64) throws {
        var generator = CatalogGenerator(seed: seed &+ 9100)
        let bytes = generator.catalog(keys: 120).canonicalBytes()
        #expect(Self.expectSame(bytes, "seed \(seed)"))
    }

    /// Damage of the kinds line merges, editors and attackers make (a byte dropped, doubled or
    /// replaced with one that matters to JSON or UTF-8, a line doubled or dropped, keys doubled
    /// in each object): wherever the reader refuses the bytes, the fast path gives up; wherever
    /// it writes, it writes the general path's lines.
    @Test(arguments: Array(UInt64(1)...6))
    func seededDamage(seed: UInt64) throws {
        var random = SeededGenerator(seed: seed &+ 7700)
        var generator = CatalogGenerator(seed: seed &+ 9300)
        var originals = [generator.catalog(keys: 40).canonicalBytes()]
        for file in try Self.catalogFiles where file.path.contains("Fixtures") { originals.append(try bytes(file)) }
        let telling: [UInt8] = [0x00, 0x09, 0x0A, 0x1B, 0x20, 0x22, 0x2C, 0x2D, 0x2E, 0x30, 0x3A, 0x5C, 0x5B, 0x5D, 0x65, 0x6E, 0x74,
            0x75, 0x7B, 0x7D, 0x7F, 0x80, 0x9B, 0xC0, 0xC2, 0xE2, 0xED, 0xF4, 0xF8, 0xFF]
        var tried = 0, refused = 0, fast = 0
        for round in 0..<250 {
            var bytes = originals[round % originals.count]
            guard bytes.count > 2 else { continue }
            for _ in 0...(Int.random(in: 0..<3, using: &random)) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<6, using: &random) {
                case 0: bytes.remove(at: at)
                case 1: bytes.insert(bytes[at], at: at)
                case 2: bytes[at] = telling.randomElement(using: &random)!
                case 3: bytes.insert(telling.randomElement(using: &random)!, at: at)
                default:
                    // A line doubled or dropped: keys written twice, commas missing.
                    let lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
                    var edited = Array(lines)
                    let line = Int.random(in: 0..<lines.count, using: &random)
                    if Bool.random(using: &random) { edited.insert(lines[line], at: line) } else { edited.remove(at: line) }
                    bytes = Array(edited.joined(separator: [0x0A]))
                }
                if bytes.isEmpty { break }
            }
            let (fastLines, general) = Self.both(bytes)
            tried += 1
            if general == nil { refused += 1 }
            if fastLines != nil { fast += 1 }
            if let fastLines {
                #expect(general != nil, "round \(round): lines for bytes the reader refuses")
                #expect(fastLines == general, "round \(round): the fast path differs")
            }
        }
        // The damage is real, and the fast path still writes what is left valid.
        #expect(refused * 4 >= tried, "\(refused) of \(tried) refused")
        #expect(fast > 0)
    }

    /// textconv's string scanner ends a string where the shared one (`JSONStringEnd`) does, and
    /// notes escapes alike, or gives up: at `\u` and `\/`, which it does not copy as they are.
    @Test(arguments: Array(UInt64(1)...20))
    func theScannerEndsStringsWhereTheSharedOneDoes(seed: UInt64) throws {
        var generator = SeededGenerator(seed: seed)
        for _ in 0..<50 {
            let content = JSONStringSamples.content(&generator)
            let bytes = Array(("\"" + content + "\" : \"after\\\"\"\n").utf8)
            try bytes.withUnsafeBufferPointer { buffer in
                let shared = try #require(JSONStringEnd.find(in: buffer, quote: 0, end: buffer.count))
                let writer = FastFactLines(bytes: buffer.baseAddress!, count: buffer.count)
                let text = writer.string(at: 0)
                if content.contains("\\u") || content.contains("\\/") {
                    #expect(text == nil, "\(content)")
                } else {
                    #expect(text?.end == shared.end, "\(content)")
                    #expect(text?.escaped == shared.escaped, "\(content)")
                }
            }
        }
    }

    /// One pair of neighbouring entries out of order, or one key written twice, wherever it is
    /// (so also across the cut between two threads' halves): the fast path gives up, however
    /// it is cut.
    @Test func aFaultBetweenTwoEntriesAnywhere() throws {
        var generator = CatalogGenerator(seed: 77)
        let catalog = try Catalog(bytes: generator.catalog(keys: 12).canonicalBytes())
        let members = catalog.strings.members
        for position in 0..<(members.count - 1) {
            for fault in ["swapped", "doubled"] {
                var reordered = members
                if fault == "swapped" {
                    reordered.swapAt(position, position + 1)
                } else {
                    reordered[position + 1].key = reordered[position].key
                }
                var faulty = catalog
                faulty.strings = JSONObject(reordered)
                var writer = XcodeWriter(sortsKeys: false)
                writer.write(.object(faulty.root), indent: 0)
                for splitAbove in [0, 1, 300] {
                    var lines: [UInt8] = []
                    let wrote = writer.output.withUnsafeBufferPointer { FastFactLines.write($0, splitAbove: splitAbove) { lines += $0 } }
                    #expect(!wrote, "\(fault) at \(position), split above \(splitAbove)")
                }
            }
        }
    }

    /// Keys written twice, in every object the fast path reads, sorted or not: the reader
    /// refuses each, so the fast path must give up.
    @Test func keysWrittenTwice() throws {
        let unit = #"{"stringUnit" : {"state" : "translated", "value" : "v"}}"#
        let documents = [
            #"{"sourceLanguage" : "en", "version" : "1.0", "strings" : {}, "version" : "1.0"}"#,
            #"{"sourceLanguage" : "en", "strings" : {"b" : {}, "a" : {}, "b" : {}}}"#,
            #"{"strings" : {"k" : {"localizations" : {"zh-Hans" : \#(unit), "zh-HK" : \#(unit), "zh-Hans" : \#(unit)}}}}"#,
            #"{"strings" : {"k" : {"localizations" : {"de" : {"stringUnit" : {"value" : "v", "state" : "new", "value" : "w"}}}}}}"#,
            #"{"strings" : {"k" : {"comment" : "a", "comment" : "b"}}}"#,
            #"{"strings" : {"k" : {"localizations" : {"de" : {"variations" : {"plural" : {"one" : \#(unit), "other" : \#(unit), "one" : \#(unit)}}}}}}}"#,
            #"{"strings" : {"k" : {"localizations" : {"de" : {"substitutions" : {"n" : {"argNum" : 1, "argNum" : 2}}}}}}}"#,
        ]
        for document in documents {
            let (fast, general) = Self.both(Array(document.utf8))
            #expect(general == nil && fast == nil, "\(document)")
        }
        // Seventy locales out of order: past the fast path's bound for comparing keys, the
        // entry is decoded alone (where a key written twice would be found in linear time).
        let locales = (0..<70).reversed().map { "\"l\($0)\" : \(unit)" }.joined(separator: ", ")
        let many = Array(#"{"strings" : {"k" : {"localizations" : {\#(locales)}}}}"#.utf8)
        let (fast, general) = Self.both(many)
        #expect(fast != nil && fast == general)
    }

    /// An entry nested as deep as the reader allows, and one level deeper: the entry the fast
    /// path leaves to decoding is read with the same limit as the whole catalog.
    @Test(arguments: [JSONReader.defaultMaximumDepth - 1, JSONReader.defaultMaximumDepth])
    func deepEntry(depth: Int) throws {
        // The top level and `strings` are two levels; the entry and the field holding arrays the rest.
        let arrays = depth - 3
        let value = String(repeating: "[", count: arrays) + String(repeating: "]", count: arrays)
        let document = Array(#"{"sourceLanguage" : "en", "strings" : {"k" : {"x" : \#(value)}}}"#.utf8)
        let (fast, general) = Self.both(document)
        #expect(fast == general)
        #expect((general != nil) == (depth <= JSONReader.defaultMaximumDepth))
    }

    @Test(arguments: [nil] + CatalogSchema.Node.allCases.map(Optional.some))
    func everyMemberOfTheSchema(unknownAt node: CatalogSchema.Node?) throws {
        for phrases in [false, true] {
            Self.expectSame(try SchemaSamples.everyMember(unknownAt: node, phrases: phrases), "\(String(describing: node)) \(phrases)")
        }
    }

    /// Escapes, hidden characters, odd values and layouts other than Xcode's.
    @Test func hostileAndOddEntries() throws {
        let entries = [
            #""A\"B\\C\nD\tE\rF" : {"localizations" : {"de" : {"stringUnit" : {"state" : "translated", "value" : "x\"y\\z\n"}}}}"#,
            #""\u00e9" : {"localizations" : {"de" : {"stringUnit" : {"value" : "\u001b[31m \/ \b"}}}}"#,
            "\"bidi\u{202E}\" : {\"comment\" : \"c\u{0085}\u{7F}\", \"localizations\" : {\"de\" : {\"stringUnit\" : {\"state\" : \"new\", \"value\" : \"\u{2066}x\u{2069}\"}}}}",
            #""empty" : {}"#,
            #""noLoc" : {"localizations" : {}}"#,
            #""emptyLoc" : {"localizations" : {"de" : {}}}"#,
            #""num" : {"shouldTranslate" : false, "x" : null, "y" : 1.5e3, "z" : [1, 2], "w" : {"a" : 1}}"#,
            #""notObject" : "text""#,
            #""extraUnit" : {"localizations" : {"de" : {"stringUnit" : {"state" : "translated", "value" : "v", "note" : "n"}}}}"#,
            #""noValue" : {"localizations" : {"de" : {"stringUnit" : {"state" : "translated"}}}}"#,
            #""stateNumber" : {"localizations" : {"de" : {"stringUnit" : {"state" : 1, "value" : "v"}}}}"#,
            #""var" : {"localizations" : {"de" : {"variations" : {"plural" : "none", "device" : {"mac" : {"stringUnit" : {"value" : "m"}}}}}}}"#,
            #""sub" : {"localizations" : {"de" : {"substitutions" : {"n" : {"argNum" : 1, "formatSpecifier" : "lld", "variations" : {"plural" : {"one" : {"stringUnit" : {"state" : "translated", "value" : "%arg"}}}}}, "bad" : 3}}}}"#,
            #""loc\"quote" : {"localizations" : {"d\"e" : {"stringUnit" : {"value" : "v"}}}}"#,
            #""set" : {"localizations" : {"de" : {"stringSet" : {"state" : "translated", "values" : ["a", "b"]}}}}"#,
        ]
        for layout in [0, 1] {
            // Out of Xcode's order (these entries are), the lines are the general path's, which
            // sorts them; so is a key spelled with `\u` (two spellings of one key would escape
            // the check for keys written twice).
            for withUnicodeEscape in [true, false] {
                let chosen = withUnicodeEscape ? entries : entries.filter { !$0.hasPrefix(#""\u"#) }
                let joined = chosen.joined(separator: layout == 0 ? ", " : ",\n   ")
                let text = "{\"sourceLanguage\" : \"en\", \"strings\" : {\(joined)}, \"version\" : \"1.0\"}"
                #expect(!Self.expectSame(Array(text.utf8), "layout \(layout)"))
                // As Xcode writes it, the fast path writes it, some entries through their facts,
                // and the lines are the same as the unsorted version's.
                let canonical = try Catalog(bytes: Array(text.utf8), for: .anyObject).canonicalBytes()
                #expect(Self.expectSame(canonical, "canonical"))
                #expect(Self.lines(Array(text.utf8)) == Self.lines(canonical))
            }
        }
    }
}
