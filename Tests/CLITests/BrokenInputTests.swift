import Foundation
import Testing
import CatalogMerge
import MergeOracle
import StringCatalog
import XcstringsMergeTestSupport

/// Inputs that are not valid JSON, as real histories have them: damage an earlier line merge
/// left is repaired and merged per key; anything else is line-merged as well as git's own merge.
@Suite struct BrokenInputTests {
    typealias Scenario = GitDriverTests

    static func sampleText() throws -> String {
        String(decoding: try bytes(Paths.fixtures.appendingPathComponent("catalogs/Sample.xcstrings")), as: UTF8.self)
    }

    /// The sample with one German value changed, as text.
    static func edited(_ key: String, _ locale: String, _ value: String) throws -> String {
        String(decoding: Scenario.setting(try Scenario.sample(), key, locale, value).canonicalBytes(), as: UTF8.self)
    }

    static func merge(_ directory: TemporaryDirectory, _ texts: [String], environment: [String: String] = [:]) throws -> (ProcessResult, [UInt8], [String: Any]) {
        let files = try zip(["base", "ours", "theirs"], texts).map { try directory.write($0.0 + ".xcstrings", $0.1).path }
        let output = directory.file("out.xcstrings"), report = directory.file("report.json")
        let result = try runTool(["merge"] + files + ["-o", output.path, "--report", report.path], environment: environment)
        let json = (try? JSONSerialization.jsonObject(with: Data(contentsOf: report))) as? [String: Any] ?? [:]
        return (result, (try? bytes(output)) ?? [], json)
    }

