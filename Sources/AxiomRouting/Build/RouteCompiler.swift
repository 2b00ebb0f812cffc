@_spi(Lookup) import AxiomURLPattern
/// Turns parsed declarations into ranked, typed routes, reporting every problem: pattern
/// errors (with the column inside the pattern), unknown or mistyped parameters, bad
/// defaults, duplicate names, unknown parents and tabs, parent cycles, ties and shadowed
/// routes.
struct RouteCompiler {
    private let syntax: RouteTableSyntax
    private(set) var diagnostics: [Diagnostic] = []

    init(syntax: RouteTableSyntax) {
        self.syntax = syntax
    }

    /// The table's routes in rank order, its origins, and everything found wrong.
    mutating func compile() -> (routes: [CompiledRoute], origins: [Origin]) {
        let origins = compileOrigins()
        let tabs = Set(syntax.tabs?.value.map(\.value) ?? [])
        var declared: [String: RouteDeclaration] = [:]
        var routes: [CompiledRoute] = []
        if syntax.routes.isEmpty {
            let location = syntax.origins?.location ?? SourceLocation(file: syntax.files.first ?? "", line: 1, column: 1)
            let read =
                syntax.files.count == 1 ? "in '\(syntax.files[0])'" : "in \(syntax.files.count) files (\(syntax.files.joined(separator: ", ")))"
            diagnostics.append(
                Diagnostic(.emptyTable, "the route table declares no routes \(read)", at: location, help: "add 'route NAME /path'"))
        }
        for (index, declaration) in syntax.routes.enumerated() {
            if let first = declared[declaration.name.value] {
                diagnostics.append(
                    Diagnostic(
                        .duplicateRouteName, "duplicate route name '\(declaration.name.value)'", at: declaration.name.location,
                        notes: [.init("first declared here", at: first.name.location)], help: "give each route its own name"))
                continue
            }
            declared[declaration.name.value] = declaration
            if let route = compileRoute(declaration, index: index, tabs: tabs) { routes.append(route) }
        }
        checkParents(declared)
        if let login = syntax.login, declared[login.value] == nil {
            diagnostics.append(
                Diagnostic(
                    .unknownLoginRoute, "the login route '\(login.value)' is not declared", at: login.location,
                    help: Suggestions.help(for: login.value, in: declared.keys)))
        }
        routes.sort(by: CompiledRoute.ranksBefore)
        let routeTabs = self.routeTabs(declared)
        routes = routes.enumerated().map { rank, route in route.with(rank: rank, tab: routeTabs[route.route.name] ?? nil) }
        reportOverlaps(routes)
        return (routes, origins)
    }

    private mutating func compileOrigins() -> [Origin] {
        var origins: [Origin] = []
        for origin in syntax.origins?.value ?? [] {
            switch Origin.parse(origin.value) {
            case .success(let parsed): origins.append(parsed)
            case .failure(let error):
                diagnostics.append(Diagnostic(.invalidOrigin, "invalid origin: \(error.message)", at: origin.location))
            }
        }
        return origins
    }

