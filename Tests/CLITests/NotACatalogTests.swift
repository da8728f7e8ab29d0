import Foundation
import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// JSON that is not a string catalog (`{}` from a careless resolution, another tool's file) is
/// never merged or rewritten as one: merged as one, `{}` for ours deleted every key with exit 0.
@Suite struct NotACatalogTests {
    typealias Scenario = GitDriverTests

    /// Valid JSON without a catalog's top level, with what the message names and where.
    static let lookAlikes: [(name: String, text: String, says: String, place: String)] = [
        ("an empty object", "{}", "no \"sourceLanguage\"", ":1:1:"),
        ("another tool's JSON", "{\"a\":1}", "no \"sourceLanguage\"", ":1:1:"),
        ("a key-value file", "{\n  \"foo\" : \"foo\"\n}", "no \"sourceLanguage\"", ":1:1:"),
        ("no strings", "{\n  \"sourceLanguage\" : \"en\",\n  \"version\" : \"1.0\"\n}", "no \"strings\"", ":1:1:"),
        ("no sourceLanguage", "{\n  \"strings\" : {\n\n  },\n  \"version\" : \"1.0\"\n}", "no \"sourceLanguage\"", ":1:1:"),
        ("a number for a version", "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\n  },\n  \"version\" : 1\n}", "\"version\" is a number; expected a string", ":6:3:"),
        ("a number for sourceLanguage", "{\n  \"sourceLanguage\" : 7,\n  \"strings\" : {\n\n  }\n}", "\"sourceLanguage\" is a number; expected a string", ":2:3:"),
        ("an array", "[]", "a string catalog is a JSON object", ":1:1:"),
    ]

    static func sampleText() throws -> [UInt8] {
        try bytes(Paths.fixtures.appendingPathComponent("catalogs/Sample.xcstrings"))
    }

    @Test(arguments: lookAlikes.indices, [0, 1, 2])
    func aNonCatalogInputIsNeverMergedAsOne(lookAlike: Int, side: Int) throws {
        let (name, text, says, place) = Self.lookAlikes[lookAlike]
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let sample = try Self.sampleText()
        let base = try Catalog(bytes: sample)
        let edited = Scenario.setting(base, "Save", "de", "Speichern").canonicalBytes()
        var inputs = [sample, edited, sample]
        inputs[side] = Array(text.utf8)
        let names = ["base", "ours", "theirs"]
        let files = try (0..<3).map { try directory.write(names[$0] + ".xcstrings", inputs[$0]).path }
        let output = directory.file("out.xcstrings")
        let merge = try runTool(["merge"] + files + ["-o", output.path, "--report", directory.file("r.json").path])
        #expect(merge.status == 1, "\(name) as \(names[side]): \(merge.stderr)")
        #expect(merge.stderr.contains("\(names[side]).xcstrings (\(names[side]))\(place) not a string catalog") || merge.stderr.contains("\(names[side]).xcstrings (\(names[side]))\(place) the top level"), "\(merge.stderr)")
        #expect(merge.stderr.contains(says), "\(merge.stderr)")
        #expect(merge.stderr.contains("falling back to git's line merge"), "\(merge.stderr)")
    }

