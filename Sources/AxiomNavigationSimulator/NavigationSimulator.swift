public import AxiomNavigation
public import AxiomRouting
public import Clocks

/// A navigation flow that runs deterministically with no UI: built from a route table, on a
/// test clock, with the built-in middleware (analytics into memory, rate limiting,
/// authentication), a recording context for every route, a loader for every name the table's
/// routes `load` (it returns `"NAME for #ID"`, or throws when listed in
/// ``Options/failingLoaders``), and deterministic ids (entries #0, #1 …, requests 0, 1 …). `axiom-route simulate` runs scripts on it; the testing product's
/// `TestNavigator` adds assertions on top. It links no test framework.
///
/// ```swift
/// let simulator = try NavigationSimulator(routes: "route home /\nroute post /posts/:id\n  param id int\n")
/// await simulator.open("myapp://posts/7")      // .completed
/// simulator.state.visible?.route               // "post"
/// ```
@MainActor
public final class NavigationSimulator {
    /// How the simulator is set up.
    public struct Options: Sendable {
        /// Whether the user starts signed in (routes with `auth` need it).
        public var signedIn: Bool
        /// How long a request parked while signed out waits for ``NavigationSimulator/signIn(as:)``.
        public var loginTimeToLive: Duration
        /// The rate limit, or nil for none. By default 10 per second, counted globally over
        /// requests from outside the app (deep links, universal links, push notifications), so
        /// a test's in-app steps are never limited.
        public var rateLimit: RateLimit?
        public var configuration: NavigationFlow.Configuration
        /// Loaders (`load NAME` in the table) that throw instead of loading.
        public var failingLoaders: Set<String> = []

        public struct RateLimit: Sendable, Hashable {
            public var limit: Int
            public var window: Duration
            public var key: RateLimitKey
            public var sources: Set<NavigationSource>

            public init(
                limit: Int = 10, per window: Duration = .seconds(1), key: RateLimitKey = .global,
                appliesTo sources: Set<NavigationSource> = [.deepLink, .universalLink, .pushNotification]
            ) {
                self.limit = limit
                self.window = window
                self.key = key
                self.sources = sources
            }
        }

        public init(
            signedIn: Bool = false, loginTimeToLive: Duration = .seconds(300), rateLimit: RateLimit? = RateLimit(),
            configuration: NavigationFlow.Configuration = NavigationFlow.Configuration()
        ) {
            self.signedIn = signedIn
            self.loginTimeToLive = loginTimeToLive
            self.rateLimit = rateLimit
            self.configuration = configuration
        }
    }

    /// The flow's route table (`NavigationFlow.replaceTable(with:)` may swap it).
    public var router: Router { flow.router }
    /// The clock of the rate limit and the login's time to live; moves only with ``advance(by:)``.
    public let clock = TestClock<Duration>()
    public let orchestrator: Orchestrator
    /// Every navigation's analytics event, in order.
    public let analytics = InMemoryAnalyticsSink()
    public let authentication: AuthenticationMiddleware<TestClock<Duration>>

    /// A simulator over a route table given as text (its diagnostics are the error).
    /// - Parameters:
    ///   - routes: the route table, in the route-table language.
    ///   - state: where the app starts; by default the table's tabs at their root routes
    ///     (`NavigationState(router:)`).
    ///   - options: signed in or not, the login's lifetime, rate limiting, the flow's configuration.
    ///   - factories: contexts for some routes; every other route gets a ``RecordedContext``.
    public convenience init(
        routes: String, state: NavigationState? = nil, options: Options = Options(), factories: [String: ContextFactory] = [:]
    ) throws(RouteTableError) {
        try self.init(router: Router(source: RouteSource(name: "routes", text: routes)), state: state, options: options, factories: factories)
    }

