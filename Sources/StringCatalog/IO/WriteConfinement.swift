import XcstringsMergePlatform

/// Where a command may rewrite a catalog in place. A repository someone else wrote can hold a
/// catalog that is a symbolic link to a file of the user's elsewhere (`App/L.xcstrings ->
/// ../../../.ssh/config`), found by a walk of the tracked catalogs or named by a shell glob: the
/// tool must not rewrite it. A catalog whose links lead outside its repository (outside a
/// repository: outside its folder) is refused unless the user allows it (`--follow-symlinks`);
/// links that stay inside are written through as before (the target changes, the link stays).
public enum WriteConfinement {
    /// Why `path` may not be written; nil when it may.
    public static func refusal(for path: String, followingSymlinks: Bool) -> String? {
        guard !followingSymlinks else { return nil }
        let absolute = path.hasPrefix("/") ? path : (FilePaths.currentDirectory ?? ".") + "/" + path
        guard let destination = try? AtomicFile.followingLinks(absolute) else { return nil }
        // The destination with the links in its folders resolved too (its file may not exist).
        let folder = FileBytes.parentDirectory(of: destination)
        guard let resolvedFolder = FilePaths.resolved(folder) else { return nil }
        let resolved = resolvedFolder + "/" + (destination.split(separator: "/").last.map(String.init) ?? "")
        let (boundary, kind) = Self.boundary(of: absolute)
        guard let resolvedBoundary = FilePaths.resolved(boundary) else { return nil }
        let inside = resolvedBoundary == "/" ? resolved.hasPrefix("/") : resolved.hasPrefix(resolvedBoundary + "/")
        if inside { return nil }
        return "not written: it leads to \(resolved), outside the \(kind) \(resolvedBoundary) (through a symbolic link); "
            + "a \(kind) must not make the tool write elsewhere. To write it anyway, run again with --follow-symlinks"
    }

    /// The work tree of the repository the path is in, found from the path as written (a
    /// folder holding `.git`), else the folder the path names its file in.
    static func boundary(of absolutePath: String) -> (folder: String, kind: String) {
        var folder = FileBytes.parentDirectory(of: absolutePath)
        let own = folder
        while true {
            if FileBytes.exists(folder + "/.git") { return (folder, "repository") }
            guard folder != "/", !folder.isEmpty else { break }
            folder = FileBytes.parentDirectory(of: folder)
        }
        return (own, "folder")
    }
}
