import Testing
@testable import CatalogLint
// The toolchain's ICU is a library of its own only where Foundation is swift-corelibs' (Linux);
// a Mac's Foundation keeps its ICU to itself.
#if canImport(_FoundationICU) && !canImport(Darwin)
import _FoundationICU
#endif

/// The plural table is the one Apple's Foundation ICU gives (`Scripts/generate-plural-rules.swift`):
/// held to the toolchain's ICU wherever it is a library of its own (Linux).
@Suite struct PluralTableTests {
    @Test func theTableIsTheToolchainICUs() throws {
        #if canImport(_FoundationICU) && !canImport(Darwin)
        var checked = 0
        for (locale, listed) in PluralCategories.requiredByLocale {
            var status = U_ZERO_ERROR
            let rules = try #require(swift_uplrules_open(locale, &status))
            defer { swift_uplrules_close(rules) }
            var found: Set<String> = ["other"]
            var buffer = [UChar](repeating: 0, count: 32)
            for n in 0..<1000 {
                var status = U_ZERO_ERROR
                let length = swift_uplrules_select(rules, Double(n), &buffer, Int32(buffer.count), &status)
                found.insert(String(decoding: buffer[0..<Int(length)], as: UTF16.self))
            }
            #expect(Set(listed) == found, "\(locale): the table says \(listed), ICU \(found.sorted())")
            checked += 1
        }
        #expect(checked > 300)
        var icu: UVersionInfo = (0, 0, 0, 0)
        swift_u_getVersion(&icu)
        #expect("\(icu.0).\(icu.1)" == PluralCategories.icuVersion, "regenerate the table: Scripts/generate-plural-rules.swift")
        #else
        print("this system's Foundation does not expose its ICU: the plural table is checked on Linux")
        #endif
    }

    /// Categories only CLDR 47 and later give are not required: Apple's ICU does not use them.
    @Test(arguments: [("vi", ["other"]), ("tg", ["other"]), ("cv", ["other"]), ("kok", ["other"]), ("he", ["one", "two", "other"]), ("ru", ["one", "few", "many", "other"])])
    func categories(_ locale: String, _ expected: [String]) {
        #expect(PluralCategories.required(for: locale) == expected)
    }
}
