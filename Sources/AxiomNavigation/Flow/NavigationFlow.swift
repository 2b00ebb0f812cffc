public import AxiomRouting
public import DequeModule
public import Observation

/// The navigation service: owns the ``NavigationState``, runs every request through the
/// middleware pipeline, commits plans, and keeps a capped history. `@MainActor` and
/// `@Observable`, so a UI can follow ``state``; every entry point returns a
/// ``NavigationResult`` and never throws.
///
/// **Latest wins.** Each request gets the next ``RequestID``. Before every middleware and at
/// the commit the flow checks that the request is still the latest and its task is not
/// cancelled; if not, it ends `cancelled(.superseded)` / `cancelled(.taskCancelled)` and
/// changes nothing — no state, no contexts, no history. Commits happen one at a time on the
/// main actor, so the history is sequential.
@MainActor
@Observable
public final class NavigationFlow {

    /// Where the app is.
    public internal(set) var state: NavigationState
    /// Committed transitions, oldest first, at most ``Configuration/historyLimit``.
    public internal(set) var history: Deque<HistoryRecord> = []
    /// The metrics of the last finished navigation.
    public internal(set) var lastMetrics: NavigationMetrics?
    /// What the contexts of entries in the state published about being left, by entry (the entry
    /// kept with it: a restore's entries may reuse ids); read through ``leaveDecision(of:)``. Not
    /// observed itself (every commit reads it); ``leaveDecisionsChanged`` is, so a UI follows
    /// ``backDecision``.
    @ObservationIgnored var leaveDecisions: [EntryID: (entry: NavigationEntry, decision: LeaveDecision)] = [:] {
        didSet { leaveDecisionsChanged &+= 1 }
    }
    var leaveDecisionsChanged = 0
    /// The back gesture in progress: the screen it started on, and the decision it was told.
    @ObservationIgnored var backGesture: (entry: NavigationEntry, decision: LeaveDecision)? = nil

