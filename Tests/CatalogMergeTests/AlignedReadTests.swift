import Testing
@testable import CatalogMerge
@testable import StringCatalog
import XcstringsMergeTestSupport

/// A side read against the base keeps where each of its keys sits in the base
/// (`ReferenceAlignment`), and the merge pairs the three versions' entries through those
/// positions instead of tables of hashed keys. Whatever the sides did (deleted, added, renamed,
/// edited or reordered keys, read whole or in two halves), every answer must be the one the
/// plain reading gives: the same alignment as looking each key up, the same equality of whole
/// objects, the same merge.
@Suite struct AlignedReadTests {
    /// A version of `base` with random keys deleted, edited, renamed and added; its entries
    /// shuffled when `shuffled`, and written as the merge reads them.
    static func side(of base: Catalog, using generator: inout CatalogGenerator, tag: String, shuffled: Bool) -> [UInt8] {
        var strings = base.strings
        for key in strings.keys {
            switch Int.random(in: 0..<12, using: &generator.random) {
            case 0:
                strings[key: key] = nil
            case 1:
                strings.modifyObject(key) { entry in
                    generator.editLocale(&entry, locale: generator.locales.randomElement(using: &generator.random)!)
                }
            case 2:
                let entry = strings[key: key]
                strings[key: key] = nil
                strings[key: UTF8Bytes("\(tag).\(key.string)")] = entry
            default:
                break
            }
        }
        for i in 0..<Int.random(in: 0..<20, using: &generator.random) {
            strings[key: UTF8Bytes("\(tag) added \(i)")] = generator.entry()
        }
        var catalog = base
        if shuffled {
            catalog.strings = JSONObject(strings.members.shuffled(using: &generator.random))
            var writer = XcodeWriter(sortsKeys: false)
            writer.write(.object(catalog.root), indent: 0)
            return writer.output
        }
        catalog.strings = strings
        return catalog.canonicalBytes()
    }

    static func read(_ bytes: [UInt8], against base: Catalog?, splitAbove: Int) throws -> Catalog {
        try bytes.withUnsafeBufferPointer { buffer throws(JSONError) in
            try Catalog(copyingFrom: buffer, reference: base, splitAbove: splitAbove)
        }
    }

    static let seeds = Array(UInt64(1)...30)

