import Testing
@testable import CatalogMerge
import MergeOracle
import StringCatalog
import XcstringsMergeTestSupport

/// R10 over seeded catalogs: one side renames a random set of keys, the other edits random
/// translations; the merge is clean, follows every rename and loses nothing.
@Suite struct RenamePropertyTests {
    /// An entry's translations as R10 compares them: each locale other than the source
    /// language with its localization, `state` members removed.
    static func translations(_ entry: JSONValue) -> Set<[UInt8]> {
        func strip(_ value: JSONValue) -> JSONValue {
            guard case .object(let object) = value.materialized else { return value.materialized }
            return .object(JSONObject(object.members.filter { !$0.key.equals("state") }.map { JSONMember(key: $0.key, value: strip($0.value)) }))
        }
        let localizations = entry.materialized.object?["localizations"]?.object?.members ?? []
        return Set(localizations.filter { !$0.key.equals("en") }.map { $0.key.bytes + [0] + XcodeWriter.bytes(of: strip($0.value)) })
    }

    /// Keys to rename: translated, and none whose translations another renamed key's contain,
    /// so that each rename can be recognised.
    static func renamable(_ base: Catalog, using generator: inout CatalogGenerator) -> [UTF8Bytes] {
        var chosen: [(UTF8Bytes, Set<[UInt8]>)] = []
        for member in base.strings.members.shuffled(using: &generator.random) where chosen.count < 15 {
            let set = translations(member.value)
            guard !set.isEmpty, !chosen.contains(where: { set.isSubset(of: $0.1) || $0.1.isSubset(of: set) }) else { continue }
            chosen.append((member.key, set))
        }
        return chosen.map(\.0)
    }

    static func renamed(_ key: UTF8Bytes) -> UTF8Bytes { UTF8Bytes("renamed." + key.string) }

    static func renaming(_ keys: [UTF8Bytes], in catalog: Catalog) -> Catalog {
        var copy = catalog
        var strings = copy.strings
        for key in keys {
            let entry = strings[key: key]
            strings[key: key] = nil
            strings[key: renamed(key)] = entry
        }
        copy.strings = strings
        return copy
    }

    @Test(arguments: Array(UInt64(1)...25))
    func renamesOnOneSideFollowTranslationEditsOnTheOther(seed: UInt64) throws {
        var generator = CatalogGenerator(seed: seed &+ 3000)
        let base = generator.catalog(keys: 60)
        let keys = Self.renamable(base, using: &generator)
        #expect(keys.count >= 10)
        let renaming = Self.renaming(keys, in: base)
        // The other side edits random locales of random keys, renamed ones included.
        var strings = base.strings
        var editedRenamed = Set<UTF8Bytes>()
        for key in strings.keys where Int.random(in: 0..<3, using: &generator.random) == 0 {
            strings.modifyObject(key) { entry in
                generator.editLocale(&entry, locale: generator.locales.randomElement(using: &generator.random)!)
            }
            if keys.contains(key) && strings[key: key] != base.strings[key: key] { editedRenamed.insert(key) }
        }
        var editing = base
        editing.strings = strings
        let expected = Self.renaming(keys, in: editing).canonicalBytes()

        for (ours, theirs) in [(renaming, editing), (editing, renaming)] {
            let (merged, report) = ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs)
            #expect(report.conflicts.isEmpty, "conflicts: \(report.conflicts.map(\.location.description))")
            #expect(merged.canonicalBytes() == expected)
            let followed = Set(report.autoResolved.filter { $0.rule == "renamed-key" }.compactMap(\.from))
            #expect(followed == editedRenamed)
            #expect(report.keysRenamed == editedRenamed.count)
            let lost = LossCheck.problems(base: base, ours: ours, theirs: theirs, merged: merged, report: report)
            #expect(lost.isEmpty, "lost: \(lost)")
        }
    }
}

