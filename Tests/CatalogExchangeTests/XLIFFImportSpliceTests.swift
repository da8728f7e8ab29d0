import Testing
import CatalogExchange
import CatalogMerge
import MergePipeline
import StringCatalog
import XcstringsMergeTestSupport

/// A unit judged from the entries' bytes and spliced into ours (`judgeSpliced`) gives what the
/// rules and the merge give without the shortcut: the translator's side, the counts and lines,
/// and the merged catalog with its report.
@Suite struct XLIFFImportSpliceTests {
    static let seeds: [UInt64] = Array(1...30)

    /// The base as an export records it (cut to the source language and `de`), ours edited
    /// anywhere since (as read from Xcode's bytes), and the export translated in places.
    static func sides(seed: UInt64) throws -> (base: Catalog, ours: Catalog, file: XLIFFFile) {
        var generator = CatalogGenerator(seed: seed)
        let whole = try Catalog(bytes: generator.catalog(keys: 60).canonicalBytes())
        let base = try Catalog(bytes: ExportBase(exporting: whole, blobID: String(repeating: "0", count: 40), locale: "de").catalogBytes)
        var ours = whole.strings
        for key in whole.strings.keys {
            guard var entry = ours[key: key]?.object else { continue }
            switch Int.random(in: 0..<10, using: &generator.random) {
            case 0: ours[key: key] = nil
            case 1: generator.editEntryFields(&entry)
            case 2: generator.editLocale(&entry, locale: "de")
            case 3: generator.editLocale(&entry, locale: "en")
            case 4, 5: generator.editLocale(&entry, locale: ["fr", "ja", "zh-Hans"].randomElement(using: &generator.random)!)
            default: break
            }
            if ours[key: key] != nil { ours[key: key] = .object(entry) }
        }
        var oursCatalog = whole
        oursCatalog.strings = ours
        // Now and then the catalog's source language changed since the export.
        if seed % 10 == 0 {
            var root = oursCatalog.root
            root[key: "sourceLanguage"] = .string("fr")
            oursCatalog = try Catalog(bytes: XcodeWriter.bytes(of: .object(root)))
        }
        oursCatalog = try Catalog(bytes: oursCatalog.canonicalBytes())
        var units = XLIFFExport.units(of: base, locale: "de").units
        for index in units.indices {
            switch Int.random(in: 0..<6, using: &generator.random) {
            case 0: break
            case 1: units[index].state = "needs-review-l10n"
            case 2: units[index].source += " (older)"; units[index].target = "Ü \(index)"; units[index].state = "translated"
            default: units[index].target = "Ü \(index) " + (units[index].target ?? ""); units[index].state = "translated"
            }
        }
        return (base, oursCatalog, XLIFFFile(original: "c.xcstrings", sourceLanguage: "en", targetLanguage: "de", units: units))
    }

    static func lines(_ outcome: XLIFFImport.Outcome) -> [String] {
        ["taken \(outcome.taken)", "unchanged \(outcome.unchanged)", "changed \(outcome.changedKeys.map(\.string))", "review \(outcome.sourceChanged)"]
            + outcome.skipped.map { "skipped \($0.id) \($0.reason)" }
    }

    static func report(_ merged: MergedCatalog) -> [String] {
        let report = merged.report
        return ["merged \(report.keysMerged)"] + report.conflicts.map { "conflict \($0.id) \($0.location) \($0.kept)" }
            + report.autoResolved.map { "auto \($0.location) \($0.rule) \($0.chosen)" }
            + report.removals.map { "removal \($0.side) \($0.location)" }
            + report.warnings.map { "warning \($0.rule) \($0.key)" }
    }

    @Test(arguments: seeds)
    func splicingChangesNothing(seed: UInt64) throws {
        let (base, ours, file) = try Self.sides(seed: seed)
        Self.expectSplicingChangesNothing(base: base, ours: ours, file: file, "seed \(seed)")
    }

