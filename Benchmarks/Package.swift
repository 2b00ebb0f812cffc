// swift-tools-version: 6.1
// Benchmarks for Axiom Navigation: a package of its own (as swift-nio keeps its benchmarks), so
// the root manifest names only what the products need and the peer measured side by side
// (routing-kit) is resolved and built only here. Run from the repository root:
//
//     swift run -c release --package-path Benchmarks axiom-benchmarks routers
import Foundation
import PackageDescription

/// The root package's identity: the name of the folder it is checked out in.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

let package = Package(
    name: "AxiomNavigationBenchmarks",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [
        .package(path: ".."),
        // The peer router measured side by side.
        .package(url: "https://github.com/vapor/routing-kit", from: "4.9.3"),
    ],
    targets: [
        // The C baseline: one trie-shaped expression for a whole table, matched from plain C
        // over libpcre2 (the system library the root package uses too).
        .target(name: "CPCRE2Baseline", linkerSettings: [.linkedLibrary("pcre2-8")]),
        // What the benchmarks and the instruction counts share (the C baseline, the generated
        // table, the patterns, the navigation set-up, the counted operations).
        .target(
            name: "BenchmarkSupport",
            dependencies: [
                "CPCRE2Baseline",
                .product(name: "AxiomURLPattern", package: root),
                .product(name: "AxiomRouting", package: root),
                .product(name: "AxiomNavigation", package: root),
            ],
            swiftSettings: [
                .swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
            ]
        ),
        // `axiom-instructions count OPERATION N`, for `Benchmarks/thresholds` (CI): built
        // without the peer router and the command-line module.
        .executableTarget(
            name: "axiom-instructions",
            dependencies: ["BenchmarkSupport"],
            swiftSettings: [
                .swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
            ]
        ),
        .executableTarget(
            name: "axiom-benchmarks",
            dependencies: [
                "BenchmarkSupport",
                "CPCRE2Baseline",
                .product(name: "AxiomURLPattern", package: root),
                .product(name: "AxiomRouting", package: root),
                .product(name: "AxiomNavigation", package: root),
                .product(name: "AxiomRouteCommands", package: root),
                .product(name: "RoutingKit", package: "routing-kit"),
            ],
            swiftSettings: [
                .swiftLanguageMode(.v6), .enableUpcomingFeature("ExistentialAny"), .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
            ]
        )
    ]
)
