public import AxiomRouting

/// The start an app gives: a state built with the planner's deep-link target, so it lives with
/// the planner (the state's own start, ``NavigationState/init(router:)``, needs none).
extension NavigationState {
    /// The starting state of ``init(router:)`` with `start` as the first screen, the values an
    /// app starts a screen with (Jetpack's start destination arguments): in a table without
    /// tabs, the bottom of the stack; a tab's root route (`transition tab(NAME)`) starts its tab,
    /// which is selected; any other route is shown as a deep link to it builds it (its tab, its
    /// parents under it, its container) over the table's start. Throws when `start` does not fit
    /// its route (an unknown route, a value missing, mistyped or undeclared), as
    /// `Router.validate(_:parameters:query:)` says.
    public init(router: Router, start: Destination) throws(RouteURLError) {
        guard let route = router.route(named: start.route) else {
            try router.validate(start.route)
            self.init(router: router)
            return
        }
        try Router.validate(route, parameters: start.parameters, query: start.query)
        let first = start.asScreen.withQueryDefaults(of: route)
        guard !router.tabs.isEmpty else {
            self.init(stack: [first])
            return
        }
        if case .tab(let tab) = route.metadata.transition, route.metadata.container == nil, router.tabs.contains(tab) {
            var tabs: [(String, Destination?)] = router.tabs.map { ($0, Self.root(router, tab: $0)) }
            if let index = tabs.firstIndex(where: { $0.0 == tab }) { tabs[index].1 = first }
            self.init(tabs: tabs, selected: tab)
            return
        }
        let base = NavigationState(router: router)
        switch NavigationPlanner.deepLink(to: first, router: router, in: base, source: .inApp) {
        case .success(let plan): self = plan.state
        case .failure:
            // A parent refuses the value (W408 in `check`): the screen alone, over the start.
            self = base
            setActiveStack(activeStack + [makeEntry(first)])
        }
    }
}
