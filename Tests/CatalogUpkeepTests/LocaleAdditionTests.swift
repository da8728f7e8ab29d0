import Testing
import CatalogUpkeep
import StringCatalog

/// `add-locale`: a neighbour's translations copied for review, plural forms completed.
struct LocaleAdditionTests {
    static let catalog = try! Catalog(bytes: Array("""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "%lld files" : {
              "localizations" : {
                "en" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld file" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld files" } } } } },
                "pt-BR" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld arquivo" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld arquivos" } } } } }
              }
            },
            "Open on %@" : {
              "localizations" : {
                "pt-BR" : { "variations" : { "device" : {
                  "iphone" : { "stringUnit" : { "state" : "translated", "value" : "Abrir no iPhone %@" } },
                  "other" : { "stringUnit" : { "state" : "needs_review", "value" : "Abrir em %@" } } } } }
              }
            },
            "Save" : {
              "localizations" : {
                "pt-BR" : { "stringUnit" : { "state" : "translated", "value" : "Salvar" } },
                "pt-PT" : { "stringUnit" : { "state" : "translated", "value" : "Guardar" } }
              }
            },
            "Cancel" : {
              "localizations" : {
                "pt-BR" : { "stringUnit" : { "state" : "translated", "value" : "Cancelar" } }
              }
            },
            "Untranslated" : { }
          },
          "version" : "1.0"
        }
        """.utf8))

    static func unit(_ catalog: Catalog, _ key: String, _ locale: String, _ form: String = "") -> UnitRecord? {
        StringAccess.units(of: UTF8Bytes(key), locale: UTF8Bytes(locale), in: catalog)?.first { $0.form.description == form }
    }

    @Test func portugueseOfPortugalFromBrazilsKeepsWhatItHasWithMerge() {
        let outcome = LocaleAddition.apply("pt-PT", copyingFrom: "pt-BR", onlyMissing: true, to: Self.catalog)
        // Three strings get pt-PT; Save keeps its own; Untranslated has no pt-BR.
        #expect(outcome.stringsAdded == 3 && outcome.stringsKept == 1)
        // Two plural forms and two device forms and Cancel's unit: 5 units, none filled (pt needs one, many, other).
        #expect(outcome.unitsCopied == 5 + outcome.pluralFormsFilled)
        let catalog = outcome.catalog
        #expect(Self.unit(catalog, "Save", "pt-PT")?.value == "Guardar")
        #expect(Self.unit(catalog, "Save", "pt-PT")?.state == "translated")
        #expect(Self.unit(catalog, "Cancel", "pt-PT")?.value == "Cancelar")
        #expect(Self.unit(catalog, "Cancel", "pt-PT")?.state == "needs_review")
        #expect(Self.unit(catalog, "%lld files", "pt-PT", "plural.one")?.value == "%lld arquivo")
        #expect(Self.unit(catalog, "Open on %@", "pt-PT", "device.iphone")?.state == "needs_review")
        // The neighbour itself is untouched, and the output is a catalog Xcode writes.
        #expect(Self.unit(catalog, "Cancel", "pt-BR")?.state == "translated")
        let bytes = catalog.canonicalBytes()
        #expect((try? Catalog(bytes: bytes))?.canonicalBytes() == bytes)
    }

    /// Russian needs one, few, many and other; English has one and other: few and many come
    /// from other, for review.
    @Test func aLanguageWithMoreCategoriesGetsThemFromOther() {
        let outcome = LocaleAddition.apply("ru", copyingFrom: "en", onlyMissing: false, to: Self.catalog)
        #expect(outcome.stringsAdded == 1 && outcome.pluralFormsFilled == 2 && outcome.unitsCopied == 4)
        for form in ["plural.few", "plural.many", "plural.other"] {
            #expect(Self.unit(outcome.catalog, "%lld files", "ru", form)?.value == "%lld files")
            #expect(Self.unit(outcome.catalog, "%lld files", "ru", form)?.state == "needs_review")
        }
        #expect(Self.unit(outcome.catalog, "%lld files", "ru", "plural.one")?.value == "%lld file")
    }

    /// With --merge, a localization the locale has keeps every unit and gets those it lacks;
    /// a plain unit is never mixed with variations.
    @Test func mergeFillsOnlyTheUnitsTheLocaleLacks() throws {
        var catalog = try StringAccess.setting(
            UnitRecord(key: "%lld files", locale: "pt-PT", form: FormPath("plural.one")!, value: "%lld ficheiro"), in: Self.catalog)
        catalog = try StringAccess.setting(UnitRecord(key: "Open on %@", locale: "pt-PT", value: "Abrir em %@"), in: catalog)
        let outcome = LocaleAddition.apply("pt-PT", copyingFrom: "pt-BR", onlyMissing: true, to: catalog)
        #expect(Self.unit(outcome.catalog, "%lld files", "pt-PT", "plural.one")?.value == "%lld ficheiro")
        #expect(Self.unit(outcome.catalog, "%lld files", "pt-PT", "plural.other")?.value == "%lld arquivos")
        #expect(Self.unit(outcome.catalog, "%lld files", "pt-PT", "plural.other")?.state == "needs_review")
        // A plain unit keeps its shape: the neighbour's device variations are not mixed in.
        #expect(StringAccess.units(of: "Open on %@", locale: "pt-PT", in: outcome.catalog)?.map(\.form.description) == [""])
        #expect(outcome.stringsFilled == 1 && outcome.stringsKept == 2 && outcome.stringsAdded == 1)
        let bytes = outcome.catalog.canonicalBytes()
        #expect((try? Catalog(bytes: bytes))?.canonicalBytes() == bytes)
    }

    /// Plurals nested in plurals (hostile; Xcode never writes them): only the outer one is
    /// completed, so the copy stays as big as four times the input, not 4^depth.
    @Test func nestedPluralsAreCompletedOnceNotAtEveryLevel() throws {
        var localization = "{\"stringUnit\":{\"state\":\"translated\",\"value\":\"%lld\"}}"
        for _ in 0..<6 { localization = "{\"variations\":{\"plural\":{\"other\":\(localization)}}}" }
        let catalog = try Catalog(bytes: Array("{\"sourceLanguage\":\"en\",\"strings\":{\"%lld\":{\"localizations\":{\"en\":\(localization)}}},\"version\":\"1.0\"}".utf8))
        let outcome = LocaleAddition.apply("ru", copyingFrom: "en", onlyMissing: false, to: catalog)
        #expect(outcome.pluralFormsFilled == 3 && outcome.unitsCopied == 4)
    }

    @Test func withoutMergeAnExistingLocalizationIsReplaced() {
        let outcome = LocaleAddition.apply("pt-PT", copyingFrom: "pt-BR", onlyMissing: false, to: Self.catalog)
        #expect(outcome.stringsKept == 0 && Self.unit(outcome.catalog, "Save", "pt-PT")?.value == "Salvar")
        #expect(Self.catalog.locales == ["en", "pt-BR", "pt-PT"])
    }
}
