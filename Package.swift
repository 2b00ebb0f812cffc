// swift-tools-version: 6.1
import Foundation
import PackageDescription

/// One settings list for every target; each flag says why it is here.
let swiftSettings: [SwiftSetting] = [
    // `any P` spelled out: existential costs are visible at the use site.
    .enableUpcomingFeature("ExistentialAny"),
    // A file sees only the modules it imports itself.
    .enableUpcomingFeature("MemberImportVisibility"),
    // Imports are internal unless marked `public import`: no accidental API leaks
    // (CPCRE2 never escapes AxiomURLPattern: it is imported internally, and the matcher the
    // router inlines is `package`).
    .enableUpcomingFeature("InternalImportsByDefault"),
    // Nonisolated async functions run on their caller's actor: middleware called by the
    // MainActor flow stay on the main actor instead of hopping to the global executor and
    // back at every step (see Docs/Performance.md, "Navigation").
    .enableUpcomingFeature("NonisolatedNonsendingByDefault"),
]

/// PCRE2 built from its source by `Scripts/pcre2/build` (README, "In an app"), which the
/// `BundledPCRE2` trait links in place of the system library: the XCFramework on a Mac, or this
/// machine's artifact bundle. Declared only once the script has built it — SwiftPM refuses a
/// binary target whose artifact is missing, even when no trait uses it, and its plugins build
/// with every trait on. SwiftPM caches this evaluation keyed by the manifest's text and the
/// environment, not by `Vendor/`, so the script (and its `clean` mode, which removes `Vendor/`)
/// ends by emptying that cache. Its module is `CPCRE2Bundled`, apart from the system's `CPCRE2`,
/// so the two can sit in one build (AxiomURLPattern imports the bundled one when it is there).
let bundledPCRE2: Target? = {
    let vendor = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Vendor")
    var artifacts = ["PCRE2.artifactbundle/info.json"]
    #if os(macOS)
        artifacts.insert("PCRE2.xcframework/Info.plist", at: 0)
    #endif
    guard let built = artifacts.first(where: { FileManager.default.fileExists(atPath: vendor.appendingPathComponent($0).path) }) else {
        return nil
    }
    return .binaryTarget(name: "PCRE2Bundled", path: "Vendor/" + built.prefix { $0 != "/" })
}()

