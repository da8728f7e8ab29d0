#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif

/// Opening a shared library at run time: how each system names one, and where to look when the
/// loader's own search does not find it.
public enum SharedLibraries {
    public enum System: Sendable { case darwin, linux }

    public static var current: System {
        #if canImport(Darwin)
        .darwin
        #else
        .linux
        #endif
    }

    /// The file of version `version` of library `name` (`git2`, `1.5`): `libgit2.so.1.5` on
    /// Linux (its soname), `libgit2.1.5.dylib` on macOS (its install name's last part).
    public static func fileName(_ name: String, version: String, system: System = current) -> String {
        switch system {
        case .linux: return "lib\(name).so.\(version)"
        case .darwin: return "lib\(name).\(version).dylib"
        }
    }

    /// Paths to try, in order. On Linux the bare name first (the loader's own search:
    /// `LD_LIBRARY_PATH` and ld.so's cache), then each of `searchFolders`. On macOS only
    /// absolute paths: for a bare name `dlopen(3)` also looks in the current directory, which
    /// for a merge driver is a repository someone else may have filled.
    public static func candidates(for fileName: String, executablePath: String?, homebrewFormula: String? = nil, system: System = current) -> [String] {
        let paths = searchFolders(executablePath: executablePath, homebrewFormula: homebrewFormula, system: system).map { $0 + "/" + fileName }
        return system == .linux ? [fileName] + paths : paths
    }

    /// The folders searched by absolute path: the `lib` beside the executable's `bin` (a
    /// Homebrew prefix); for an executable inside Homebrew's Cellar (`<prefix>/Cellar/<formula>/
    /// <version>/bin`, where Linux's `/proc/self/exe` leads), that prefix's `opt/<formula>/lib`
    /// of `homebrewFormula` and its `lib`; then /usr/local/lib and Homebrew's Linux prefix on
    /// Linux; on macOS Homebrew's prefixes on Apple silicon and Intel (each with the formula's
    /// own `opt` folder, where an unlinked keg still is), then MacPorts'.
    public static func searchFolders(executablePath: String?, homebrewFormula: String? = nil, system: System = current) -> [String] {
        var folders: [String] = []
        func homebrew(_ prefix: Substring) {
            if let homebrewFormula { folders.append(prefix + "/opt/" + homebrewFormula + "/lib") }
            folders.append(prefix + "/lib")
        }
        if let executablePath, let slash = executablePath.lastIndex(of: "/") {
            let bin = executablePath[..<slash]
            if let parentSlash = bin.lastIndex(of: "/") { folders.append(bin[..<parentSlash] + "/lib") }
            if let cellar = executablePath.firstRange(of: "/Cellar/") { homebrew(executablePath[..<cellar.lowerBound]) }
        }
        switch system {
        case .linux:
            folders.append("/usr/local/lib")
            homebrew("/home/linuxbrew/.linuxbrew")
        case .darwin:
            homebrew("/opt/homebrew")
            homebrew("/usr/local")
            folders.append("/opt/local/lib")
        }
        var seen: Set<String> = []
        return folders.filter { seen.insert($0).inserted }
    }

    /// Where the system's own libraries are, searched only to say what is installed when no
    /// usable version was found (the loader's own search covers them on Linux).
    public static func systemFolders(system: System = current) -> [String] {
        switch system {
        case .linux:
            let multiarch = (FilePaths.names(in: "/usr/lib") ?? []).filter { $0.hasSuffix("-linux-gnu") }.sorted().map { "/usr/lib/" + $0 }
            return multiarch + ["/usr/lib64", "/usr/lib"]
        case .darwin:
            return []
        }
    }

    /// A file of a library that its name numbers: `libgit2.so.2.0`, `libgit2.1.8.dylib`.
    public struct VersionedFile: Sendable, Equatable {
        public var path: String
        public var major: Int
        public var minor: Int
    }

