public import AxiomRouting

/// Where to navigate: a route and its typed values.
public struct Destination: Sendable, Hashable, CustomStringConvertible {
    public let route: String
    public let parameters: RouteParameters
    public let query: RouteParameters

    public init(_ route: String, parameters: RouteParameters = [:], query: RouteParameters = [:]) {
        self.route = route
        self.parameters = parameters
        self.query = query
    }

    /// The destination a resolved URL names.
    public init(_ match: RouteMatch) {
        self.init(match.route.name, parameters: match.parameters, query: match.query)
    }

    public var description: String {
        parameters.isEmpty ? route : "\(route) \(parameters)"
    }

    /// The destination with every query default of `route` it leaves out filled in, as a URL's
    /// would be (`navigate(to: post)` and `open(url: "myapp://posts/7")` are the same screen,
    /// `sort = top` and all).
    func withQueryDefaults(of route: Route) -> Destination {
        guard let defaults = route.defaultQuery else { return self }
        // No query at all (a parent, a tab root, most code): the route's defaults as they are.
        if query.isEmpty { return Destination(self.route, parameters: parameters, query: defaults) }
        let missing = defaults.filter { query[$0.name] == nil }
        guard !missing.isEmpty else { return self }
        return Destination(
            self.route, parameters: parameters,
            query: RouteParameters(names: query.map(\.name) + missing.map(\.name), values: query.map(\.value) + missing.map(\.value)))
    }
}

/// A generational entry id: 0, 1, 2 … in the order entries are created, never reused, so
/// tests can name entries deterministically.
public struct EntryID: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let rawValue: Int

    public init(_ rawValue: Int) { self.rawValue = rawValue }

    public static func < (lhs: EntryID, rhs: EntryID) -> Bool { lhs.rawValue < rhs.rawValue }
    public var description: String { "#\(rawValue)" }
}

/// One screen in a stack.
public struct NavigationEntry: Sendable, Hashable, Identifiable, CustomStringConvertible {
    public let id: EntryID
    public let destination: Destination
    /// Where the request that put the entry in the state came from: a deep link's synthetic
    /// parents carry the deep link's source, entries the app builds itself (tab roots, an
    /// initial state) are `inApp`. The route's `sources` are checked against it whenever the
    /// entry becomes visible (see "The gate: policy on every path" in Docs/Middleware.md).
    public let source: NavigationSource

    public init(id: EntryID, destination: Destination, source: NavigationSource = .inApp) {
        self.id = id
        self.destination = destination
        self.source = source
    }

    public var route: String { destination.route }
    public var description: String { "\(id) \(destination)" }
}