    /// The route table; ``replaceTable(with:)`` swaps it between commits.
    @ObservationIgnored public private(set) var router: Router
    @ObservationIgnored public let configuration: Configuration
    @ObservationIgnored private(set) var middleware: [(token: MiddlewareToken, middleware: any NavigationMiddleware)] = [] {
        didSet { sessions = middleware.compactMap(\.middleware.session) }
    }
    /// The session middleware, in pipeline order.
    @ObservationIgnored private(set) var sessions: [any SessionMiddleware] = []
    @ObservationIgnored private var nextToken = 0
    @ObservationIgnored var nextRequest = 0
    @ObservationIgnored var latest: RequestID? = nil
    /// The app's loaders by name: the routes' `load NAME` declarations run them (see
    /// ``NavigationLoader``). Check a table against them with
    /// `Router.compile(_:resolver:limits:loaders:)` or `axiom-route check --loaders`.
    @ObservationIgnored public var loaders: [String: NavigationLoader] = [:]
    /// What the loaders produced for the entries in the state, by entry: handed to each
    /// entry's context when it is created, dropped when the entry leaves the state.
    @ObservationIgnored public internal(set) var loaded: [EntryID: LoadedData] = [:]
    /// The request whose loaders are running, and their task (cancelled by the next request).
    @ObservationIgnored var loading: (id: RequestID, task: Task<[any Sendable], any Error>)? = nil
    /// What shows the screens (the ``Orchestrator``'s contexts), if anything: told each
    /// commit's lifecycle events and asked which contexts must agree to be left.
    @ObservationIgnored public let host: (any NavigationHost)?
    /// Committed events not delivered yet, in commit order, and whether a request is
    /// delivering them now (then later commits' events wait their turn in the queue).
    @ObservationIgnored var pendingEvents: Deque<[LifecycleEvent]> = []
    @ObservationIgnored var delivering = false
    /// Records every step asked of the flow (Docs/Persistence.md, "The journal"); attaching one
    /// records the state it begins from.
    @ObservationIgnored public var journal: NavigationJournal? {
        didSet { journal?.append(begin: state, settings: journalSettings) }
    }
    /// Commits so far: a plan made after `commits` commits is still a plan for the state.
    @ObservationIgnored var commits = 0
    /// The request number of the last change the UI reported (``uiDidChange(_:)``), and what
    /// follows the last one (delivering its lifecycle, then the policy for what it revealed).
    @ObservationIgnored var lastUIChange: RequestID? = nil
    @ObservationIgnored var uiFollowUp: Task<Void, Never>? = nil
    /// The state the flow was made with, when the gate (signed out, no session yet) showed
    /// less of it: ``start()`` proposes it again once the session middleware is installed. A
    /// commit before the start forgets it.
    @ObservationIgnored var pendingStart: NavigationState? = nil
    @ObservationIgnored var hasStarted = false
    /// The login entry the gate presented over a guarded screen (sign-in takes it down).
    @ObservationIgnored var gateLogin: EntryID? = nil
    /// Who signed in last, as the app named them (``signIn(as:)``): kept after sign-out, since the
    /// guarded state left then is theirs (``NavigationState/owner``). Not observed (the gate reads
    /// it at every decision; observation's access bookkeeping there cost a navigation ~12%): a
    /// UI follows `state.owner`, which changes in the same commits.
    @ObservationIgnored public internal(set) var principal: Principal? = nil
    /// The principal each request parked for sign-in was taken from (the state's owner when it was
    /// parked), by request: sign-in resumes it only for that principal. Only parked requests.
    @ObservationIgnored var parkedOwners: [RequestID: Principal] = [:]
    /// Requests numbered below this were parked before a sign-out that forgot them.
    @ObservationIgnored var forgottenParkedBefore = RequestID(0)
    /// Sign-ins, sign-outs and table swaps so far: a preview made before one is retired
    /// (``status(of:)``).
    @ObservationIgnored var sessionChanges = 0
    /// The callers awaiting screens' answers, by result (Docs/Navigation.md, "Screens that answer").
    @ObservationIgnored let resultWaiters = ResultWaiters()
    /// The requests in flight that ask for an answer, by request number.
    @ObservationIgnored var resultRequests: [RequestID: ResultRequest] = [:]
    /// Told of every delivery as it is made, with the state written in its commit (tests' oracle).
    @ObservationIgnored var onResultDelivered: ((PendingResult?, RouteResult<RouteValue>, NavigationState) -> Void)? = nil

    /// A flow on `router` starting at `state`. With a `host`, each commit's lifecycle
    /// events are delivered to it and its leave-guarding contexts are asked before a commit
    /// covers or removes them; without one, the flow only keeps the state (tests, tools).
    public init(router: Router, state: NavigationState, configuration: Configuration = Configuration(), host: (any NavigationHost)? = nil) {
        self.router = router
        self.configuration = configuration
        self.host = host
        // Nothing the gate did not admit is ever in `state`, not even before `start()`: with no
        // session yet, an auth-only screen is withheld and a screen its source may not open is
        // dropped. `start()` proposes the state as given again, under the session then installed.
        let admitted = NavigationGate(router: router, sessions: []).admit(state, presentingLogin: false).state
        self.state = admitted
        if admitted != state { pendingStart = state }
    }

    // MARK: Middleware

    /// Adds a middleware inside those added before it: the first added is the outermost layer
    /// (it sees the request first and the result last).
    @discardableResult
    public func add(_ middleware: any NavigationMiddleware) -> MiddlewareToken {
        nextToken += 1
        let token = MiddlewareToken(rawValue: nextToken)
        self.middleware.append((token, middleware))
        journal?.append(step: .settings(journalSettings), state: state)
        return token
    }

