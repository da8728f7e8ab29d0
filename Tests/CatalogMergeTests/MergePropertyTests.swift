import Testing
import CatalogMerge
import MergeOracle
import StringCatalog
import XcstringsMergeTestSupport

/// Properties every merge must have, over seeded random catalogs.
@Suite struct MergePropertyTests {
    /// Edits to a catalog's `strings`, replayable on any copy.
    typealias Edit = (inout JSONObject) -> Void

    /// Base, and two edit lists that touch disjoint places: some keys belong to one side (which
    /// may delete them or change their comment), some are shared with locales split between the
    /// sides, and each side adds keys of its own.
    static func disjointEdits(seed: UInt64) -> (base: Catalog, ours: [Edit], theirs: [Edit]) {
        var generator = CatalogGenerator(seed: seed)
        let base = generator.catalog(keys: 60)
        var ours: [Edit] = []
        var theirs: [Edit] = []
        for (index, key) in base.strings.keys.enumerated() {
            let owner = Int.random(in: 0..<5, using: &generator.random)
            switch owner {
            case 0, 1:
                // Whole entry belongs to one side.
                var edits: [Edit] = []
                let action = Int.random(in: 0..<4, using: &generator.random)
                if action == 0 {
                    edits.append { $0[key: key] = nil }
                } else {
                    var entry = base.strings[key: key]?.object ?? JSONObject()
                    if action == 1 { generator.editEntryFields(&entry) }
                    generator.editLocale(&entry, locale: generator.locales.randomElement(using: &generator.random)!)
                    let edited = entry
                    edits.append { $0[key: key] = .object(edited) }
                }
                if owner == 0 { ours += edits } else { theirs += edits }
            case 2:
                // Locales split: ours edits the first half, theirs the second.
                let split = generator.locales.count / 2
                for (i, locale) in generator.locales.enumerated() where Bool.random(using: &generator.random) {
                    var scratch = base.strings[key: key]?.object ?? JSONObject()
                    generator.editLocale(&scratch, locale: locale)
                    let value = scratch["localizations"]?.object?[key: UTF8Bytes(locale)]
                    let edit: Edit = { strings in
                        strings.modifyObject(key) { entry in
                            entry.modifyObject("localizations") { $0[key: UTF8Bytes(locale)] = value }
                        }
                    }
                    if i < split { ours.append(edit) } else { theirs.append(edit) }
                }
            default:
                _ = index
            }
        }
        for i in 0..<5 {
            let oursEntry = generator.entry()
            let theirsEntry = generator.entry()
            ours.append { $0[key: UTF8Bytes("ours.added.\(i)")] = oursEntry }
            theirs.append { $0[key: UTF8Bytes("theirs.added.\(i)")] = theirsEntry }
        }
        return (base, ours, theirs)
    }

    static func applying(_ edits: [Edit], to catalog: Catalog) -> Catalog {
        var copy = catalog
        var strings = copy.strings
        for edit in edits { edit(&strings) }
        copy.strings = strings
        return copy
    }

    static let seeds: [UInt64] = Array(1...25)

    /// What `check` says of a merge's output: nothing that fails it (a pre-commit hook runs it).
    static func checkErrors(_ merged: Catalog) -> [String] {
        CatalogCheck.run(path: "merged.xcstrings", bytes: merged.canonicalBytes()).findings
            .filter { $0.severity == .error }.map { "\($0.line):\($0.column): \($0.message)" }
    }

