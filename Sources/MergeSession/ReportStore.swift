#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#endif
import CatalogMerge
import StringCatalog
import XcstringsMergePlatform

/// What the tool keeps of a repository's merges, in `<git-dir>/xcstrings-merge/`: per catalog
/// (at its repository path), the driver's report of its latest merge, the reports of the merges
/// before it (`<path>.reports/`, the latest `xcstrings-merge.reports` of them, so that `review`
/// finds every merge of a long rebase), and `resolve`'s state. Every path into it is made here.
///
/// Nothing found in a repository makes the tool write outside it: a path's `.` and `..`
/// components are dropped, and a symbolic link anywhere below the git directory is refused.
public struct ReportStore: Sendable {
    /// What is kept for one catalog.
    public enum Record: String, Sendable {
        /// The driver's report of the catalog's latest merge.
        case report = ".json"
        /// The answers given to `resolve` so far, for one set of index stages.
        case answers = ".choices"
        /// A fingerprint of the catalog `resolve` last wrote.
        case written = ".written"
        /// The working file `resolve --force` replaced.
        case edited = ".edited"
    }

    public let gitDirectory: String
    /// `<git-dir>/xcstrings-merge`.
    public let folder: String
    /// The git directory without a final slash.
    private let top: String

    public init(gitDirectory: String) {
        self.gitDirectory = gitDirectory
        top = gitDirectory.hasSuffix("/") ? String(gitDirectory.dropLast()) : gitDirectory
        folder = top + "/xcstrings-merge"
    }

    /// Whether anything was ever kept here.
    public var exists: Bool { FileBytes.isDirectory(folder) }

    /// The components of `path` that can name a file below a folder: no empty, `.` or `..` ones.
    static func safeComponents(_ path: String) -> [String] {
        path.split(separator: "/").map(String.init).filter { $0 != "." && $0 != ".." && !$0.isEmpty }
    }

    /// Where `record` of the catalog at `path` is, for reading (nothing is created).
    public func file(_ path: String, _ record: Record) -> String {
        folder + "/" + Self.safeComponents(path).joined(separator: "/") + record.rawValue
    }

    /// Where to write `record` of the catalog at `path`: its folders made, nil when a symbolic
    /// link is met below the git directory (or the path names nothing).
    public func place(_ path: String, _ record: Record) -> String? {
        var components = Self.safeComponents(path)
        guard let last = components.popLast() else { return nil }
        var current = top
        for component in ["xcstrings-merge"] + components {
            current += "/" + component
            var info = stat()
            if lstat(current, &info) == 0 {
                guard (info.st_mode & S_IFMT) == S_IFDIR else { return nil }
            } else if mkdir(current, 0o755) != 0 {
                return nil
            }
        }
        let file = current + "/" + last + record.rawValue
        var info = stat()
        if lstat(file, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK { return nil }
        return file
    }

    /// Writes `record` of `path` atomically; false when it cannot be placed or written.
    @discardableResult
    public func write(_ bytes: [UInt8], _ path: String, _ record: Record) -> Bool {
        guard let file = place(path, record) else { return false }
        return (try? FileBytes.writeAtomically(bytes, to: file)) != nil
    }

    // MARK: Reports

    /// The report kept for `path`, read; nil when there is none, and a message when there is
    /// one this tool cannot read (a newer format's).
    public func report(_ path: String) -> Result<MergeReportDocument, MergeReportDocument.ReadError>? {
        Self.readReport(file(path, .report))
    }

    /// The report in `file`, read; nil when there is none.
    static func readReport(_ file: String) -> Result<MergeReportDocument, MergeReportDocument.ReadError>? {
        guard let bytes = try? FileBytes.read(file) else { return nil }
        do throws(MergeReportDocument.ReadError) {
            return .success(try MergeReportDocument(bytes: bytes))
        } catch {
            return .failure(error)
        }
    }

    /// The repository paths that have a report (`App/L.xcstrings` for `App/L.xcstrings.json`),
    /// sorted.
    public func reportPaths() -> [String] { Self.reportPaths(under: folder, prefix: "") }

    static func reportPaths(under folder: String, prefix: String) -> [String] {
        guard let directory = opendir(folder) else { return [] }
        defer { closedir(directory) }
        var paths: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
            if name == "." || name == ".." { continue }
            let full = folder + "/" + name
            if FileBytes.isDirectory(full) {
                paths += reportPaths(under: full, prefix: prefix + name + "/")
            } else if name.hasSuffix(".xcstrings" + Record.report.rawValue) {
                paths.append(prefix + String(name.dropLast(Record.report.rawValue.count)))
            }
        }
        return paths.sorted()
    }