    /// Removes a middleware; requests already in flight keep the pipeline they started with.
    public func remove(_ token: MiddlewareToken) {
        guard middleware.contains(where: { $0.token == token }) else { return }
        middleware.removeAll { $0.token == token }
        journal?.append(step: .settings(journalSettings), state: state)
    }

    // MARK: Entry points

    /// Navigates to a route the way its transition says (push, replace, modal, tab).
    @discardableResult
    public func navigate(to destination: Destination, source: NavigationSource = .inApp) async -> NavigationResult {
        await journaled(.navigate(destination, source: source)) {
            guard let route = router.route(named: destination.route) else { return .failed(.unknownRoute(destination.route)) }
            // An entry made in code gets its query defaults as one made from a URL does; a
            // destination built from a URL keeps the table's redirects it went through.
            return await run(
                .navigate(destination.withQueryDefaults(of: route).withoutRedirects), source: source, route: route, url: nil,
                redirects: destination.redirects)
        }
    }

    /// Opens a URL as a deep link: resolves it, then builds the whole target at once.
    /// An unresolvable URL ends `notFound` with the router's failure; nothing changes.
    @discardableResult
    public func open(url: String, source: NavigationSource = .deepLink) async -> NavigationResult {
        await journaled(.open(url: url, source: source)) {
            switch router.resolve(url) {
            case .failure(let failure):
                return .notFound(failure)
            case .success(let match):
                // The table's redirects (`redirect old /members/:id -> profile`) are already
                // followed: the request starts at the route, with the chain it came through, and
                // every check (sources, authentication, middleware) is the route's own.
                let destination = Destination(match)
                return await run(
                    .deepLink(destination.withoutRedirects), source: source, route: match.route, url: url, redirects: destination.redirects)
            }
        }
    }

    /// Opens a link that names several destinations — its back stack spelled out, bottom first,
    /// the last one on screen (a notification's `["myapp://inbox", "myapp://threads/9"]`; Jetpack's
    /// deep links that list their destinations). One request and one commit, as ``open(url:source:)``
    /// builds a link's parents: modals dismissed, the last route's tab selected, every screen
    /// remembering `source`; the policy is the last URL's, and each screen below is checked as it
    /// is shown by going back. A screen whose route does not take `source` is left out, as a link's
    /// parents are. A URL that does not resolve ends the request `notFound` with its failure, and
    /// nothing changes; so does an empty list, or one of more than ``maxLinkedScreens`` URLs
    /// (`failed.too-many-screens`).
    ///
    /// ```swift
    /// await flow.open(urls: ["myapp://profile/7", "myapp://profile/7/followers"])
    /// print(flow.state.activeStack.map(\.route))   // ["profile", "followers"]
    /// ```
    @discardableResult
    public func open(urls: [String], source: NavigationSource = .deepLink) async -> NavigationResult {
        await journaled(.openLinks(urls: urls, source: source)) {
            switch linkedStack(urls) {
            case .failure(let ended): return ended.result
            case .success(let link):
                return await run(
                    .deepLink(link.destination.withoutRedirects), source: source, route: link.route, url: urls.last,
                    redirects: link.destination.redirects)
            }
        }
    }

    /// The most URLs ``open(urls:source:)`` takes.
    public nonisolated static let maxLinkedScreens = 64

    /// The last of `urls` resolved, anchored on the others (``Destination/Anchor/screens(_:)``).
    func linkedStack(_ urls: [String]) -> Result<(destination: Destination, route: Route), Ended> {
        guard let last = urls.last else { return .failure(Ended(result: .failed(.noScreens))) }
        guard urls.count <= Self.maxLinkedScreens else {
            return .failure(Ended(result: .failed(.tooManyScreens(urls.count, limit: Self.maxLinkedScreens))))
        }
        var below: [Destination] = []
        for url in urls.dropLast() {
            switch router.resolve(url) {
            case .failure(let failure): return .failure(Ended(result: .notFound(failure)))
            case .success(let match): below.append(Destination(match).asScreen)
            }
        }
        switch router.resolve(last) {
        case .failure(let failure): return .failure(Ended(result: .notFound(failure)))
        case .success(let match): return .success((Destination(match).anchored(.screens(below)), match.route))
        }
    }

