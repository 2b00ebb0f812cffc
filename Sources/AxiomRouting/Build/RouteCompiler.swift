@_spi(Lookup) import AxiomURLPattern

/// Turns parsed declarations into ranked, typed routes, reporting every problem: pattern
/// errors (with the column inside the pattern), unknown or mistyped parameters, bad
/// defaults, duplicate names, unknown parents and tabs, parent cycles, ties and shadowed
/// routes.
struct RouteCompiler {
    let syntax: RouteTableSyntax
    /// The loaders the app registers, when known: a route naming another is an error.
    let loaders: Set<String>?
    /// The table's attribution list, which no query parameter may name (made once: a set of
    /// some thirty names).
    let attribution: AttributionParameters
    /// The table-wide query parameters (top-level `query` lines), compiled once.
    var sharedQuery: [Route.QueryParameter] = []
    var diagnostics: [Diagnostic] = []

    init(syntax: RouteTableSyntax, loaders: Set<String>? = nil) {
        self.syntax = syntax
        self.loaders = loaders
        self.attribution = syntax.attributionParameters
    }

    /// The table's routes in rank order, its origins, and everything found wrong.
    mutating func compile() -> (routes: [CompiledRoute], origins: [Origin]) {
        let origins = compileOrigins()
        // Table-wide query parameters, checked once (a default that does not convert, a name
        // declared twice), then read on every route that does not declare its own.
        if !syntax.sharedQuery.isEmpty, let first = syntax.sharedQuery.first {
            sharedQuery = compileQuery(RouteDeclaration(name: first.name, pattern: first.name, order: 0, query: syntax.sharedQuery), pathNames: [])
        }
        checkContainers()
        if syntax.appSchemeSpelling != .host, syntax.appSchemeHostRequired, let location = syntax.appSchemeSpellingLocation {
            diagnostics.append(.spellingRefused("every", spelling: "scheme:" + syntax.appSchemeSpelling.spell("/…"), at: location))
        }
        var declared = DeclaredRoutes(syntax.routes)
        var routes: [CompiledRoute] = []
        if syntax.routes.isEmpty {
            let location = syntax.origins?.location ?? SourceLocation(file: syntax.files.first ?? "", line: 1, column: 1)
            let read =
                syntax.files.count == 1 ? "in '\(syntax.files[0])'" : "in \(syntax.files.count) files (\(syntax.files.joined(separator: ", ")))"
            diagnostics.append(
                .emptyTable(read, at: location))
        }
        for (position, declaration) in syntax.routes.enumerated() {
            if let first = declared[declaration.name.value] {
                diagnostics.append(
                    .duplicateRouteName(declaration.name, first: first.name.location))
                continue
            }
            declared.declare(at: position)
            var declaration = declaration
            if let alias = slashAlias(of: declaration) { declaration.aliases.append((alias, declaration.order)) }
            guard let route = compileRoute(declaration, origins: origins) else { continue }
            let aliases = compileAliases(of: route, declaration, origins: origins)
            reportRootless(route, aliases: aliases, pattern: declaration.pattern)
            routes.append(route)
            routes += aliases
        }
        routes += compileRedirects(routes: routes, declared: declared)
        checkParents(declared)
        if let login = syntax.login, declared[login.value] == nil {
            diagnostics.append(
                .unknownLoginRoute(login, routes: declared.keys))
        }
        routes.sort(by: CompiledRoute.ranksBefore)
        let routeTabs = self.routeTabs(declared)
        let routeContainers = self.routeContainers(declared)
        checkRoutesInContainers(declared, containers: routeContainers)
        let policies = routePolicies(declared, containers: routeContainers)
        routes = routes.enumerated().map { rank, route in
            route.with(
                rank: rank, tab: routeTabs[route.route.name] ?? nil, container: routeContainers[route.route.name] ?? nil,
                policy: policies[route.route.name])
        }
        checkStarts(routes)
        reportOverlaps(routes)
        return (routes, origins)
    }

    mutating func compileOrigins() -> [Origin] {
        var origins: [Origin] = []
        for origin in syntax.origins?.value ?? [] {
            switch Origin.parse(origin.value) {
            case .success(let parsed): origins.append(parsed)
            case .failure(let error):
                diagnostics.append(.invalidOrigin(error.message, at: origin.location))
            }
        }
        return origins
    }

