import Foundation
import StringCatalog
import Testing
import XcstringsMergeTestSupport

struct BrokenInput: CustomTestStringConvertible, Sendable {
    var name: String
    var contents: [UInt8]
    var message: String
    var testDescription: String { name }
}

let validCatalog = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Hello\" : {\n      \"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"Hallo\"\n          }\n        }\n      }\n    }\n  },\n  \"version\" : \"1.0\"\n}"

@Suite struct FormatAndCheckTests {
    static let broken: [BrokenInput] = [
        .init(name: "truncated", contents: bytes(String(validCatalog.prefix(120))), message: ":7:"),
        .init(name: "missing quote", contents: bytes(validCatalog.replacingOccurrences(of: "\"Hallo\"", with: "\"Hallo")), message: "is its closing '\"' missing?"),
        .init(name: "unescaped quote", contents: bytes(validCatalog.replacingOccurrences(of: "Hallo", with: "Ha\"ll\"o")), message: "unescaped '\"'"),
        .init(name: "trailing comma", contents: bytes(validCatalog.replacingOccurrences(of: "\"Hallo\"", with: "\"Hallo\","), ), message: "trailing comma before '}'"),
        .init(name: "conflict markers", contents: bytes(validCatalog.replacingOccurrences(of: "            \"value\" : \"Hallo\"\n", with: "<<<<<<< HEAD\n            \"value\" : \"Hallo\"\n=======\n            \"value\" : \"Servus\"\n>>>>>>> other\n")), message: ":9:1: error: git conflict marker; resolve the conflict or run `xcstrings-merge resolve`"),
        .init(name: "invalid UTF-8", contents: bytes(validCatalog).map { $0 == UInt8(ascii: "H") ? 0xC3 : $0 }, message: "invalid UTF-8"),
        .init(name: "lone surrogate", contents: bytes(validCatalog.replacingOccurrences(of: "Hallo", with: "\\ud800")), message: "lone surrogate"),
        .init(name: "duplicate keys", contents: bytes(validCatalog.replacingOccurrences(of: "\"state\" : \"translated\",", with: "\"state\" : \"translated\",\n\"state\" : \"new\",")), message: "duplicate key \"state\" (first at line 8)"),
        .init(name: "deep nesting", contents: [UInt8](repeating: UInt8(ascii: "["), count: 600), message: "nesting deeper than 64 levels"),
        .init(name: "empty file", contents: [], message: "the file is empty"),
        .init(name: "top level not an object", contents: bytes("[1, 2]"), message: "the top level is an array; a string catalog is a JSON object"),
        .init(name: "strings not an object", contents: bytes("{\"sourceLanguage\" : \"en\", \"strings\" : [], \"version\" : \"1.0\"}"), message: "\"strings\" is an array; expected an object"),
    ]

    @Test(arguments: broken)
    func brokenInputFailsWithMessageAndIsNotModified(_ input: BrokenInput) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("Broken.xcstrings", input.contents)

        let format = try runTool(["format", file.path])
        #expect(format.status == 2)
        #expect(format.stderr.contains(input.message), "format said: \(format.stderr)")
        #expect(format.stderr.contains(file.path))

        // A file that does not start as a JSON object is no catalog (exit 2); one that does is a
        // broken catalog (exit 1). Both name the problem and its place.
        let check = try runTool(["check", file.path])
        #expect(check.status == (JSONError.startsAsSomethingElse(input.contents) ? 2 : 1), "\(check.stdout)")
        #expect(check.stdout.contains(input.message), "check said: \(check.stdout)")

