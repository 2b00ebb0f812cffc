public import AxiomRouting

// Typed routes (Docs/TypedRoutes.md) wherever the navigation layer takes a destination: the
// compiler checks the route and its values; the string API stays for dynamic use.

extension Destination {
    /// The destination a typed route names: its table name and values, as a URL of it would
    /// resolve to (query defaults included).
    public init(_ route: some TypedRoute) {
        self.init(route.routeName, parameters: route.routeParameters, query: route.routeQuery)
    }

    /// This destination as `Route`, or nil when it names a route `Route` does not have or its
    /// values do not fit.
    public func route<Route: TypedRoute>(as type: Route.Type) -> Route? {
        Route(routeName: route, parameters: parameters, query: query)
    }
}

/// A destination that is not a route of the typed-route type asked for: the table and the
/// generated type do not match (a loader registered through a generated `…Loaders` type throws it).
public struct TypedRouteMismatch: Error, Sendable, CustomStringConvertible {
    /// The error's stable code (one kind: ``Code/notARouteOfTheType``).
    public struct Code: StableCode {
        public let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        /// The destination's route is not a case of the typed-route type.
        public static let notARouteOfTheType = Code(rawValue: "typed-route-mismatch")
    }

    public var code: Code { .notARouteOfTheType }
    public let destination: Destination

    public init(destination: Destination) { self.destination = destination }

    public var description: String { "'\(destination)' is not a route of the typed-route type (was the type generated from this table?)" }
}

extension NavigationEntry {
    /// The entry's destination as `Route` (see ``Destination/route(as:)``).
    public func route<Route: TypedRoute>(as type: Route.Type) -> Route? {
        destination.route(as: type)
    }
}

