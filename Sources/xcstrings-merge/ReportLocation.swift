#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import CatalogMerge
import StringCatalog

/// Where a merge's report goes when no `--report` is given.
enum ReportLocation {
    /// The components of `path` that can name a file below a folder: no empty, `.` or `..` ones.
    static func safeComponents(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init).filter { $0 != "." && $0 != ".." && !$0.isEmpty }
    }

    /// Creates `<gitDirectory>/xcstrings-merge/<dirs>` and returns the report file path, refusing
    /// to follow a symbolic link anywhere below the git directory.
    static func place(_ path: String, under gitDirectory: String, suffix: String = ".json") -> String? {
        var components = safeComponents(path)
        guard let last = components.popLast() else { return nil }
        var folder = gitDirectory.hasSuffix("/") ? String(gitDirectory.dropLast()) : gitDirectory
        for component in ["xcstrings-merge"] + components {
            folder += "/" + component
            var info = stat()
            if lstat(folder, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
            } else if mkdir(folder, 0o755) != 0 {
                return nil
            }
        }
        let file = folder + "/" + last + suffix
        var info = stat()
        if lstat(file, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK { return nil }
        return file
    }
}

/// A fingerprint of the catalog bytes `resolve` last wrote, so that it can tell its own output
/// from a person's edits when it runs again.
enum WrittenMarker {
    static func fingerprint(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return String(hash, radix: 16) + ":" + String(bytes.count)
    }

    static func record(_ bytes: [UInt8], path: String, gitDirectory: String) {
        guard let file = ReportLocation.place(path, under: gitDirectory, suffix: ".written") else { return }
        try? FileBytes.writeAtomically(Array(fingerprint(bytes).utf8), to: file)
    }

    static func matches(_ bytes: [UInt8], path: String, gitDirectory: String) -> Bool {
        guard let file = ReportLocation.place(path, under: gitDirectory, suffix: ".written"),
            let recorded = try? FileBytes.read(file)
        else { return false }
        return String(decoding: recorded, as: UTF8.self) == fingerprint(bytes)
    }
}

/// Answers given in earlier `resolve` runs for one conflicted path, kept in the git directory
/// until the path is staged. They belong to one set of index stages: a new merge starts afresh.
enum ChoiceStore {
    static func file(_ path: String, gitDirectory: String) -> String? {
        ReportLocation.place(path, under: gitDirectory, suffix: ".choices")
    }

    static func load(path: String, stages: String, gitDirectory: String) -> [String: Resolution] {
        guard let file = file(path, gitDirectory: gitDirectory), let bytes = try? FileBytes.read(file),
            let document = try? JSONReader.parse(bytes).object,
            document["stages"]?.stringValue == UTF8Bytes(stages),
            let choices = document["choices"]?.object
        else { return [:] }
        var result: [String: Resolution] = [:]
        for member in choices.members {
            guard let choice = member.value.object else { continue }
            if let side = choice["take"]?.stringValue.flatMap({ Side(rawValue: $0.string) }) {
                result[member.key.string] = .take(side)
            } else if let value = choice["value"] {
                result[member.key.string] = .value(value == .null && choice["remove"] == .bool(true) ? nil : value)
            }
        }
        return result
    }

    static func save(_ choices: [String: Resolution], path: String, stages: String, gitDirectory: String) {
        guard let file = file(path, gitDirectory: gitDirectory) else { return }
        var members: [JSONMember] = []
        for (id, resolution) in choices.sorted(by: { $0.key < $1.key }) {
            let choice: JSONValue
            switch resolution {
            case .take(let side): choice = ["take": .string(UTF8Bytes(side.rawValue))]
            case .value(let value?): choice = ["value": value]
            case .value(nil): choice = ["value": .null, "remove": .bool(true)]
            }
            members.append(JSONMember(key: UTF8Bytes(id), value: choice))
        }
        let document: JSONValue = ["stages": .string(UTF8Bytes(stages)), "choices": .object(JSONObject(members))]
        try? FileBytes.writeAtomically(XcodeWriter.reportBytes(of: document), to: file)
    }

    static func clear(path: String, gitDirectory: String) {
        for suffix in [".choices", ".written"] {
            if let file = ReportLocation.place(path, under: gitDirectory, suffix: suffix) { unlink(file) }
        }
    }
}
