import StringCatalog

/// A diff of one catalog file, ready to show.
public struct FileDiff: Sendable {
    public let path: String
    public let diff: CatalogDiff
    /// Counted once, for the summary, `--stat`, JSON and markdown alike.
    public let counts: Counts

    /// Whether the catalog is in both versions, or only in the new one or the old one.
    public enum Presence: String, Sendable {
        case both = "changed", added, deleted
    }

    public let presence: Presence

    /// A new or deleted catalog is said to be one: its `sourceLanguage` and `version` going from
    /// none to a value (or back) are no changes of their own.
    public init(path: String, diff: CatalogDiff, presence: Presence = .both) {
        self.path = path
        var diff = diff
        if presence != .both { diff.changes.removeAll { $0.kind == .topLevel } }
        self.diff = diff
        self.presence = presence
        counts = Counts(diff.changes)
    }

    /// What a person reads first: `3 strings added, 1 removed, 1 renamed; 5 translations changed`
    /// (a string is a key's entry, a translation a string in one locale, a form one plural,
    /// device or substitution variant of a translation; every command counts so).
    public var summary: String {
        switch presence {
        case .both: return changeSummary
        case .added: return "new catalog; " + changeSummary
        case .deleted: return "deleted catalog; " + changeSummary
        }
    }

    var changeSummary: String {
        if diff.layoutOnly { return "layout only (key order, indentation: what `xcstrings-merge format` undoes)" }
        var parts: [String] = []
        // `2 strings added, 1 removed`: the first count names what is counted.
        for (count, what) in [(counts.keysAdded, "added"), (counts.keysRemoved, "removed"), (counts.keysRenamed, "renamed")] where count > 0 {
            parts.append(parts.isEmpty ? "\(count) string\(count == 1 ? "" : "s") \(what)" : "\(count) \(what)")
        }
        var text = parts.joined(separator: ", ")
        if counts.translationChanges > 0 {
            if !text.isEmpty { text += "; " }
            text += "\(counts.translationChanges) translation\(counts.translationChanges == 1 ? "" : "s") changed"
            if counts.formChanges != counts.translationChanges { text += " (\(counts.formChanges) forms)" }
        }
        if counts.otherChanges > 0 {
            if !text.isEmpty { text += "; " }
            text += "\(counts.otherChanges) other change\(counts.otherChanges == 1 ? "" : "s")"
        }
        return text.isEmpty ? "no change" : text
    }

    /// The counts `--stat` and the summaries show.
    public struct Counts: Sendable {
        public var keysAdded = 0, keysRemoved = 0, keysRenamed = 0
        /// Translations (a string in one locale) of strings that stay that were added, changed or
        /// removed.
        public var translationChanges = 0
        /// The forms changed in them (a plural translation has several).
        public var formChanges = 0
        /// Changes to entry fields and top-level fields.
        public var otherChanges = 0
        /// Per locale, in translations: added, changed, removed, now untranslated.
        public var locales: [(locale: UTF8Bytes, added: Int, changed: Int, removed: Int, untranslated: Int)] = []

