@_spi(Lookup) import AxiomURLPattern

/// Values from part of a query value: `query id like :userId(\d+)L` reads `userId = 42` from
/// `?id=42L`, `query who like :first([^_]+)_:last` two values from `?who=ada_lovelace`, and
/// `query page like :target+` a path-like value (`?page=go/to/settings`). The pattern is in the
/// path's syntax and matched against the item's whole decoded value; each named group is one
/// query parameter of the route, typed by a `param` line as a path group is.
extension RouteCompiler {
    /// The names of the groups of a route's `like` patterns (those that parse), for telling
    /// their `param` lines from the path's.
    static func likeGroupNames(_ declaration: RouteDeclaration) -> Set<String> {
        var names: Set<String> = []
        for query in declaration.query {
            guard let shape = query.shape, let parts = try? QueryShapeMatcher.parse(shape.value) else { continue }
            for part in parts where part.kind != .fixedText && part.hasCustomName { names.insert(part.name) }
        }
        return names
    }

    /// The query parameters of a `like` declaration, one per named group of its pattern;
    /// reported (and none) when the pattern does not compile, has an unnamed group or none, a
    /// group's name is taken (`seen`: the route's query names; `pathNames`), or a type does not fit.
    mutating func likeParameters(
        _ declaration: QueryDeclaration, shape: Located<String>, route: RouteDeclaration, pathNames: Set<String>,
        seen: inout [String: SourceLocation]
    ) -> [Route.QueryParameter] {
        let item = declaration.name.value
        guard let parts = pathLikeParts(shape, component: nil, what: "the pattern after 'like' is not valid: ", parse: QueryShapeMatcher.parse)
        else { return [] }
        let groups = parts.filter { $0.kind != .fixedText }
        if let unnamed = groups.first(where: { !$0.hasCustomName }) {
            let group = unnamed.kind == .regexp ? "(\(unnamed.value))" : "*"
            diagnostics.append(.unnamedLikeGroup(item, group: group, at: shape.location))
            return []
        }
        guard !groups.isEmpty else {
            diagnostics.append(.likeWithoutGroups(item, pattern: shape.value, at: shape.location))
            return []
        }
        let clash = groups.filter { $0.name != item }.map { claim($0.name, at: shape.location, seen: &seen, pathNames: pathNames) }.contains(false)
        guard !clash, let typed = typedGroups(parts, declared: route.parameters) else { return [] }
        let source = PatternRegexGenerator.regexp(parts, options: .pathname).source
        let pattern = Route.QueryShape(
            item: item, pattern: PatternRegexGenerator.patternString(parts, options: .pathname), isRequired: !declaration.isOptional,
            ignoresCase: declaration.ignoresCase != nil, expression: String(source.dropFirst().dropLast()))
        return typed.map { group in
            Route.QueryParameter(
                name: group.name, type: group.type, defaultValue: nil, isRequired: pattern.isRequired && !group.isOptional,
                ignoresCase: pattern.ignoresCase,
                aliases: declaration.aliases.map(\.value), ignoresNameCase: declaration.ignoresNameCase != nil || syntax.queryNameCaseInsensitive,
                shape: pattern)
        }
    }
}
