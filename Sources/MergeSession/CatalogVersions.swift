import CatalogDiff
import GitSupport
import StringCatalog
import XcstringsMergePlatform

/// The two versions of each catalog `diff` compares: two files, or what git's meaning of the
/// revisions and `--staged` gives (the working tree, the index, ours in a merge, commits).
public enum CatalogVersions {
    public struct Versions: Sendable {
        public var path: String
        public var old: [UInt8]?
        public var new: [UInt8]?
        public var newFile: String?
        /// The old version's own file, when two files are compared: messages about it name it.
        public var oldFile: String?
        /// Set for a changed catalog whose name is not UTF-8: it cannot be read, and says so.
        public var unsupportedName: String?
        /// Set for a catalog the index holds no one version of (a merge in progress left it
        /// unmerged): `--staged` has nothing to compare, and says so, as `git diff --cached` does.
        public var unmerged = false
        /// What `--fallback`'s line diff calls each side: its file, or its revision and path as
        /// git names them (`HEAD:App/L.xcstrings`, `:App/L.xcstrings` for the index).
        public var oldLabel: String?
        public var newLabel: String?

        public init(
            path: String, old: [UInt8]? = nil, new: [UInt8]? = nil, newFile: String? = nil, oldFile: String? = nil,
            unsupportedName: String? = nil, unmerged: Bool = false, oldLabel: String? = nil, newLabel: String? = nil
        ) {
            self.path = path
            self.old = old
            self.new = new
            self.newFile = newFile
            self.oldFile = oldFile
            self.unsupportedName = unsupportedName
            self.unmerged = unmerged
            self.oldLabel = oldLabel
            self.newLabel = newLabel
        }

        /// Whether the new side is there (a catalog deleted in the range has none).
        public var hasNew: Bool { new != nil || newFile.map { FileBytes.exists($0) } == true }
    }

    /// Why versions cannot be compared: a misuse of the arguments (`isMisuse`), or something
    /// of the repository's or the files'.
    public struct Problem: Error, Sendable {
        public var message: String
        public var isMisuse = false
    }

    /// Both versions compared; a version that is not a catalog is named with its line and column.
    public static func compare(_ version: Versions) -> Result<CatalogDiff, Problem> {
        let result: Result<CatalogDiff, DiffInputError>
        if let file = version.newFile, let mapping = MappedFile(path: file, minimumSize: 1 << 20, streamed: true) {
            result = mapping.withBytes { buffer in
                CatalogDiff.compare(old: version.old, newBuffer: buffer) {
                    guard let old = version.old, old.count == buffer.count else { return true }
                    return !FileBytes.contents(of: file, equal: old)
                }
            }
        } else {
            result = CatalogDiff.compare(old: version.old, new: version.new ?? version.newFile.flatMap { try? FileBytes.read($0) })
        }
        return result.mapError { failure in
            Problem(message: "\(failure.side == "old" ? version.oldFile ?? version.path : version.path) (\(failure.side)):\(failure.error.line):\(failure.error.column): \(failure.error.message)")
        }
    }

    /// The operands of `diff`: its arguments (`positionals`, how many came before `--` when it
    /// was given) and `--staged`.
    public struct Operands: Sendable {
        public var positionals: [String]
        public var beforeSeparator: Int?
        public var staged: Bool
        public init(positionals: [String], beforeSeparator: Int?, staged: Bool) {
            self.positionals = positionals
            self.beforeSeparator = beforeSeparator
            self.staged = staged
        }
    }

    /// Two paths that are files, outside `--` and without `--staged`: `diff OLD NEW`.
    public static func files(_ operands: Operands) throws(Problem) -> [Versions]? {
        let positionals = operands.positionals
        guard positionals.count == 2, operands.beforeSeparator == nil, !operands.staged,
            positionals.allSatisfy({ (FileBytes.exists($0) && !FileBytes.isDirectory($0)) })
        else {
            if positionals.count == 2, positionals.allSatisfy({ $0.hasSuffix(".xcstrings") }), (try? Repository.open()) == nil {
                let missing = positionals.first { !(FileBytes.exists($0) && !FileBytes.isDirectory($0)) } ?? positionals[0]
                throw Problem(message: "\(missing): no such file", isMisuse: true)
            }
            return nil
        }
        var versions = Versions(path: positionals[1], newFile: positionals[1], oldFile: positionals[0])
        do throws(FileError) {
            versions.old = try FileBytes.readInParts(positionals[0]) {}
            // Read here only to name an unreadable file now; a big one is mapped instead.
            if (FileStatus.of(positionals[1]).map { Int($0.st_size) } ?? 0) < 1 << 20 { versions.new = try FileBytes.read(positionals[1]) }
        } catch {
            throw Problem(message: error.description, isMisuse: true)
        }
        return [versions]
    }

