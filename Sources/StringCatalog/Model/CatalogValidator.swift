/// A finding about a catalog, located at a byte offset of the file.
public struct Diagnostic: Sendable, Equatable {
    public var severity: Severity
    public var message: String
    public var offset: Int

    public init(_ severity: Severity, _ message: String, offset: Int) {
        self.severity = severity
        self.message = message
        self.offset = offset
    }
}

/// Checks that a parsed catalog has the shape Xcode gives catalogs.
///
/// Wrong types (a number where a string belongs, a string where an object belongs) are errors:
/// Xcode cannot load such a file. Values Xcode might add in a later version (a new state, an
/// unknown field) are warnings.
public struct CatalogValidator {
    public private(set) var diagnostics: [Diagnostic] = []

    public static func validate(_ catalog: Catalog) -> [Diagnostic] {
        var validator = CatalogValidator()
        validator.validateRoot(catalog.root)
        return validator.diagnostics
    }

    /// Entries of a big catalog are checked in parallel, a block of them per task; the findings
    /// keep the file's order.
    static func validateEntries(_ entries: [JSONMember]) -> [Diagnostic] {
        ParallelBlocks.map(entries.count, blockSize: 512) { range in
            var validator = CatalogValidator()
            for entry in entries[range] { validator.validateEntry(entry) }
            return validator.diagnostics
        }
    }

    mutating func error(_ message: String, at member: JSONMember) {
        diagnostics.append(Diagnostic(.error, message, offset: max(member.offset, 0)))
    }

    mutating func warning(_ message: String, at member: JSONMember) {
        diagnostics.append(Diagnostic(.warning, message, offset: max(member.offset, 0)))
    }

    mutating func validateRoot(_ root: JSONObject) {
        for member in CatalogSchema.members(of: .root) where member.isRequired && root.member(member.name) == nil {
            diagnostics.append(Diagnostic(.error, "missing \"\(member.name)\"", offset: 0))
        }
        validateMembers(of: root, node: .root, context: "")
    }

    mutating func validateEntry(_ entry: JSONMember) {
        // Entries read from bytes were checked against the schema while skimming.
        if case .raw(let raw) = entry.value, raw.shapeClean { return }
        validateElement(entry, of: .entries, context: "")
    }

    /// The members of `object`, a `node`: each by what the schema says it holds; one the schema
    /// does not know is a warning (a later Xcode may add it).
    mutating func validateMembers(of object: JSONObject, node: CatalogSchema.Node, context: String) {
        for member in object.members {
            guard let declared = CatalogSchema.member(named: member.key, in: node) else {
                warning(context + Self.unknownMember(member.key, in: node), at: member)
                continue
            }
            validateValue(member, declared.value, context: context)
        }
    }

    /// How a member the schema does not know is named in `node`.
    static func unknownMember(_ name: UTF8Bytes, in node: CatalogSchema.Node) -> String {
        switch node {
        case .root: return "unknown top-level field \"\(name)\""
        case .stringUnit, .stringSet: return "unknown field \"\(name)\" in \"\(node.rawValue)\""
        case .variations: return "unknown variation kind \"\(name)\""
        case .entry, .localization, .substitution: return "unknown field \"\(name)\""
        }
    }

