import CLibgit2
import XcstringsMergePlatform

/// libgit2, opened on first use. The tool does not link it (see `shim.h`): the commands and
/// paths that need it call `Libgit2.load()` first, which fails with a `GitError` saying what
/// to install when the library is missing.
public enum Libgit2 {
    /// Names a library file to open instead of searching, or a folder to search instead of the
    /// usual ones (tests, unusual installs).
    public static let overrideVariable = "XCSTRINGS_MERGE_LIBGIT2"

    /// The file opened: `libgit2.so.1.5` on Linux, `libgit2.1.9.dylib` on macOS, the version
    /// of the headers the tool was built with (their `LIBGIT2_SOVERSION`).
    public static var fileName: String { SharedLibraries.fileName("git2", version: LIBGIT2_SOVERSION) }

    /// The version of the headers this build was compiled against.
    public static let builtVersion = (major: Int(LIBGIT2_VER_MAJOR), minor: Int(LIBGIT2_VER_MINOR))

    /// The library loaded: its own version and the file it came from.
    public struct LoadedLibrary: Sendable {
        public var major: Int, minor: Int, revision: Int
        public var path: String

        /// Whether it is the version this build was compiled against, not a later 1.x taken
        /// because that one was gone (after `brew upgrade libgit2`).
        public var isTheBuiltVersion: Bool { major == builtVersion.major && minor == builtVersion.minor }

        /// `1.5.1 (libgit2.so.1.5)`, and when it is a later version, that the build names another.
        public var description: String {
            let version = "\(major).\(minor).\(revision) (\(path))"
            if isTheBuiltVersion { return version }
            return version + ", not the \(builtVersion.major).\(builtVersion.minor) this build was compiled against; \(Libgit2.rebuildAdvice)"
        }

        /// One line for a command that loaded a later version than the built one: it works, but
        /// Homebrew does not rebuild the tool after `brew upgrade libgit2` (the binary has no link
        /// to libgit2 for it to see break), so only a rebuild brings the two back in step.
        public var versionNotice: String? {
            isTheBuiltVersion
                ? nil
                : "note: loaded libgit2 \(major).\(minor).\(revision) in place of the \(builtVersion.major).\(builtVersion.minor) this build was compiled against; \(Libgit2.rebuildAdvice)"
        }
    }

    /// How to rebuild the tool against the libgit2 now installed.
    public static let rebuildAdvice = "rebuild xcstrings-merge: brew reinstall xcstrings-merge (or ./install.sh in its clone)"

    /// Set once the library has been opened, so that asking whether a later version was loaded
    /// never opens it.
    private static let openedLock = Lock()
    nonisolated(unsafe) private static var wasOpened = false

    /// The loaded library, when a command of this process has opened one; nil otherwise (and
    /// libgit2 is not opened to answer).
    public static var libraryIfOpened: LoadedLibrary? {
        guard openedLock.locked({ wasOpened }) else { return nil }
        return try? loadedLibrary.get()
    }

    private struct Loaded: @unchecked Sendable {
        /// Filled once and never written again.
        var table: UnsafePointer<xcsm_libgit2>
        var library: LoadedLibrary
    }

    private static let loaded: Result<Loaded, GitError> = {
        let result = open()
        openedLock.locked { wasOpened = true }
        return result
    }()

    /// Opens libgit2 and initialises it, once per process.
    public static func load() throws(GitError) {
        _ = try loaded.get()
    }

    /// What was loaded, or why nothing could be.
    public static var loadedLibrary: Result<LoadedLibrary, GitError> { loaded.map(\.library) }

    /// The function table. Only code that already called `load()` successfully may use it:
    /// every object of this module that wraps a libgit2 handle was made after that.
    static var functions: UnsafePointer<xcsm_libgit2> {
        guard case .success(let loaded) = loaded else { preconditionFailure("libgit2 used before Libgit2.load()") }
        return loaded.table
    }

    /// Whether a library of version `major.minor` may stand in for the built version: the same
    /// major version (libgit2 keeps its API within one) and a minor one at least the built one.
    public static func accepts(major: Int, minor: Int) -> Bool {
        major == builtVersion.major && minor >= builtVersion.minor
    }

