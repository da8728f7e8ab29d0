#if canImport(Darwin)
import Darwin
import MachO  // _NSGetExecutablePath, declared in <mach-o/dyld.h>
#elseif canImport(Glibc)
import Glibc
#endif

/// The process's environment, its executable and its temporary folder, read the way each
/// system provides them.
public enum ProcessEnvironment {
    /// The C environment block (`environ`), for `posix_spawn`. The Darwin overlay declares
    /// `environ` to Swift itself (it reads `*_NSGetEnviron()`, the documented way for code that
    /// may be in a library: `man environ`); Glibc declares the C variable.
    public static var block: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> {
        environ
    }

    /// The environment as a dictionary.
    public static var variables: [String: String] {
        var result: [String: String] = [:]
        var pointer = block
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                result[String(text[..<equals])] = String(text[text.index(after: equals)...])
            }
            pointer += 1
        }
        return result
    }

    public static func value(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// The absolute path of the running executable; nil if the system cannot say. Linux names
    /// it, links resolved, in `/proc/self/exe`. macOS has no `/proc` and answers through
    /// `_NSGetExecutablePath` with the path the program was started by, which may be relative
    /// or hold `..`: its folder is resolved, its last part is kept, so that a program started
    /// through Homebrew's `bin` link is named by that link.
    public static var executablePath: String? {
        #if canImport(Darwin)
        var size: UInt32 = 0
        _ = _NSGetExecutablePath(nil, &size)
        var buffer = [CChar](repeating: 0, count: Int(size) + 1)
        guard _NSGetExecutablePath(&buffer, &size) == 0 else { return nil }
        var path = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if !path.hasPrefix("/"), let current = FilePaths.currentDirectory { path = current + "/" + path }
        guard let slash = path.lastIndex(of: "/") else { return path }
        let folder = slash == path.startIndex ? "/" : String(path[..<slash])
        let name = String(path[path.index(after: slash)...])
        guard let resolvedFolder = FilePaths.resolved(folder) else { return path }
        return resolvedFolder == "/" ? "/" + name : resolvedFolder + "/" + name
        #else
        var buffer = [CChar](repeating: 0, count: 4096)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
        #endif
    }

    /// The folder for temporary files: `$TMPDIR` (on macOS a per-user folder under
    /// `/var/folders`), else `/tmp`. Never ends with a slash.
    public static var temporaryDirectory: String {
        var directory = value("TMPDIR") ?? ""
        while directory.count > 1 && directory.hasSuffix("/") { directory.removeLast() }
        return directory.isEmpty ? "/tmp" : directory
    }
}

/// Paths as the file system sees them.
public enum FilePaths {
    /// `path` with symbolic links, `.` and `..` resolved (`realpath(3)`); nil when some part of
    /// it does not exist. On macOS `/tmp` and `/var` are links into `/private`, so a path must be
    /// resolved before it is compared with another resolved path.
    public static func resolved(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// The names in folder `path`, `.` and `..` left out, in the order the system gives them;
    /// nil when it is no folder that can be read.
    public static func names(in path: String) -> [String]? {
        guard let handle = opendir(path) else { return nil }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(cString: raw.bindMemory(to: CChar.self).baseAddress!)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Makes `path` and the folders above it that are missing (`mkdir -p`); false when one
    /// cannot be made or is not a folder.
    public static func makeDirectories(_ path: String) -> Bool {
        var info = stat()
        if stat(path, &info) == 0 { return (info.st_mode & S_IFMT) == S_IFDIR }
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            guard makeDirectories(String(path[..<slash])) else { return false }
        }
        return mkdir(path, 0o755) == 0 || (stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR)
    }

    /// A new folder of this user's alone in the temporary folder (`mkdtemp`), its name starting
    /// with `prefix`; nil when it cannot be made.
    public static func makeTemporaryDirectory(prefix: String) -> String? {
        var template = Array((ProcessEnvironment.temporaryDirectory + "/" + prefix + "XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { return nil }
        return String(cString: made)
    }

    /// Removes `path` and, for a folder, everything in it; symbolic links are removed, never
    /// followed. False when something could not be removed.
    @discardableResult
    public static func removeTree(_ path: String) -> Bool {
        var info = stat()
        guard lstat(path, &info) == 0 else { return false }
        if info.st_mode & S_IFMT == S_IFDIR {
            var removedAll = true
            for name in names(in: path) ?? [] where !removeTree(path + "/" + name) { removedAll = false }
            return rmdir(path) == 0 && removedAll
        }
        return unlink(path) == 0
    }

    /// The current directory.
    public static var currentDirectory: String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        guard getcwd(&buffer, buffer.count) != nil else { return nil }
        return String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
