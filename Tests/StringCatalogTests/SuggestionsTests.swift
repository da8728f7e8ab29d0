import Testing
import StringCatalog

/// "Did you mean …?": what counts as near, and in which order.
struct SuggestionsTests {
    @Test(arguments: [
        ("", "abc", 3), ("kitten", "sitting", 3), ("resolve", "resolve", 0), ("reslove", "resolve", 2), ("日本", "日本語", 1),
    ])
    func editDistance(_ a: String, _ b: String, _ expected: Int) {
        #expect(Suggestions.distance(a, b) == expected)
        #expect(Suggestions.distance(b, a) == expected)
    }

    @Test(arguments: [
        ("reslove", ["review", "resolve", "remove-locale"], ["resolve"]),
        ("--outptu", ["--output", "--ours", "--theirs"], ["--output"]),
        // A beginning of three letters or more counts whatever the distance.
        ("--exit", ["--exit-code", "--staged"], ["--exit-code"]),
        // Too far, and too short to be a beginning.
        ("zz", ["resolve", "review"], []),
        // Case aside, nearest first: the same, a longer one it begins, two edits.
        ("CANCEL", ["Cancel", "Cancelled", "Camel"], ["Cancel", "Cancelled", "Camel"]),
    ])
    func nearest(_ text: String, _ candidates: [String], _ expected: [String]) {
        #expect(Suggestions.nearest(to: text, among: candidates) == expected)
    }

    @Test func didYouMeanNamesEachCandidateOnce() {
        #expect(Suggestions.didYouMean("revew", among: ["review", "resolve"]) == "; did you mean 'review'?")
        #expect(Suggestions.didYouMean("Save", among: ["Sav", "Safe"], quote: "\"") == "; did you mean \"Safe\" or \"Sav\"?")
        #expect(Suggestions.didYouMean("xyz123", among: ["review"]).isEmpty)
    }
}
