import MergeSession
import StringCatalog

extension CatalogFile {
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

    /// `readAll`, each problem said as the command says it.
    static func readAll(_ paths: [String], command: String, forWriting: Bool = true, followingSymlinks: Bool = false) -> [CatalogFile]? {
        readAll(paths, forWriting: forWriting, followingSymlinks: followingSymlinks) { notice in
            switch notice {
            case .failed(let path, let line, let column, let message):
                Output.fileError(path, line: line, column: column, message)
            case .waiting(let path): waiting(path, command: command)
            }
        }
    }

    /// Confines and locks one catalog for an edit in place (`CatalogLock`).
    static func edit(_ path: String, command: String, followingSymlinks: Bool) throws(FileError) -> InPlaceEdit {
        try CatalogLock.edit(path, followingSymlinks: followingSymlinks) { waiting(path, command: command) }
    }

    static func waiting(_ path: String, command: String) {
        Output.err("xcstrings-merge \(command): \(path) is being written by another run of the tool; waiting for it\n")
    }

    /// `write`; false, after a message, when it cannot.
    func written(_ catalog: Catalog) -> Bool {
        do {
            try write(catalog)
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
