import Foundation
import Testing
@testable import CatalogMerge
@testable import StringCatalog
import XcstringsMergeTestSupport

/// Every reader of catalogs takes its names from `CatalogSchema`: a catalog holding every member
/// the schema declares is read whole by each (no finding, no entry sent back to the validator,
/// every object a node of its own kind in the merge), and a member it does not declare is
/// unknown to each alike. Lint's line reader is held to it in `CanonicalEntryTests`.
@Suite struct CatalogSchemaTests {
    @Test func theSampleHoldsEveryNodeAndMember() throws {
        let places = SchemaSamples.places(in: try SchemaSamples.everyMember())
        #expect(Set(places.map(\.node)) == Set(CatalogSchema.Node.allCases))
        for node in CatalogSchema.Node.allCases {
            let names = Set(places.filter { $0.node == node }.flatMap { $0.object.members.map(\.key) })
            #expect(names.isSuperset(of: CatalogSchema.members(of: node).map { UTF8Bytes($0.name) }), "\(node)")
        }
    }

    /// The required members the skim tracks with one flag per object: at most one below the top.
    @Test func requiredMembersAreTheDeclaredOnes() {
        for node in CatalogSchema.Node.allCases {
            let required = CatalogSchema.requiredMembers(of: node).map(\.description)
            #expect(required == CatalogSchema.members(of: node).filter(\.isRequired).map(\.name.description), "\(node)")
            if node != .root {
                #expect(required.count <= 1, "\(node)")
                #expect(SchemaPlace.node(node).requiredMember?.description == required.first, "\(node)")
            }
        }
    }

    @Test func theValidatorKnowsEveryMember() throws {
        let diagnostics = CatalogValidator.validate(try SchemaSamples.everyMember())
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
    }

    @Test func theSchemaSkimKnowsEveryMember() throws {
        let catalog = try Catalog(bytes: SchemaSamples.everyMember().canonicalBytes(), for: .catalogToValidate)
        for entry in catalog.strings.members {
            guard case .raw(let raw) = entry.value else { Issue.record("\(entry.key) was not skimmed"); continue }
            let clean = raw.shapeClean
            #expect(clean, "\(entry.key) is sent back to the validator")
        }
    }

    @Test func theMergeKnowsEveryMember() throws {
        for (node, object) in SchemaSamples.places(in: try SchemaSamples.everyMember()) {
            let kind = NodeKind(node)
            #expect(kind.schemaNode == node)
            for member in object.members {
                let declared = try #require(CatalogSchema.member(named: member.key, in: node))
                let child = kind.child(member.key)
                #expect(child == NodeKind(declared.value), "\(node).\(member.key)")
                if case .map(let map) = declared.value {
                    #expect(child.schemaMap?.element == map.element)
                    for element in member.value.materialized.object?.members ?? [] {
                        #expect(child.child(element.key) == NodeKind(map.element))
                    }
                }
            }
        }
    }

    /// A member the schema does not declare, at each node: a warning of the validator's (once),
    /// the entry sent back to it by the skim, a value the merge compares whole.
    @Test(arguments: CatalogSchema.Node.allCases)
    func aMemberTheSchemaDoesNotDeclareIsUnknownToEveryReader(_ node: CatalogSchema.Node) throws {
        let catalog = try SchemaSamples.everyMember(unknownAt: node)
        let diagnostics = CatalogValidator.validate(catalog)
        #expect(!diagnostics.isEmpty)
        #expect(diagnostics.allSatisfy { $0.severity == .warning && $0.message.contains("\"\(SchemaSamples.unknownName)\"") }, "\(diagnostics.map(\.message))")
        if node != .root {
            let skimmed = try Catalog(bytes: catalog.canonicalBytes(), for: .catalogToValidate)
            #expect(skimmed.strings.members.allSatisfy { member in
                if case .raw(let raw) = member.value { return !raw.shapeClean }
                return true
            })
        }
        #expect(NodeKind(node).child(SchemaSamples.unknownName) == .generic)
        // The merge keeps it where one side added it.
        let plain = try SchemaSamples.everyMember()
        let merged = ThreeWayMerge.merge(base: plain, ours: plain, theirs: catalog)
        #expect(merged.catalog.canonicalBytes() == catalog.canonicalBytes())
        #expect(merged.report.unresolvedConflicts.isEmpty)
    }

    /// A name outside a vocabulary (a state, a plural category, a device) is unknown alike.
    @Test(arguments: [
        (#""state" : "translated""#, #""state" : "finished""#),
        (#""extractionState" : "extracted_with_value""#, #""extractionState" : "guessed""#),
        (#""few" : {"#, #""several" : {"#),
        (#""applevision" : {"#, #""hologram" : {"#),
    ])
    func aNameOutsideAVocabularyIsUnknownToTheValidatorAndTheSkim(_ replacing: (String, String)) throws {
        let text = String(decoding: try SchemaSamples.everyMember().canonicalBytes(), as: UTF8.self)
        #expect(text.contains(replacing.0))
        let changed = Array(text.replacingOccurrences(of: replacing.0, with: replacing.1).utf8)
        let catalog = try Catalog(bytes: changed, for: .catalogToValidate)
        let diagnostics = CatalogValidator.validate(catalog)
        #expect(!diagnostics.isEmpty && diagnostics.allSatisfy { $0.severity == .warning }, "\(diagnostics.map(\.message))")
        #expect(catalog.strings.members.contains { member in
            if case .raw(let raw) = member.value { return !raw.shapeClean }
            return false
        })
    }
}
