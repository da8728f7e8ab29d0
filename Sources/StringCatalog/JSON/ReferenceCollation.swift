#if canImport(Darwin)
import Foundation
#endif

extension KeyOrder {
    /// The reference comparison, the order Xcode writes keys in:
    /// `compare(_:options: [.numeric, .caseInsensitive, .forcedOrdering], range:, locale: root)`.
    /// On macOS that is Foundation's own call (Foundation is part of the system there and costs
    /// a process nothing to load); on Linux, CoreFoundation's algorithm transcribed onto ICU
    /// (`CoreFoundationCollation`), so that the tool does not link Foundation. The tests' own
    /// copy of the Foundation call (`FoundationKeyOrder`) is held to this one on every system.
    public static func referenceCompare(_ a: String, _ b: String) -> Int {
        #if canImport(Darwin)
        let result = (a as NSString).compare(
            b, options: [.numeric, .caseInsensitive, .forcedOrdering],
            range: NSRange(location: 0, length: (a as NSString).length), locale: rootLocale)
        switch result {
        case .orderedAscending: return -1
        case .orderedSame: return 0
        case .orderedDescending: return 1
        }
        #else
        return CoreFoundationCollation.compare(Array(a.utf16), Array(b.utf16))
        #endif
    }

    #if canImport(Darwin)
    private static let rootLocale = Locale(identifier: "")
    #endif
}
