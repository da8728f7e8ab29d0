import Foundation
import Testing
import StringCatalog
import XcstringsMergeTestSupport

struct HostileInput: CustomTestStringConvertible, Sendable {
    var name: String
    var contents: [UInt8]
    /// nil when the input is valid and must pass `check`.
    var message: String?
    var testDescription: String { name }
}

func catalogText(_ strings: String, extra: String = "") -> String {
    "{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : {\n\(strings)\n  },\n  \"version\" : \"1.0\"\(extra)\n}"
}

let unitEntry = "    \"K\" : {\n      \"localizations\" : {\n        \"de\" : {\n          \"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"V\"\n          }\n        }\n      }\n    }"

/// Inputs that a merge driver may meet on other people's branches. Each must give a clear
/// message (or pass, when valid), the documented exit status, and never a crash.
@Suite struct HostileInputTests {
    static var inputs: [HostileInput] {
        let valid = Array(catalogText(unitEntry).utf8)
        var cases: [HostileInput] = [
            .init(name: "0 bytes", contents: [], message: "the file is empty"),
            .init(name: "1 byte", contents: Array("{".utf8), message: "unexpected end of file"),
            .init(name: "only white space", contents: Array(" \n\t \r\n".utf8), message: "the file holds only white space"),
            .init(name: "nesting 10,000 deep", contents: Array(("{\"a\" : " + String(repeating: "[", count: 10_000)).utf8), message: "nesting deeper than 64 levels"),
            .init(name: "1e999 and -0", contents: Array(catalogText(unitEntry, extra: ",\n  \"x\" : 1e999,\n  \"y\" : -0").utf8), message: nil),
            .init(name: "NUL byte outside strings", contents: valid + [0], message: "unexpected byte 0x00 after the end of the top-level value"),
            .init(name: "NUL byte in a string", contents: Array(catalogText(unitEntry).replacingOccurrences(of: "\"V\"", with: "\"V\u{0}\"").utf8), message: "raw control character U+0000 in a string; write it as \\u0000"),
            .init(name: "overlong UTF-8", contents: replacing(valid, "V", with: [0xC0, 0xAF]), message: "invalid UTF-8: byte 0xC0 cannot start a character"),
            .init(name: "overlong 3-byte UTF-8", contents: replacing(valid, "V", with: [0xE0, 0x80, 0xAF]), message: "invalid UTF-8: overlong encoding"),
            .init(name: "encoded surrogate", contents: replacing(valid, "V", with: [0xED, 0xA0, 0x80]), message: "invalid UTF-8: encoded surrogate"),
            .init(name: "invalid UTF-8 in a key", contents: replacing(valid, "K", with: [0xFF]), message: "invalid UTF-8: byte 0xFF cannot start a character"),
            .init(name: "truncated UTF-8 in a value", contents: replacing(valid, "V", with: [0xE6, 0x97]), message: "invalid UTF-8"),
            .init(name: "lone surrogate", contents: Array(catalogText(unitEntry).replacingOccurrences(of: "\"V\"", with: "\"\\udc00\"").utf8), message: "lone surrogate escape \\uDC00"),
            .init(name: "strings is an array", contents: Array("{\n  \"sourceLanguage\" : \"en\",\n  \"strings\" : [],\n  \"version\" : \"1.0\"\n}".utf8), message: "\"strings\" is an array; expected an object of entries"),
            .init(name: "conflict markers at the top", contents: Array(("<<<<<<< HEAD\n" + catalogText(unitEntry)).utf8), message: ":1:1: error: git conflict marker"),
            .init(name: "conflict markers in the middle", contents: Array(catalogText(unitEntry).replacingOccurrences(of: "        \"de\" : {", with: "<<<<<<< ours\n        \"de\" : {\n=======\n        \"de\" : {\n>>>>>>> theirs").utf8), message: ":6:1: error: git conflict marker"),
            .init(name: "conflict markers at the end", contents: Array((catalogText(unitEntry) + "\n>>>>>>> theirs").utf8), message: ":17:1: error: git conflict marker"),
            .init(name: "a number as a value", contents: Array(catalogText(unitEntry).replacingOccurrences(of: "\"V\"", with: "7").utf8), message: "\"value\" is a number; expected a string"),
            .init(name: "a string as variations", contents: Array(catalogText(unitEntry).replacingOccurrences(of: "\"stringUnit\" : {\n            \"state\" : \"translated\",\n            \"value\" : \"V\"\n          }", with: "\"variations\" : \"plural\"").utf8), message: "\"variations\" is a string; expected an object"),
        ]
        // Duplicate keys at every level.
        let levels: [(String, String, String)] = [
            ("top level", "  \"version\" : \"1.0\"", "  \"version\" : \"1.0\",\n  \"version\" : \"1.1\""),
            ("strings", unitEntry, unitEntry + ",\n" + unitEntry),
            ("entry", "      \"localizations\" : {", "      \"comment\" : \"a\",\n      \"comment\" : \"b\",\n      \"localizations\" : {"),
            ("localizations", "        \"de\" : {", "        \"de\" : {\n        },\n        \"de\" : {"),
            ("string unit", "            \"state\" : \"translated\",", "            \"state\" : \"translated\",\n            \"state\" : \"new\","),
        ]
        for (level, original, doubled) in levels {
            let text = catalogText(unitEntry)
            let source = level == "top level" ? text.replacingOccurrences(of: "  \"version\" : \"1.0\"\n}", with: doubled + "\n}") : text.replacingOccurrences(of: original, with: doubled)
            cases.append(.init(name: "duplicate keys: \(level)", contents: Array(source.utf8), message: "duplicate key"))
        }
        // Every control character: escaped is fine, raw is an error.
        var escaped = ""
        for code in 0..<0x20 { escaped += String(format: "\\u%04x", code) }
        cases.append(.init(name: "every control character escaped", contents: Array(catalogText(unitEntry).replacingOccurrences(of: "\"V\"", with: "\"\(escaped)\"").utf8), message: "not in the form Xcode writes"))
        for code in 0..<0x20 {
            let message = code == 0x0A || code == 0x0D ? "line break inside the string" : "raw control character"
            cases.append(.init(name: "raw control character \(code)", contents: replacing(valid, "V", with: [UInt8(code)]), message: message))
        }
        return cases
    }