        public init(_ changes: [CatalogChange]) {
            var index: [UTF8Bytes: Int] = [:]
            var removedKeys = Set<UTF8Bytes>(), addedKeys = Set<UTF8Bytes>()
            for change in changes {
                switch change.kind {
                case .keyAdded: keysAdded += 1; if let key = change.key { addedKeys.insert(key) }
                case .keyRemoved: keysRemoved += 1; if let key = change.key { removedKeys.insert(key) }
                case .keyRenamed: keysRenamed += 1
                default: break
                }
            }
            // One translation's changes are consecutive (a key's changes come together, and
            // within them each locale's): counted once, as added or removed when all of it came
            // or went, else as changed.
            struct Translation: Equatable { var key: UTF8Bytes?, locale: UTF8Bytes }
            var current: (translation: Translation, slot: Int, kind: Int, untranslated: Bool)?
            func finish() {
                guard let done = current else { return }
                switch done.kind {
                case 1: locales[done.slot].added += 1
                case 2: locales[done.slot].removed += 1
                default: locales[done.slot].changed += 1
                }
                if done.untranslated { locales[done.slot].untranslated += 1 }
            }
            var seen = Set<[UTF8Bytes?]>()
            for change in changes {
                if let key = change.key, removedKeys.contains(key) || addedKeys.contains(key) { continue }
                // A member of a string unit beside its value and state (a comment) is no
                // translation: counted with the other changes.
                let isUnitMember = change.path.count >= 2 && change.path[change.path.count - 2].equals(Name.stringUnit)
                guard let locale = change.locale, !isUnitMember else {
                    if change.kind != .keyRenamed { otherChanges += 1 }
                    continue
                }
                formChanges += 1
                let translation = Translation(key: change.key, locale: locale)
                let untranslated = Self.wasTranslated(change.old) && !Self.wasTranslated(change.new)
                let kind = change.isWholeTranslation ? (change.kind == .added ? 1 : change.kind == .removed ? 2 : 0) : 0
                if var open = current, open.translation == translation {
                    if open.kind != kind { open.kind = 0 }
                    open.untranslated = open.untranslated || untranslated
                    current = open
                    continue
                }
                finish()
                // A locale met again later in the same key (a rename's groups) is the same translation.
                if !seen.insert([change.key, locale]).inserted { current = nil; continue }
                translationChanges += 1
                let slot: Int
                if let found = index[locale] {
                    slot = found
                } else {
                    slot = locales.count
                    index[locale] = slot
                    locales.append((locale, 0, 0, 0, 0))
                }
                current = (translation, slot, kind, untranslated)
            }
            finish()
            locales.sort { $0.locale.string < $1.locale.string }
        }

        static func wasTranslated(_ value: CatalogFact.Value?) -> Bool {
            switch value {
            case .text(_, let state)?, .phrases(_, let state)?: return state?.equals(UnitState.translated.name) ?? true
            default: return false
            }
        }
    }
}

/// How a diff is shown: for a person (`human`, `stat`), a program (`json`) or a pull request
/// (`markdown`).
public enum DiffFormat: String, Sendable, CaseIterable {
    case human, stat, json, markdown
}

/// The colours of `git diff` on a terminal.
public struct DiffColors: Sendable {
    let colours: TerminalColours
    public init(enabled: Bool) { colours = .git(enabled: enabled) }
    func bold(_ text: String) -> String { colours.paint(text, .bold) }
    func added(_ text: String) -> String { colours.paint(text, .green) }
    func removed(_ text: String) -> String { colours.paint(text, .red) }
    func meta(_ text: String) -> String { colours.paint(text, .cyan) }
}

public enum DiffText {
    // MARK: human

    /// Grouped by string, as `git diff` colours it.
    public static func human(_ files: [FileDiff], colors: DiffColors) -> String {
        var out = ""
        for file in files {
            out += colors.bold("\(visible(file.path)): \(file.summary)") + "\n"
            // Each key's changes come together: its name heads them (the top level's have none).
            var previousKey: UTF8Bytes?
            for change in file.diff.changes {
                if change.key != previousKey {
                    previousKey = change.key
                    if let key = change.key, change.kind != .keyAdded, change.kind != .keyRemoved, change.kind != .keyRenamed {
                        out += colors.bold(quoted(key)) + "\n"
                    }
                }
                out += humanLine(change, colors: colors) + "\n"
            }
        }
        return out
    }

    static func humanLine(_ change: CatalogChange, colors: DiffColors) -> String {
        let place = self.place(change)
        switch change.kind {
        case .keyAdded: return colors.added("+ " + quoted(change.key!))
        case .keyRemoved: return colors.removed("- " + quoted(change.key!))
        case .keyRenamed: return colors.bold(quoted(change.renamedFrom!) + " → " + quoted(change.key!)) + colors.meta(" (\(renaming(change)))")
        case .added: return colors.added("  + \(place): \(show(change.new))")
        case .removed: return colors.removed("  - \(place): \(show(change.old))")
        case .state:
            guard case .text(let text, let before)? = change.old, case .text(_, let after)? = change.new else { break }
            return "    \(place): \(quoted(text)) " + colors.removed(visible(before?.string ?? "no state")) + " → " + colors.added(visible(after?.string ?? "no state"))
        case .topLevel:
            return "\(place): " + colors.removed(show(change.old)) + " → " + colors.added(show(change.new))
        default: break
        }
        return "    \(place): " + changeText(change, colors)
    }