    /// W406: wildcards with nothing between them, whose split is always the same (see
    /// `PatternRegexGenerator.linearized(_:at:options:)`), and repeated full wildcards. One
    /// warning per route, at the first place, counting the others (a pattern of a thousand
    /// `*` gets one warning, not a thousand).
    private mutating func adjacentWildcardWarnings(_ parts: [Part], pattern: Located<String>) {
        func spelled(_ part: Part) -> String { part.hasCustomName ? ":" + part.name : "*" }
        var first: (message: String, help: String, position: Int)? = nil
        var places = 0
        for (index, part) in parts.enumerated() {
            if part.kind == .fullWildcard, part.modifier == .zeroOrMore || part.modifier == .oneOrMore {
                places += 1
                if first == nil {
                    first = (
                        "'\(spelled(part))\(part.modifier.text)' repeats a wildcard that already matches any text", "write '\(spelled(part))'",
                        part.position
                    )
                }
                continue
            }
            guard index > 0, part.prefix.isEmpty, part.kind == .segmentWildcard || part.kind == .fullWildcard else { continue }
            let previous = parts[index - 1]
            guard previous.suffix.isEmpty, previous.modifier == .none, previous.kind == .segmentWildcard || previous.kind == .fullWildcard
            else { continue }
            places += 1
            guard first == nil else { continue }
            let outcome =
                previous.kind == .segmentWildcard
                ? "'\(spelled(previous))' always captures a single character"
                : part.kind == .fullWildcard ? "'\(spelled(part))' always captures nothing" : "'\(spelled(part))' always captures a single character"
            first = (
                "'\(spelled(previous))' and '\(spelled(part))' have nothing between them: \(outcome)",
                "put text between them ('\(spelled(previous))-\(spelled(part))'), or keep one of them", part.position
            )
        }
        guard let first else { return }
        let more = places > 1 ? " (and \(places - 1) more place\(places > 2 ? "s" : "") in this pattern)" : ""
        diagnostics.append(
            Diagnostic(.adjacentWildcards, first.message + more, at: patternLocation(pattern, offset: first.position), help: first.help))
    }

