extension Catalog {
    /// This catalog holding none of the bytes it was read from but those it shares with
    /// `shared` (the base it was read against): keys, texts and changed entries are copied;
    /// entries equal to the base's go on pointing into the base. A merge calls it on ours before
    /// theirs is read, so that the three inputs are never all held at once.
    public func detached(sharing shared: [UInt8]) -> Catalog {
        shared.withUnsafeBufferPointer { base in
            Catalog(root: Detacher(shared: base.baseAddress).object(root))
        }
    }
}

/// Copies a document's values out of the storage they share with their file.
private struct Detacher {
    /// The start of the storage that may stay shared.
    let shared: UnsafePointer<UInt8>?

    func bytes(_ bytes: UTF8Bytes) -> UTF8Bytes { UTF8Bytes([UInt8](bytes.bytes)) }

    func value(_ value: JSONValue) -> JSONValue {
        switch value {
        case .raw(let raw):
            if raw.source.withUnsafeBufferPointer({ $0.baseAddress }) == shared { return value }
            return .raw(RawJSON(
                source: [UInt8](raw.bytes), range: 0..<raw.range.count, canonicalIndent: raw.canonicalIndent,
                shapeClean: raw.shapeClean))
        case .object(let object): return .object(self.object(object))
        case .array(let elements): return .array(elements.map { self.value($0) })
        case .string(let text): return .string(bytes(text))
        case .number(let text): return .number(bytes(text))
        case .bool, .null: return value
        }
    }

    func object(_ object: JSONObject) -> JSONObject {
        JSONObject(object.members.map { JSONMember(key: bytes($0.key), value: value($0.value), offset: $0.offset) })
    }
}
