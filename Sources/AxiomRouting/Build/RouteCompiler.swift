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

    private mutating func compileOrigins() -> [Origin] {
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

    /// W406: wildcards with nothing between them, whose split is always the same (see
    /// `PatternRegexGenerator.linearized(_:at:options:)`), and repeated full wildcards. One
    /// warning per route, at the first place, counting the others (a pattern of a thousand
    /// `*` gets one warning, not a thousand).
    /// W411: an unescaped `^` or `$` outside a class in a group's regexp (`:id(\d+$)`): the
    /// group's regexp is part of the whole path's expression, so it anchors the path.
    private mutating func anchorWarnings(_ parts: [Part], pattern: Located<String>) {
        for part in parts where part.kind == .regexp {
            guard let anchor = Self.anchor(in: part.value) else { continue }
            let group = part.hasCustomName ? "':\(part.name)'" : "group (\(part.value))"
            diagnostics.append(.anchorInGroup(anchor, group: group, at: patternLocation(pattern, offset: part.position)))
        }
    }

    /// The first `^` or `$` of a regexp that is an assertion: not escaped, not in a class.
    static func anchor(in regexp: String) -> Character? {
        var escaped = false
        var inClass = false
        for character in regexp {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if inClass {
                if character == "]" { inClass = false }
            } else if character == "[" {
                inClass = true
            } else if character == "^" || character == "$" {
                return character
            }
        }
        return nil
    }

    private mutating func adjacentWildcardWarnings(_ parts: [Part], pattern: Located<String>) {
        func spelled(_ part: Part) -> String { part.hasCustomName ? ":" + part.name : "*" }
        // The first place found, as the warning it makes once the places are counted.
        var first: ((_ places: Int) -> Diagnostic)? = nil
        var places = 0
        for (index, part) in parts.enumerated() {
            if part.kind == .fullWildcard, part.modifier == .zeroOrMore || part.modifier == .oneOrMore {
                places += 1
                if first == nil {
                    let location = patternLocation(pattern, offset: part.position)
                    first = { .repeatedWildcard(spelled(part), modifier: part.modifier.text, places: $0, at: location) }
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
            let location = patternLocation(pattern, offset: part.position)
            first = { .adjacentWildcards(spelled(previous), spelled(part), outcome: outcome, places: $0, at: location) }
        }
        if let first { diagnostics.append(first(places)) }
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

    private mutating func compileRoute(_ declaration: RouteDeclaration, origins: [Origin]) -> CompiledRoute? {
        let (withoutFragment, fragmentText) = splitFragment(declaration.pattern)
        let (withoutScheme, scheme) = splitScheme(withoutFragment)
        if let scheme, !checkScheme(scheme, route: declaration.name.value, at: declaration.pattern.location, origins: origins) { return nil }
        guard let (pattern, host) = splitHost(withoutScheme) else { return nil }
        let rules = urlRules(declaration, path: pattern)
        guard let parts = pathParts(pattern, ownSlashRule: rules.trailingSlash != nil) else { return nil }
        var fragment: FragmentSyntax? = nil
        if let fragmentText {
            guard let parsed = fragmentSyntax(fragmentText) else { return nil }
            if declaration.refusesFragment?.value == true {
                diagnostics.append(
                    .fragmentNotSupported(
                        "route '\(declaration.name.value)' also takes no fragment ('option fragment none')",
                        help: "remove 'option fragment none', or the '#…' from the pattern", at: fragmentText.location))
                return nil
            }
            fragment = parsed
        }
        let fragmentNames = Set((fragment?.parts ?? []).filter { $0.kind != .fixedText && $0.hasCustomName }.map(\.name))
        if let host, let unnamed = (host.hostnameParts + host.portParts).first(where: { $0.kind != .fixedText && !$0.hasCustomName }) {
            let group = unnamed.kind == .regexp ? "(\(unnamed.value))" : "*"
            diagnostics.append(.unnamedHostGroup(declaration.name.value, group: group, at: declaration.pattern.location))
        }
        let canonical = PatternRegexGenerator.patternString(parts, options: .pathname)

        // Path parameters: declared types, checked against the groups of the pattern (those
        // of the host are the host's).
        let groupParts = parts.filter { $0.kind != .fixedText }
        let hostNames = Set(((host?.hostnameParts ?? []) + (host?.portParts ?? [])).filter { $0.kind != .fixedText && $0.hasCustomName }.map(\.name))
        var types: [String: ParameterType] = [:]
        var typeLocations: [String: SourceLocation] = [:]
        // `param NAME string to-end`: the group whose value runs on to the end of the URL.
        var toEndName: String? = nil
        // `param` lines also type the groups of the host, the fragment and `like` query values.
        let likeNames = Self.likeGroupNames(declaration)
        for parameter in declaration.parameters
        where !hostNames.contains(parameter.name.value) && !fragmentNames.contains(parameter.name.value)
            && !likeNames.contains(parameter.name.value) || groupParts.contains(where: { $0.name == parameter.name.value })
        {
            let name = parameter.name.value
            guard let part = groupParts.first(where: { $0.name == name }) else {
                let names = groupParts.map(\.name) + hostNames.sorted() + fragmentNames.sorted() + likeNames.sorted()
                diagnostics.append(.unknownParameter(name, pattern: pattern.value, groups: names, at: parameter.name.location))
                continue
            }
            if let first = typeLocations[name] {
                diagnostics.append(.parameterTypedTwice(name, at: parameter.name.location, first: first))
                continue
            }
            let type = parameter.type.value
            if type.isQueryOnly {
                diagnostics.append(.queryTypeInPath(name, type: type, at: parameter.type.location))
                continue
            }
            let spans = part.spansSegments
            if spans, type != .path, type != .string {
                diagnostics.append(.spanningGroupTyped(name, as: type, at: parameter.type.location))
                continue
            }
            if type == .path, !spans, part.kind != .regexp {
                diagnostics.append(.segmentGroupTypedPath(name, at: parameter.type.location))
                continue
            }
            types[name] = type
            typeLocations[name] = parameter.type.location
            if let toEnd = parameter.runsToEnd {
                // The rest of the URL: the path's last part, a string, and the whole query.
                if parts.last?.name != name || parts.last?.kind == .fixedText {
                    diagnostics.append(.toEndMisplaced(name, reason: "it is not the pattern's last part", at: toEnd.location))
                } else if type != .string {
                    diagnostics.append(.toEndMisplaced(name, reason: "it is '\(type)', and the rest of a URL is a 'string'", at: toEnd.location))
                } else if let query = declaration.query.first {
                    diagnostics.append(
                        .toEndMisplaced(
                            name, reason: "the route reads the query ('query \(query.name.value)'), which would be the value's", at: toEnd.location))
                } else if declaration.closedQuery?.value == true {
                    diagnostics.append(.toEndMisplaced(name, reason: "the route's query is closed, and the query is the value's", at: toEnd.location))
                } else {
                    toEndName = name
                }
            }
        }
        let untypedParts = parts
        var groups = parts.filter { $0.kind != .fixedText }.map { part in
            Route.Parameter(
                name: part.name, type: types[part.name] ?? (part.spansSegments ? .path : .string),
                isOptional: part.modifier == .optional || part.modifier == .zeroOrMore,
                emptyIsAbsent: part.modifier == .optional && part.prefix.isEmpty && part.suffix.isEmpty, runsToEnd: part.name == toEndName)
        }
        if let host {
            guard
                let hostGroups = hostParameters(
                    host, declared: declaration.parameters, pathNames: Set(groups.map(\.name)), at: declaration.pattern.location)
            else { return nil }
            groups += hostGroups
            if !originAccepts(host, origins: origins) {
                diagnostics.append(.hostNotAccepted(host.pattern.description, origins: origins.map(\.description), at: declaration.pattern.location))
            }
        }
        var fragmentCount = 0
        if let fragment {
            let hostCount = host?.pattern.parameterCount ?? 0
            var taken: [String: String] = [:]
            for (index, group) in groups.enumerated() { taken[group.name] = index < groups.count - hostCount ? "path" : "host" }
            guard
                let fragmentGroups = fragmentParameters(
                    fragment, declared: declaration.parameters, taken: taken, at: declaration.pattern.location)
            else { return nil }
            groups += fragmentGroups
            fragmentCount = fragmentGroups.count
        }

        var query = compileQuery(declaration, pathNames: Set(groups.map(\.name)))
        // A route's own item (by any of its names) takes the place of a table-wide one; a route
        // whose value runs to the end of the URL has the query in it, and reads none.
        let taken = Set(query.flatMap { [$0.name, $0.itemName] + $0.aliases }).union(groups.map(\.name))
        if toEndName == nil {
            query += sharedQuery.filter { shared in
                !taken.contains(shared.name) && !taken.contains(shared.itemName) && !shared.aliases.contains(where: taken.contains)
            }
        }
        if let registered = loaders {
            for loader in declaration.loaders?.value ?? [] where !registered.contains(loader.value) {
                diagnostics.append(.unknownLoader(loader, registered: registered))
            }
        }

        let route = Route(
            name: declaration.name.value, pattern: canonical,
            parameters: groups, query: query,
            metadata: Route.Metadata(
                requiresAuthentication: declaration.requiresAuthentication?.value ?? false,
                analyticsName: declaration.analyticsName?.value ?? declaration.name.value,
                transition: declaration.transition?.value ?? .push, parent: declaration.parent?.value, tab: nil,
                allowedSources: declaration.sources.map { Set($0.value) }, loaders: declaration.loaders?.value.map(\.value) ?? [],
                start: startValues(declaration, parameters: groups, query: query)),
            location: declaration.name.location, rank: 0, host: host?.pattern,
            // The query of a route whose value runs to the end is that value's: never refused.
            closedQuery: toEndName == nil && (declaration.closedQuery?.value ?? syntax.queryClosed),
            fragment: fragment.map { Route.FragmentPattern(pattern: $0.text, parameterCount: fragmentCount) }, rules: rules, scheme: scheme)
        return entry(route, parts: untypedParts, pattern: pattern, order: declaration.order, host: host, fragment: fragment)
    }

    /// A route's ``Route/URLRules``: `option fragment none`, and `option trailing-slash strict`
    /// where the table ignores a trailing `/` — the route's URLs then end in `/` exactly when its
    /// path pattern (`path`: without scheme, host and fragment) does. (`option trailing-slash ignore` in a
    /// table that keeps the `/` is an alias: see ``slashAlias(of:)``.)
    func urlRules(_ declaration: RouteDeclaration, path: Located<String>) -> Route.URLRules {
        let ownSlash = declaration.strictTrailingSlash?.value == true && syntax.ignoresTrailingSlash
        return Route.URLRules(
            refusesFragment: declaration.refusesFragment?.value ?? false,
            trailingSlash: ownSlash ? path.value.unicodeScalars.count > 1 && path.value.hasSuffix("/") : nil)
    }

    /// For `option trailing-slash ignore` under a route of a table that keeps a trailing `/`
    /// (`option trailing-slash strict`): the route's pattern spelled the other way (`/feed` for
    /// `/feed/`, `/feed/` for `/feed`), as an alias the route takes too. Nil otherwise.
    func slashAlias(of declaration: RouteDeclaration) -> Located<String>? {
        guard declaration.strictTrailingSlash?.value == false, !syntax.ignoresTrailingSlash else { return nil }
        // The alias is a path: it takes the route's scheme and fragment, as every alias does.
        let path = splitScheme(splitFragment(declaration.pattern).rest).path
        let text = path.value
        // The root has one spelling; an empty last segment (`//`) is the pattern's own.
        guard text != "/", !text.hasSuffix("//") else { return nil }
        return Located(value: text.hasSuffix("/") ? String(text.dropLast()) : text + "/", location: declaration.pattern.location)
    }

    func patternLocation(_ pattern: Located<String>, offset: Int?) -> SourceLocation {
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
            // The router takes attribution items out before any route sees the query.
            if let named = ([parameter.name] + parameter.aliases).first(where: { attribution.contains($0.value) }) {
                diagnostics.append(.attributionQuery(named.value, at: named.location))
                continue
            }
            guard claim(name, at: parameter.name.location, seen: &seen, pathNames: pathNames) else { continue }
            // Another name for the item is one more name of the route's query: taken once.
            let aliasClash = parameter.aliases.map { claim($0.value, at: $0.location, seen: &seen, pathNames: pathNames) }.contains(false)
            if aliasClash { continue }
            if let shape = parameter.shape {
                query += likeParameters(parameter, shape: shape, route: declaration, pathNames: pathNames, seen: &seen)
                continue
            }
            // A `rest` map is always there: empty when the URL has nothing else.
            // A `rest` map and a list are always there: empty when the URL has none.
            var defaultValue: RouteValue? = parameter.type.value == .rest ? .fields([:]) : nil
            if case .list = parameter.type.value { defaultValue = .list([]) }
            if let text = parameter.defaultValue {
                guard let value = parameter.type.value.convert(text.value) else {
                    diagnostics.append(.invalidDefault(text, type: parameter.type.value, example: Self.example(for: parameter.type.value)))
                    continue
                }
                defaultValue = value
                if parameter.isOptional {
                    diagnostics.append(.redundantOptional(at: parameter.name.location))
                }
            }
            // A `rest` map is always there (empty when every item is declared).
            let isRequired = defaultValue == nil && !parameter.isOptional
            if let lenient = parameter.isLenient, isRequired {
                diagnostics.append(.lenientRequired(name, at: lenient.location))
            }
            var ignoresCase = false
            var enumType = parameter.type.value
            if case .list(let element) = enumType { enumType = element }
            if case .enumeration = enumType {
                ignoresCase = parameter.ignoresCase != nil || syntax.enumCaseInsensitive
            } else if parameter.pattern != nil {
                // On another type, `ignore-case` makes its `matching` regexp case-insensitive.
                ignoresCase = parameter.ignoresCase != nil
            } else if let flag = parameter.ignoresCase {
                diagnostics.append(.ignoreCaseNotEnum(name, at: flag.location))
            }
            if let bare = parameter.takesBareItem, !{ if case .enumeration = parameter.type.value { true } else { false } }() {
                diagnostics.append(.bareNotEnum(name, at: bare.location))
            }
            if let pattern = parameter.pattern {
                do {
                    _ = try CompiledRegex(try JavaScriptRegexTranslator.translate("^(?:" + pattern.value + ")$"), caseless: ignoresCase, jit: false)
                } catch {
                    let message = (error as? RegexCompileError)?.message ?? (error as? JavaScriptRegexTranslator.Failure)?.message ?? "\(error)"
                    diagnostics.append(.invalidPattern("the regexp after 'matching' is not valid: \(message)", at: pattern.location))
                }
            }
            query.append(
                Route.QueryParameter(
                    name: name, type: parameter.type.value, defaultValue: defaultValue, isRequired: isRequired && !parameter.mustBeAbsent,
                    isLenient: parameter.isLenient != nil && !isRequired, ignoresCase: ignoresCase, mustBeAbsent: parameter.mustBeAbsent,
                    pattern: parameter.pattern?.value, runsToEnd: parameter.runsToEnd != nil, aliases: parameter.aliases.map(\.value),
                    ignoresNameCase: parameter.ignoresNameCase != nil || syntax.queryNameCaseInsensitive,
                    takesBareItem: parameter.takesBareItem != nil))
        }
        return query
    }

    /// Takes `name` for one of a route's query names (an item's, another name of an item, a
    /// `like` group's); false, reported at `location`, when the route's query (`seen`) or path
    /// has it already.
    mutating func claim(_ name: String, at location: SourceLocation, seen: inout [String: SourceLocation], pathNames: Set<String>) -> Bool {
        defer { if seen[name] == nil { seen[name] = location } }
        if let first = seen[name] {
            diagnostics.append(.queryDeclaredTwice(name, at: location, first: first))
            return false
        }
        if pathNames.contains(name) {
            diagnostics.append(.queryNamedLikePath(name, at: location))
            return false
        }
        return true
    }

    static func example(for type: ParameterType) -> String? {
        switch type {
        case .int: return "42"
        case .double: return "1.5"
        case .bool: return "true"
        case .uuid: return "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
        case .enumeration(let values): return values.first
        case .url(let schemes): return (schemes.first ?? "https") + "://example.com/"
        case .string, .path, .rest, .list: return nil
        }
    }

    private mutating func checkParents(_ declared: DeclaredRoutes) {
        var reported: Set<String> = []
        for declaration in syntax.routes where declared[declaration.name.value]?.name == declaration.name {
            guard let parent = declaration.parent else { continue }
            guard declared[parent.value] != nil else {
                diagnostics.append(.unknownParent(parent, routes: declared.keys))
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
                        diagnostics.append(.parentCycle(cycle, at: parent.location))
                    }
                    break
                }
                chain.append(current)
                guard let up = next.parent?.value else { break }
                current = up
            }
        }
    }

    /// Each route's policy with its subtree's and container's counted (Docs/RouteTableFormat.md,
    /// "Policy over a subtree"): sign-in when the route says `auth`, an ancestor says `auth
    /// children` (unless the route says `public`), or its container says `auth`; the sources its
    /// own `sources`, each ancestor's `sources … children` and its container's `sources` all
    /// allow. Also W409: a route under an auth-only parent that opens without sign-in and does
    /// not say `public`.
    private mutating func routePolicies(_ declared: DeclaredRoutes, containers: [String: String?]) -> [String: Route.Policy] {
        let containerDeclarations = Dictionary(syntax.containers.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        var policies: [String: Route.Policy] = [:]
        for (name, declaration) in declared {
            var auth = declaration.requiresAuthentication?.value ?? false
            var sources = declaration.sources.map { Set($0.value) }
            func narrow(_ other: [String]) { sources = sources.map { $0.intersection(other) } ?? Set(other) }
            // Up the parent chain (cycles stop: E303 reports them).
            var seen: Set<String> = [name]
            var current = declaration.parent?.value
            while let ancestorName = current, let ancestor = declared[ancestorName], seen.insert(ancestorName).inserted {
                if ancestor.authCoversChildren, declaration.isPublic == nil { auth = true }
                if ancestor.sourcesCoverChildren, let covering = ancestor.sources?.value { narrow(covering) }
                current = ancestor.parent?.value
            }
            if let containerName = containers[name] ?? nil, let container = containerDeclarations[containerName] {
                if container.requiresAuthentication { auth = true }
                if let covering = container.sources { narrow(covering) }
            }
            policies[name] = Route.Policy(requiresAuthentication: auth, allowedSources: sources)
        }
        for declaration in syntax.routes where declared[declaration.name.value]?.name == declaration.name {
            let name = declaration.name.value
            guard let parent = declaration.parent?.value, policies[parent]?.requiresAuthentication == true,
                policies[name]?.requiresAuthentication == false, declaration.isPublic == nil, let parentDeclaration = declared[parent]
            else { continue }
            diagnostics.append(.openUnderAuth(declaration.name, parent: parentDeclaration.name))
        }
        return policies
    }

    /// Each route's container: its own `container NAME`, else its parent's (cycles stop).
    private func routeContainers(_ declared: DeclaredRoutes) -> [String: String?] {
        func container(of name: String, seen: Set<String>) -> String? {
            guard let declaration = declared[name], !seen.contains(name) else { return nil }
            if let own = declaration.container { return own.value }
            return declaration.parent.flatMap { container(of: $0.value, seen: seen.union([name])) }
        }
        return Dictionary(uniqueKeysWithValues: declared.keys.map { ($0, container(of: $0, seen: [])) })
    }

    /// Containers: each name once, each tab name once across the app's tabs and every container's.
    private mutating func checkContainers() {
        var names: [String: SourceLocation] = [:]
        var tabs: [String: SourceLocation] = [:]
        for tab in syntax.tabs?.value ?? [] where tabs[tab.value] == nil { tabs[tab.value] = tab.location }
        for container in syntax.containers {
            if let first = names[container.name.value] {
                diagnostics.append(.duplicateContainer(container.name, what: "container", first: first))
            } else {
                names[container.name.value] = container.name.location
            }
            for tab in container.tabs {
                if let first = tabs[tab.value] {
                    diagnostics.append(.duplicateContainer(tab, what: "tab", first: first))
                } else {
                    tabs[tab.value] = tab.location
                }
            }
        }
    }

    /// A route's container is declared; a route in a container does not present a modal of its
    /// own, and its `tab(…)` is one of its container's tabs (a route of the root: one of the app's).
    private mutating func checkRoutesInContainers(_ declared: DeclaredRoutes, containers: [String: String?]) {
        let byName = Dictionary(syntax.containers.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        for declaration in syntax.routes where declared[declaration.name.value]?.name == declaration.name {
            if let own = declaration.container, byName[own.value] == nil {
                diagnostics.append(.unknownContainer(own, declared: syntax.containers.map(\.name.value)))
                continue
            }
            let container = (containers[declaration.name.value] ?? nil).flatMap { byName[$0] }
            switch declaration.transition?.value {
            case .modal? where container != nil:
                diagnostics.append(
                    .modalInContainer(
                        declaration.name.value, container: container?.name.value ?? "",
                        at: declaration.transition?.location ?? declaration.name.location))
            case .tab(let tab)?:
                let allowed = container.map { $0.tabs.map(\.value) } ?? syntax.tabs?.value.map(\.value) ?? []
                if !allowed.contains(tab) {
                    diagnostics.append(
                        .unknownTab(
                            tab, declared: container == nil && syntax.tabs == nil ? nil : Set(allowed),
                            at: declaration.transition?.location ?? declaration.name.location))
                }
            default:
                break
            }
        }
    }

    /// Each route's tab: its own `tab(…)` transition, else its parent's (cycles stop).
    private func routeTabs(_ declared: DeclaredRoutes) -> [String: String?] {
        func tab(of name: String, seen: Set<String>) -> String? {
            guard let declaration = declared[name], !seen.contains(name) else { return nil }
            if case .tab(let tab)? = declaration.transition?.value { return tab }
            return declaration.parent.flatMap { tab(of: $0.value, seen: seen.union([name])) }
        }
        return Dictionary(uniqueKeysWithValues: declared.keys.map { ($0, tab(of: $0, seen: [])) })
    }
}

/// The routes a table declares, by name: the first declaration of each name (a later one is a
/// duplicate, reported). Positions in the table's declarations, not copies of them: a
/// declaration is large (~770 bytes: its options each carry a source location), and a
/// dictionary of copies was a fifth of the build's peak memory (Docs/Performance.md, "Memory").
struct DeclaredRoutes: Sequence {
    let routes: [RouteDeclaration]
    private var positions: [String: Int] = [:]

    init(_ routes: [RouteDeclaration]) {
        self.routes = routes
        positions.reserveCapacity(routes.count)
    }

    /// Declares the route at `position` under its name.
    mutating func declare(at position: Int) {
        positions[routes[position].name.value] = position
    }

    subscript(name: String) -> RouteDeclaration? { positions[name].map { routes[$0] } }

    /// The names declared.
    var keys: Dictionary<String, Int>.Keys { positions.keys }

    func makeIterator() -> some IteratorProtocol<(key: String, value: RouteDeclaration)> {
        positions.lazy.map { (key: $0.key, value: routes[$0.value]) }.makeIterator()
    }
}
