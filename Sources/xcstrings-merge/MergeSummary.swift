import CatalogMerge
import MergeSession
import StringCatalog

extension MergeReport {
    /// A few lines for standard error: counts, auto-resolutions by rule, and each conflict.
    /// Outside a repository (`insideRepository: false`) the advice is what works there: `resolve`
    /// and `check` know only a repository's merges.
    public func summary(path: String?, labels: MergeLabels, width: Int = 100, insideRepository: Bool = true) -> String {
        let name = path ?? "catalog"
        // Strings, as `diff` counts them (a string is a key's entry).
        var text = "xcstrings-merge: \(name): \(keysMerged) string\(keysMerged == 1 ? "" : "s")"
        if keysAdded > 0 || keysDeleted > 0 || keysRenamed > 0 {
            text += " (\(keysAdded) added, \(keysDeleted) removed" + (keysRenamed > 0 ? ", \(keysRenamed) renamed" : "") + ")"
        }
        if !autoResolved.isEmpty {
            var byRule: [String: Int] = [:]
            for resolution in autoResolved { byRule[resolution.rule, default: 0] += 1 }
            let rules = byRule.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
            text += "; auto-resolved \(autoResolved.count): \(rules)"
        }
        let unresolved = unresolvedConflicts
        let settled = conflicts.count - unresolved.count
        if settled > 0 { text += "; \(settled) conflict\(settled == 1 ? "" : "s") settled by choice" }
        // What a side removed without a conflict, which nothing else would show.
        var removed = ""
        for line in Self.removalLines(removals, labels: labels) {
            for wrapped in ConflictDiff.wrap(line, firstPrefix: "  ", width: width) { removed += wrapped + "\n" }
        }
        if unresolved.isEmpty {
            return text + "\n" + removed
        }
        text += "; \(unresolved.count) conflict\(unresolved.count == 1 ? "" : "s"):\n"
        // At most 20 lines of conflicts while git waits: the rest are a command away.
        var shown = 0
        var lineCount = 0
        for lines in ConflictView.lines(unresolved, labels: labels, width: width) {
            guard lineCount + lines.count <= 20 else { break }
            for line in lines { text += line + "\n" }
            lineCount += lines.count
            shown += 1
        }
        if shown < unresolved.count {
            // `resolve --list` knows a repository's merges only; elsewhere the report has them.
            text += insideRepository
                ? "  … and \(unresolved.count - shown) more: xcstrings-merge resolve --list\(path.map { " " + ShellQuoting.quoted($0) } ?? "")\n"
                : "  … and \(unresolved.count - shown) more, each in the report (--report)\n"
        }
        text += removed
        text += "The output keeps ours' version of each (the changed version where one side deleted; "
        guard insideRepository else {
            text += "string units marked needs_review). Outside a git repository, settle them by merging again with "
            text += "--prefer ours or --prefer theirs, or by editing the units marked needs_review in the output; "
            text += "the report (--report) holds each side's value\n"
            return text
        }
        text += "string units marked needs_review). Settle them with: xcstrings-merge resolve\(path.map { " " + ShellQuoting.quoted($0) } ?? "")\n"
        text += "\(unresolved.count) unresolved: until each is settled, xcstrings-merge check (and its pre-commit hook) "
        text += "fails, so that the commit cannot drop theirs' side\n"
        return text
    }
}