    /// As git's driver, a clean line merge of a catalog with `{}` would leave `{}`: exit 1, so
    /// that git stops and a person looks.
    @Test func theDriverStopsGitEvenWhenTheLineMergeIsClean() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        try repo.configureDriver()
        let base = try Scenario.sample()
        try repo.write(Scenario.path, base.canonicalBytes())
        try repo.commitAll("base")
        try repo.git("checkout", "-q", "-b", "b")
        try repo.write(Scenario.path, Array("{}".utf8))
        try repo.commitAll("theirs: a bad resolution")
        try repo.git("checkout", "-q", "main")
        try repo.write(Scenario.path, Scenario.setting(base, "Save", "de", "Speichern").canonicalBytes())
        try repo.commitAll("ours")
        let merge = try repo.git("merge", "--no-edit", "b")
        #expect(merge.status != 0, "\(merge.stdout)\(merge.stderr)")
        #expect(merge.stderr.contains("not a string catalog"), "\(merge.stderr)")
        #expect(!(try repo.git("ls-files", "-u").stdout.isEmpty), "the file stays conflicted")
    }

    /// The commands that rewrite or judge a catalog refuse a non-catalog, exit 2, untouched.
    @Test(arguments: lookAlikes.indices, [
        ["format"], ["format", "--check"], ["lint"], ["rename-key", "Save", "Store"], ["remove-locale", "de"],
        ["add-locale", "fr", "--copy-from", "de"], ["prune", "--write"],
    ])
    func editingCommandsRefuseANonCatalog(lookAlike: Int, command: [String]) throws {
        let (name, text, says, place) = Self.lookAlikes[lookAlike]
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("notcat.xcstrings", text)
        let result = try runTool(command + [file.path])
        #expect(result.status == 2, "\(command) on \(name): \(result.stdout)\(result.stderr)")
        #expect(result.stderr.contains(file.path + place), "\(result.stderr)")
        #expect(result.stderr.contains(says), "\(result.stderr)")
        #expect(try bytes(file) == Array(text.utf8), "left untouched")
    }

    /// Every command answers alike for a file that is no catalog (not a JSON object, or no
    /// "sourceLanguage" or "strings"): `not a string catalog`, exit 2, and check does not count
    /// it as a catalog that failed. A catalog broken inside keeps its syntax error and place.
    @Test(arguments: [
        ("package.json", "{\n  \"name\": \"x\",\n  \"dependencies\": {}\n}\n", "no \"sourceLanguage\""),
        ("ContentView.swift", "import SwiftUI\nstruct V: View {}\n", "not a JSON object"),
        ("Info.plist", "<?xml version=\"1.0\"?>\n<plist/>\n", "not a JSON object"),
        ("notcat.xcstrings", "{\"a\":1}", "no \"sourceLanguage\""),
    ])
    func everyCommandSaysNotAStringCatalog(name: String, text: String, says: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write(name, text)
        for command in [["check"], ["lint"], ["format"], ["format", "--check"]] {
            let result = try runTool(command + [file.path])
            let said = result.stdout + result.stderr
            #expect(result.status == 2, "\(command) \(name): \(said)")
            #expect(said.contains("\(file.path):1:1: error: not a string catalog: ") && said.contains(says), "\(command) \(name): \(said)")
            #expect(!said.contains("1 catalog checked"), "\(command) \(name): \(said)")
        }
        let broken = try directory.write("Broken.xcstrings", "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : { \"a\" :\n")
        let check = try runTool(["check", broken.path])
        #expect(check.status == 1, "\(check.stdout)")
        #expect(check.stdout.contains("\(broken.path):4:1: error: unexpected end of file"), "\(check.stdout)")
    }

    /// A base that is only a byte order mark or white space (both branches added the file) is an
    /// empty catalog, like a 0-byte one.
    @Test(arguments: [[], [0xEF, 0xBB, 0xBF], [0x0A], [0xEF, 0xBB, 0xBF, 0x20, 0x0A]] as [[UInt8]])
    func anEmptyBaseIsAnEmptyCatalog(base: [UInt8]) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let sample = try Self.sampleText()
        let files = try [("base", base), ("ours", sample), ("theirs", sample)].map { try directory.write($0.0 + ".xcstrings", $0.1).path }
        let output = directory.file("out.xcstrings")
        let merge = try runTool(["merge"] + files + ["-o", output.path, "--report", directory.file("r.json").path])
        #expect(merge.status == 0, "\(merge.stderr)")
        #expect(try bytes(output) == (try Catalog(bytes: sample).canonicalBytes()))
    }
}
