@_spi(Lookup) import AxiomURLPattern

/// Where a match lands: an alias's or a redirect's match as a match of the route it leads to,
/// its values handed on by name, the redirects recorded.
extension Router {
    /// A match of an alias or a redirect as a match of the route it leads to (a route's own
    /// match as it is): the values handed on by name, the alias or the redirects recorded.
    /// The compiler checked every name, so nothing is lost on the way.
    @inline(__always)
    func landed(_ match: RouteMatch) -> RouteMatch {
        if match.route.storage.isOwnPattern { return match }
        return landedSlowly(match)
    }

    private func landedSlowly(_ match: RouteMatch) -> RouteMatch {
        let entry = match.route
        var redirects: [RouteMatch.Redirect] = []
        var next: String
        // The values handed on: the URL's, and each redirect's `set NAME = VALUE` ones (the
        // compiler made sure no name is both).
        var carried = match.parameters
        switch entry.kind {
        case .route: return match
        case .alias: next = entry.name
        case .redirect(let target):
            carried = Self.adding(entry.fixedValues, to: carried)
            redirects.append(RouteMatch.Redirect(name: entry.name, pattern: entry.pattern, parameters: carried))
            next = target
        }
        next = followingRedirects(from: next) { hop in
            let values = hop.parameters.compactMap { parameter in carried[parameter.name].map { (parameter.name, $0) } }
            let fixed = hop.fixedValues
            redirects.append(
                RouteMatch.Redirect(
                    name: hop.name, pattern: hop.pattern,
                    parameters: Self.adding(fixed, to: RouteParameters(names: values.map(\.0), values: values.map(\.1)))))
            carried = Self.adding(fixed, to: carried)
        }
        guard let rank = rank(ofRouteNamed: next) else { return match }
        let route = entries[rank]
        var names: [String] = []
        var values: [RouteValue] = []
        for parameter in route.parameterList {
            guard let value = carried[parameter.name] else { continue }
            names.append(parameter.name)
            values.append(value)
        }
        var landed = route
        var landedValues = values
        var landedNames: [String]? = names.count == route.parameterList.count ? nil : names
        // Decided as the direct request for where it lands: the target's own path, with the
        // values handed on, resolved as a URL is. A stricter sibling that takes that path
        // (`/docs/:name(admin-…)` beside `/docs/:name`) takes the redirect or alias too — never
        // the weaker target by name. (Path-only routes: a host- or scheme-scoped
        // target is the compiler's to check.)
        // (Not while checking another hop's landing: the target's path may itself be a hop's, and
        // the direct lookup lands that one by name.)
        if route.host == nil, route.scheme == nil, !Self.checkingLanding,
            case .success(let direct) = Self.$checkingLanding.withValue(true, operation: {
                resolve(path: path(route, parts: parts(of: rank), RouteParameters(names: names, values: values)))
            }),
            direct.route.name != route.name, direct.route.storage.isOwnPattern, direct.redirects.isEmpty
        {
            landed = direct.route
            landedValues = direct.route.parameterList.compactMap { direct.parameters[$0.name] }
            landedNames = landedValues.count == direct.route.parameterList.count ? nil : direct.route.parameterList.map(\.name).filter { direct.parameters[$0] != nil }
        }
        return RouteMatch(
            route: landed, values: landedValues, names: landedNames, query: match.query, path: match.path,
            redirects: redirects, alias: entry.kind == .alias ? entry.fullPattern : nil, dropped: match.droppedQuery)
    }

    /// Follows the table's redirects from `name` (a route, or a redirect) to the name of the route
    /// they end at, handing each redirect passed to `visit` — the one walk of a chain, for the
    /// lookup and for `check`. The bound only guards against a table the compiler would have
    /// refused (a cycle).
    func followingRedirects(from name: String, _ visit: (Route) -> Void) -> String {
        var next = name
        var hops = 0
        while hops <= redirectRanks.count, let rank = redirectRanks[next] {
            hops += 1
            let hop = entries[rank]
            visit(hop)
            guard case .redirect(let target) = hop.kind else { break }
            next = target
        }
        return next
    }

    /// Whether this lookup is the direct one ``landedSlowly(_:)`` makes for a hop's target.
    @TaskLocal static var checkingLanding = false

    /// `parameters` with `fixed` after them (a name in both keeps `parameters`' value: the
    /// compiler refuses a redirect that both reads and sets one).
    static func adding(_ fixed: RouteParameters, to parameters: RouteParameters) -> RouteParameters {
        guard !fixed.isEmpty else { return parameters }
        var names = parameters.names
        var values = Array(parameters.map(\.value))
        for (name, value) in fixed where parameters[name] == nil {
            names.append(name)
            values.append(value)
        }
        return RouteParameters(names: names, values: values)
    }
}