    /// The version a file name gives library `name`: (2, 0) for `libgit2.so.2.0` or
    /// `libgit2.so.2.0.1` (Linux), `libgit2.2.0.dylib` or `libgit2.2.0.1.dylib` (macOS); nil for
    /// any other name.
    public static func version(ofFile fileName: String, library name: String, system: System = current) -> (major: Int, minor: Int)? {
        let prefix: String, suffix: String
        switch system {
        case .linux: (prefix, suffix) = ("lib\(name).so.", "")
        case .darwin: (prefix, suffix) = ("lib\(name).", ".dylib")
        }
        guard fileName.hasPrefix(prefix), fileName.hasSuffix(suffix), fileName.count > prefix.count + suffix.count else { return nil }
        let parts = fileName.dropFirst(prefix.count).dropLast(suffix.count).split(separator: ".", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
            let major = Int(parts[0]), let minor = Int(parts[1])
        else { return nil }
        return (major, minor)
    }

    /// Every file of library `name` in `folders` whose name gives a version, the highest version
    /// first, folders in the order given; one per version and folder.
    public static func versionedFiles(of name: String, in folders: [String], system: System = current) -> [VersionedFile] {
        var found: [(file: VersionedFile, folder: Int)] = []
        var seen: Set<String> = []
        for (position, folder) in folders.enumerated() {
            for file in (FilePaths.names(in: folder) ?? []).sorted() {
                guard let version = version(ofFile: file, library: name, system: system),
                    seen.insert("\(folder) \(version.major).\(version.minor)").inserted
                else { continue }
                found.append((VersionedFile(path: folder + "/" + file, major: version.major, minor: version.minor), position))
            }
        }
        return found.sorted { ($0.file.major, $0.file.minor, -$0.folder) > ($1.file.major, $1.file.minor, -$1.folder) }.map(\.file)
    }

    /// The minor version a file name gives library `name` at `major`: 10 for `libgit2.so.1.10`
    /// (Linux) or `libgit2.1.10.dylib` (macOS); nil for any other name.
    public static func minorVersion(ofFile fileName: String, library name: String, major: Int, system: System = current) -> Int? {
        let prefix: String, suffix: String
        switch system {
        case .linux: (prefix, suffix) = ("lib\(name).so.\(major).", "")
        case .darwin: (prefix, suffix) = ("lib\(name).\(major).", ".dylib")
        }
        guard fileName.hasPrefix(prefix), fileName.hasSuffix(suffix) else { return nil }
        let digits = fileName.dropFirst(prefix.count).dropLast(suffix.count)
        guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else { return nil }
        return Int(digits)
    }

    /// Files of library `name` in `folders` that name the same major version and a later minor
    /// one than `minor` (after `brew upgrade libgit2` moved 1.9 to 1.10), the highest first,
    /// folders in the order given.
    public static func laterMinorVersions(of name: String, major: Int, after minor: Int, in folders: [String], system: System = current) -> [String] {
        var found: [(path: String, minor: Int, folder: Int)] = []
        for (position, folder) in folders.enumerated() {
            for file in FilePaths.names(in: folder) ?? [] {
                if let later = minorVersion(ofFile: file, library: name, major: major, system: system), later > minor {
                    found.append((folder + "/" + file, later, position))
                }
            }
        }
        return found.sorted { ($0.minor, -$0.folder) > ($1.minor, -$1.folder) }.map(\.path)
    }

    /// Opens the first of `paths` that loads, and says which; else the loader's message for
    /// each one tried.
    public static func open(firstOf paths: [String]) -> Result<(UnsafeMutableRawPointer, String), OpenFailure> {
        var messages: [String] = []
        for path in paths {
            if let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) { return .success((handle, path)) }
            messages.append(dlerror().map { String(cString: $0) } ?? "\(path): cannot be opened")
        }
        return .failure(OpenFailure(messages: messages))
    }

    /// The file of the loaded image (executable or library) that holds `address`; nil when the
    /// system cannot say. Test code passes `#dsohandle` to learn where its own test binary is.
    /// On macOS that is `dladdr(3)`: the tests are a bundle loaded into Xcode's runner. On
    /// Linux the tests are an executable of their own, and glibc declares `dladdr` only with
    /// `_GNU_SOURCE`, which Swift's Glibc module does not set: the executable's path answers
    /// for code in the executable, the one case this is used for.
    public static func imagePath(containing address: UnsafeRawPointer) -> String? {
        #if canImport(Darwin)
        var info = Dl_info()
        guard dladdr(address, &info) != 0, let name = info.dli_fname else { return nil }
        return String(cString: name)
        #else
        return ProcessEnvironment.executablePath
        #endif
    }

