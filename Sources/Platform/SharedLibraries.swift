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
    public static func candidates(for fileName: String, executablePath: String?, system: System = current) -> [String] {
        let paths = searchFolders(executablePath: executablePath, system: system).map { $0 + "/" + fileName }
        return system == .linux ? [fileName] + paths : paths
    }

    /// The folders searched by absolute path: the `lib` beside the executable's `bin` (a
    /// Homebrew prefix), then /usr/local/lib on Linux; on macOS Homebrew's prefixes on Apple
    /// silicon and Intel, then MacPorts'.
    public static func searchFolders(executablePath: String?, system: System = current) -> [String] {
        var folders: [String] = []
        if let executablePath, let slash = executablePath.lastIndex(of: "/") {
            let bin = executablePath[..<slash]
            if let parentSlash = bin.lastIndex(of: "/") { folders.append(bin[..<parentSlash] + "/lib") }
        }
        switch system {
        case .linux: folders += ["/usr/local/lib"]
        case .darwin: folders += ["/opt/homebrew/lib", "/usr/local/lib", "/opt/local/lib"]
        }
        var seen: Set<String> = []
        return folders.filter { seen.insert($0).inserted }
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

    /// Closes a library opened by `open(firstOf:)` that turned out not to be the one wanted.
    public static func close(_ handle: UnsafeMutableRawPointer) {
        dlclose(handle)
    }

    public struct OpenFailure: Error, Sendable {
        /// The loader's message for each path tried, in order.
        public var messages: [String]
    }
}