    /// `old → new`; a state both sides share is said once, after the new text.
    static func changeText(_ change: CatalogChange, _ colors: DiffColors) -> String {
        switch (change.old, change.new) {
        case (.text(let a, let s1)?, .text(let b, let s2)?) where s1 == s2:
            return colors.removed(quoted(a)) + " → " + colors.added(quoted(b)) + (s2.map { " (\(visible($0.string)))" } ?? "")
        case (.phrases(let a, let s1)?, .phrases(let b, let s2)?) where s1 == s2:
            let removed = a.filter { !b.contains($0) }, added = b.filter { !a.contains($0) }
            var parts: [String] = []
            if !removed.isEmpty { parts.append(colors.removed("- " + removed.map(quoted).joined(separator: ", "))) }
            if !added.isEmpty { parts.append(colors.added("+ " + added.map(quoted).joined(separator: ", "))) }
            if parts.isEmpty { parts.append("order " + colors.removed(a.map(quoted).joined(separator: ", ")) + " → " + colors.added(b.map(quoted).joined(separator: ", "))) }
            return parts.joined(separator: " ")
        default:
            return colors.removed(show(change.old)) + " → " + colors.added(show(change.new))
        }
    }

    /// `[de] plural.one`, `comment`, `version`.
    static func place(_ change: CatalogChange) -> String {
        var parts: [String] = []
        if let locale = change.locale { parts.append("[\(visible(locale.string))]") }
        if !change.path.isEmpty { parts.append(change.path.map { visible($0.string) }.joined(separator: ".")) }
        return parts.joined(separator: " ")
    }

    static func show(_ value: CatalogFact.Value?) -> String {
        switch value {
        case nil: return "(none)"
        case .present?: return "(present)"
        case .text(let text, let state)?: return quoted(text) + (state.map { " (\(visible($0.string)))" } ?? "")
        case .phrases(let phrases, let state)?:
            return (phrases.isEmpty ? "(no phrases)" : phrases.map(quoted).joined(separator: ", ")) + (state.map { " (\(visible($0.string)))" } ?? "")
        case .field(let text, let isString)?: return isString ? quoted(text) : visible(text.string)
        }
    }

    /// "renamed", or for two keys that are the same text in another Unicode normalization (NFC
    /// and NFD: `"Café" → "Café"`, which read alike), what changed.
    static func renaming(_ change: CatalogChange) -> String {
        guard let old = change.renamedFrom, let new = change.key, old.string == new.string else { return "renamed" }
        return "renamed: only the Unicode normalization changed"
    }

