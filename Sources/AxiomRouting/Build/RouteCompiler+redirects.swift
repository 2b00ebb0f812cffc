@_spi(Lookup) import AxiomURLPattern

/// Aliases and redirects: more patterns that lead to a route. Each becomes an entry of its own,
/// ranked by its pattern like any route; its groups are mapped by name onto its target's
/// parameters, checked here so a lookup never meets a value with nowhere to go.
extension RouteCompiler {
    /// A parameter an alias or redirect can hand values to: its type, and whether the target
    /// needs it (a required path parameter, or a redirect's group that is not optional).
    struct TargetParameter {
        var type: ParameterType
        var isRequired: Bool
        /// The target's value runs to the end of the URL (an alias's last group does too).
        var runsToEnd = false
    }

    /// The entries for `route`'s `alias` lines: each pattern's groups take the route's types.
    /// An alias is another path on the route's host, when it has one (the host's values
    /// come from the host, as the route's do) — or, written `https://HOST/PATH`, a path on a host
    /// of its own (a short-link or mail domain): a host without named groups, for a route that
    /// reads no value from its own host; an origin must accept it.
    mutating func compileAliases(of compiled: CompiledRoute, _ declaration: RouteDeclaration, origins: [Origin]) -> [CompiledRoute] {
        let route = compiled.route
        let pathParameters = Array(route.pathParameters)
        let targets = Dictionary(
            pathParameters.map { ($0.name, TargetParameter(type: $0.type, isRequired: !$0.isOptional, runsToEnd: $0.runsToEnd)) },
            uniquingKeysWith: { first, _ in first })
        return declaration.aliases.compactMap { alias in
            // An alias takes its route's fragment (and rules): its own pattern is a path.
            let (withoutFragment, ownFragment) = splitFragment(alias.pattern)
            if let ownFragment {
                diagnostics.append(
                    .fragmentNotSupported(
                        "an alias takes its route's fragment", help: "declare the fragment on the route's own pattern, or make this a route",
                        at: ownFragment.location))
                return nil
            }
            guard let (path, ownHost) = splitHost(withoutFragment) else { return nil }
            if let ownHost, !aliasHostIsUsable(ownHost, of: route, alias: alias.pattern, origins: origins) { return nil }
            var rules = route.rules
            if rules.trailingSlash != nil { rules.trailingSlash = path.value.unicodeScalars.count > 1 && path.value.hasSuffix("/") }
            guard let parts = pathParts(path, ownSlashRule: rules.trailingSlash != nil),
                let parameters = mappedParameters(
                    parts, pattern: path, describing: "alias '\(alias.pattern.value)'", target: "route '\(route.name)'",
                    order: pathParameters.map(\.name), targets: targets, declared: [])
            else { return nil }
            let host = ownHost ?? compiled.host
            let entry = Route(
                name: route.name, pattern: PatternRegexGenerator.patternString(parts, options: .pathname),
                parameters: parameters + (ownHost == nil ? route.hostParameters : []) + route.fragmentParameters, query: route.query,
                metadata: route.metadata, location: alias.pattern.location, rank: 0, kind: .alias, host: host?.pattern,
                closedQuery: route.closedQuery, fragment: route.fragment, rules: rules, scheme: route.scheme)
            return self.entry(entry, parts: parts, pattern: path, order: alias.order, host: host, fragment: compiled.fragment)
        }
    }

    /// Whether an alias may match on `host`, its own: no named group (its values would have
    /// nowhere to go), a route that needs no value from its own host, an origin that accepts it.
    private mutating func aliasHostIsUsable(_ host: HostSyntax, of route: Route, alias: Located<String>, origins: [Origin]) -> Bool {
        let location = alias.location
        if let named = (host.hostnameParts + host.portParts).first(where: { $0.kind != .fixedText && $0.hasCustomName }) {
            diagnostics.append(
                .hostPatternNotSupported(
                    "an alias's own host names no parameter (':\(named.name)'); write its group unnamed ('(a|b).example.com') or give the route that host",
                    at: location))
            return false
        }
        if let hostParameter = route.hostParameters.first {
            diagnostics.append(
                .missingTargetParameter(hostParameter.name, of: "alias '\(alias.value)'", target: "route '\(route.name)'", at: location))
            return false
        }
        if !originAccepts(host, origins: origins) {
            diagnostics.append(.hostNotAccepted(host.pattern.description, origins: origins.map(\.description), at: location))
            return false
        }
        return true
    }

