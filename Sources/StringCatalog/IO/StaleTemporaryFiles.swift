#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import XcstringsMergePlatform

/// The temporary files the tool writes beside a file it replaces, `.NAME.xcstrings-merge-PID-XXXXXX`,
/// and the ones a killed run left. A run ended by SIGKILL (or a power cut) cannot remove its
/// own; its process id in the name tells a later run that no live process writes it any more.
public enum StaleTemporaryFiles {
    static let marker = ".xcstrings-merge-"

    /// The `mkstemp` template for a temporary file beside `name` in `directory`.
    static func template(directory: String, name: String) -> String {
        "\(directory)/.\(name)\(marker)\(getpid())-XXXXXX"
    }

    /// The process id in a name of the tool's pattern; nil for any other name.
    public static func writer(ofName name: String) -> pid_t? {
        let bytes = Array(name.utf8), needle = Array(marker.utf8)
        guard bytes.first == UInt8(ascii: "."), bytes.count > needle.count + 8 else { return nil }
        // The marker's last occurrence: a catalog's own name may hold it too.
        guard let start = stride(from: bytes.count - needle.count, through: 1, by: -1).first(where: {
            bytes[$0..<$0 + needle.count].elementsEqual(needle)
        }) else { return nil }
        let rest = bytes[(start + needle.count)...].split(separator: UInt8(ascii: "-"), omittingEmptySubsequences: false)
        guard rest.count == 2, rest[1].count == 6, rest[1].allSatisfy(isAlphanumeric),
            (1...10).contains(rest[0].count), rest[0].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
            let pid = pid_t(String(decoding: rest[0], as: UTF8.self)), pid > 0
        else { return nil }
        return pid
    }

    static func isAlphanumeric(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
    }

    /// Whether a process `pid` exists (one of another user counts: it may be writing).
    static func isAlive(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || FileDescriptors.lastError != ESRCH
    }

    /// The tool's temporary files in `directory` whose writer is gone.
    public static func find(in directory: String) -> [String] {
        guard let names = FilePaths.names(in: directory) else { return [] }
        return names.compactMap { name in
            guard let pid = writer(ofName: name), pid != getpid(), !isAlive(pid) else { return nil }
            let path = directory + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return nil }
            return path
        }
    }

    /// Folders this process has already cleared: one sweep each, however many files it writes
    /// there (`format` of a thousand catalogs in one folder reads the folder once).
    private static let sweptLock = Lock()
    nonisolated(unsafe) private static var swept = Set<String>()

    /// `remove(in:)`, once per folder per process.
    static func removeOnce(in directory: String) {
        guard sweptLock.locked({ swept.insert(directory).inserted }) else { return }
        remove(in: directory)
    }

    /// Removes the tool's temporary files in `directory` whose writer is gone.
    @discardableResult
    public static func remove(in directory: String) -> Int {
        var removed = 0
        for path in find(in: directory) where unlink(path) == 0 { removed += 1 }
        return removed
    }
}
