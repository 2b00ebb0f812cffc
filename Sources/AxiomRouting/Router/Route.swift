/// One route of a compiled table: its name, pattern, typed parameters and metadata.
public struct Route: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// The route's unique name (`profile`).
    public let name: String
    /// The canonical pathname pattern (`/profile/:userId`).
    public let pattern: String
    /// Path parameters in pattern order, with their types.
    public let parameters: [Parameter]
    /// Declared query parameters.
    public let query: [QueryParameter]
    public internal(set) var metadata: Metadata
    /// Where the route is declared.
    public let location: SourceLocation
    /// The position in rank order (0 is tried first).
    public internal(set) var rank: Int

    public var id: String { name }

    public var description: String { "\(name) \(pattern)" }

    /// A path parameter: a group of the pattern and its type.
    public struct Parameter: Sendable, Hashable {
        public let name: String
        public let type: ParameterType
        /// Whether the group may be absent (`:id?`, `:rest*`).
        public let isOptional: Bool
    }

    /// A query parameter, matched by name in any order.
    public struct QueryParameter: Sendable, Hashable {
        public let name: String
        public let type: ParameterType
        /// Used when the URL does not carry the parameter.
        public let defaultValue: RouteValue?
        /// A required parameter without a default: a URL without it does not match the route.
        public let isRequired: Bool
    }

    /// What the navigation layer needs to know about a route.
    public struct Metadata: Sendable, Hashable {
        /// Reaching the route while signed out redirects to the table's login route.
        public let requiresAuthentication: Bool
        /// The screen name analytics record (defaults to the route name).
        public let analyticsName: String
        /// How navigating to the route changes the screen (`push` when not declared).
        public let transition: Transition
        /// The route below this one in a deep link's synthetic back stack.
        public let parent: String?
        /// The tab the route lives in: its own `tab(…)` transition, or its parent's tab.
        public internal(set) var tab: String?
    }
}
