// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "xcstrings-merge",
    // Test support and Foundation calls used here need macOS 13; Xcode 16 (Swift 6) runs there.
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "xcstrings-merge", targets: ["xcstrings-merge"]),
        .executable(name: "xcstrings-merge-bench", targets: ["xcstrings-merge-bench"]),
        .library(name: "StringCatalog", targets: ["StringCatalog"]),
        .library(name: "CatalogMerge", targets: ["CatalogMerge"]),
        .library(name: "CatalogLint", targets: ["CatalogLint"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibgit2",
            pkgConfig: "libgit2",
            providers: [.apt(["libgit2-dev"]), .brew(["libgit2"])]
        ),
        // What differs between macOS and Linux: system calls, the environment, child processes.
        .target(name: "Platform"),
        .target(name: "StringCatalog", dependencies: ["Platform"]),
        .target(name: "CatalogMerge", dependencies: ["StringCatalog"]),
        .target(name: "CatalogLint", dependencies: ["StringCatalog"]),
        .target(name: "GitSupport", dependencies: ["CLibgit2", "Platform"]),
        .executableTarget(
            name: "xcstrings-merge",
            dependencies: ["StringCatalog", "CatalogMerge", "CatalogLint", "GitSupport", "Platform"]
        ),
        .executableTarget(name: "xcstrings-merge-bench", dependencies: ["StringCatalog", "Platform"]),
        .target(name: "TestSupport", dependencies: ["StringCatalog", "Platform"], path: "Tests/TestSupport"),
        .testTarget(name: "StringCatalogTests", dependencies: ["StringCatalog", "TestSupport"]),
        .testTarget(name: "CatalogMergeTests", dependencies: ["CatalogMerge", "CatalogLint", "StringCatalog", "TestSupport"]),
        .testTarget(name: "PortabilityTests", dependencies: ["TestSupport"]),
        .testTarget(name: "CatalogLintTests", dependencies: ["CatalogLint", "StringCatalog", "TestSupport"]),
        .testTarget(
            name: "CLITests",
            dependencies: ["StringCatalog", "GitSupport", "TestSupport", "xcstrings-merge"]),
    ],
    swiftLanguageModes: [.v6]
)