    /// The catalogs that differ between the two sides git's meaning gives the operands, each
    /// with both versions.
    public static func inRepository(_ operands: Operands) throws(Problem) -> [Versions] {
        let repository: Repository
        do {
            repository = try Repository.open()
        } catch {
            throw Problem(message: error.isNotFound ? "not inside a git repository; give two files to compare" : error.message)
        }
        guard let workingDirectory = repository.workingDirectory else {
            throw Problem(message: "the repository has no working tree")
        }
        let positionals = operands.positionals
        let beforeSeparator = operands.beforeSeparator ?? positionals.count
        var revisions: [String] = []
        var paths: [String] = Array(positionals[beforeSeparator...])
        // Before `--`: revisions, then (without `--`) paths, as git reads them.
        var pathsBegan = false
        for argument in positionals[..<beforeSeparator] {
            let isFile = FileBytes.exists(argument)
            if !pathsBegan, revisions.count < 2, !isFile, let range = argument.firstRange(of: "..") {
                let from = String(argument[..<range.lowerBound]), to = String(argument[range.upperBound...])
                revisions += [from.isEmpty ? "HEAD" : from, to.isEmpty ? "HEAD" : to]
            } else if !pathsBegan, revisions.count < 2, !isFile, (try? repository.commit(argument)) != nil {
                revisions.append(argument)
            } else if isFile && operands.beforeSeparator == nil {
                pathsBegan = true
                paths.append(argument)
            } else {
                throw Problem(message: "'\(argument)' is " + (isFile ? "a file where a revision belongs (put paths after --)" : "neither a revision nor a file here"), isMisuse: true)
            }
        }
        let staged = operands.staged
        if staged && revisions.count > 1 { throw Problem(message: "--staged compares the index with one revision; two were given", isMisuse: true) }
        if revisions.count > 2 { throw Problem(message: "at most two revisions", isMisuse: true) }
        var commits: [ObjectID] = []
        for revision in revisions {
            do {
                commits.append(try repository.commit(revision))
            } catch {
                throw Problem(message: "'\(revision)' is not a commit here")
            }
        }
        // Which catalogs differ: git's own answer, for its meaning of the arguments.
        var gitArguments = ["git", "diff", "--name-only", "-z", "--no-renames", "--no-ext-diff"]
        if staged { gitArguments.append("--cached") }
        gitArguments += revisions.isEmpty && staged ? ["HEAD"] : revisions
        gitArguments.append("--")
        let prefix = ResolveSession.currentPrefix(workingDirectory: workingDirectory)
        gitArguments += paths.isEmpty ? [":(top)*.xcstrings"] : paths.map { ":(top)" + ResolveSession.repositoryPath($0, prefix: prefix, workingDirectory: workingDirectory) }
        let listed = Subprocess.run(gitArguments)
        guard listed.status == 0 else {
            throw Problem(message: "git diff failed: \(listed.errorOutput.trimmingWhitespace())")
        }
        // git lists an unmerged path once per side it differs from: each catalog once.
        var seen = Set<ArraySlice<UInt8>>()
        let names = listed.outputBytes.split(separator: 0).filter { seen.insert($0).inserted }
        let changed = names.compactMap { PathNames.decoded($0) }.filter { $0.hasSuffix(".xcstrings") }
        let unsupported = names.filter { PathNames.decoded($0) == nil && $0.reversed().starts(with: Array(".xcstrings".utf8).reversed()) }
            .map { Versions(path: PathNames.quoted($0), unsupportedName: PathNames.unsupported($0)) }
        let index = try? repository.index()
        let top = workingDirectory.hasSuffix("/") ? workingDirectory : workingDirectory + "/"
        func inCommit(_ commit: ObjectID, _ path: String) -> [UInt8]? { (try? repository.file(path, in: commit)) ?? nil }
        func inIndex(_ path: String) -> [UInt8]? { index?.entry(path: path).flatMap { try? repository.blob($0.id) } }
        // In the middle of a merge the index holds no one version of a conflicted catalog: the
        // working tree is compared with ours (stage 2), as `git diff --ours` does.
        // (Between two revisions the index plays no part.)
        let unmerged = revisions.isEmpty || staged
            ? Dictionary(((try? index?.conflicts()) ?? []).map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first }) : [:]
        func inIndexOrOurs(_ path: String) -> (bytes: [UInt8]?, label: String) {
            guard let conflict = unmerged[path] else { return (inIndex(path), ":" + path) }
            return (conflict.ours.flatMap { try? repository.blob($0.id) }, ":2:" + path)
        }
        func inWorkingTree(_ path: String) -> [UInt8]? { try? FileBytes.read(top + path) }
        let head = staged && revisions.isEmpty ? try? repository.commit("HEAD") : nil
        // The revisions as given, for `--fallback`'s labels (`a..b` and `a...b` name two).
        let named = revisions.flatMap { revision in
            (revision.contains("...") ? revision.split(separator: "...") : revision.split(separator: "..")).map(String.init)
        }
        func inRevision(_ index: Int) -> String { (index < named.count ? named[index] : "HEAD") + ":" }
        return unsupported + changed.map { path in
            if staged && unmerged[path] != nil { return Versions(path: path, unmerged: true) }
            switch (commits.count, staged) {
            case (0, false):
                let old = inIndexOrOurs(path)
                return Versions(path: path, old: old.bytes, new: inWorkingTree(path), oldLabel: old.label, newLabel: path)
            case (0, true): return Versions(path: path, old: head.flatMap { inCommit($0, path) }, new: inIndex(path), oldLabel: "HEAD:" + path, newLabel: ":" + path)
            case (1, false): return Versions(path: path, old: inCommit(commits[0], path), new: inWorkingTree(path), oldLabel: inRevision(0) + path, newLabel: path)
            case (1, true): return Versions(path: path, old: inCommit(commits[0], path), new: inIndex(path), oldLabel: inRevision(0) + path, newLabel: ":" + path)
            default: return Versions(path: path, old: inCommit(commits[0], path), new: inCommit(commits[1], path), oldLabel: inRevision(0) + path, newLabel: inRevision(1) + path)
            }
        }
    }

    /// A plain line diff of the two versions (`git diff --no-index`), for --fallback.
    public static func lineDiff(_ version: Versions) -> [UInt8] {
        guard let directory = FilePaths.makeTemporaryDirectory(prefix: "xcstrings-merge-diff-") else { return [] }
        defer { FilePaths.removeTree(directory) }
        let old = directory + "/old", new = directory + "/new"
        let newBytes = version.new ?? version.newFile.flatMap { try? FileBytes.read($0) } ?? []
        guard (try? FileBytes.writeAtomically(version.old ?? [], to: old)) != nil, (try? FileBytes.writeAtomically(newBytes, to: new)) != nil else { return [] }
        let run = Subprocess.run(["git", "diff", "--no-index", "--no-ext-diff", "--no-textconv", "--no-color", "--no-prefix", old, new])
        // Each side named by its own file or revision, not by the temporary files compared:
        // the header lines, up to the first hunk, say so.
        let oldName = "a/" + (version.oldLabel ?? version.oldFile ?? version.path)
        let newName = "b/" + (version.newLabel ?? version.newFile ?? version.path)
        var lines = String(decoding: run.outputBytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for index in lines.indices {
            if lines[index].hasPrefix("@@") { break }
            lines[index] = lines[index].split(separator: " ", omittingEmptySubsequences: false)
                .map { word in
                    // git writes an absolute path without its first slash.
                    let path = word.hasPrefix("/") ? String(word) : "/" + word
                    return path == old ? oldName : path == new ? newName : String(word)
                }.joined(separator: " ")
        }
        // Catalog text from another branch: shown with what a terminal would act on escaped.
        return Array(VisibleText.escaping(lines.joined(separator: "\n")).utf8)
    }
}
