import Foundation
import Testing
import StringCatalog
import XcstringsMergeTestSupport

/// What Xcode 26 writes: `generatesSymbol` on an entry (a string left out of symbol generation).
@Suite struct Xcode26Tests {
    static func catalog(generatesSymbol: String?, value: String = "Speichern") -> String {
        let flag = generatesSymbol.map { "      \"generatesSymbol\" : \($0),\n" } ?? ""
        return """
            {
              "sourceLanguage" : "en",
              "strings" : {
                "save.title" : {
                  "extractionState" : "manual",
            \(flag)      "localizations" : {
                    "de" : {
                      "stringUnit" : {
                        "state" : "translated",
                        "value" : "\(value)"
                      }
                    }
                  }
                }
              },
              "version" : "1.1"
            }
            """
    }

    @Test func checkKnowsGeneratesSymbol() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let known = try directory.write("Known.xcstrings", Self.catalog(generatesSymbol: "false"))
        let result = try runTool(["check", known.path])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(!result.stdout.contains("unknown field"), "\(result.stdout)")
        let wrong = try directory.write("Wrong.xcstrings", Self.catalog(generatesSymbol: "\"no\""))
        let refused = try runTool(["check", wrong.path])
        #expect(refused.status == 1)
        #expect(refused.stdout.contains("\"generatesSymbol\" is a string; expected true or false"), "\(refused.stdout)")
        #expect(try runTool(["lint", known.path]).status == 0)
    }

    /// One side's change is taken; both sides' different changes are a conflict (R8), as for any
    /// other entry field.
    @Test func theMergeTakesOneSidesChangeAndReportsBoth() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let base = try directory.write("base.xcstrings", Self.catalog(generatesSymbol: nil)).path
        let ours = try directory.write("ours.xcstrings", Self.catalog(generatesSymbol: "false")).path
        let theirs = try directory.write("theirs.xcstrings", Self.catalog(generatesSymbol: nil, value: "Sichern")).path
        let output = directory.file("out.xcstrings").path
        let clean = try runTool(["merge", base, ours, theirs, "-o", output])
        #expect(clean.status == 0, "\(clean.stderr)")
        let merged = try String(contentsOfFile: output, encoding: .utf8)
        #expect(merged.contains("\"generatesSymbol\" : false") && merged.contains("Sichern"), "\(merged)")
        let other = try directory.write("other.xcstrings", Self.catalog(generatesSymbol: "true")).path
        let conflicted = try runTool(["merge", base, ours, other, "-o", output])
        #expect(conflicted.status == 1)
        #expect(conflicted.stderr.contains("generatesSymbol: both-added"), "\(conflicted.stderr)")
    }
}
