import Foundation
import XcstringsMergePlatform

/// Where the package, its fixtures, the shared corpus and the built tool are.
public enum Paths {
    /// The package root, found from this file's location.
    public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    public static let fixtures = packageRoot.appendingPathComponent("Fixtures")

    /// `../shared` beside the package, which holds the corpus; nil when it is absent.
    public static let shared: URL? = {
        let url = packageRoot.deletingLastPathComponent().appendingPathComponent("shared")
        return FileManager.default.fileExists(atPath: url.appendingPathComponent("corpus").path) ? url : nil
    }()

    public static let sharedAbsentMessage = "../shared/corpus is absent; corpus tests skipped"

    /// Whether `../shared/corpus` is here: a test that reads it says
    /// `@Test(.enabled(if: Paths.corpusPresent, "../shared/corpus is absent"))`, so that a clone
    /// without it reports the test as skipped, not as passed.
    public static var corpusPresent: Bool { shared != nil }

    public static func corpus(_ folder: String) -> URL? {
        shared?.appendingPathComponent("corpus").appendingPathComponent(folder)
    }

    /// Files in a corpus folder with the given extension, sorted; empty when the corpus is absent.
    public static func corpusFiles(_ folder: String, extension ext: String = "xcstrings") -> [URL] {
        guard let directory = corpus(folder),
            let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path)
        else { return [] }
        return names.filter { $0.hasSuffix("." + ext) }.sorted().map { directory.appendingPathComponent($0) }
    }

    /// The built `xcstrings-merge`: `$XCSTRINGS_MERGE_TOOL` if set, else the one in the
    /// products folder these tests were built into, found from the loaded test binary itself
    /// (on Linux `<products>/xcstrings-mergePackageTests.xctest`, on macOS inside that bundle's
    /// `Contents/MacOS`). Not `Bundle.main`: on macOS that is Xcode's runner
    /// (`swiftpm-testing-helper`, `xctest`), far from the products; and so `swift test -c release`
    /// or `--scratch-path` test the tool they built.
    public static var tool: URL {
        if let override = ProcessInfo.processInfo.environment["XCSTRINGS_MERGE_TOOL"], !override.isEmpty {
            return URL(fileURLWithPath: override)
        }
        if let image = SharedLibraries.imagePath(containing: #dsohandle) {
            var directory = URL(fileURLWithPath: image).deletingLastPathComponent()
            for _ in 0..<4 {
                let candidate = directory.appendingPathComponent("xcstrings-merge")
                if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
                directory = directory.deletingLastPathComponent()
            }
        }
        return packageRoot.appendingPathComponent(".build/debug/xcstrings-merge")
    }

    /// The `git` found on PATH (on a Mac, Homebrew's or Xcode's), else `/usr/bin/git`.
    public static let git: URL = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("git")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return URL(fileURLWithPath: "/usr/bin/git")
    }()
}

public func bytes(_ url: URL) throws -> [UInt8] {
    [UInt8](try Data(contentsOf: url))
}

public func bytes(_ string: String) -> [UInt8] {
    Array(string.utf8)
}

