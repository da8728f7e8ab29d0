import Foundation
import Testing
import StringCatalog
import XcstringsMergeTestSupport
@testable import xcstrings_merge

/// `review` shows what the driver settled on its own, with each side's value, during a merge and
/// after its commit, through the pager on a terminal.
@Suite struct ReviewTests {
    typealias Scenario = GitDriverTests

    /// A merge of b into a in which the driver takes theirs' translation over ours' `new` unit.
    static func mergedOnItsOwn() throws -> GitSandbox {
        let (repo, merge) = try Scenario.merged(
            base: { Scenario.setting(Scenario.setting($0, "Save", "de", "Sichern"), "Cancel", "de", "Abbrechen") },
            ours: { base in
                var ours = Scenario.setting(base, "Cancel", "de", "Abbrechen!")
                var strings = ours.strings
                strings.modifyObject("Save") { entry in
                    entry.modifyObject("localizations") { $0.modifyObject("de") { $0.modifyObject("stringUnit") { $0[key: "state"] = "new" } } }
                }
                ours.strings = strings
                return ours
            },
            theirs: { Scenario.setting($0, "Save", "de", "Speichern") })
        #expect(merge.status == 0, "\(merge.stderr)")
        return repo
    }

    /// Theirs removes German from every string while ours changes one: no conflict, and the
    /// driver's summary and `review` both say what went.
    @Test func aSidesRemovalsAreNamedByTheDriverAndByReview() throws {
        let (repo, merge) = try Scenario.merged(
            base: { $0 },
            ours: { Scenario.setting($0, "Cancel", "fr", "Annuler!") },
            theirs: { base in
                var theirs = base
                var strings = theirs.strings
                for key in strings.keys { strings.modifyObject(key) { $0.modifyObject("localizations") { $0[key: "de"] = nil } } }
                theirs.strings = strings
                return theirs
            })
        defer { repo.remove() }
        #expect(merge.status == 0, "\(merge.stderr)")
        let count = try Scenario.sample().strings.members.filter { $0.value.object?[Name.localizations]?.object?["de"] != nil }.count
        #expect(count > 3)
        #expect(merge.stderr.contains("theirs (b) removed de from \(count) strings: "), "\(merge.stderr)")
        let review = try repo.tool(["review", "--no-pager"])
        #expect(review.stdout.contains("theirs (b) removed de from \(count) strings: "), "\(review.stdout)")
    }