    public init(router: Router, state: NavigationState? = nil, options: Options = Options(), factories: [String: ContextFactory] = [:]) {
        // Every route without a factory (also those of a table swapped in later) gets a
        // recording context.
        orchestrator = Orchestrator(router: router, state: state ?? NavigationState(router: router), configuration: options.configuration) {
            (environment: ContextEnvironment) -> (any Context)? in
            factories[environment.entry.route]?(environment) ?? RecordedContext(entry: environment.entry, loaded: environment.loaded)
        }
        authentication = AuthenticationMiddleware(
            loginRoute: router.loginRoute, signedIn: options.signedIn, timeToLive: options.loginTimeToLive, clock: clock)
        // Analytics outermost (it sees every outcome), then the limit, then authentication.
        flow.add(AnalyticsMiddleware(sink: analytics))
        if let limit = options.rateLimit {
            flow.add(RateLimitMiddleware(limit: limit.limit, per: limit.window, key: limit.key, appliesTo: limit.sources, clock: clock))
        }
        flow.add(authentication)
        let failing = options.failingLoaders
        for name in Set(router.routes.flatMap(\.metadata.loaders)) where flow.loaders[name] == nil {
            flow.loaders[name] = { request in
                guard !failing.contains(name) else { throw SimulatedLoaderFailure() }
                return "\(name) for \(request.entry)"
            }
        }
    }

    public var flow: NavigationFlow { orchestrator.navigation }
    public var state: NavigationState { flow.state }
    /// What the steps so far exercised (``NavigationCoverage``): routes shown and how, outcomes,
    /// redirects and aliases taken, changes the UI reported.
    public private(set) var coverage = NavigationCoverage()
    /// The newest commit already in ``coverage``.
    private var recordedThrough = RequestID(-1)

    /// Adds the step's commits, and its request's outcome, to ``coverage``.
    private func cover(_ result: NavigationResult?, route: String?) {
        coverage.record(flow.history.filter { $0.request > recordedThrough })
        if let last = flow.history.last?.request, last > recordedThrough { recordedThrough = last }
        if let result { coverage.record(result, route: route, login: router.loginRoute) }
    }
    /// The live contexts by entry.
    public var contexts: [EntryID: any Context] { orchestrator.contexts }
    /// Every lifecycle event delivered, in order (the initial screen's `appear` after
    /// ``start()``, which every step calls first).
    public var lifecycle: [LifecycleEvent] { orchestrator.deliveredEvents }

    /// Brings the initial screen on (its context appears). Every step calls it first.
    public func start() async {
        await orchestrator.start()
        cover(nil, route: nil)
        // The first screen is shown by the start, whether or not the start committed anything.
        if !coveredStart, let visible = state.visible {
            coveredStart = true
            coverage.shown.insert(NavigationCoverage.Shown(route: visible.route, way: "start", source: visible.source.rawValue))
        }
    }

    /// Whether the start's screen is in ``coverage``.
    private var coveredStart = false

    // MARK: Steps

    @discardableResult
    public func open(_ url: String, source: NavigationSource = .deepLink) async -> NavigationResult {
        await start()
        let match = try? router.resolve(url).get()
        if let match { coverage.record(match) }
        let result = await flow.open(url: url, source: source)
        cover(result, route: match?.route.name)
        return result
    }

    /// Opens a link of several screens (`NavigationFlow.open(urls:source:)`).
    @discardableResult
    public func open(urls: [String], source: NavigationSource = .deepLink) async -> NavigationResult {
        await start()
        let matches = urls.compactMap { try? router.resolve($0).get() }
        for match in matches { coverage.record(match) }
        let result = await flow.open(urls: urls, source: source)
        cover(result, route: matches.count == urls.count ? matches.last?.route.name : nil)
        return result
    }

    @discardableResult
    public func navigate(to destination: Destination, source: NavigationSource = .inApp) async -> NavigationResult {
        await start()
        for redirect in destination.redirects { coverage.redirects.insert(redirect.route) }
        let result = await flow.navigate(to: destination, source: source)
        cover(result, route: destination.route)
        return result
    }

    /// Navigates to a typed route (Docs/TypedRoutes.md).
    @discardableResult
    public func navigate(to route: some TypedRoute, source: NavigationSource = .inApp) async -> NavigationResult {
        await navigate(to: Destination(route), source: source)
    }

    /// Navigates to a route that answers and awaits its answer (Docs/Navigation.md, "Screens that
    /// answer"), `caller` the entry that asks.
    public func navigateForResult(to destination: Destination, source: NavigationSource = .inApp, caller: EntryID? = nil) async -> RouteResult<RouteValue> {
        await start()
        let started = flow.history.last?.request
        let result = await flow.navigateForResult(to: destination, source: source, caller: caller)
        // What the request showed is covered as a navigation's.
        let committed = flow.history.last?.request != started
        cover(committed ? .completed : nil, route: committed ? destination.route : nil)
        return result
    }

