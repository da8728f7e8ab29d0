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
    ///
    /// The labels are the ones every view shows (the driver's summary, `resolve`, `check`):
    /// ours is the current branch (a short id when detached); theirs is the branch merged, the
    /// commit picked or reverted with its subject, as git 2.44 and later name them itself.
    public static func read(gitDirectory: String, environment: [String: String]) -> MergeState {
        let directory = gitDirectory.hasSuffix("/") ? gitDirectory : gitDirectory + "/"
        let ours = currentBranch(directory)
        let message = readText(directory + "MERGE_MSG")?.split(separator: "\n").first.map(String.init)
        // A merge: git exports GITHEAD_<sha>=<name> for the commit being merged; a `git pull`'s
        // name is the fetched commit's id, which FETCH_HEAD names better.
        if let (id, name) = environment.first(where: { $0.key.hasPrefix("GITHEAD_") }).map({ (String($0.key.dropFirst(8)), $0.value) }) {
            let named = isBare(name) ? fetchedName(directory, id: id) ?? quotedName(message) ?? String(id.prefix(7)) : name
            return MergeState(operation: .merge, oursLabel: ours, theirsLabel: named)
        }
        if let action = environment["GIT_REFLOG_ACTION"], action.hasPrefix("merge ") {
            return MergeState(operation: .merge, oursLabel: ours, theirsLabel: String(action.dropFirst(6)))
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
        // A cherry-pick or a revert that stopped: MERGE_MSG holds the commit's message (a
        // revert's begins `Revert "subject"`).
        if let head = readText(directory + "CHERRY_PICK_HEAD") {
            return MergeState(operation: .cherryPick, oursLabel: ours, theirsLabel: commitLabel(head, subject: message))
        }
        if let head = readText(directory + "REVERT_HEAD") {
            var subject = message
            if let text = subject, text.hasPrefix("Revert \""), text.hasSuffix("\"") { subject = String(text.dropFirst(8).dropLast()) }
            return MergeState(operation: .revert, oursLabel: ours, theirsLabel: "parent of " + commitLabel(head, subject: subject))
        }
        if let head = readText(directory + "MERGE_HEAD") {
            // "Merge branch 'feature' into main": the branch name reads better than a hash.
            let name = quotedName(message) ?? fetchedName(directory, id: head) ?? String(head.prefix(7))
            return MergeState(operation: .merge, oursLabel: ours, theirsLabel: name)
        }
        // No operation: a merge run by hand, whose sides are files, not branches.
        return MergeState(operation: .unknown, oursLabel: nil, theirsLabel: nil)
    }

    /// `a1b2c3d (subject)`, as git 2.44 and later label a picked commit.
    static func commitLabel(_ id: String, subject: String?) -> String {
        String(id.prefix(7)) + (subject.map { $0.isEmpty ? "" : " (\($0))" } ?? "")
    }

    /// The branch HEAD is on (`main`), else HEAD's short id; nil when neither can be read.
    static func currentBranch(_ directory: String) -> String? {
        guard let head = readText(directory + "HEAD")?.trimmingSpaces() else { return nil }
        if head.hasPrefix("ref: refs/heads/") { return String(head.dropFirst(16)) }
        return GitDirectory.headCommit(gitDirectory: directory).map { String($0.prefix(7)) }
    }

    /// The first name in single quotes of a merge message: `feature` of "Merge branch 'feature'".
    static func quotedName(_ message: String?) -> String? {
        guard let message, let open = message.firstIndex(of: "'"),
            let close = message[message.index(after: open)...].firstIndex(of: "'")
        else { return nil }
        return String(message[message.index(after: open)..<close])
    }

    /// The sides a merge commit's message names, as git and GitHub write it: "Merge branch
    /// 'feature' into release" names both, "Merge branch 'feature'" (a merge into main) theirs
    /// only, "Merge pull request #12 from owner/feature" theirs only. Nil for any other message.
    public static func labels(ofMergeMessage message: String) -> (ours: String?, theirs: String?)? {
        let first = message.split(separator: "\n", omittingEmptySubsequences: false).first.map(String.init) ?? ""
        guard first.hasPrefix("Merge ") else { return nil }
        if first.hasPrefix("Merge pull request #"), let from = first.firstRange(of: " from ") {
            let rest = first[from.upperBound...]
            return (nil, String(rest.prefix { $0 != " " }))
        }
        guard let theirs = quotedName(first) else { return nil }
        let ours = first.ranges(of: " into ").last.map { String(first[$0.upperBound...]) }
        return (ours?.isEmpty == false ? ours : nil, theirs)
    }

    /// What FETCH_HEAD says of the fetched commit `id`: `main of github.com/owner/app` for its
    /// line `<id>\t\tbranch 'main' of https://github.com/owner/app`.
    static func fetchedName(_ directory: String, id: String) -> String? {
        guard let fetched = readText(directory + "FETCH_HEAD") else { return nil }
        for line in fetched.split(separator: "\n") where line.hasPrefix(id) {
            guard let tab = line.lastIndex(of: "\t") else { continue }
            let description = String(line[line.index(after: tab)...])
            guard let branch = quotedName(description) else { continue }
            guard let of = description.firstRange(of: "' of ") else { return branch }
            var source = String(description[of.upperBound...])
            for scheme in ["https://", "http://", "ssh://", "git://"] where source.hasPrefix(scheme) { source.removeFirst(scheme.count) }
            if source.hasSuffix(".git") { source.removeLast(4) }
            return "\(branch) of \(source)"
        }
        return nil
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