    static func quoted(_ text: UTF8Bytes) -> String {
        var bytes: [UInt8] = []
        FactLines.quote(text, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    static func visible(_ text: String) -> String {
        var bytes: [UInt8] = []
        FactLines.visible(UTF8Bytes(text), into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    // MARK: stat

    /// Per file and locale: added, changed, removed, now untranslated.
    public static func stat(_ files: [FileDiff], colors: DiffColors) -> String {
        var out = ""
        for file in files {
            out += colors.bold("\(visible(file.path)): \(file.summary)") + "\n"
            let counts = file.counts
            guard !counts.locales.isEmpty else { continue }
            let width = max(6, counts.locales.map { visible($0.locale.string).count }.max() ?? 0)
            func pad(_ text: String, _ size: Int, right: Bool = true) -> String {
                let fill = String(repeating: " ", count: max(0, size - text.count))
                return right ? fill + text : text + fill
            }
            out += "  " + pad("locale", width, right: false) + "  added  changed  removed  now untranslated\n"
            for row in counts.locales {
                out += "  " + pad(visible(row.locale.string), width, right: false) + "  " + pad(String(row.added), 5) + "  " + pad(String(row.changed), 7)
                    + "  " + pad(String(row.removed), 7) + "  " + pad(String(row.untranslated), 16) + "\n"
            }
        }
        return out
    }

    // MARK: json

    /// `{"files": [{"path", "status", "layoutOnly", "summary", "changes": [{"kind", "key", "from",
    /// "locale", "path", "old", "new", "oldState", "newState"}]}]}`; "old" or "new" is left out
    /// where that side does not have it.
    public static func json(_ files: [FileDiff]) -> [UInt8] {
        var fileValues: [JSONValue] = []
        for file in files {
            let counts = file.counts
            let changes: [JSONValue] = file.diff.changes.map { change in
                var members = [JSONMember(key: "kind", value: .string(UTF8Bytes(change.kind.rawValue)))]
                members.append(JSONMember(key: "key", value: change.key.map(JSONValue.string) ?? .null))
                if let from = change.renamedFrom { members.append(JSONMember(key: "from", value: .string(from))) }
                members.append(JSONMember(key: "locale", value: change.locale.map(JSONValue.string) ?? .null))
                members.append(JSONMember(key: "path", value: .array(change.path.map(JSONValue.string))))
                // A side where the thing is absent has no member: `null` is a value a catalog can
                // hold (`"comment" : null`), and absent → null must read as such.
                if change.old != nil { members.append(JSONMember(key: "old", value: jsonValue(change.old))) }
                if change.new != nil { members.append(JSONMember(key: "new", value: jsonValue(change.new))) }
                if let state = state(change.old) { members.append(JSONMember(key: "oldState", value: .string(state))) }
                if let state = state(change.new) { members.append(JSONMember(key: "newState", value: .string(state))) }
                return .object(JSONObject(members))
            }
            fileValues.append(.object(JSONObject([
                JSONMember(key: "path", value: .string(UTF8Bytes(file.path))),
                JSONMember(key: "status", value: .string(UTF8Bytes(file.presence.rawValue))),
                JSONMember(key: "layoutOnly", value: .bool(file.diff.layoutOnly)),
                JSONMember(key: "summary", value: .object(JSONObject([
                    JSONMember(key: "keysAdded", value: .number(UTF8Bytes(String(counts.keysAdded)))),
                    JSONMember(key: "keysRemoved", value: .number(UTF8Bytes(String(counts.keysRemoved)))),
                    JSONMember(key: "keysRenamed", value: .number(UTF8Bytes(String(counts.keysRenamed)))),
                    JSONMember(key: "translationsChanged", value: .number(UTF8Bytes(String(counts.translationChanges)))),
                    JSONMember(key: "formsChanged", value: .number(UTF8Bytes(String(counts.formChanges)))),
                    JSONMember(key: "otherChanges", value: .number(UTF8Bytes(String(counts.otherChanges)))),
                ]))),
                JSONMember(key: "changes", value: .array(changes)),
            ])))
        }
        var writer = XcodeWriter()
        writer.sortsKeys = false
        writer.write(.object(JSONObject([JSONMember(key: "files", value: .array(fileValues))])), indent: 0)
        return writer.output + [0x0A]
    }

    static func jsonValue(_ value: CatalogFact.Value?) -> JSONValue {
        switch value {
        case nil, .present?: return .null
        case .text(let text, _)?: return .string(text)
        case .phrases(let phrases, _)?: return .array(phrases.map(JSONValue.string))
        case .field(let text, let isString)?: return isString ? .string(text) : ((try? JSONReader.parse(Array(text.bytes))) ?? .string(text))
        }
    }

    static func state(_ value: CatalogFact.Value?) -> UTF8Bytes? {
        switch value {
        case .text(_, let state)?, .phrases(_, let state)?: return state
        default: return nil
        }
    }

    // MARK: markdown

    /// A pull-request comment: per file a summary, a table per locale and the changes, those
    /// after the first `shown` folded in `<details>`. Every piece of catalog text is escaped
    /// (`MarkdownText`): none can close the table, the list or the `<details>`, or add a link,
    /// an image or HTML.
    ///
    /// With `maximumBytes`, the text stays within that many bytes of UTF-8: GitHub drops a job
    /// summary over 1 MiB whole and refuses a comment over 65,536 characters. The per-string lines
    /// are what gives way: files keep theirs in order while they fit, each file that lost some
    /// says how many, and its summary and table of counts stay whole. Catalogs whose headings alone no longer fit
    /// are named in one closing line with their count.
    public static func markdown(_ files: [FileDiff], shown: Int = 25, maximumBytes: Int? = nil) -> String {
        let heads = files.map(markdownHead)
        let lines = files.map { $0.diff.layoutOnly ? [] : $0.diff.changes.map(markdownLine) }
        var kept = lines.map(\.count)
        var headsKept = files.count
        if let maximumBytes {
            // Room kept for the closing line, each file's note and a `<details>` wrapper: more
            // than their longest text, so that what is kept never goes over.
            let closingRoom = 320, noteRoom = 240, detailsRoom = 96
            var budget = maximumBytes - closingRoom
            headsKept = 0
            for head in heads {
                let cost = head.utf8.count + 1 + noteRoom + detailsRoom
                guard cost <= budget else { break }
                budget -= cost
                headsKept += 1
            }
            for index in 0..<files.count {
                guard index < headsKept else { kept[index] = 0; continue }
                var taken = 0
                for line in lines[index] {
                    let cost = line.utf8.count + 1
                    guard cost <= budget else { break }
                    budget -= cost
                    taken += 1
                }
                kept[index] = taken
                if taken < lines[index].count { budget = 0 }
            }
        }
        var out = ""
        for index in 0..<headsKept {
            out += heads[index]
            if files[index].diff.layoutOnly { continue }
            out += markdownLines(lines[index], kept: kept[index], shown: shown)
        }
        if headsKept < files.count, let maximumBytes {
            let rest = files[headsKept...]
            let strings = rest.reduce(0) { $0 + $1.counts.keysAdded + $1.counts.keysRemoved + $1.counts.keysRenamed }
            let translations = rest.reduce(0) { $0 + $1.counts.translationChanges }
            let count = rest.count
            out += "_\(count) more catalog\(count == 1 ? "" : "s") changed (\(strings) string\(strings == 1 ? "" : "s") added, removed or renamed; \(translations) translation\(translations == 1 ? "" : "s") changed), left out to stay within \(maximumBytes) bytes: `xcstrings-merge diff` shows them._\n"
        }
        return out
    }

    /// A file's heading, summary and table of counts per locale.
    static func markdownHead(_ file: FileDiff) -> String {
        var out = "#### " + MarkdownText.code(file.path) + "\n\n"
        out += MarkdownText.escape(file.summary) + "\n\n"
        if file.diff.layoutOnly { return out }
        let counts = file.counts
        if !counts.locales.isEmpty {
            out += "| locale | added | changed | removed | now untranslated |\n| --- | ---: | ---: | ---: | ---: |\n"
            for row in counts.locales {
                out += "| \(MarkdownText.code(row.locale.string, inTableCell: true)) | \(row.added) | \(row.changed) | \(row.removed) | \(row.untranslated) |\n"
            }
            out += "\n"
        }
        return out
    }

    /// The first `kept` of a file's change lines, those after `shown` folded in `<details>`,
    /// then how many were left out.
    static func markdownLines(_ lines: [String], kept: Int, shown: Int) -> String {
        var out = ""
        for line in lines.prefix(min(shown, kept)) { out += line + "\n" }
        if kept > shown {
            out += "\n<details><summary>\(kept - shown) more change\(kept - shown == 1 ? "" : "s")</summary>\n\n"
            for line in lines[shown..<kept] { out += line + "\n" }
            out += "\n</details>\n"
        }
        if kept < lines.count {
            let left = lines.count - kept
            out += "\n_\(left) more change\(left == 1 ? "" : "s") to this catalog left out to stay within the size limit (the counts above are complete): `xcstrings-merge diff` shows every line._\n"
        }
        return out + "\n"
    }

    static func markdownLine(_ change: CatalogChange) -> String {
        let key = change.key.map { MarkdownText.code(quoted($0)) } ?? ""
        let place = MarkdownText.code(self.place(change))
        func text(_ value: CatalogFact.Value?) -> String { MarkdownText.code(show(value)) }
        switch change.kind {
        case .keyAdded: return "- added \(key)"
        case .keyRemoved: return "- removed \(key)"
        case .keyRenamed:
            let normalization = renaming(change) == "renamed" ? "" : " (only the Unicode normalization changed)"
            return "- renamed \(MarkdownText.code(quoted(change.renamedFrom!))) → \(key)\(normalization)"
        case .added: return "- \(key) \(place): added \(text(change.new))"
        case .removed: return "- \(key) \(place): removed \(text(change.old))"
        case .topLevel: return "- \(place): \(text(change.old)) → \(text(change.new))"
        default: return "- \(key) \(place): " + MarkdownText.code(changeText(change, DiffColors(enabled: false)))
        }
    }
}
