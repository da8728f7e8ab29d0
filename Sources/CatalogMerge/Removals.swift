import StringCatalog

/// What one side removed while the other left it as the base had it: R0 carries the removal
/// into the output without a conflict, as it should, but a person should see it go. In 27 of
/// 1,104 real merges the committers put back what one side had deleted (a whole locale in one),
/// perhaps because nothing said it went.
public struct Removal: Sendable, Equatable {
    public enum Scope: String, Sendable {
        /// A whole key.
        case key
        /// A whole localization of a key.
        case locale
        /// A part of a localization: a plural or device case, a substitution.
        case variation
    }

    public var side: Side
    public var scope: Scope
    public var location: MergeLocation
    /// What the base had there (and the side that left it still has, in its commit).
    public var value: JSONValue?

    public init(side: Side, scope: Scope, location: MergeLocation, value: JSONValue?) {
        self.side = side
        self.scope = scope
        self.location = location
        self.value = value
    }
}

extension Removal {
    /// `removals` less the keys a side removed and added again, unchanged, under another name:
    /// renamed, with every translation, which R10 need not follow when the other side left the
    /// key alone. Compared by a hash of each entry's bytes, then whole.
    static func withoutRenames(_ removals: [Removal], added: [(side: Side, value: JSONValue)]) -> [Removal] {
        guard !added.isEmpty, removals.contains(where: { $0.scope == .key }) else { return removals }
        func hash(_ value: JSONValue) -> UInt64 {
            var hash = ByteHash()
            if case .raw(let raw) = value {
                raw.bytes.withUnsafeBufferPointer { hash.combine($0) }
            } else {
                XcodeWriter.bytes(of: value).withUnsafeBufferPointer { hash.combine($0) }
            }
            return hash.finalize()
        }
        // Per side and hash, the added entries; each accounts for one removed key at most, taken
        // from the end (identical entries by the thousand stay linear).
        var byHash: [Side: [UInt64: [JSONValue]]] = [:]
        for entry in added { byHash[entry.side, default: [:]][hash(entry.value), default: []].append(entry.value) }
        return removals.filter { removal in
            guard removal.scope == .key, let value = removal.value else { return true }
            let bucket = hash(value)
            guard let candidates = byHash[removal.side]?[bucket], let match = candidates.lastIndex(where: { $0 == value }) else { return true }
            byHash[removal.side]![bucket]!.remove(at: match)
            return false
        }
    }
}

extension ThreeWayMerge {
    /// What the merge notes as removed when it takes `side`'s `locale` localization of `key`
    /// (`taken`, nil when it has none) whole, the other side's being the base's (R0): the
    /// localization itself, or the cases of its variations and substitutions, `side` removed
    /// from `base`. For a caller that settles such a localization itself, without the merge.
    public static func removals(fromLocalization locale: UTF8Bytes, ofKey key: UTF8Bytes, base: JSONValue, taken: JSONValue?, by side: Side) -> [Removal] {
        var merge = ThreeWayMerge(options: MergeOptions())
        let trail = Trail().child(key, of: .strings).child(locale, of: .localizations)
        merge.noteRemovals(base: base, taken: taken, side: side, kind: .localization, at: trail)
        return merge.report.removals
    }

