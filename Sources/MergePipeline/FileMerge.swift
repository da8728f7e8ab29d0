import CatalogLint
import CatalogMerge
import XcstringsMergePlatform
import StringCatalog

/// The merge of three versions of a catalog, from reading them to the merged catalog and its
/// report: what `merge` (git's driver), `resolve`, the fixture tests and the fuzzer all run.
///
/// It prints nothing and never exits: the outcome says what happened, and the caller writes,
/// prints and chooses an exit status. The line merge a failed read falls back to is git's, so
/// it is the caller's too (`MergeOutcome.notCatalogs` holds what it needs).
public struct FileMerge: Sendable {
    public var options: MergeOptions
    /// The sides' names in messages (`ours (main)`).
    public var labels: MergeLabels
    /// The size above which a side's entries are read by two threads. Tests lower it, so that
    /// small inputs take the path a big catalog takes.
    public var splitAbove: Int

    /// Inputs at least this big are mapped (files) or read without being kept (bytes): only
    /// what they change is copied, and their bytes can go before the next input is read.
    static let bigInput = 1 << 20

    public init(options: MergeOptions = MergeOptions(), labels: MergeLabels = MergeLabels(), splitAbove: Int = JSONReader.defaultSplitSize) {
        self.options = options
        self.labels = labels
        self.splitAbove = splitAbove
    }

    /// Reads and merges `inputs`.
    public func run(_ inputs: MergeInputs) -> MergeOutcome {
        switch read(inputs) {
        case .catalogs(let catalogs): return .merged(merge(catalogs))
        case .notCatalogs(let fallback): return .notCatalogs(fallback)
        case .unreadable(let message): return .unreadable(message)
        }
    }

    /// Merges catalogs already read, and checks what the merge combined from both sides.
    public func merge(_ inputs: ReadCatalogs) -> MergedCatalog {
        var (merged, report) = ThreeWayMerge.merge(base: inputs.base, ours: inputs.ours, theirs: inputs.theirs, options: options)
        report.repairs = inputs.repairs
        PhaseTimes.mark("merge")
        // Warnings about what the merge combined: an entry's own findings, and those of the
        // locales a side changed (one neither touched was so on both sides already).
        report.warnings = Linter.afterMerge.findings(forKeys: report.combinedKeys, in: merged).compactMap { finding in
            if let locale = finding.locale, report.combinedLocales[finding.key]?.contains(locale) != true { return nil }
            return MergeWarning(rule: finding.rule, key: finding.key, locale: finding.locale, message: finding.message)
        }
        PhaseTimes.mark("warnings on what was combined")
        return MergedCatalog(catalog: merged, report: report, inputs: inputs)
    }

    /// Reads the three inputs as the merge needs them.
    ///
    /// The base is read (a big file in parts, on all cores) while ours is mapped, then parsed;
    /// then ours and theirs, one at a time, are parsed against the base (entries equal to the
    /// base's are not validated again and share its bytes). A big one, mapped or read, keeps
    /// only what it changes, so that its bytes can go before the next is read: the three inputs
    /// are never all held at once (a merge of three 40 MB catalogs peaks below their total
    /// size). Each parse of a big catalog uses two threads.
    public func read(_ inputs: MergeInputs) -> ReadOutcome {
        let sources = inputs.sources
        let oursMapping = MappingSlot()
        var slots: [InputSlot] = []
        switch sources[0] {
        case .file(let path):
            if let mapped = mappedBase(path, sources[1], oursMapping) {
                slots.append(mapped)
                break
            }
            do throws(FileError) {
                let bytes = try FileBytes.readInParts(path) {
                    if oursMapping.file == nil, case .file(let oursPath) = sources[1] {
                        oursMapping.file = MappedFile(path: oursPath, minimumSize: Self.bigInput)
                    }
                }
                PhaseTimes.mark("base read (ours mapped meanwhile)")
                slots.append(readBase(bytes, inputs))
            } catch {
                slots.append(.unreadable(error.description))
            }
        case .bytes(let bytes):
            slots.append(readBase(bytes, inputs))
        }
        PhaseTimes.mark("base validated")
        var reference: Catalog?
        if case .catalog(_, let catalog, _) = slots[0] { reference = catalog }
        slots.append(readSide(1, inputs, mapping: oursMapping.file, reference: reference))
        oursMapping.file = nil
        PhaseTimes.mark("ours read against the base")
        let theirsMapping: MappedFile?
        if case .file(let path) = sources[2] { theirsMapping = MappedFile(path: path, minimumSize: Self.bigInput) } else { theirsMapping = nil }
        slots.append(readSide(2, inputs, mapping: theirsMapping, reference: reference))
        PhaseTimes.mark("theirs mapped and read against the base")

        var bytes: [[UInt8]] = []
        var catalogs: [Catalog] = []
        var problems: [String] = []
        var notACatalog = false
        var repairs: [InputRepair] = []
        for slot in slots {
            switch slot {
            case .unreadable(let message):
                return .unreadable(message)
            case .catalog(let kept, let catalog, let notes):
                bytes.append(kept)
                catalogs.append(catalog)
                repairs += notes
            case .invalid(let kept, let problem, let isNotACatalog):
                bytes.append(kept)
                problems.append(problem)
                notACatalog = notACatalog || isNotACatalog
            }
        }
        guard problems.isEmpty else {
            // Big inputs were mapped, or let go once read; the line merge reads them again.
            for index in 0..<3 where bytes[index].isEmpty {
                switch sources[index] {
                case .file(let path): if let again = try? FileBytes.read(path) { bytes[index] = again }
                case .bytes(let kept): bytes[index] = kept
                }
            }
            return .notCatalogs(LineMergeNeeded(inputs: bytes, problems: problems, isNotACatalog: notACatalog))
        }
        return .catalogs(ReadCatalogs(base: catalogs[0], ours: catalogs[1], theirs: catalogs[2], repairs: repairs))
    }

