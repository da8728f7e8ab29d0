import Testing
@testable import CatalogUpkeep
import StringCatalog
import XcstringsMergeTestSupport

/// `get` and `set`: units addressed by key, locale and form.
struct StringAccessTests {
    static var catalog: Catalog { LocaleAdditionTests.catalog }

    @Test(arguments: ["", "plural.one", "device.iphone", "device.mac.plural.other", "substitution.count.plural.few"])
    func formPathsReadAndPrintTheSame(_ text: String) throws {
        #expect(try #require(FormPath(text)).description == text)
    }

    /// `stringUnitLocalization` as the object written: what it must equal.
    static func stringUnitLocalizationTree(state: UTF8Bytes?, value: UTF8Bytes, indent: Int) -> [UInt8] {
        let unit = JSONObject([JSONMember(Name.state, .string(state ?? UTF8Bytes(UnitState.translated.name))), JSONMember(Name.value, .string(value))])
        var writer = XcodeWriter(capacity: 256)
        writer.write(JSONObject([JSONMember(Name.stringUnit, .object(unit))]), indent: indent)
        return writer.output
    }

    /// A string unit's localization written member by member is the object written: values
    /// with every escape, non-ASCII text, states given or not, deep and shallow indents.
    @Test func aStringUnitLocalizationIsItsObjectWritten() {
        var generator = SeededGenerator(seed: 41)
        let pieces = ["a", "plain text ", "\"", "\\", "\n", "\t", "\r", "\u{1}", "\u{1F}", "/", "é", "日本語", "🙂", "%lld", "\u{7F}"]
        for indent in [0, 2, 4, 9, 30] {
            for state in [nil, "translated", "needs_review", "odd \"state\""] as [String?] {
                for _ in 0..<40 {
                    let value = (0..<Int.random(in: 0...12, using: &generator)).map { _ in pieces.randomElement(using: &generator)! }.joined()
                    let written = StringAccess.stringUnitLocalization(state: state.map { UTF8Bytes($0) }, value: UTF8Bytes(value), indent: indent)
                    let tree = Self.stringUnitLocalizationTree(state: state.map { UTF8Bytes($0) }, value: UTF8Bytes(value), indent: indent)
                    #expect(written == tree, "\(indent) \(String(describing: state)) \(value.debugDescription)")
                }
            }
        }
    }

    @Test(arguments: ["plural", "plural.", "variation.one", ".one", "device.iphone.plural"])
    func malformedFormPathsAreRefused(_ text: String) {
        #expect(FormPath(text) == nil)
    }

    @Test func getListsEveryUnitOfAKeyInOrder() throws {
        let units = try #require(StringAccess.units(of: "%lld files", in: Self.catalog))
        #expect(units.map { "\($0.locale.string) \($0.form)" } == ["en plural.one", "en plural.other", "pt-BR plural.one", "pt-BR plural.other"])
        #expect(StringAccess.units(of: "Nope", in: Self.catalog) == nil)
        #expect(StringAccess.units(of: "Untranslated", in: Self.catalog) == [])
    }

    /// A plain string's unit set on an entry's bytes gives the catalog that setting it on the
    /// decoded entry gives, whatever the value holds; other shapes are left to the decoded path.
    @Test(arguments: Array(UInt64(1)...12))
    func settingOnTheBytesIsSettingDecoded(seed: UInt64) throws {
        var generator = CatalogGenerator(seed: seed)
        let catalog = try Catalog(bytes: generator.catalog(keys: 30).canonicalBytes())
        var decoded = catalog
        decoded.strings = JSONObject(catalog.strings.members.map { JSONMember(key: $0.key, value: $0.value.materialized) })
        var onBytes = 0
        for (index, member) in catalog.strings.members.enumerated() {
            for locale in member.value.materialized.object?["localizations"]?.object?.keys ?? [] {
                let state: UTF8Bytes? = index % 2 == 0 ? nil : "needs_review"
                let record = UnitRecord(key: member.key, locale: locale, state: state, value: UTF8Bytes("Neu \"zitiert\" \\ \n\t é 漢字 \(index)"))
                if StringAccess.settingInBytes(record, in: member.value) != nil { onBytes += 1 }
                let fromBytes = StringAccess.setting([record], in: catalog)
                let fromTree = StringAccess.setting([record], in: decoded)
                #expect(fromBytes.refused.count == fromTree.refused.count)
                #expect(fromBytes.catalog.strings.count == fromTree.catalog.strings.count)
                let same = fromBytes.catalog.canonicalBytes() == fromTree.catalog.canonicalBytes()
                #expect(same, "\(member.key.string) [\(locale.string)]")
            }
        }
        #expect(onBytes > 0)
    }