    /// The built version's file in the usual places (or where the override names), then, when
    /// it is gone, the files of later 1.x versions in the same folders.
    private static func open() -> Result<Loaded, GitError> {
        let paths: [String], folders: [String]
        if let override = ProcessEnvironment.value(overrideVariable) {
            // A relative path is looked up from the current folder, which for a merge driver is
            // someone's repository: its library would run inside this process.
            guard override.hasPrefix("/") else {
                return .failure(GitError(code: -1, message: """
                    \(overrideVariable) must be an absolute path (it is '\(override)'): a relative one would load a \
                    library from the current folder, which for a merge driver is the repository
                    """))
            }
            let isFolder = FilePaths.names(in: override) != nil
            paths = [isFolder ? override + "/" + fileName : override]
            folders = isFolder ? [override] : []
        } else {
            let executable = ProcessEnvironment.executablePath
            folders = SharedLibraries.searchFolders(executablePath: executable, homebrewFormula: "libgit2")
            paths = SharedLibraries.candidates(for: fileName, executablePath: executable, homebrewFormula: "libgit2")
        }
        var messages: [String] = []
        switch SharedLibraries.open(firstOf: paths) {
        case .success(let (handle, path)):
            return prepare(handle, path: path)
        case .failure(let failure):
            messages = failure.messages
        }
        let later = SharedLibraries.laterMinorVersions(of: "git2", major: builtVersion.major, after: builtVersion.minor, in: folders)
        for path in later {
            guard case .success(let (handle, _)) = SharedLibraries.open(firstOf: [path]) else { continue }
            switch prepare(handle, path: path) {
            case .success(let loaded): return .success(loaded)
            case .failure(let error):
                messages.append(error.message)
                SharedLibraries.close(handle)
            }
        }
        let searched = folders + (ProcessEnvironment.value(overrideVariable) == nil ? SharedLibraries.systemFolders() : [])
        let unusable = SharedLibraries.versionedFiles(of: "git2", in: searched).filter { !accepts(major: $0.major, minor: $0.minor) }
        return .failure(GitError(code: -1, message: notLoadedMessage(unusable: unusable, tried: messages)))
    }

    /// Why no libgit2 could be loaded and what to do. When a libgit2 of a version this build
    /// cannot use is installed, "install libgit2" is the wrong advice (Homebrew answers it with
    /// "already installed"): the message names that file and version and says to rebuild.
    static func notLoadedMessage(unusable: [SharedLibraries.VersionedFile], tried: [String], system: SharedLibraries.System = SharedLibraries.current) -> String {
        let wanted = "libgit2 \(builtVersion.major).\(builtVersion.minor) or a later \(builtVersion.major).x"
        let triedText = tried.isEmpty ? "" : " Tried: " + SharedLibraries.summary(ofFailures: tried) + "."
        let override = "\(overrideVariable) names the file to load instead."
        guard let found = unusable.first else {
            let install = system == .darwin ? "brew install libgit2" : "sudo apt-get install libgit2-\(LIBGIT2_SOVERSION)"
            return "\(wanted) could not be loaded: install it (\(install)); \(override)\(triedText)"
        }
        let others = unusable.dropFirst().map { "\($0.major).\($0.minor) (\($0.path))" }
        let also = others.isEmpty ? "" : " (also found: \(others.joined(separator: ", ")))"
        let what: String
        if found.major > builtVersion.major {
            what = "a later major version, which may change the functions this build calls; \(rebuildAdvice)"
        } else if found.major < builtVersion.major || found.minor < builtVersion.minor {
            let upgrade = system == .darwin ? "brew upgrade libgit2" : "install libgit2 \(builtVersion.major).\(builtVersion.minor) or later"
            what = "older than this build needs; \(upgrade), or rebuild xcstrings-merge against the one installed (./install.sh in its clone)"
        } else {
            what = "not one this build can use; \(rebuildAdvice)"
        }
        return "\(wanted) could not be loaded: found libgit2 \(found.major).\(found.minor) at \(found.path)\(also), \(what); \(override)\(triedText)"
    }

    /// Fills the table from an opened library, checks its version and initialises it.
    private static func prepare(_ library: UnsafeMutableRawPointer, path: String) -> Result<Loaded, GitError> {
        let table = UnsafeMutablePointer<xcsm_libgit2>.allocate(capacity: 1)
        if let missing = xcsm_libgit2_resolve(library, table) {
            table.deallocate()
            return .failure(GitError(code: -1, message: "the libgit2 at \(path) lacks \(String(cString: missing))"))
        }
        var major: Int32 = 0, minor: Int32 = 0, revision: Int32 = 0
        _ = table.pointee.libgit2_version(&major, &minor, &revision)
        let library = LoadedLibrary(major: Int(major), minor: Int(minor), revision: Int(revision), path: path)
        if !accepts(major: library.major, minor: library.minor) {
            table.deallocate()
            return .failure(GitError(code: -1, message: "\(path) is libgit2 \(major).\(minor).\(revision), older than the \(builtVersion.major).\(builtVersion.minor) this build needs"))
        }
        guard table.pointee.libgit2_init() >= 0 else {
            table.deallocate()
            return .failure(GitError(code: -1, message: "libgit2 could not be initialised"))
        }
        return .success(Loaded(table: UnsafePointer(table), library: library))
    }
}

/// libgit2's functions, for the wrappers in this module: `git.repository_free(handle)` calls
/// `git_repository_free`.
var git: xcsm_libgit2 { Libgit2.functions.pointee }