    /// Where a library that comes with the system is opened from: on Linux its soname
    /// (`libxml2.so.2`), found by the loader's own search; on macOS its path in /usr/lib
    /// (`/usr/lib/libxml2.2.dylib`), which the loader finds in its shared cache though no file
    /// is there. Only the system's copy: a library found elsewhere by name could be anyone's.
    public static func systemLibraryPaths(_ name: String, major: Int, system: System = current) -> [String] {
        switch system {
        case .linux: return ["lib\(name).so.\(major)"]
        case .darwin: return ["/usr/lib/lib\(name).\(major).dylib"]
        }
    }

    /// The address of `name` in a library opened by `open(firstOf:)`; nil when it has none.
    public static func symbol(_ name: String, in handle: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        dlsym(handle, name)
    }

    /// Closes a library opened by `open(firstOf:)` that turned out not to be the one wanted.
    public static func close(_ handle: UnsafeMutableRawPointer) {
        dlclose(handle)
    }

    public struct OpenFailure: Error, Sendable {
        /// The loader's message for each path tried, in order.
        public var messages: [String]
    }

    /// A loader's message made readable on one line. macOS's dyld lists every path it tried,
    /// over several lines and with its Cryptexes copies (`dlopen(/p, 0x0006): tried: '/p' (no
    /// such file), '/System/Volumes/Preboot/Cryptexes/OS/p' (no such file), ...`): that becomes
    /// `/p: not found`, and a reason other than a missing file is kept
    /// (`/p: mach-o file, but is an incompatible architecture (...)`). A library that is there
    /// but whose own dependency is missing keeps both names. glibc's one line is kept.
    public static func foldedReason(_ message: String) -> String {
        // One line: dyld indents its continuation lines ("  Referenced from: ...").
        var text = message.split(whereSeparator: { $0 == "\n" || $0 == "\r" })
            .map { $0.trimmingSpaces() }.filter { !$0.isEmpty }.joined(separator: "; ")
        // `dlopen(PATH, 0x0006): ` becomes `PATH: `.
        if text.hasPrefix("dlopen("), let comma = text.firstRange(of: ", 0x"), let close = text[comma.upperBound...].firstRange(of: "): ") {
            text = String(text[text.index(text.startIndex, offsetBy: 7)..<comma.lowerBound]) + ": " + text[close.upperBound...]
        }
        // Each `tried: 'p' (reason), 'q' (reason)` list: the reasons other than a missing file,
        // without the Cryptexes copies; `not found` when every path was missing.
        var out = ""
        var rest = Substring(text)
        while let tried = rest.firstRange(of: "tried: ") {
            out += rest[..<tried.lowerBound]
            var cursor = tried.upperBound
            var reasons: [String] = []
            while cursor < rest.endIndex, rest[cursor] == "'" {
                guard let pathEnd = rest[rest.index(after: cursor)...].firstIndex(of: "'") else { break }
                let path = rest[rest.index(after: cursor)..<pathEnd]
                var index = rest.index(after: pathEnd)
                guard rest[index...].hasPrefix(" (") else { break }
                index = rest.index(index, offsetBy: 2)
                var depth = 1
                let reasonStart = index
                while index < rest.endIndex, depth > 0 {
                    if rest[index] == "(" { depth += 1 } else if rest[index] == ")" { depth -= 1 }
                    index = rest.index(after: index)
                }
                let reason = rest[reasonStart..<rest.index(before: index)]
                if reason != "no such file", !path.hasPrefix("/System/Volumes/Preboot/Cryptexes/") {
                    let entry = "\(path) (\(reason))"
                    if !reasons.contains(entry) { reasons.append(entry) }
                }
                cursor = index
                if rest[cursor...].hasPrefix(", '") { cursor = rest.index(cursor, offsetBy: 2) }
            }
            out += reasons.isEmpty ? "not found" : reasons.joined(separator: ", ")
            rest = rest[cursor...]
        }
        out += rest
        // glibc's own words for a missing file.
        return out.replacing(": cannot open shared object file: No such file or directory", with: ": not found")
    }

    /// What the loader said of every path tried, on one line: the paths where nothing was found
    /// named together, each other reason after its path.
    public static func summary(ofFailures messages: [String]) -> String {
        var missing: [String] = [], other: [String] = []
        for message in messages.map(foldedReason) {
            if message.hasSuffix(": not found") {
                missing.append(String(message.dropLast(": not found".count)))
            } else {
                other.append(message)
            }
        }
        var parts = other
        if !missing.isEmpty { parts.insert("not found at " + missing.joined(separator: ", "), at: 0) }
        return parts.joined(separator: "; ")
    }
}

private extension Substring {
    func trimmingSpaces() -> String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
