import StringCatalog

/// The source text of a string from a storyboard or xib catalog (`Main.xcstrings`).
///
/// Xcode keys such a string by the object's id and property (`Lbh-J2-qVU.title`), and a catalog
/// may have no source-language unit for it: the source text is then only in the comment Xcode
/// writes, in the grammar of the `.strings` files ibtool made before catalogs, one line:
///
///     Class = "<class>"; <property> = "<text>"; ObjectID = "<id>";[ Note = "<note>";]
///
/// each text in double quotes with `\"`, `\\`, `\n`, `\t` and `\r` escaped (a menu title that
/// starts with a tab is `title = "\tLeft to Right"`). The property may have dots of its own
/// (`headerCell.title`, `ibShadowedToolTip`). Seen in CotEditor's and Mac Mouse Fix's
/// `Main.xcstrings` and in the storyboard catalogs of Rectangle and NetNewsWire.
enum InterfaceBuilderText {
    /// Whether `key` has the shape of an Interface Builder key: an object id of three, two and
    /// three letters or digits joined by hyphens, a dot, a property.
    static func isObjectKey(_ key: UTF8Bytes) -> Bool {
        key.bytes.withUnsafeBufferPointer { isObjectKey($0) }
    }

    static func isObjectKey(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.count > 11, bytes[3] == UInt8(ascii: "-"), bytes[6] == UInt8(ascii: "-"), bytes[10] == UInt8(ascii: ".") else { return false }
        for index in [0, 1, 2, 4, 5, 7, 8, 9] {
            let byte = bytes[index]
            let isAlphanumeric = (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A)
            if !isAlphanumeric { return false }
        }
        return true
    }

    /// The text the comment gives the key's property, when the comment is in Xcode's grammar
    /// and names the key's object; nil otherwise.
    static func sourceText(key: String, comment: String) -> String? {
        guard let dot = key.firstIndex(of: ".") else { return nil }
        let objectID = String(key[..<dot]), property = String(key[key.index(after: dot)...])
        guard let pairs = pairs(in: comment), pairs.first?.name == "Class",
            pairs.contains(where: { $0.name == "ObjectID" && $0.value == objectID })
        else { return nil }
        return pairs.first { $0.name == property }?.value
    }

    /// The `name = "value";` pairs of a comment, values unescaped; nil when it is not a list of
    /// them.
    static func pairs(in comment: String) -> [(name: String, value: String)]? {
        var pairs: [(name: String, value: String)] = []
        var scalars = Array(comment.unicodeScalars)[...]
        func skipSpaces() { while let first = scalars.first, first == " " { scalars.removeFirst() } }
        skipSpaces()
        while !scalars.isEmpty {
            var name = ""
            while let first = scalars.first, first != " ", first != "=" { name.unicodeScalars.append(first); scalars.removeFirst() }
            skipSpaces()
            guard !name.isEmpty, scalars.first == "=" else { return nil }
            scalars.removeFirst()
            skipSpaces()
            guard scalars.first == "\"" else { return nil }
            scalars.removeFirst()
            var value = ""
            var closed = false
            while let first = scalars.first {
                scalars.removeFirst()
                if first == "\"" { closed = true; break }
                if first == "\\", let next = scalars.first {
                    scalars.removeFirst()
                    switch next {
                    case "n": value += "\n"
                    case "t": value += "\t"
                    case "r": value += "\r"
                    default: value.unicodeScalars.append(next)
                    }
                } else {
                    value.unicodeScalars.append(first)
                }
            }
            guard closed, scalars.first == ";" else { return nil }
            scalars.removeFirst()
            pairs.append((name, value))
            skipSpaces()
        }
        return pairs.isEmpty ? nil : pairs
    }
}
