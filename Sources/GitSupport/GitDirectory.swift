#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import Platform

/// Finds the git directory the way git does for a command run inside a working tree, without
/// starting libgit2: the merge driver only needs the folder for its report and for the state files
/// that name the sides, and starting libgit2 (which loads TLS certificates) costs more than a small
/// merge.
public enum GitDirectory {
    /// `GIT_DIR` if set, else the `.git` folder (or the folder a `.git` file points to) of the
    /// nearest enclosing directory; nil outside a repository.
    public static func discover(environment: [String: String]) -> String? {
        if let gitDir = environment["GIT_DIR"], !gitDir.isEmpty {
            return absolute(gitDir)
        }
        var directory = currentDirectory()
        while true {
            let candidate = directory == "/" ? "/.git" : directory + "/.git"
            var info = stat()
            if stat(candidate, &info) == 0 {
                if (info.st_mode & S_IFMT) == S_IFDIR { return candidate }
                if let target = MergeState.readText(candidate), target.hasPrefix("gitdir:") {
                    let path = String(target.dropFirst("gitdir:".count)).trimmingSpaces()
                    return path.hasPrefix("/") ? path : directory + "/" + path
                }
            }
            if directory == "/" || directory.isEmpty { return nil }
            directory = parent(of: directory)
        }
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
