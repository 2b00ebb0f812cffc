public import AxiomRouting

/// Where to navigate: a route and its typed values.
///
/// A destination built from a resolved URL (`Destination(match)`) also remembers the table's redirects
/// the URL went through (``redirects``), so navigating to it reports `redirected` with that
/// chain, as opening the URL does. The chain says how the destination was reached, not which
/// screen it is: it is not part of equality or hashing, and entries do not keep it.
public struct Destination: Sendable, Hashable, CustomStringConvertible {
    public let route: String
    public let parameters: RouteParameters
    public let query: RouteParameters
    /// The table's redirects a URL went through before it reached ``route``, in order, each as
    /// the destination it named (`redirect hashtag /hashtags/:tag -> tag` gives
    /// `hashtag [tag: swift]`); empty for a destination made in code. Counted against the flow's
    /// `maxRedirects` with any a middleware adds.
    public var redirects: [Destination] { extras?.redirects ?? [] }
    /// How much of a back stack to build under the screen when it is navigated to (``Anchor``):
    /// ``Anchor/none`` unless ``anchored(_:)`` says otherwise. Like ``redirects`` it says how to
    /// get there, not which screen it is: not part of equality or hashing, not kept by entries.
    public var anchor: Anchor { extras?.anchor ?? .none }

    /// How the destination is reached — its redirects and its anchor — boxed, nil for most
    /// destinations (every entry's, those made in code): a destination is copied with every entry,
    /// and a nil reference is the cheapest thing to copy.
    private var extras: Extras?

    private final class Extras: Sendable {
        let redirects: [Destination]
        let anchor: Anchor

        init(redirects: [Destination], anchor: Anchor) {
            self.redirects = redirects
            self.anchor = anchor
        }
    }

    /// Whether the destination has an anchor (other than ``Anchor/none``).
    var hasAnchor: Bool {
        guard let extras else { return false }
        if case .none = extras.anchor { return false }
        return true
    }

    /// How much of the back stack a navigation builds under its screen (Expo Router's
    /// `withAnchor`; Jetpack's deep links that list their destinations).
    public enum Anchor: Sendable, Hashable {
        /// The request as it is: a `navigate` shows the route by its transition over the current
        /// screen, a link builds its parents.
        case none
        /// The first screen of the route's parent chain below it (the stack's anchor), as a link
        /// builds it: modals dismissed, the route's tab selected.
        case root
        /// The route's whole parent chain below it, as a link builds it.
        case parents
        /// These screens below it, in order, bottom first: a back stack spelled out (a link that
        /// names several destinations, ``NavigationFlow/open(urls:source:)``). A screen whose
        /// route does not take the request's source is left out, as a link's parents are.
        case screens([Destination])
    }

    public init(_ route: String, parameters: RouteParameters = [:], query: RouteParameters = [:]) {
        self.init(route, parameters: parameters, query: query, redirects: [])
    }

    /// A destination reached through `redirects` (see ``redirects``).
    public init(_ route: String, parameters: RouteParameters = [:], query: RouteParameters = [:], redirects: [Destination]) {
        self.route = route
        self.parameters = parameters
        self.query = query
        self.extras = redirects.isEmpty ? nil : Extras(redirects: redirects, anchor: .none)
    }

    /// The same values with these extras (the way it is reached kept).
    private init(_ route: String, parameters: RouteParameters, query: RouteParameters, extras: Extras?) {
        self.route = route
        self.parameters = parameters
        self.query = query
        self.extras = extras
    }

    /// The same screen, navigated to with `anchor`'s back stack below it: a middleware's
    /// redirect to `Destination("post", …).anchored(.parents)` lands on the post with its
    /// parents below, as the link to it would, whatever command it redirected.
    ///
    /// ```swift
    /// await flow.navigate(to: Destination("comments", parameters: ["postId": .int(7)]).anchored(.parents))
    /// flow.state.activeStack.map(\.route)   // ["feed", "post", "comments"]
    /// ```
    public func anchored(_ anchor: Anchor) -> Destination {
        var anchored = self
        if case .none = anchor, redirects.isEmpty {
            anchored.extras = nil
        } else {
            anchored.extras = Extras(redirects: redirects, anchor: anchor)
        }
        return anchored
    }

    /// The screens ``Anchor/screens(_:)`` names (none for any other anchor).
    var anchorScreens: [Destination] {
        if case .screens(let screens) = anchor { return screens }
        return []
    }

    /// The destination a resolved URL names, with the table's redirects it went through.
    public init(_ match: RouteMatch) {
        self.init(
            match.route.name, parameters: match.parameters, query: match.query,
            redirects: match.redirects.map { Destination($0.name, parameters: $0.parameters, query: match.query) })
    }

    /// The same destination without the redirects it came through (its ``anchor`` kept: the
    /// request still builds it).
    var withoutRedirects: Destination {
        guard let extras, !extras.redirects.isEmpty else { return self }
        return Destination(route, parameters: parameters, query: query).anchored(extras.anchor)
    }

    /// The screen alone, without the way it was reached (what an entry keeps).
    var asScreen: Destination {
        extras == nil ? self : Destination(route, parameters: parameters, query: query, extras: nil)
    }

    /// The same screen: the same route, and the same value for each name — in whatever order the
    /// values were given (code builds them in its own order, a resolved URL in the route's).
    public static func == (lhs: Destination, rhs: Destination) -> Bool {
        lhs.route == rhs.route && sameValues(lhs.parameters, rhs.parameters) && sameValues(lhs.query, rhs.query)
    }

    /// The same value for each name, in any order (a route's names are unique; values given twice
    /// under one name, which no route takes, are compared both ways so that equality stays symmetric).
    static func sameValues(_ lhs: RouteParameters, _ rhs: RouteParameters) -> Bool {
        lhs == rhs
            || (lhs.count == rhs.count && lhs.allSatisfy { rhs[$0.name] == $0.value } && rhs.allSatisfy { lhs[$0.name] == $0.value })
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(route)
        // Order-free, as equality is: the names, not their order (combined by xor).
        hasher.combine(parameters.reduce(0) { $0 ^ $1.name.hashValue })
        hasher.combine(query.reduce(0) { $0 ^ $1.name.hashValue })
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
        if query.isEmpty { return Destination(self.route, parameters: parameters, query: defaults, extras: extras) }
        let missing = defaults.filter { query[$0.name] == nil }
        guard !missing.isEmpty else { return self }
        return Destination(
            self.route, parameters: parameters,
            query: RouteParameters(names: query.map(\.name) + missing.map(\.name), values: query.map(\.value) + missing.map(\.value)),
            extras: extras)
    }
}

/// A generational entry id: 0, 1, 2 … in the order entries are created, never reused, so
/// tests can name entries deterministically.
public struct EntryID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    public let rawValue: Int

    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(Int.self) }
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

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
