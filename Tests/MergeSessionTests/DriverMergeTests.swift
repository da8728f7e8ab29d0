import Foundation
import Testing
import CatalogMerge
import MergeSession
import StringCatalog
import XcstringsMergeTestSupport

/// The driver's whole run in process: every outcome a merge can have, what it writes (output,
/// report, the store's state) and what `check` and `resolve` then read of it, without spawning
/// the binary.
@Suite struct DriverMergeTests {
    /// A repository with a commit, and three input files beside it.
    struct Scene {
        let repo: GitSandbox
        var gitDirectory: String { repo.root.appendingPathComponent(".git").path }
        var store: ReportStore { ReportStore(gitDirectory: gitDirectory) }

        init() throws {
            repo = try GitSandbox()
            try repo.write("README", Array("x\n".utf8))
            try repo.commitAll("first")
        }

        func catalog(_ strings: [String: String]) -> [UInt8] {
            var members: [String] = []
            for (key, value) in strings.sorted(by: { $0.key < $1.key }) {
                members.append("\"\(key)\" : {\"localizations\" : {\"de\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \"\(value)\"}}}}")
            }
            let text = "{\"sourceLanguage\" : \"en\", \"strings\" : {\(members.joined(separator: ", "))}, \"version\" : \"1.0\"}"
            return try! Catalog(bytes: Array(text.utf8)).canonicalBytes()
        }

        /// Writes the three inputs and merges them as git's driver would for `App/L.xcstrings`.
        func merge(
            base: [UInt8], ours: [UInt8], theirs: [UInt8], environment: [String: String] = [:], inProcess: Bool = false
        ) throws -> (DriverMergeResult, [UInt8]) {
            let folder = repo.directory.url.appendingPathComponent("inputs-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            let paths = ["base", "ours", "theirs"].map { folder.appendingPathComponent($0).path }
            for (path, bytes) in zip(paths, [base, ours, theirs]) { try Data(bytes).write(to: URL(fileURLWithPath: path)) }
            var merge = DriverMerge(
                basePath: paths[0], oursPath: paths[1], theirsPath: paths[2], displayPath: "App/L.xcstrings",
                labels: MergeLabels(ours: "main", theirs: "feature"), environment: ["GIT_DIR": gitDirectory].merging(environment) { $1 })
            merge.lineMergesInProcess = inProcess
            return (merge.run(), [UInt8](try Data(contentsOf: URL(fileURLWithPath: paths[1]))))
        }
    }

    @Test func aCleanMergeWritesTheOutputAndAReportOfThisMerge() throws {
        let scene = try Scene()
        defer { scene.repo.remove() }
        let base = scene.catalog(["Save": "Sichern", "Open": "Öffnen"])
        let (result, output) = try scene.merge(
            base: base, ours: scene.catalog(["Save": "Speichern", "Open": "Öffnen"]), theirs: scene.catalog(["Save": "Sichern", "Open": "Aufmachen"]))
        guard case .merged(let merged) = result.outcome else { Issue.record("\(result.outcome)"); return }
        #expect(merged.isClean && result.insideRepository && result.reportProblem == nil)
        #expect(output == scene.catalog(["Save": "Speichern", "Open": "Aufmachen"]))
        let report = try #require(try scene.store.report("App/L.xcstrings")?.get())
        #expect(report.merge?.head?.count == 40 && report.labels.ours == "main" && report.conflicts.isEmpty)
        #expect(result.reportFile == scene.store.file("App/L.xcstrings", .report))
    }

