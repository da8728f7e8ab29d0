import CatalogLint
import StringCatalog

/// `add-locale`: a new language started from a neighbour's translations (pt-PT from pt-BR,
/// de-CH from de), each copied unit marked `needs_review` for the translator to confirm.
public enum LocaleAddition {
    /// What adding the locale did to one catalog.
    public struct Outcome: Sendable {
        public var catalog: Catalog
        /// Strings that got a localization in the new locale.
        public var stringsAdded = 0
        /// String units (and phrase sets) copied, each marked `needs_review`.
        public var unitsCopied = 0
        /// Plural forms the new language needs and the neighbour lacks, made from `other`.
        public var pluralFormsFilled = 0
        /// Strings the new locale had already (with `onlyMissing`), left as they are.
        public var stringsKept = 0
    }

    /// Copies every localization of `source` into `locale` in each string that has one: units
    /// marked `needs_review`, variations and substitutions copied whole, and every plural
    /// variation given the categories `locale`'s language needs (from its `other`). With
    /// `onlyMissing`, strings that have a `locale` localization keep it; otherwise they are
    /// replaced (the command refuses an existing locale without `--merge`).
    public static func apply(_ locale: UTF8Bytes, copyingFrom source: UTF8Bytes, onlyMissing: Bool, to catalog: Catalog) -> Outcome {
        var outcome = Outcome(catalog: catalog)
        let categories = PluralCategories.required(for: locale.string)
        var strings = catalog.strings
        for index in strings.members.indices {
            guard var entry = strings.members[index].value.materialized.object,
                var localizations = entry[Name.localizations]?.object,
                let from = localizations[key: source]
            else { continue }
            if onlyMissing && localizations[key: locale] != nil {
                outcome.stringsKept += 1
                continue
            }
            localizations[key: locale] = reviewCopy(from.materialized, categories: categories, outcome: &outcome)
            entry[Name.localizations] = .object(localizations)
            strings.members[index].value = .object(entry)
            outcome.stringsAdded += 1
        }
        outcome.catalog.strings = strings
        return outcome
    }

    /// `value` with each unit's state `needs_review` and each plural variation completed.
    static func reviewCopy(_ value: JSONValue, categories: [String], outcome: inout Outcome) -> JSONValue {
        guard case .object(var object) = value.materialized else { return value }
        for index in object.members.indices {
            let name = object.members[index].key
            if name.equals(Name.stringUnit) || name.equals(Name.stringSet) {
                guard case .object(var unit) = object.members[index].value.materialized else { continue }
                unit[Name.state] = UnitState.needsReview.json
                object.members[index].value = .object(unit)
                outcome.unitsCopied += 1
                continue
            }
            var copied = reviewCopy(object.members[index].value, categories: categories, outcome: &outcome)
            if name.equals(Name.variations), case .object(var variations) = copied,
                case .object(var plural)? = variations[Name.plural], let other = plural[key: "other"] {
                for category in categories where plural[key: UTF8Bytes(category)] == nil {
                    plural[key: UTF8Bytes(category)] = other
                    outcome.pluralFormsFilled += 1
                    outcome.unitsCopied += units(in: other)
                }
                variations[Name.plural] = .object(plural)
                copied = .object(variations)
            }
            object.members[index].value = copied
        }
        return .object(object)
    }

    /// The string units below `value`.
    static func units(in value: JSONValue) -> Int {
        guard case .object(let object) = value.materialized else { return 0 }
        return object.members.reduce(0) { count, member in
            count + (member.key.equals(Name.stringUnit) || member.key.equals(Name.stringSet) ? 1 : units(in: member.value))
        }
    }
}

/// The catalog's member names, each spelled once in `CatalogSchema`.
typealias Name = CatalogSchema.Name

extension Catalog {
    /// The locales any string of the catalog has a localization in.
    public var locales: Set<UTF8Bytes> {
        var found = Set<UTF8Bytes>()
        for member in strings.members {
            for locale in member.value.object?[Name.localizations]?.object?.keys ?? [] { found.insert(locale) }
        }
        return found
    }
}
