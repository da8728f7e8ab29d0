import StringCatalog

/// Catalogs made from `CatalogSchema` itself, for the tests that hold every reader to it.
public enum SchemaSamples {
    /// The name given to a member no reader knows.
    public static let unknownName: UTF8Bytes = "futureMember"

    /// A catalog in Xcode's layout holding every member the schema declares, at every node, each
    /// with a valid value; with `unknownAt`, that node also holds a member the schema does not
    /// declare (wherever it occurs, and at least once). Without `phrases`, no localization holds
    /// an App Shortcut's `stringSet` (its phrases are the schema's only array), and only a
    /// locale's localization, not a variation's case, holds `substitutions` (as Xcode writes).
    public static func everyMember(unknownAt: CatalogSchema.Node? = nil, phrases: Bool = true) throws -> Catalog {
        let root = value(of: .root, depth: 0, unknownAt: unknownAt, phrases: phrases)
        guard case .object(let object) = root else { fatalError("the root is an object") }
        // Through bytes, as a reader meets it: entries raw, in Xcode's layout.
        return try Catalog(bytes: Catalog(root: object).canonicalBytes())
    }

    /// Where a member sits: each schema node reached, with the path of member names to it.
    public static func places(in catalog: Catalog) -> [(node: CatalogSchema.Node, object: JSONObject)] {
        var found: [(CatalogSchema.Node, JSONObject)] = []
        func visit(_ value: JSONValue, as node: CatalogSchema.Node) {
            guard let object = value.materialized.object else { return }
            found.append((node, object))
            for member in object.members {
                guard let declared = CatalogSchema.member(named: member.key, in: node) else { continue }
                switch declared.value {
                case .node(let child): visit(member.value, as: child)
                case .map(let map):
                    for element in member.value.materialized.object?.members ?? [] { visit(element.value, as: map.element) }
                default: break
                }
            }
        }
        visit(.object(catalog.root), as: .root)
        return found
    }

    /// Nodes down to `depth` 4 hold every member; deeper localizations hold a string unit only,
    /// so that variations within variations end.
    static func value(of node: CatalogSchema.Node, depth: Int, unknownAt: CatalogSchema.Node?, phrases: Bool) -> JSONValue {
        var members: [JSONMember] = []
        for member in CatalogSchema.members(of: node) {
            if node == .localization && depth > 4 && member.name.description != "stringUnit" { continue }
            if !phrases && member.value == .node(.stringSet) { continue }
            if !phrases && member.value == .map(.substitutions) && depth > 2 { continue }
            members.append(JSONMember(key: UTF8Bytes(member.name), value: value(of: member, depth: depth, unknownAt: unknownAt, phrases: phrases)))
        }
        if node == unknownAt { members.append(JSONMember(key: unknownName, value: .string("set by a later Xcode"))) }
        return .object(JSONObject(keyOrdered: members.sorted { $0.key.string < $1.key.string }))
    }

    static func value(of member: CatalogSchema.Member, depth: Int, unknownAt: CatalogSchema.Node?, phrases: Bool) -> JSONValue {
        switch member.value {
        case .string(let vocabulary?): return .string(UTF8Bytes(vocabulary.names[0]))
        case .string(nil):
            switch member.name.description {
            case "sourceLanguage": return .string("en")
            case "version": return .string("1.1")
            default: return .string("%lld items")
            }
        case .boolean: return .bool(true)
        case .argumentNumber: return .number("1")
        case .formatSpecifier: return .string("lld")
        case .phrases: return .array([.string("Open ${applicationName}"), .string("Start ${applicationName}")])
        case .node(let child): return value(of: child, depth: depth + 1, unknownAt: unknownAt, phrases: phrases)
        case .map(let map):
            let names: [UTF8Bytes]
            switch map {
            case .entries: names = ["%lld items", "Welcome"]
            case .locales: names = ["de", "en"]
            case .substitutions: names = ["count"]
            case .pluralCases, .deviceCases: names = map.names!.names.map { UTF8Bytes($0) }
            }
            let elements = names.map { JSONMember(key: $0, value: value(of: map.element, depth: depth + 1, unknownAt: unknownAt, phrases: phrases)) }
            return .object(JSONObject(keyOrdered: elements.sorted { $0.key.string < $1.key.string }))
        }
    }
}
