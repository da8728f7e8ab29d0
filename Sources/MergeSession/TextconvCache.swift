import CatalogDiff
import GitSupport
import StringCatalog
import XcstringsMergePlatform

/// git's textconv cache for catalogs, filled ahead of time.
///
/// With `diff.xcstrings.cachetextconv` (which `install` sets) git keeps each version's lines as
/// a note on its blob in `refs/notes/textconv/xcstrings`, valid while the notes commit's message
/// is the converter's command. git fills it as it goes: the first `git log -p` of a history
/// starts the converter once per version, a temporary file and a process each, which costs more
/// than the conversion (with `cat` as the converter the log already takes about twice as long as
/// one without). Here every version the history holds is converted in one process, with the
/// same function the converter prints with (`TextconvText`), and written where git looks first,
/// so that the first `git log -p` starts no converter for them.
public enum TextconvCache {
    public static let reference = "refs/notes/textconv/xcstrings"

    /// Versions converted at most per fill, newest first: the first screens of `git log -p`.
    public static let defaultLimit = 1_000

    public struct Summary: Sendable {
        /// Versions converted and added to the cache now.
        public var converted = 0
        /// Versions the cache held already.
        public var cached = 0
        /// Versions left to git (beyond the limit): it converts them when a log reaches them.
        public var leftOver = 0
        /// Bytes of catalog read.
        public var bytes = 0
    }

    public enum Unavailable: Error, Sendable, CustomStringConvertible {
        /// No `diff.xcstrings.textconv`: git does not read catalogs through the driver.
        case noConverter
        /// `diff.xcstrings.cachetextconv` is off: git would not read the cache.
        case cacheOff
        case git(GitError)

        public var description: String {
            switch self {
            case .noConverter: return "git's diff driver for catalogs is not set (diff.xcstrings.textconv); run 'xcstrings-merge install'"
            case .cacheOff: return "git does not keep the driver's lines (diff.xcstrings.cachetextconv is not true); run 'xcstrings-merge install'"
            case .git(let error): return error.message
            }
        }
    }

    /// Converts every catalog version reachable from HEAD that the cache lacks (at most `limit`,
    /// newest first) and adds them to it. The cache is replaced only if nobody (a `git log -p`
    /// running meanwhile) moved it since it was read; a cache made for another command (the
    /// binary moved) is started afresh, as git would.
    public static func fill(_ repository: Repository, limit: Int = defaultLimit) throws(Unavailable) -> Summary {
        do {
            let config = try repository.config()
            guard let command = try config.string("diff.xcstrings.textconv") else { throw Unavailable.noConverter }
            guard isTrue(try config.string("diff.xcstrings.cachetextconv")) else { throw Unavailable.cacheOff }
            let existing = try repository.notes(at: reference)
            // git compares the notes commit's subject with the command, trimmed.
            let validity = command.trimmingWhitespace()
            var notes = existing?.subject == validity ? existing?.notes ?? [:] : [:]
            var summary = Summary()
            var missing: [ObjectID] = []
            for blob in try repository.changedBlobs(matching: "*.xcstrings") {
                if notes[blob.description] != nil {
                    summary.cached += 1
                } else if missing.count < limit {
                    missing.append(blob)
                } else {
                    summary.leftOver += 1
                }
            }
            guard !missing.isEmpty else { return summary }
            let converted = try convert(missing, in: repository)
            for (blob, note) in zip(missing, converted.notes) { notes[blob.description] = note }
            summary.converted = missing.count
            summary.bytes = converted.bytes
            try repository.writeNotes(notes, at: reference, message: validity, replacing: existing?.commit)
            return summary
        } catch let error as Unavailable {
            throw error
        } catch let error as GitError {
            throw .git(error)
        } catch {
            throw .git(GitError(code: -1, message: "\(error)"))
        }
    }

    /// The notes (the converter's lines, written as blobs) of `blobs`, in their order, and the
    /// bytes read. Reading a version and writing its lines cost more than converting it (zlib
    /// both ways, SHA-1): the versions are shared among the cores, each thread with its own
    /// repository, as libgit2 objects must not be shared between threads.
    static func convert(_ blobs: [ObjectID], in repository: Repository) throws(GitError) -> (notes: [ObjectID], bytes: Int) {
        final class Results: @unchecked Sendable {
            let lock = Lock()
            var notes: [ObjectID?]
            var bytes = 0
            var failure: GitError?
            init(count: Int) { notes = Array(repeating: nil, count: count) }
        }
        let results = Results(count: blobs.count)
        let lanes = min(Threads.processorCount, blobs.count)
        let gitDirectory = repository.gitDirectory
        Threads.concurrentPerform(iterations: lanes) { lane in
            do throws(GitError) {
                let own = lane == 0 ? repository : try Repository(discoveringFrom: gitDirectory)
                for index in stride(from: lane, to: blobs.count, by: lanes) {
                    let bytes = try own.blob(blobs[index])
                    let lines = bytes.withUnsafeBufferPointer(TextconvText.bytes(of:))
                    let note = try own.writeBlob(lines)
                    results.lock.locked {
                        results.notes[index] = note
                        results.bytes += bytes.count
                    }
                }
            } catch {
                results.lock.locked { results.failure = results.failure ?? error }
            }
        }
        if let failure = results.failure { throw failure }
        return (results.notes.map { $0! }, results.bytes)
    }

    /// The command git's diff driver for catalogs runs, as git reads it; nil when unset.
    public static func converterCommand(_ repository: Repository) -> String? {
        ((try? repository.config().string("diff.xcstrings.textconv")) ?? nil)?.trimmingWhitespace()
    }

    /// Deletes the cache when it was made for `command` (what uninstall takes away with the
    /// driver); true when it did.
    public static func remove(from repository: Repository, madeFor command: String) throws(GitError) -> Bool {
        guard let notes = try repository.notes(at: reference), notes.subject == command else { return false }
        return try repository.removeReference(reference)
    }

    /// A git boolean as git reads it.
    static func isTrue(_ value: String?) -> Bool {
        guard let value else { return false }
        return ["true", "yes", "on", "1"].contains(value.trimmingWhitespace().lowercased())
    }
}
