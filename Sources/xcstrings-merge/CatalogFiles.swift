import StringCatalog

/// Catalogs read for an edit: all of them are read and checked before any is written, so that a
/// refusal leaves every file untouched.
struct CatalogFile {
    var path: String
    var catalog: Catalog

    /// Reads and parses each path; prints why for each that fails and returns nil if any did.
    static func readAll(_ paths: [String], command: String) -> [CatalogFile]? {
        var files: [CatalogFile] = []
        var failed = false
        for path in paths {
            do {
                let bytes = try FileBytes.read(path)
                files.append(CatalogFile(path: path, catalog: try Catalog(bytes: bytes)))
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

    /// Writes `catalog` to `path` atomically in Xcode's form; false (with a message) on failure.
    static func write(_ catalog: Catalog, to path: String) -> Bool {
        do {
            try catalog.write(to: path)
            return true
        } catch {
            Output.err("\(path): error: \(error.reason)\n")
            return false
        }
    }
}