    // MARK: Earlier reports

    /// How many earlier reports are kept per catalog unless `xcstrings-merge.reports` says.
    public static let defaultEarlierReports = 100
    /// The fewest kept whatever the setting says: the setting is read only beyond this many.
    public static let fewestEarlierReports = 10

    /// The folder of `path`'s earlier reports, as a repository path below the store.
    func earlierFolder(_ path: String) -> String { Self.safeComponents(path).joined(separator: "/") + ".reports" }

    /// The file of `path`'s earlier report `number`, for reading.
    func earlierFile(_ path: String, _ number: Int) -> String { file(earlierFolder(path) + "/" + Self.padded(number), .report) }

    /// The numbers of `path`'s earlier reports (`000042.json`), lowest (oldest) first.
    func earlierNumbers(_ path: String) -> [Int] {
        (FilePaths.names(in: folder + "/" + earlierFolder(path)) ?? []).compactMap { name in
            name.hasSuffix(Record.report.rawValue) ? Int(name.dropLast(Record.report.rawValue.count)) : nil
        }.sorted()
    }

    /// Moves `path`'s report, before a new merge's replaces it, to its earlier reports; keeps
    /// the latest `limit()` of those (asked only when there are more than the fewest kept).
    public func keepEarlierReport(_ path: String, limit: () -> Int) {
        let latest = file(path, .report)
        var info = stat()
        guard lstat(latest, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { return }
        var numbers = earlierNumbers(path)
        let next = (numbers.last ?? 0) + 1
        guard let destination = place(earlierFolder(path) + "/" + Self.padded(next), .report), rename(latest, destination) == 0 else { return }
        numbers.append(next)
        guard numbers.count > Self.fewestEarlierReports else { return }
        let keep = max(Self.fewestEarlierReports, limit())
        for number in numbers.dropLast(keep) { unlink(earlierFile(path, number)) }
    }

    static func padded(_ number: Int) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, 6 - digits.count)) + digits
    }

    /// `path`'s earlier reports, newest first, each read only when reached (`review` stops at
    /// the one of its merge); one that cannot be read is a failure.
    public func earlierReports(_ path: String) -> some Sequence<Result<MergeReportDocument, MergeReportDocument.ReadError>> {
        earlierNumbers(path).reversed().lazy.compactMap { number in Self.readReport(earlierFile(path, number)) }
    }

    // MARK: resolve's state

    /// Forgets `resolve`'s answers and the fingerprint of what it wrote for `path`: its
    /// conflicts are settled and staged, or a new merge of it starts afresh.
    public func clearResolveState(_ path: String) {
        for record in [Record.answers, .written] { unlink(file(path, record)) }
    }

    /// A fingerprint of catalog bytes `resolve` wrote, so that it can tell its own output from
    /// a person's edits when it runs again.
    static func fingerprint(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        return String(hash, radix: 16) + ":" + String(bytes.count)
    }

    public func recordWritten(_ bytes: [UInt8], path: String) {
        write(Array(Self.fingerprint(bytes).utf8), path, .written)
    }

    /// Whether `bytes` are what `resolve` last wrote for `path`.
    public func isWritten(_ bytes: [UInt8], path: String) -> Bool {
        guard let recorded = try? FileBytes.read(file(path, .written)) else { return false }
        return String(decoding: recorded, as: UTF8.self) == Self.fingerprint(bytes)
    }

    /// The answers given in earlier `resolve` runs for `path`, when they belong to `stages` (a
    /// new merge starts afresh).
    public func answers(_ path: String, stages: String) -> [String: Resolution] {
        guard let bytes = try? FileBytes.read(file(path, .answers)), let document = try? JSONReader.parse(bytes).object,
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

    public func saveAnswers(_ choices: [String: Resolution], path: String, stages: String) {
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
        write(XcodeWriter.reportBytes(of: document), path, .answers)
    }
}
