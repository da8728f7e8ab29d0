#if canImport(Glibc)
import Glibc
#endif
import GitSupport

/// Where a merge's report goes when no `--report` is given.
enum ReportLocation {
    /// `<git-dir>/xcstrings-merge/<path>.json` for the repository around the current directory,
    /// creating the folders. Nil outside a repository, or when the path cannot be placed safely.
    static func defaultPath(for path: String) -> String? {
        guard let gitDirectory = openGitDirectory() else { return nil }
        return place(path, under: gitDirectory)
    }

    static func openGitDirectory() -> String? {
        if let repository = try? Repository(fromEnvironment: true) { return repository.gitDirectory }
        return (try? Repository(discoveringFrom: "."))?.gitDirectory
    }

    /// The components of `path` that can name a file below a folder: no empty, `.` or `..` ones.
    static func safeComponents(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init).filter { $0 != "." && $0 != ".." && !$0.isEmpty }
    }

    /// Creates `<gitDirectory>/xcstrings-merge/<dirs>` and returns the report file path, refusing
    /// to follow a symbolic link anywhere below the git directory.
    static func place(_ path: String, under gitDirectory: String) -> String? {
        var components = safeComponents(path)
        guard let last = components.popLast() else { return nil }
        var folder = gitDirectory.hasSuffix("/") ? String(gitDirectory.dropLast()) : gitDirectory
        for component in ["xcstrings-merge"] + components {
            folder += "/" + component
            var info = stat()
            if lstat(folder, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
            } else if mkdir(folder, 0o755) != 0 {
                return nil
            }
        }
        let file = folder + "/" + last + ".json"
        var info = stat()
        if lstat(file, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK { return nil }
        return file
    }
}