    /// A rebase merges the catalog once per commit replayed: each merge's report is kept, so
    /// an earlier commit of the rebase can be reviewed, not only the last.
    @Test func eachCommitOfARebaseCanBeReviewed() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        #expect(try repo.tool(["install"]).status == 0)
        try repo.git("add", ".gitattributes")
        let base = try Scenario.sample()
        try repo.write(Scenario.path, base.canonicalBytes())
        try repo.commitAll("base")
        try repo.git("checkout", "-q", "-b", "feature")
        var feature = base
        for (key, value) in [("Save", "Sichern unter"), ("Close", "Zumachen"), ("Done", "Erledigt")] {
            feature = Scenario.setting(feature, key, "de", value)
            try repo.write(Scenario.path, feature.canonicalBytes())
            try repo.commitAll("feature: \(key)")
        }
        try repo.git("checkout", "-q", "main")
        try repo.write(Scenario.path, Scenario.setting(base, "Cancel", "de", "Abbruch").canonicalBytes())
        try repo.commitAll("main: Cancel")
        try repo.git("checkout", "-q", "feature")
        let rebase = try repo.git("rebase", "main")
        #expect(rebase.status == 0, "\(rebase.stderr)")
        let earlier = try FileManager.default.contentsOfDirectory(atPath: repo.root.appendingPathComponent(".git/xcstrings-merge/\(Scenario.path).reports").path)
        #expect(earlier.sorted() == ["000001.json", "000002.json"])
        for commit in ["HEAD", "HEAD~1", "HEAD~2"] {
            let review = try repo.tool(["review", "--no-pager", commit])
            #expect(review.status == 0 && !review.stderr.contains("no report"), "\(commit): \(review.stdout)\(review.stderr)")
        }
        #expect(try repo.tool(["review", "--no-pager", "HEAD~3"]).status == 1)
    }

    @Test func reviewShowsEachDecisionWithTheThreeValues() throws {
        let repo = try Self.mergedOnItsOwn()
        defer { repo.remove() }
        let review = try repo.tool(["review"])
        #expect(review.status == 0, "\(review.stderr)")
        #expect(review.stdout.contains("\(Scenario.path): 1 decision made without asking (ours (a) and theirs (b))"), "\(review.stdout)")
        #expect(review.stdout.contains("\"Save\" [de] stringUnit: translation-beats-new, took theirs (b)"), "\(review.stdout)")
        #expect(review.stdout.contains("ours (a):   \"Sichern\" (new)"), "\(review.stdout)")
        #expect(review.stdout.contains("theirs (b): \"Speichern\" (translated)"), "\(review.stdout)")
        #expect(review.stdout.contains("base:       \"Sichern\" (translated)"), "\(review.stdout)")
        // What the output dropped, from the report itself.
        #expect(review.stdout.contains("dropped:    ours (a)'s \"Sichern\" (new)"), "\(review.stdout)")
        let missing = try repo.tool(["review", "Nope.xcstrings"])
        #expect(missing.status == 1)
        #expect(missing.stderr.contains("Nope.xcstrings: no report of HEAD"), "\(missing.stderr)")
    }

    /// `review` shows the merge it is asked about: HEAD's by default, a commit's when named;
    /// never another branch's later merge of the same catalog, which replaced the latest report
    /// (the first stays among the earlier ones).
    @Test func reviewIsOfTheMergeAskedAbout() throws {
        let repo = try Self.mergedOnItsOwn()
        defer { repo.remove() }
        let first = try repo.git("rev-parse", "HEAD").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        // Another merge of the same catalog on other branches, which replaces its report.
        try repo.git("checkout", "-q", "-b", "c", "main")
        try repo.write(Scenario.path, Scenario.setting(try Scenario.sample(), "Close", "de", "Zu").canonicalBytes())
        try repo.commitAll("c")
        try repo.git("checkout", "-q", "-b", "d", "main")
        var d = Scenario.setting(try Scenario.sample(), "Delete", "de", "Entfernen")
        d = Scenario.setting(d, "Close", "de", "Schließen")
        try repo.write(Scenario.path, d.canonicalBytes())
        try repo.commitAll("d")
        try repo.git("checkout", "-q", "c")
        #expect(try repo.git("merge", "--no-edit", "d").status == 0)
        let second = try repo.git("rev-parse", "HEAD").stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try repo.git("checkout", "-q", "a")

        // HEAD's merge is the first: its report, replaced as the latest, is among the earlier ones.
        let head = try repo.tool(["review", "--no-pager"])
        #expect(head.status == 0)
        #expect(head.stdout.contains("1 decision made without asking (ours (a) and theirs (b))"), "\(head.stdout)")
        #expect(!head.stdout.contains("ours (c)"), "\(head.stdout)")
        let named = try repo.tool(["review", String(second.prefix(10)), "--no-pager"])
        #expect(named.status == 0, "\(named.stderr)")
        #expect(named.stdout.contains("\(Scenario.path): "), "\(named.stdout)")
        let earlier = try repo.tool(["review", first, "--no-pager"])
        #expect(earlier.status == 0 && earlier.stdout.contains("ours (a) and theirs (b)"), "\(earlier.stdout)\(earlier.stderr)")
        let json = try repo.tool(["review", second, "--format", "json"])
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]])
        #expect(parsed.first?["path"] as? String == Scenario.path)
        #expect(parsed.first?["decisions"] is [Any] && parsed.first?["removed"] is [Any])
        #expect(try repo.tool(["review", "no-such-commit"]).status == 2)
    }

    /// A followed rename shows what each side changed per locale, not three whole entries.
    @Test func aFollowedRenameShowsWhatChangedPerLocale() throws {
        let (repo, merge) = try Scenario.merged(
            ours: { base in
                var ours = base
                var strings = ours.strings
                let entry = strings[key: "Cancel"]
                strings[key: "Cancel"] = nil
                strings[key: "action.cancel"] = entry
                ours.strings = strings
                return ours
            },
            theirs: { Scenario.setting($0, "Cancel", "de", "Abbruch") })
        defer { repo.remove() }
        #expect(merge.status == 0, "\(merge.stderr)")
        let review = try repo.tool(["review", "--no-pager"])
        #expect(review.stdout.contains("\"action.cancel\": renamed-key, from \"Cancel\" (renamed by ours)"), "\(review.stdout)")
        #expect(review.stdout.contains("[de] stringUnit"), "\(review.stdout)")
        #expect(review.stdout.contains("theirs (b): \"Abbrechen\" (translated) → \"Abbruch\" (translated)"), "\(review.stdout)")
        #expect(!review.stdout.contains("base:"), "no whole entries: \(review.stdout)")
    }

    @Test func reviewGoesThroughThePagerOnATerminal() throws {
        guard PseudoTerminal.isAvailable else {
            print("python3 with pty is not here: the pager test is skipped")
            return
        }
        let repo = try Self.mergedOnItsOwn()
        defer { repo.remove() }
        var environment = repo.environment
        environment["GIT_PAGER"] = "sed 's/^/PAGED: /'"
        let paged = try PseudoTerminal.output(Paths.tool, ["review"], in: repo.root, environment: environment)
        #expect(paged.contains("PAGED: \(Scenario.path): 1 decision"), "\(paged)")
        let plain = try PseudoTerminal.output(Paths.tool, ["review", "--no-pager"], in: repo.root, environment: environment)
        #expect(!plain.contains("PAGED:") && plain.contains("translation-beats-new"), "\(plain)")
    }
}

