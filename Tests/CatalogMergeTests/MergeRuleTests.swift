import Foundation
import Testing
import CatalogMerge
import StringCatalog
import XcstringsMergeTestSupport

/// The merge's rules are named once (`MergeRules`): the README's table, the fixture folders and
/// the ids the merge writes in its reports follow that list.
@Suite struct MergeRuleTests {
    static let fixtures = Paths.fixtures.appendingPathComponent("merge")

    /// The rule numbers a fixture's README starts with (`R0/R1:`, `Not U1:`).
    static func ruleNumbers(ofFixture name: String) throws -> [String] {
        let text = try String(contentsOf: fixtures.appendingPathComponent(name).appendingPathComponent("README.md"), encoding: .utf8)
        var rest = Substring(text)
        if rest.hasPrefix("Not ") { rest = rest.dropFirst(4) }
        let head = rest.prefix { $0 != ":" && $0 != " " && $0 != "," && $0 != "(" }
        return head.split(separator: "/").map(String.init)
    }

    /// Each folder is named by the rule its README starts with: `<id>`, `<id>--<case>`, or
    /// `<id>--not-<case>` for a look-alike the rule must leave alone (a README that starts
    /// `Not R10:`); every rule has its own folder.
    @Test func everyFixtureIsNamedByItsRuleAndEveryRuleHasOne() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter { !$0.hasPrefix(".") }
        var covered = Set<String>()
        for folder in folders {
            let numbers = try Self.ruleNumbers(ofFixture: folder)
            #expect(!numbers.isEmpty, "\(folder): its README does not start with the rule it proves")
            for number in numbers {
                #expect(MergeRules.numbered(number) != nil, "\(folder): \(number) is no rule of MergeRules")
                covered.insert(number)
            }
            guard let rule = numbers.first.flatMap(MergeRules.numbered) else { continue }
            let parts = folder.components(separatedBy: "--")
            #expect(parts[0] == rule.id, "\(folder): its README names \(rule.number), so its name starts with \(rule.id)")
            #expect(parts.count <= 2, "\(folder)")
            let readme = try String(contentsOf: Self.fixtures.appendingPathComponent(folder).appendingPathComponent("README.md"), encoding: .utf8)
            #expect(readme.hasPrefix("Not ") == (parts.count == 2 && parts[1].hasPrefix("not-")), "\(folder): a look-alike's name says not-, and only a look-alike's")
        }
        for rule in MergeRules.all {
            #expect(covered.contains(rule.number), "\(rule.number) has no fixture")
            #expect(folders.contains { $0 == rule.id || $0.hasPrefix(rule.id + "--") }, "\(rule.id) has no folder of its name")
        }
        #expect(Set(MergeRules.all.map(\.id)).count == MergeRules.all.count, "two rules share an id")
    }

    @Test func theReadmeTableIsTheList() throws {
        let readme = try String(contentsOf: Paths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        // The first cell of each row of the rules table: `D1 \`derived-change-vs-delete\``.
        var rows: [(number: String, id: String?)] = []
        var inTable = false
        for line in readme.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("| rule | when | result |") { inTable = true; continue }
            guard inTable else { continue }
            guard line.hasPrefix("|") else { break }
            let cell = line.split(separator: "|").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            if cell.hasPrefix("---") { continue }
            let parts = cell.split(separator: " ", maxSplits: 1)
            let number = String(parts[0])
            let id = parts.count > 1 ? parts[1].trimmingCharacters(in: CharacterSet(charactersIn: "`")) : nil
            rows.append((number, id))
        }
        #expect(!rows.isEmpty)
        for (number, id) in rows {
            let rule = try #require(MergeRules.numbered(String(number.split(separator: "/")[0])), "README row \(number) is no rule of MergeRules")
            #expect(rule.id == id, "README row \(number): \(id ?? "no id"), the list says \(rule.id)")
        }
        let listed = Set(rows.flatMap { $0.number.split(separator: "/").map(String.init) })
        for rule in MergeRules.all { #expect(listed.contains(rule.number), "the README's table lacks \(rule.number)") }
    }

    /// docs/engineering/design.md says where each rule lives: every rule has a row, and the file it names
    /// exists, names the rule and holds each function the row names.
    @Test func theDesignDocumentFindsEveryRule() throws {
        let design = try String(contentsOf: Paths.packageRoot.appendingPathComponent("docs/engineering/design.md"), encoding: .utf8)
        let rows = design.split(separator: "\n").filter { $0.hasPrefix("| R") || $0.hasPrefix("| U") || $0.hasPrefix("| D") }
        for rule in MergeRules.all {
            let row = try #require(rows.first { $0.hasPrefix("| \(rule.number) `\(rule.id)` |") }, "docs/engineering/design.md has no row for \(rule.number)")
            let cells = row.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            let file = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let source = try String(contentsOf: Paths.packageRoot.appendingPathComponent("Sources/CatalogMerge/\(file)"), encoding: .utf8)
            #expect(source.range(of: "\\b\(rule.number)\\b", options: .regularExpression) != nil, "\(file) does not name \(rule.number)")
            for function in cells[2].split(separator: "`", omittingEmptySubsequences: false).enumerated().filter({ $0.offset % 2 == 1 }).map(\.element) {
                let found = source.contains("func \(function)") || source.contains("struct \(function)")
                #expect(found, "\(file) has no \(function)")
            }
        }
    }

    /// Every decision the merge writes names a rule of the list that settles differences alone.
    @Test func theReportsRuleIdsAreTheLists() throws {
        let ids = Set(MergeRules.all.filter(\.settlesAlone).map(\.id))
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter { !$0.hasPrefix(".") }
        var seen = Set<String>()
        for folder in folders {
            let directory = Self.fixtures.appendingPathComponent(folder)
            let base = try Catalog.mergeBase(bytes: try bytes(directory.appendingPathComponent("base.xcstrings")))
            let ours = try Catalog(bytes: try bytes(directory.appendingPathComponent("ours.xcstrings")))
            let theirs = try Catalog(bytes: try bytes(directory.appendingPathComponent("theirs.xcstrings")))
            for decision in ThreeWayMerge.merge(base: base, ours: ours, theirs: theirs).report.autoResolved {
                #expect(ids.contains(decision.rule), "\(folder): rule \(decision.rule) is not in MergeRules")
                seen.insert(decision.rule)
            }
        }
        #expect(seen == ids, "ids no fixture shows: \(ids.subtracting(seen).sorted())")
    }
}
