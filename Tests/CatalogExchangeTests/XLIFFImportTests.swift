import Foundation
import Testing
import CatalogExchange
import CatalogUpkeep
import StringCatalog
import XcstringsMergeTestSupport

/// The import's rules, each with the case it must take or skip and a look-alike.
struct XLIFFImportTests {
    static let base = ExchangeSamples.catalog

    /// The German file as exported from `base`, with `edit` applied to its units.
    static func exported(_ locale: String = "de", from catalog: Catalog = base, _ edit: (inout [XLIFFUnit]) -> Void = { _ in }) -> XLIFFFile {
        var units = XLIFFExport.units(of: catalog, locale: locale).units
        edit(&units)
        return XLIFFFile(original: "Localizable.xcstrings", sourceLanguage: "en", targetLanguage: locale, units: units)
    }

    static func value(_ catalog: Catalog, _ key: String, _ locale: String = "de", form: String = "") -> (state: String?, value: String?)? {
        StringAccess.units(of: UTF8Bytes(key), locale: UTF8Bytes(locale), in: catalog)?
            .first { $0.form.description == form }.map { ($0.state?.string, $0.value?.string) }
    }

    static func translate(_ units: inout [XLIFFUnit], _ id: String, _ text: String, state: String = "translated") {
        guard let index = units.firstIndex(where: { $0.id == id }) else { Issue.record("no unit \(id)"); return }
        units[index].target = text
        units[index].state = state
    }

    // Rule 3: the export unchanged is no change, in both ways, whatever its states.
    @Test func anUnchangedFileChangesNothing() {
        let file = Self.exported()
        let three = XLIFFImport.theirs(file, base: Self.base, current: Self.base)
        #expect(three.taken == 0 && three.skipped.isEmpty && three.catalog.canonicalBytes() == Self.base.canonicalBytes())
        let two = XLIFFImport.twoWay(file, into: Self.base)
        #expect(two.taken == 0 && two.skipped.isEmpty && two.catalog.canonicalBytes() == Self.base.canonicalBytes())
        #expect(three.unchanged == file.units.filter { $0.target != nil }.count)
    }

    // Look-alike of rule 3: the same text under a state of the same meaning (final) is no change.
    @Test func aStateOfTheSameMeaningIsNoChange() {
        let file = Self.exported { units in Self.translate(&units, "Save", "Sichern", state: "final") }
        #expect(XLIFFImport.twoWay(file, into: Self.base).taken == 0)
    }

    // Rule 5: a changed translation is taken, with the state its XLIFF state means.
    @Test(arguments: [("translated", "translated"), ("needs-review-translation", "needs_review"), ("new", "new"), ("signed-off", "translated")])
    func aChangedTranslationIsTaken(_ xliffState: String, _ catalogState: String) throws {
        let file = Self.exported { units in Self.translate(&units, "Save", "Speichern", state: xliffState) }
        let two = XLIFFImport.twoWay(file, into: Self.base)
        #expect(two.taken == 1 && two.skipped.isEmpty)
        let found = try #require(Self.value(two.catalog, "Save"))
        #expect(found.value == "Speichern" && found.state == catalogState)
    }

    // Rule 4, three-way: the source changed since the export: needs_review, not dropped.
    @Test func aTranslationOfAChangedSourceComesInForReview() throws {
        let file = Self.exported { units in Self.translate(&units, "Tap|==|device.mac", "Klicken") }
        let current = try StringAccess.setting(UnitRecord(key: "Tap", locale: "en", form: FormPath("device.mac")!, value: "Click here"), in: Self.base)
        let three = XLIFFImport.theirs(file, base: Self.base, current: current)
        #expect(three.sourceChanged == ["Tap|==|device.mac"])
        #expect(Self.value(three.catalog, "Tap", form: "device.mac")! == ("needs_review", "Klicken"))
        // Two-way the same unit is skipped, with the catalog's new text in the reason.
        let two = XLIFFImport.twoWay(file, into: current)
        #expect(two.taken == 0 && two.skipped.map(\.id) == ["Tap|==|device.mac"])
        #expect(two.skipped.first?.reason.contains("Click here") == true)
        // Look-alike: another device's source changed; this unit is taken as translated.
        let other = try StringAccess.setting(UnitRecord(key: "Tap", locale: "en", form: FormPath("device.iphone")!, value: "Touch"), in: Self.base)
        #expect(Self.value(XLIFFImport.theirs(file, base: Self.base, current: other).catalog, "Tap", form: "device.mac")! == ("translated", "Klicken"))
    }

    // Rule 2: a key deleted since the export is not brought back.
    @Test func aDeletedKeyIsNotBroughtBack() {
        let file = Self.exported { units in Self.translate(&units, "Save", "Speichern") }
        var current = Self.base
        var strings = current.strings
        strings[key: "Save"] = nil
        current.strings = strings
        let three = XLIFFImport.theirs(file, base: Self.base, current: current)
        #expect(three.skipped.map(\.reason) == ["the key was deleted since the export: not brought back"])
        #expect(Self.value(three.catalog, "Save")! == ("translated", "Sichern"))
        #expect(XLIFFImport.twoWay(file, into: current).skipped.map(\.reason) == ["the catalog has no such key"])
    }

