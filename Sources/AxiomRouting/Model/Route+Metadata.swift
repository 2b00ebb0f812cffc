/// What the navigation layer needs to know about a route, and its policy once its ancestors
/// and container are counted.
extension Route {
    /// A route's policy once its ancestors and container are counted.
    struct Policy: Sendable, Hashable {
        var requiresAuthentication: Bool
        var allowedSources: Set<String>?
    }

    /// What the navigation layer needs to know about a route.
    public struct Metadata: Sendable, Hashable {
        /// Reaching the route while signed out redirects to the table's login route: its own
        /// `auth`, an ancestor's `auth children`, or its container's `auth`.
        public internal(set) var requiresAuthentication: Bool
        /// The screen name analytics record (defaults to the route name).
        public let analyticsName: String
        /// How navigating to the route changes the screen (`push` when not declared).
        public let transition: Transition
        /// The route below this one in a deep link's synthetic back stack.
        public let parent: String?
        /// The tab the route lives in: its own `tab(…)` transition, or its parent's tab.
        public internal(set) var tab: String?
        /// The container the route lives in (``RouteContainer``): its own `container NAME`, or
        /// its parent's; nil for a route of the app's root.
        public internal(set) var container: String? = nil
        /// The navigation sources allowed to open the route (`sources inApp, deepLink`, narrowed
        /// by an ancestor's `sources … children` and its container's `sources`); nil when the
        /// table does not restrict them. The names are those of ``sourceNames``.
        public internal(set) var allowedSources: Set<String>?
        /// The loaders whose data the route needs before it is shown (`load profileData`), in
        /// the order declared: the navigation flow runs the app's loaders of these names after
        /// the middleware and before the commit (Docs/Navigation.md, "Loaders").
        public let loaders: [String]
        /// `start [NAME = VALUE, …]`: the values the app starts this route with — at the bottom
        /// of its stack (a table without tabs), or as its tab's root; nil when the table does not
        /// name it a start (``Router/start(tab:)`` says where the app starts either way).
        public internal(set) var start: RouteParameters? = nil
        /// `result TYPE`: the type of the value the route's screen answers its caller with
        /// (Docs/Navigation.md, "Screens that answer"); nil when the screen answers nothing.
        public internal(set) var result: ParameterType? = nil
        /// `from-link TRANSITION [alone]`: how a request from a link (any source but `inApp`) shows
        /// the route — pushed, in place of the top or as a modal, over its parents unless
        /// ``linkAlone`` — while a request from the app shows it with ``transition``
        /// (Docs/Navigation.md, "Presentation by origin"); nil: every source alike.
        public internal(set) var linkTransition: Transition? = nil
        /// `from-link … alone`: a link shows the route over the current screen, without its parents.
        public internal(set) var linkAlone = false

        /// The source names a table may list: where a navigation request can come from.
        public static let sourceNames = ["inApp", "deepLink", "universalLink", "pushNotification"]

        /// A route's metadata when its table declares none: no sign-in, its own name for
        /// analytics, a push, no parent, tab, container, source restriction or loaders.
        static func plain(name: String) -> Metadata {
            Metadata(requiresAuthentication: false, analyticsName: name, transition: .push, parent: nil, tab: nil, allowedSources: nil, loaders: [])
        }

        /// Whether a request from `source` (one of ``sourceNames``) may open the route.
        public func allows(source: String) -> Bool { allowedSources?.contains(source) ?? true }
    }
}