    static func replacing(_ bytes: [UInt8], _ marker: Character, with replacement: [UInt8]) -> [UInt8] {
        let target = UInt8(ascii: marker.unicodeScalars.first!)
        // The marker stands alone between quotes: "V" or "K".
        for i in 1..<bytes.count - 1 where bytes[i] == target && bytes[i - 1] == 0x22 && bytes[i + 1] == 0x22 {
            return Array(bytes[..<i]) + replacement + Array(bytes[(i + 1)...])
        }
        return bytes
    }

    @Test(arguments: inputs)
    func hostileInputGivesAClearMessageAndTheDocumentedStatus(_ input: HostileInput) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let file = try directory.write("Hostile.xcstrings", input.contents)

        let check = try runTool(["check", file.path])
        #expect(check.status < 128, "crashed: \(check.status)")
        if let message = input.message {
            #expect(check.status == 1)
            #expect(check.stdout.contains(message), "check said: \(check.stdout)")
            let format = try runTool(["format", file.path])
            // Valid JSON with shape problems, or merely not canonical, can still be formatted.
            let shapeOnly = input.name.hasPrefix("a number") || input.name.hasPrefix("a string as") || input.name.hasSuffix("escaped")
            #expect(format.status == (shapeOnly ? 0 : 2), "format said: \(format.stderr)")
            if !shapeOnly { #expect(try bytes(file) == input.contents) }
        } else {
            #expect(!check.stdout.contains(": error:"), "check said: \(check.stdout)")
        }

        // As one side of a merge: a merge or a line-merge fallback, never worse than exit 1.
        try FileManager.default.removeItem(at: file)
        let base = try directory.write("base", Array(catalogText(unitEntry).utf8))
        let ours = try directory.write("ours", Array(catalogText(unitEntry).replacingOccurrences(of: "\"V\"", with: "\"W\"").utf8))
        let theirs = try directory.write("theirs", input.contents)
        let merge = try runTool(["merge", base.path, ours.path, theirs.path, "--report", directory.file("report.json").path])
        #expect(merge.status <= 1, "merge exit \(merge.status): \(merge.stderr)")
        if let message = input.message, !input.name.hasPrefix("a number"), !input.name.hasPrefix("a string as"), !input.name.hasSuffix("escaped") {
            #expect(merge.stderr.contains("theirs):"), "\(merge.stderr)")
            if input.name.hasPrefix("duplicate keys") || input.name.hasPrefix("trailing comma") {
                // What a line merge leaves with one meaning is repaired and merged per key.
                #expect(merge.stderr.contains("repaired: "), "\(merge.stderr)")
                #expect(merge.status == 1, "a repair makes a person look")
            } else {
                #expect(merge.stderr.contains(message) || input.name.contains("conflict markers"), "\(merge.stderr)")
                #expect(merge.stderr.contains("falling back to git's line merge"))
            }
        }
        // No temporary files are left beside the output.
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.url.path).filter { $0.contains("xcstrings-merge-") }
        #expect(leftovers.isEmpty)
    }

    /// The deepest nesting allowed (64) parsed on worker threads, whose stacks are small.
    @Test func deepestAllowedNestingOnWorkerThreads() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let inner = String(repeating: "[", count: 61) + String(repeating: "]", count: 61)
        let top = String(repeating: "[", count: 63) + String(repeating: "]", count: 63)
        let text = "{\"sourceLanguage\" : \"en\", \"strings\" : {\"K\" : {\"x\" : \(inner)}}, \"version\" : \"1.0\", \"y\" : \(top)}"
        let base = try directory.write("base.xcstrings", text)
        let ours = try directory.write("ours.xcstrings", text.replacingOccurrences(of: "\"1.0\"", with: "\"1.1\""))
        let theirs = try directory.write("theirs.xcstrings", text.replacingOccurrences(of: "\"K\"", with: "\"L\""))
        let merge = try runTool(["merge", base.path, ours.path, theirs.path, "--report", directory.file("r.json").path])
        #expect(merge.status == 0, "\(merge.stderr)")
        let check = try runTool(["check", ours.path, base.path, theirs.path])
        #expect(check.status == 1)
        #expect(!check.stdout.contains("nesting deeper"))
        #expect(try runTool(["format", base.path]).status == 0)
    }

    @Test func hugeValuesAndManyEntriesAreFine() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // A 100 MB string value.
        let huge = String(repeating: "abcdefghij", count: 10_000_000)
        let big = try directory.write("Big.xcstrings", Array(catalogText(unitEntry).replacingOccurrences(of: "\"V\"", with: "\"\(huge)\"").utf8))
        let check = try runTool(["check", big.path])
        #expect(check.status == 0, "\(check.stdout)")
        // 100,000 empty entries.
        var strings = JSONObject()
        strings.members = (0..<100_000).map { JSONMember(key: UTF8Bytes("key \($0)"), value: .object(JSONObject())) }
        var catalog = Catalog.empty()
        catalog.strings = strings
        let many = try directory.write("Many.xcstrings", catalog.canonicalBytes())
        #expect(try runTool(["check", many.path]).status == 0)
        let copy = try directory.write("Ours.xcstrings", catalog.canonicalBytes())
        let merge = try runTool(["merge", many.path, copy.path, many.path])
        #expect(merge.status == 0)
        #expect(try bytes(copy) == catalog.canonicalBytes())
    }

    @Test func aKilledMergeLeavesTheOldFileOrTheNewOne() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var generator = CatalogGenerator(seed: 99)
        let base = generator.catalog(keys: 6000)
        var theirs = base
        var strings = theirs.strings
        strings[key: "added.by.theirs"] = generator.entry()
        theirs.strings = strings
        let baseFile = try directory.write("base.xcstrings", base.canonicalBytes())
        let theirsFile = try directory.write("theirs.xcstrings", theirs.canonicalBytes())
        let old = base.canonicalBytes()
        let new = theirs.canonicalBytes()
        for delay in [0, 2, 5, 10, 20, 40] as [UInt32] {
            let output = try directory.write("out.xcstrings", old)
            let process = Process()
            process.executableURL = Paths.tool
            process.arguments = ["merge", baseFile.path, output.path, theirsFile.path, "--report", directory.file("r.json").path]
            process.standardError = FileHandle.nullDevice
            try process.run()
            usleep(delay * 1000)
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let result = try bytes(output)
            #expect(result == old || result == new, "delay \(delay) ms: a partial file of \(result.count) bytes")
        }
    }

    /// An input that ends early while it is read (a pipe whose writer stops halfway, as a file
    /// truncated under the merge would): the tool reads what there is, says where it ends, and
    /// falls back to the line merge. Inputs are read, never mapped, so shrinking cannot crash it.
    @Test func anInputCutShortWhileItIsReadGivesAMessage() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var generator = CatalogGenerator(seed: 7)
        let whole = generator.catalog(keys: 2000).canonicalBytes()
        let ours = try directory.write("ours.xcstrings", whole)
        let theirs = try directory.write("theirs.xcstrings", whole)
        let pipe = directory.file("base.pipe").path
        #expect(mkfifo(pipe, 0o600) == 0)
        // Written with `write(2)`, not `FileHandle.write`: a signal meant for another test's
        // child interrupts a write blocked on the full pipe (EINTR), and Foundation traps on it.
        let writer = Thread {
            let descriptor = open(pipe, O_WRONLY)
            guard descriptor >= 0 else { return }
            defer { close(descriptor) }
            writeAll(Array(whole.prefix(whole.count / 2)), to: descriptor)
        }
        writer.start()
        let merge = try runTool(["merge", pipe, ours.path, theirs.path, "-o", directory.file("out.xcstrings").path])
        #expect([0, 1].contains(merge.status), "\(merge.status) \(merge.stderr)")
        #expect(merge.stderr.contains("(base):") && merge.stderr.contains("unexpected end of file"), "\(merge.stderr)")
        #expect(merge.stderr.contains("falling back to git's line merge"), "\(merge.stderr)")
    }

    /// Ours and theirs, when big, are mapped rather than read; a file truncated while it is
    /// mapped and read must end the merge with a message (or, truncated before or after, a
    /// parse error or a result), never with a signal. Truncations at several moments.
    @Test func aMappedInputTruncatedDuringTheMergeNeverCrashesIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var generator = CatalogGenerator(seed: 5)
        let base = try directory.write("base.xcstrings", generator.catalog(keys: 1000).canonicalBytes())
        // Theirs differs from the base in every entry, so that all of it is read (skimmed), and
        // is much bigger, so that its reading is a good part of the run.
        var other = CatalogGenerator(seed: 6)
        let truncatedWhileRead = try Self.truncatingDuringMerges(
            other.catalog(keys: 8000).canonicalBytes(), in: directory, message: "was truncated while it was being read"
        ) { theirs in [base.path, base.path, theirs] }
        // Many of these runs meet the truncation while theirs is mapped and read: the guard
        // itself is exercised.
        print("truncated while read: \(truncatedWhileRead) of 11 runs")
        #expect(truncatedWhileRead > 0)
    }

    /// A big base is mapped for the rest of the process (on Linux): a base truncated at any
    /// moment of the merge ends it with a message or a result, never with a signal.
    @Test func aMappedBaseTruncatedDuringTheMergeNeverCrashesIt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var generator = CatalogGenerator(seed: 8)
        var catalog = generator.catalog(keys: 2000)
        catalog.strings[key: "long comment"] = .object(JSONObject([
            JSONMember("comment", .string(UTF8Bytes([UInt8](repeating: UInt8(ascii: "a"), count: 6 << 20)))),
        ]))
        let baseBytes = catalog.canonicalBytes()
        let whole = try directory.write("base-whole.xcstrings", baseBytes)
        var other = CatalogGenerator(seed: 9)
        let theirs = try directory.write("theirs.xcstrings", other.catalog(keys: 2000).canonicalBytes())
        let truncatedWhileInUse = try Self.truncatingDuringMerges(
            baseBytes, in: directory, message: "was truncated while it was in use"
        ) { base in [base, whole.path, theirs.path] }
        print("base truncated while in use: \(truncatedWhileInUse) of 11 runs")
    }

    /// An import maps its XLIFF and, when big, its catalog for the rest of the process (on
    /// Linux): a catalog truncated at any moment of the import ends it with a message that names
    /// the catalog (never the XLIFF), or with a result or an error; never with a signal.
    @Test func aCatalogTruncatedDuringAnImportIsTheOneNamed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var generator = CatalogGenerator(seed: 11)
        let bytes = generator.catalog(keys: 6000).canonicalBytes()
        #expect(bytes.count > 4 << 20)
        let catalog = try directory.write("c.xcstrings", bytes)
        let exported = try runTool(["export", catalog.path, "--locale", "de", "--output", directory.file("out").path])
        #expect(exported.status == 0, "\(exported.stderr)")
        let xliff = String(decoding: try Data(contentsOf: directory.file("out/de.xliff")), as: UTF8.self)
        let translated = try directory.write("t.xliff", Array(xliff.replacingOccurrences(of: "<target state=\"translated\">", with: "<target state=\"translated\">X ").utf8))
        #expect(try Data(contentsOf: translated).count > 1 << 20)
        let arguments = ["import", translated.path, "--catalog", catalog.path]
        let started = Date()
        #expect(try runTool(arguments).status == 0)
        let duration = Date().timeIntervalSince(started)
        var signalled: [Int32] = []
        var named = 0
        for fraction in stride(from: 0.0, through: 1.0, by: 0.1) {
            _ = try directory.write("c.xcstrings", bytes)
            let process = Process()
            process.executableURL = Paths.tool
            process.arguments = arguments
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            usleep(UInt32(duration * fraction * 1_000_000))
            _ = truncate(catalog.path, off_t(bytes.count / 3))
            let text = String(decoding: readAll(errors.fileHandleForReading), as: UTF8.self)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { signalled.append(process.terminationStatus) }
            #expect(process.terminationStatus <= 2, "at \(fraction) of a run: status \(process.terminationStatus): \(text)")
            #expect(!text.contains("t.xliff was truncated"), "at \(fraction) of a run: \(text)")
            if text.contains("c.xcstrings was truncated while it was in use") { named += 1 }
        }
        #expect(signalled.isEmpty, "signals: \(signalled)")
        print("catalog truncated while in use, named: \(named) of 11 runs")
    }

    /// Runs `merge` 11 times on the inputs `inputs` names, given a fresh copy of `bytes` to
    /// truncate to a third at moments spread over an untruncated run; expects no run to end on
    /// a signal or above status 2, and gives how many said `message`.
    static func truncatingDuringMerges(
        _ bytes: [UInt8], in directory: TemporaryDirectory, message: String, inputs: (String) -> [String]
    ) throws -> Int {
        let output = directory.file("out.xcstrings").path
        let started = Date()
        let whole = try directory.write("truncated-whole.xcstrings", bytes)
        _ = try runTool(["merge"] + inputs(whole.path) + ["-o", output])
        let duration = Date().timeIntervalSince(started)
        var signalled: [Int32] = []
        var said = 0
        for fraction in stride(from: 0.0, through: 1.0, by: 0.1) {
            let delay = UInt32(duration * fraction * 1_000)
            let file = try directory.write("truncated.xcstrings", bytes)
            let process = Process()
            process.executableURL = Paths.tool
            process.arguments = ["merge"] + inputs(file.path) + ["-o", output]
            let errors = Pipe()
            process.standardError = errors
            try process.run()
            usleep(delay * 1000)
            _ = truncate(file.path, off_t(bytes.count / 3))
            let text = String(decoding: readAll(errors.fileHandleForReading), as: UTF8.self)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { signalled.append(process.terminationStatus) }
            #expect(process.terminationStatus <= 2, "at \(fraction) of a run: status \(process.terminationStatus): \(text)")
            if text.contains(message) { said += 1 }
        }
        #expect(signalled.isEmpty, "signals: \(signalled)")
        return said
    }

    /// No command reads an endless device or a file over the 1 GiB limit: each refuses before
    /// reading, with a message and exit 2, even where the address space is limited to 2 GB (where
    /// reading them whole would end the process with SIGABRT, status 134). macOS has no address
    /// limit to set (`ulimit -v` fails there): the refusal before reading is what is tested.
    @Test func devicesAndOversizedInputsAreRefusedBeforeTheyAreRead() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let big = directory.file("big.xcstrings")
        // Sparse: 3 GB on paper, nothing on disk.
        _ = FileManager.default.createFile(atPath: big.path, contents: nil)
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: 3 << 30)
        try handle.close()
        let small = try directory.write("small.xcstrings", catalogText(unitEntry))
        let commands: [[String]] = [
            ["check", "/dev/zero"], ["format", big.path], ["lint", "/dev/zero"], ["lint", big.path], ["check", big.path],
            ["merge", "/dev/zero", small.path, small.path, "-o", directory.file("out").path],
            ["merge", small.path, big.path, small.path, "-o", directory.file("out").path],
            ["rename-key", "K", "L", big.path], ["remove-locale", "de", "/dev/zero"],
        ]
        for arguments in commands {
            let result = try run(
                URL(fileURLWithPath: "/bin/sh"), ["-c", "ulimit -v 2000000 2>/dev/null; exec \"$0\" \"$@\"", Paths.tool.path] + arguments,
                environment: ["SWIFT_BACKTRACE": "enable=no"])
            #expect(result.status == 2, "\(arguments): \(result.status) \(result.stderr)")
            let said = result.stdout + result.stderr
            #expect(said.contains("more than the 1 GiB") || said.contains("not a regular file or a pipe"), "\(arguments): \(said)")
        }
        // A pipe the user names is read.
        let piped = try run(URL(fileURLWithPath: "/bin/sh"), ["-c", "cat \"$1\" | \"$0\" check /dev/stdin", Paths.tool.path, small.path])
        #expect(piped.status <= 1, "\(piped.stdout)\(piped.stderr)")
        #expect(!(piped.stdout + piped.stderr).contains("not a regular file"), "\(piped.stdout)\(piped.stderr)")
    }
}
