import GitSupport
import StringCatalog
import XcstringsMergePlatform

/// `format --staged`, for a pre-commit hook: the index's version of each tracked catalog
/// written as Xcode writes it and staged again; the working file too when it held exactly the
/// staged version (other edits in it stay as they are, unstaged).
public enum StagedFormat {
    public enum Step: Sendable {
        /// The repository or its index cannot be read or written: nothing more is done.
        case repositoryProblem(String)
        /// A catalog that cannot be read, parsed, written or staged; `line` 0 for the file's.
        case failed(path: String, line: Int, column: Int, message: String)
        /// Another run of the tool holds the working file's lock.
        case waiting(path: String)
        /// With `checkOnly`: a staged catalog not in Xcode's layout.
        case wouldChange(path: String)
        case formatted(path: String)
    }

    public enum Outcome: Sendable { case unchanged, formatted, wouldChange, failed }

    public static func run(checkOnly: Bool, followingSymlinks: Bool, step: (Step) -> Void) -> Outcome {
        let repository: Repository
        let index: Index
        do {
            repository = try Repository.open()
            index = try repository.index()
        } catch {
            step(.repositoryProblem(error.isNotFound ? "--staged needs a git repository" : error.message))
            return .failed
        }
        guard let top = repository.workingDirectory else {
            step(.repositoryProblem("the repository has no working tree"))
            return .failed
        }
        var failed = false
        var wouldChange = false
        var staged = false
        for entry in index.entries(withSuffix: ".xcstrings") {
            guard let bytes = try? repository.blob(entry.id) else {
                step(.failed(path: entry.path, line: 0, column: 0, message: "cannot read the staged version"))
                failed = true
                continue
            }
            let catalog: Catalog
            do {
                // Formatting does not validate: the schema notes made for the validator are not needed.
                catalog = try Catalog(bytes: bytes)
            } catch {
                let error = error.classified(for: bytes)
                step(.failed(path: entry.path, line: error.line, column: error.column, message: error.message))
                failed = true
                continue
            }
            if catalog.hasCanonicalBytes(bytes) { continue }
            if checkOnly {
                step(.wouldChange(path: entry.path))
                wouldChange = true
                continue
            }
            let canonical = catalog.canonicalBytes()
            let working = top + entry.path
            do throws(FileError) {
                let edit = try CatalogLock.edit(working, followingSymlinks: followingSymlinks) { step(.waiting(path: working)) }
                if (try? edit.read()) == bytes { try edit.replace(with: canonical) }
            } catch {
                step(.failed(path: entry.path, line: 0, column: 0, message: error.reason))
                failed = true
                continue
            }
            do {
                try index.add(path: entry.path, bytes: canonical, mode: entry.mode, workingFile: working)
                staged = true
                step(.formatted(path: entry.path))
            } catch {
                step(.failed(path: entry.path, line: 0, column: 0, message: "cannot stage it: \(error.message)"))
                failed = true
            }
        }
        if staged {
            do {
                try index.write()
            } catch {
                step(.repositoryProblem("cannot write the index: \(error.message)"))
                return .failed
            }
        }
        if failed { return .failed }
        return wouldChange ? .wouldChange : staged ? .formatted : .unchanged
    }
}
