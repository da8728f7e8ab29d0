import StringCatalog

/// How a conflict is shown to people (the driver's summary, `resolve --list`): one line when it
/// fits the width, else its place and kind and then each side's value whole, wrapped. Where two
/// long texts share their beginning, a line says where they part.
public enum ConflictView {
    /// The lines for `conflict`, the first after `lead`, the others indented past it. With
    /// `oneLineAllowed: false` the long layout is used even where one line would fit, so that
    /// a list whose other conflicts need it shows all of them alike (`lines(_:labels:width:)`).
    public static func lines(_ conflict: MergeConflict, labels: MergeLabels, width: Int, lead: String = "  ", oneLineAllowed: Bool = true) -> [String] {
        let ours = sideText(conflict, .ours), theirs = sideText(conflict, .theirs)
        let oursName = labels.name(.ours), theirsName = labels.name(.theirs)
        let place = "\(conflict.location.description): \(conflict.kind.rawValue)"
        let oneLine = "\(lead)\(place): \(oursName) \(ours) / \(theirsName) \(theirs)"
        if oneLineAllowed && oneLine.count <= width { return [oneLine] }
        let indent = String(repeating: " ", count: lead.count + 2)
        let nameWidth = max(oursName.count, theirsName.count) + 2
        var lines = [lead + place]
        for (name, text) in [(oursName, ours), (theirsName, theirs)] {
            lines += ConflictDiff.wrap(text, firstPrefix: indent + (name + ":").padded(to: nameWidth), width: width)
        }
        if let parting = parting(conflict, oursName: oursName, theirsName: theirsName) {
            lines += ConflictDiff.wrap(parting, firstPrefix: indent, width: width)
        }
        return lines
    }

    /// The lines of each of `conflicts` in one layout: one line each when every one fits, else
    /// the long layout for all (a list that mixed the two read as if some were different).
    public static func lines(_ conflicts: [MergeConflict], labels: MergeLabels, width: Int, lead: String = "  ") -> [[String]] {
        let short = conflicts.map { lines($0, labels: labels, width: width, lead: lead) }
        guard short.contains(where: { $0.count > 1 }) else { return short }
        return conflicts.map { lines($0, labels: labels, width: width, lead: lead, oneLineAllowed: false) }
    }

    /// What a side holds, in a few words: a string unit's text whole, `(deleted)`, or, when the
    /// other side deleted the place, what this side changed there (`[fr] "Bot FR B"`) rather
    /// than some other value of the entry.
    public static func sideText(_ conflict: MergeConflict, _ side: Side) -> String {
        guard let value = conflict.value(side) else { return "(deleted)" }
        let other = side == .ours ? conflict.theirs : conflict.ours
        if other == nil, conflict.base != nil, ConflictDiff.appliesTo(conflict) {
            let changes = ConflictDiff.changes(in: conflict).compactMap { change -> String? in
                let text = side == .ours ? change.ours : change.theirs
                guard text != change.base else { return nil }
                return "\(change.place) \(text ?? "(deleted)")"
            }
            if let first = changes.first {
                return changes.count == 1 ? first : "\(first) (+\(changes.count - 1) more)"
            }
        }
        return MergeReport.wholeText(value)
    }

    /// Where two long texts that begin alike start to differ, with a little of what comes
    /// before: `they part at character 46: ours "…Text, der nicht passt" / theirs "…"`.
    public static func parting(_ conflict: MergeConflict, oursName: String, theirsName: String) -> String? {
        guard let ours = conflict.ours.flatMap(MergeReport.unitText), let theirs = conflict.theirs.flatMap(MergeReport.unitText)
        else { return nil }
        let a = Array(ours), b = Array(theirs)
        var common = 0
        while common < a.count && common < b.count && a[common] == b[common] { common += 1 }
        guard common >= 20, common < max(a.count, b.count) else { return nil }
        let from = max(0, common - 12)
        func excerpt(_ characters: [Character]) -> String {
            let end = min(characters.count, common + 30)
            let text = String(characters[from..<end]).replacingAll("\n", "\\n")
            return "\"" + (from > 0 ? "…" : "") + text + (end < characters.count ? "…" : "") + "\""
        }
        return "they part at character \(common + 1): \(oursName) \(excerpt(a)) / \(theirsName) \(excerpt(b))"
    }
}

extension String {
    func padded(to width: Int) -> String {
        count >= width ? self + " " : self + String(repeating: " ", count: width - count)
    }
}
