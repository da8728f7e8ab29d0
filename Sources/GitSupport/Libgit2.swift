import CLibgit2
import Platform

/// libgit2, opened on first use. The tool does not link it (see `shim.h`): the commands and
/// paths that need it call `Libgit2.load()` first, which fails with a `GitError` saying what
/// to install when the library is missing.
public enum Libgit2 {
    /// Names a library file to open instead of searching (tests, unusual installs).
    public static let overrideVariable = "XCSTRINGS_MERGE_LIBGIT2"

    /// The file opened: `libgit2.so.1.5` on Linux, `libgit2.1.9.dylib` on macOS, the version
    /// of the headers the tool was built with (their `LIBGIT2_SOVERSION`).
    public static var fileName: String { SharedLibraries.fileName("git2", version: LIBGIT2_SOVERSION) }

    private struct Loaded: @unchecked Sendable {
        /// Filled once and never written again.
        var table: UnsafePointer<xcsm_libgit2>
        var path: String
    }

    private static let loaded: Result<Loaded, GitError> = open()

    /// Opens libgit2 and initialises it, once per process.
    public static func load() throws(GitError) {
        _ = try loaded.get()
    }

    /// What was loaded (`1.5.1 (libgit2.so.1.5)`: the version and the path opened), or why
    /// nothing could be.
    public static var loadedVersion: Result<String, GitError> {
        loaded.map { loaded in
            var major: Int32 = 0, minor: Int32 = 0, revision: Int32 = 0
            _ = loaded.table.pointee.libgit2_version(&major, &minor, &revision)
            return "\(major).\(minor).\(revision) (\(loaded.path))"
        }
    }

    /// The function table. Only code that already called `load()` successfully may use it:
    /// every object of this module that wraps a libgit2 handle was made after that.
    static var functions: UnsafePointer<xcsm_libgit2> {
        guard case .success(let loaded) = loaded else { preconditionFailure("libgit2 used before Libgit2.load()") }
        return loaded.table
    }

    private static func open() -> Result<Loaded, GitError> {
        let paths = ProcessEnvironment.value(overrideVariable).map { [$0] }
            ?? SharedLibraries.candidates(for: fileName, executablePath: ProcessEnvironment.executablePath)
        let library: UnsafeMutableRawPointer
        let path: String
        switch SharedLibraries.open(firstOf: paths) {
        case .success(let opened): (library, path) = opened
        case .failure(let failure):
            let install = SharedLibraries.current == .darwin ? "brew install libgit2" : "sudo apt-get install libgit2-\(LIBGIT2_SOVERSION)"
            return .failure(GitError(code: -1, message: """
                libgit2 \(LIBGIT2_SOVERSION) (\(fileName)) could not be loaded; install it (\(install)) or name the \
                file in \(overrideVariable). Tried: \(failure.messages.joined(separator: "; "))
                """))
        }
        let table = UnsafeMutableRawPointer.allocate(byteCount: Int(xcsm_libgit2_table_size()), alignment: 16)
            .bindMemory(to: xcsm_libgit2.self, capacity: 1)
        if let missing = xcsm_libgit2_resolve(library, table) {
            return .failure(GitError(code: -1, message: "the libgit2 at \(path) lacks \(String(cString: missing))"))
        }
        guard table.pointee.libgit2_init() >= 0 else {
            return .failure(GitError(code: -1, message: "libgit2 could not be initialised"))
        }
        return .success(Loaded(table: UnsafePointer(table), path: path))
    }
}

/// libgit2's functions, for the wrappers in this module: `git.repository_free(handle)` calls
/// `git_repository_free`.
var git: xcsm_libgit2 { Libgit2.functions.pointee }
