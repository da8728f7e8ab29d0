import Foundation
import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// The merge driver inside real `git merge` runs.
@Suite struct GitDriverTests {
    static let path = "App/Resources/Localizable.xcstrings"

    static func sample() throws -> Catalog {
        try Catalog(bytes: try bytes(Paths.fixtures.appendingPathComponent("catalogs/Sample.xcstrings")))
    }

    /// Sets the string unit value of KEY in LOCALE.
    static func setting(_ catalog: Catalog, _ key: String, _ locale: String, _ value: String) -> Catalog {
        var copy = catalog
        var strings = copy.strings
        strings.modifyObject(UTF8Bytes(key)) { entry in
            entry.modifyObject("localizations") { localizations in
                localizations.modifyObject(UTF8Bytes(locale)) { localization in
                    localization.modifyObject("stringUnit") { unit in
                        unit[key: "value"] = .string(UTF8Bytes(value))
                        unit[key: "state"] = "translated"
                    }
                }
            }
        }
        copy.strings = strings
        return copy
    }

    /// A repository with the driver installed in which `git merge b` has run: the sample catalog
    /// (as `base` makes it) on main, `ours(base)` on branch a, `theirs(base)` on branch b.
    static func merged(
        base makeBase: (Catalog) -> Catalog = { $0 }, ours: (Catalog) -> Catalog, theirs: (Catalog) -> Catalog
    ) throws -> (repo: GitSandbox, merge: ProcessResult) {
        let repo = try GitSandbox()
        #expect(try repo.tool(["install"]).status == 0)
        let base = makeBase(try sample())
        try branches(repo, base: base, ours: ours(base), theirs: theirs(base))
        return (repo, try repo.git("merge", "--no-edit", "b"))
    }

    /// Commits `base` on main, `ours` on branch a and `theirs` on branch b, then checks out a.
    static func branches(_ repo: GitSandbox, base: Catalog, ours: Catalog, theirs: Catalog, path: String = path) throws {
        try repo.write(path, base.canonicalBytes())
        try repo.commitAll("base")
        try repo.git("checkout", "-q", "-b", "b")
        try repo.write(path, theirs.canonicalBytes())
        try repo.commitAll("theirs")
        try repo.git("checkout", "-q", "main")
        try repo.git("checkout", "-q", "-b", "a")
        try repo.write(path, ours.canonicalBytes())
        try repo.commitAll("ours")
    }

    @Test func neighbouringEditsMergeCleanlyThroughTheDriver() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        try repo.configureDriver()
        let base = try Self.sample()
        // Keys added next to each other and different locales of one key: a line merge conflicts.
        let ours = Self.setting(Self.setting(base, "Cancel", "de", "Abbruch"), "Copy", "en", "Copy")
        let theirs = Self.setting(Self.setting(base, "Cancel", "es", "Anular"), "Cut", "en", "Cut")
        try Self.branches(repo, base: base, ours: ours, theirs: theirs)