    @Test(arguments: seeds)
    func disjointEditsMergeCleanlyIntoBothEditSets(seed: UInt64) throws {
        let (base, oursEdits, theirsEdits) = Self.disjointEdits(seed: seed)
        let ours = Self.applying(oursEdits, to: base)
        let theirs = Self.applying(theirsEdits, to: base)
        let expected = Self.applying(theirsEdits, to: ours)
        #expect(ours.canonicalBytes() != base.canonicalBytes() && theirs.canonicalBytes() != base.canonicalBytes())
        #expect(oursEdits.count > 8 && theirsEdits.count > 8)
        let (merged, report) = ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs)
        #expect(report.conflicts.isEmpty, "conflicts: \(report.conflicts.map(\.location.description))")
        #expect(merged.canonicalBytes() == expected.canonicalBytes())
        #expect(Self.checkErrors(merged) == [])
        // The same with the sides swapped, as in a rebase.
        let swapped = ThreeWayMerge.merge(base: base, ours: theirs, theirs: ours)
        #expect(swapped.report.conflicts.isEmpty)
        #expect(swapped.catalog.canonicalBytes() == expected.canonicalBytes())
    }

    @Test(arguments: seeds)
    func identitiesHold(seed: UInt64) throws {
        var generator = CatalogGenerator(seed: seed &+ 1000)
        let base = generator.catalog(keys: 40)
        // X: arbitrary edits, overlapping or not.
        var strings = base.strings
        for key in strings.keys where Int.random(in: 0..<4, using: &generator.random) == 0 {
            strings.modifyObject(key) { entry in
                generator.editEntryFields(&entry)
                generator.editLocale(&entry, locale: generator.locales.randomElement(using: &generator.random)!)
            }
        }
        strings[key: "new.key"] = generator.entry()
        var x = base
        x.strings = strings
        x.root[key: "version"] = "1.1"
        let expected = x.canonicalBytes()
        for (b, o, t) in [(base, x, x), (base, base, x), (base, x, base)] {
            let (merged, report) = ThreeWayMerge.merge(base: b, ours: o, theirs: t)
            #expect(report.conflicts.isEmpty && report.autoResolved.isEmpty)
            #expect(merged.canonicalBytes() == expected)
            #expect(Self.checkErrors(merged) == [])
        }
    }

    /// A member only one side added to a string unit (one a later Xcode may write) is in the
    /// output, whatever the other side did to the unit's value and state.
    @Test(arguments: seeds)
    func aMemberOnlyOneSideAddedIsKept(seed: UInt64) throws {
        var generator = CatalogGenerator(seed: seed &+ 3000)
        let base = generator.catalog(keys: 30)
        var sides = [base.strings, base.strings]
        var added: [(key: UTF8Bytes, locale: UTF8Bytes, member: UTF8Bytes)] = []
        let states: [UTF8Bytes] = ["new", "translated", "needs_review", "stale"]
        for key in base.strings.keys {
            guard let locales = base.strings[key: key]?.object?["localizations"]?.object else { continue }
            for locale in locales.keys where locales[key: locale]?.object?["stringUnit"]?.object != nil {
                let adder = Int.random(in: 0..<2, using: &generator.random)
                let member = UTF8Bytes("futureField\(adder)")
                let memberValue = JSONValue.string(UTF8Bytes("added by \(adder)"))
                let otherState = states.randomElement(using: &generator.random)!
                let otherValue = Bool.random(using: &generator.random) ? UTF8Bytes("changed \(key)") : nil
                for side in 0..<2 {
                    sides[side].modifyObject(key) { entry in
                        entry.modifyObject("localizations") { localizations in
                            localizations.modifyObject(locale) { localization in
                                localization.modifyObject("stringUnit") { unit in
                                    if side == adder {
                                        unit[key: member] = memberValue
                                    } else {
                                        unit[key: "state"] = .string(otherState)
                                        if let otherValue { unit[key: "value"] = .string(otherValue) }
                                    }
                                }
                            }
                        }
                    }
                }
                added.append((key, locale, member))
            }
        }
        #expect(added.count > 10)
        var ours = base, theirs = base
        ours.strings = sides[0]
        theirs.strings = sides[1]
        for (o, t) in [(ours, theirs), (theirs, ours)] {
            let (merged, _) = ThreeWayMerge.merge(base: base, ours: o, theirs: t)
            let missing = added.filter { place in
                merged.strings[key: place.key]?.object?["localizations"]?.object?[key: place.locale]?.object?["stringUnit"]?.object?[key: place.member] == nil
            }
            #expect(missing.isEmpty, "\(missing.map { "\($0.key) [\($0.locale)]" })")
        }
    }

    @Test(arguments: seeds)
    func outputIsCanonicalAndKeepsEveryChangedTranslation(seed: UInt64) throws {
        var generator = CatalogGenerator(seed: seed &+ 2000)
        let base = generator.catalog(keys: 30)
        // Overlapping random edits on both sides.
        var sides: [Catalog] = []
        for _ in 0..<2 {
            var strings = base.strings
            for key in strings.keys where Int.random(in: 0..<3, using: &generator.random) == 0 {
                if Int.random(in: 0..<6, using: &generator.random) == 0 {
                    strings[key: key] = nil
                    continue
                }
                strings.modifyObject(key) { entry in
                    if Bool.random(using: &generator.random) { generator.editEntryFields(&entry) }
                    generator.editLocale(&entry, locale: generator.locales.randomElement(using: &generator.random)!)
                }
            }
            var side = base
            side.strings = strings
            sides.append(side)
        }
        let (merged, report) = ThreeWayMerge.merge(base: base, ours: sides[0], theirs: sides[1])
        let output = merged.canonicalBytes()
        let reread = try Catalog(bytes: output)
        #expect(reread.canonicalBytes() == output)
        #expect(CatalogValidator.validate(reread).filter { $0.severity == .error }.isEmpty)
        #expect(Self.checkErrors(merged) == [])
        let lost = LossCheck.problems(base: base, ours: sides[0], theirs: sides[1], merged: merged, report: report)
        #expect(lost.isEmpty, "lost: \(lost)")
    }
}
