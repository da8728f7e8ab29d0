#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// What git is in the middle of, read from the git directory and the environment, so that a
/// merge driver can name the sides when git (before 2.44) does not pass `%S %X %Y`.
public struct MergeState: Sendable, Equatable {
    public enum Operation: String, Sendable {
        case merge, rebase, cherryPick = "cherry-pick", revert, unknown
    }

    public var operation: Operation
    public var oursLabel: String?
    public var theirsLabel: String?

    public init(operation: Operation, oursLabel: String?, theirsLabel: String?) {
        self.operation = operation
        self.oursLabel = oursLabel
        self.theirsLabel = theirsLabel
    }

    /// Reads the state of the repository whose git directory is `gitDirectory`.
    public static func read(gitDirectory: String, environment: [String: String]) -> MergeState {
        let directory = gitDirectory.hasSuffix("/") ? gitDirectory : gitDirectory + "/"
        // A merge: git exports GITHEAD_<sha>=<name> for the branch being merged.
        if let name = environment.first(where: { $0.key.hasPrefix("GITHEAD_") })?.value {
            return MergeState(operation: .merge, oursLabel: "HEAD", theirsLabel: name)
        }
        if let action = environment["GIT_REFLOG_ACTION"], action.hasPrefix("merge ") {
            return MergeState(operation: .merge, oursLabel: "HEAD", theirsLabel: String(action.dropFirst(6)))
        }
        // A rebase: ours is the branch being rebased onto, theirs the commit being replayed.
        for folder in ["rebase-merge", "rebase-apply"] {
            guard let done = readText(directory + folder + "/done") else { continue }
            let onto = readText(directory + folder + "/onto").map { String($0.prefix(7)) }
            var theirs: String?
            if let last = done.split(separator: "\n").last(where: { !$0.hasPrefix("#") && !$0.isEmpty }) {
                let words = last.split(separator: " ", maxSplits: 2).map(String.init)
                if words.count >= 2 {
                    theirs = String(words[1].prefix(7)) + (words.count > 2 ? " (\(words[2]))" : "")
                }
            }
            return MergeState(
                operation: .rebase, oursLabel: onto.map { "HEAD (rebasing onto \($0))" } ?? "HEAD",
                theirsLabel: theirs)
        }
        if let head = readText(directory + "CHERRY_PICK_HEAD") {
            return MergeState(operation: .cherryPick, oursLabel: "HEAD", theirsLabel: String(head.prefix(7)))
        }
        if let head = readText(directory + "REVERT_HEAD") {
            return MergeState(operation: .revert, oursLabel: "HEAD", theirsLabel: "parent of " + String(head.prefix(7)))
        }
        if let head = readText(directory + "MERGE_HEAD") {
            var name = String(head.prefix(7))
            // "Merge branch 'feature' into main": the branch name reads better than a hash.
            if let message = readText(directory + "MERGE_MSG")?.split(separator: "\n").first,
                let open = message.firstIndex(of: "'"),
                let close = message[message.index(after: open)...].firstIndex(of: "'")
            {
                name = String(message[message.index(after: open)..<close])
            }
            return MergeState(operation: .merge, oursLabel: "HEAD", theirsLabel: name)
        }
        return MergeState(operation: .unknown, oursLabel: nil, theirsLabel: nil)
    }

    /// Whether a label git passed says nothing the repository's state cannot say better: none,
    /// a bare `HEAD` (what git 2.44 and later pass for ours in every operation), or a bare
    /// commit id (a `git pull`'s theirs).
    public static func isBare(_ label: String?) -> Bool {
        guard let label else { return true }
        if label == "HEAD" { return true }
        return (7...64).contains(label.utf8.count) && label.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }

    /// The labels to show: each of git's own, unless it is bare and this state names that side
    /// with more (during a rebase git 2.44+ passes `HEAD` for ours, the branch being rebased
    /// onto).
    public func labels(ours: String?, theirs: String?) -> (ours: String?, theirs: String?) {
        func better(_ given: String?, _ known: String?) -> String? {
            guard Self.isBare(given), let known, !Self.isBare(known) || given == nil else { return given }
            return known
        }
        return (better(ours, oursLabel), better(theirs, theirsLabel))
    }

    static func readText(_ path: String) -> String? {
        guard let file = fopen(path, "r") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = fread(&buffer, 1, buffer.count, file)
            if n <= 0 { break }
            bytes.append(contentsOf: buffer[0..<n])
        }
        var text = String(decoding: bytes, as: UTF8.self)
        while text.hasSuffix("\n") { text.removeLast() }
        return text
    }
}
