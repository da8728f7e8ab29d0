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
        /// Strings the new locale had already (with `onlyMissing`), complete, left as they are.
        public var stringsKept = 0
        /// Strings the locale had already, given the units they lacked (with `onlyMissing`).
        public var stringsFilled = 0
    }

    /// Copies every localization of `source` into `locale` in each string that has one: units
    /// marked `needs_review`, variations and substitutions copied whole, and every plural
    /// variation given the categories `locale`'s language needs (from its `other`). With
    /// `onlyMissing`, a string that has a `locale` localization keeps every unit of it and gets
    /// only those it lacks (`fillingMissing`); otherwise it is replaced (the command refuses an
    /// existing locale without `--merge`).
    public static func apply(_ locale: UTF8Bytes, copyingFrom source: UTF8Bytes, onlyMissing: Bool, to catalog: Catalog) -> Outcome {
        var outcome = Outcome(catalog: catalog)
        let categories = PluralCategories.required(for: locale.string)
        // The members changed in a local array: each assignment through `JSONObject.members`
        // (which has observers) would copy the whole array.
        var strings = catalog.strings
        var members = strings.members
        for index in members.indices {
            guard var entry = members[index].value.materialized.object,
                var localizations = entry[Name.localizations]?.object,
                let from = localizations[key: source]
            else { continue }
            if onlyMissing, case .object(let existing)? = localizations[key: locale]?.materialized {
                // Only the units the locale lacks: forms of a variation it has, cases of a
                // substitution it declares, its whole unit when it has none.
                var formsFilled = 0
                guard case .object(let copy) = reviewCopy(from.materialized, categories: categories, pluralFormsFilled: &formsFilled) else { continue }
                let before = units(in: .object(existing))
                let filled = fillingMissing(existing, from: copy)
                let added = units(in: .object(filled)) - before
                guard added > 0 else {
                    outcome.stringsKept += 1
                    continue
                }
                outcome.unitsCopied += added
                outcome.stringsFilled += 1
                localizations[key: locale] = .object(filled)
                entry[Name.localizations] = .object(localizations)
                members[index].value = .object(entry)
                continue
            }
            let copy = reviewCopy(from.materialized, categories: categories, pluralFormsFilled: &outcome.pluralFormsFilled)
            outcome.unitsCopied += units(in: copy)
            localizations[key: locale] = copy
            entry[Name.localizations] = .object(localizations)
            members[index].value = .object(entry)
            outcome.stringsAdded += 1
        }
        strings.members = members
        outcome.catalog.strings = strings
        return outcome
    }

    /// `value` with each unit's state `needs_review` and each plural variation completed (the
    /// forms made counted in `pluralFormsFilled`). A plural nested in a plural's case (which
    /// Xcode never writes) is copied as it is: completing each level from `other` would copy
    /// the levels below it again at every level, exponentially in the depth.
    static func reviewCopy(
        _ value: JSONValue, categories: [String], isVariations: Bool = false, insidePlural: Bool = false, pluralFormsFilled: inout Int
    ) -> JSONValue {
        guard case .object(var object) = value.materialized else { return value }
        for index in object.members.indices {
            let name = object.members[index].key
            if name.equals(Name.stringUnit) || name.equals(Name.stringSet) {
                guard case .object(var unit) = object.members[index].value.materialized else { continue }
                unit[Name.state] = UnitState.needsReview.json
                object.members[index].value = .object(unit)
                continue
            }
            var copied = reviewCopy(
                object.members[index].value, categories: categories, isVariations: name.equals(Name.variations),
                insidePlural: insidePlural || (isVariations && name.equals(Name.plural)), pluralFormsFilled: &pluralFormsFilled)
            if !insidePlural, name.equals(Name.variations), case .object(var variations) = copied,
                case .object(var plural)? = variations[Name.plural], let other = plural[key: "other"] {
                for category in categories where plural[key: UTF8Bytes(category)] == nil {
                    plural[key: UTF8Bytes(category)] = other
                    pluralFormsFilled += 1
                }
                variations[Name.plural] = .object(plural)
                copied = .object(variations)
            }
            object.members[index].value = copied
        }
        return .object(object)
    }

    /// `existing` with what `copy` has and it lacks, never mixing shapes: a plain unit where it
    /// has neither unit nor variations, the cases of a variation kind it has, the cases of a
    /// substitution it declares; what it has is never replaced.
    static func fillingMissing(_ existing: JSONObject, from copy: JSONObject) -> JSONObject {
        var result = existing
        let hasUnit = existing[Name.stringUnit] != nil || existing[Name.stringSet] != nil
        for member in copy.members {
            if member.key.equals(Name.stringUnit) || member.key.equals(Name.stringSet) {
                if !hasUnit && existing[Name.variations] == nil { result[key: member.key] = member.value }
            } else if member.key.equals(Name.variations) {
                guard case .object(let copied) = member.value.materialized else { continue }
                guard case .object(var variations)? = existing[Name.variations]?.materialized else {
                    if !hasUnit { result[key: member.key] = member.value }
                    continue
                }
                for kind in copied.members {
                    guard case .object(var cases)? = variations[key: kind.key]?.materialized, case .object(let copiedCases) = kind.value.materialized else { continue }
                    for variant in copiedCases.members {
                        if case .object(let have)? = cases[key: variant.key]?.materialized, case .object(let more) = variant.value.materialized {
                            cases[key: variant.key] = .object(fillingMissing(have, from: more))
                        } else if cases[key: variant.key] == nil {
                            cases[key: variant.key] = variant.value
                        }
                    }
                    variations[key: kind.key] = .object(cases)
                }
                result[Name.variations] = .object(variations)
            } else if member.key.equals(Name.substitutions) {
                guard case .object(var substitutions)? = existing[Name.substitutions]?.materialized, case .object(let copied) = member.value.materialized else { continue }
                for substitution in copied.members {
                    if case .object(let have)? = substitutions[key: substitution.key]?.materialized, case .object(let more) = substitution.value.materialized {
                        substitutions[key: substitution.key] = .object(fillingMissing(have, from: more))
                    }
                }
                result[Name.substitutions] = .object(substitutions)
            }
        }
        return result
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