    private mutating func compileRoute(_ declaration: RouteDeclaration, index: Int, tabs: Set<String>) -> CompiledRoute? {
        let pattern = declaration.pattern
        var parts: [Part]
        do {
            parts = try PatternParser.parse(pattern.value, options: .pathname, encode: Canonicalizer.pathname)
        } catch {
            let failure = URLPatternError(error, component: .pathname, pattern: pattern.value)
            diagnostics.append(
                Diagnostic(.invalidPattern, "invalid pattern: \(failure.message)", at: patternLocation(pattern, offset: failure.position)))
            return nil
        }
        guard pattern.value.hasPrefix("/") || pattern.value.hasPrefix("{/") else {
            let looksLikeURL = pattern.value.contains("://")
            diagnostics.append(
                Diagnostic(
                    .invalidPattern, "a route pattern is a path and starts with '/'", at: pattern.location,
                    help: looksLikeURL ? "write only the path; declare schemes and hosts with 'origins'" : "write '/\(pattern.value)'"))
            return nil
        }
        if syntax.ignoresTrailingSlash, let last = parts.last, last.kind == .fixedText, last.modifier == .none,
            last.value.count > 1 || parts.count > 1, last.value.hasSuffix("/")
        {
            let slash = SourceLocation(
                file: pattern.location.file, line: pattern.location.line, column: pattern.location.column + pattern.location.length - 1)
            diagnostics.append(
                Diagnostic(
                    .trailingSlash, "the trailing '/' is ignored: URLs match with or without it", at: slash,
                    help: "remove the trailing '/', or declare 'option trailing-slash strict'"))
            parts[parts.count - 1].value.removeLast()
            if parts[parts.count - 1].value.isEmpty { parts.removeLast() }
        }
        adjacentWildcardWarnings(parts, pattern: pattern)
        let canonical = PatternRegexGenerator.patternString(parts, options: .pathname)

        // Path parameters: declared types, checked against the groups of the pattern.
        let groupParts = parts.filter { $0.kind != .fixedText }
        var types: [String: ParameterType] = [:]
        var typeLocations: [String: SourceLocation] = [:]
        for parameter in declaration.parameters {
            let name = parameter.name.value
            guard let part = groupParts.first(where: { $0.name == name }) else {
                let names = groupParts.map(\.name)
                diagnostics.append(
                    Diagnostic(
                        .unknownParameter, "the pattern '\(pattern.value)' has no group named '\(name)'", at: parameter.name.location,
                        help: Suggestions.help(for: name, in: names)
                            ?? (names.isEmpty
                                ? "add ':\(name)' to the pattern" : "its groups are \(names.map { "'\($0)'" }.joined(separator: ", "))")))
                continue
            }
            if let first = typeLocations[name] {
                diagnostics.append(
                    Diagnostic(
                        .duplicateParameter, "parameter '\(name)' is typed twice", at: parameter.name.location,
                        notes: [.init("first typed here", at: first)]))
                continue
            }
            let type = parameter.type.value
            let spans = part.spansSegments
            if spans, type != .path, type != .string {
                diagnostics.append(
                    Diagnostic(
                        .segmentTypeMismatch, "parameter '\(name)' can span several segments, so it cannot be '\(type)'",
                        at: parameter.type.location, help: "declare it 'path' (or 'string'), or make the group one segment (':\(name)')"))
                continue
            }
            if type == .path, !spans, part.kind != .regexp {
                diagnostics.append(
                    Diagnostic(
                        .segmentTypeMismatch, "parameter '\(name)' is one segment; 'path' is for the rest of a path",
                        at: parameter.type.location, help: "write the group as '*' or ':\(name)+' in the pattern, or declare it 'string'"))
                continue
            }
            types[name] = type
            typeLocations[name] = parameter.type.location
        }
        let untypedParts = parts
        let groups = parts.filter { $0.kind != .fixedText }.map { part in
            Route.Parameter(
                name: part.name, type: types[part.name] ?? (part.spansSegments ? .path : .string),
                isOptional: part.modifier == .optional || part.modifier == .zeroOrMore)
        }

        let query = compileQuery(declaration, pathNames: Set(groups.map(\.name)))
        if case .tab(let tab)? = declaration.transition?.value, !tabs.contains(tab) {
            diagnostics.append(
                Diagnostic(
                    .unknownTab, syntax.tabs == nil ? "tab '\(tab)' is used but the table declares no 'tabs'" : "unknown tab '\(tab)'",
                    at: declaration.transition?.location ?? declaration.name.location,
                    help: syntax.tabs == nil ? "declare the tabs, e.g. 'tabs \(tab)'" : Suggestions.help(for: tab, in: tabs)))
        }

        let shape: RouteShape
        do {
            shape = try RouteShape(untypedParts: untypedParts, parameters: groups)
            // Compiled here so PCRE2's errors point at this route; built again when used.
            _ = try CompiledRegex(shape.regexSource, caseless: !syntax.pathCaseSensitive, jit: false)
        } catch {
            let message = (error as? RegexCompileError)?.message ?? (error as? JavaScriptRegexTranslator.Failure)?.message ?? "\(error)"
            diagnostics.append(Diagnostic(.invalidPattern, "invalid pattern: \(message)", at: pattern.location))
            return nil
        }
        let firstLiteral = shape.tokens.first?.literal.map { String($0.dropFirst()) }
        let route = Route(
            name: declaration.name.value, pattern: canonical,
            parameters: groups, query: query,
            metadata: Route.Metadata(
                requiresAuthentication: declaration.requiresAuthentication?.value ?? false,
                analyticsName: declaration.analyticsName?.value ?? declaration.name.value,
                transition: declaration.transition?.value ?? .push, parent: declaration.parent?.value, tab: nil,
                allowedSources: declaration.sources.map { Set($0.value) }),
            location: declaration.name.location, rank: 0)
        return CompiledRoute(
            route: route, shape: shape, firstLiteral: syntax.pathCaseSensitive ? firstLiteral : firstLiteral?.lowercased(),
            declarationIndex: index)
    }

    private func patternLocation(_ pattern: Located<String>, offset: Int?) -> SourceLocation {
        // Columns count characters; the error's offset counts Unicode scalars of the value.
        let scalars = pattern.value.unicodeScalars
        let prefix = String(scalars: scalars.prefix(offset ?? 0))
        let quote = pattern.location.length > pattern.value.count ? 1 : 0
        return SourceLocation(
            file: pattern.location.file, line: pattern.location.line, column: pattern.location.column + quote + prefix.count)
    }