    /// Pop; at a modal's root, dismiss.
    @discardableResult
    public func back() async -> NavigationResult { await perform(.back) }
    @discardableResult
    public func dismiss() async -> NavigationResult { await perform(.dismiss) }
    @discardableResult
    public func selectTab(_ name: String) async -> NavigationResult { await perform(.selectTab(name)) }
    @discardableResult
    public func resetTab(_ name: String) async -> NavigationResult { await perform(.resetTab(name)) }

    // MARK: Signing in

    /// Tells the session middleware (``AuthenticationMiddleware``) that `principal` signed in,
    /// puts back the screens withheld until then (``NavigationState/withheld``), and resumes the
    /// request parked while signed out — exactly once: the newest one, if it has not expired.
    ///
    /// Guarded state comes back only to the principal it was taken from (``Principal``): when
    /// the state's ``NavigationState/owner`` is another principal, its withheld screens and every
    /// auth-only screen in its stacks go in this commit (their contexts released), and a request
    /// parked for that principal is dropped, not resumed. Name the principal whenever the app can
    /// tell users apart; a sign-in that names none gets only what has no owner. The parked request
    /// runs again through the whole pipeline as a new request with the parked request's action
    /// and source; a login screen on top is taken down in the same commit. With none parked, a
    /// login the gate presented over a screen is taken down (a commit of its own, not a request).
    /// Returns that navigation's result, `completed` when only the sign-in's own commit changed
    /// the state, or nil when nothing did (a second sign-in does nothing).
    @discardableResult
    public func signIn(as principal: Principal? = nil) async -> NavigationResult? {
        let code: (NavigationResult?) -> String = { $0?.code.rawValue ?? "none" }
        sessionChanges += 1
        return await journaled(.signIn(as: principal), code: code) {
            var parked: NavigationRequest? = nil
            for session in sessions {
                if let request = session.signIn(), request.id > (parked?.id ?? RequestID(-1)) { parked = request }
            }
            // A request parked for another principal, or before a sign-out that forgot it, is not
            // theirs to resume.
            if let request = parked, request.id < forgottenParkedBefore || parkedOwners[request.id].map({ $0 != principal }) ?? false {
                parked = nil
            }
            parkedOwners = [:]
            self.principal = principal
            // Screens withheld until sign-in go back where they were (another principal's go); with
            // nothing parked, a login the gate presented over a screen goes too (one commit, not a
            // request).
            let committed = await commitSignIn(takingDownLogin: parked == nil)
            guard let parked else { return committed ? .completed : nil }
            // The route by name in today's table (it may have been swapped since it was parked).
            let route = parked.route.flatMap { router.route(named: $0.name) }
            return await run(parked.action, source: parked.source, route: route, url: parked.url, resumed: true)
        }
    }

    /// Tells the session middleware that the user signed out, and checks every reachable screen
    /// again in one commit (Docs/Middleware.md, "The gate"): an auth-only screen on top gets the
    /// login over it (``Configuration/signOut`` `.presentLogin`, the default) or is withheld down
    /// to a screen that may be shown (`.withhold`); the auth-only tops of background tabs are
    /// withheld (back after sign-in), and so are those of the root's stack under a sheet and of
    /// lower sheets; every request in flight is superseded. Screens under the top of a stack stay,
    /// each checked by the gate when it is revealed. What is kept belongs to the principal who
    /// signed out (``NavigationState/owner``) — or, with
    /// ``Configuration/forgetsGuardedStateAtSignOut``, is forgotten in this same commit.
    public func signOut() {
        sessionChanges += 1
        for session in sessions { session.signOut() }
        commitSignOut()
        journal?.append(step: .signOut, state: state)
    }

