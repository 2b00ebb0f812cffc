#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes the Swift of a route table's ``TypedRoute``: one enum with a case a route, its
/// associated values typed as the table declares them, an enum for each `enum(…)` parameter,
/// the conversions both ways, and the table itself embedded. `axiom-route generate swift` and
/// the GenerateRoutes build plugin print it (Docs/TypedRoutes.md).
package struct SwiftRouteGenerator {
    package enum Access: String, Sendable, CaseIterable {
        case `internal`, `public`
    }

    package struct Options: Sendable {
        /// The generated type's name (`AppRoute`).
        package var typeName: String
        package var access: Access
        /// Whether to write `<TypeName>Contexts` too: a protocol with one context factory a
        /// route, for the navigation layer (the code then imports AxiomNavigation).
        package var contexts: Bool

        package init(typeName: String = "AppRoute", access: Access = .internal, contexts: Bool = false) {
            self.typeName = typeName
            self.access = access
            self.contexts = contexts
        }
    }

    /// One route as generated code sees it.
    struct Case {
        var route: Route
        var name: String
        var values: [Value]
        /// The Swift type of the route's `result`, when it declares one.
        var resultType: String? = nil
    }

    /// One associated value: a path or query parameter.
    struct Value {
        var label: String
        var tableName: String
        var type: ParameterType
        /// The Swift type, without `?`.
        var swiftType: String
        var isQuery: Bool
        /// Absent allowed: `T?` with default `nil`.
        var isOptional: Bool
        /// A query default: the label gets `= literal` and an absent value reads as it.
        var defaultLiteral: String?
        /// `nullable` with a default: `T? = literal`, and nil (an empty item, or left out) is no value.
        var isNullable = false
    }

    /// A generated enum for an `enum(…)` parameter type.
    struct EnumType {
        var name: String
        var cases: [(name: String, value: String)]
        var route: Route
        var parameter: String
    }

    let options: Options
    var diagnostics: [Diagnostic] = []

    /// Swift gives up checking a `switch` over an enum of several hundred cases with
    /// associated values for exhaustiveness ("unable to check that this switch is exhaustive
    /// in reasonable time": ~600 cases with Swift 6.3, fewer with bindings), and with a
    /// `default` it may or may not manage and then warn that the default is never executed.
    /// Past this many routes the generated code tests the cases one by one (`if case`)
    /// instead of switching over them.
    static let exhaustiveSwitchLimit = 256

    package init(options: Options) {
        self.options = options
    }

    /// The generated source for the table `compilation` compiled, or the diagnostics that stop
    /// it: the table's own errors, or names that are not Swift names (E501, E502).
    /// `options.typeName` must be a type name (``SwiftNames/isTypeName(_:)``): the callers check it.
    package static func generate(_ compilation: RouteTableCompilation, options: Options) -> Result<String, RouteTableError> {
        guard let router = compilation.router else {
            return .failure(RouteTableError(diagnostics: compilation.diagnostics, sources: compilation.sources))
        }
        var generator = SwiftRouteGenerator(options: options)
        let source = generator.source(router: router, sources: compilation.sources)
        guard !generator.diagnostics.hasErrors else {
            return .failure(RouteTableError(diagnostics: generator.diagnostics, sources: compilation.sources))
        }
        return .success(source)
    }

    /// What generating `compilation`'s Swift with `options` would stop on, as W413 warnings at
    /// the same places (none when the table does not compile: its errors come first).
    package static func refusals(_ compilation: RouteTableCompilation, options: Options = Options()) -> [Diagnostic] {
        guard let router = compilation.router else { return [] }
        var generator = SwiftRouteGenerator(options: options)
        _ = generator.source(router: router, sources: compilation.sources)
        return generator.diagnostics.filter { $0.severity == .error }.map(Diagnostic.typedRoutesRefused)
    }

    // MARK: Building the model

    // MARK: Writing the code

    mutating func source(router: Router, sources: [String: String]) -> String {
        let (cases, enums) = cases(router)
        let access = options.access == .public ? "public " : ""
        let type = options.typeName
        let usesUUID = cases.contains { $0.values.contains { $0.type == .uuid } || $0.route.metadata.result.map(Self.holdsUUID) == true }
        let embedded = SwiftLiteral.relativeNames(sources.keys.sorted())
        // File names as literals: a name is any text (a line break in one would end the comment).
        var out =
            "// Generated by Axiom Navigation from \(embedded.map { SwiftLiteral.string($0.relative) }.joined(separator: ", ")). Do not edit.\n\n"
        if usesUUID {
            let keyword = options.access == .public ? "public import" : "import"
            out += "#if canImport(FoundationEssentials)\n    \(keyword) FoundationEssentials\n#else\n    \(keyword) Foundation\n#endif\n"
        }
        out += options.access == .public ? "public import AxiomRouting\n" : "import AxiomRouting\n"
        if options.contexts { out += options.access == .public ? "public import AxiomNavigation\n" : "import AxiomNavigation\n" }
        out += "\n"
        out += "/// The routes of the table, one case a route with its parameters typed as declared.\n"
        out += "/// `\(type)(match)` reads a resolved URL; `router.url(for:)` prints one; a `Destination`\n"
        out += "/// and the navigation flow take it as it is.\n"
        out += "\(access)enum \(type): TypedRoute {\n"
        for item in cases { out += caseDeclaration(item) }
        for enumeration in enums { out += enumDeclaration(enumeration, access: access) }
        out += routeName(cases, access: access)
        out += parameters(cases, query: false, access: access)
        out += parameters(cases, query: true, access: access)
        out += initializer(cases, access: access)
        out += results(cases, access: access)
        let loaders = Self.loaderNames(router)
        out += "\n    /// The loaders the table's routes name (`load NAME`): the names to register on the flow, and\n"
        out += "    /// the set `Router.compile(_:resolver:limits:loaders:)` checks a table against.\n"
        out += "    \(access)static let loaderNames: [String] = [" + loaders.map(SwiftLiteral.string).joined(separator: ", ") + "]\n"
        out += "\n    /// The table the type was generated from.\n"
        out += "    \(access)static let routeSources: [RouteSource] = [\n"
        for file in embedded {
            out += "        RouteSource(name: \(SwiftLiteral.string(file.relative)), text: \(SwiftLiteral.multiline(sources[file.name] ?? ""))),\n"
        }
        out += "    ]\n"
        // The snapshot of the table as `routeSources` holds it (files named relative to their
        // folder, as `makeRouter()` would compile them): no path of the machine that built it.
        let embeddedSources = embedded.map { RouteSource(name: $0.relative, text: sources[$0.name] ?? "") }
        if let snapshotRouter = try? Router(sources: embeddedSources, resolver: RouteSource.resolver(among: embeddedSources)) {
            out += "\n    /// The table as it compiled here, checked, for `makeRouter()` to load at launch without\n"
            out += "    /// compiling it again (`RouterSnapshot`).\n"
            out += "    \(access)static let routeSnapshot: String? = \"\(RouterSnapshot.encode(snapshotRouter))\"\n"
        }
        out += "}\n"
        if options.contexts {
            out += contextsProtocol(cases, access: access)
            if !loaders.isEmpty { out += loadersProtocol(router, loaders: loaders, access: access) }
        }
        return out
    }

    /// The loader names of the table's routes, sorted.
    static func loaderNames(_ router: Router) -> [String] { Set(router.routes.flatMap(\.metadata.loaders)).sorted() }

    /// `<TypeName>Loaders`: one requirement a loader name (a type that leaves one out does not
    /// compile), each given the entry's route typed, and `register(on:)` that puts them on a flow.
    mutating func loadersProtocol(_ router: Router, loaders: [String], access: String) -> String {
        let type = options.typeName
        let name = type + "Loaders"
        var out = "\n/// The loaders of ``\(type)``'s routes (`load NAME` in the table): one requirement a loader, so a\n"
        out += "/// type that leaves one out does not compile. `register(on:)` puts them on the flow.\n"
        out += "\(access)protocol \(name): Sendable {\n"
        var members: [String: String] = [:]
        for loader in loaders {
            let users = router.routes.filter { $0.metadata.loaders.contains(loader) }
            let member = SwiftNames.member(loader)
            if let other = members[member], let place = users.first?.location {
                diagnostics.append(.swiftNameClash("loader", loader, other: other, swift: member, at: place, first: nil))
            }
            members[member] = loader
            let routes = users.map { "`\($0.name)`" }
            out += "    /// Loads for \(routes.joined(separator: ", ")).\n"
            out +=
                "    func \(SwiftNames.escaped(SwiftNames.member(loader)))(for route: \(type), request: LoadRequest) async throws -> any Sendable\n"
        }
        out += "}\n\nextension \(name) {\n"
        out += "    /// Registers every loader on `flow` under its table name. A request whose destination is\n"
        out += "    /// not one of ``\(type)``'s (a table that does not match the type) fails the navigation.\n"
        out += "    @MainActor \(access)func register(on flow: NavigationFlow) {\n"
        for loader in loaders {
            out += "        flow.loaders[\(SwiftLiteral.string(loader))] = { request in\n"
            out +=
                "            guard let route = request.destination.route(as: \(type).self) else { throw TypedRouteMismatch(destination: request.destination) }\n"
            out += "            return try await self.\(SwiftNames.escaped(SwiftNames.member(loader)))(for: route, request: request)\n"
            out += "        }\n"
        }
        out += "    }\n}\n"
        return out
    }
}

extension RouteTableCompilation {
    /// The compilation with what generating its typed Swift would refuse added as warnings
    /// (W413): what `axiom-route check` reports, so a name that cannot be generated is seen
    /// before a build stops on it.
    package var withTypedRouteWarnings: RouteTableCompilation {
        RouteTableCompilation(router: router, diagnostics: diagnostics + SwiftRouteGenerator.refusals(self), sources: sources)
    }
}
