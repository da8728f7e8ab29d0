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
        // A change of layout alone (keys reordered, another indentation) shows no line in
        // git's diff through the driver.
        if diff.diff.changes.isEmpty {
            let old = try Catalog(bytes: bytes(Self.folder.appendingPathComponent(name).appendingPathComponent("old.xcstrings")))
            #expect(FactLines.bytes(of: old) == FactLines.bytes(of: new), "\(name)")
        }
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

    /// The markdown with its code spans taken out, by CommonMark's rule (a run of n backticks
    /// opens a span that the next run of exactly n closes): what the renderer reads as markup.
    static func outsideCodeSpans(_ markdown: String) -> String {
        let scalars = Array(markdown.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        func run(at start: Int) -> Int {
            var end = start
            while end < scalars.count, scalars[end] == "`" { end += 1 }
            return end - start
        }
        while i < scalars.count {
            guard scalars[i] == "`" else { out.append(scalars[i]); i += 1; continue }
            let length = run(at: i)
            var j = i + length, closed: Int?
            while j < scalars.count, scalars[j] != "\n" {
                if scalars[j] == "`" {
                    let other = run(at: j)
                    if other == length { closed = j + other; break }
                    j += other
                } else {
                    j += 1
                }
            }
            if let closed { out.append("C"); i = closed } else { out.append(contentsOf: scalars[i..<(i + length)]); i += length }
        }
        return String(out)
    }

    static let hostileTexts = [
        "`code` | cell", "<script>alert(1)</script>", "</details><details open>", "[link](https://example.com)",
        "![image](x.png)", "line\nbreak\n- fake item", "\u{1B}]52;c;Y2xpcA==\u{07}", "**bold** _it_ ~~s~~", "# heading",
        "&amp; &#124;", "\u{202E}reversed", "www.evil.example/login", "mail admin@evil.example", "cc @octocat @org/team",
        "fixes #1 :shipit:", "```` four ````", "` lone", "end `", "u2028\u{2028}- item",
    ]

    /// Keys of hostile text whose translation changes to hostile text, in `locale`, and as many
    /// keys of hostile text added.
    static func hostileDiff(locale: String = "de") throws -> FileDiff {
        var old: [String: [String: String]] = [:], new: [String: [String: String]] = [:]
        for (index, text) in hostileTexts.enumerated() {
            old[text] = [locale: "old"]
            new[text] = [locale: "v\(index) " + text]
            new["added " + text] = [locale: text]
        }
        return FileDiff(path: "@octocat/www.x.com/L.xcstrings", diff: try CatalogDiff.compare(old: simpleCatalog(old), new: simpleCatalog(new)).get())
    }

    /// Catalog text cannot break out of the markdown: every piece of it is in a code span, and
    /// outside the spans no raw HTML, table cell, link, mention, reference, `<details>`, line or
    /// control character comes through.
    @Test func markdownEscapesHostileText() throws {
        let diff = try Self.hostileDiff()
        let markdown = DiffText.markdown([diff], shown: 5)
        let markup = Self.outsideCodeSpans(markdown)
        for forbidden in ["<script", "</details><details open>", "`", "](", "\u{1B}", "\u{07}", "\u{202E}", "**bold", "\n- fake", "\n# heading",
                          "&amp;", "www.", "@", "#1", ":shipit:", "\u{2028}", "\n- item"] {
            #expect(!markup.contains(forbidden), "\(forbidden.debugDescription) came through")
        }
        #expect(!markdown.contains("\u{1B}") && !markdown.contains("\u{2028}"))
        // The structure is the tool's alone: one <details>, one line per change.
        #expect(markup.components(separatedBy: "<details>").count == 2)
        #expect(markup.components(separatedBy: "</details>").count == 2)
        let changeLines = markup.split(separator: "\n").filter { $0.hasPrefix("- ") }
        #expect(changeLines.count == diff.diff.changes.count)
        // A locale that holds a `|` stays in its table cell.
        let table = DiffText.markdown([try Self.hostileDiff(locale: "de|x")])
        let rows = Self.outsideCodeSpans(table).split(separator: "\n").filter { $0.hasPrefix("|") }
        #expect(rows.count == 3, "\(table)")
        for line in rows {
            #expect(line.filter { $0 == "|" }.count == 6, "\(line)")
        }
    }

    static let cmarkgfm: Bool = (try? run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", "import cmarkgfm"]).status) == 0

    /// Rendered by cmark-gfm, the renderer GitHub uses: no link, no HTML of the catalog's, and
    /// every `@`, `#1` and `www.` inside `<code>`, which GitHub's mention, reference and emoji
    /// filters leave alone.
    @Test(.enabled(if: cmarkgfm, "python3 with cmarkgfm is not installed here (pip install cmarkgfm)"))
    func gitHubsRendererMakesNoLinkOrMentionOfCatalogText() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let markdown = try directory.write("summary.md", DiffText.markdown([try Self.hostileDiff(locale: "de|x")], shown: 5))
        let script = """
            import cmarkgfm, re, sys, json
            html = cmarkgfm.github_flavored_markdown_to_html(open(sys.argv[1]).read())
            outside = re.sub(r'<code>.*?</code>', 'C', html, flags=re.S)
            print(json.dumps({"links": re.findall(r'<a ', html), "tags": sorted(set(re.findall(r'<(/?[a-z0-9]+)', outside))),
                              "mentions": re.findall(r'[@#]\\w|www\\.', outside), "rows": len(re.findall(r'<tr>', html))}))
            """
        let result = try run(URL(fileURLWithPath: "/usr/bin/env"), ["python3", "-c", script, markdown.path])
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result.stderr)")
        #expect((report["links"] as? [String]) == [], "\(report)")
        #expect((report["mentions"] as? [String]) == [], "\(report)")
        let tags = Set(report["tags"] as? [String] ?? [])
        #expect(tags.isSubset(of: ["h4", "/h4", "p", "/p", "table", "/table", "thead", "/thead", "tbody", "/tbody", "tr", "/tr", "th", "/th", "td", "/td",
                                   "ul", "/ul", "li", "/li", "details", "/details", "summary", "/summary", "em", "/em"]), "\(tags)")
        #expect(report["rows"] as? Int == 2, "one header row and one locale row: \(report)")
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
