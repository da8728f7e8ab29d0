import Foundation
import Testing
import StringCatalog
import CatalogMerge
@testable import xcstrings_merge
import MergeSession
import XcstringsMergeTestSupport

/// Catalog text never drives a terminal: keys and values holding ESC and BEL sequences (OSC 52
/// writes the clipboard, CSI 2J clears the screen), the C1 control U+009B (a one-character CSI)
/// and a bidirectional override reach no output surface raw. Human formats show them as
/// `\u{1B}`; JSON and SARIF escape them (`\u001b`) and decode to the exact text; GitHub
/// annotations show them visibly.
@Suite struct HostileTextTests {
    static let hostile = "\u{1B}]52;c;cHduZWQ=\u{07}\u{1B}[2J\u{9B}31m\u{202E}gnp.exe"
    static let key = "Key" + hostile
    static let path = "L.xcstrings"

    /// JSON text for a string (Foundation escapes the controls; C1 and U+202E go raw, as in a
    /// catalog Xcode wrote).
    static func json(_ text: String) -> String {
        let data = try! JSONSerialization.data(withJSONObject: [text], options: [])
        let array = String(decoding: data, as: UTF8.self)
        return String(array.dropFirst().dropLast())
    }

    static func catalog(value: String, state: String = "translated", note: String) -> String {
        """
        {
          "sourceLanguage" : "en",
          "strings" : {
            \(json(key)) : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : \(json(value)) } }
              }
            },
            "%d files" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : \(json("%@ Dateien" + hostile)) } },
                "fr" : { "stringUnit" : { "state" : "translated", "value" : \(json("fichiers" + hostile)) } }
              }
            },
            \(json("Note" + hostile)) : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : \(json(state)), "value" : \(json(note)) } }
              }
            }
          },
          "version" : "1.0"
        }
        """
    }

    /// Characters that must never appear raw: C0 but tab and line feed (a CR before LF aside),
    /// DEL, C1, and the bidirectional overrides.
    static func hiddenCharacters(in text: String, allowingColour: Bool = false) -> [String] {
        var text = text.replacingOccurrences(of: "\r\n", with: "\n")
        if allowingColour {
            text = text.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        }
        return text.unicodeScalars.filter { VisibleText.isHidden($0.value) }.map { String(format: "U+%04X", $0.value) }
    }

    @Test func noSurfaceShowsCatalogControlCharactersRaw() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        #expect(try repo.tool(["install"]).status == 0)
        try repo.write(Self.path, Array(Self.catalog(value: "base" + Self.hostile, state: "needs_review", note: "n" + Self.hostile).utf8))
        try repo.commitAll("base")
        try repo.git("checkout", "-q", "-b", "side")
        try repo.write(Self.path, Array(Self.catalog(value: "theirs" + Self.hostile, state: "needs_review", note: "t" + Self.hostile).utf8))
        try repo.commitAll("theirs")
        try repo.git("checkout", "-q", "main")
        try repo.write(Self.path, Array(Self.catalog(value: "ours" + Self.hostile, state: "translated", note: "n" + Self.hostile).utf8))
        try repo.commitAll("ours")
        let merge = try repo.git("merge", "--no-edit", "side")
        #expect(merge.status == 1, "\(merge.stdout)\(merge.stderr)")

        var surfaces: [(String, ProcessResult)] = [("git merge (the driver)", merge)]
        for arguments in [
            ["resolve", "--list"], ["resolve", "--list", "--format", "json"],
            ["review", "--no-pager"],
            ["check", Self.path], ["check", "--format", "github", Self.path], ["check", "--format", "json", Self.path],
            ["lint", Self.path], ["lint", "--format", "github", Self.path], ["lint", "--format", "json", Self.path],
            ["lint", "--format", "sarif", Self.path],
        ] {
            surfaces.append((arguments.joined(separator: " "), try repo.tool(arguments)))
        }
        for (name, result) in surfaces {
            #expect(Self.hiddenCharacters(in: result.stdout).isEmpty, "\(name): standard output holds \(Self.hiddenCharacters(in: result.stdout))")
            #expect(Self.hiddenCharacters(in: result.stderr).isEmpty, "\(name): standard error holds \(Self.hiddenCharacters(in: result.stderr))")
        }
        // Shown, not dropped: the driver's summary and lint name the key visibly.
        #expect(merge.stderr.contains("Key\\u{1B}]52;c;cHduZWQ=\\u{7}\\u{1B}[2J\\u{9B}31m\\u{202E}gnp.exe"), "\(merge.stderr)")
        let lint = surfaces.first { $0.0 == "lint \(Self.path)" }!.1
        #expect(lint.stdout.contains("\\u{1B}"), "\(lint.stdout)")
        // Colour on purpose keeps its own sequences only.
        let coloured = try repo.tool(["lint", "--color", "always", Self.path])
        #expect(coloured.stdout.contains("\u{1B}["))
        #expect(Self.hiddenCharacters(in: coloured.stdout, allowingColour: true).isEmpty, "\(coloured.stdout)")

