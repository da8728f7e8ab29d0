import Foundation
import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// What a command that rewrites catalogs in place (`format`, `rename-key`, `remove-locale`,
/// `add-locale`, `prune`, `set`, `lint --fix`) may write, and how it shares a file with other runs: it never writes outside
/// the repository through a symbolic link, two runs never lose each other's change, and a run
/// killed mid-write leaves nothing that a later run does not clear.
@Suite struct InPlaceWriteTests {
    static func catalog(keys: [String]) -> String {
        let entries = keys.map { key in
            "    \"\(key)\" : {\n      \"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"\(key) Dinge\\\\n\"\n          }\n        }\n      }\n    }"
        }
        return "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n" + entries.joined(separator: ",\n") + "\n  },\n  \"version\" : \"1.0\"\n}"
    }

    /// A repository whose App folder holds links to catalogs outside it (victim) and one inside.
    static func repositoryWithLinks() throws -> (repo: GitSandbox, victims: [URL]) {
        let repo = try GitSandbox()
        let victimFolder = repo.directory.file("victim")
        try FileManager.default.createDirectory(at: victimFolder, withIntermediateDirectories: true)
        var victims: [URL] = []
        for name in ["v1", "v2", "v3", "v4"] {
            let victim = victimFolder.appendingPathComponent(name + ".xcstrings")
            // Out of order and with a literal \n, so that format and lint --fix would change it.
            try Data(catalog(keys: ["b", "a"]).utf8).write(to: victim)
            try FileManager.default.createDirectory(at: repo.root.appendingPathComponent("App"), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(
                atPath: repo.root.appendingPathComponent("App/\(name).xcstrings").path, withDestinationPath: "../../victim/\(name).xcstrings")
            victims.append(victim)
        }
        try repo.write("Inside/real.xcstrings", Array(catalog(keys: ["b", "a"]).utf8))
        try FileManager.default.createSymbolicLink(
            atPath: repo.root.appendingPathComponent("App/inside.xcstrings").path, withDestinationPath: "../Inside/real.xcstrings")
        try repo.commitAll("links")
        return (repo, victims)
    }

    @Test func aLinkLeadingOutsideTheRepositoryIsNeverWrittenThrough() throws {
        let (repo, victims) = try Self.repositoryWithLinks()
        defer { repo.remove() }
        let before = try victims.map { try Data(contentsOf: $0) }
        let runs: [[String]] = [
            ["format", "App/v1.xcstrings"], ["rename-key", "a", "renamed", "App/v2.xcstrings"],
            ["remove-locale", "de", "App/v3.xcstrings"], ["lint", "--fix"],
            ["add-locale", "fr", "--copy-from", "de", "App/v4.xcstrings"], ["prune", "--write", "App/v4.xcstrings"],
            ["set", "App/v4.xcstrings", "a", "fr", "x"],
        ]
        for arguments in runs {
            let result = try repo.tool(arguments)
            #expect(result.status == 2, "\(arguments): \(result.status) \(result.stderr)")
            #expect(result.stderr.contains("outside the repository") && result.stderr.contains("--follow-symlinks"), "\(arguments): \(result.stderr)")
        }
        #expect(try victims.map { try Data(contentsOf: $0) } == before, "a file outside the repository changed")
        // A link inside the repository is written through as before: the target changes, the link stays.
        let inside = try repo.tool(["format", "App/inside.xcstrings"])
        #expect(inside.status == 0, "\(inside.stderr)")
        let real = String(decoding: try repo.read("Inside/real.xcstrings"), as: UTF8.self)
        #expect(real.range(of: "\"a\"")!.lowerBound < real.range(of: "\"b\"")!.lowerBound)
        #expect(FileBytes.isSymbolicLink(repo.root.appendingPathComponent("App/inside.xcstrings").path))
        // Allowed explicitly, the outside file is written.
        let allowed = try repo.tool(["format", "--follow-symlinks", "App/v1.xcstrings"])
        #expect(allowed.status == 0, "\(allowed.stderr)")
        #expect(try Data(contentsOf: victims[0]) != before[0])
    }

    /// Fifty runs at once, each renaming another key of one file: every rename survives.
    @Test func concurrentRenamesAllSurvive() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let keys = (0..<50).map { "key\($0)" }
        let file = try directory.write("L.xcstrings", Self.catalog(keys: keys))
        let processes = try keys.map { key in
            let process = Process()
            process.executableURL = Paths.tool
            process.arguments = ["rename-key", key, key + ".renamed", file.path]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in processes { process.waitUntilExit() }
        #expect(processes.allSatisfy { $0.terminationStatus == 0 }, "\(processes.map(\.terminationStatus))")
        let catalog = try Catalog(bytes: try bytes(file))
        let renamed = catalog.strings.keys.filter { $0.string.hasSuffix(".renamed") }.count
        #expect(renamed == 50, "\(renamed) of 50 renames in the file")
    }

    /// A file changed by another program between the read and the write is not overwritten.
    @Test func aFileChangedSinceItWasReadIsNotReplaced() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.file("L.xcstrings").path
        _ = try directory.write("L.xcstrings", Self.catalog(keys: ["b", "a"]))
        let edit = try InPlaceEdit(path: path)
        let catalog = try Catalog(bytes: try edit.read())
        // Another program (an editor, Xcode) writes the file meanwhile.
        try Data(Self.catalog(keys: ["c"]).utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: FileError.self) { try edit.replace(with: catalog) }
        #expect(String(decoding: try bytes(URL(fileURLWithPath: path)), as: UTF8.self).contains("\"c\""))
    }

