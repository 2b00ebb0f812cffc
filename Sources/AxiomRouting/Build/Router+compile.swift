/// The outcome of compiling route-table sources: the router when there were no errors, and
/// every diagnostic (errors and warnings) either way.
public struct RouteTableCompilation: Sendable {
    public let router: Router?
    public let diagnostics: [Diagnostic]
    /// The text of every file read, by name, for ``DiagnosticFormatter``.
    public let sources: [String: String]

    /// The diagnostics formatted like a compiler's output.
    public var formattedDiagnostics: String { DiagnosticFormatter(sources: sources).format(diagnostics) }
}

/// Route-table sources that did not compile.
public struct RouteTableError: Error, Sendable, CustomStringConvertible {
    /// The code of the first error among the diagnostics (each diagnostic has its own: see
    /// `Docs/Diagnostics.md`).
    public var code: DiagnosticCode { (diagnostics.first { $0.severity == .error } ?? diagnostics.first)?.code ?? .invalidPattern }
    public let diagnostics: [Diagnostic]
    public let sources: [String: String]

    public var description: String { DiagnosticFormatter(sources: sources).format(diagnostics) }
}

extension Router {
    /// Parsed and checked declarations, before the expressions are built.
    private struct Front {
        var routes: [CompiledRoute]
        var origins: [Origin]
        var syntax: RouteTableSyntax
        var diagnostics: [Diagnostic]
        var sources: [String: String]

        init(_ sources: [RouteSource], resolver: IncludeResolver?, loaders: Set<String>? = nil) {
            var loader = RouteTableLoader()
            for source in sources { loader.load(source, resolver: resolver) }
            var compiler = RouteCompiler(syntax: loader.syntax, loaders: loaders)
            (routes, origins) = compiler.compile()
            syntax = loader.syntax
            diagnostics = loader.diagnostics + compiler.diagnostics
            self.sources = loader.sources
        }

        /// Where a failure to build the expressions is reported: the route whose expression
        /// fails even in a table of its own, else the first route.
        private var failedLocation: SourceLocation?
        /// Whether one route's expression was found to fail on its own.
        private var failedAlone = false

        func failure(_ error: RegexCompileError) -> Diagnostic {
            let location = failedLocation ?? SourceLocation(file: sources.keys.sorted().first ?? "", line: 1, column: 1)
            return .combinedExpressionFails(error.message, at: location, routeAlone: failedAlone)
        }

        /// The router's parts, built from the checked routes, which are then let go before the
        /// routes the router keeps are copied together (``Router/Parts/compacted()``).
        mutating func take(limits: MatchLimits) throws(RegexCompileError) -> Parts {
            let parts: Parts
            do {
                parts = try Router.parts(compiled: routes, origins: origins, syntax: syntax, limits: limits)
            } catch {
                // Each route compiled alone when it was checked; combined, an expression gains a
                // few groups (the chunk's alternation, its marks). The route to change is the
                // first whose expression fails in a table of its own: at most one small build a
                // route, on this failure's path only.
                failedLocation = routes.first?.route.location
                for route in routes {
                    if (try? Router.parts(compiled: [route], origins: origins, syntax: syntax, limits: limits)) == nil {
                        failedLocation = route.route.location
                        failedAlone = true
                        break
                    }
                }
                throw error
            }
            routes = []
            syntax = RouteTableSyntax()
            return parts.compacted()
        }
    }

    /// Compiles route-table sources, following `include`s through `resolver`. Warnings do
    /// not stop compilation; errors do. With `loaders` (the names of the loaders the app
    /// registers), a route that names another loader is an error (`E322`).
    public static func compile(
        _ sources: [RouteSource], resolver: IncludeResolver? = nil, limits: MatchLimits = MatchLimits(), loaders: Set<String>? = nil
    ) -> RouteTableCompilation {
        var front = Front(sources, resolver: resolver, loaders: loaders)
        var router: Router? = nil
        if !front.diagnostics.hasErrors {
            do {
                router = try Router(front.take(limits: limits))
                if let router {
                    front.diagnostics += router.restrictionWarnings()
                    front.diagnostics += router.parentWarnings()
                    front.diagnostics += router.redirectLandingWarnings()
                    front.diagnostics += router.spellingWarnings()
                }
            } catch {
                front.diagnostics.append(front.failure(error))
            }
        }
        return RouteTableCompilation(router: router, diagnostics: front.diagnostics, sources: front.sources)
    }

    /// Compiles one source; throws its diagnostics when it has errors.
    public convenience init(source: RouteSource, resolver: IncludeResolver? = nil, limits: MatchLimits = MatchLimits()) throws(RouteTableError) {
        try self.init(sources: [source], resolver: resolver, limits: limits)
    }

    /// Compiles several sources; throws their diagnostics when they have errors.
    public convenience init(sources: [RouteSource], resolver: IncludeResolver? = nil, limits: MatchLimits = MatchLimits()) throws(RouteTableError) {
        var front = Front(sources, resolver: resolver)
        guard !front.diagnostics.hasErrors else { throw RouteTableError(diagnostics: front.diagnostics, sources: front.sources) }
        do {
            try self.init(front.take(limits: limits))
        } catch {
            throw RouteTableError(diagnostics: [front.failure(error)], sources: front.sources)
        }
    }
}