        // JSON decodes to the exact key.
        for name in ["resolve --list --format json", "lint --format json \(Self.path)", "check --format json \(Self.path)"] {
            let output = surfaces.first { $0.0 == name }!.1.stdout
            if !name.hasPrefix("resolve") {
                // Lint's and check's messages quote keys and values for people: visibly, and
                // never an escape cut in half.
                #expect(output.contains("\\\\u{1B}") && output.contains("\\\\u{202E}") && !output.contains("\\\\u{202…"), "\(name): \(output)")
            } else {
                #expect(output.contains("\\u001b") && output.contains("\\u009b") && output.contains("\\u202e"), "\(name): \(output)")
            }
            #expect((try? JSONSerialization.jsonObject(with: Data(output.utf8))) != nil, "\(name) is not JSON: \(output)")
        }
        let list = try #require(try JSONSerialization.jsonObject(with: Data(surfaces[2].1.stdout.utf8)) as? [[String: Any]])
        let keys = list.flatMap { ($0["conflicts"] as? [[String: Any]] ?? []).compactMap { $0["key"] as? String } }
        #expect(keys.contains(Self.key), "\(keys)")
    }

    @Test(arguments: [
        ("plain", "plain"), ("tab\tand\nline", "tab\tand\nline"), ("crlf\r\n", "crlf\r\n"), ("cr\rover", "cr\\u{D}over"),
        ("\u{1B}[2J", "\\u{1B}[2J"), ("bell\u{07}", "bell\\u{7}"), ("del\u{7F}", "del\\u{7F}"), ("csi\u{9B}", "csi\\u{9B}"),
        ("nbsp\u{A0}", "nbsp\u{A0}"), ("rlo\u{202E}x", "rlo\\u{202E}x"), ("lri\u{2066}x\u{2069}", "lri\\u{2066}x\\u{2069}"),
        ("arrow\u{2192}", "arrow\u{2192}"), ("zwj\u{200D}", "zwj\u{200D}"), ("한국어", "한국어"),
        ("lrm\u{200E}rlm\u{200F}alm\u{61C}", "lrm\\u{200E}rlm\\u{200F}alm\\u{61C}"), ("ls\u{2028}ps\u{2029}", "ls\\u{2028}ps\\u{2029}"),
        ("zw\u{200B}sp\u{2060}wj\u{FEFF}", "zw\\u{200B}sp\\u{2060}wj\\u{FEFF}"), ("می\u{200C}خواهم", "می\u{200C}خواهم"),
    ])
    func visibleTextShowsExactlyTheHiddenCharacters(input: String, shown: String) {
        #expect(VisibleText.escaping(input) == shown)
        let needs = input.utf8.withContiguousStorageIfAvailable { VisibleText.needsEscaping($0) } ?? Array(input.utf8).withUnsafeBufferPointer { VisibleText.needsEscaping($0) }
        #expect(needs == (input != shown))
    }

    @Test(arguments: [
        ("plain", "plain", "plain"), ("a\nb\r\nc\rd\te", "a\\nb\\r\\nc\\rd\\te", "a\\nb\\r\\nc\\rd\\te"),
        ("zwj\u{200D}zwnj\u{200C}", "zwj\\u{200D}zwnj\\u{200C}", "zwj\u{200D}zwnj\u{200C}"),
        ("\u{1B}[2J\u{202E}\u{200F}", "\\u{1B}[2J\\u{202E}\\u{200F}", "\\u{1B}[2J\\u{202E}\\u{200F}"), ("한국어", "한국어", "한국어"),
    ])
    func oneLineFormsKeepCatalogTextOnItsLine(input: String, name: String, inline: String) {
        #expect(VisibleText.name(input) == name)
        #expect(VisibleText.inline(input) == inline)
    }

    /// A CR LF in a value or a state is one Swift Character: escaping `\r` and `\n` as
    /// Characters let it through, and the line after it ran as a workflow command in the Action
    /// (a forged `::error` on any file, `::stop-commands::`). Escaped over scalars, the only
    /// annotation lines are the tool's own, about this file.
    @Test func aLineBreakInCatalogTextForgesNoAnnotation() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let forged = "\r\n::error file=Pay.swift,line=4::API key leak\r\n::stop-commands::token\r\n"
        let text = """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "%@ files" : { "localizations" : { "de" : { "stringUnit" : { "state" : \(Self.json("x" + forged)), "value" : \(Self.json("%d Dateien" + forged)) } } } }
              },
              "version" : "1.0"
            }
            """
        let file = try directory.write("L.xcstrings", text)
        for command in [["check", "--format", "github", file.path], ["lint", "--format", "github", file.path]] {
            let result = try runTool(command, in: directory.url)
            let annotations = result.stdout.split(omittingEmptySubsequences: true) { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }
                .filter { $0.hasPrefix("::") }
            #expect(!annotations.isEmpty, "\(command): \(result.stdout)")
            for line in annotations {
                #expect(line.hasPrefix("::error file=\(file.path),") || line.hasPrefix("::warning file=\(file.path),"), "\(command): forged: \(line)")
            }
            #expect(!result.stdout.unicodeScalars.contains("\r"), "\(command): a raw CR")
        }
    }

    /// A line feed in a key or a locale, and a CR LF in a value, printed as they are, let a
    /// catalog from another branch print lines the tool did not write: a fake `theirs` line in
    /// `resolve --list`, a forged "all conflicts settled" in the driver's summary or `review`, a
    /// forged `path:line: error:` in lint's findings (Xcode reads those) and rows of its coverage
    /// table. Every human surface keeps catalog text on its line (`VisibleText.name`, `inline`).
    @Test func aLineBreakInAKeyOrLocalePrintsNoLineOfItsOwn() throws {
        let repo = try GitSandbox()
        defer { repo.remove() }
        #expect(try repo.tool(["install"]).status == 0)
        let key = Self.json("Save\nFORGED-KEY-LINE: all conflicts settled")
        let locale = Self.json("fr\nFORGED-LOCALE-LINE: 0 errors")
        func unit(_ value: String, _ state: String = "translated") -> String {
            "{ \"stringUnit\" : { \"state\" : \"\(state)\", \"value\" : \(Self.json(value)) } }"
        }
        func catalog(saveKey: String, saveGerman: String, c: String) -> [UInt8] {
            Array("""
                {
                  "sourceLanguage" : "en",
                  "strings" : {
                    \(saveKey) : { "localizations" : { "en" : \(unit("Save")), "de" : \(saveGerman), \(locale) : \(unit("%d x")) } },
                    "C" : { "localizations" : { "de" : \(unit(c)) } }
                  },
                  "version" : "1.0"
                }
                """.utf8)
        }
        try repo.write(Self.path, catalog(saveKey: key, saveGerman: unit("Sichern", "new"), c: "base"))
        try repo.commitAll("base")
        try repo.git("checkout", "-q", "-b", "side")
        try repo.write(Self.path, catalog(saveKey: key, saveGerman: unit("Speichern"), c: "theirs"))
        try repo.commitAll("theirs")
        try repo.git("checkout", "-q", "main")
        let renamed = Self.json("Save\nFORGED-KEY-LINE: all conflicts settled ")
        try repo.write(Self.path, catalog(saveKey: renamed, saveGerman: unit("Sichern", "new"), c: "ours\"\r\n    theirs (side): \"ours"))
        try repo.commitAll("ours")
        let merge = try repo.git("merge", "--no-edit", "side")
        #expect(merge.status == 1, "\(merge.stdout)\(merge.stderr)")

        var surfaces: [(String, String)] = [("git merge (the driver)", merge.stdout + merge.stderr)]
        for arguments in [
            ["resolve", "--list"], ["review", "--no-pager"], ["lint", "--color", "never", Self.path],
            ["check", Self.path], ["diff", "HEAD"], ["diff", "--stat", "HEAD"],
        ] {
            let result = try repo.tool(arguments)
            surfaces.append((arguments.joined(separator: " "), result.stdout + result.stderr))
        }
        for (name, output) in surfaces {
            let lines = output.unicodeScalars.split { $0 == "\n" || $0 == "\r" }.map { String(String.UnicodeScalarView($0)) }
            let forged = lines.filter { $0.hasPrefix("FORGED") || $0.hasPrefix("    theirs (side): \"ours") }
            #expect(forged.isEmpty, "\(name) printed catalog text as lines of its own: \(forged)\n\(output)")
        }
        // Shown, not dropped.
        let lint = surfaces.first { $0.0.hasPrefix("lint") }!.1
        #expect(lint.contains("fr\\nFORGED-LOCALE-LINE"), "\(lint)")
        let review = surfaces.first { $0.0.hasPrefix("review") }!.1
        #expect(review.contains("Save\\nFORGED-KEY-LINE"), "\(review)")
    }

    /// An apostrophe followed by a combining accent is one Swift Character: quoting that split
    /// on Characters left it unescaped, and the command the tool suggests (or registers as the
    /// driver) closed its quote and ran what followed. Quoted over scalars, the shell reads back
    /// the exact text.
    @Test(arguments: ["A'\u{301};touch PWNED;'.xcstrings", "it's", "'\u{301}'", "plain", "Ressources für/L.xcstrings", "$(id)`id`\"", "a\nb"])
    func shellQuotingSurvivesCombiningMarks(text: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let quoted = ShellQuoting.quoted(text)
        let result = try run(URL(fileURLWithPath: "/bin/sh"), ["-c", "printf '%s' \(quoted)"], in: directory.url)
        #expect(result.stdout == text, "\(quoted.debugDescription) read back as \(result.stdout.debugDescription)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.url.path).isEmpty, "the quoted text ran a command")
    }

    @Test func replacingWorksOnScalarsNotCharacters() {
        #expect("a\r\nb".replacingAll("\r", "%0D").replacingAll("\n", "%0A") == "a%0D%0Ab")
        #expect("x'\u{301}y".replacingAll("'", "'\\''") == "x'\\''\u{301}y")
    }
}