    /// The entries for the table's `redirect` lines, each checked against its target (a route
    /// or another redirect, compiled first): unknown targets, cycles, groups with nowhere to
    /// go, target parameters left without a value, types that do not fit.
    mutating func compileRedirects(routes: [CompiledRoute], declared: DeclaredRoutes) -> [CompiledRoute] {
        var byName: [String: RedirectDeclaration] = [:]
        var valid: [RedirectDeclaration] = []
        for redirect in syntax.redirects {
            if let route = declared[redirect.name.value] {
                diagnostics.append(.duplicateRouteName(redirect.name, first: route.name.location))
            } else if let first = byName[redirect.name.value] {
                diagnostics.append(.duplicateRouteName(redirect.name, first: first.name.location))
            } else {
                byName[redirect.name.value] = redirect
                valid.append(redirect)
            }
        }
        let routesByName = Dictionary(
            routes.filter { $0.route.kind == .route }.map { ($0.route.name, $0.route) }, uniquingKeysWith: { first, _ in first })
        var state = RedirectState(byName: byName, routes: routesByName, declared: Set(declared.keys))
        for redirect in valid { _ = compileRedirect(redirect.name.value, state: &state, path: []) }
        return valid.compactMap { state.compiled[$0.name.value] ?? nil }
    }

    /// Redirects compiled so far, by name (nil: compiled, with an error).
    struct RedirectState {
        let byName: [String: RedirectDeclaration]
        let routes: [String: Route]
        /// Every declared route name, including those whose pattern had an error.
        let declared: Set<String>
        var compiled: [String: CompiledRoute?] = [:]
        /// The final route of each compiled redirect.
        var finals: [String: Route] = [:]
        var reportedCycle: Set<String> = []
    }

    /// Compiles the redirect `name` after its target (`path`: the redirects being compiled
    /// that lead here, to find cycles); nil when it or its chain has an error.
    private mutating func compileRedirect(_ name: String, state: inout RedirectState, path: [String]) -> CompiledRoute? {
        guard let redirect = state.byName[name] else { return nil }
        // Before the memo: a redirect being compiled is marked failed until it is done.
        if let start = path.firstIndex(of: name) {
            let cycle = Array(path[start...]) + [name]
            if state.reportedCycle.isDisjoint(with: cycle), let first = state.byName[cycle[0]] {
                state.reportedCycle.formUnion(cycle)
                diagnostics.append(.redirectCycle(cycle, at: first.target.location))
            }
            return nil
        }
        if let done = state.compiled[name] { return done }
        // Each hop is a call: a chain is cut (and reported) before it could exhaust the stack.
        guard path.count < Self.redirectChainLimit else {
            diagnostics.append(.redirectChainTooLong(path + [name], limit: Self.redirectChainLimit, at: redirect.name.location))
            state.compiled[name] = .some(nil)
            return nil
        }
        state.compiled[name] = .some(nil)
        let target = redirect.target.value
        var targets: [String: TargetParameter] = [:]
        var order: [String] = []
        let final: Route
        let describedTarget: String
        if let route = state.routes[target] {
            for parameter in route.parameters where targets[parameter.name] == nil {
                targets[parameter.name] = TargetParameter(type: parameter.type, isRequired: !parameter.isOptional, runsToEnd: parameter.runsToEnd)
                order.append(parameter.name)
            }
            final = route
            describedTarget = "route '\(target)'"
        } else if state.byName[target] != nil {
            // The chain's error is reported at its own place (a cycle: once, at its first member).
            guard let next = compileRedirect(target, state: &state, path: path + [name]), let nextFinal = state.finals[target] else {
                return nil
            }
            for parameter in next.route.parameters where targets[parameter.name] == nil && !Self.isUnnamed(parameter.name) {
                targets[parameter.name] = TargetParameter(type: parameter.type, isRequired: !parameter.isOptional, runsToEnd: parameter.runsToEnd)
                order.append(parameter.name)
            }
            final = nextFinal
            describedTarget = "redirect '\(target)'"
        } else {
            if !state.declared.contains(target) {
                diagnostics.append(.unknownRedirectTarget(redirect.target, names: Array(state.routes.keys) + Array(state.byName.keys)))
            }
            return nil
        }
        if let fragment = splitFragment(redirect.pattern).fragment {
            diagnostics.append(
                .fragmentNotSupported(
                    "redirect '\(name)' matches on its path", help: "redirect the path, or declare the fragment on a route's own pattern",
                    at: fragment.location))
            return nil
        }
        guard let parts = pathParts(redirect.pattern),
            let fixed = fixedValues(
                redirect, parts: parts, describing: "redirect '\(name)'", target: describedTarget, order: order, targets: &targets),
            let parameters = mappedParameters(
                parts, pattern: redirect.pattern, describing: "redirect '\(name)'", target: describedTarget, order: order, targets: targets,
                declared: redirect.parameters)
        else { return nil }
        let entry = Route(
            name: name, pattern: PatternRegexGenerator.patternString(parts, options: .pathname), parameters: parameters, query: final.query,
            metadata: final.metadata, location: redirect.name.location, rank: 0, kind: .redirect(target: target), fixed: fixed,
            closedQuery: final.closedQuery, rules: Route.URLRules(refusesFragment: final.rules.refusesFragment), scheme: final.scheme)
        let compiled = self.entry(entry, parts: parts, pattern: redirect.pattern, order: redirect.order)
        state.compiled[name] = .some(compiled)
        state.finals[name] = final
        return compiled
    }

