import Foundation
import PackagePlugin

/// Embeds the package's `Routes/*.routes` files into the target as Swift source, so the
/// command line carries its default table and works from any directory.
@main
struct EmbedRoutes: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: any Target) throws -> [Command] {
        let folder = context.package.directoryURL.appending(path: "Routes")
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "routes" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        let output = context.pluginWorkDirectoryURL.appending(path: "DefaultRoutes.swift")
        return [
            .buildCommand(
                displayName: "Embedding Routes/ (\(files.count) files)",
                executable: try context.tool(named: "embed-routes").url,
                arguments: [output.path] + files.map(\.path),
                inputFiles: files,
                outputFiles: [output])
        ]
    }
}
