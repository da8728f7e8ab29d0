import StringCatalog

/// Catalogs read for an edit: all of them are confined, locked, read and checked before any is
/// written, so that a refusal leaves every file untouched; each is replaced only if nothing else
/// wrote it since it was read (`InPlaceEdit`).
public struct CatalogFile {
    public var path: String
    public var catalog: Catalog
    /// The lock held on the file until this value is dropped.
    public var edit: InPlaceEdit?

    /// Why a file of the set cannot be edited, told as it is found.
    public enum Notice: Sendable {
        /// Its links lead outside its repository (`WriteConfinement`), or it cannot be locked
        /// or read; `line` 0 when the problem is the file's, not a place in it.
        case failed(path: String, line: Int, column: Int, message: String)
        /// Another run of the tool holds its lock.
        case waiting(path: String)
    }

    /// Confines, locks, reads and parses each path (the locks taken in the order of the files
    /// they lead to, so that two runs on the same files cannot each wait for the other); nil if
    /// any failed. `forWriting: false` (a dry run) only reads.
    public static func readAll(
        _ paths: [String], forWriting: Bool = true, followingSymlinks: Bool = false, notice: (Notice) -> Void
    ) -> [CatalogFile]? {
        var failed = false
        var edits: [String: InPlaceEdit] = [:]
        if forWriting {
            for path in paths {
                if let refusal = WriteConfinement.refusal(for: path, followingSymlinks: followingSymlinks) {
                    notice(.failed(path: path, line: 0, column: 0, message: refusal))
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
                    if let shared = byDestination[destination] {
                        edit = shared
                    } else {
                        edit = try InPlaceEdit(path: path) { notice(.waiting(path: path)) }
                    }
                    byDestination[destination] = edit
                    edits[path] = edit
                } catch {
                    notice(.failed(path: path, line: 0, column: 0, message: error.reason))
                    failed = true
                }
            }
            if failed { return nil }
        }
        var files: [CatalogFile] = []
        for path in paths {
            do {
                let edit = edits[path]
                if let catalog = edit?.readMapped() {
                    files.append(CatalogFile(path: path, catalog: catalog, edit: edit))
                    continue
                }
                let bytes = try edit?.read() ?? FileBytes.read(path)
                files.append(CatalogFile(path: path, catalog: try Catalog(bytes: bytes), edit: edit))
            } catch let error as FileError {
                notice(.failed(path: path, line: 0, column: 0, message: error.reason))
                failed = true
            } catch let error as JSONError {
                notice(.failed(path: path, line: error.line, column: error.column, message: error.message))
                failed = true
            } catch {
                notice(.failed(path: path, line: 0, column: 0, message: "\(error)"))
                failed = true
            }
        }
        return failed ? nil : files
    }

    /// Writes `catalog` over this file atomically in Xcode's form; an error when it cannot, or
    /// when the file changed since it was read.
    public func write(_ catalog: Catalog) throws(FileError) {
        if let edit { try edit.replace(with: catalog) } else { try catalog.write(to: path) }
    }
}