        let merge = try repo.git("merge", "--no-edit", "b")
        #expect(merge.status == 0, "git merge: \(merge.stdout) \(merge.stderr)")
        let expected = Self.setting(Self.setting(ours, "Cancel", "es", "Anular"), "Cut", "en", "Cut")
        #expect(try repo.read(Self.path) == expected.canonicalBytes())
        #expect(try repo.git("ls-files", "-u").stdout.isEmpty)
        #expect(try repo.git("status", "--porcelain").stdout.isEmpty)
    }

    @Test func lineMergeWithoutTheDriverConflictsOnTheSameEdits() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        let base = try Self.sample()
        let ours = Self.setting(Self.setting(base, "Cancel", "de", "Abbruch"), "Copy", "en", "Copy")
        let theirs = Self.setting(Self.setting(base, "Cancel", "es", "Anular"), "Cut", "en", "Cut")
        try Self.branches(repo, base: base, ours: ours, theirs: theirs)
        #expect(try repo.git("merge", "--no-edit", "b").status != 0)
    }

    @Test func sameTranslationChangedDifferentlyStaysConflicted() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        try repo.configureDriver()
        let base = try Self.sample()
        let ours = Self.setting(base, "Save", "de", "Speichern")
        let theirs = Self.setting(base, "Save", "de", "Sichern unter")
        try Self.branches(repo, base: base, ours: ours, theirs: theirs)

        let merge = try repo.git("merge", "--no-edit", "b")
        #expect(merge.status != 0)
        #expect(merge.stderr.contains("\"Save\" [de] stringUnit: both-modified"))
        let stages = try repo.git("ls-files", "-u", "--", Self.path).stdout
            .split(separator: "\n").compactMap { $0.split(separator: " ").dropFirst(2).first.map(String.init) }
        #expect(Set(stages.map { String($0.prefix(1)) }) == ["1", "2", "3"])

        let merged = try Catalog(bytes: try repo.read(Self.path))
        let unit = merged.strings[key: "Save"]?.object?["localizations"]?.object?[key: "de"]?.object?["stringUnit"]?.object
        #expect(unit?["state"] == "needs_review")
        #expect(unit?["value"] == "Speichern")

        let reportURL = repo.root.appendingPathComponent(".git/xcstrings-merge/\(Self.path).json")
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: reportURL)) as? [String: Any]
        #expect(report?["path"] as? String == Self.path)
        let conflicts = report?["conflicts"] as? [[String: Any]]
        #expect(conflicts?.count == 1)
        #expect(conflicts?.first?["key"] as? String == "Save")
        #expect(conflicts?.first?["locale"] as? String == "de")
        #expect(conflicts?.first?["kind"] as? String == "both-modified")
    }

    @Test func brokenInputFallsBackToTheLineMerge() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let sample = try bytes(Paths.fixtures.appendingPathComponent("catalogs/Sample.xcstrings"))
        let text = String(decoding: sample, as: UTF8.self)
        let base = try directory.write("base", text)
        let ours = try directory.write("ours", text.replacingOccurrences(of: "\"Abbrechen\"", with: "\"Abbruch\""))
        // Theirs is broken (a conflict marker committed by someone) and edits the same line.
        let broken = text.replacingOccurrences(of: "\"Abbrechen\"", with: "\"Abbr\"\n<<<<<<< HEAD\n")
        let theirs = try directory.write("theirs", broken)
        let result = try runTool(["merge", base.path, ours.path, theirs.path, "--marker-size", "9", "--report", directory.file("r.json").path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("theirs):"))
        #expect(result.stderr.contains("git conflict marker"))
        #expect(result.stderr.contains("falling back to git's line merge"))
        let output = String(decoding: try bytes(ours), as: UTF8.self)
        #expect(output.contains("<<<<<<<<< ours"))
        #expect(output.contains(">>>>>>>>> theirs"))
    }

    @Test func preferSettlesConflictsButStillReportsThem() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let base = try Self.sample()
        let baseFile = try directory.write("base", base.canonicalBytes())
        let theirs = try directory.write("theirs", Self.setting(base, "Save", "de", "Sichern unter").canonicalBytes())
        let ours = try directory.write("ours", Self.setting(base, "Save", "de", "Speichern").canonicalBytes())
        let report = directory.file("report.json")
        let result = try runTool(["merge", baseFile.path, ours.path, theirs.path, "--prefer", "theirs", "--report", report.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("1 conflict settled by choice"))
        #expect(try bytes(ours) == Self.setting(base, "Save", "de", "Sichern unter").canonicalBytes())
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: report)) as? [String: Any]
        let conflict = (json?["conflicts"] as? [[String: Any]])?.first
        #expect(conflict?["kept"] as? String == "theirs")
        #expect(conflict?["resolved"] as? Bool == true)
    }

    @Test func mergeCommandUsage() throws {
        #expect(try runTool(["merge", "a", "b"]).stderr.contains("expected three files"))
        #expect(try runTool(["merge", "a", "b", "c", "--prefer", "base"]).status == 2)
        #expect(try runTool(["merge", "a", "b", "c", "--marker-size", "x"]).status == 2)
        #expect(try runTool(["help", "merge"]).stdout.contains("USAGE: xcstrings-merge merge <base> <ours> <theirs>"))
    }
}