    /// Expects the import with its shortcuts to give what the rules and the merge give without
    /// them; gives the outcome with them.
    @discardableResult
    static func expectSplicingChangesNothing(
        base: Catalog, ours: Catalog, file: XLIFFFile, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation
    ) -> XLIFFImport.Outcome {
        let spliced = XLIFFImport.theirs(file, base: base, current: ours)
        let judged = XLIFFImport.theirs(file, base: base, current: ours, splicing: false)
        #expect(judged.spliced.isEmpty, comment, sourceLocation: sourceLocation)
        #expect(lines(spliced) == lines(judged), comment, sourceLocation: sourceLocation)
        #expect(String(decoding: spliced.catalog.canonicalBytes(), as: UTF8.self) == String(decoding: judged.catalog.canonicalBytes(), as: UTF8.self),
                comment, sourceLocation: sourceLocation)
        var presettled = [LocaleMerge.Settled?](repeating: nil, count: spliced.spliced.isEmpty ? 0 : ours.strings.count)
        for splice in spliced.spliced {
            presettled[splice.position] = LocaleMerge.Settled(entry: splice.entry, baseLocalization: nil, takenLocalization: nil)
        }
        let locale = UTF8Bytes(file.targetLanguage)
        let mergedSpliced = LocaleMerge.merge(base: base, ours: ours, theirs: spliced.catalog, keys: spliced.changedKeys, locale: locale, presettled: presettled)
        let mergedJudged = LocaleMerge.merge(base: base, ours: ours, theirs: judged.catalog, keys: judged.changedKeys, locale: locale)
        #expect(String(decoding: mergedSpliced.catalog.canonicalBytes(), as: UTF8.self) == String(decoding: mergedJudged.catalog.canonicalBytes(), as: UTF8.self),
                comment, sourceLocation: sourceLocation)
        #expect(report(mergedSpliced) == report(mergedJudged), comment, sourceLocation: sourceLocation)
        return spliced
    }

    /// A catalog read by copying (each entry its own bytes, as from a mapping let go of) is
    /// spliced through each entry's own bytes, to the same translator's side and judgements as
    /// one read whole (whose entries the judging reads through the file's one array).
    @Test(arguments: [UInt64(3), 7, 12])
    func entriesInTheirOwnBytesSpliceAlike(seed: UInt64) throws {
        let (base, ours, file) = try Self.sides(seed: seed)
        let oursBytes = ours.canonicalBytes()
        let copied = try oursBytes.withUnsafeBufferPointer { buffer throws(JSONError) in try Catalog(copyingFrom: buffer) }
        let whole = XLIFFImport.theirs(file, base: base, current: ours)
        let apart = XLIFFImport.theirs(file, base: base, current: copied)
        #expect(apart.spliced.count == whole.spliced.count && !whole.spliced.isEmpty)
        #expect(Self.lines(apart) == Self.lines(whole), "seed \(seed)")
        #expect(apart.catalog.canonicalBytes() == whole.catalog.canonicalBytes(), "seed \(seed)")
        for (a, b) in zip(apart.spliced, whole.spliced) {
            #expect(a.position == b.position && XcodeWriter.bytes(of: a.entry) == XcodeWriter.bytes(of: b.entry))
        }
    }

    /// The seeds reach both shortcuts (a plain unit's, a key's forms set together), and also
    /// leave keys to the rules and the merge (keys ours changed).
    @Test func theSeedsSpliceSomeKeysAndNotOthers() throws {
        var plain = 0, forms = 0, merged = 0
        for seed in Self.seeds {
            let (base, ours, file) = try Self.sides(seed: seed)
            let outcome = XLIFFImport.theirs(file, base: base, current: ours)
            let formKeys = Set(file.units.compactMap { unit in unit.id.range(of: "|==|").map { String(unit.id[..<$0.lowerBound]) } })
            for splice in outcome.spliced {
                if formKeys.contains(ours.strings.members[splice.position].key.string) { forms += 1 } else { plain += 1 }
            }
            merged += outcome.changedKeys.count - outcome.spliced.count
        }
        #expect(plain > 200 && forms > 100 && merged > 200, "plain \(plain), forms \(forms), merged \(merged)")
    }

    /// Rules 3 and 4 read a plain string unit from its bytes, and compare as Swift compares
    /// strings: a target or source equal but for its Unicode normalization is equal; a value
    /// with an escape is read with it decoded. Both ways agree, with what the rules say.
    @Test func plainUnitsCompareAsStringsDo() throws {
        func entry(_ key: String, _ en: String, _ de: String) -> String {
            "    \"\(key)\" : {\n      \"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"\(de)\"\n          }\n        },\n        \"en\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"\(en)\"\n          }\n        }\n      }\n    }"
        }
        let text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n"
            + [entry("k1", "caf\u{E9}", "Kaffee \u{E9}"), entry("k2", "line\\nbreak", "Zeile\\nUmbruch"), entry("k3", "quote \\\"x\\\"", "Zitat"),
               entry("k4", "plain", "schlicht"), entry("k5", "tab\\tx", "Tab\\tx"), Self.withSubstitution, Self.sourceVaried("k7"),
               Self.sourceVaried("k8")].joined(separator: ",\n")
            + "\n  },\n  \"version\" : \"1.0\"\n}"
        // In Xcode's layout, where the bytes are read.
        let catalog = try Catalog(bytes: Catalog(bytes: Array(text.utf8)).canonicalBytes())
        #expect(Array(catalog.canonicalBytes().prefix(1500)) == Array(text.utf8.prefix(1500)))
        let base = try Catalog(bytes: ExportBase(exporting: catalog, blobID: String(repeating: "0", count: 40), locale: "de").catalogBytes)
        let units = [
            // Decomposed: equal as strings, not as bytes.
            XLIFFUnit(id: "k1", source: "cafe\u{301}", target: "Kaffee e\u{301}", state: "translated"),
            XLIFFUnit(id: "k2", source: "line\nbreak", target: "Zeile\nUmbruch neu", state: "translated"),
            XLIFFUnit(id: "k3", source: "quote \"x\" changed", target: "Neu", state: "translated"),
            XLIFFUnit(id: "k4", source: "plain", target: "schlicht", state: "translated"),
            // Escaped in the catalog, equal once decoded.
            XLIFFUnit(id: "k5", source: "tab\tx", target: "Tab\tx", state: "translated"),
            // The source's localization has substitutions beside its string unit.
            XLIFFUnit(id: "k6", source: "%#@count@ files", target: "%#@count@ Dateien neu", state: "translated"),
            // The source varies (by device, then plural) where the translation does not: its
            // text is the `other` case's, down to a string unit.
            XLIFFUnit(id: "k7", source: "%lld files", target: "%lld Dateien neu", state: "translated"),
            XLIFFUnit(id: "k8", source: "%lld older files", target: "%lld Dateien neu", state: "translated"),
        ]
        let file = XLIFFFile(original: "c.xcstrings", sourceLanguage: "en", targetLanguage: "de", units: units)
        let spliced = Self.expectSplicingChangesNothing(base: base, ours: catalog, file: file)
        #expect(spliced.unchanged == 3 && spliced.taken == 5 && spliced.sourceChanged == ["k3", "k8"], "\(Self.lines(spliced))")
        #expect(spliced.changedKeys.map(\.string) == ["k2", "k3", "k6", "k7", "k8"])
    }

    /// Units of plural and device forms are judged and set in the entries' bytes (`judgeForm`,
    /// `settingInBytes`) where the forms are there, and give what the rules give as trees: the
    /// source text found where `sourceText` finds it (the case named, else `other`, else the
    /// node that does not vary), a form the base lacks, a form sent twice, nested forms.
    @Test func formUnitsAgreeWithTheTree() throws {
        func unit(_ state: String, _ value: String) -> String { #"{"stringUnit":{"state":"\#(state)","value":"\#(value)"}}"# }
        func plural(_ cases: [(String, String)]) -> String {
            #"{"variations":{"plural":{"# + cases.map { #""\#($0.0)":\#(unit("translated", $0.1))"# }.joined(separator: ",") + "}}}"
        }
        let strings: [(String, String, String)] = [
            ("p1", plural([("one", "ein Ding"), ("other", "viele Dinge")]), plural([("one", "one thing"), ("other", "many things")])),
            // The source lacks `few`: its text is `other`'s.
            ("p2", plural([("few", "wenige"), ("one", "eins"), ("other", "viele")]), plural([("one", "one"), ("other", "many")])),
            // The source does not vary: its text is its string unit's.
            ("p3", plural([("one", "eins"), ("other", "viele")]), unit("translated", "a count")),
            ("p4", plural([("one", "eins"), ("other", "viele")]), plural([("few", "few"), ("one", "one"), ("other", "many")])),
            ("p5", plural([("one", "eins"), ("other", "viele")]), plural([("one", "one now"), ("other", "many")])),
            ("d1", #"{"variations":{"device":{"iphone":"# + plural([("one", "ein iPhone"), ("other", "iPhones")]) + #","mac":"# + unit("new", "Mac") + "}}}",
             #"{"variations":{"device":{"iphone":"# + plural([("one", "an iPhone"), ("other", "iPhones")]) + #","mac":"# + unit("translated", "Mac") + "}}}"),
        ]
        let text = #"{"sourceLanguage":"en","strings":{"# + strings.map { #""\#($0.0)":{"localizations":{"de":\#($0.1),"en":\#($0.2)}}"# }.joined(separator: ",")
            + #"},"version":"1.0"}"#
        let catalog = try Catalog(bytes: Catalog(bytes: Array(text.utf8)).canonicalBytes())
        let base = try Catalog(bytes: ExportBase(exporting: catalog, blobID: String(repeating: "0", count: 40), locale: "de").catalogBytes)
        let units = [
            XLIFFUnit(id: "p1|==|plural.one", source: "one thing", target: "ein Ding neu", state: "translated"),
            XLIFFUnit(id: "p1|==|plural.other", source: "many things", target: "viele Dinge", state: "translated"),
            XLIFFUnit(id: "p2|==|plural.few", source: "many", target: "wenige neu", state: "translated"),
            XLIFFUnit(id: "p3|==|plural.one", source: "a count", target: "eins neu", state: "translated"),
            XLIFFUnit(id: "p3|==|plural.other", source: "a count", target: "viele", state: "needs-review-l10n"),
            // Not in the base's localization: set as a tree.
            XLIFFUnit(id: "p4|==|plural.few", source: "few", target: "wenige", state: "translated"),
            XLIFFUnit(id: "p4|==|plural.one", source: "one", target: "eins neu", state: "translated"),
            // The source text changed since the export.
            XLIFFUnit(id: "p5|==|plural.one", source: "one", target: "eins neu", state: "translated"),
            // Sent twice: the last is taken.
            XLIFFUnit(id: "p5|==|plural.other", source: "many", target: "viele 1", state: "translated"),
            XLIFFUnit(id: "p5|==|plural.other", source: "many", target: "viele 2", state: "translated"),
            XLIFFUnit(id: "d1|==|device.iphone.plural.one", source: "an iPhone", target: "ein iPhone neu", state: "translated"),
            XLIFFUnit(id: "d1|==|device.mac", source: "Mac", target: "Mac", state: "translated"),
        ]
        let file = XLIFFFile(original: "c.xcstrings", sourceLanguage: "en", targetLanguage: "de", units: units)
        let spliced = Self.expectSplicingChangesNothing(base: base, ours: catalog, file: file)
        #expect(spliced.unchanged == 1 && spliced.sourceChanged == ["p5|==|plural.one"], "\(Self.lines(spliced))")
        #expect(spliced.spliced.count == 6, "every key's entry spliced, \(spliced.spliced.count)")
    }

    /// An entry whose source localization varies by device, then by plural, and whose
    /// translation is one string (compact: the catalog is written in Xcode's layout).
    static func sourceVaried(_ key: String) -> String {
        func unit(_ value: String) -> String { #"{"stringUnit":{"state":"translated","value":"\#(value)"}}"# }
        func plural(_ one: String, _ other: String) -> String { #"{"variations":{"plural":{"one":\#(unit(one)),"other":\#(unit(other))}}}"# }
        return #""\#(key)":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"%lld Dateien"}},"en":{"variations":{"device":{"iphone":"#
            + plural("%lld file on the phone", "%lld files on the phone") + #","other":"# + plural("%lld file", "%lld files") + "}}}}}"
    }

    /// An entry whose source localization holds substitutions beside its string unit.
    static let withSubstitution = """
            "k6" : {
              "localizations" : {
                "de" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "%#@count@ Dateien"
                  }
                },
                "en" : {
                  "stringUnit" : {
                    "state" : "translated",
                    "value" : "%#@count@ files"
                  },
                  "substitutions" : {
                    "count" : {
                      "argNum" : 1,
                      "formatSpecifier" : "lld",
                      "variations" : {
                        "plural" : {
                          "one" : {
                            "stringUnit" : {
                              "state" : "translated",
                              "value" : "%arg file"
                            }
                          },
                          "other" : {
                            "stringUnit" : {
                              "state" : "translated",
                              "value" : "%arg files"
                            }
                          }
                        }
                      }
                    }
                  }
                }
              }
            }
        """
}
