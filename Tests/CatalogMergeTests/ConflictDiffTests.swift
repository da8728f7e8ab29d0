import Foundation
import Testing
import CatalogMerge
import StringCatalog
import XcstringsMergeTestSupport

/// What `resolve` shows for a conflict on a whole entry or localization.
@Suite struct ConflictDiffTests {
    static func report(_ fixture: String) throws -> MergeReport {
        let (base, ours, theirs) = try MergeFixtureTests.load(fixture)
        return ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs).report
    }

    @Test func aDeletedEntryShowsOnlyWhatTheOtherSideChanged() throws {
        let conflict = try #require(try Self.report("deleted-one-side--changed-on-the-other").conflicts.first)
        #expect(ConflictDiff.appliesTo(conflict))
        #expect(ConflictDiff.changes(in: conflict) == [
            ConflictDiff.Change(place: "[fr] stringUnit", base: nil, ours: nil, theirs: "\"Terminé\" (translated)")
        ])
        #expect(ConflictDiff.lines(for: conflict, labels: MergeLabels(ours: "main", theirs: "feature")) == [
            "ours (main) deleted it",
            "[fr] stringUnit",
            "  theirs (feature): (absent) → \"Terminé\" (translated)",
        ])
    }

    @Test func aLocalizationConflictShowsEachChangedCase() throws {
        let conflict = try #require(try Self.report("structure-changed").conflicts.first)
        #expect(ConflictDiff.appliesTo(conflict))
        let lines = ConflictDiff.lines(for: conflict, labels: MergeLabels())
        #expect(lines.contains("[de] stringUnit"))
        #expect(lines == [
            "[de] stringUnit",
            "  ours:   \"Fertig\" (translated) → (deleted)",
            "  theirs: \"Fertig\" (translated) → \"Erledigt\" (translated)",
            "[de] variations.device.mac.stringUnit",
            "  ours:   (absent) → \"Fertig (Mac)\" (translated)",
            "  theirs: unchanged",
            "[de] variations.device.other.stringUnit",
            "  ours:   (absent) → \"Fertig\" (translated)",
            "  theirs: unchanged",
        ])
    }

    @Test func aValueConflictIsNotBrokenDownButNamesTheRename() throws {
        let conflict = try #require(try Self.report("renamed-key--conflict-inside").conflicts.first)
        #expect(!ConflictDiff.appliesTo(conflict))
        #expect(ConflictDiff.lines(for: conflict, labels: MergeLabels(), renamedFrom: ("Cancel", "ours")) == [
            "\"Cancel\" was renamed to \"action.cancel\" by ours"
        ])
    }

    @Test func longValuesWrapInsteadOfBeingCut() {
        let text = (1...40).map { "word\($0)" }.joined(separator: " ")
        let lines = ConflictDiff.wrap(text, firstPrefix: "  ours:  ", width: 50)
        #expect(lines.count > 3)
        #expect(lines.allSatisfy { $0.count <= 50 })
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("         ") })
        let words = lines.flatMap { $0.split(separator: " ") }.map(String.init)
        #expect(words == ["ours:"] + text.split(separator: " ").map(String.init))
    }
}