/// R10 reads an entry in Xcode's form straight from its bytes; that reading must agree with
/// decoding the entry, on every entry of seeded catalogs and of the corpus.
@Suite struct RenameTranslationsTests {
    /// Keys whose two readings differ, and how many entries were read from their bytes.
    static func agree(_ catalog: Catalog) -> (problems: [String], readFromBytes: Int) {
        var problems: [String] = []
        var readFromBytes = 0
        let sourceLanguage = catalog.sourceLanguage
        for member in catalog.strings.members {
            guard case .raw(let raw) = member.value, raw.canonicalIndent == 2 else { continue }
            let fromBytes = Translations(canonical: raw, sourceLanguage: sourceLanguage)
            let decoded = Translations(of: .object(member.value.materialized.object ?? JSONObject()), sourceLanguage: sourceLanguage)
            guard let fromBytes else { continue }
            readFromBytes += 1
            if fromBytes.items.map(fromBytes.text) != decoded.items.map(decoded.text)
                || fromBytes.items.map(fromBytes.locale) != decoded.items.map(decoded.locale)
                || fromBytes.items.map(\.hash) != decoded.items.map(\.hash)
            {
                problems.append(member.key.string)
            }
        }
        return (problems, readFromBytes)
    }

    @Test(arguments: Array(UInt64(1)...10))
    func readingTheBytesAgreesWithDecodingOnSeededCatalogs(seed: UInt64) throws {
        var generator = CatalogGenerator(seed: seed &+ 4000)
        let catalog = try Catalog(bytes: generator.catalog(keys: 80).canonicalBytes())
        let (problems, readFromBytes) = Self.agree(catalog)
        #expect(problems.isEmpty, "\(problems)")
        #expect(readFromBytes > catalog.strings.count * 3 / 4)
    }

    @Test(.enabled(if: Paths.corpusPresent, "../shared/corpus is absent")) func readingTheBytesAgreesWithDecodingOnTheCorpus() throws {
        let files = Paths.corpusFiles("catalogs").filter { !$0.lastPathComponent.contains("NOT-Xcode") }
        guard !files.isEmpty else { print(Paths.sharedAbsentMessage); return }
        var read = 0
        for file in files {
            let catalog = try Catalog(bytes: try bytes(file))
            let (problems, readFromBytes) = Self.agree(catalog)
            #expect(problems.isEmpty, "\(file.lastPathComponent): \(problems)")
            read += readFromBytes
        }
        #expect(read > 5_000)
    }

    /// Units whose `state` lines cannot simply be cut (the last member of its object, or not a
    /// string) and their look-alikes: every reading from the bytes agrees with decoding.
    @Test(arguments: [
        #"{"de" : {"stringUnit" : {"state" : "translated", "value" : "Hallo"}}}"#,
        #"{"de" : {"stringUnit" : {"state" : "new"}}}"#,
        #"{"de" : {"stringUnit" : {"state" : 1, "value" : "Hallo"}}}"#,
        #"{"de" : {"stringUnit" : {"state" : {"x" : "y"}, "value" : "Hallo"}}}"#,
        #"{"de" : {"stringUnit" : {"statement" : "s", "value" : "Hallo"}}}"#,
        #"{"de" : {"stringUnit" : {"a" : "state", "value" : "\"state\" : \"x\","}}}"#,
        #"{"de" : {"variations" : {"plural" : {"one" : {"stringUnit" : {"state" : "new"}}, "other" : {"stringUnit" : {"state" : "translated", "value" : "n"}}}}}}"#,
    ])
    func statesThatCannotBeCut(localizations: String) throws {
        let text = #"{"sourceLanguage" : "en", "strings" : {"K" : {"localizations" : "# + localizations + #"}}, "version" : "1.0"}"#
        let catalog = try Catalog(bytes: Catalog(bytes: Array(text.utf8)).canonicalBytes())
        let (problems, _) = Self.agree(catalog)
        #expect(problems.isEmpty, "\(problems)")
    }
}