        #expect(try bytes(file) == input.contents)
    }

    @Test(.enabled(if: Paths.corpusPresent, "../shared/corpus is absent")) func formatCheckListsOnlyTheNonXcodeCorpusCatalog() throws {
        let files = Paths.corpusFiles("catalogs")
        guard !files.isEmpty else { print(Paths.sharedAbsentMessage); return }
        let result = try runTool(["format", "--check"] + files.map(\.path))
        #expect(result.status == 1)
        let listed = result.stdout.split(separator: "\n")
        #expect(listed.count == 1)
        #expect(listed.first?.hasSuffix("NOT-Xcode.xcstrings") == true)
    }

    @Test(.enabled(if: Paths.corpusPresent, "../shared/corpus is absent")) func formatRewritesToTheReferenceBytesAndLeavesCanonicalFilesAlone() throws {
        guard let source = Paths.corpusFiles("catalogs").first(where: { $0.lastPathComponent.contains("NOT-Xcode") }) else {
            print(Paths.sharedAbsentMessage); return
        }
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let input = try bytes(source)
        let file = try directory.write("Copy.xcstrings", input)
        try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: file.path)
        #expect(try runTool(["format", file.path]).status == 0)
        #expect(try bytes(file) == (try Reference.canonicalBytes(input)))
        let mode = try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int
        #expect(mode == 0o640)
        // Already canonical: not rewritten (same inode).
        let inode = try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int
        #expect(try runTool(["format", file.path]).status == 0)
        #expect(try FileManager.default.attributesOfItem(atPath: file.path)[.systemFileNumber] as? Int == inode)
        #expect(try runTool(["format", "--check", file.path]).status == 0)
        // No temporary files left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path) == ["Copy.xcstrings"])
    }

    @Test func checkReportsShapeProblemsInAllFormats() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let warned = validCatalog.replacingOccurrences(of: "\"translated\"", with: "\"sort_of_done\"")
        _ = try directory.write("sub/Warned.xcstrings", warned)
        let typed = validCatalog.replacingOccurrences(of: "\"Hallo\"", with: "42")
        _ = try directory.write("Typed.xcstrings", typed)
        _ = try directory.write("Good.xcstrings", validCatalog)
        _ = try directory.write("NotACatalog.json", "[")

        let human = try runTool(["check", directory.url.path])
        #expect(human.status == 1)
        #expect(human.stdout.contains("Warned.xcstrings:8:13: warning: key \"Hello\" [de]: unknown state \"sort_of_done\""))
        #expect(human.stdout.contains("Typed.xcstrings:9:13: error: key \"Hello\" [de]: \"value\" is a number; expected a string"))
        #expect(human.stdout.hasSuffix("3 catalogs checked, 1 failed, 1 warning\n"))

        let github = try runTool(["check", "--format", "github", directory.url.path])
        #expect(github.stdout.contains("::error file=\(directory.url.path)/Typed.xcstrings,line=9,col=13::key \"Hello\" [de]: \"value\" is a number; expected a string"))
        #expect(github.stdout.contains("::warning file="))

        let json = try runTool(["check", "--format", "json", directory.url.path])
        let object = try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any]
        let summary = object?["summary"] as? [String: Any]
        #expect(summary?["checked"] as? Int == 3)
        #expect(summary?["failed"] as? Int == 1)

        #expect(try runTool(["check", directory.file("Good.xcstrings").path]).status == 0)
    }

    @Test func checkFlagsNonCanonicalBytes() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("Crlf.xcstrings", validCatalog.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n")
        let result = try runTool(["check", file.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains(":1:2: error: not in the form Xcode writes (has CR line ends); first difference here: Xcode writes \"\\n  \\\"source"), "\(result.stdout)")
        #expect(result.stdout.contains("here, the file has \"\\r\\n  \\\"sourc"), "\(result.stdout)")
        #expect(try runTool(["format", file.path]).status == 0)
        #expect(try bytes(file) == bytes(validCatalog))
    }

    /// `format` takes what `check` takes: folders, nothing (the repository's catalogs), and
    /// `--staged` (the index's versions, staged again).
    @Test func formatTakesFoldersTheRepositoryAndTheStagedVersions() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        let messy = Array(validCatalog.replacingOccurrences(of: "\n", with: "\r\n").utf8)
        try repo.write("App/Ressources für/A.xcstrings", messy)
        try repo.write("Widgets/B.xcstrings", messy)
        try repo.commitAll("catalogs")
        let folder = try repo.tool(["format", "App"])
        #expect(folder.status == 0, "\(folder.stderr)")
        #expect(try repo.read("App/Ressources für/A.xcstrings") == Array(validCatalog.utf8))
        #expect(try repo.read("Widgets/B.xcstrings") == messy)
        #expect(try repo.tool(["format", "--check"]).stdout == "Widgets/B.xcstrings\n")
        #expect(try repo.tool(["format", "--check", "Nowhere"]).status == 2)

        // Staged: the index's version formatted and staged; the working file that matched it too.
        let staged = try repo.tool(["format", "--staged"])
        #expect(staged.status == 0, "\(staged.stderr)")
        #expect(Array(try repo.git("show", ":Widgets/B.xcstrings").stdout.utf8) == Array(validCatalog.utf8))
        #expect(try repo.read("Widgets/B.xcstrings") == Array(validCatalog.utf8))
        // A's working file was formatted above, its staged version not yet: staged now, and the
        // working file (already canonical, not the staged bytes) left alone.
        #expect(Array(try repo.git("show", ":App/Ressources für/A.xcstrings").stdout.utf8) == Array(validCatalog.utf8))
        #expect(try repo.git("status", "--porcelain").stdout.isEmpty == false)
        #expect(try repo.tool(["format", "--staged", "--check"]).status == 0)
        let noArguments = try repo.tool(["format"])
        #expect(noArguments.status == 0)
    }

    @Test func checkWritesSarifAndColoursOnRequest() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("Broken.xcstrings", "{\"sourceLanguage\" : \"en\", \"strings\" : {}, \"version\" : 1}")
        let sarif = try runTool(["check", "--format", "sarif", file.path])
        #expect(sarif.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(sarif.stdout.utf8)) as? [String: Any])
        #expect(document["version"] as? String == "2.1.0")
        let results = ((document["runs"] as? [[String: Any]])?.first?["results"] as? [[String: Any]]) ?? []
        #expect(results.contains { $0["level"] as? String == "error" }, "\(sarif.stdout)")
        let coloured = try runTool(["check", "--color", "always", file.path])
        #expect(coloured.stdout.contains("\u{1B}[1;31merror\u{1B}[0m"), "\(coloured.stdout)")
        #expect(!(try runTool(["check", "--color", "never", file.path])).stdout.contains("\u{1B}"))
    }

    @Test(arguments: [
        (["frobnicate"], "unknown command 'frobnicate'; see 'xcstrings-merge --help'"),
        (["reslove"], "unknown command 'reslove'; did you mean 'resolve'?"),
        (["help", "chek"], "unknown command 'chek'; did you mean 'check'?"),
        (["merge", "--outptu", "x", "a", "b", "c"], "unknown option '--outptu'; did you mean '--output'?"),
        (["lint", "--formt", "json"], "unknown option '--formt'; did you mean '--format'?"),
        (["diff", "--exit"], "unknown option '--exit'; did you mean '--exit-code'?"),
        (["-v"], "unknown command '-v'; did you mean '--version'?"),
        (["format", "--staged", "x.xcstrings"], "--staged formats the tracked catalogs; give no paths with it"),
        (["format", "--bogus", "x"], "unknown option '--bogus'"),
        (["check", "--format"], "option '--format' needs a value"),
        (["check", "--format", "xml"], "option '--format' must be one of human, json, github"),
        (["check", "/no/such/path.xcstrings"], "no such file or directory"),
    ])
    func usageErrorsExitTwo(arguments: [String], message: String) throws {
        let result = try runTool(arguments)
        #expect(result.status == 2)
        #expect(result.stderr.contains(message), "said: \(result.stderr)")
    }

    /// A substitution's `argNum` is a positive integer written as one, and its
    /// `formatSpecifier` a conversion Foundation knows: anything else is a shape error.
    @Test(arguments: [
        ("1e999", "\"lld\"", "\"argNum\" is 1e999; expected a whole number from 1"),
        ("0", "\"lld\"", "\"argNum\" is 0; expected a whole number from 1"),
        ("1.0", "\"lld\"", "\"argNum\" is 1.0"),
        ("-1", "\"lld\"", "\"argNum\" is -1"),
        ("1", "\"k\"", "\"formatSpecifier\" \"k\" is not a format conversion"),
        ("1", "\"lld \"", "is not a format conversion"),
        ("1", "\"%lld\"", "is not a format conversion"),
        ("2", "\"lld\"", nil),
        ("1", "\".2f\"", nil),
        ("1", "\"@\"", nil),
    ] as [(String, String, String?)])
    func substitutionArgumentsAreChecked(_ argNum: String, _ specifier: String, _ message: String?) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let text = "{\"sourceLanguage\" : \"en\", \"strings\" : {\"%lld items\" : {\"localizations\" : {\"de\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \"%#@n@\"}, \"substitutions\" : {\"n\" : {\"argNum\" : \(argNum), \"formatSpecifier\" : \(specifier), \"variations\" : {\"plural\" : {\"other\" : {\"stringUnit\" : {\"state\" : \"translated\", \"value\" : \"%arg\"}}}}}}}}}}, \"version\" : \"1.0\"}"
        let file = try directory.write("L.xcstrings", text)
        _ = try runTool(["format", file.path])
        let check = try runTool(["check", file.path])
        if let message {
            #expect(check.status == 1)
            #expect(check.stdout.contains("error: ") && check.stdout.contains(message), "\(check.stdout)")
        } else {
            #expect(check.status == 0, "\(check.stdout)")
        }
    }

    @Test func helpAndVersion() throws {
        let overview = try runTool(["--help"])
        #expect(overview.status == 0)
        #expect(overview.stdout.contains("USAGE: xcstrings-merge <command>"))
        for command in ["merge", "format", "check", "resolve", "install", "uninstall", "doctor", "demo"] {
            let help = try runTool(["help", command])
            #expect(help.status == 0)
            #expect(help.stdout.contains("USAGE: xcstrings-merge \(command)"))
            #expect(try runTool([command, "--help"]).stdout == help.stdout)
        }
        #expect(try runTool(["--version"]).stdout.hasPrefix("xcstrings-merge "))
    }

    /// format names each file it rewrote, and none that was already in Xcode's form; -q none.
    @Test func formatNamesTheFilesItRewrites() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let canonical = simpleCatalog(["Save": ["de": "Sichern"]])
        _ = try directory.write("A.xcstrings", canonical)
        let reordered = String(decoding: canonical, as: UTF8.self).replacingOccurrences(of: "  ", with: "    ")
        _ = try directory.write("B.xcstrings", reordered)
        _ = try directory.write("C.xcstrings", reordered)
        let format = try runTool(["format", "A.xcstrings", "B.xcstrings"], in: directory.url)
        #expect(format.status == 0, "\(format.stderr)")
        #expect(format.stdout == "formatted B.xcstrings\n", "\(format.stdout)")
        let quiet = try runTool(["format", "-q", "C.xcstrings"], in: directory.url)
        #expect(quiet.status == 0 && quiet.stdout.isEmpty, "\(quiet.stdout)")
        #expect(try bytes(directory.file("C.xcstrings")) == canonical)
    }

    /// The first difference from Xcode's bytes is named where it is, with what Xcode writes
    /// there: a file written by Python's json.dumps differs first at an empty object, not at its
    /// final newline.
    @Test func checkNamesTheFirstDifferenceThatIsThere() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let text = "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n    \"Save\" : {}\n  },\n  \"version\" : \"1.0\"\n}\n"
        let file = try directory.write("Python.xcstrings", text)
        let result = try runTool(["check", file.path])
        #expect(result.status == 1)
        #expect(result.stdout.contains("Python.xcstrings:4:15: error: not in the form Xcode writes; first difference here: Xcode writes \"\\n\\n    }\\n  },…\" here, the file has \"}\\n  },\\n  \\\"ve…\""), "\(result.stdout)")
        #expect(!result.stdout.contains("ends with a newline"), "\(result.stdout)")
        let onlyNewline = try directory.write("Newline.xcstrings", simpleCatalog(["Save": ["de": "Sichern"]]) + [0x0A])
        let newline = try runTool(["check", onlyNewline.path])
        #expect(newline.stdout.contains("not in the form Xcode writes (ends with a newline); first difference here; run"), "\(newline.stdout)")
    }
}