    @Test func trailingCommasAndRepeatedKeysAreRepairedThenMergedPerKey() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let base = try Self.sampleText()
        // Ours: a trailing comma after a unit's value; theirs: a whole entry written twice.
        var ours = try Self.edited("Save", "de", "Speichern")
        ours = ours.replacingOccurrences(of: "\"value\" : \"Speichern\"", with: "\"value\" : \"Speichern\",")
        let theirsCatalog = try Catalog(bytes: Array(try Self.edited("Cancel", "es", "Anular").utf8))
        var theirs = String(decoding: theirsCatalog.canonicalBytes(), as: UTF8.self)
        let entryStart = try #require(theirs.range(of: "    \"Cancel\" : {"))
        let entryEnd = try #require(theirs.range(of: "\n    },\n", range: entryStart.upperBound..<theirs.endIndex))
        let entry = String(theirs[entryStart.lowerBound..<entryEnd.upperBound])
        theirs.insert(contentsOf: entry, at: entryStart.lowerBound)
        let (result, output, report) = try Self.merge(directory, [base, ours, theirs])
        #expect(result.status == 1, "a repair makes a person look: \(result.stderr)")
        #expect(result.stderr.contains("ours.xcstrings (ours):"), "\(result.stderr)")
        #expect(result.stderr.contains("repaired: removed a trailing comma"), "\(result.stderr)")
        #expect(result.stderr.contains("repaired: key \"Cancel\" in \"strings\" was written twice with the same value; kept once"), "\(result.stderr)")
        let merged = try Catalog(bytes: output)
        let expected = Scenario.setting(Scenario.setting(try Scenario.sample(), "Save", "de", "Speichern"), "Cancel", "es", "Anular")
        #expect(output == expected.canonicalBytes())
        #expect(merged.canonicalBytes() == output)
        let repairs = try #require(report["repairs"] as? [[String: Any]])
        #expect(repairs.map { $0["kind"] as? String } == ["trailing-comma", "duplicate-key"])
        #expect(repairs.map { $0["side"] as? String } == ["ours", "theirs"])
        #expect(repairs[1]["key"] as? String == "Cancel")
    }

    /// Copies of a key that differ in one language read alike in short (the first unit's value
    /// is the same): the message shows where they differ.
    @Test func copiesThatDifferInOneLanguageAreShownWhereTheyDiffer() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let base = try Self.sampleText()
        let entry = { (french: String) in "\"Twice\" : {\"localizations\" : {\"de\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \" : %@\"}}, \"fr\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \"\(french)\"}}}}," }
        let theirs = base.replacingOccurrences(of: "\"strings\" : {", with: "\"strings\" : {\n" + entry(" : %@") + entry(" ; %@"))
        let (result, _, _) = try Self.merge(directory, [base, base, theirs])
        #expect(result.stderr.contains("key \"Twice\" in \"strings\" was written twice with different values (differing at \"localizations\" › \"fr\" › \"stringUnit\" › \"value\": \" : %@\" then \" ; %@\")"), "\(result.stderr)")
    }

    /// A key written twice with different values: the later is kept, as JSON readers do, and
    /// both are named, in the report and on standard error.
    @Test func aKeyWrittenTwiceWithDifferentValuesNamesBoth() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let base = try Self.sampleText()
        let theirs = try Self.edited("Save", "de", "Sichern unter").replacingOccurrences(
            of: "\"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Sichern unter\"",
            with: "\"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Sichern\"\n          }\n        },\n        \"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Sichern unter\"")
        #expect(theirs.components(separatedBy: "\"de\" : {").count > 3)
        let (result, output, report) = try Self.merge(directory, [base, base, theirs])
        #expect(result.status == 1, "\(result.stderr)")
        #expect(result.stderr.contains("key \"de\" in \"strings\" › \"Save\" › \"localizations\" was written twice with different values (differing at \"stringUnit\" › \"value\": \"Sichern\" then \"Sichern unter\"); kept the later"), "\(result.stderr)")
        #expect(String(decoding: output, as: UTF8.self).contains("\"Sichern unter\""))
        let repair = try #require((report["repairs"] as? [[String: Any]])?.first)
        #expect(repair["kind"] as? String == "conflicting-duplicate-key")
        let values = try #require(repair["values"] as? [[String: Any]])
        #expect(values.compactMap { ($0["stringUnit"] as? [String: Any])?["value"] as? String } == ["Sichern", "Sichern unter"])
    }

    /// The real merges whose inputs a line merge had damaged (a repeated key) end repaired: a
    /// valid canonical catalog with every translation of both sides, or a named conflict.
    @Test(.enabled(if: Paths.corpusPresent, "../shared/corpus is absent"), arguments: ["CofficLab__Lumi__55d426eff3__Localizable", "tisfeng__Easydict__85b79ceff0__Localizable"])
    func realDamagedMergesEndRepaired(_ name: String) throws {
        guard let folder = Paths.corpus("merges")?.appendingPathComponent(name) else { print(Paths.sharedAbsentMessage); return }
        let texts = try ["base", "ours", "theirs"].map { try bytes(folder.appendingPathComponent($0 + ".xcstrings")) }
        #expect(texts.contains { (try? Catalog(bytes: $0)) == nil }, "one input is damaged")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let (result, output, report) = try Self.merge(directory, texts.map { String(decoding: $0, as: UTF8.self) })
        #expect(result.status == 1)
        #expect(!(report["repairs"] as? [Any] ?? []).isEmpty)
        #expect(CatalogCheck.run(path: "out", bytes: output).passed)
        let catalogs = try texts.map { text in try Catalog(bytes: CatalogRepair.repaired(text)?.bytes ?? text) }
        let (merged, mergeReport) = ThreeWayMerge.merge(base: catalogs[0], ours: catalogs[1], theirs: catalogs[2])
        #expect(merged.canonicalBytes() == output)
        #expect(LossCheck.problems(base: catalogs[0], ours: catalogs[1], theirs: catalogs[2], merged: merged, report: mergeReport).isEmpty)
    }

    /// Git's own merge's hunks for three texts: a real `git merge` in a scratch repository.
    static func gitMergeHunks(_ texts: [[UInt8]]) throws -> Int {
        let repo = try GitSandbox()
        defer { repo.remove() }
        try repo.write("L.xcstrings", texts[0])
        try repo.commitAll("base")
        try repo.git("checkout", "-q", "-b", "theirs")
        try repo.write("L.xcstrings", texts[2])
        try repo.commitAll("theirs")
        try repo.git("checkout", "-q", "main")
        try repo.write("L.xcstrings", texts[1])
        try repo.commitAll("ours")
        _ = try repo.git("merge", "--no-edit", "theirs")
        return String(decoding: try repo.read("L.xcstrings"), as: UTF8.self).split(separator: "\n").filter { $0.hasPrefix("<<<<<<< ") }.count
    }

    /// Where it must line-merge, the fallback leaves no more hunks than git's own merge: on the
    /// real broken merge of the corpus, and on edits to each broken catalog of the malformed set.
    @Test(.enabled(if: Paths.corpusPresent, "../shared/corpus is absent")) func theLineMergeFallbackLeavesNoMoreHunksThanGit() throws {
        guard let merges = Paths.corpus("merges"), let malformed = Paths.corpus("malformed") else { print(Paths.sharedAbsentMessage); return }
        var cases: [[[UInt8]]] = []
        let whisky = merges.appendingPathComponent("Whisky-App__Whisky__ad2f5f2432__Localizable")
        cases.append(try ["base", "ours", "theirs"].map { try bytes(whisky.appendingPathComponent($0 + ".xcstrings")) })
        for file in Paths.corpusFiles("malformed") {
            let text = String(decoding: try bytes(file), as: UTF8.self)
            guard let first = text.range(of: "\"translated\""), let last = text.range(of: "\"translated\"", options: .backwards), first != last else { continue }
            let ours = text.replacingCharacters(in: first, with: "\"needs_review\"")
            let theirs = text.replacingCharacters(in: last, with: "\"needs_review\"")
            cases.append([Array(text.utf8), Array(ours.utf8), Array(theirs.utf8)])
        }
        _ = malformed
        #expect(cases.count >= 4)
        for texts in cases {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let (result, _, report) = try Self.merge(directory, texts.map { String(decoding: $0, as: UTF8.self) })
            guard report["fallback"] as? Bool == true else { continue }
            let hunks = try #require(report["hunks"] as? Int)
            #expect(hunks <= (try Self.gitMergeHunks(texts)), "\(result.stderr)")
        }
    }

    @Test func theFallbackWritesAReportSayingWhy() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let base = try Self.sampleText()
        let ours = try Self.edited("Save", "de", "Speichern").replacingOccurrences(of: "\"sourceLanguage\"", with: "<<<<<<< HEAD\n\"sourceLanguage\"")
        let (result, _, report) = try Self.merge(directory, [base, ours, try Self.edited("Save", "de", "Sichern unter")])
        #expect(result.status == 1)
        #expect(report["fallback"] as? Bool == true, "\(report)")
        #expect((report["fallbackReason"] as? String)?.contains("ours.xcstrings (ours):2:") == true, "\(report)")
        #expect(report["hunks"] as? Int == 1)
        #expect((report["fallbackMethod"] as? String)?.isEmpty == false)
    }

    /// `XCSTRINGS_MERGE=0` makes the driver a plain line merge, and it says so.
    @Test func theKillSwitchLineMerges() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let base = try Self.sampleText()
        let texts = [base, try Self.edited("Save", "de", "Speichern"), try Self.edited("Cancel", "es", "Anular")]
        let (normal, _, _) = try Self.merge(directory, texts)
        #expect(normal.status == 0)
        let (switched, output, report) = try Self.merge(directory, texts, environment: ["XCSTRINGS_MERGE": "0"])
        #expect(switched.stderr.contains("XCSTRINGS_MERGE=0: a plain line merge"), "\(switched.stderr)")
        #expect(report["fallback"] as? Bool == true)
        #expect(report["fallbackReason"] as? String == "XCSTRINGS_MERGE=0")
        #expect(switched.status == 0 || String(decoding: output, as: UTF8.self).contains("<<<<<<<"))
    }

    /// The line merge honours `merge.conflictStyle`, as git's own merge does: diff3 and zdiff3
    /// show the base's lines between the markers.
    @Test(arguments: ["diff3", "zdiff3"])
    func theFallbackHonoursTheConflictStyle(style: String) throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        try repo.git("config", "merge.conflictStyle", style)
        let base = try Self.sampleText()
        try repo.write("base", Array(base.utf8))
        try repo.write("ours", Array(try Self.edited("Save", "de", "Speichern").replacingOccurrences(of: "\"sourceLanguage\"", with: "\"sourceLanguage\" ").utf8) + Array("garbage".utf8))
        try repo.write("theirs", Array(try Self.edited("Save", "de", "Sichern unter").utf8))
        let merge = try repo.tool(["merge", "base", "ours", "theirs", "--path", "L.xcstrings"])
        #expect(merge.status == 1)
        let text = String(decoding: try repo.read("ours"), as: UTF8.self)
        #expect(text.contains("\n||||||| base\n"), "\(merge.stderr)")
    }

    /// A FIFO named `*.xcstrings` in a folder given to lint, check or format (or the current
    /// folder outside a repository) is no catalog: the folder walk takes regular files only, and
    /// nothing blocks on it. Each run is bounded by an alarm, so that a regression fails instead
    /// of hanging the suite.
    @Test(arguments: [["lint", "."], ["check", "."], ["format", "."], ["lint"], ["check"]])
    func aFIFOInAScannedFolderIsPassedOver(arguments: [String]) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        _ = try directory.write("a.xcstrings", simpleCatalog(["Save": ["de": "Sichern"]]))
        let fifo = try run(URL(fileURLWithPath: "/usr/bin/env"), ["mkfifo", directory.file("b.xcstrings").path])
        try #require(fifo.status == 0, "\(fifo.stderr)")
        let result = try run(URL(fileURLWithPath: "/usr/bin/env"), ["perl", "-e", "alarm shift; exec @ARGV", "30", Paths.tool.path] + arguments, in: directory.url)
        #expect(result.status == 0, "\(arguments): \(result.status) \(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("1 catalog") || arguments == ["format", "."], "\(arguments): \(result.stdout)")
    }
}
