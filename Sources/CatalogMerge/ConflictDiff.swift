import StringCatalog

/// What each side changed in a conflict on a whole entry or localization, for people: per
/// locale and member, base → ours and base → theirs, with string units as their text and state.
public enum ConflictDiff {
    /// One place that differs between the sides.
    public struct Change: Equatable, Sendable {
        /// `[de] stringUnit`, `[fr] variations.plural.one`, or `comment` for an entry's own field.
        public var place: String
        public var base: String?
        public var ours: String?
        public var theirs: String?

        public init(place: String, base: String?, ours: String?, theirs: String?) {
            self.place = place
            self.base = base
            self.ours = ours
            self.theirs = theirs
        }
    }

    /// Whether the conflict is on a whole entry or a whole localization (an object whose
    /// members a person needs to see), rather than on one value.
    public static func appliesTo(_ conflict: MergeConflict) -> Bool {
        guard conflict.location.path.isEmpty else { return false }
        return [conflict.base, conflict.ours, conflict.theirs].contains { $0?.materialized.object != nil }
    }

    /// The places where base, ours and theirs differ, in order.
    public static func changes(in conflict: MergeConflict) -> [Change] {
        let sides = [conflict.base, conflict.ours, conflict.theirs].map { value in
            value.map { leaves(of: $0.materialized, at: []) } ?? [:]
        }
        var places: [[UTF8Bytes]] = []
        var seen = Set<[UTF8Bytes]>()
        for side in sides {
            for path in side.keys.sorted(by: { $0.lexicographicallyPrecedes($1) { $0.string < $1.string } }) where seen.insert(path).inserted {
                places.append(path)
            }
        }
        places.sort { $0.lexicographicallyPrecedes($1) { $0.string < $1.string } }
        var changes: [Change] = []
        for path in places {
            let base = sides[0][path], ours = sides[1][path], theirs = sides[2][path]
            // A side that deleted the whole value changed nothing inside it worth listing.
            let oursChanged = conflict.ours != nil && ours != base
            let theirsChanged = conflict.theirs != nil && theirs != base
            if !oursChanged && !theirsChanged { continue }
            changes.append(Change(place: describe(path, locale: conflict.location.locale), base: base, ours: ours, theirs: theirs))
        }
        return changes
    }

    /// Lines describing the conflict's changes, wrapped to `width` columns: a heading per place,
    /// then what ours and theirs made of the base's value. `renamedFrom` names the old key when
    /// the merge followed a rename to this one.
    public static func lines(
        for conflict: MergeConflict, labels: MergeLabels, renamedFrom: (key: UTF8Bytes, by: String)? = nil, width: Int = 100
    ) -> [String] {
        var lines: [String] = []
        if let renamedFrom, let key = conflict.location.key {
            lines.append("\"\(renamedFrom.key)\" was renamed to \"\(key)\" by \(renamedFrom.by)")
        }
        guard appliesTo(conflict) else { return lines }
        if conflict.ours == nil { lines.append("\(labels.name(.ours)) deleted it") }
        if conflict.theirs == nil { lines.append("\(labels.name(.theirs)) deleted it") }
        let oursName = labels.name(.ours), theirsName = labels.name(.theirs)
        let nameWidth = max(oursName.count, theirsName.count) + 2
        for change in changes(in: conflict) {
            lines.append(change.place)
            for (name, value, present) in [(oursName, change.ours, conflict.ours != nil), (theirsName, change.theirs, conflict.theirs != nil)] where present {
                let label = "  " + name + ":" + String(repeating: " ", count: nameWidth - name.count - 1)
                let text = value == change.base ? "unchanged" : "\(change.base ?? "(absent)") → \(value ?? "(deleted)")"
                lines += wrap(text, firstPrefix: label, width: width)
            }
        }
        return lines
    }

    /// `text` broken at spaces into lines of at most `width` columns, the first after
    /// `firstPrefix`, the rest indented as far.
    public static func wrap(_ text: String, firstPrefix: String, width: Int) -> [String] {
        let indent = String(repeating: " ", count: firstPrefix.count)
        let room = max(width - firstPrefix.count, 20)
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false) {
            var word = Substring(word)
            while word.count > room {
                if !current.isEmpty { lines.append(current); current = "" }
                lines.append(String(word.prefix(room)))
                word = word.dropFirst(room)
            }
            if current.isEmpty {
                current = String(word)
            } else if current.count + 1 + word.count <= room {
                current += " " + word
            } else {
                lines.append(current)
                current = String(word)
            }
        }
        lines.append(current)
        return lines.enumerated().map { ($0.offset == 0 ? firstPrefix : indent) + $0.element }
    }

    /// Every leaf below `value`: a string unit as `"text" (state)`, other values as JSON.
    static func leaves(of value: JSONValue, at path: [UTF8Bytes]) -> [[UTF8Bytes]: String] {
        guard case .object(let object) = value else { return [path: scalarText(value)] }
        if let text = object[Name.value]?.stringValue, object.members.allSatisfy({ $0.key.equals(Name.value) || $0.key.equals(Name.state) }) {
            let state = object[Name.state]?.stringValue.map { " (\($0))" } ?? ""
            return [path: quoted(text.string) + state]
        }
        if object.isEmpty { return [path: "{}"] }
        var result: [[UTF8Bytes]: String] = [:]
        for member in object.members {
            result.merge(leaves(of: member.value.materialized, at: path + [member.key])) { first, _ in first }
        }
        return result
    }

    static func scalarText(_ value: JSONValue) -> String {
        switch value {
        case .string(let text): return quoted(text.string)
        default: return String(decoding: XcodeWriter.bytes(of: value), as: UTF8.self)
        }
    }

    static func quoted(_ text: String) -> String {
        "\"" + VisibleText.inline(text.replacingAll("\\", "\\\\").replacingAll("\"", "\\\"")) + "\""
    }

    /// `[locale] member.path` for a localization's members, `member.path` for an entry's own.
    static func describe(_ path: [UTF8Bytes], locale: UTF8Bytes?) -> String {
        var path = path
        var locale = locale
        if locale == nil, path.count >= 2, path[0].equals(Name.localizations) {
            locale = path[1]
            path = Array(path.dropFirst(2))
        }
        let members = VisibleText.name(path.map(\.string).joined(separator: "."))
        guard let locale else { return members.isEmpty ? "(entry)" : members }
        let name = VisibleText.name(locale.string)
        return members.isEmpty ? "[\(name)]" : "[\(name)] \(members)"
    }
}
