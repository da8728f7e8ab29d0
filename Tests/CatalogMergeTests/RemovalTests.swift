import Testing
import CatalogMerge
import StringCatalog
import XcstringsMergeTestSupport

/// What one side removed while the other left it as the base had it goes without a conflict
/// (R0), and the report names it: keys, whole localizations, variation cases.
@Suite struct RemovalTests {
    static func unit(_ text: String) -> JSONValue { ["stringUnit": ["state": "translated", "value": .string(UTF8Bytes(text))]] }

    static func catalog(_ entries: [(String, JSONValue)]) -> Catalog {
        var catalog = Catalog.empty()
        catalog.strings = JSONObject(entries.map { JSONMember(key: UTF8Bytes($0.0), value: $0.1) })
        return catalog
    }

    /// 30 keys in German and French, one with a plural; theirs removes French from each and
    /// deletes four keys and a plural case; ours changes German elsewhere.
    static func sides() -> (base: Catalog, ours: Catalog, theirs: Catalog) {
        let keys = (0..<30).map { "key.\($0)" }
        func entry(_ key: String, de: String, french: Bool) -> JSONValue {
            var locales: [JSONMember] = [JSONMember(key: "de", value: unit(de))]
            if french { locales.append(JSONMember(key: "fr", value: unit(key + " fr"))) }
            return ["localizations": .object(JSONObject(locales))]
        }
        let plural: (Bool) -> JSONValue = { withOne in
            var cases: [JSONMember] = [JSONMember(key: "other", value: unit("%lld Dateien"))]
            if withOne { cases.insert(JSONMember(key: "one", value: unit("eine Datei")), at: 0) }
            return ["localizations": ["de": ["variations": ["plural": .object(JSONObject(cases))]]]]
        }
        let gone = (0..<4).map { "gone.\($0)" }
        let base = catalog(keys.map { ($0, entry($0, de: $0 + " de", french: true)) } + gone.map { ($0, entry($0, de: "x", french: false)) } + [("files", plural(true))])
        let ours = catalog(keys.map { ($0, entry($0, de: $0 == "key.0" ? "neu" : $0 + " de", french: true)) } + gone.map { ($0, entry($0, de: "x", french: false)) } + [("files", plural(true))])
        let theirs = catalog(keys.map { ($0, entry($0, de: $0 + " de", french: false)) } + [("files", plural(false))])
        return (base, ours, theirs)
    }

    @Test func eachSidesRemovalsAreNamedGroupedOneLineEach() throws {
        let (base, ours, theirs) = Self.sides()
        let (merged, report) = ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(report.conflicts.isEmpty)
        #expect(merged.strings.count == 31)
        #expect(report.removals.filter { $0.scope == .locale }.count == 30)
        #expect(report.removals.filter { $0.scope == .key }.count == 4)
        #expect(report.removals.allSatisfy { $0.side == .theirs })
        let lines = MergeReport.removalLines(report.removals, labels: MergeLabels(theirs: "feature"))
        #expect(lines == [
            "theirs (feature) removed 4 strings: \"gone.0\", \"gone.1\", \"gone.2\" and 1 more",
            "theirs (feature) removed fr from 30 strings: \"key.0\", \"key.1\", \"key.2\" and 27 more",
            "theirs (feature) removed 1 form (plural, device or substitution cases) from 1 string: \"files\"",
        ], "\(lines)")
        // The removed values are in the report, recoverable.
        let french = try #require(report.removals.first { $0.location.key == "key.3" && $0.scope == .locale })
        #expect(french.value == Self.unit("key.3 fr"))
        let json = String(decoding: report.json(path: "L.xcstrings", labels: MergeLabels()), as: UTF8.self)
        #expect(json.contains("\"scope\" : \"locale\""))
        #expect(json.contains("\"removed\" : 35"))
    }

    /// Swapped (a rebase), the same removals are ours'.
    @Test func swappedSidesNameTheOtherSide() {
        let (base, ours, theirs) = Self.sides()
        let report = ThreeWayMerge.merge(base: base, ours: theirs, theirs: ours).report
        #expect(report.removals.count == 35)
        #expect(report.removals.allSatisfy { $0.side == .ours })
    }

    /// What both sides removed, and what one side removed where the other changed it (a
    /// conflict), are not removals of one side.
    @Test func agreedRemovalsAndConflictsAreNotListed() {
        let (base, _, theirs) = Self.sides()
        #expect(ThreeWayMerge.merge(base: base, ours: theirs, theirs: theirs).report.removals.isEmpty)
        var changed = base
        var strings = changed.strings
        strings[key: "gone.0"] = ["localizations": ["de": Self.unit("geändert")]]
        changed.strings = strings
        let report = ThreeWayMerge.merge(base: base, ours: changed, theirs: theirs).report
        #expect(report.conflicts.map(\.location.key) == ["gone.0"])
        #expect(!report.removals.contains { $0.location.key == "gone.0" })
    }

    /// A key a side renamed, its entry unchanged, while the other side left it alone (R10 has
    /// nothing to follow): a rename, not a removal.
    @Test func aRenameTheOtherSideDidNotTouchIsNoRemoval() {
        let (base, _, _) = Self.sides()
        var renamed = base
        var strings = renamed.strings
        let entry = strings[key: "gone.1"]
        strings[key: "gone.1"] = nil
        strings[key: "renamed.1"] = entry
        strings[key: "gone.2"] = nil
        renamed.strings = strings
        let report = ThreeWayMerge.merge(base: base, ours: renamed, theirs: base).report
        #expect(report.removals.map { $0.location.key?.string } == ["gone.2"], "\(report.removals.map(\.location.description))")
    }

    /// Over seeded random edits: every key and localization the base has, the output lacks and
    /// one side still has is named as the other side's removal.
    @Test(arguments: MergePropertyTests.seeds)
    func everyRemovalOfOneSideIsNamed(seed: UInt64) {
        let (built, oursEdits, theirsEdits) = MergePropertyTests.disjointEdits(seed: seed)
        // Read back from Xcode's bytes, as a merge reads files: entries stay raw, and the walk
        // may tell from their lines that nothing went.
        let reread = { (catalog: Catalog) in (try? Catalog(bytes: catalog.canonicalBytes())) ?? catalog }
        let base = reread(built)
        let ours = reread(MergePropertyTests.applying(oursEdits, to: built))
        let theirs = reread(MergePropertyTests.applying(theirsEdits, to: built))
        let (merged, report) = ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs)
        func places(_ catalog: Catalog) -> Set<[UTF8Bytes]> {
            var found = Set<[UTF8Bytes]>()
            for entry in catalog.strings.members {
                found.insert([entry.key])
                for locale in entry.value.object?[CatalogSchema.Name.localizations]?.object?.keys ?? [] { found.insert([entry.key, locale]) }
            }
            return found
        }
        let named = Set(report.removals.map { [$0.location.key!] + ($0.location.locale.map { [$0] } ?? []) })
        let kept = places(ours).union(places(theirs))
        let gone = places(base).subtracting(places(merged)).intersection(kept)
        // A key removed whole is named once, not each of its localizations.
        let missing = gone.filter { place in !named.contains(place) && !named.contains([place[0]]) }
        #expect(missing.isEmpty, "\(missing.map { $0.map(\.string) })")
        #expect(!report.removals.isEmpty || gone.isEmpty)
    }
}
