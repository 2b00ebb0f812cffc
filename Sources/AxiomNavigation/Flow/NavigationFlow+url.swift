public import AxiomRouting

/// Canonical URLs: the link of a screen (a share button, Handoff, App Intents, a link copied from
/// the screen), printed by reverse routing.
extension Router {
    /// The URL that opens `destination`'s screen: printed by reverse routing
    /// (`Router.url(for:parameters:query:)`) in the table's default spelling — its first printable
    /// origin, the route's own pattern, no attribution items — and without the query items that
    /// equal their defaults (a URL leaving them out gets them back: `myapp://posts/7`, not
    /// `myapp://posts/7?sort=top`). Resolving it gives `destination` again (the reverse-routing law;
    /// a URL that would not is `not-reversible`).
    public func canonicalURL(for destination: Destination) throws(RouteURLError) -> String {
        var query = destination.query
        if let declared = route(named: destination.route)?.query, declared.contains(where: { $0.defaultValue != nil }) {
            // (A `nullable` one stays: left out, it would be written as "no value".)
            let kept = query.filter { item in declared.first { $0.name == item.name }.map { $0.defaultValue != item.value || $0.isNullable } ?? true }
            query = RouteParameters(names: kept.map(\.name), values: kept.map(\.value))
        }
        let printed = try url(for: destination.route, parameters: destination.parameters, query: query)
        // A table whose origins are all patterns (`https://*`) prints a path: no link opens that.
        guard !printed.hasPrefix("/") else { throw .noPrintableOrigin(route: destination.route, path: printed) }
        return printed
    }
}

extension NavigationFlow {
    /// The URL of what the user sees now (``NavigationState/visible``), in the table's default
    /// spelling (`Router.canonicalURL(for:)`): opening it as a link shows the same screen with the
    /// same values. Nil when nothing is visible or the screen's route cannot be printed (a route
    /// without a printable origin, values no URL of the route carries); ``url(of:)`` says why.
    public var canonicalURL: String? {
        guard let visible = state.visible else { return nil }
        return try? url(of: visible)
    }

    /// The URL of `entry`'s screen, in the table's default spelling (`Router.canonicalURL(for:)`).
    public func url(of entry: NavigationEntry) throws(RouteURLError) -> String {
        try router.canonicalURL(for: entry.destination)
    }
}
