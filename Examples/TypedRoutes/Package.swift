// swift-tools-version: 6.1
// An app's routing module with typed routes: the GenerateRoutes plugin turns the target's
// Routes/app.routes into `AppRoute` at build time. Built and tested by CI (`.ci/run`), with
// the compile errors typed routes promise checked by the `check` script beside this file.
import Foundation
import PackageDescription

/// Axiom Navigation, by path. A path dependency's identity is its folder's name, which is
/// whatever the repository was cloned as.
let axiomPath = "../.."
let axiom = URL(fileURLWithPath: axiomPath, relativeTo: URL(fileURLWithPath: #filePath).deletingLastPathComponent())
    .standardizedFileURL.lastPathComponent.lowercased()

let package = Package(
    name: "TypedRoutesExample",
    platforms: [.macOS(.v15), .iOS(.v18)],
    dependencies: [.package(path: axiomPath)],
    targets: [
        .target(
            name: "SocialApp",
            dependencies: [.product(name: "AxiomNavigation", package: axiom)],
            // No warnings in the app or in what the plugin generates.
            swiftSettings: [.unsafeFlags(["-warnings-as-errors"])],
            plugins: [.plugin(name: "GenerateRoutes", package: axiom)]
        ),
        .testTarget(
            name: "SocialAppTests",
            dependencies: ["SocialApp", .product(name: "AxiomNavigationTesting", package: axiom)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