    /// A big base file mapped rather than read (`FileBytes.mappedForTheProcess`), while ours
    /// is mapped on another core, and read as a catalog; nil when it was not mapped or does not
    /// read as one as it is (then it is read again as any input is, so that a problem's line
    /// and column, and a repair, are the file's own).
    func mappedBase(_ path: String, _ ours: MergeInputs.Source, _ oursMapping: MappingSlot) -> InputSlot? {
        let mapped = FileBytes.mappedForTheProcess(path, minimumSize: 4 * Self.bigInput) {
            if case .file(let oursPath) = ours { oursMapping.file = MappedFile(path: oursPath, minimumSize: Self.bigInput) }
        }
        guard let bytes = mapped?.bytes else { return nil }
        PhaseTimes.mark("base mapped (ours meanwhile)")
        guard let catalog = try? Catalog(bytes: bytes, splitAbove: splitAbove) else { return nil }
        // Not kept for a line merge: it reads the file again (`read`).
        return .catalog([], catalog, [])
    }

    func readBase(_ bytes: [UInt8], _ inputs: MergeInputs) -> InputSlot {
        slot(0, inputs, keeping: bytes, source: { bytes }) { () throws(JSONError) in
            try Catalog.mergeBase(bytes: bytes, splitAbove: splitAbove)
        }
    }

    /// Ours (`index` 1) or theirs (2), read against the base.
    func readSide(_ index: Int, _ inputs: MergeInputs, mapping: MappedFile?, reference: Catalog?) -> InputSlot {
        func copying(_ buffer: UnsafeBufferPointer<UInt8>) -> InputSlot {
            slot(index, inputs, keeping: [], source: { Array(buffer) }) { () throws(JSONError) in
                try Catalog(copyingFrom: buffer, reference: reference, splitAbove: splitAbove)
            }
        }
        if let mapping { return mapping.withBytes(copying) }
        let bytes: [UInt8]
        switch inputs.sources[index] {
        case .bytes(let kept):
            bytes = kept
        case .file(let path):
            do throws(FileError) {
                bytes = try FileBytes.read(path)
            } catch {
                return .unreadable(error.description)
            }
        }
        if bytes.count >= Self.bigInput { return bytes.withUnsafeBufferPointer(copying) }
        return slot(index, inputs, keeping: bytes, source: { bytes }) { () throws(JSONError) in
            try Catalog(bytes: bytes, reference: reference, splitAbove: splitAbove)
        }
    }

