import XcstringsMergePlatform
import Testing

/// `ProcessLifetime` keeps nothing in a process that did not allow it (the tests are a library's
/// host, which lives on after the work): what it is given is freed as usual.
@Suite struct ProcessLifetimeTests {
    final class Tracked {}

    @Test func aValueIsFreedWhereKeepingWasNotAllowed() {
        weak var watched: Tracked?
        do {
            let value = Tracked()
            watched = value
            ProcessLifetime.keepUntilExit([value])
        }
        #expect(watched == nil)
    }
}