    /// A table pattern's parts, checked: a path, the trailing `/` removed when the table
    /// ignores it (silently for a route with its own rule, `ownSlashRule`: the lookup notes the
    /// `/` for it), adjacent wildcards warned about. Nil (reported) when it is not a valid path pattern.
    mutating func pathParts(_ pattern: Located<String>, ownSlashRule: Bool = false) -> [Part]? {
        var parts: [Part]
        do {
            parts = try PatternParser.parse(pattern.value, options: .pathname, encode: Canonicalizer.pathname)
        } catch {
            let failure = URLPatternError(error, component: .pathname, pattern: pattern.value)
            diagnostics.append(
                .invalidPattern(failure.message, at: patternLocation(pattern, offset: failure.position)))
            return nil
        }
        guard pattern.value.hasPrefix("/") || pattern.value.hasPrefix("{/") else {
            diagnostics.append(.patternNotAPath(pattern))
            return nil
        }
        if syntax.ignoresTrailingSlash, let last = parts.last, last.kind == .fixedText, last.modifier == .none,
            last.value.count > 1 || parts.count > 1, last.value.hasSuffix("/")
        {
            let slash = SourceLocation(
                file: pattern.location.file, line: pattern.location.line, column: pattern.location.column + pattern.location.length - 1)
            if !ownSlashRule { diagnostics.append(.trailingSlash(at: slash)) }
            parts[parts.count - 1].value.removeLast()
            if parts[parts.count - 1].value.isEmpty { parts.removeLast() }
        }
        adjacentWildcardWarnings(parts, pattern: pattern)
        anchorWarnings(parts, pattern: pattern)
        return parts
    }

    /// Whether a route's own expression matches `path`.
    static func matches(_ regex: CompiledRegex, _ path: String) -> Bool {
        let scratch = MatchScratch(captures: regex.captureCount, limits: MatchLimits())
        var path = path
        return path.withUTF8 { (try? regex.match($0, scratch: scratch)) ?? false }
    }

    /// W410 for a route whose pattern is empty with its optional parts absent (`/:code?`), so
    /// the root URL (`/`) never reaches it — unless one of its aliases takes `/`.
    mutating func reportRootless(_ route: CompiledRoute, aliases: [CompiledRoute], pattern: Located<String>) {
        guard route.rootless else { return }
        let caseless = !syntax.pathCaseSensitive
        let rootAlias = aliases.contains { alias in
            (try? CompiledRegex(alias.shape.regexSource, caseless: caseless, jit: false)).map { Self.matches($0, "/") } ?? false
        }
        if !rootAlias { diagnostics.append(.rootNeverMatches(pattern)) }
    }

    /// The entry for a pattern whose groups are typed (`parameters`, one per group in pattern
    /// order): its shape, with PCRE2's verdict on its expression reported at the pattern.
    mutating func entry(
        _ route: Route, parts: [Part], pattern: Located<String>, order: Int, host: HostSyntax? = nil, fragment: FragmentSyntax? = nil
    ) -> CompiledRoute? {
        let shape: RouteShape
        let rootless: Bool
        do {
            shape = try RouteShape(untypedParts: parts, parameters: route.parameters)
            // Only a pattern of optional parts alone can be empty: the others are not tried.
            let optionalOnly = parts.allSatisfy { $0.modifier == .optional || $0.modifier == .zeroOrMore }
            // Compiled here so PCRE2's errors point at this route (built again when used), unless
            // PCRE2 cannot refuse it: the same rule that lets a URLPattern's regexp wait
            // (generated pieces and plain regexp groups, translated, and short).
            if optionalOnly || !DeferredRegex.isDeferrable(shape.regexSource, parts: parts) {
                let regex = try CompiledRegex(shape.regexSource, caseless: !syntax.pathCaseSensitive, jit: false)
                rootless = optionalOnly && Self.matches(regex, "") && !Self.matches(regex, "/")
            } else {
                rootless = false
            }
        } catch {
            let message = (error as? RegexCompileError)?.message ?? (error as? JavaScriptRegexTranslator.Failure)?.message ?? "\(error)"
            diagnostics.append(.invalidPattern(message, at: pattern.location))
            return nil
        }
        let firstLiteral = shape.tokens.first?.literal.map { String($0.dropFirst()) }
        return CompiledRoute(
            route: route, shape: shape, firstLiteral: syntax.pathCaseSensitive ? firstLiteral : firstLiteral?.lowercased(),
            declarationIndex: order, host: host, rootless: rootless, fragment: fragment)
    }
}