    @Test func setThenGetRoundTrips() throws {
        var record = UnitRecord(key: "Cancel", locale: "de", value: "Abbrechen")
        var catalog = try StringAccess.setting(record, in: Self.catalog)
        #expect(StringAccess.units(of: "Cancel", locale: "de", in: catalog) == [UnitRecord(key: "Cancel", locale: "de", state: "translated", value: "Abbrechen")])
        record = UnitRecord(key: "%lld files", locale: "de", form: FormPath("plural.other")!, state: "needs_review", value: "%lld Dateien")
        catalog = try StringAccess.setting(record, in: catalog)
        #expect(StringAccess.units(of: "%lld files", locale: "de", in: catalog) == [record])
        // Written as Xcode writes, read back the same.
        let reread = try Catalog(bytes: catalog.canonicalBytes())
        #expect(StringAccess.units(of: "%lld files", locale: "de", in: reread) == [record])
        // Replacing a unit changes that unit alone.
        catalog = try StringAccess.setting(UnitRecord(key: "%lld files", locale: "en", form: FormPath("plural.one")!, value: "one file"), in: catalog)
        #expect(StringAccess.units(of: "%lld files", locale: "en", in: catalog)?.map { $0.value?.string } == ["one file", "%lld files"])
    }

    @Test(arguments: [
        ("Nope", "de", "", "no key"),
        ("%lld files", "en", "", "varies by plural"),
        ("Save", "pt-BR", "plural.one", "one string, not varied"),
        ("Open on %@", "pt-BR", "plural.one", "varies by device, not plural"),
        ("Save", "pt-BR", "substitution.count", "no substitution"),
    ])
    func aFormTheShapeHasNoRoomForIsRefused(_ key: String, _ locale: String, _ form: String, _ reason: String) {
        let record = UnitRecord(key: UTF8Bytes(key), locale: UTF8Bytes(locale), form: FormPath(form)!, value: "x")
        #expect {
            _ = try StringAccess.setting(record, in: Self.catalog)
        } throws: { error in
            "\(error)".contains(reason)
        }
    }

    @Test func aValueReadingAnArgumentTheAppDoesNotPassIsFound() throws {
        let wrong = try StringAccess.setting(UnitRecord(key: "Open on %@", locale: "de", value: "Öffnen auf %lld"), in: Self.catalog)
        #expect(StringAccess.placeholderProblems(key: "Open on %@", locale: "de", in: wrong).count == 1)
        let right = try StringAccess.setting(UnitRecord(key: "Open on %@", locale: "de", value: "Auf %@ öffnen"), in: Self.catalog)
        #expect(StringAccess.placeholderProblems(key: "Open on %@", locale: "de", in: right).isEmpty)
    }

    @Test func jsonRecordsRoundTrip() throws {
        let units = try #require(StringAccess.units(of: "Open on %@", in: Self.catalog))
        let bytes = StringAccess.json(units)
        #expect(try StringAccess.records(fromJSON: bytes) == units)
        #expect(throws: StringAccess.Refusal.self) { try StringAccess.records(fromJSON: Array("[{\"key\": 1}]".utf8)) }
    }
}