    @discardableResult
    public func perform(_ command: NavigationCommand, source: NavigationSource = .inApp) async -> NavigationResult {
        await start()
        let result = await flow.perform(command, source: source)
        cover(result, route: Self.route(of: command))
        return result
    }

    @discardableResult
    public func back() async -> NavigationResult { await perform(.back) }

    @discardableResult
    public func dismiss() async -> NavigationResult { await perform(.dismiss) }

    @discardableResult
    public func selectTab(_ name: String) async -> NavigationResult { await perform(.selectTab(name)) }

    /// The route a command asks for, if it names one.
    private static func route(of command: NavigationCommand) -> String? {
        switch command {
        case .push(let destination), .replace(let destination), .present(let destination, _): return destination.route
        case .popTo(let route, _): return route
        case .popToDestination(let destination, _), .pushRestoring(let destination), .switchStack(let destination): return destination.route
        case .popToSaving(let route, _): return route
        case .setStack(let destinations): return destinations.last?.route
        case .pop, .popToRoot, .dismiss, .selectTab, .resetTab, .back, .answer: return nil
        }
    }

    /// What the UI already did on screen (`NavigationFlow.uiDidChange(_:)`), with its
    /// lifecycle (and the policy's follow-up) delivered before it returns.
    @discardableResult
    public func uiDidChange(_ change: UIChange) async -> NavigationResult {
        await start()
        let result = flow.uiDidChange(change)
        await flow.lifecycleSettled()
        cover(nil, route: nil)
        return result
    }

    /// Signs in (as `principal`, when given) and resumes the parked request, if any; nil when
    /// there was none.
    @discardableResult
    public func signIn(as principal: Principal? = nil) async -> NavigationResult? {
        await start()
        let parked = flow.parkedRequest?.action
        let result = await flow.signIn(as: principal)
        let route: String? =
            switch parked {
            case .navigate(let destination)?, .deepLink(let destination)?: destination.route
            default: nil
            }
        cover(parked == nil ? nil : result, route: route)
        return result
    }

    public func signOut() {
        flow.signOut()
        cover(nil, route: nil)
    }

    /// Restores a saved state into the running flow (`NavigationFlow.restore(_:source:)`): what
    /// no longer fits the table is dropped, and the rest goes through the gate like any request.
    @discardableResult
    public func restore(_ saved: NavigationState, source: NavigationSource = .inApp) async -> RestoreResult {
        await start()
        let restored = await flow.restore(saved, source: source)
        cover(restored.result, route: restored.result == .completed ? state.visible?.route : nil)
        return restored
    }

    /// Swaps the route table (`NavigationFlow.replaceTable(with:)`): the state is checked against
    /// the new table, and what it drops is in the result.
    @discardableResult
    public func replaceTable(with router: Router) async -> RestoreResult {
        await start()
        let restored = await flow.replaceTable(with: router)
        cover(nil, route: nil)
        return restored
    }

    /// Moves the test clock (rate-limit windows, the parked request's time to live).
    public func advance(by duration: Duration) async { await clock.advance(by: duration) }
}

/// What a loader listed in ``NavigationSimulator/Options/failingLoaders`` throws.
public struct SimulatedLoaderFailure: Error, Sendable, CustomStringConvertible {
    /// The error's stable code (one kind: ``Code/simulatedFailure``).
    public struct Code: StableCode {
        public let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }
        /// A loader the simulator was told fails (`set loader NAME fails`).
        public static let simulatedFailure = Code(rawValue: "simulated-loader-failure")
    }

    public var code: Code { .simulatedFailure }
    public var description: String { "simulated failure" }
}

/// The context the simulator gives every route it has no factory for: it counts its
/// appearances, so tests can see which contexts were created and what they were told.
@MainActor
public final class RecordedContext: Context {
    public let entry: NavigationEntry
    /// What the route's loaders produced for the entry.
    public let loaded: LoadedData
    public private(set) var appearances = 0
    public private(set) var disappearances = 0

    public init(entry: NavigationEntry, loaded: LoadedData = .empty) {
        self.entry = entry
        self.loaded = loaded
    }

    public func onAppear() async { appearances += 1 }
    public func onDisappear() async { disappearances += 1 }
}
