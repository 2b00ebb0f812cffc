import ArgumentParser
import AxiomRouting

/// `--routes FILE|DIR`: the table a command works on; the embedded default when absent.
struct RouteTableOptions: ParsableArguments {
    @Option(name: .customLong("routes"), help: "A route-table file or a folder of .routes files (default: the embedded table).")
    var path: String?

    @Flag(help: "Let includes read files outside the table's folder (refused by default: E314).")
    var includeOutside = false

    /// The sources and how their includes resolve.
    func sources() throws -> (sources: [RouteSource], resolver: IncludeResolver) {
        guard let path else { return Self.embedded() }
        do {
            return (try RouteSource.load(from: path), RouteSource.fileResolver(roots: [path], allowingOutside: includeOutside))
        } catch {
            Console.err("error: \(error)")
            throw ExitStatus.badInput.exitCode
        }
    }

    /// The compiled table; prints the diagnostics and exits 2 when it has errors.
    func router() throws -> Router {
        // The embedded table is compiled once per process (commands run in process by tests
        // and tools reuse it; a `Router` is immutable).
        if path == nil, let router = Self.embeddedRouter { return router }
        return try Self.router(try sources())
    }

    /// The table at `path` (a file or a folder), compiled; as ``router()``.
    static func router(path: String, includeOutside: Bool) throws -> Router {
        do {
            return try router((try RouteSource.load(from: path), RouteSource.fileResolver(roots: [path], allowingOutside: includeOutside)))
        } catch let error as RouteSourceError {
            Console.err("error: \(error)")
            throw ExitStatus.badInput.exitCode
        }
    }

    private static func router(_ loaded: (sources: [RouteSource], resolver: IncludeResolver)) throws -> Router {
        let (sources, resolver) = loaded
        let compilation = Router.compile(sources, resolver: resolver)
        guard let router = compilation.router else {
            Console.err(compilation.formattedDiagnostics, terminator: "")
            throw ExitStatus.badInput.exitCode
        }
        return router
    }

    /// The embedded table, compiled (nil only if it did not compile: then `router()` reports why).
    static let embeddedRouter: Router? = {
        let (sources, resolver) = embedded()
        return Router.compile(sources, resolver: resolver).router
    }()

    /// The table shipped in `Routes/`, embedded at build time.
    static func embedded() -> (sources: [RouteSource], resolver: IncludeResolver) {
        let sources = DefaultRoutes.files.map { RouteSource(name: $0.name, text: $0.text) }
        return (sources, RouteSource.resolver(among: sources))
    }
}
