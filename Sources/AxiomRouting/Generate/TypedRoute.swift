public import AxiomURLPattern

/// A route of a table as a Swift value: what `axiom-route generate swift` and the
/// `GenerateRoutes` build plugin generate from a route table — one case a route, its
/// parameters typed as the table declares them — so a missing or mistyped parameter is a
/// compile error instead of a run-time one (see Docs/TypedRoutes.md).
///
/// ```swift
/// let router = try AppRoute.makeRouter()                          // the embedded table
/// let url = try router.url(for: AppRoute.profile(userId: 42, tab: .likes))
/// if case .success(let match) = router.resolve(url), let route = AppRoute(match) { … }
/// ```
///
/// The string API (`Router.url(for:parameters:query:)`, `Destination`) stays for dynamic
/// use; a typed route converts to it losslessly, and back.
public protocol TypedRoute: Hashable, Sendable {
    /// The route-table files the type was generated from, embedded (names relative to their
    /// common folder, so includes resolve among them).
    static var routeSources: [RouteSource] { get }
    /// The table compiled and checked when the code was generated (``RouterSnapshot``): what
    /// ``makeRouter(limits:)`` loads at launch instead of compiling ``routeSources`` again. Nil
    /// (the default) for a type written by hand.
    static var routeSnapshot: String? { get }
    /// The route's name in the table (`profile`).
    var routeName: String { get }
    /// The path parameters, named and ordered as the table declares them (absent optional
    /// groups left out): what a ``RouteMatch`` of this route holds.
    var routeParameters: RouteParameters { get }
    /// The query parameters, in declaration order, with their defaults (absent optional ones
    /// left out): what a ``RouteMatch`` of this route holds.
    var routeQuery: RouteParameters { get }
    /// The route `routeName` names with these values, or nil when the type has no such route
    /// or a value is missing or of another type.
    init?(routeName: String, parameters: RouteParameters, query: RouteParameters)
}

extension TypedRoute {
    /// The route a match names (nil when the match is of a route the type does not have:
    /// a router built from another table).
    public init?(_ match: RouteMatch) {
        self.init(routeName: match.route.name, parameters: match.parameters, query: match.query)
    }

    /// No snapshot: ``makeRouter(limits:)`` compiles the embedded table.
    public static var routeSnapshot: String? { nil }

    /// The router of the embedded table, ready to use: loaded from ``routeSnapshot`` (nothing
    /// parsed or checked; each first segment's expressions compiled at the first URL that needs
    /// them), or compiled from ``routeSources`` when there is no snapshot or it does not load
    /// (a generated file edited by hand). The table compiled when the code was generated; this
    /// throws only if the embedded sources were edited too.
    public static func makeRouter(limits: MatchLimits = MatchLimits()) throws(RouteTableError) -> Router {
        if let snapshot = routeSnapshot, let router = try? Router(snapshot: snapshot, limits: limits) { return router }
        return try Router(sources: routeSources, resolver: RouteSource.resolver(among: routeSources), limits: limits)
    }
}

extension Router {
    /// Typed reverse routing: the URL of `route` (see ``url(for:parameters:query:)``).
    public func url(for route: some TypedRoute) throws(RouteURLError) -> String {
        try url(for: route.routeName, parameters: route.routeParameters, query: route.routeQuery)
    }
}

/// The answer of a route that gives one (`result TYPE` in the table), typed: a generated typed
/// route has one per such route (`AppRoute.Results.pickPhoto`). The caller awaits it
/// (`NavigationFlow.navigate(to:awaiting:)`) and the route's screen sends it
/// (`NavigationHandle.answer(_:with:)`), both with `Value`, so a wrong type at either end does
/// not compile (Docs/Navigation.md, "Screens that answer").
public struct RouteResultKey<Value: RouteValueConvertible>: Sendable, Hashable {
    /// The route's name in the table.
    public let route: String

    public init(route: String) { self.route = route }
}

extension ParameterType {
    /// `value` as an answer of this type (`result TYPE`): the value as the table holds it (a
    /// list of strings as a list, whichever way it was written), or nil when it is not one of
    /// the type (an enum's value it does not list, an int for a string …).
    public func answer(_ value: RouteValue) -> RouteValue? {
        switch (self, value) {
        case (.string, .string), (.int, .int), (.double, .double), (.bool, .bool), (.uuid, .uuid): return value
        case (.enumeration(let values), .string(let text)): return values.contains(text) ? value : nil
        case (.list(let element), .list(let items)):
            var answered: [RouteValue] = []
            for item in items {
                guard let one = element.answer(item) else { return nil }
                answered.append(one)
            }
            return .list(answered)
        case (.list, .path(let segments)): return answer(.list(segments.map(RouteValue.string)))
        default: return nil
        }
    }
}