    /// SIGKILL while the replacement is written leaves its temporary file; the next run that
    /// edits a catalog in that folder removes it, even one that writes nothing (`format` of a
    /// catalog already in Xcode's form), and doctor lists it before that.
    @Test func aKilledWritersTemporaryFileIsClearedByTheNextRun() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        // About 8 MB, its keys out of order, so that format rewrites it all.
        let reversed = Array(Self.catalog(keys: (0..<40_000).reversed().map { "key.\($0)" }).utf8)
        try repo.write("App/L.xcstrings", reversed)
        try repo.write("App/canonical.xcstrings", simpleCatalog(["Save": ["de": "Sichern"]]))
        try repo.commitAll("catalogs")
        let folder = repo.root.appendingPathComponent("App")
        func leftovers() -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.contains(".xcstrings-merge-") }
        }
        var killed = false
        for _ in 0..<10 where !killed {
            let process = Process()
            process.executableURL = Paths.tool
            process.arguments = ["format", "L.xcstrings"]
            process.currentDirectoryURL = folder
            try process.run()
            let deadline = Date().addingTimeInterval(30)
            while process.isRunning && Date() < deadline {
                if !leftovers().isEmpty {
                    kill(process.processIdentifier, SIGKILL)
                    killed = true
                    break
                }
                usleep(200)
            }
            process.waitUntilExit()
            if !killed { try repo.write("App/L.xcstrings", reversed) }
        }
        try #require(killed, "the write never showed its temporary file")
        #expect(!leftovers().isEmpty)
        let doctor = try repo.tool(["doctor"])
        #expect(doctor.stdout.contains(leftovers()[0]), "\(doctor.stdout)")
        let format = try repo.tool(["format", "App/canonical.xcstrings"])
        #expect(format.status == 0, "\(format.stderr)")
        #expect(leftovers().isEmpty, "\(leftovers())")
        #expect(try repo.read("App/canonical.xcstrings") == simpleCatalog(["Save": ["de": "Sichern"]]), "nothing to rewrite")
    }

    @Test(arguments: [
        (".L.xcstrings.xcstrings-merge-123-aB3dE9", Int32(123)), (".L.xcstrings.xcstrings-merge-1-zzzzzz", 1),
        (".L.xcstrings.xcstrings-merge-aB3dE9", nil), ("L.xcstrings.xcstrings-merge-123-aB3dE9", nil),
        (".L.xcstrings.xcstrings-merge-123-aB3dE", nil), (".L.xcstrings.xcstrings-merge--aB3dE9", nil),
        (".a.xcstrings-merge-9.xcstrings.xcstrings-merge-77-Zz0099", 77), (".merge_file_a1b2c3", nil),
    ] as [(String, Int32?)])
    func temporaryFileNamesNameTheirWriter(name: String, pid: Int32?) {
        #expect(StaleTemporaryFiles.writer(ofName: name) == pid)
    }

    /// `merge -o` onto a catalog locks it from before it is read until it is replaced, as the
    /// other editing commands do: a `rename-key` run at the same time either waits for the merge
    /// and renames in its result, or goes first and the merge reads the renamed file; it is
    /// never lost while both exit 0 (it was in 9 of 20 trials).
    @Test func mergeOntoACatalogTakesTurnsWithAnEdit() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let keys = (0..<8_000).map { String(format: "key.%05d", $0) }
        let base = try directory.write("base.xcstrings", Array(Self.catalog(keys: keys).utf8))
        let target = directory.file("t.xcstrings")
        var lost = 0
        for _ in 0..<8 {
            try? FileManager.default.removeItem(at: target)
            try FileManager.default.copyItem(at: base, to: target)
            let merge = Process()
            merge.executableURL = Paths.tool
            merge.arguments = ["merge", base.path, target.path, base.path, "-o", target.path]
            merge.standardError = FileHandle.nullDevice
            try merge.run()
            let rename = try runTool(["rename-key", "key.00003", "RENAMED", target.path])
            merge.waitUntilExit()
            let text = String(decoding: try bytes(target), as: UTF8.self)
            if rename.status == 0 && merge.terminationStatus == 0 && !text.contains("\"RENAMED\"") { lost += 1 }
        }
        #expect(lost == 0, "the rename was lost in \(lost) of 8 trials")
    }
}