    /// Notes what `side` removed from `base` in the version the output takes (`taken`, nil when
    /// the whole node went): keys, localizations and the cases of variations and substitutions.
    /// Called only where one side changed a node and the other did not.
    @inline(never)
    mutating func noteRemovals(base: JSONValue, taken: JSONValue?, side: Side, kind: NodeKind, at trail: Trail) {
        guard let taken else {
            guard trail.key != nil else { return }
            switch kind {
            case .entry: report.removals.append(Removal(side: side, scope: .key, location: trail.location, value: base))
            case .localization where trail.path.isEmpty:
                report.removals.append(Removal(side: side, scope: .locale, location: trail.location, value: base))
            case .localization, .substitution:
                report.removals.append(Removal(side: side, scope: .variation, location: trail.location, value: base))
            default: break
            }
            return
        }
        guard kind.holdsTranslations else { return }
        // A localization holds removable parts only in variations or substitutions: most are a
        // string unit, passed over without reading them.
        if kind == .localization && !Self.mayHold(base, "\"variations\"") && !Self.mayHold(base, "\"substitutions\"") { return }
        guard let baseObject = base.object, let takenObject = taken.object else { return }
        // The kinds below which only named members can hold translations (the schema's nodes)
        // look those up; the others (its maps) compare every member, by a table when there are many (an entry's 100,000
        // locales in a hostile input), else one by one.
        let fixed = kind.membersHoldingTranslations
        if let fixed {
            for name in fixed {
                guard let inBase = baseObject[key: name] else { continue }
                let inTaken = takenObject[key: name]
                if inTaken == inBase { continue }
                noteRemovals(base: inBase, taken: inTaken, side: side, kind: kind.child(name), at: trail.child(name, of: kind))
            }
            return
        }
        var takenMembers: [UTF8Bytes: JSONValue] = [:]
        let wide = takenObject.count > 16
        if wide {
            takenMembers.reserveCapacity(takenObject.count)
            for member in takenObject.members { takenMembers[member.key] = member.value }
        }
        // The whole `strings` taken from one side: the keys it added may be ones it renamed.
        if kind == .strings {
            var baseKeys = Set<UTF8Bytes>()
            baseKeys.reserveCapacity(baseObject.count)
            for member in baseObject.members { baseKeys.insert(member.key) }
            for member in takenObject.members where !baseKeys.contains(member.key) { addedEntries.append((side, member.value)) }
        }
        for member in baseObject.members {
            let inTaken = wide ? takenMembers[member.key] : takenObject[key: member.key]
            if inTaken == member.value { continue }
            noteRemovals(base: member.value, taken: inTaken, side: side, kind: kind.child(member.key), at: trail.child(member.key, of: kind))
        }
    }

    /// Whether `value` may hold `word`: false only for raw bytes that do not contain it.
    static func mayHold(_ value: JSONValue, _ word: StaticString) -> Bool {
        guard case .raw(let raw) = value else { return true }
        let bytes = raw.bytes
        let needle = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count >= needle.count, let first = needle.first else { return false }
        var index = bytes.startIndex
        let last = bytes.endIndex - needle.count
        while index <= last {
            if bytes[index] == first && bytes[index..<(index + needle.count)].elementsEqual(needle) { return true }
            index += 1
        }
        return false
    }
}

extension MergeReport {
    /// One line for each kind of removal of each side, for the driver's summary and `review`:
    /// `theirs (b) removed fr from 30 strings: "A", "B", "C" and 27 more`.
    public static func removalLines(_ removals: [Removal], labels: MergeLabels, examples: Int = 3) -> [String] {
        func listed(_ keys: [UTF8Bytes]) -> String {
            let shown = keys.prefix(examples).map { quoted($0.string, limit: 40) }.joined(separator: ", ")
            return keys.count > examples ? "\(shown) and \(keys.count - examples) more" : shown
        }
        func strings(_ count: Int) -> String { count == 1 ? "1 string" : "\(count) strings" }
        var lines: [String] = []
        for side in [Side.ours, .theirs] {
            let mine = removals.filter { $0.side == side }
            guard !mine.isEmpty else { continue }
            let name = labels.name(side)
            let keys = mine.filter { $0.scope == .key }.compactMap(\.location.key)
            if !keys.isEmpty {
                lines.append("\(name) removed \(strings(keys.count)): \(listed(keys))")
            }
            // Localizations, by locale, most strings first.
            var byLocale: [UTF8Bytes: [UTF8Bytes]] = [:]
            var localeOrder: [UTF8Bytes] = []
            for removal in mine where removal.scope == .locale {
                guard let locale = removal.location.locale, let key = removal.location.key else { continue }
                if byLocale[locale] == nil { localeOrder.append(locale) }
                byLocale[locale, default: []].append(key)
            }
            for locale in localeOrder.sorted(by: { (byLocale[$0]!.count, $1.string) > (byLocale[$1]!.count, $0.string) }) {
                let keys = byLocale[locale]!
                lines.append("\(name) removed \(VisibleText.name(locale.string)) from \(strings(keys.count)): \(listed(keys))")
            }
            let parts = mine.filter { $0.scope == .variation }
            if !parts.isEmpty {
                var seen = Set<UTF8Bytes>()
                let partKeys = parts.compactMap(\.location.key).filter { seen.insert($0).inserted }
                lines.append("\(name) removed \(parts.count) form\(parts.count == 1 ? "" : "s") (plural, device or substitution cases) from \(strings(partKeys.count)): \(listed(partKeys))")
            }
        }
        return lines
    }
}
