import Testing
import CatalogMerge
@testable import MergePipeline
import StringCatalog
import XcstringsMergeTestSupport

/// The merge of an import (theirs changed one language of some keys) gives what the whole
/// merge gives.
@Suite struct LocaleMergeTests {
    static let seeds: [UInt64] = Array(1...40)

    /// Base; ours with edits anywhere (every language, entry fields, keys deleted or added);
    /// theirs with edits of `de` only, on keys ours kept (an import skips the others).
    static func sides(seed: UInt64) -> (base: Catalog, ours: Catalog, theirs: Catalog, changed: [UTF8Bytes]) {
        var generator = CatalogGenerator(seed: seed)
        let base = generator.catalog(keys: 50)
        var ours = base.strings
        var theirs = base.strings
        var changed: [UTF8Bytes] = []
        for key in base.strings.keys {
            var deleted = false
            switch Int.random(in: 0..<6, using: &generator.random) {
            case 0:
                ours[key: key] = nil
                deleted = true
            case 1, 2:
                var entry = ours[key: key]?.object ?? JSONObject()
                if Bool.random(using: &generator.random) { generator.editEntryFields(&entry) }
                generator.editLocale(&entry, locale: generator.locales.randomElement(using: &generator.random)!)
                ours[key: key] = .object(entry)
            default:
                break
            }
            if !deleted, Int.random(in: 0..<2, using: &generator.random) == 0 {
                var entry = theirs[key: key]?.object ?? JSONObject()
                generator.editLocale(&entry, locale: "de")
                theirs[key: key] = .object(entry)
                changed.append(key)
            }
        }
        ours[key: "ours.added"] = generator.entry()
        var oursCatalog = base
        oursCatalog.strings = ours
        var theirsCatalog = base
        theirsCatalog.strings = theirs
        return (base, oursCatalog, theirsCatalog, changed)
    }

    /// What the report decided: conflicts, automatic decisions and what theirs removed. (The
    /// whole merge also lists what ours removed: ours' own work, not the import's.)
    static func decisions(_ merged: MergedCatalog) -> [String] {
        let report = merged.report
        return report.conflicts.map { "conflict \($0.id) \($0.location) \($0.kept)" }
            + report.autoResolved.map { "auto \($0.location) \($0.rule) \($0.chosen)" }
            + report.removals.filter { $0.side == .theirs }.map { "removal \($0.location)" }
    }

    static func warnings(_ merged: MergedCatalog) -> [String] {
        merged.report.warnings.map { "\($0.rule) \($0.key) \(String(describing: $0.locale))" }
    }

    @Test(arguments: seeds)
    func sameAsTheWholeMerge(seed: UInt64) throws {
        let (base, ours, theirs, changed) = Self.sides(seed: seed)
        for prefer in [nil, Side.theirs] {
            let whole = FileMerge(options: MergeOptions(prefer: prefer)).merge(ReadCatalogs(base: base, ours: ours, theirs: theirs))
            // Merged whole, and in two halves (as a big import is).
            let part = LocaleMerge.merge(base: base, ours: ours, theirs: theirs, keys: changed, locale: UTF8Bytes("de"), options: MergeOptions(prefer: prefer))
            let split = LocaleMerge.merge(
                base: base, ours: ours, theirs: theirs, keys: changed, locale: UTF8Bytes("de"), options: MergeOptions(prefer: prefer), splitAbove: 4)
            #expect(split.catalog.canonicalBytes() == part.catalog.canonicalBytes(), "seed \(seed): split")
            #expect(Self.decisions(split) == Self.decisions(part), "seed \(seed): split")
            #expect(Self.warnings(split) == Self.warnings(part), "seed \(seed): split")
            let partText = String(decoding: part.catalog.canonicalBytes(), as: UTF8.self)
            let wholeText = String(decoding: whole.catalog.canonicalBytes(), as: UTF8.self)
            #expect(partText == wholeText, "seed \(seed), prefer \(prefer?.rawValue ?? "none")")
            #expect(Self.decisions(part) == Self.decisions(whole), "seed \(seed)")
            // The whole merge checks every entry both sides changed, wherever ours changed it;
            // the import's, the entries it combined in the two languages it merges.
            let wholeWarnings = Self.warnings(whole)
            #expect(Self.warnings(part).filter { !wholeWarnings.contains($0) } == [], "seed \(seed)")
        }
    }

    /// The three catalogs as read from the bytes Xcode writes: their entries stay bytes, and a
    /// key ours left as exported is settled from them (`settledFromBytes`), not by the merge.
    static func readFromBytes(_ catalog: Catalog) throws -> Catalog {
        try Catalog(bytes: catalog.canonicalBytes())
    }

    @Test(arguments: seeds)
    func sameAsTheWholeMergeFromBytes(seed: UInt64) throws {
        let (wholeBase, wholeOurs, wholeTheirs, changed) = Self.sides(seed: seed)
        let base = try Self.readFromBytes(wholeBase), ours = try Self.readFromBytes(wholeOurs), theirs = try Self.readFromBytes(wholeTheirs)
        let whole = FileMerge().merge(ReadCatalogs(base: base, ours: ours, theirs: theirs))
        let part = LocaleMerge.merge(base: base, ours: ours, theirs: theirs, keys: changed, locale: UTF8Bytes("de"))
        #expect(String(decoding: part.catalog.canonicalBytes(), as: UTF8.self) == String(decoding: whole.catalog.canonicalBytes(), as: UTF8.self), "seed \(seed)")
        #expect(Self.decisions(part) == Self.decisions(whole), "seed \(seed)")
        #expect(part.report.keysMerged == changed.filter { ours.strings[key: $0] != nil }.count, "seed \(seed)")
    }