    /// Whether every session middleware considers the user signed in (nil without one).
    public var isSignedIn: Bool? {
        sessions.isEmpty ? nil : sessions.allSatisfy { $0.isSignedIn }
    }

    /// The request a session middleware holds until sign-in, if any (and not expired).
    public var parkedRequest: NavigationRequest? {
        sessions.compactMap { $0.parked }.max { $0.id < $1.id }
    }

    /// Replaces the whole state with a saved one (Docs/Persistence.md): checked against the
    /// table first (``NavigationState/restored(against:source:trust:)``: what no longer fits is
    /// dropped and reported), then run as a request — the pipeline, the policy for the
    /// restored visible entry (an auth-only screen while signed out goes through login and is
    /// restored after sign-in), one commit with the usual history and lifecycle: every current
    /// context is released and the restored visible entry's is created. Entries are trusted no
    /// more than `source`; a restore parked for sign-in is checked against the table again when it
    /// resumes. (At launch, pass the restored state to the ``Orchestrator`` instead: its
    /// ``Orchestrator/start()`` commits it through the same gate.)
    @discardableResult
    public func restore(_ saved: NavigationState, source: NavigationSource = .inApp) async -> RestoreResult {
        let restoration = saved.restored(against: router, source: source, trust: gate.trust)
        let route = restoration.state.visible.flatMap { router.route(named: $0.route) }
        let result = await journaled(.restore(saved, source: source)) {
            await run(.restore(restoration.state), source: source, route: route, url: nil)
        }
        return RestoreResult(result: result, dropped: restoration.dropped)
    }

    /// Swaps the route table between commits (remote-configured routes, a feature flag, a table
    /// edited while debugging; Docs/Persistence.md, "Swapping the table"):
    ///
    /// - requests in flight end `cancelled(superseded)` and commit nothing (they were resolved
    ///   and checked against the old table); requests asked after the swap use the new one;
    /// - the state is checked against the new table like a restored one
    ///   (``NavigationState/restored(against:source:trust:)``): an entry whose route is gone or whose
    ///   values no longer fit is dropped, with everything above it;
    /// - then the gate (Docs/Middleware.md, "The gate"), under the new table, for what is left on screen: a
    ///   screen that now requires sign-in while the user is signed out gets the login over it
    ///   (kept, shown after sign-in); one whose `sources` no longer allow the entry's source is
    ///   dropped, down to the nearest screen that may be shown — a swap never shows a screen the
    ///   new table forbids;
    /// - one commit, not vetoed by leave guards (the table changed whatever a screen wants), with
    ///   the usual history (action `replace-table`) and lifecycle: dropped entries' contexts
    ///   are released, and the new visible entry's is created.
    ///
    /// A request parked while signed out is resumed against the new table (its route looked up
    /// again by name; gone, it ends `failed(unknown-route)`).
    @discardableResult
    public func replaceTable(with newRouter: Router) async -> RestoreResult {
        let started = ContinuousClock().now
        let id = takeTurn()
        sessionChanges += 1
        let restoration = state.restored(against: newRouter)
        router = newRouter
        // The gate, under the new table: what it forbids is not shown (the login over a screen
        // that now needs sign-in, a screen its source may no longer open dropped).
        let admission = commitThroughGate(restoration.state, action: .replaceTable, id: id, presentingLogin: true, started: started)
        _ = await deliverPendingEvents()
        journal?.append(step: .replaceTable, state: state)
        return RestoreResult(result: .completed, dropped: restoration.dropped + admission.dropped)
    }

    /// Any command, through the pipeline.
    @discardableResult
    public func perform(_ command: NavigationCommand, source: NavigationSource = .inApp) async -> NavigationResult {
        await journaled(.command(command, source: source)) {
            // Destinations made in code get their query defaults as ones made from a URL do.
            await run(NavigationRequest.Action.command(command).withQueryDefaults(router), source: source, route: nil, url: nil)
        }
    }
}
