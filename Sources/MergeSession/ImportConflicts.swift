import CatalogMerge
import GitSupport
import StringCatalog
import XcstringsMergePlatform

/// An import's unsettled conflicts, put where a merge's are: the catalog's path in conflict in
/// the index (stage 1 the export's base, 2 the catalog before the import, 3 the base with the
/// translation) and the import's report in the driver's store. `resolve` then settles them like
/// any merge's (it merges the three stages again), and git refuses to commit the catalog until
/// it has.
///
/// Only a catalog whose working file is what the index holds is put in conflict: the stages
/// replace the staged version, which must therefore be the one the import started from.
public enum ImportConflicts {
    public enum Outcome: Equatable {
        /// In conflict at this path of the repository.
        case recorded(String)
        /// Left as it is, and why.
        case notRecorded(String)
    }

    /// Whether the catalog at `catalogPath` is in conflict in its repository's index (nil when
    /// it is in none, or not in one).
    public static func conflictedPath(_ catalogPath: String) -> String? {
        guard let place = place(of: catalogPath), let index = try? place.repository.index() else { return nil }
        try? index.reload()
        return ((try? index.conflicts()) ?? []).contains { $0.path == place.relative } ? place.relative : nil
    }

    /// Where a catalog is in its repository, found once for `record`.
    public struct Place {
        let repository: Repository
        /// The catalog's path in the repository.
        let relative: String
    }

    public static let outsideRepository = "the catalog is not in a git repository"

    /// Records the conflicts of an import into the catalog at `place` (see the type's comment).
    public static func record(at place: Place, base: [UInt8], ours: [UInt8], theirs: [UInt8], report: MergeReport, labels: MergeLabels) -> Outcome {
        let (repository, relative) = (place.repository, place.relative)
        do throws(GitError) {
            let index = try repository.index()
            try index.reload()
            if try index.conflicts().contains(where: { $0.path == relative }) { return .notRecorded("\(relative) is conflicted in the index already") }
            guard let staged = index.entry(path: relative) else { return .notRecorded("\(relative) is not tracked by git") }
            let oursID = try repository.writeBlob(ours)
            guard staged.id == oursID else { return .notRecorded("\(relative) has changes that are not staged (git add it before importing)") }
            let baseID = try repository.writeBlob(base)
            let theirsID = try repository.writeBlob(theirs)
            try index.addConflict(path: relative, mode: staged.mode, ancestor: baseID, ours: oursID, theirs: theirsID)
            try index.write()
        } catch {
            return .notRecorded(error.message)
        }
        // The report where `resolve` looks for the sides' names, and no answers of an earlier
        // merge of the path.
        let store = ReportStore(gitDirectory: repository.gitDirectory)
        store.clearResolveState(relative)
        if let file = store.place(relative, .report) {
            let record = MergeRecord(head: GitDirectory.headCommit(gitDirectory: repository.gitDirectory), theirs: nil)
            try? FileBytes.writeAtomically(MergeReportDocument(report, path: relative, labels: labels, merge: record).bytes, to: file, durable: false)
        }
        return .recorded(relative)
    }

    /// The catalog's repository and its path there; nil outside one.
    public static func place(of catalogPath: String) -> Place? {
        let folder = catalogPath.contains("/") ? String(catalogPath[..<(catalogPath.lastIndex(of: "/") ?? catalogPath.endIndex)]) : "."
        // No repository around the current folder or the catalog's (what `Repository.open`
        // looks in): none to find, without starting libgit2.
        let absoluteFolder = folder.hasPrefix("/") ? folder : (FilePaths.currentDirectory ?? ".") + (folder == "." ? "" : "/" + folder)
        guard GitDirectory.discover(environment: ProcessEnvironment.variables) != nil || GitDirectory.discover(from: absoluteFolder.isEmpty ? "/" : absoluteFolder) != nil
        else { return nil }
        guard let repository = try? Repository.openIfPresent(from: folder.isEmpty ? "/" : folder),
            let workingDirectory = repository.workingDirectory
        else { return nil }
        let absolute = catalogPath.hasPrefix("/") ? catalogPath : (FilePaths.currentDirectory ?? ".") + "/" + catalogPath
        // A catalog outside the repository found (the current folder's) is in none.
        return ResolveSession.pathInside(absolute, workingDirectory: workingDirectory).map { Place(repository: repository, relative: $0) }
    }
}
