import Foundation
import PackagePlugin

/// Generates typed routes from the target's own `.routes` files: apply it to a target
/// (`plugins: [.plugin(name: "GenerateRoutes", package: "AxiomNavigation")]`), put the route
/// table's files anywhere in the target's folder, and the target gets `AppRoute` (one enum case
/// a route, typed parameters, the table embedded) — and, when the target depends on
/// AxiomNavigation, `AppRouteContexts`. Optional `typed-routes.json` beside them:
/// `{"typeName": "AppRoute", "access": "internal"}` (access: `internal` or `public`).
/// See Docs/TypedRoutes.md.
@main
struct GenerateRoutes: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tables = target.sourceFiles(withSuffix: "routes").map(\.url).sorted { $0.path < $1.path }
        guard !tables.isEmpty else {
            Diagnostics.warning("GenerateRoutes: target '\(target.name)' has no .routes file; nothing generated")
            return []
        }
        var arguments: [String] = []
        var inputs = tables
        // The tool reads the configuration itself, so editing it reruns the tool.
        if let file = target.sourceFiles.first(where: { $0.url.lastPathComponent == "typed-routes.json" })?.url {
            arguments += ["--configuration", file.path]
            inputs.append(file)
        }
        // A target that can see the navigation layer also gets `AppRouteContexts`.
        if Self.dependsOnNavigation(target) { arguments.append("--contexts") }
        let output = context.pluginWorkDirectoryURL.appending(path: "TypedRoutes.swift")
        return [
            .buildCommand(
                displayName: "Generating typed routes from \(tables.count) route table file\(tables.count == 1 ? "" : "s")",
                executable: try context.tool(named: "generate-routes").url,
                arguments: arguments + ["--output", output.path] + tables.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }

    /// Whether `target` depends on the AxiomNavigation product, itself or through its targets.
    static func dependsOnNavigation(_ target: any Target) -> Bool {
        var seen: Set<String> = []
        var queue: [any Target] = [target]
        while let next = queue.popLast() {
            guard seen.insert(next.id).inserted else { continue }
            for dependency in next.dependencies {
                switch dependency {
                case .product(let product):
                    if product.name == "AxiomNavigation" || product.name == "AxiomNavigationTesting" { return true }
                case .target(let target):
                    // Inside this package (its own tests) the navigation module is a target.
                    if target.name == "AxiomNavigation" { return true }
                    queue.append(target)
                @unknown default:
                    continue
                }
            }
        }
        return false
    }
}
