import ArgumentParser
import AxiomRouting
import Foundation

/// `axiom-route generate swift|aasa|assetlinks|intent-filters`: the typed routes of a table, as
/// Swift source, or its link surface's association files (Docs/LinkSurface.md).
struct Generate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Generate code, or the association files of its links, from a route table.",
        subcommands: [GenerateSwift.self, GenerateAASA.self, GenerateAssetLinks.self, GenerateIntentFilters.self]
    )
}

/// `axiom-route generate swift [--routes FILE|DIR] [--type-name NAME] [--access internal|public] [--output FILE]`
struct GenerateSwift: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "swift",
        abstract: "Print the table's typed routes: one Swift enum with a case a route (what the GenerateRoutes plugin builds).",
        discussion: """
            The code conforms to AxiomRouting's TypedRoute: its cases carry the table's parameters \
            with their Swift types, enums for enum(…) types, conversions from a RouteMatch and to a \
            URL or Destination, and the table itself, embedded. See Docs/TypedRoutes.md. Exit \
            status: 0, or 2 when the table has errors or a name is not a Swift name (E501, E502).
            """
    )

    @OptionGroup var table: RouteTableOptions

    @Option(help: "The generated type's name.")
    var typeName = "AppRoute"

    @Option(help: "The access level of the generated code: internal or public.")
    var access: SwiftRouteGenerator.Access = .internal

    @Flag(help: "Also write <TypeName>Contexts, a protocol with one context factory a route (the code then imports AxiomNavigation).")
    var contexts = false

    @Option(help: "Write the code to this file instead of standard output.")
    var output: String?

    func validate() throws {
        if let problem = SwiftNames.typeNameProblem(typeName) { throw ValidationError(problem) }
    }

    func run() throws {
        let (sources, resolver) = try table.sources()
        let compilation = Router.compile(sources, resolver: resolver)
        switch SwiftRouteGenerator.generate(compilation, options: .init(typeName: typeName, access: access, contexts: contexts)) {
        case .failure(let error):
            Console.err(error.description, terminator: "")
            throw ExitStatus.badInput.exitCode
        case .success(let code): try Generate.emit(code, to: output)
        }
    }
}

extension Generate {
    /// Writes what a `generate` command made to `output`, or prints it (ending in a newline).
    static func emit(_ text: String, to output: String?) throws {
        guard let output else {
            Console.out(text, terminator: text.hasSuffix("\n") ? "" : "\n")
            return
        }
        do {
            try text.write(toFile: output, atomically: true, encoding: .utf8)
        } catch {
            Console.err("error: cannot write '\(output)': \(error.localizedDescription)")
            throw ExitStatus.badInput.exitCode
        }
    }
}

extension SwiftRouteGenerator.Access: ExpressibleByArgument {}
