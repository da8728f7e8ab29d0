import Foundation

/// Foundation's JSON writer with the options whose output Xcode's files match byte for byte.
public enum Reference {
    public static func canonicalBytes(_ input: [UInt8]) throws -> [UInt8] {
        let object = try JSONSerialization.jsonObject(with: Data(input), options: [.fragmentsAllowed])
        return canonicalBytes(object: object)
    }

    public static func canonicalBytes(object: Any) -> [UInt8] {
        let data = try! JSONSerialization.data(
            withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
        return [UInt8](data)
    }
}

/// A small deterministic generator (SplitMix64), so randomized tests repeat exactly.
public struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64
    public init(seed: UInt64) { state = seed }
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// Foundation's comparison that Xcode sorts keys with: the reference the tool's own key order
/// (`KeyOrder`, and on Linux `CoreFoundationCollation`, which replaces Foundation there) is held to.
public enum FoundationKeyOrder {
    private static let rootLocale = Locale(identifier: "")

    public static func compare(_ a: String, _ b: String) -> Int {
        let result = (a as NSString).compare(
            b, options: [.numeric, .caseInsensitive, .forcedOrdering],
            range: NSRange(location: 0, length: (a as NSString).length), locale: rootLocale)
        switch result {
        case .orderedAscending: return -1
        case .orderedSame: return 0
        case .orderedDescending: return 1
        }
    }
}