    private mutating func compileQuery(_ declaration: RouteDeclaration, pathNames: Set<String>) -> [Route.QueryParameter] {
        var query: [Route.QueryParameter] = []
        var seen: [String: SourceLocation] = [:]
        for parameter in declaration.query {
            let name = parameter.name.value
            if let first = seen[name] {
                diagnostics.append(
                    Diagnostic(
                        .duplicateParameter, "query parameter '\(name)' is declared twice", at: parameter.name.location,
                        notes: [.init("first declared here", at: first)]))
                continue
            }
            seen[name] = parameter.name.location
            if pathNames.contains(name) {
                diagnostics.append(
                    Diagnostic(
                        .duplicateParameter, "query parameter '\(name)' has the same name as a path parameter",
                        at: parameter.name.location, help: "rename one of them"))
                continue
            }
            var defaultValue: RouteValue? = nil
            if let text = parameter.defaultValue {
                guard let value = parameter.type.value.convert(text.value) else {
                    diagnostics.append(
                        Diagnostic(
                            .invalidDefault, "default '\(text.value)' is not a valid '\(parameter.type.value)'", at: text.location,
                            help: Self.example(for: parameter.type.value).map { "for example '\($0)'" }))
                    continue
                }
                defaultValue = value
                if parameter.isOptional {
                    diagnostics.append(
                        Diagnostic(
                            .redundantOptional, "'optional' is redundant: a parameter with a default is optional",
                            at: parameter.name.location, help: "remove 'optional'"))
                }
            }
            query.append(
                Route.QueryParameter(
                    name: name, type: parameter.type.value, defaultValue: defaultValue,
                    isRequired: defaultValue == nil && !parameter.isOptional))
        }
        return query
    }

    static func example(for type: ParameterType) -> String? {
        switch type {
        case .int: return "42"
        case .double: return "1.5"
        case .bool: return "true"
        case .uuid: return "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        case .enumeration(let values): return values.first
        case .string, .path: return nil
        }
    }

    private mutating func checkParents(_ declared: [String: RouteDeclaration]) {
        var reported: Set<String> = []
        for declaration in syntax.routes where declared[declaration.name.value]?.name == declaration.name {
            guard let parent = declaration.parent else { continue }
            guard declared[parent.value] != nil else {
                diagnostics.append(
                    Diagnostic(
                        .unknownParent, "unknown parent route '\(parent.value)'", at: parent.location,
                        help: Suggestions.help(for: parent.value, in: declared.keys)))
                continue
            }
            // Walk up; a name seen twice is a cycle (reported once, at its first member).
            var chain = [declaration.name.value]
            var current = parent.value
            while let next = declared[current] {
                if let start = chain.firstIndex(of: current) {
                    let cycle = Array(chain[start...]) + [current]
                    if start == 0, reported.isDisjoint(with: cycle) {
                        reported.formUnion(cycle)
                        diagnostics.append(
                            Diagnostic(
                                .parentCycle, "parent cycle: \(cycle.joined(separator: " → "))", at: parent.location,
                                help: "a deep link's back stack must end at a root; remove one 'parent'"))
                    }
                    break
                }
                chain.append(current)
                guard let up = next.parent?.value else { break }
                current = up
            }
        }
    }

    /// Each route's tab: its own `tab(…)` transition, else its parent's (cycles stop).
    private func routeTabs(_ declared: [String: RouteDeclaration]) -> [String: String?] {
        func tab(of name: String, seen: Set<String>) -> String? {
            guard let declaration = declared[name], !seen.contains(name) else { return nil }
            if case .tab(let tab)? = declaration.transition?.value { return tab }
            return declaration.parent.flatMap { tab(of: $0.value, seen: seen.union([name])) }
        }
        return Dictionary(uniqueKeysWithValues: declared.keys.map { ($0, tab(of: $0, seen: [])) })
    }