    /// Input `index` as `read` gives it, or why it is not a catalog; `bytes` are kept for the
    /// line merge ([]: it reads the input again). Bytes that fail only through what a line
    /// merge leaves with one meaning (trailing commas, repeated keys) are read repaired;
    /// `source` gives them when they were not kept.
    func slot(_ index: Int, _ inputs: MergeInputs, keeping bytes: [UInt8], source: () -> [UInt8], _ read: () throws(JSONError) -> Catalog) -> InputSlot {
        let side = [Side.base, .ours, .theirs][index]
        // As git's driver the files are temporary: the repository path names the file.
        let file = inputs.name(index)
        do throws(JSONError) {
            return .catalog(bytes, try read(), [])
        } catch {
            if !error.isNotACatalog, case let original = bytes.isEmpty ? source() : bytes,
                let (repairedBytes, repairs) = CatalogRepair.repaired(original),
                let catalog = try? Catalog(bytes: repairedBytes)
            {
                // Every repair located in one pass (one at a time, each from the file's start,
                // was quadratic in 20,000 repeated keys).
                let order = repairs.indices.sorted { repairs[$0].offset < repairs[$1].offset }
                let found = LineLocator.locations(of: order.map { repairs[$0].offset }, in: original)
                var locations = [(line: Int, column: Int)](repeating: (0, 0), count: repairs.count)
                for (position, index) in order.enumerated() { locations[index] = found[position] }
                let notes = zip(repairs, locations).map { repair, location in
                    let (line, column) = location
                    let isDuplicate = repair.kind != .trailingComma
                    return InputRepair(
                        side: side, file: file, line: line, column: column, kind: repair.kind.rawValue,
                        key: isDuplicate ? repair.path.last : nil, path: isDuplicate ? Array(repair.path.dropLast()) : repair.path,
                        values: repair.values.map(Self.reportValue))
                }
                return .catalog(original, catalog, notes)
            }
            return .invalid(bytes, "\(file) (\(labels.name(side))):\(error.line):\(error.column): \(error.message)", error.isNotACatalog)
        }
    }
}

extension FileMerge {
    /// A value a repair dropped, as the report holds it: the JSON it is, or else its text, with
    /// any bytes that are not UTF-8 replaced (U+FFFD) so that the report stays JSON that reads
    /// back (the reader refuses such bytes anywhere else; a value it skipped as a duplicate's
    /// was never decoded).
    static func reportValue(_ bytes: [UInt8]) -> JSONValue {
        if let value = try? JSONReader.parse(bytes) { return value }
        return .string(UTF8Bytes(String(decoding: bytes, as: UTF8.self)))
    }
}

/// What reading the three inputs gave.
public enum ReadOutcome: Sendable {
    case catalogs(ReadCatalogs)
    case notCatalogs(LineMergeNeeded)
    case unreadable(String)
}

/// What a merge of three inputs gave.
public enum MergeOutcome: Sendable {
    /// The inputs were catalogs (some perhaps repaired) and are merged.
    case merged(MergedCatalog)
    /// Not every input is a catalog: git's line merge is what is left to do.
    case notCatalogs(LineMergeNeeded)
    /// An input could not be read at all (missing, a device, too big): the message says which.
    case unreadable(String)
}

/// The three inputs read as catalogs.
public struct ReadCatalogs: Sendable {
    public var base: Catalog
    public var ours: Catalog
    public var theirs: Catalog
    /// The repairs made to read them (trailing commas, keys written twice), each located.
    public var repairs: [InputRepair]

    public init(base: Catalog, ours: Catalog, theirs: Catalog, repairs: [InputRepair] = []) {
        self.base = base
        self.ours = ours
        self.theirs = theirs
        self.repairs = repairs
    }
}

/// A merged catalog, its report (repairs and after-merge warnings included) and what it was
/// merged from.
public struct MergedCatalog: Sendable {
    public var catalog: Catalog
    public var report: MergeReport
    public var inputs: ReadCatalogs

    /// The merged catalog and its report.
    public var parts: (catalog: Catalog, report: MergeReport) { (catalog, report) }

    /// Merged with no conflict left and no input repaired: nothing for a person to look at.
    public var isClean: Bool { report.unresolvedConflicts.isEmpty && report.repairs.isEmpty }
}

/// Inputs that are not all catalogs, for git's line merge.
public struct LineMergeNeeded: Sendable {
    /// The three inputs' bytes (base, ours, theirs).
    public var inputs: [[UInt8]]
    /// Why, one message per input that failed: `file (side):line:column: message`.
    public var problems: [String]
    /// Whether an input is JSON but not a catalog's shape (`{}`, another tool's file), which a
    /// clean line merge would turn into a file that lost every translation.
    public var isNotACatalog: Bool

    public var reason: String { problems.joined(separator: "; ") }
}

/// Ours' mapping, made on one thread and used on the merge's.
final class MappingSlot: @unchecked Sendable {
    var file: MappedFile?
}

/// An input as its read leaves it.
enum InputSlot {
    /// The bytes, the catalog read, and the repairs made to read it.
    case catalog([UInt8], Catalog, [InputRepair])
    /// The bytes, why, and whether they are JSON but not a catalog's shape.
    case invalid([UInt8], String, Bool)
    case unreadable(String)
}