    // Rule 1: an id whose form is not one is skipped; a key that holds |==| is a key.
    @Test func unknownFormsAreSkippedAndKeysWithTheSeparatorAreKeys() throws {
        var file = Self.exported()
        file.units.append(XLIFFUnit(id: "Save|==|colour.red", source: "Save", target: "Rot", state: "translated"))
        let two = XLIFFImport.twoWay(file, into: Self.base)
        #expect(two.skipped.map(\.id) == ["Save|==|colour.red"] && two.skipped[0].reason.hasPrefix("not a form Xcode writes"))
        var strings = Self.base.strings
        strings[key: "a|==|b"] = .object(JSONObject())
        var catalog = Self.base
        catalog.strings = strings
        file.units = [XLIFFUnit(id: "a|==|b", source: "a|==|b", target: "x", state: "translated")]
        #expect(Self.value(XLIFFImport.twoWay(file, into: catalog).catalog, "a|==|b")! == ("translated", "x"))
    }

    // Rule 5: plural forms the language needs, offered from `other`, are taken (Xcode's import
    // does the same); so are a plural where the translation was one string, and a device form
    // the translator dropped goes.
    @Test func formsAddedOrRemovedByTheTranslatorAreTakenStructurally() throws {
        let russian = Self.exported("ru") { units in
            for (id, text) in [("one", "%lld файл"), ("few", "%lld файла"), ("many", "%lld файлов"), ("other", "%lld файла")] {
                Self.translate(&units, "%lld files|==|plural." + id, text)
            }
        }
        let taken = XLIFFImport.twoWay(russian, into: Self.base).catalog
        // In the order Xcode writes them (a changed entry is kept as its canonical bytes).
        #expect(StringAccess.units(of: "%lld files", locale: "ru", in: taken)?.map(\.form.description) == ["plural.few", "plural.many", "plural.one", "plural.other"])
        // French had one string; the translator sends plural forms.
        var french = Self.exported("fr")
        french.units.removeAll { $0.id == "%lld files" }
        french.units += [
            XLIFFUnit(id: "%lld files|==|plural.one", source: "%lld file", target: "%lld fichier", state: "translated"),
            XLIFFUnit(id: "%lld files|==|plural.other", source: "%lld files", target: "%lld fichiers", state: "translated"),
        ]
        let reshaped = XLIFFImport.theirs(french, base: Self.base, current: Self.base)
        #expect(reshaped.skipped.isEmpty && reshaped.taken == 2)
        #expect(StringAccess.units(of: "%lld files", locale: "fr", in: reshaped.catalog)?.map { "\($0.form) \($0.value!.string)" } == ["plural.one %lld fichier", "plural.other %lld fichiers"])
        // German had plural forms; the translator sends one string.
        var german = Self.exported()
        german.units.removeAll { $0.id.hasPrefix("%lld files") }
        german.units.append(XLIFFUnit(id: "%lld files", source: "%lld files", target: "%lld Datei(en)", state: "translated"))
        let flattened = XLIFFImport.theirs(german, base: Self.base, current: Self.base)
        #expect(StringAccess.units(of: "%lld files", locale: "de", in: flattened.catalog)?.map { "\($0.form)|\($0.value!.string)" } == ["|%lld Datei(en)"])
    }

    // A substitution's %1$lld comes back as the catalog's %arg.
    @Test func substitutionArgumentsComeBackAsArg() throws {
        let file = Self.exported { units in
            Self.translate(&units, "Found %#@count@", "%#@count@ gefunden")
            Self.translate(&units, "Found %#@count@|==|substitutions.count.plural.one", "%1$lld Eintrag")
            Self.translate(&units, "Found %#@count@|==|substitutions.count.plural.other", "%1$lld Einträge")
        }
        let catalog = XLIFFImport.twoWay(file, into: Self.base).catalog
        let units = try #require(StringAccess.units(of: "Found %#@count@", locale: "de", in: catalog))
        // The substitution's definition comes from the source: the German localization has none
        // yet, so the leaves cannot be placed before it exists.
        #expect(units.first?.value == "%#@count@ gefunden")
    }

    /// Translate every unit of every language of every corpus catalog, import two-way: every
    /// unit with a source still the catalog's is taken; nothing is skipped. And the export
    /// unchanged is no change (three-way and two-way).
    @Test(.enabled(if: Paths.corpusPresent, "../shared/corpus is absent"))
    func corpusRoundTrips() throws {
        var catalogs = 0, units = 0
        for url in Paths.corpusFiles("catalogs") {
            guard let catalog = try? Catalog(bytes: bytes(url)) else { continue }
            catalogs += 1
            let source = catalog.sourceLanguage?.string ?? "en"
            // Three languages of each: the shapes differ by catalog far more than by language.
            for locale in catalog.locales.map(\.string).sorted().filter({ $0 != source }).prefix(3) {
                let file = XLIFFFile(original: "c.xcstrings", sourceLanguage: source, targetLanguage: locale, units: XLIFFExport.units(of: catalog, locale: locale).units)
                units += file.units.count
                let three = XLIFFImport.theirs(file, base: catalog, current: catalog)
                #expect(three.taken == 0 && three.skipped.isEmpty, "\(url.lastPathComponent) \(locale)")
                #expect(three.catalog.canonicalBytes() == catalog.canonicalBytes(), "\(url.lastPathComponent) \(locale)")
                var translated = file
                for index in translated.units.indices where translated.units[index].translate {
                    translated.units[index].target = "T " + translated.units[index].source
                    translated.units[index].state = "translated"
                }
                let two = XLIFFImport.twoWay(translated, into: catalog)
                #expect(two.skipped.isEmpty, "\(url.lastPathComponent) \(locale): \(two.skipped.prefix(3).map { "\($0.id): \($0.reason)" })")
            }
            if catalogs >= 12 { break }
        }
        #expect(catalogs > 0 && units > 0)
    }
}
