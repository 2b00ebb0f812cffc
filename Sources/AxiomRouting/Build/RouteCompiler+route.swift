@_spi(Lookup) import AxiomURLPattern

/// One route's declaration compiled: its pattern (host, scheme, fragment, path), parameters,
/// query and rules, with every problem reported where it is written.
extension RouteCompiler {
    mutating func compileRoute(_ declaration: RouteDeclaration, origins: [Origin]) -> CompiledRoute? {
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

        var metadata = Route.Metadata(
            requiresAuthentication: declaration.requiresAuthentication?.value ?? false,
            analyticsName: declaration.analyticsName?.value ?? declaration.name.value,
            transition: declaration.transition?.value ?? .push, parent: declaration.parent?.value, tab: nil,
            allowedSources: declaration.sources.map { Set($0.value) }, loaders: declaration.loaders?.value.map(\.value) ?? [],
            start: startValues(declaration, parameters: groups, query: query))
        metadata.result = declaration.result?.value
        metadata.linkTransition = declaration.fromLink?.value
        metadata.linkAlone = declaration.fromLinkAlone
        let route = Route(
            name: declaration.name.value, pattern: canonical,
            parameters: groups, query: query,
            metadata: metadata,
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
}
