import AxiomRouting

// Typed routes (Docs/TypedRoutes.md) at the flow and its handle.

extension NavigationFlow {
    /// Navigates to a typed route: the string API's navigation with the compiler's checks
    /// instead of the run-time ones.
    @discardableResult
    public func navigate(to route: some TypedRoute, source: NavigationSource = .inApp) async -> NavigationResult {
        await navigate(to: Destination(route), source: source)
    }
}

extension NavigationHandle {
    /// Navigates to a typed route.
    @discardableResult
    public func navigate(to route: some TypedRoute) async -> NavigationResult {
        await navigate(to: Destination(route))
    }
}
