import Foundation
import PackagePlugin

/// Generates typed routes from the target's own `.routes` files: apply it to a target
/// (`plugins: [.plugin(name: "GenerateRoutes", package: "AxiomNavigation")]`), put the route
/// table's files anywhere in the target's folder, and the target gets `AppRoute` (one enum case
/// a route, typed parameters, the table embedded). Optional `typed-routes.json` beside them:
/// `{"typeName": "AppRoute", "access": "internal"}` (access: `internal` or `public`).
/// See Docs/TypedRoutes.md.
@main
struct GenerateRoutes: BuildToolPlugin {
    struct Configuration: Decodable {
        var typeName: String?
        var access: String?
    }

    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let tables = target.sourceFiles(withSuffix: "routes").map(\.url).sorted { $0.path < $1.path }
        guard !tables.isEmpty else {
            Diagnostics.warning("GenerateRoutes: target '\(target.name)' has no .routes file; nothing generated")
            return []
        }
        var arguments: [String] = []
        var inputs = tables
        if let file = target.sourceFiles.first(where: { $0.url.lastPathComponent == "typed-routes.json" })?.url {
            let configuration = try JSONDecoder().decode(Configuration.self, from: Data(contentsOf: file))
            if let name = configuration.typeName { arguments += ["--type-name", name] }
            if let access = configuration.access { arguments += ["--access", access] }
            inputs.append(file)
        }
        let typeName = arguments.firstIndex(of: "--type-name").map { arguments[$0 + 1] } ?? "AppRoute"
        let output = context.pluginWorkDirectoryURL.appending(path: "\(typeName).swift")
        return [
            .buildCommand(
                displayName: "Generating \(typeName) from \(tables.count) route table file\(tables.count == 1 ? "" : "s")",
                executable: try context.tool(named: "generate-routes").url,
                arguments: arguments + ["--output", output.path] + tables.map(\.path),
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }
}
