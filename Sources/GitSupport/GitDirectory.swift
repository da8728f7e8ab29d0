#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import XcstringsMergePlatform

/// Finds the git directory the way git does for a command run inside a working tree, without
/// starting libgit2: the merge driver only needs the folder for its report and for the state files
/// that name the sides, and starting libgit2 (which loads TLS certificates) costs more than a small
/// merge.
public enum GitDirectory {
    /// `GIT_DIR` if set, else the `.git` folder (or the folder a `.git` file points to) of the
    /// nearest enclosing directory; nil outside a repository.
    ///
    /// Whatever names it must be a git directory (a `HEAD` file, and `objects` or a `commondir`
    /// file): a report is written into it, so `gitdir: /dev` in a `.git` file names nothing.
    public static func discover(environment: [String: String]) -> String? {
        if let gitDir = environment["GIT_DIR"], !gitDir.isEmpty {
            let path = absolute(gitDir)
            return isGitDirectory(path) ? path : nil
        }
        return discover(from: currentDirectory())
    }

    /// The `.git` folder (or the folder a `.git` file points to) of `directory` (absolute) or
    /// the nearest directory enclosing it; nil when there is none.
    public static func discover(from directory: String) -> String? {
        var directory = directory
        while true {
            let candidate = directory == "/" ? "/.git" : directory + "/.git"
            var info = stat()
            if stat(candidate, &info) == 0 {
                if (info.st_mode & S_IFMT) == S_IFDIR { return isGitDirectory(candidate) ? candidate : nil }
                if let target = MergeState.readText(candidate), target.hasPrefix("gitdir:") {
                    let path = String(target.dropFirst("gitdir:".count)).trimmingSpaces()
                    let gitDirectory = path.hasPrefix("/") ? path : directory + "/" + path
                    return isGitDirectory(gitDirectory) ? gitDirectory : nil
                }
            }
            if directory == "/" || directory.isEmpty { return nil }
            directory = parent(of: directory)
        }
    }

    /// The folder shared by every worktree of the repository: the one `commondir` names in a
    /// linked worktree's git directory, else the git directory itself.
    public static func commonDirectory(of gitDirectory: String) -> String {
        let directory = trimmedSlash(gitDirectory)
        guard let common = MergeState.readText(directory + "/commondir")?.trimmingSpaces(), !common.isEmpty else { return directory }
        return trimmedSlash(common.hasPrefix("/") ? common : directory + "/" + common)
    }

    /// The commit HEAD names (40 or 64 hex digits), read from the files as git keeps them: a
    /// detached HEAD, a loose ref, or `packed-refs`. Nil on an unborn branch or anything odd.
    public static func headCommit(gitDirectory: String) -> String? {
        let directory = trimmedSlash(gitDirectory)
        let common = commonDirectory(of: directory)
        var reference = MergeState.readText(directory + "/HEAD")?.trimmingSpaces()
        for _ in 0..<5 {
            guard let current = reference else { return nil }
            guard current.hasPrefix("ref:") else { return isObjectID(current) ? current : nil }
            let name = String(current.dropFirst(4)).trimmingSpaces()
            guard !name.contains(".."), name.hasPrefix("refs/") || name == "HEAD" else { return nil }
            if let loose = MergeState.readText(directory + "/" + name) ?? MergeState.readText(common + "/" + name) {
                reference = loose.trimmingSpaces()
                continue
            }
            let packed = MergeState.readText(common + "/packed-refs") ?? ""
            for line in packed.split(separator: "\n") where line.hasSuffix(" " + name) {
                let id = String(line.prefix { $0 != " " })
                return isObjectID(id) ? id : nil
            }
            return nil
        }
        return nil
    }

    /// Whether git is in the middle of a merge, a rebase, a cherry-pick or a revert: the
    /// files it keeps while it waits for conflicts to be settled.
    public static func operationInProgress(gitDirectory: String) -> Bool {
        let directory = trimmedSlash(gitDirectory)
        for name in ["MERGE_HEAD", "CHERRY_PICK_HEAD", "REVERT_HEAD", "rebase-merge", "rebase-apply"] {
            var info = stat()
            if stat(directory + "/" + name, &info) == 0 { return true }
        }
        return false
    }

    /// The working tree of the repository whose git directory this is: the folder holding
    /// `.git`, or for a linked worktree the one its `gitdir` file names; nil for a bare one.
    public static func workingTree(of gitDirectory: String) -> String? {
        let directory = trimmedSlash(gitDirectory)
        if let pointer = MergeState.readText(directory + "/gitdir")?.trimmingSpaces(), pointer.hasSuffix("/.git") {
            return String(pointer.dropLast(5))
        }
        if directory.hasSuffix("/.git") { return String(directory.dropLast(5)) }
        return nil
    }

    /// What git itself asks of a git directory before it uses one.
    public static func isGitDirectory(_ path: String) -> Bool {
        let directory = trimmedSlash(path)
        var info = stat()
        guard stat(directory + "/HEAD", &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return false }
        if stat(directory + "/objects", &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR { return true }
        return stat(directory + "/commondir", &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    static func isObjectID(_ text: String) -> Bool {
        (text.utf8.count == 40 || text.utf8.count == 64) && text.utf8.allSatisfy { ($0 >= 48 && $0 <= 57) || ($0 >= 97 && $0 <= 102) }
    }

    static func trimmedSlash(_ path: String) -> String {
        path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }

    static func currentDirectory() -> String {
        FilePaths.currentDirectory ?? "."
    }

    static func absolute(_ path: String) -> String {
        path.hasPrefix("/") ? path : currentDirectory() + "/" + path
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "/" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}

extension String {
    func trimmingSpaces() -> String {
        var text = Substring(self)
        while let first = text.first, first == " " || first == "\t" || first == "\n" || first == "\r" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" || last == "\n" || last == "\r" { text.removeLast() }
        return String(text)
    }
}
