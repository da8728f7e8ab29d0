import Testing
import StringCatalog
import XcstringsMergeTestSupport

struct MalformedCase: CustomTestStringConvertible, Sendable {
    var name: String
    var input: String
    var message: String
    var line: Int
    var column: Int
    var testDescription: String { name }
}

@Suite struct JSONReaderTests {
    static let malformed: [MalformedCase] = [
        .init(name: "truncated file", input: "{\n  \"a\" : {\n    \"b\" : \"c\"", message: "unexpected end of file; expected ',' or '}' (is the file truncated?)", line: 3, column: 14),
        .init(name: "missing quote", input: "{\n  \"a\" : \"b,\n  \"c\" : \"d\"\n}", message: "line break inside the string that starts at line 2, column 9; is its closing '\"' missing?", line: 2, column: 12),
        .init(name: "unescaped quote", input: "{\n  \"a\" : \"say \"hi\" now\"\n}", message: "expected ',' or '}' after the value of \"a\", found 'h'; is there an unescaped '\"' inside the string?", line: 2, column: 15),
        .init(name: "trailing comma", input: "{\n  \"a\" : \"b\",\n}", message: "trailing comma before '}'", line: 3, column: 1),
        .init(name: "conflict markers", input: "{\n  \"a\" : {\n<<<<<<< HEAD\n    \"b\" : 1\n=======\n    \"b\" : 2\n>>>>>>> other\n  }\n}", message: "git conflict marker; resolve the conflict or run `xcstrings-merge resolve`", line: 3, column: 1),
        .init(name: "invalid UTF-8", input: "{\"a\" : \"x\u{FFFF}\"}", message: "", line: 1, column: 10),
        .init(name: "lone high surrogate", input: "{\"a\" : \"\\ud83d x\"}", message: "lone surrogate escape \\uD83D: a high surrogate must be followed by a low surrogate escape", line: 1, column: 9),
        .init(name: "lone low surrogate", input: "{\"a\" : \"\\uDC00\"}", message: "lone surrogate escape \\uDC00: a low surrogate without a high surrogate before it", line: 1, column: 9),
        .init(name: "duplicate keys", input: "{\n  \"a\" : 1,\n  \"b\" : 2,\n  \"a\" : 3\n}", message: "duplicate key \"a\" (first at line 2); a line-based merge may have doubled it", line: 4, column: 3),
        .init(name: "empty file", input: "", message: "the file is empty; expected a JSON object", line: 1, column: 1),
        .init(name: "only white space", input: " \n\t\n", message: "the file holds only white space; expected a JSON object", line: 3, column: 1),
        .init(name: "raw tab in string", input: "{\"a\" : \"x\ty\"}", message: "raw control character U+0009 in a string; write it as \\t", line: 1, column: 10),
        .init(name: "bad escape", input: "{\"a\" : \"\\x\"}", message: "invalid escape '\\x' in a string", line: 1, column: 9),
        .init(name: "text after the end", input: "{}\n}", message: "unexpected '}' after the end of the top-level value", line: 2, column: 1),
        .init(name: "missing colon", input: "{\"a\" 1}", message: "expected ':' after key \"a\", found '1'", line: 1, column: 6),
        .init(name: "bad literal", input: "{\"a\" : tru}", message: "expected a value, found 't'", line: 1, column: 8),
        .init(name: "leading zero", input: "{\"a\" : 01}", message: "invalid number: leading zero", line: 1, column: 8),
    ]

    @Test(arguments: malformed)
    func rejectsMalformedInputWithLocation(_ testCase: MalformedCase) throws {
        var input = bytes(testCase.input)
        if testCase.name == "invalid UTF-8" {
            // Replace the U+FFFF placeholder (EF BF BF) with a byte that cannot start a character.
            let index = try #require(input.firstIndex(of: 0xEF))
            input.replaceSubrange(index..<index + 3, with: [0xFF])
        }
        let error = try #require(throws: JSONError.self) { try JSONReader.parse(input) }
        if testCase.name == "invalid UTF-8" {
            #expect(error.message == "invalid UTF-8: byte 0xFF cannot start a character")
        } else {
            #expect(error.message == testCase.message)
        }
        #expect(error.line == testCase.line)
        #expect(error.column == testCase.column)
    }

    @Test func nestingDeeperThanTheCapIsAnErrorNotACrash() throws {
        let depth = 10_000
        let input = [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
        let error = try #require(throws: JSONError.self) { try JSONReader.parse(input) }
        #expect(error.message == "nesting deeper than 64 levels")
        #expect(error.column == 65)
        // 64 levels are fine.
        let ok = [UInt8](repeating: UInt8(ascii: "["), count: 64) + [UInt8](repeating: UInt8(ascii: "]"), count: 64)
        _ = try JSONReader.parse(ok)
    }

    @Test func acceptsBOMAndCRLF() throws {
        let input: [UInt8] = [0xEF, 0xBB, 0xBF] + bytes("{\r\n  \"a\" : \"b\"\r\n}\r\n")
        let value = try JSONReader.parse(input)
        #expect(value == .object(["a": .string("b")]))
    }

    @Test func keysThatDifferByCaseOrNormalizationStayDistinct() throws {
        let nfc = "caf\u{E9}"
        let nfd = "cafe\u{301}"
        let value = try JSONReader.parse("{\"\(nfc)\" : 1, \"\(nfd)\" : 2, \"OK\" : 3, \"Ok\" : 4}")
        let object = try #require(value.object)
        #expect(object.count == 4)
        #expect(object.keys.map(\.bytes).map(Array.init) == [nfc, nfd, "OK", "Ok"].map { Array($0.utf8) })
        #expect(object[key: UTF8Bytes(nfc)] == .number("1"))
        #expect(object[key: UTF8Bytes(nfd)] == .number("2"))
    }

    @Test func decodesEscapesToExactBytes() throws {
        let value = try JSONReader.parse(#"{"a" : "\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00\u0000"}"#)
        let string = try #require(value.object?[key: "a"]?.stringValue)
        #expect(Array(string.bytes) == bytes("\"\\/\u{8}\u{c}\n\r\té😀\u{0}"))
    }

    @Test func numbersKeepTheirText() throws {
        let value = try JSONReader.parse("[1, -0, 1e999, 2.50, 1E+2]")
        guard case .array(let elements) = value else { Issue.record("not an array"); return }
        #expect(elements.map { $0 } == [.number("1"), .number("-0"), .number("1e999"), .number("2.50"), .number("1E+2")])
    }

    @Test(.enabled(if: Paths.corpusPresent, "../shared/corpus is absent")) func malformedCorpusFilesGiveTheirOwnMessages() throws {
        let files = Paths.corpusFiles("malformed")
        guard !files.isEmpty else {
            print(Paths.sharedAbsentMessage)
            return
        }
        var messages: [String: String] = [:]
        for file in files {
            let error = try #require(throws: JSONError.self) { try JSONReader.parse(try bytes(file)) }
            messages[file.lastPathComponent] = "\(error.line): \(error.message)"
        }
        for (name, message) in messages {
            if name.contains("conflict-markers") {
                #expect(message.hasSuffix("git conflict marker; resolve the conflict or run `xcstrings-merge resolve`"))
            } else if name.contains("duplicate") {
                #expect(message.contains("duplicate key \"zh-HK\""))
            } else if name.contains("unescaped-quotes") {
                #expect(message.contains("unescaped '\"'"))
            } else if name.contains("broken-quote") {
                #expect(message.contains("closing '\"' missing"))
            }
        }
    }
}
