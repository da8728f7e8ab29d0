import MergeSession
import StringCatalog

/// Catalogs read for an edit: all of them are confined, locked, read and checked before any is
/// written, so that a refusal leaves every file untouched; each is replaced only if nothing else
/// wrote it since it was read (`InPlaceEdit`).
struct CatalogFile {
    var path: String
    var catalog: Catalog
    /// The lock held on the file until this value is dropped.
    var edit: InPlaceEdit?

    /// The catalogs a command works on when none is named: the ones `check`, `lint` and
    /// `format` take (the repository's tracked catalogs, else those under the current folder).
    /// Nil after a message when they cannot be listed; a usage error when there are none.
    static func defaultPaths(command: String) throws(UsageError) -> [String]? {
        guard let (jobs, failed) = try discoverCatalogs([], staged: false, command: command), !failed else { return nil }
        guard !jobs.isEmpty else {
            throw UsageError(message: "no catalogs given, and none here (tracked by git, or under the current folder)", command: command)
        }
        return jobs.map(\.path)
    }

    /// Confines, locks, reads and parses each path (the locks taken in the order of the files
    /// they lead to, so that two runs on the same files cannot each wait for the other); prints
    /// why for each that fails and returns nil if any did. `forWriting: false` (a dry run) only
    /// reads.
    static func readAll(_ paths: [String], command: String, forWriting: Bool = true, followingSymlinks: Bool = false) -> [CatalogFile]? {
        var failed = false
        var edits: [String: InPlaceEdit] = [:]
        if forWriting {
            for path in paths {
                if let refusal = WriteConfinement.refusal(for: path, followingSymlinks: followingSymlinks) {
                    Output.err("\(path): error: \(refusal)\n")
                    failed = true
                }
            }
            if failed { return nil }
            // Two paths to one file (a link and its target) share one lock: a second flock on the
            // same file from this process would wait for itself.
            var byDestination: [String: InPlaceEdit] = [:]
            let ordered = paths.map { path in (path, (try? AtomicFile.followingLinks(path)) ?? path) }.sorted { $0.1 < $1.1 }
            for (path, destination) in ordered where edits[path] == nil {
                do throws(FileError) {
                    let edit: InPlaceEdit
                    if let shared = byDestination[destination] { edit = shared } else { edit = try lock(path, command: command) }
                    byDestination[destination] = edit
                    edits[path] = edit
                } catch {
                    Output.err("\(path): error: \(error.reason)\n")
                    failed = true
                }
            }
            if failed { return nil }
        }
        var files: [CatalogFile] = []
        for path in paths {
            do {
                let edit = edits[path]
                let bytes = try edit?.read() ?? FileBytes.read(path)
                files.append(CatalogFile(path: path, catalog: try Catalog(bytes: bytes), edit: edit))
            } catch let error as FileError {
                Output.err("\(path): error: \(error.reason)\n")
                failed = true
            } catch let error as JSONError {
                Output.err("\(path):\(error.line):\(error.column): error: \(error.message)\n")
                failed = true
            } catch {
                Output.err("\(path): error: \(error)\n")
                failed = true
            }
        }
        return failed ? nil : files
    }

    /// Confines and locks one catalog for an edit in place (`WriteConfinement`, `InPlaceEdit`):
    /// the refusal, when its links lead outside its repository, is the error's reason.
    static func edit(_ path: String, command: String, followingSymlinks: Bool) throws(FileError) -> InPlaceEdit {
        try CatalogLock.edit(path, followingSymlinks: followingSymlinks) { waiting(path, command: command) }
    }

    /// Locks `path` for an edit, saying so when another run holds it.
    static func lock(_ path: String, command: String) throws(FileError) -> InPlaceEdit {
        try InPlaceEdit(path: path) { waiting(path, command: command) }
    }

    static func waiting(_ path: String, command: String) {
        Output.err("xcstrings-merge \(command): \(path) is being written by another run of the tool; waiting for it\n")
    }

    /// Writes `catalog` over this file atomically in Xcode's form; false (with a message) on
    /// failure, or when the file changed since it was read.
    func write(_ catalog: Catalog) -> Bool {
        do {
            if let edit { try edit.replace(with: catalog) } else { try catalog.write(to: path) }
            return true
        } catch {
            Output.err("\(path): error: \(error.reason)\n")
            return false
        }
    }
}

/// The catalogs a command works on (`CheckJob.discover`), what was not found said as the
/// command says it; nil, after a message, when the repository cannot be read.
func discoverCatalogs(_ positionals: [String], staged: Bool, command: String) throws(UsageError) -> (jobs: [CheckJob], ioFailure: Bool)? {
    do {
        let found = try CheckJob.discover(positionals, staged: staged)
        for missing in found.notFound {
            switch missing {
            case .unsupportedName(let sentence): Output.err("xcstrings-merge \(command): \(sentence)\n")
            case .noCatalogs(let folder): Output.err("\(folder): error: no catalogs (*.xcstrings) in this folder\n")
            case .noSuchFile(let path): Output.err("\(path): error: no such file or directory\n")
            }
        }
        return (found.jobs, found.ioFailure)
    } catch {
        if error.isMisuse { throw UsageError(message: error.message, command: command) }
        Output.err("xcstrings-merge \(command): \(error.message)\n")
        return nil
    }
}