    @Test func aConflictIsReportedAndReadBackAsUnsettledUntilSettled() throws {
        let scene = try Scene()
        defer { scene.repo.remove() }
        // Answers of an earlier merge of the path are forgotten by a new one.
        scene.store.saveAnswers(["x": .take(.theirs)], path: "App/L.xcstrings", stages: "s")
        let (result, output) = try scene.merge(
            base: scene.catalog(["Save": "Sichern"]), ours: scene.catalog(["Save": "Speichern"]), theirs: scene.catalog(["Save": "Ablegen"]))
        guard case .merged(let merged) = result.outcome else { Issue.record("\(result.outcome)"); return }
        #expect(!merged.isClean && merged.report.unresolvedConflicts.count == 1)
        #expect(scene.store.answers("App/L.xcstrings", stages: "s").isEmpty)
        let pending = UnresolvedConflicts(gitDirectory: scene.gitDirectory, workingTree: scene.repo.root.path)
        let unsettled = try pending.unsettled(path: "App/L.xcstrings", bytes: output)
        #expect(unsettled.count == 1 && unsettled.first?.conflict.theirs != nil && unsettled.first?.line ?? 0 > 1)
        // Settled in the file: nothing is unsettled any more.
        #expect(try pending.unsettled(path: "App/L.xcstrings", bytes: scene.catalog(["Save": "Ablegen"])).isEmpty)
        pending.markSettled(path: "App/L.xcstrings", ids: Set(unsettled.map(\.conflict.id)))
        #expect(try pending.unsettled(path: "App/L.xcstrings", bytes: output).isEmpty)
    }

    @Test func aRepairedInputIsMergedAndNamed() throws {
        let scene = try Scene()
        defer { scene.repo.remove() }
        let base = scene.catalog(["Save": "Sichern"])
        var ours = String(decoding: scene.catalog(["Save": "Speichern"]), as: UTF8.self)
        ours = ours.replacingOccurrences(of: "\"Speichern\"\n", with: "\"Speichern\",\n")
        let (result, _) = try scene.merge(base: base, ours: Array(ours.utf8), theirs: base)
        guard case .merged(let merged) = result.outcome else { Issue.record("\(result.outcome)"); return }
        #expect(merged.report.repairs.count == 1 && !merged.isClean)
    }

    @Test func inputsThatAreNotCatalogsAreLineMerged() throws {
        let scene = try Scene()
        defer { scene.repo.remove() }
        let base = scene.catalog(["Save": "Sichern"])
        let markers = Array("{\n<<<<<<< HEAD\n}\n".utf8)
        let (result, output) = try scene.merge(base: base, ours: markers, theirs: scene.catalog(["Save": "Ablegen"]))
        guard case .lineMerged(let lineMerged) = result.outcome else { Issue.record("\(result.outcome)"); return }
        #expect(!lineMerged.byRequest && lineMerged.problems.count == 1 && !lineMerged.isSettled && !lineMerged.method.isEmpty)
        #expect(!output.isEmpty)
        let report = try #require(try scene.store.report("App/L.xcstrings")?.get())
        #expect(report.fallback?.reason.contains("App/L.xcstrings (ours (main))") == true, "\(String(describing: report.fallback))")

        // JSON of another shape may line-merge cleanly into a file without translations.
        let (other, _) = try scene.merge(base: Array("{}\n".utf8), ours: Array("{}\n".utf8), theirs: Array("{}\n".utf8))
        guard case .lineMerged(let empty) = other.outcome else { Issue.record("\(other.outcome)"); return }
        #expect(empty.aSideIsNotACatalog && empty.isClean && !empty.isSettled)

        // The kill switch line-merges catalogs too; a clean one is written in Xcode's layout.
        let (asked, written) = try scene.merge(base: base, ours: base, theirs: scene.catalog(["Save": "Ablegen"]), environment: ["XCSTRINGS_MERGE": "0"])
        guard case .lineMerged(let plain) = asked.outcome else { Issue.record("\(asked.outcome)"); return }
        #expect(plain.byRequest && plain.isSettled && written == scene.catalog(["Save": "Ablegen"]))
    }

