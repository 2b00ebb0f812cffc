// generate-routes [--type-name NAME] [--access internal|public] [--configuration JSON] [--contexts] --output FILE TABLE...: the
// GenerateRoutes build plugin's tool. Compiles the route-table files given (one table; includes
// resolve among them and in their folders) and writes the typed routes (`axiom-route generate
// swift` prints the same). A table with errors fails the build with the table's own
// diagnostics, file:line:col, as the compiler prints them; its warnings are printed the same way.
import AxiomRouting
import Foundation

func fail(_ message: String, status: Int32 = 2) -> Never {
    FileHandle.standardError.write(Data((message.hasSuffix("\n") ? message : message + "\n").utf8))
    exit(status)
}

var options = SwiftRouteGenerator.Options()
var output: String?
var files: [String] = []
var arguments = CommandLine.arguments.dropFirst()[...]
while let argument = arguments.popFirst() {
    switch argument {
    case "--type-name":
        guard let value = arguments.popFirst() else { fail("generate-routes: --type-name needs a name") }
        options.typeName = value
    case "--access":
        guard let value = arguments.popFirst(), let access = SwiftRouteGenerator.Access(rawValue: value) else {
            fail("generate-routes: --access takes internal or public")
        }
        options.access = access
    case "--configuration":
        // typed-routes.json: {"typeName": "AppRoute", "access": "internal" | "public"}
        guard let path = arguments.popFirst() else { fail("generate-routes: --configuration needs a file") }
        struct Configuration: Decodable {
            var typeName: String?
            var access: String?
        }
        do {
            let configuration = try JSONDecoder().decode(Configuration.self, from: Data(contentsOf: URL(fileURLWithPath: path)))
            if let name = configuration.typeName { options.typeName = name }
            if let value = configuration.access {
                guard let access = SwiftRouteGenerator.Access(rawValue: value) else {
                    fail("\(path): error: \"access\" is \"internal\" or \"public\", not \"\(value)\"")
                }
                options.access = access
            }
        } catch {
            fail("\(path): error: not a typed-routes configuration ({\"typeName\": \"AppRoute\", \"access\": \"internal\"}): \(error)")
        }
    case "--contexts":
        options.contexts = true
    case "--output":
        guard let value = arguments.popFirst() else { fail("generate-routes: --output needs a file") }
        output = value
    default:
        files.append(argument)
    }
}
if let problem = SwiftNames.typeNameProblem(options.typeName) { fail("generate-routes: " + problem) }
guard let output, !files.isEmpty else {
    fail("usage: generate-routes [--type-name NAME] [--access internal|public] [--configuration JSON] [--contexts] --output FILE TABLE...")
}

var sources: [RouteSource] = []
for file in files {
    do {
        sources += try RouteSource.load(from: file)
    } catch {
        fail("\(file): error: \(error)")
    }
}
let folders = Set(files.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path })
let compilation = Router.compile(sources, resolver: RouteSource.fileResolver(roots: folders.sorted()))
switch SwiftRouteGenerator.generate(compilation, options: options) {
case .failure(let error):
    fail(error.description, status: 1)
case .success(let code):
    // The table's warnings, as the compiler prints its own (`file:line:col: warning: …`), so the
    // build shows them: at launch the router is loaded from the snapshot, and nothing is checked.
    if !compilation.diagnostics.isEmpty {
        FileHandle.standardError.write(Data(compilation.formattedDiagnostics.utf8))
    }
    // Written only when it changed, so an unchanged table recompiles nothing.
    if (try? String(contentsOfFile: output, encoding: .utf8)) != code {
        do {
            try code.write(toFile: output, atomically: true, encoding: .utf8)
        } catch {
            fail("generate-routes: cannot write \(output): \(error)")
        }
    }
}