    /// Ties and shadowed routes (warnings): a route every URL of which an earlier-ranked
    /// route takes.
    ///
    /// A route can only be covered by one whose segments are, one by one, the same as its own
    /// or an untyped one-segment parameter (``CompiledRoute/isCovered(by:)``), so the routes
    /// that can cover are kept in a trie keyed by segment — the parameter under a wildcard key
    /// — and each route looks up only the paths that can cover it: near-linear in the number
    /// of routes instead of comparing every pair.
    private mutating func reportOverlaps(_ routes: [CompiledRoute]) {
        let trie = CoverTrie()
        for route in routes where !route.route.query.contains(where: \.isRequired) { trie.insert(route) }
        for route in routes {
            guard let winner = trie.earliestCover(of: route), route.isCovered(by: winner) else { continue }
            if CompiledRoute.tie(winner, route), winner.isCovered(by: route) {
                diagnostics.append(
                    Diagnostic(
                        .ambiguousRoutes,
                        "routes '\(winner.route.name)' and '\(route.route.name)' match the same URLs; '\(winner.route.name)' is declared first and always wins",
                        at: route.route.location, notes: [.init("'\(winner.route.name)' is declared here", at: winner.route.location)],
                        help: "remove one of them, or make the patterns differ"))
            } else {
                diagnostics.append(
                    Diagnostic(
                        .shadowedRoute,
                        "route '\(route.route.name)' can never match: '\(winner.route.name)' (\(winner.route.pattern)) takes every URL it would",
                        at: route.route.location, notes: [.init("'\(winner.route.name)' is declared here", at: winner.route.location)],
                        help: "make '\(winner.route.name)' more specific (a type or a literal), or remove '\(route.route.name)'"))
            }
        }
    }
}

/// The routes that may cover others (see ``CompiledRoute/isCovered(by:)``), by segment: a
/// segment's own text, or — for an untyped one-segment parameter, which accepts any one
/// segment — the wildcard branch. Built mutable during compilation, then dropped.
private final class CoverTrie {
    private var children: [String: CoverTrie] = [:]
    private var wildcard: CoverTrie?
    /// The routes ending here, in rank order.
    private var routes: [CompiledRoute] = []

    /// Nodes one lookup may visit: a lookup branches at most in two per segment, so an
    /// adversarial table could make it exponential; past this it gives up (a shadowed route is
    /// then not reported — never a wrong report).
    static let visitLimit = 4_096

    func insert(_ route: CompiledRoute) {
        var node = self
        for token in route.tokens {
            if Self.acceptsAnySegment(token) {
                if node.wildcard == nil { node.wildcard = CoverTrie() }
                node = node.wildcard ?? node
            } else {
                let next = node.children[token.source] ?? CoverTrie()
                node.children[token.source] = next
                node = next
            }
        }
        node.routes.append(route)
    }

    /// The earliest-ranked route ranked before `route` whose segments can cover it.
    func earliestCover(of route: CompiledRoute) -> CompiledRoute? {
        let tokens = route.tokens
        var best: CompiledRoute? = nil
        var budget = Self.visitLimit
        func visit(_ node: CoverTrie, _ depth: Int) {
            guard budget > 0 else { return }
            budget -= 1
            guard depth < tokens.count else {
                if let first = node.routes.first, first.route.rank < route.route.rank, first.route.rank < best?.route.rank ?? Int.max {
                    best = first
                }
                return
            }
            let token = tokens[depth]
            if let child = node.children[token.source] { visit(child, depth + 1) }
            let oneSegment = token.kind == .literal && token.literal != "/" || token.isPureParameter
            if oneSegment, let wildcard = node.wildcard { visit(wildcard, depth + 1) }
        }
        visit(self, 0)
        return best
    }

    private static func acceptsAnySegment(_ token: SegmentToken) -> Bool { token.isPureParameter && token.kind == .plain }
}