    /// The fuzzer's fallback: libgit2 in this process with git's default conflict style, no
    /// child process.
    @Test func aLineMergeInProcessIsLibgit2s() throws {
        let scene = try Scene()
        defer { scene.repo.remove() }
        let text = { (line: String) in Array("{\n\"a\" : 1,\n\(line)\n}\n".utf8) }
        let (result, output) = try scene.merge(base: text("\"b\" : 2"), ours: text("\"b\" : 3"), theirs: text("\"b\" : 4"), inProcess: true)
        guard case .lineMerged(let lineMerged) = result.outcome else { Issue.record("\(result.outcome)"); return }
        #expect(lineMerged.method == "libgit2 (patience diff)" && lineMerged.hunks == 1 && !lineMerged.isClean)
        let written = String(decoding: output, as: UTF8.self)
        #expect(written.contains("<<<<<<< main\n") && !written.contains("|||||||"), "\(written)")
        let report = try #require(try scene.store.report("App/L.xcstrings")?.get())
        #expect(report.fallback?.method == "libgit2 (patience diff)" && report.fallback?.hunks == 1)
    }

    @Test func anUnreadableInputFailsAndAStoreBehindALinkIsNotWritten() throws {
        let scene = try Scene()
        defer { scene.repo.remove() }
        let missing = DriverMerge(basePath: "/nonexistent/base", oursPath: "/nonexistent/ours", theirsPath: "/nonexistent/theirs", environment: ["GIT_DIR": scene.gitDirectory])
        guard case .failed = missing.run().outcome else { Issue.record("not failed"); return }

        // A store that is a link to elsewhere is never written through.
        let elsewhere = scene.repo.directory.url.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: scene.store.folder, withDestinationPath: elsewhere.path)
        let base = scene.catalog(["Save": "Sichern"])
        let (result, _) = try scene.merge(base: base, ours: base, theirs: scene.catalog(["Save": "Ablegen"]))
        guard case .merged = result.outcome else { Issue.record("\(result.outcome)"); return }
        #expect(result.reportFile == nil)
        #expect(try FileManager.default.contentsOfDirectory(atPath: elsewhere.path).isEmpty)
    }
}

/// `resolve`'s session in process: a catalog git's line merge left conflicted (no driver) is
/// merged again from the index, its conflict settled by a choice, written and staged.
@Suite struct ResolveSessionTests {
    @Test func aConflictIsSettledByAChoiceAndStaged() throws {
        let scene = try DriverMergeTests.Scene()
        defer { scene.repo.remove() }
        let repo = scene.repo
        try repo.write("L.xcstrings", scene.catalog(["Save": "Sichern"]))
        try repo.commitAll("base")
        try repo.git("checkout", "-q", "-b", "b")
        try repo.write("L.xcstrings", scene.catalog(["Save": "Ablegen"]))
        try repo.commitAll("theirs")
        try repo.git("checkout", "-q", "main")
        try repo.write("L.xcstrings", scene.catalog(["Save": "Speichern"]))
        try repo.commitAll("ours")
        #expect(try repo.git("merge", "--no-edit", "b").status != 0)

        let session = try ResolveSession(paths: [], from: repo.root.path)
        #expect(session.problems.isEmpty && session.files.map(\.path) == ["L.xcstrings"])
        let conflict = try #require(session.files.first?.report.conflicts.first)
        let applied = session.apply(["L.xcstrings": [conflict.id: .take(.theirs)]], force: false)
        #expect(applied.failure == nil && !applied.conflictsLeft, "\(applied)")
        guard case .staged(_, let settled, let byHand, _)? = applied.events.first else { Issue.record("\(applied.events)"); return }
        #expect(settled == 1 && byHand == 0)
        #expect(try repo.read("L.xcstrings") == scene.catalog(["Save": "Ablegen"]))
        #expect(try repo.git("diff", "--name-only", "--diff-filter=U").stdout.isEmpty)
        // Nothing left for a second session.
        #expect(try ResolveSession(paths: [], from: repo.root.path).files.isEmpty)
    }
}