let package = Package(
    name: "AxiomNavigation",
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        // The WHATWG URLPattern standard on its own (with the URL parser and the PCRE2 matcher
        // it needs), for apps that want patterns without the route-table language.
        .library(name: "AxiomURLPattern", targets: ["AxiomURLPattern"]),
        .library(name: "AxiomRouting", targets: ["AxiomRouting"]),
        .library(name: "AxiomNavigation", targets: ["AxiomNavigation"]),
        // For users' test targets: a flow from a route-table string on a test clock, with
        // exhaustive state assertions.
        .library(name: "AxiomNavigationTesting", targets: ["AxiomNavigationTesting", "AxiomNavigationTestingSupport"]),
        // The simulator and its script language (`axiom-route simulate`'s), for tests that run
        // navigation scripts with no command line.
        .library(name: "AxiomNavigationSimulator", targets: ["AxiomNavigationSimulator"]),
        .executable(name: "axiom-route", targets: ["axiom-route"]),
        // The commands of `axiom-route` as a library, for running them in process (the fuzz
        // package in Fuzz/ drives `simulate` this way); the command line is the stable interface.
        .library(name: "AxiomRouteCommands", targets: ["AxiomRouteCommands"]),
        // Signed route-table snapshots (HMAC-SHA256, Ed25519) on swift-crypto, apart from
        // AxiomRouting so that the routing library itself depends on no cryptography.
        .library(name: "AxiomSnapshotSigning", targets: ["AxiomSnapshotSigning"]),
        // Typed routes for an app's target: generated from the target's own .routes files
        // (Docs/TypedRoutes.md).
        .plugin(name: "GenerateRoutes", targets: ["GenerateRoutes"]),
    ],
    traits: [
        .trait(
            name: "SystemPCRE2",
            description: "Link the system's libpcre2-8, found through pkg-config (Debian: libpcre2-dev; Homebrew: pcre2). The default."),
        .trait(
            name: "BundledPCRE2",
            description:
                "Link the static PCRE2 that Scripts/pcre2/build puts in Vendor/ (an XCFramework for Apple platforms, with no JIT where apps may not JIT-compile code), in place of the system's. Enable it instead of SystemPCRE2."
        ),
        .default(enabledTraits: ["SystemPCRE2"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        // The analytics sinks: logging and metrics through the ecosystem's APIs.
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-metrics", from: "2.13.0"),
        // The testing product (and `axiom-route simulate`): a controllable clock for the
        // time-based middleware, readable diffs, and failures reported to XCTest or Swift Testing.
        .package(url: "https://github.com/pointfreeco/swift-clocks", from: "1.1.1"),
        .package(url: "https://github.com/pointfreeco/swift-custom-dump", from: "1.7.3"),
        .package(url: "https://github.com/pointfreeco/xctest-dynamic-overlay", from: "1.13.1"),
        // The signing product only (AxiomSnapshotSigning): HMAC and Ed25519.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // `swift package generate-documentation`: the DocC catalogue of each product (CI builds them).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // libpcre2-8 from the system (Debian: libpcre2-dev; Homebrew: pcre2), with the
        // SystemPCRE2 trait; the BundledPCRE2 trait links `PCRE2Bundled` (Vendor/) instead.
        .systemLibrary(
            name: "CPCRE2",
            pkgConfig: "libpcre2-8",
            providers: [.apt(["libpcre2-dev"]), .brew(["pcre2"])]
        ),
        // libcurl, the HTTP client `axiom-route check --live` fetches association files with
        // (Debian: libcurl4-openssl-dev; macOS: the SDK's). Not on iOS and the other Apple
        // platforms, where `check --live` says it is not available. Found on the compiler's own
        // paths, not through pkg-config: SwiftPM would pass libcurl.pc's `-L/usr/lib/<triple>`
        // before every other library, and `-lpcre2-8` would then find the system's PCRE2 in place
        // of the bundled one (the BundledPCRE2 trait's no-JIT build; CI checks it).
        .systemLibrary(
            name: "CCurl",
            providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
        ),
        // URLPattern, the WHATWG URL parser it is defined on, the ECMAScript-to-PCRE2 regexp
        // translation and the PCRE2 wrapper (the only importer of CPCRE2). Named apart from
        // its main type, so `AxiomURLPattern.URLPattern` is unambiguous.
        .target(
            name: "AxiomURLPattern",
            dependencies: [.target(name: "CPCRE2", condition: .when(traits: ["SystemPCRE2"]))]
                + (bundledPCRE2.map { [.target(name: $0.name, condition: .when(traits: ["BundledPCRE2"]))] } ?? []),
            swiftSettings: swiftSettings
        ),
        // The route-table language, its compiler and the frozen `Router`, built on
        // AxiomURLPattern's parser and matcher.
        .target(
            name: "AxiomRouting",
            dependencies: ["AxiomURLPattern"],
            swiftSettings: swiftSettings
        ),
        // Signers and verifiers for route-table snapshots (Docs/Persistence.md, "Signed snapshots").
        .target(
            name: "AxiomSnapshotSigning",
            dependencies: ["AxiomRouting", .product(name: "Crypto", package: "swift-crypto")],
            swiftSettings: swiftSettings
        ),
        // Navigation state and the pure planner (the flow, middleware and orchestrator
        // build on these).
        .target(
            name: "AxiomNavigation",
            dependencies: [
                "AxiomRouting",
                .product(name: "DequeModule", package: "swift-collections"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Metrics", package: "swift-metrics"),
            ],
            swiftSettings: swiftSettings
        ),
        // A deterministic navigation flow with no UI and no test framework: a route table, a
        // test clock, the built-in middleware, recording contexts. `axiom-route simulate` runs
        // on it; the testing product adds assertions.
        .target(
            name: "AxiomNavigationSimulator",
            dependencies: ["AxiomNavigation", "AxiomRouting", .product(name: "Clocks", package: "swift-clocks")],
            swiftSettings: swiftSettings
        ),
        // The testing product: a deterministic navigator (route table from a string, test
        // clock, the built-in middleware, recording contexts, in-memory analytics) and
        // assertions that fail at the caller's line with a diff.
        .target(
            name: "AxiomNavigationTesting",
            dependencies: [
                "AxiomNavigation", "AxiomRouting", "AxiomNavigationSimulator",
                .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "CustomDump", package: "swift-custom-dump"),
                .product(name: "IssueReporting", package: "xctest-dynamic-overlay"),
            ],
            swiftSettings: swiftSettings
        ),
        // Links IssueReporting's bridge to XCTest and Swift Testing into the testing product
        // (not into `axiom-route`, which uses the navigator without assertions).
        .target(
            name: "AxiomNavigationTestingSupport",
            dependencies: [.product(name: "IssueReportingTestSupport", package: "xctest-dynamic-overlay")],
            swiftSettings: swiftSettings
        ),
        // The commands of `axiom-route`, in a library so tests run them in process. The
        // default table (Routes/) is embedded by the EmbedRoutes plugin.
        .target(
            name: "AxiomRouteCommands",
            dependencies: [
                "AxiomRouting", "AxiomNavigation", "AxiomNavigationSimulator",
                .target(name: "CCurl", condition: .when(platforms: [.linux, .macOS])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Clocks", package: "swift-clocks"),
            ],
            swiftSettings: swiftSettings,
            plugins: ["EmbedRoutes"]
        ),
        // Writes Routes/*.routes as Swift source (the plugin's tool).
        .executableTarget(name: "embed-routes", swiftSettings: swiftSettings),
        .plugin(name: "EmbedRoutes", capability: .buildTool(), dependencies: ["embed-routes"]),
        // The GenerateRoutes plugin's tool: a route table in, its typed routes out.
        .executableTarget(name: "generate-routes", dependencies: ["AxiomRouting"], swiftSettings: swiftSettings),
        .plugin(name: "GenerateRoutes", capability: .buildTool(), dependencies: ["generate-routes"]),
        .executableTarget(
            name: "axiom-route",
            dependencies: ["AxiomRouteCommands"],
            swiftSettings: swiftSettings
        ),
        // Helpers shared by the test targets (a seeded generator, the package's root folder).
        .target(name: "TestSupport", path: "Tests/TestSupport", swiftSettings: swiftSettings),
        .testTarget(
            name: "AxiomURLPatternTests",
            dependencies: ["AxiomURLPattern", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AxiomRoutingTests",
            dependencies: ["AxiomRouting", "AxiomURLPattern", "AxiomSnapshotSigning", "TestSupport"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AxiomNavigationTests",
            dependencies: [
                "AxiomNavigation", "AxiomRouting", "AxiomNavigationTesting", "TestSupport", .product(name: "Clocks", package: "swift-clocks"),
                .product(name: "MetricsTestKit", package: "swift-metrics"),
            ],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AxiomNavigationTestingTests",
            dependencies: ["AxiomNavigationTesting", "AxiomNavigationTestingSupport", "AxiomNavigationSimulator", "AxiomNavigation", "AxiomRouting"],
            swiftSettings: swiftSettings
        ),
        // The default table's typed routes, generated by the GenerateRoutes plugin from
        // Tests/TypedRoutesTests/Routes (a link to Routes/), compiled with warnings as errors.
        .testTarget(
            name: "TypedRoutesTests",
            dependencies: ["AxiomRouting", "AxiomNavigation", "AxiomNavigationTesting", "TestSupport"],
            swiftSettings: swiftSettings + [.unsafeFlags(["-warnings-as-errors"])],
            plugins: ["GenerateRoutes"]
        ),
        // An app's test target that runs navigation scripts: the simulator library alone.
        .testTarget(
            name: "AxiomNavigationSimulatorTests",
            dependencies: ["AxiomNavigationSimulator", "AxiomNavigation", "AxiomRouting"],
            swiftSettings: swiftSettings
        ),
        .testTarget(
            name: "AxiomRouteCommandsTests",
            dependencies: ["AxiomRouteCommands", "AxiomRouting", "TestSupport"],
            swiftSettings: swiftSettings
        ),
    ] + (bundledPCRE2.map { [$0] } ?? []),
    swiftLanguageModes: [.v6]
)
