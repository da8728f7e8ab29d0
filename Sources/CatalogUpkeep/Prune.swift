import StringCatalog

/// `prune`: the strings a catalog keeps for nothing. Xcode marks a string `stale` when the code
/// no longer uses it and never removes it; each one is still sent to translators.
public enum Prune {
    public enum Reason: String, Sendable, CaseIterable {
        /// Xcode marked it stale, and the sources (when read) do not name it.
        case stale
        /// Not stale, but the sources do not name it (`--unused`).
        case unused
    }

    /// A string to remove, and the translations that go with it.
    public struct Removal: Sendable, Equatable {
        public var key: UTF8Bytes
        public var reason: Reason
        /// Its localizations other than the source language's.
        public var translations: Int
    }

    /// Why a string that could have gone stays.
    public enum Keep: String, Sendable {
        /// Stale, yet the sources still name it.
        case inSources = "still in the sources"
        /// A manual string, kept without `--include-manual`.
        case manual = "manual"
    }

    public struct Plan: Sendable {
        public var catalog: Catalog
        public var removals: [Removal] = []
        public var kept: [(key: UTF8Bytes, reason: Keep)] = []

        /// The plan as `prune --format json` prints it for one catalog: `{"path", "written",
        /// "removals": [{"key", "reason", "translations"}], "kept": [{"key", "reason"}]}`.
        public func json(path: String, written: Bool) -> JSONValue {
            .object(JSONObject([
                JSONMember(key: "path", value: .string(UTF8Bytes(path))),
                JSONMember(key: "written", value: .bool(written)),
                JSONMember(key: "removals", value: .array(removals.map { removal in
                    .object(JSONObject([
                        JSONMember(key: "key", value: .string(removal.key)), JSONMember(key: "reason", value: .string(UTF8Bytes(removal.reason.rawValue))),
                        JSONMember(key: "translations", value: .number(UTF8Bytes(String(removal.translations)))),
                    ]))
                })),
                JSONMember(key: "kept", value: .array(kept.map { kept in
                    .object(JSONObject([JSONMember(key: "key", value: .string(kept.key)), JSONMember(key: "reason", value: .string(UTF8Bytes(kept.reason.rawValue)))]))
                })),
            ]))
        }

        public func count(_ reason: Reason) -> (strings: Int, translations: Int) {
            let matching = removals.filter { $0.reason == reason }
            return (matching.count, matching.reduce(0) { $0 + $1.translations })
        }
    }

    /// What to remove from `catalog`: its stale strings, but those `evidence` finds used; with
    /// `unused` (which needs evidence), every other string the evidence does not find, manual
    /// ones only with `includeManual`. The plan's catalog is the catalog without them.
    public static func plan(_ catalog: Catalog, evidence: SourceEvidence?, unused: Bool, includeManual: Bool) -> Plan {
        var plan = Plan(catalog: catalog)
        let source = catalog.sourceLanguage
        var kept: [JSONMember] = []
        for member in catalog.strings.members {
            let entry = member.value.object
            let extraction = entry?[Name.extractionState]?.stringValue
            let used = evidence?.uses(member.key.string)
            var reason: Reason?
            if ExtractionState.stale.isNamed(by: extraction) {
                if used == true { plan.kept.append((member.key, .inSources)) } else { reason = .stale }
            } else if unused, used == false {
                if ExtractionState.manual.isNamed(by: extraction) && !includeManual {
                    plan.kept.append((member.key, .manual))
                } else {
                    reason = .unused
                }
            }
            guard let reason else {
                kept.append(member)
                continue
            }
            let locales = entry?[Name.localizations]?.object?.keys ?? []
            plan.removals.append(Removal(key: member.key, reason: reason, translations: locales.filter { $0 != source }.count))
        }
        if !plan.removals.isEmpty {
            var strings = catalog.strings
            strings.members = kept
            plan.catalog.strings = strings
        }
        return plan
    }
}
