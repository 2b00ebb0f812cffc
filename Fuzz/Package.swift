// swift-tools-version: 6.1
// Fuzz targets for Axiom Navigation: a package of its own, so the library's users never resolve
// it. Build and run with `Fuzz/run` (it passes the sanitizer and coverage flags).
import Foundation
import PackageDescription

/// The root package's identity: the name of the folder it is checked out in.
let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().lastPathComponent.lowercased()

/// Each fuzz target: an `@main` that hands the process to libFuzzer (`LLVMFuzzerRunDriver`:
/// SwiftPM supplies `main`, so libFuzzer's own is never linked), instrumented with
/// `-sanitize=fuzzer,address`, linked with lld (gold fails on the sanitizer runtime).
func fuzzTarget(_ name: String, _ products: [String]) -> Target {
    .executableTarget(
        name: name,
        dependencies: ["FuzzSupport"] + products.map { .product(name: $0, package: root) },
        swiftSettings: [.unsafeFlags(["-parse-as-library", "-sanitize=fuzzer,address"]), .swiftLanguageMode(.v6)],
        linkerSettings: [.unsafeFlags(["-sanitize=fuzzer,address", "-use-ld=lld"])])
}

let package = Package(
    name: "AxiomFuzz",
    dependencies: [.package(path: "..")],
    targets: [
        .target(name: "CFuzzer"),
        .target(name: "FuzzSupport", dependencies: ["CFuzzer"], swiftSettings: [.swiftLanguageMode(.v6)]),
        fuzzTarget("fuzz-resolve", ["AxiomRouting"]),
        fuzzTarget("fuzz-urlpattern", ["AxiomRouting", "AxiomURLPattern"]),
        fuzzTarget("fuzz-table", ["AxiomRouting"]),
        fuzzTarget("fuzz-simulate", ["AxiomRouteCommands"]),
        fuzzTarget("fuzz-snapshot", ["AxiomRouting"]),
    ]
)
