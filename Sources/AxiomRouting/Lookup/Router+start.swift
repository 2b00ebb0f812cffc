/// Where the app starts: the one rule the navigation state's start, `check` (E329, W415) and
/// the tools read.
extension Router {
    /// The route the app starts at, with its start values: for `tab`, the tab's root — the route
    /// marked `start` whose transition is `tab(TAB)`, else the first such route (in rank order)
    /// that needs no values; without a tab (a table without tabs), the route marked `start`,
    /// else the first route for `/` on no host, scheme or fragment that needs no values. Nil
    /// when there is none: that stack starts empty (`check` reports it).
    public func start(tab: String? = nil) -> (route: Route, values: RouteParameters)? {
        Self.start(in: routes, tab: tab)
    }

    /// ``start(tab:)``'s values sorted as a destination holds them: the path's (host's,
    /// fragment's) and the query's.
    public func startDestination(tab: String? = nil) -> (route: Route, parameters: RouteParameters, query: RouteParameters)? {
        start(tab: tab).map { ($0.route, $0.route.startValues($0.values).parameters, $0.route.startValues($0.values).query) }
    }

    /// ``start(tab:)`` over `routes` (rank order, routes only), for the compiler's checks.
    static func start(in routes: [Route], tab: String?) -> (route: Route, values: RouteParameters)? {
        func belongs(_ route: Route) -> Bool {
            // The app's own start is in-app: a route its `sources` close to the app never starts it.
            guard route.kind == .route, route.metadata.container == nil, route.metadata.allows(source: "inApp") else { return false }
            if let tab { return route.metadata.transition == .tab(tab) }
            if case .tab = route.metadata.transition { return false }
            return true
        }
        // A declared start whose values the route refuses (only a damaged snapshot can hold one)
        // is no start.
        if let declared = routes.first(where: { belongs($0) && $0.metadata.start != nil }), let values = declared.metadata.start,
            declared.acceptsStart(values)
        {
            return (declared, values)
        }
        let root = routes.first { route in
            guard belongs(route), route.startsWithoutValues else { return false }
            return tab != nil || (route.pattern == "/" && route.host == nil && route.scheme == nil && route.fragment == nil)
        }
        return root.map { ($0, RouteParameters()) }
    }
}

extension Route {
    /// `values` (path, host, fragment and query values by name) sorted into the path's and the query's.
    func startValues(_ values: RouteParameters) -> (parameters: RouteParameters, query: RouteParameters) {
        let queryNames = Set(query.map(\.name))
        let path = values.filter { !queryNames.contains($0.name) }
        let items = values.filter { queryNames.contains($0.name) }
        return (
            RouteParameters(names: path.map(\.name), values: path.map(\.value)), RouteParameters(names: items.map(\.name), values: items.map(\.value))
        )
    }

    /// Whether `values` (path, host, fragment and query values by name) fit the route.
    func acceptsStart(_ values: RouteParameters) -> Bool {
        let (parameters, query) = startValues(values)
        return (try? Router.validate(self, parameters: parameters, query: query)) != nil
    }

    /// Whether the route can be shown without any value: every parameter optional, every
    /// required query item with a default.
    var startsWithoutValues: Bool {
        parameters.allSatisfy(\.isOptional) && query.allSatisfy { !$0.isRequired || $0.defaultValue != nil }
    }
}