    @Test(arguments: seeds)
    func alignedReadingsMergeAsPlainOnes(seed: UInt64) throws {
        var generator = CatalogGenerator(seed: seed &+ 7000)
        let base = try Catalog(bytes: generator.catalog(keys: 120).canonicalBytes())
        // Either side sometimes in another order, sometimes equal to the base or to the other.
        let oursBytes = Self.side(of: base, using: &generator, tag: "ours", shuffled: seed % 4 == 1)
        let theirsBytes = seed % 5 == 2 ? oursBytes : seed % 5 == 3 ? base.canonicalBytes()
            : Self.side(of: base, using: &generator, tag: "theirs", shuffled: seed % 3 == 2)
        // Small halves make the two-thread reading of a big catalog happen here.
        let splitAbove = seed % 2 == 0 ? 4096 : 0
        let ours = try Self.read(oursBytes, against: base, splitAbove: splitAbove)
        let theirs = try Self.read(theirsBytes, against: base, splitAbove: splitAbove)
        let plainOurs = try Self.read(oursBytes, against: nil, splitAbove: 0)
        let plainTheirs = try Self.read(theirsBytes, against: nil, splitAbove: 0)

        // The alignment is where each key sits in the base.
        for side in [ours, theirs] {
            let alignment = try #require(side.strings.alignment(to: base.strings))
            let expected = side.strings.keys.map { key in Int32(base.strings.index(ofKey: key) ?? -1) }
            #expect(alignment.positions == expected)
            // And which entries are the base's as they were (the sides are written as Xcode
            // writes, so an equal entry is the same bytes).
            let unchanged = side.strings.members.map { member in base.strings[key: member.key].map { $0 == member.value } ?? false }
            #expect(alignment.sameBytes == unchanged)
        }
        #expect(plainOurs.strings.alignment(to: base.strings) == nil)

        // Whole objects compare as without alignments, in every pairing.
        let versions = [base.strings, ours.strings, theirs.strings]
        for a in versions {
            for b in versions {
                let plain = JSONObject(a.members).isEquivalent(to: JSONObject(b.members))
                let aligned = a.isEquivalent(to: b)
                let asValues = JSONValue.object(a) == .object(b)
                #expect(aligned == plain && asValues == plain)
            }
        }

        let (merged, report) = ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs)
        let (plainMerged, plainReport) = ThreeWayMerge.merge(base: base, ours: plainOurs, theirs: plainTheirs)
        let sameOutput = merged.canonicalBytes() == plainMerged.canonicalBytes()
        let sameReport = report.json(path: nil, labels: MergeLabels()) == plainReport.json(path: nil, labels: MergeLabels())
        #expect(sameOutput && sameReport)
    }

    /// Objects with the same members in another order are equal through their alignments too:
    /// a side that only reordered the base's keys, and two sides that reordered them and added
    /// the same keys in different orders.
    /// The reading notes whether the entries' keys are in Xcode's order, so that the merge and
    /// the writer compare none of them again: it must say what comparing every neighbour says,
    /// read whole or in halves, alone or against a base in or out of order, with the one pair
    /// out of order anywhere (at the split too).
    @Test(arguments: seeds)
    func theReadingKnowsWhetherItsKeysAreInOrder(seed: UInt64) throws {
        var generator = CatalogGenerator(seed: seed &+ 9000)
        let base = try Catalog(bytes: generator.catalog(keys: 80).canonicalBytes())
        #expect(base.strings.isKeyOrdered)
        let shuffledBytes = Self.side(of: base, using: &generator, tag: "b", shuffled: true)
        let shuffledBase = try Catalog(bytes: shuffledBytes)
        // The shuffled base's own bytes: read against it, every key follows the one before there.
        var inputs = [false, true].map { Self.side(of: base, using: &generator, tag: "s", shuffled: $0) } + [shuffledBytes]
        let members = base.strings.members
        for swapped in [0, members.count / 2 - 1, members.count / 2, Int.random(in: 0..<members.count - 1, using: &generator.random)] {
            var catalog = base
            var reordered = members
            reordered.swapAt(swapped, swapped + 1)
            catalog.strings = JSONObject(reordered)
            var writer = XcodeWriter(sortsKeys: false)
            writer.write(.object(catalog.root), indent: 0)
            inputs.append(writer.output)
        }
        for reference in [nil, base, shuffledBase] {
            for (index, bytes) in inputs.enumerated() {
                for splitAbove in [0, 1, 500] {
                    let read = try Self.read(bytes, against: reference, splitAbove: splitAbove)
                    #expect(read.strings.isKeyOrdered == KeyOrder.isSorted(read.strings.members), "input \(index), split above \(splitAbove)")
                }
            }
        }
    }

    @Test func reorderedMembersAreEqualThroughAlignments() throws {
        var generator = CatalogGenerator(seed: 41)
        let base = try Catalog(bytes: generator.catalog(keys: 60).canonicalBytes())
        var added = JSONObject()
        for i in 0..<20 { added[key: UTF8Bytes("added \(i)")] = generator.entry() }
        func reordered(_ extra: [JSONMember], changing changedKey: UTF8Bytes? = nil) throws -> Catalog {
            var catalog = base
            var strings = base.strings
            if let changedKey { strings[key: changedKey] = ["comment": "changed by the test"] }
            catalog.strings = JSONObject((strings.members + extra).shuffled(using: &generator.random))
            var writer = XcodeWriter(sortsKeys: false)
            writer.write(.object(catalog.root), indent: 0)
            return try Self.read(writer.output, against: base, splitAbove: 0)
        }
        // Booleans first: a failed expectation on the objects themselves would print them whole.
        let onlyReordered = try reordered([])
        #expect(onlyReordered.strings.alignment(to: base.strings) != nil)
        let reorderedEqualsBase = onlyReordered.strings.isEquivalent(to: base.strings)
        let baseEqualsReordered = base.strings.isEquivalent(to: onlyReordered.strings)
        #expect(reorderedEqualsBase && baseEqualsReordered)
        let reorderedAndChanged = try reordered([], changing: base.strings.members[30].key)
        let changedEqualsBase = reorderedAndChanged.strings.isEquivalent(to: base.strings)
        let baseEqualsChanged = base.strings.isEquivalent(to: reorderedAndChanged.strings)
        #expect(!changedEqualsBase && !baseEqualsChanged)
        let one = try reordered(added.members)
        let other = try reordered(added.members.reversed())
        let sameAdditionsEqual = one.strings.isEquivalent(to: other.strings)
        #expect(sameAdditionsEqual)
        var changed = added
        changed[key: "added 7"] = ["comment": "changed by the test"]
        let differing = try reordered(changed.members)
        let changedAdditionEqual = one.strings.isEquivalent(to: differing.strings)
        let changedBaseEntry = try reordered(added.members, changing: base.strings.members[30].key)
        let changedBaseEntryEqual = one.strings.isEquivalent(to: changedBaseEntry.strings)
        let additionsEqualBase = one.strings.isEquivalent(to: base.strings)
        #expect(!changedAdditionEqual && !changedBaseEntryEqual && !additionsEqualBase)
    }

    /// An alignment names its reference alone, and any change to the members drops it.
    @Test func anAlignmentHoldsOnlyForItsReferenceAndUnchangedMembers() throws {
        var generator = CatalogGenerator(seed: 42)
        let base = try Catalog(bytes: generator.catalog(keys: 40).canonicalBytes())
        let sameBytes = try Catalog(bytes: base.canonicalBytes())
        var side = try Self.read(Self.side(of: base, using: &generator, tag: "side", shuffled: false), against: base, splitAbove: 0)
        #expect(side.strings.alignment(to: base.strings) != nil)
        // A reference read from the same bytes is another object.
        #expect(side.strings.alignment(to: sameBytes.strings) == nil)
        var strings = side.strings
        strings.members.removeLast()
        #expect(strings.alignment(to: base.strings) == nil)
        side.strings = strings
        #expect(side.strings.alignment(to: base.strings) == nil)
    }
}
