import Foundation
import Testing
@testable import CatalogDiff
import StringCatalog
import TestSupport

/// textconv's fast path (`FastFactLines`, straight from an entry's bytes) writes exactly the
/// lines of the general one (through the facts), on every catalog at hand: the diff fixtures,
/// the merge fixtures, seeded catalogs, the schema's every-member catalogs, hostile text and
/// the corpus.
@Suite struct FastFactLinesTests {
    static func both(_ catalog: Catalog) -> (fast: [UInt8], general: [UInt8]) {
        var fast: [UInt8] = [], general: [UInt8] = []
        FactLines.write(catalog, fast: true) { fast += $0 }
        FactLines.write(catalog, fast: false) { general += $0 }
        return (fast, general)
    }

    static func expectSame(_ catalog: Catalog, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let (fast, general) = both(catalog)
        if fast != general {
            let a = String(decoding: fast, as: UTF8.self).split(separator: "\n"), b = String(decoding: general, as: UTF8.self).split(separator: "\n")
            let first = zip(a, b).first { $0 != $1 }
            Issue.record("\(name): the fast path differs: \(first.map { "\($0.0) | \($0.1)" } ?? "in length")", sourceLocation: sourceLocation)
        }
    }

    @Test func fixturesAndCorpus() throws {
        var files = try FileManager.default.subpathsOfDirectory(atPath: Paths.fixtures.path)
            .filter { $0.hasSuffix(".xcstrings") }.map { Paths.fixtures.appendingPathComponent($0) }
        files += Paths.corpusFiles("catalogs")
        var read = 0
        for file in files {
            guard let catalog = try? Catalog(bytes: bytes(file), for: .anyObject) else { continue }
            Self.expectSame(catalog, file.lastPathComponent)
            read += 1
        }
        #expect(read > 50)
    }

    @Test(arguments: Array(UInt64(1)...8))
    func seededCatalogs(seed: UInt64) throws {
        var generator = CatalogGenerator(seed: seed &+ 9100)
        let catalog = try Catalog(bytes: generator.catalog(keys: 120).canonicalBytes())
        Self.expectSame(catalog, "seed \(seed)")
        // The fast path writes most entries itself.
        var fast = 0
        for member in catalog.strings.members {
            var scratch: [UInt8] = []
            if case .raw(let raw) = member.value, FastFactLines.append(key: member.key, raw: raw, to: &scratch) { fast += 1 }
        }
        #expect(fast * 10 >= catalog.strings.count * 9, "\(fast) of \(catalog.strings.count)")
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
            let joined = entries.joined(separator: layout == 0 ? ", " : ",\n   ")
            let text = "{\"sourceLanguage\" : \"en\", \"strings\" : {\(joined)}, \"version\" : \"1.0\"}"
            let catalog = try Catalog(bytes: Array(text.utf8), for: .anyObject)
            Self.expectSame(catalog, "layout \(layout)")
            // And as Xcode writes it.
            Self.expectSame(try Catalog(bytes: catalog.canonicalBytes(), for: .anyObject), "canonical")
        }
    }
}
