/// Edits Xcode cannot make: renaming keys and removing a language.

/// One key to rename.
public struct KeyRename: Sendable, Equatable {
    public var old: UTF8Bytes
    public var new: UTF8Bytes
    public init(old: UTF8Bytes, new: UTF8Bytes) {
        self.old = old
        self.new = new
    }
}

public enum KeyRenaming {
    /// Reasons a list of renames cannot be applied as a whole: a key renamed twice, two keys
    /// renamed to one, a chain (a new name that is also renamed), or a key renamed to itself.
    public static func problems(in renames: [KeyRename]) -> [String] {
        var problems: [String] = []
        var olds: [UTF8Bytes: UTF8Bytes] = [:]
        var news: [UTF8Bytes: UTF8Bytes] = [:]
        for rename in renames {
            if rename.old == rename.new { problems.append("\"\(rename.old)\" is renamed to itself") }
            if let earlier = olds[rename.old], earlier != rename.new {
                problems.append("\"\(rename.old)\" is renamed twice: to \"\(earlier)\" and to \"\(rename.new)\"")
            }
            if let earlier = news[rename.new], earlier != rename.old {
                problems.append("\"\(earlier)\" and \"\(rename.old)\" are both renamed to \"\(rename.new)\"")
            }
            olds[rename.old] = rename.new
            news[rename.new] = rename.old
        }
        for rename in renames where olds[rename.new] != nil && rename.old != rename.new {
            problems.append("chained renames: \"\(rename.old)\" → \"\(rename.new)\" → \"\(olds[rename.new]!)\"; rename in two steps")
        }
        return problems
    }

    /// Reads a rename map: lines `old<TAB>new` (empty lines and lines starting with `#` are
    /// skipped), or a JSON object `{"old" : "new", …}`.
    public static func parseMap(_ bytes: [UInt8]) throws(JSONError) -> [KeyRename] {
        let firstSignificant = bytes.first { $0 != 0x20 && $0 != 0x0A && $0 != 0x0D && $0 != 0x09 && $0 != 0xEF && $0 != 0xBB && $0 != 0xBF }
        if firstSignificant == UInt8(ascii: "{") {
            guard case .object(let object) = try JSONReader.parse(bytes) else { return [] }
            var renames: [KeyRename] = []
            for member in object.members {
                guard case .string(let new) = member.value else {
                    throw JSONError(message: "the new name for \"\(member.key)\" is \(member.value.typeDescription); expected a string", line: 1, column: 1, offset: member.offset)
                }
                renames.append(KeyRename(old: member.key, new: new))
            }
            return renames
        }
        var renames: [KeyRename] = []
        var lineNumber = 0
        for line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
            lineNumber += 1
            var line = Array(line)
            if line.last == 0x0D { line.removeLast() }
            // A comment is a line that starts with # and has no tab: `#%@<TAB>count` is a key.
            if line.isEmpty || (line.first == UInt8(ascii: "#") && !line.contains(0x09)) { continue }
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
            guard fields.count == 2, !fields[0].isEmpty, !fields[1].isEmpty else {
                throw JSONError(message: "expected 'old<TAB>new', found \(fields.count == 1 ? "no tab" : "\(fields.count - 1) tabs or an empty name")", line: lineNumber, column: 1, offset: 0)
            }
            // Decoding replaces invalid sequences, so a change means the bytes were not UTF-8.
            let old = String(decoding: fields[0], as: UTF8.self), new = String(decoding: fields[1], as: UTF8.self)
            guard old.utf8.elementsEqual(fields[0]), new.utf8.elementsEqual(fields[1]) else {
                throw JSONError(message: "invalid UTF-8", line: lineNumber, column: 1, offset: 0)
            }
            renames.append(KeyRename(old: UTF8Bytes(old), new: UTF8Bytes(new)))
        }
        return renames
    }

    /// What renaming did to one catalog.
    public struct Outcome: Sendable {
        public var catalog: Catalog
        /// The renames made, in the order given.
        public var renamed: [KeyRename] = []
        /// Old keys that were the source text (no source-language localization): the new entry
        /// got one holding the old key, so that the app still shows the same text.
        public var sourceTextAdded: [UTF8Bytes] = []
        /// Renames refused because the new key exists.
        public var collisions: [KeyRename] = []
    }

    /// Applies every rename whose old key is in `catalog`. Each entry moves whole; an entry
    /// without a source-language localization first gets one whose value is the old key.
    public static func apply(_ renames: [KeyRename], to catalog: Catalog) -> Outcome {
        var outcome = Outcome(catalog: catalog)
        var strings = catalog.strings
        let sourceLanguage = catalog.sourceLanguage ?? UTF8Bytes("en")
        for rename in renames {
            guard let entry = strings[key: rename.old] else { continue }
            if strings[key: rename.new] != nil {
                outcome.collisions.append(rename)
                continue
            }
            var object = entry.materialized.object ?? JSONObject()
            var localizations = object[Name.localizations]?.object ?? JSONObject()
            if localizations[key: sourceLanguage] == nil {
                localizations[key: sourceLanguage] = .object(.localization(rename.old, state: .translated))
                object[Name.localizations] = .object(localizations)
                outcome.sourceTextAdded.append(rename.old)
            }
            strings[key: rename.old] = nil
            strings[key: rename.new] = .object(object)
            outcome.renamed.append(rename)
        }
        outcome.catalog.strings = strings
        return outcome
    }
}

public enum LocaleRemoval {
    /// What removing locales did to one catalog.
    public struct Outcome: Sendable {
        public var catalog: Catalog
        /// Strings that lost at least one localization.
        public var stringsChanged = 0
        /// Localizations removed, per locale.
        public var removed: [UTF8Bytes: Int] = [:]
    }

    /// Removes every localization of `locales` from every string of `catalog`.
    public static func apply(_ locales: [UTF8Bytes], to catalog: Catalog) -> Outcome {
        var outcome = Outcome(catalog: catalog)
        var strings = catalog.strings
        for index in strings.members.indices {
            guard var entry = strings.members[index].value.materialized.object,
                var localizations = entry[Name.localizations]?.object
            else { continue }
            var changed = false
            for locale in locales where localizations[key: locale] != nil {
                localizations[key: locale] = nil
                outcome.removed[locale, default: 0] += 1
                changed = true
            }
            guard changed else { continue }
            entry[Name.localizations] = .object(localizations)
            strings.members[index].value = .object(entry)
            outcome.stringsChanged += 1
        }
        outcome.catalog.strings = strings
        return outcome
    }
}
