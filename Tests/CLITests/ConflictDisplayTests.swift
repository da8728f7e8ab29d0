import Foundation
import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// How conflicts read: long values whole and wrapped, where two long values part marked, the
/// terminal's width honoured, a deletion against a change headed by what the change was, and
/// taking the base of something both sides added removing it.
@Suite struct ConflictDisplayTests {
    typealias Scenario = GitDriverTests
    static let oursText = "Dies ist ein sehr langer deutscher Text, der nicht in eine Zeile passt"
    static let theirsText = "Dies ist ein sehr langer deutscher Text, der kaum in eine Zeile passt"

    /// A repository in the middle of `git merge b` with two long `Save` [de] texts in conflict.
    static func longValueConflict() throws -> GitSandbox {
        let (repo, merge) = try Scenario.merged(
            base: { Scenario.setting($0, "Save", "de", "Dies ist ein sehr langer deutscher Text") },
            ours: { Scenario.setting($0, "Save", "de", oursText) }, theirs: { Scenario.setting($0, "Save", "de", theirsText) })
        #expect(merge.status != 0)
        return repo
    }

    /// Lines with runs of spaces made one, so that wrapped text can be searched for whole.
    static func flattened(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\r" }).joined(separator: " ")
    }

    @Test func longValuesAreShownWholeAndWhereTheyPartIsMarked() throws {
        let repo = try Self.longValueConflict()
        defer { repo.remove() }
        let merge = try repo.git("merge", "--abort")
        #expect(merge.status == 0)
        var environment = repo.environment
        environment["COLUMNS"] = "80"
        let merged = try run(Paths.git, ["merge", "--no-edit", "b"], in: repo.root, environment: environment)
        let list = try run(Paths.tool, ["resolve", "--list"], in: repo.root, environment: environment)
        for output in [merged.stdout + merged.stderr, list.stdout] {
            let flat = Self.flattened(output)
            #expect(flat.contains("\"\(Self.oursText)\""), "\(output)")
            #expect(flat.contains("\"\(Self.theirsText)\""), "\(output)")
            #expect(flat.contains("they part at character 46"), "\(output)")
            #expect(!output.contains("Text, der…"))
        }
        for line in list.stdout.split(separator: "\n") { #expect(line.count <= 80, "\(line.count): \(line)") }
        for line in merged.stderr.split(separator: "\n") where line.hasPrefix("  ") { #expect(line.count <= 80, "\(line.count): \(line)") }
    }

    @Test func listFitsTheTerminalItRunsOn() throws {
        guard PseudoTerminal.isAvailable else {
            print("python3 with pty is not here: the terminal-width test is skipped")
            return
        }
        let repo = try Self.longValueConflict()
        defer { repo.remove() }
        // The terminal is 60 columns wide; COLUMNS says 200 and must lose to it.
        var environment = repo.environment
        environment["COLUMNS"] = "200"
        let listed = try PseudoTerminal.output(Paths.tool, ["resolve", "--list"], in: repo.root, columns: 60, environment: environment)
        let lines = listed.split(separator: "\n")
        #expect(lines.count > 3, "\(listed)")
        for line in lines { #expect(line.count <= 60, "\(line.count): \(line)") }
        #expect(Self.flattened(listed).contains("\"\(Self.oursText)\""), "\(listed)")
    }

    @Test func aDeletionAgainstAChangeIsHeadedByTheChange() throws {
        let (repo, merged) = try Scenario.merged(ours: { base in
            var ours = base
            var strings = ours.strings
            strings[key: "Save"] = nil
            ours.strings = strings
            return ours
        }, theirs: { Scenario.setting($0, "Save", "fr", "Bot FR B") })
        defer { repo.remove() }
        #expect(merged.status != 0)
        let headline = Self.flattened(merged.stderr)
        #expect(headline.contains("\"Save\": deleted-modified"), "\(headline)")
        #expect(headline.contains("theirs (b): [fr] stringUnit \"Bot FR B\" (translated)")
            || headline.contains("theirs (b) [fr] stringUnit \"Bot FR B\" (translated)"), "\(headline)")
        let list = try repo.tool(["resolve", "--list"])
        #expect(list.stdout.contains("[fr] stringUnit \"Bot FR B\""), "\(list.stdout)")
    }

    /// A merge aborted and run again (the same three stages) asks again: the answers given to
    /// `resolve` in the first attempt do not settle the second unseen.
    @Test func answersDoNotOutliveTheMergeTheyWereGivenIn() throws {
        let (repo, merge) = try Scenario.merged(
            ours: { Scenario.setting(Scenario.setting($0, "Save", "de", "A"), "Cancel", "de", "C") },
            theirs: { Scenario.setting(Scenario.setting($0, "Save", "de", "B"), "Cancel", "de", "D") })
        defer { repo.remove() }
        #expect(merge.status != 0)
        // One of two answered: remembered, the file not staged.
        #expect(try repo.tool(["resolve", "--take", "Save@de=theirs"]).status == 1)
        #expect(try repo.git("merge", "--abort").status == 0)
        #expect(try repo.git("merge", "--no-edit", "b").status != 0)
        let list = try repo.tool(["resolve", "--list"])
        #expect(list.stdout.contains("2 conflicts"), "\(list.stdout)")
    }

    @Test func takingTheBaseOfWhatBothAddedRemovesIt() throws {
        let (repo, merge) = try Scenario.merged(
            ours: { Scenario.setting($0, "Brand new", "de", "Neu von uns") }, theirs: { Scenario.setting($0, "Brand new", "de", "Neu von ihnen") })
        defer { repo.remove() }
        #expect(merge.status != 0)
        let base = try Scenario.sample()
        let resolve = try repo.tool(["resolve", "--take", "Brand new=base"])
        #expect(resolve.status == 0, "\(resolve.stdout)\(resolve.stderr)")
        #expect(resolve.stdout.contains("(1 conflict settled) and staged it"), "\(resolve.stdout)")
        let catalog = try Catalog(bytes: try repo.read(Scenario.path))
        #expect(catalog.strings[key: "Brand new"] == nil)
        #expect(try repo.read(Scenario.path) == base.canonicalBytes(), "the key is gone, and nothing else changed")
    }

    /// The merge's summary shows its conflicts in one layout: when one needs the long layout
    /// (a value too long for a line), all of them take it, not one on a line and the next on three.
    @Test func theSummaryShowsEveryConflictInOneLayout() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let long = "A long key that describes the settings screen title"
        let base = try directory.write("b.xcstrings", simpleCatalog(["Save": ["de": "Sichern"], long: ["de": "Einstellungen"]]))
        let ours = try directory.write("o.xcstrings", simpleCatalog(["Save": ["de": "Speichern"], long: ["de": "Einstellungen des Programms mit einem sehr langen Text"]]))
        let theirs = try directory.write("t.xcstrings", simpleCatalog(["Save": ["de": "Ablegen"], long: ["de": "Die Einstellungen für alles, was man einstellen kann, und mehr"]]))
        let merge = try runTool(["merge", base.path, ours.path, theirs.path, "-o", directory.file("out.xcstrings").path, "--report", directory.file("r.json").path],
                                environment: ["COLUMNS": "100"])
        #expect(merge.status == 1)
        let lines = merge.stderr.split(separator: "\n").map(String.init)
        let headings = lines.filter { $0.hasPrefix("  \"") }
        #expect(headings.count == 2, "\(merge.stderr)")
        #expect(headings.allSatisfy { $0.hasSuffix(": both-modified") }, "\(headings)")
        #expect(lines.filter { $0.hasPrefix("    ours:") }.count == 2 && lines.filter { $0.hasPrefix("    theirs:") }.count == 2, "\(merge.stderr)")
    }
}
