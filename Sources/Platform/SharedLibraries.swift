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
    /// `LD_LIBRARY_PATH` and ld.so's cache), then the `lib` folder beside the executable's `bin`,
    /// then /usr/local/lib. On macOS only absolute paths: for a bare name `dlopen(3)` also looks
    /// in the current directory, which for a merge driver is a repository someone else may have
    /// filled. There: the `lib` beside `bin` (a Homebrew prefix), then Homebrew's prefixes on
    /// Apple silicon and Intel, then MacPorts'.
    public static func candidates(for fileName: String, executablePath: String?, system: System = current) -> [String] {
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
        let paths = folders.map { $0 + "/" + fileName }.filter { seen.insert($0).inserted }
        return system == .linux ? [fileName] + paths : paths
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

    public struct OpenFailure: Error, Sendable {
        /// The loader's message for each path tried, in order.
        public var messages: [String]
    }
}