    mutating func validateValue(_ member: JSONMember, _ value: CatalogSchema.Value, context: String) {
        switch value {
        case .string(let vocabulary):
            requireString(member, context: context)
            if let vocabulary, let text = member.value.stringValue, !vocabulary.contains(text) {
                warning("\(context)unknown \(member.key) \"\(text)\"", at: member)
            }
        case .boolean:
            requireBool(member, context: context)
        case .argumentNumber:
            guard case .number(let text) = member.value else {
                error("\(context)\"\(member.key)\" is \(member.value.typeDescription); expected a number", at: member)
                return
            }
            if !Self.isArgumentNumber(text) {
                error("\(context)\"\(member.key)\" is \(text); expected a whole number from 1, written as one (such as 1 or 2)", at: member)
            }
        case .formatSpecifier:
            requireString(member, context: context)
            if case .string(let text) = member.value, !Self.isFormatSpecifier(text) {
                error("\(context)\"\(member.key)\" \"\(text)\" is not a format conversion (such as lld, @, d or .2f)", at: member)
            }
        case .phrases:
            guard case .array(let values) = member.value.materialized else {
                error("\(context)\"\(member.key)\" is \(member.value.typeDescription); expected an array of phrases", at: member)
                return
            }
            if values.contains(where: { $0.stringValue == nil }) {
                error("\(context)\"\(member.key)\" holds something other than strings; expected an array of phrases", at: member)
            }
        case .node(let node):
            guard let object = member.value.object else {
                error("\(context)\"\(member.key)\" is \(member.value.typeDescription); expected an object", at: member)
                return
            }
            for required in CatalogSchema.members(of: node) where required.isRequired && object.member(required.name) == nil {
                error("\(context)\"\(member.key)\" has no \"\(required.name)\"", at: member)
            }
            validateMembers(of: object, node: node, context: context)
        case .map(let map):
            guard let object = member.value.object else {
                error("\(context)\"\(member.key)\" is \(member.value.typeDescription); expected an object", at: member)
                return
            }
            if map == .entries {
                diagnostics += Self.validateEntries(object.members)
                return
            }
            for element in object.members {
                if let names = map.names, !names.contains(element.key) {
                    warning("\(context)unknown \(map == .pluralCases ? "plural category" : "device") \"\(element.key)\"", at: element)
                }
                validateElement(element, of: map, context: Self.context(of: element, in: map, under: member.key, context))
            }
        }
    }

    /// A member of a map: an entry, a localization, a substitution.
    mutating func validateElement(_ element: JSONMember, of map: CatalogSchema.Map, context: String) {
        let context = map == .entries ? "key \"\(element.key)\": " : context
        guard let object = element.value.object else {
            let what: String
            switch map {
            case .entries: what = "the entry"
            case .substitutions: what = "the substitution"
            case .locales, .pluralCases, .deviceCases: what = "\"\(element.key)\""
            }
            error("\(context)\(what) is \(element.value.typeDescription); expected an object", at: element)
            return
        }
        validateMembers(of: object, node: map.element, context: context)
    }

    /// How messages name the place of `element`, a member of `map` (the member `name` of the
    /// object `context` names).
    static func context(of element: JSONMember, in map: CatalogSchema.Map, under name: UTF8Bytes, _ context: String) -> String {
        switch map {
        case .entries: return "key \"\(element.key)\": "
        // `key "K": ` becomes `key "K" [de]: `.
        case .locales: return "\(context.dropLast(2)) [\(element.key)]: "
        case .substitutions: return "\(context)substitution \"\(element.key)\": "
        case .pluralCases, .deviceCases: return "\(context)\(name).\(element.key): "
        }
    }

    mutating func requireString(_ member: JSONMember, context: String) {
        if member.value.stringValue == nil {
            error("\(context)\"\(member.key)\" is \(member.value.typeDescription); expected a string", at: member)
        }
    }

    mutating func requireBool(_ member: JSONMember, context: String) {
        if case .bool = member.value { return }
        error("\(context)\"\(member.key)\" is \(member.value.typeDescription); expected true or false", at: member)
    }
}

extension CatalogValidator {
    /// A positive integer written plainly: digits, no sign, exponent, fraction or leading zero,
    /// at most 9 of them.
    static func isArgumentNumber(_ text: UTF8Bytes) -> Bool {
        let bytes = Array(text.bytes)
        guard let first = bytes.first, first >= UInt8(ascii: "1"), first <= UInt8(ascii: "9"), bytes.count <= 9 else { return false }
        return bytes.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// A printf conversion without its `%`: flags, a width, a precision, a length and one of
    /// the conversions Foundation knows (`lld`, `@`, `d`, `.2f`, `lu`).
    static func isFormatSpecifier(_ text: UTF8Bytes) -> Bool {
        let bytes = Array(text.bytes)
        var i = 0
        while i < bytes.count, "-+ #0'".utf8.contains(bytes[i]) { i += 1 }
        while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
        if i < bytes.count, bytes[i] == UInt8(ascii: ".") {
            i += 1
            while i < bytes.count, bytes[i] >= UInt8(ascii: "0"), bytes[i] <= UInt8(ascii: "9") { i += 1 }
        }
        while i < bytes.count, "hlqztjL".utf8.contains(bytes[i]) { i += 1 }
        return i == bytes.count - 1 && "@dDiuUxXoOfFeEgGaAcCsSp".utf8.contains(bytes[i])
    }
}
