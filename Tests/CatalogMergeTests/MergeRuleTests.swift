import Foundation
import Testing
import CatalogMerge
import StringCatalog
import TestSupport

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

    @Test func everyFixtureNamesRulesOfTheListAndEveryRuleHasAFixture() throws {
        let folders = try FileManager.default.contentsOfDirectory(atPath: Self.fixtures.path).filter { !$0.hasPrefix(".") }
        var covered = Set<String>()
        for folder in folders {
            let numbers = try Self.ruleNumbers(ofFixture: folder)
            #expect(!numbers.isEmpty, "\(folder): its README does not start with the rule it proves")
            for number in numbers {
                #expect(MergeRules.numbered(number) != nil, "\(folder): \(number) is no rule of MergeRules")
                covered.insert(number)
            }
        }
        for rule in MergeRules.all { #expect(covered.contains(rule.number), "\(rule.number) has no fixture") }
    }

    @Test func theReadmeTableIsTheList() throws {
        let readme = try String(contentsOf: Paths.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        // The first cell of each row of the rules table: `R0`, or `D1 \`derived-change-vs-delete\``.
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
            if let id { #expect(rule.id == id, "README row \(number): \(id), the list says \(rule.id ?? "none")") }
        }
        let listed = Set(rows.flatMap { $0.number.split(separator: "/").map(String.init) })
        for rule in MergeRules.all { #expect(listed.contains(rule.number), "the README's table lacks \(rule.number)") }
    }

    /// Every decision the merge writes names a rule of the list by its id.
    @Test func theReportsRuleIdsAreTheLists() throws {
        let ids = Set(MergeRules.all.compactMap(\.id))
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