/// Help, parsing and completion come from one table: every option a command parses is in its
/// help, every option its help lists is parsed, and the scripts offer exactly those.
@Suite struct CompletionTests {
    /// Each option is described once, in its table entry: `--help`'s OPTIONS section is made
    /// from the table, and completion's menus take the same text.
    @Test(arguments: Tool.commands.map(\.name))
    func everyOptionIsDescribedInItsTableEntry(_ name: String) throws {
        let command = try #require(Tool.commands.first { $0.name == name })
        for option in command.options {
            #expect(!option.summary.isEmpty, "\(name): \(option.names[0]) has no summary")
            for line in option.helpLines { #expect(command.help.contains(line), "\(name): --help lacks \(line)") }
            #expect(CompletionsCommand.description(of: option) == CompletionsCommand.firstSentence(option.summary))
        }
        #expect(!command.template.contains("OPTIONS:"), "\(name): an OPTIONS section written by hand")
    }

    @Test(arguments: Tool.commands.map(\.name))
    func helpListsExactlyTheOptionsTheParserTakes(_ name: String) throws {
        let command = try #require(Tool.commands.first { $0.name == name })
        let declared = Set(command.options.flatMap(\.names))
        for option in declared { #expect(command.help.contains(option), "\(name): \(option) is parsed but not in the help") }
        // The OPTIONS section's lines that start with an option.
        guard let section = command.help.firstRange(of: "OPTIONS:\n") else {
            #expect(declared.isEmpty, "\(name) parses options but its help has no OPTIONS section")
            return
        }
        let rest = command.help[section.upperBound...]
        let body = rest.firstRange(of: "\n\n").map { rest[..<$0.lowerBound] } ?? rest
        for line in body.split(separator: "\n") {
            let trimmed = line.drop { $0 == " " }
            guard trimmed.hasPrefix("-") else { continue }
            let heading = trimmed.firstRange(of: "  ").map { trimmed[..<$0.lowerBound] } ?? trimmed
            for part in heading.split(separator: ",") {
                let option = String(part.drop { $0 == " " }.prefix { $0 != " " && $0 != "=" && $0 != "<" })
                guard option != "--help", option != "-h", option.hasPrefix("-") else { continue }
                #expect(declared.contains(option), "\(name): the help lists \(option), which the parser refuses")
            }
        }
    }

    /// What the bash completion script at `script` offers for `words` (the last one being
    /// completed), run by `shell` in `folder`, with `after` run last (its output too).
    static func bashCompletions(script: URL, _ words: [String], shell: ScriptShell, in folder: URL, environment: [String: String] = [:], after: String = "") throws -> [String] {
        let quoted = words.map { "'\($0)'" }.joined(separator: " ")
        let bash = "source '\(script.path)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _xcstrings_merge; printf '%s\\n' \"${COMPREPLY[@]}\"\(after)"
        let result = try run(shell.url, ["-c", bash], in: folder, environment: environment)
        #expect(result.stderr.isEmpty, "\(shell): \(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// Under this system's bash and macOS's 3.2 (no `compopt` there).
    @Test(arguments: ScriptShell.available)
    func bashCompletesCommandsOptionsAndTheirValues(shell: ScriptShell) throws {
        let script = try runTool(["completions", "bash"])
        #expect(script.status == 0)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("completion.bash", Array(script.stdout.utf8))
        _ = try directory.write("App.xcstrings", Array("{}".utf8))
        _ = try directory.write("notes.txt", Array("".utf8))
        func complete(_ words: [String]) throws -> [String] {
            try Self.bashCompletions(script: file, words, shell: shell, in: directory.url)
        }
        #expect(try complete(["xcstrings-merge", "li"]) == ["lint"])
        #expect(try complete(["xcstrings-merge", "lint", "--format", ""]) == ["human", "json", "github", "sarif"])
        #expect(try complete(["xcstrings-merge", "resolve", "--form"]) == ["--format"])
        #expect(try complete(["xcstrings-merge", "merge", "--prefer", ""]) == ["ours", "theirs"])
        let files = try complete(["xcstrings-merge", "check", ""])
        #expect(files.contains("App.xcstrings") && !files.contains("notes.txt"), "\(files)")
        #expect(try complete(["xcstrings-merge", "completions", ""]) == ["zsh", "bash", "fish"])
    }

    /// Xcode projects have folders with spaces and non-ASCII names; branches have slashes;
    /// `--only` and `--disable` take rule names.
    @Test(arguments: ScriptShell.available)
    func bashCompletesPathsWithSpacesWholeBranchesWholeAndRuleNames(shell: ScriptShell) throws {
        let script = try runTool(["completions", "bash"])
        let repo = try GitSandbox()
        defer { repo.remove() }
        let file = try repo.directory.write("completion.bash", Array(script.stdout.utf8))
        try repo.write("Widgets/Ressources für/Localizable.xcstrings", Array("{}".utf8))
        try repo.commitAll("catalog")
        try repo.git("branch", "feature/login")
        func complete(_ words: [String]) throws -> [String] {
            try Self.bashCompletions(script: file, words, shell: shell, in: repo.root, environment: repo.environment, after: "; complete -p xcstrings-merge")
        }
        // Bash 4 and later quote what -o filenames marks; 3.2 has no compopt, and the script
        // escapes the characters the shell reads itself (a space, not the ü).
        let space = shell == .macOSBash ? "\\ " : " "
        let folder = try complete(["xcstrings-merge", "check", "Widgets/Ress"])
        #expect(folder.first == "Widgets/Ressources\(space)für", "\(folder)")
        let escaped = try complete(["xcstrings-merge", "check", "Widgets/Ressources\\ f"])
        #expect(escaped.first == "Widgets/Ressources\(space)für", "\(escaped)")
        let catalog = try complete(["xcstrings-merge", "format", "Widgets/Ressources für/L"])
        #expect(catalog.first == "Widgets/Ressources\(space)für/Localizable.xcstrings", "\(catalog)")
        let branches = try complete(["xcstrings-merge", "lint", "--since", "feat"])
        #expect(branches.first == "feature/login", "\(branches)")
        // Registered without -o filenames, which would list only "login".
        #expect(branches.last.map { !$0.contains("-o filenames") } == true, "\(branches)")
        let rules = try complete(["xcstrings-merge", "lint", "--only", "placeholder-"])
        #expect(!rules.filter { $0.hasPrefix("placeholder-") }.isEmpty, "\(rules)")
        #expect(try complete(["xcstrings-merge", "lint", "--disable", ""]).count > 5)
    }

    /// `diff` completes branches and catalogs, `review` branches, `resolve` only the catalogs a
    /// merge left conflicted (relative to the current folder).
    @Test(arguments: ScriptShell.available)
    func bashCompletesRevisionsAndConflictedCatalogs(shell: ScriptShell) throws {
        let script = try runTool(["completions", "bash"])
        let repo = try GitSandbox()
        defer { repo.remove() }
        let file = try repo.directory.write("completion.bash", Array(script.stdout.utf8))
        try repo.write("App/Conflicted.xcstrings", simpleCatalog(["Save": ["de": "Sichern"]]))
        try repo.write("App/Calm.xcstrings", simpleCatalog(["Open": ["de": "Öffnen"]]))
        try repo.commitAll("catalogs")
        try repo.git("checkout", "-q", "-b", "feature/login")
        try repo.write("App/Conflicted.xcstrings", simpleCatalog(["Save": ["de": "Speichern"]]))
        try repo.commitAll("theirs")
        try repo.git("checkout", "-q", "-")
        try repo.write("App/Conflicted.xcstrings", simpleCatalog(["Save": ["de": "Ablegen"]]))
        try repo.commitAll("ours")
        _ = try repo.git("merge", "feature/login")
        func complete(_ words: [String], in folder: URL) throws -> [String] {
            try Self.bashCompletions(script: file, words, shell: shell, in: folder, environment: repo.environment)
        }
        #expect(try complete(["xcstrings-merge", "resolve", ""], in: repo.root) == ["App/Conflicted.xcstrings"])
        #expect(try complete(["xcstrings-merge", "resolve", ""], in: repo.root.appendingPathComponent("App")) == ["Conflicted.xcstrings"])
        #expect(try complete(["xcstrings-merge", "review", "feat"], in: repo.root) == ["feature/login"])
        #expect(try complete(["xcstrings-merge", "diff", "feat"], in: repo.root).contains("feature/login"))
    }

    @Test(arguments: ["zsh", "fish"])
    func theOtherShellsReadTheirScripts(_ shell: String) throws {
        guard let path = ["/usr/bin/\(shell)", "/bin/\(shell)", "/opt/homebrew/bin/\(shell)", "/usr/local/bin/\(shell)"].first(where: { FileManager.default.fileExists(atPath: $0) }) else {
            print("\(shell) is not installed here: its completion script is not checked")
            return
        }
        let script = try runTool(["completions", shell])
        #expect(script.status == 0)
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("completion.\(shell)", Array(script.stdout.utf8))
        let syntax = try run(URL(fileURLWithPath: path), ["-n", file.path])
        #expect(syntax.status == 0, "\(syntax.stderr)")
        if shell == "fish" {
            let offered = try run(URL(fileURLWithPath: path), ["-c", "source '\(file.path)'; complete -C 'xcstrings-merge lint --color '"])
            #expect(offered.stdout.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }.sorted() == ["always", "auto", "never"], "\(offered.stdout)")
        }
    }

    @Test func anUnknownShellIsAUsageError() throws {
        let result = try runTool(["completions", "tcsh"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("zsh, bash or fish"), "\(result.stderr)")
    }
}