    /// The bytes settle a key only where ours left both languages and every other member as
    /// the base had them, and theirs changed only `de`; anything else goes to the merge.
    @Test func theBytesSettleOnlyWhatOursLeftAlone() throws {
        func entry(_ de: String, en: String = "Open", fr: String = "Ouvrir", comment: String = "A button") -> JSONValue {
            let text = """
                {"comment": "\(comment)", "localizations": {"de": {"stringUnit": {"state": "translated", "value": "\(de)"}},
                 "en": {"stringUnit": {"state": "translated", "value": "\(en)"}}, "fr": {"stringUnit": {"state": "translated", "value": "\(fr)"}}}}
                """
            let catalog = try! Catalog(bytes: Array(#"{"sourceLanguage": "en", "strings": {"k": "# .utf8) + Array(text.utf8) + Array(#"}, "version": "1.0"}"#.utf8))
            let canonical = try! Catalog(bytes: catalog.canonicalBytes())
            return canonical.strings[key: "k"]!
        }
        func say(ours: JSONValue, base: JSONValue, theirs: JSONValue) -> String {
            switch LocaleMerge.settledFromBytes(ours: ours, base: base, theirs: theirs, source: "en", locale: "de") {
            case .settled(let settled): return "settled " + String(decoding: XcodeWriter.bytes(of: settled.entry), as: UTF8.self)
            case .merged: return "merged"
            case .undecided: return "undecided"
            }
        }
        let base = entry("Öffnen")
        // Ours changed only French: settled, with ours' French and theirs' German.
        #expect(say(ours: entry("Öffnen", fr: "Ouvrir!"), base: base, theirs: entry("Aufmachen")) == "settled " + String(decoding: XcodeWriter.bytes(of: entry("Aufmachen", fr: "Ouvrir!")), as: UTF8.self))
        // Ours changed German, the source text or the comment: the merge decides.
        #expect(say(ours: entry("Öffnen!"), base: base, theirs: entry("Aufmachen")) == "merged")
        #expect(say(ours: entry("Öffnen", en: "Open…"), base: base, theirs: entry("Aufmachen")) == "merged")
        #expect(say(ours: entry("Öffnen", comment: "The button"), base: base, theirs: entry("Aufmachen")) == "merged")
        // Theirs changed more than German: the merge decides.
        #expect(say(ours: base, base: base, theirs: entry("Aufmachen", fr: "Ouvrir!")) == "merged")
        // Decoded entries: the bytes cannot tell.
        #expect(say(ours: base.materialized, base: base, theirs: entry("Aufmachen")) == "undecided")
    }

    /// A plural case theirs removed from a key ours left alone is noted as the merge notes it.
    @Test func aCaseTheirsRemovedIsNoted() throws {
        func catalog(de: String, fr: String) throws -> Catalog {
            let text = """
                {"sourceLanguage": "en", "version": "1.0", "strings": {"a": {}, "k": {"localizations": {
                  "de": {"variations": {"plural": {\(de)}}},
                  "en": {"stringUnit": {"state": "translated", "value": "%lld files"}},
                  "fr": {"stringUnit": {"state": "translated", "value": "\(fr)"}}}}}}
                """
            return try Catalog(bytes: Catalog(bytes: Array(text.utf8)).canonicalBytes())
        }
        let one = #""one": {"stringUnit": {"state": "translated", "value": "%lld Datei"}}"#
        let other = #""other": {"stringUnit": {"state": "translated", "value": "%lld Dateien"}}"#
        let changedOther = #""other": {"stringUnit": {"state": "translated", "value": "%lld Dokumente"}}"#
        let base = try catalog(de: one + ", " + other, fr: "%lld fichiers")
        let ours = try catalog(de: one + ", " + other, fr: "%lld documents")
        let theirs = try catalog(de: changedOther, fr: "%lld fichiers")
        let whole = FileMerge().merge(ReadCatalogs(base: base, ours: ours, theirs: theirs))
        let part = LocaleMerge.merge(base: base, ours: ours, theirs: theirs, keys: ["k"], locale: UTF8Bytes("de"))
        #expect(part.catalog.canonicalBytes() == whole.catalog.canonicalBytes())
        #expect(Self.decisions(part) == Self.decisions(whole))
        #expect(Self.decisions(part).contains { $0.hasPrefix("removal") && $0.contains("one") })
    }

    /// A key ours deleted is left out, whatever theirs did to it (the import skips such units
    /// before: deleted since the export, not brought back).
    @Test func aKeyOursDeletedIsNotBroughtBack() throws {
        let (base, ours, theirs, _) = Self.sides(seed: 7)
        let deleted = try #require(base.strings.keys.first { ours.strings[key: $0] == nil })
        var edited = theirs
        edited.strings.modifyObject(deleted) { entry in entry[key: "comment"] = "changed by theirs" }
        let part = LocaleMerge.merge(base: base, ours: ours, theirs: edited, keys: [deleted], locale: UTF8Bytes("de"))
        #expect(part.catalog.strings[key: deleted] == nil)
        #expect(part.report.unresolvedConflicts.isEmpty)
    }

    @Test func nothingChangedIsOursUntouched() {
        let (base, ours, theirs, _) = Self.sides(seed: 3)
        let part = LocaleMerge.merge(base: base, ours: ours, theirs: theirs, keys: [], locale: UTF8Bytes("de"))
        #expect(part.catalog.canonicalBytes() == ours.canonicalBytes())
    }
}
