// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "xcstrings-merge",
    products: [
        .executable(name: "xcstrings-merge", targets: ["xcstrings-merge"]),
        .executable(name: "xcstrings-merge-bench", targets: ["xcstrings-merge-bench"]),
        .library(name: "StringCatalog", targets: ["StringCatalog"]),
        .library(name: "CatalogMerge", targets: ["CatalogMerge"]),
    ],
    targets: [
        .systemLibrary(
            name: "CLibgit2",
            pkgConfig: "libgit2",
            providers: [.apt(["libgit2-dev"])]
        ),
        .target(name: "StringCatalog"),
        .target(name: "CatalogMerge", dependencies: ["StringCatalog"]),
        .target(name: "GitSupport", dependencies: ["CLibgit2"]),
        .executableTarget(
            name: "xcstrings-merge",
            dependencies: ["StringCatalog", "CatalogMerge", "GitSupport"]
        ),
        .executableTarget(name: "xcstrings-merge-bench", dependencies: ["StringCatalog"]),
        .target(name: "TestSupport", dependencies: ["StringCatalog"], path: "Tests/TestSupport"),
        .testTarget(name: "StringCatalogTests", dependencies: ["StringCatalog", "TestSupport"]),
        .testTarget(name: "CatalogMergeTests", dependencies: ["CatalogMerge", "StringCatalog", "TestSupport"]),
        .testTarget(
            name: "CLITests",
            dependencies: ["StringCatalog", "GitSupport", "TestSupport", "xcstrings-merge"]),
    ],
    swiftLanguageModes: [.v6]
)
