// swift-tools-version:6.1
import PackageDescription

// libgit2 is opened at run time on first use (GitSupport/Libgit2.swift), not linked: only its
// headers are needed here. Debian's libgit2-dev puts them on the default include path, and
// pkg-config would add -lgit2, which loads libgit2's whole dependency chain on every run. On a
// Mac, Homebrew's headers are found only through pkg-config; the -lgit2 it adds is dropped
// again by -dead_strip_dylibs (below), since no symbol of it is referenced.
#if os(macOS)
let libgit2Headers = Target.systemLibrary(name: "CLibgit2", pkgConfig: "libgit2", providers: [.brew(["libgit2"])])
#else
let libgit2Headers = Target.systemLibrary(name: "CLibgit2", providers: [.apt(["libgit2-dev"])])
#endif

let package = Package(
    name: "xcstrings-merge",
    // Test support and Foundation calls used here need macOS 13. The tools version is 6.1 (Xcode
    // 16.3): the code uses typed-throws `withUnsafeBufferPointer` and the error `#require(throws:)`
    // returns, both new in Swift 6.1, so an older Xcode says so instead of failing to compile.
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "xcstrings-merge", targets: ["xcstrings-merge"]),
        .executable(name: "xcstrings-merge-bench", targets: ["xcstrings-merge-bench"]),
        .library(name: "StringCatalog", targets: ["StringCatalog"]),
        .library(name: "CatalogMerge", targets: ["CatalogMerge"]),
        .library(name: "CatalogLint", targets: ["CatalogLint"]),
        .library(name: "MergePipeline", targets: ["MergePipeline"]),
        .library(name: "CatalogDiff", targets: ["CatalogDiff"]),
        .library(name: "MergeSession", targets: ["MergeSession"]),
        .library(name: "CatalogUpkeep", targets: ["CatalogUpkeep"]),
        .library(name: "CatalogExchange", targets: ["CatalogExchange"]),
    ],
    targets: [
        libgit2Headers,
        // What differs between macOS and Linux: system calls, the environment, child processes.
        .target(name: "XcstringsMergePlatform"),
        // On Linux the key order calls ICU itself (`_FoundationICU`, shipped with the toolchain and
        // linked statically by install.sh) instead of Foundation: see CoreFoundationCollation.
        .target(
            name: "StringCatalog", dependencies: ["XcstringsMergePlatform"],
            linkerSettings: [
                .linkedLibrary("_FoundationICU", .when(platforms: [.linux])),
                .linkedLibrary("stdc++", .when(platforms: [.linux])),
            ]),
        .target(name: "CatalogMerge", dependencies: ["StringCatalog", "XcstringsMergePlatform"]),
        .target(name: "CatalogLint", dependencies: ["StringCatalog", "XcstringsMergePlatform"]),
        // The merge of three files, from reading to the report: what the driver, resolve, the
        // fixture tests and the fuzzer all run.
        .target(name: "MergePipeline", dependencies: ["StringCatalog", "CatalogMerge", "CatalogLint", "XcstringsMergePlatform"]),
        // What changed between two versions of a catalog, per key, locale and form; the lines
        // git's diff driver shows.
        .target(name: "CatalogDiff", dependencies: ["StringCatalog", "CatalogMerge"]),
        .target(name: "GitSupport", dependencies: ["CLibgit2", "XcstringsMergePlatform"]),
        // Upkeep of a catalog: a language started from a neighbour, stale strings pruned on the
        // sources' evidence, single units read and written.
        .target(name: "CatalogUpkeep", dependencies: ["StringCatalog", "CatalogLint"]),
        // Translation out and back: XLIFF 1.2 as Xcode exchanges it, read with libxml2 (opened
        // at run time, on first use), and the import's rules before the three-way merge.
        .target(name: "CatalogExchange", dependencies: ["StringCatalog", "CatalogLint", "CatalogUpkeep", "XcstringsMergePlatform"]),
        // A merge inside a repository, from three inputs to "merge done": the driver's run with
        // its line-merge fallback, the report store in the git directory, and what `resolve`,
        // `review` and `check` read of it.
        .target(
            name: "MergeSession",
            dependencies: ["StringCatalog", "CatalogMerge", "CatalogLint", "CatalogDiff", "MergePipeline", "GitSupport", "XcstringsMergePlatform"]),
        .executableTarget(
            name: "xcstrings-merge",
            dependencies: [
                "StringCatalog", "CatalogMerge", "CatalogLint", "MergePipeline", "MergeSession", "CatalogDiff", "CatalogUpkeep", "CatalogExchange", "GitSupport",
                "XcstringsMergePlatform",
            ],
            linkerSettings: [
                .unsafeFlags(["-Xlinker", "-dead_strip_dylibs"], .when(platforms: [.macOS])),
                // A position-dependent executable: the loader then has no ~95,000 relocations to
                // apply to the statically linked Swift runtime and Foundation on each start
                // (about 0.6 ms of a 3 ms start). The cost: no address randomisation of the
                // executable itself (libraries, stack and heap keep theirs). macOS requires PIE.
                .unsafeFlags(["-Xclang-linker", "-no-pie"], .when(platforms: [.linux], configuration: .release)),
            ]
        ),
        .executableTarget(name: "xcstrings-merge-bench", dependencies: ["StringCatalog", "XcstringsMergePlatform"]),
        .target(name: "XcstringsMergeTestSupport", dependencies: ["StringCatalog", "XcstringsMergePlatform"], path: "Tests/XcstringsMergeTestSupport"),
        // The test oracle of "a merge lost nothing", which the property tests, the corpus and
        // the fuzzer hold every merge to; not part of any product.
        .target(name: "MergeOracle", dependencies: ["StringCatalog", "CatalogMerge"], path: "Tests/MergeOracle"),
        .testTarget(name: "StringCatalogTests", dependencies: ["StringCatalog", "XcstringsMergeTestSupport"]),
        .testTarget(name: "CatalogMergeTests", dependencies: ["CatalogMerge", "MergeOracle", "CatalogLint", "MergePipeline", "CatalogDiff", "StringCatalog", "XcstringsMergePlatform", "XcstringsMergeTestSupport"]),
        .testTarget(name: "CatalogUpkeepTests", dependencies: ["CatalogUpkeep", "CatalogLint", "StringCatalog", "XcstringsMergeTestSupport"]),
        .testTarget(name: "CatalogExchangeTests", dependencies: ["CatalogExchange", "CatalogUpkeep", "CatalogMerge", "MergePipeline", "StringCatalog", "XcstringsMergeTestSupport"]),
        .testTarget(name: "CatalogDiffTests", dependencies: ["CatalogDiff", "StringCatalog", "XcstringsMergeTestSupport"]),
        .testTarget(name: "MergeSessionTests", dependencies: ["MergeSession", "CatalogMerge", "StringCatalog", "XcstringsMergeTestSupport"]),
        .testTarget(name: "PortabilityTests", dependencies: ["XcstringsMergePlatform", "XcstringsMergeTestSupport"]),
        .testTarget(name: "CatalogLintTests", dependencies: ["CatalogLint", "StringCatalog", "XcstringsMergeTestSupport"]),
        .testTarget(
            name: "CLITests",
            dependencies: ["StringCatalog", "CatalogMerge", "MergeOracle", "MergePipeline", "MergeSession", "GitSupport", "XcstringsMergePlatform", "XcstringsMergeTestSupport", "xcstrings-merge"],
            // The stand-in for Homebrew's formula DSL that FormulaTests runs with ruby.
            exclude: ["FormulaHarness"]),
    ],
    swiftLanguageModes: [.v6]
)
