import StringCatalog

/// A catalog of plain translated units, in Xcode's bytes: key → locale → value.
public func simpleCatalog(_ strings: [String: [String: String]]) -> [UInt8] {
    var object = JSONObject()
    for (key, locales) in strings {
        var localizations = JSONObject()
        for (locale, value) in locales {
            localizations[key: UTF8Bytes(locale)] = ["stringUnit": ["state": "translated", "value": .string(UTF8Bytes(value))]]
        }
        object[key: UTF8Bytes(key)] = ["localizations": .object(localizations)]
    }
    var catalog = Catalog.empty()
    catalog.strings = object
    return catalog.canonicalBytes()
}