    /// A redirect's `set NAME = VALUE` values, each converted to its target parameter's type;
    /// a target parameter given one needs no group (it is taken out of `targets`). Nil
    /// (reported) when a name is not the target's, is set twice or is also a group, or a value
    /// does not convert.
    private mutating func fixedValues(
        _ redirect: RedirectDeclaration, parts: [Part], describing: String, target: String, order: [String],
        targets: inout [String: TargetParameter]
    ) -> RouteParameters? {
        var names: [String] = []
        var values: [RouteValue] = []
        var failed = false
        for fixed in redirect.fixed {
            let name = fixed.name.value
            if parts.contains(where: { $0.kind != .fixedText && $0.name == name }) {
                diagnostics.append(.fixedValueIsAGroup(name, of: describing, at: fixed.name.location))
                failed = true
                continue
            }
            guard let parameter = targets[name], !names.contains(name) else {
                diagnostics.append(
                    names.contains(name)
                        ? .fixedValueTwice(name, of: describing, at: fixed.name.location)
                        : .fixedValueUnknown(name, of: describing, target: target, parameters: order, at: fixed.name.location))
                failed = true
                continue
            }
            guard let value = parameter.type.convert(fixed.value.value) else {
                diagnostics.append(.invalidFixedValue(fixed.value, name: name, type: parameter.type, example: Self.example(for: parameter.type)))
                failed = true
                continue
            }
            names.append(name)
            values.append(value)
        }
        for name in names { targets[name] = nil }
        return failed ? nil : RouteParameters(names: names, values: values)
    }

    /// Redirects a chain may go through before its route.
    static let redirectChainLimit = 32

    /// Whether a group name is a number (an unnamed group: `*`, `(\d+)`).
    static func isUnnamed(_ name: String) -> Bool { name.allSatisfy { $0.isASCII && $0.isNumber } }

    /// The typed parameters of an alias or redirect pattern (one per group, in pattern order):
    /// each named group must be one of `targets` and takes its type — or the type a `param`
    /// line declares, if the target's can take every value of it; unnamed groups are read and
    /// dropped. Nil (reported) when a group has nowhere to go or a required target parameter
    /// has no group.
    private mutating func mappedParameters(
        _ parts: [Part], pattern: Located<String>, describing: String, target: String, order: [String], targets: [String: TargetParameter],
        declared: [ParameterDeclaration]
    ) -> [Route.Parameter]? {
        var failed = false
        var parameters: [Route.Parameter] = []
        let groups = parts.filter { $0.kind != .fixedText }
        for declaration in declared {
            guard let toEnd = declaration.runsToEnd else { continue }
            diagnostics.append(
                .toEndMisplaced(
                    declaration.name.value, reason: "\(describing) hands its values on; 'to-end' belongs to the route they reach",
                    at: toEnd.location))
            failed = true
        }
        for declaration in declared where !groups.contains(where: { $0.name == declaration.name.value }) {
            diagnostics.append(
                .unknownParameter(declaration.name.value, pattern: pattern.value, groups: groups.map(\.name), at: declaration.name.location))
            failed = true
        }
        for part in groups {
            let isOptional = part.modifier == .optional || part.modifier == .zeroOrMore
            let emptyIsAbsent = part.modifier == .optional && part.prefix.isEmpty && part.suffix.isEmpty
            let fallback: ParameterType = part.spansSegments ? .path : .string
            guard part.hasCustomName else {
                parameters.append(Route.Parameter(name: part.name, type: fallback, isOptional: isOptional, emptyIsAbsent: emptyIsAbsent))
                continue
            }
            guard let targetParameter = targets[part.name] else {
                diagnostics.append(
                    .unmappedGroup(
                        part.name, of: describing, target: target, parameters: order, at: patternLocation(pattern, offset: part.position)))
                failed = true
                continue
            }
            var type = targetParameter.type
            if let line = declared.first(where: { $0.name.value == part.name }) {
                if !line.type.value.converts(into: targetParameter.type) {
                    diagnostics.append(
                        .incompatibleParameterType(
                            part.name, declared: line.type.value, target: target, expected: targetParameter.type, at: line.type.location))
                    failed = true
                }
                type = line.type.value
            }
            parameters.append(
                Route.Parameter(
                    name: part.name, type: type, isOptional: isOptional, emptyIsAbsent: emptyIsAbsent,
                    runsToEnd: targetParameter.runsToEnd && part.position == parts.last?.position && part.kind != .fixedText))
        }
        for name in order {
            guard let targetParameter = targets[name], targetParameter.isRequired else { continue }
            if !parameters.contains(where: { $0.name == name && !$0.isOptional }) {
                diagnostics.append(.missingTargetParameter(name, of: describing, target: target, at: pattern.location))
                failed = true
            }
        }
        return failed ? nil : parameters
    }
}

extension ParameterType {
    /// Whether every value of this type, as the URL writes it, is also a value of `other`:
    /// what a redirect's declared type must satisfy to hand its values on.
    func converts(into other: ParameterType) -> Bool {
        switch (self, other) {
        case _ where self == other: return true
        case (.path, _), (_, .path): return false
        case (_, .string): return true
        case (.int, .double): return true
        case (.enumeration(let values), _): return values.allSatisfy { other.convert($0) != nil }
        default: return false
        }
    }
}
