import Testing
@testable import CatalogLint

@Suite struct FormatStringTests {
    @Test(arguments: [
        ("%@ posts", [1: ArgumentClass.object]),
        ("%lld of %lld", [1: .integer, 2: .integer]),
        ("%2$@ and %1$lld", [1: .integer, 2: .object]),
        ("100%% sure", [:]),
        ("%.2f MB, %5d items, %-10s, %c, %p, %hhx, %zu, %qd, %jd, %td, %Lf, %a", [1: .floatingPoint, 2: .integer, 3: .cString, 4: .character, 5: .pointer, 6: .integer, 7: .integer, 8: .integer, 9: .integer, 10: .integer, 11: .floatingPoint, 12: .floatingPoint]),
        ("% publicacions", [1: .pointer]),
        ("%*d", [1: .integer, 2: .integer]),
        ("%y is no conversion", [:]),
        ("trailing %", [:]),
    ])
    func argumentsByPositionAndClass(_ text: String, _ expected: [Int: ArgumentClass]) {
        #expect(FormatString.arguments(in: text) == expected)
    }

    @Test func substitutionTokensReadTheirArgument() {
        let substitutions: [String: (argNum: Int?, argumentClass: ArgumentClass?)] = ["count": (2, .integer)]
        #expect(FormatString.arguments(in: "%1$@ has %#@count@", substitutions: substitutions) == [1: .object, 2: .integer])
        #expect(FormatString.arguments(in: "%#@count@", substitutions: [:]) == [1: .object])
        #expect(ArgumentClass(formatSpecifier: "lld") == .integer)
        #expect(ArgumentClass(formatSpecifier: "@") == .object)
        #expect(ArgumentClass(formatSpecifier: ".2f") == .floatingPoint)
        #expect(ArgumentClass(formatSpecifier: "k") == nil)
    }

    @Test func proseAndFormats() {
        #expect(FormatString.passesArguments("%@ posts"))
        #expect(!FormatString.passesArguments("not 100% accurate"))
        #expect(!FormatString.passesArguments("100 % précis"))
        #expect(FormatString.removingSpecifiers("(%lld)") == "()")
        #expect(FormatString.removingSpecifiers("%@ / %@") == " / ")
        #expect(FormatString.removingSpecifiers("100%% %d") == "100% ")
        // A `*` precision reads an argument inside its conversion: removed once (found by
        // LintRobustnessTests, where it crashed).
        #expect(FormatString.removingSpecifiers("a %.*@ b") == "a  b")
        #expect(FormatString.arguments(in: "%.*@") == [1: .integer, 2: .object])
    }

    @Test func pluralCategoriesComeFromCLDR() {
        #expect(PluralCategories.required(for: "ru") == ["one", "few", "many", "other"])
        #expect(PluralCategories.required(for: "ar") == ["zero", "one", "two", "few", "many", "other"])
        #expect(PluralCategories.required(for: "ja") == ["other"])
        #expect(PluralCategories.required(for: "fr") == ["one", "other"])
        #expect(PluralCategories.required(for: "pt-BR") == ["one", "other"])
        #expect(PluralCategories.required(for: "zh-Hans") == ["other"])
        #expect(PluralCategories.required(for: "xx-unknown") == ["other"])
    }
}
