import Foundation
import Testing
import CatalogDiff
import StringCatalog
import XcstringsMergeTestSupport

/// Runs every `Fixtures/diff/<kind>/`: old and new compare into exactly the expected human, JSON
/// and markdown output, and new prints as `expected-textconv.txt` through git's diff driver.
/// The fixtures show every kind of change.
@Suite struct DiffFixtureTests {
    static let folder = Paths.fixtures.appendingPathComponent("diff")
    static let cases: [String] = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).sorted()

    static func diff(_ name: String) throws -> FileDiff {
        let directory = folder.appendingPathComponent(name)
        let old = try bytes(directory.appendingPathComponent("old.xcstrings"))
        let new = try bytes(directory.appendingPathComponent("new.xcstrings"))
        return FileDiff(path: "new.xcstrings", diff: try CatalogDiff.compare(old: old, new: new).get())
    }

    static func text(_ name: String, _ file: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name).appendingPathComponent(file), encoding: .utf8)
    }

    @Test(arguments: cases)
    func fixtureShowsAsExpected(_ name: String) throws {
        let diff = try Self.diff(name)
        #expect(DiffText.human([diff], colors: DiffColors(enabled: false)) == (try Self.text(name, "expected.txt")))
        #expect(String(decoding: DiffText.json([diff]), as: UTF8.self) == (try Self.text(name, "expected.json")))
        #expect(DiffText.markdown([diff]) == (try Self.text(name, "expected.md")))
        let new = try Catalog(bytes: bytes(Self.folder.appendingPathComponent(name).appendingPathComponent("new.xcstrings")))
        #expect(String(decoding: FactLines.bytes(of: new), as: UTF8.self) == (try Self.text(name, "expected-textconv.txt")))
    }

    @Test func theFixturesShowEveryKindOfChange() throws {
        var kinds = Set<CatalogChange.Kind>()
        var layoutOnly = false
        for name in Self.cases {
            let diff = try Self.diff(name)
            kinds.formUnion(diff.diff.changes.map(\.kind))
            layoutOnly = layoutOnly || diff.diff.layoutOnly
        }
        #expect(kinds == Set(CatalogChange.Kind.allCases))
        #expect(layoutOnly)
    }

    /// A big new version read from a mapping that lets go of its pages behind the reading (what
    /// `diff` does with a file over a megabyte) gives the same changes as one read whole, on both
    /// threads' halves.
    @Test func aStreamedNewVersionComparesAsOneReadWhole() throws {
        var generator = CatalogGenerator(seed: 77)
        let old = generator.catalog(keys: 9000).canonicalBytes()
        var catalog = try Catalog(bytes: old)
        var strings = catalog.strings
        for index in stride(from: 0, to: strings.members.count, by: 97) {
            strings.members[index].value = ["localizations": ["de": ["stringUnit": ["state": "translated", "value": .string(UTF8Bytes("neu \(index)"))]]]]
        }
        strings.members.remove(at: 5)
        catalog.strings = strings
        let new = catalog.canonicalBytes()
        #expect(new.count > 8 << 20, "\(new.count) bytes: big enough to be split and released")
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("new.xcstrings", new)
        let whole = try CatalogDiff.compare(old: old, new: new).get()
        let mapping = try #require(MappedFile(path: file.path, minimumSize: 1, streamed: true))
        let streamed = try mapping.withBytes { buffer in
            try CatalogDiff.compare(old: old, newBuffer: buffer) { true }.get()
        }
        #expect(streamed.changes == whole.changes)
        #expect(streamed.changes.count > 90)
        let same = try mapping.withBytes { buffer in try CatalogDiff.compare(old: new, newBuffer: buffer) { false }.get() }
        #expect(same.isEmpty)
    }

    /// A catalog compared with itself has no change, whatever its layout.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func aCatalogEqualsItself(seed: UInt64) throws {
        var generator = CatalogGenerator(seed: seed)
        let bytes = generator.catalog(keys: 60).canonicalBytes()
        let diff = try CatalogDiff.compare(old: bytes, new: bytes).get()
        #expect(diff.isEmpty)
    }

    /// Catalog text cannot break out of the markdown: no raw HTML, table cell, code span, link,
    /// `<details>`, line or control character comes through.
    @Test func markdownEscapesHostileText() throws {
        let hostile = [
            "`code` | cell", "<script>alert(1)</script>", "</details><details open>", "[link](https://example.com)",
            "![image](x.png)", "line\nbreak\n- fake item", "\u{1B}]52;c;Y2xpcA==\u{07}", "**bold** _it_ ~~s~~", "# heading",
            "&amp; &#124;", "\u{202E}reversed",
        ]
        var strings: [String: [String: String]] = [:]
        for (index, text) in hostile.enumerated() { strings[text] = ["de": "v\(index) " + text] }
        let old = simpleCatalog([:])
        let new = simpleCatalog(strings)
        let diff = FileDiff(path: "L.xcstrings", diff: try CatalogDiff.compare(old: old, new: new).get())
        let markdown = DiffText.markdown([diff], shown: 5)
        for forbidden in ["<script", "</details><details open>", "`", "](", "\u{1B}", "\u{07}", "\u{202E}", "**bold", "\n- fake", "\n# heading", "&amp;"] {
            #expect(!markdown.contains(forbidden), "\(forbidden.debugDescription) came through")
        }
        // The structure is the tool's alone: one <details>, one line per change.
        #expect(markdown.components(separatedBy: "<details>").count == 2)
        #expect(markdown.components(separatedBy: "</details>").count == 2)
        let changeLines = markdown.split(separator: "\n").filter { $0.hasPrefix("- ") }
        #expect(changeLines.count == diff.diff.changes.count)
        for line in markdown.split(separator: "\n") where line.hasPrefix("|") {
            #expect(line.filter { $0 == "|" }.count == 6, "\(line)")
        }
    }

    /// `--max-size`: the markdown stays within the limit for any limit, every file's lines come
    /// in order while they fit, each cut file says how many of its lines were left out, and
    /// files whose headings no longer fit are counted in one closing line. Without a limit, or
    /// with one above the whole text, the text is the same.
    @Test(arguments: [1_024, 2_000, 4_000, 9_000, 30_000, 200_000])
    func markdownStaysWithinItsLimit(limit: Int) throws {
        var files: [FileDiff] = []
        for file in 0..<12 {
            var old: [String: [String: String]] = [:], new: [String: [String: String]] = [:]
            for key in 0..<(20 + file * 15) {
                old["Key \(key) of file \(file)"] = ["de": "Alt \(key)", "fr": "Vieux \(key)"]
                new["Key \(key) of file \(file)"] = ["de": "Neu \(key)", "fr": "Vieux \(key)"]
            }
            files.append(FileDiff(path: "App\(file)/L.xcstrings", diff: try CatalogDiff.compare(old: simpleCatalog(old), new: simpleCatalog(new)).get()))
        }
        let whole = DiffText.markdown(files)
        let limited = DiffText.markdown(files, maximumBytes: limit)
        #expect(limited.utf8.count <= limit, "\(limited.utf8.count) bytes over \(limit)")
        if whole.utf8.count + 320 + 12 * 336 <= limit {
            #expect(limited == whole)
        } else {
            #expect(limited.contains("left out"))
            // The per-string lines kept are a prefix of the whole, file by file.
            let keptLines = limited.split(separator: "\n").filter { $0.hasPrefix("- ") }
            let allLines = whole.split(separator: "\n").filter { $0.hasPrefix("- ") }
            #expect(Array(allLines.prefix(keptLines.count)) == keptLines)
            let shownFiles = limited.split(separator: "\n").filter { $0.hasPrefix("#### ") }.count
            if shownFiles < files.count {
                #expect(limited.contains("_\(files.count - shownFiles) more catalog"), "\(limited.suffix(300))")
            }
            for file in limited.components(separatedBy: "#### ").dropFirst() where file.contains("more change") && file.contains("left out") {
                let kept = file.split(separator: "\n").filter { $0.hasPrefix("- ") }.count
                let count = try #require(file.split(separator: "\n").first { $0.hasPrefix("_") && $0.contains("to this catalog left out") })
                let total = Int(file.split(separator: "\n")[1].split(separator: " ")[0])!
                #expect(count.hasPrefix("_\(total - kept) more change"), "\(count)")
            }
        }
        #expect(DiffText.markdown(files, maximumBytes: 10_000_000) == whole)
    }
}
