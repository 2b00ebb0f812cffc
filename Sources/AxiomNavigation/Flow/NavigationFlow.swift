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
    public struct Configuration: Sendable, Hashable {
        /// Redirects a request may go through, the table's `redirect` chain and the middleware's
        /// together; one more ends `failed(tooManyRedirects)` with the whole chain (default 5); a
        /// redirect back to a destination already in the chain ends `failed(redirectLoop)`.
        public var maxRedirects: Int
        /// History entries kept, oldest dropped first (default 100).
        public var historyLimit: Int
        /// Whether navigating to the visible destination with equal values, or opening its link
        /// again (a notification tapped twice), is `duplicated`: nothing is rebuilt, the screen
        /// keeps its entry and context (default true).
        public var rejectsDuplicates: Bool

        /// What sign-out does to the screen on top (default: the login over an auth-only one).
        public var signOut: SignOutRule
        /// Whether navigating to the route of the visible screen with other values replaces that
        /// screen rather than stacking a second one on it (Jetpack's `launchSingleTop` with new
        /// arguments): `post 7` on top, navigate to `post 8`, and the stack ends in `post 8` alone
        /// (default false: pushed). For routes whose transition is `push` or a modal; equal values
        /// are ``rejectsDuplicates``' case.
        public var replacesTopWithNewValues: Bool
        /// Whether sign-out forgets the guarded state at once (default false): every withheld
        /// screen, the request parked for sign-in and every auth-only screen in the stacks go in the
        /// sign-out's commit (their contexts released), so nothing of the session is left for the
        /// next sign-in — whoever it is. By default they are kept for the principal who signed out
        /// (``NavigationState/owner``): signing in again as that principal brings them back, and
        /// another principal's sign-in drops them (``Principal``).
        public var forgetsGuardedStateAtSignOut: Bool

        public init(
            maxRedirects: Int = 5, historyLimit: Int = 100, rejectsDuplicates: Bool = true, signOut: SignOutRule = .presentLogin,
            replacesTopWithNewValues: Bool = false, forgetsGuardedStateAtSignOut: Bool = false
        ) {
            self.forgetsGuardedStateAtSignOut = forgetsGuardedStateAtSignOut
            self.maxRedirects = maxRedirects
            self.historyLimit = historyLimit
            self.rejectsDuplicates = rejectsDuplicates
            self.signOut = signOut
            self.replacesTopWithNewValues = replacesTopWithNewValues
        }
    }

    /// Where the app is.
    public internal(set) var state: NavigationState
    /// Committed transitions, oldest first, at most ``Configuration/historyLimit``.
    public internal(set) var history: Deque<HistoryRecord> = []
    /// The metrics of the last finished navigation.
    public internal(set) var lastMetrics: NavigationMetrics?

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
    @ObservationIgnored private var delivering = false
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

    // MARK: Running a request

    func run(
        _ action: NavigationRequest.Action, source: NavigationSource, route: Route?, url: String?, redirects: [Destination] = [],
        resumed: Bool = false
    ) async -> NavigationResult {
        let clock = ContinuousClock()
        let started = clock.now
        let id = RequestID(nextRequest)
        nextRequest += 1
        latest = id
        // Latest wins: an older request's loaders are no longer wanted.
        cancelLoading()
        JournalStepCollector.current?.requests.append(id.rawValue)
        var request = NavigationRequest(id: id, action: action, source: source, route: route, url: url, redirects: redirects, isResumed: resumed)
        let pipeline = middleware.map(\.middleware)
        var timing = Timing()
        var result: NavigationResult
        // A command redirected (to the login) has no destination in the chain: remember it.
        var wasRedirected = !redirects.isEmpty
        while true {
            // One limit for every redirect, the table's chain (`redirect` lines, followed when the
            // URL resolved) and the middleware's alike: past `maxRedirects`, the request fails.
            // (A negative limit allows none, as 0 does.)
            if request.redirects.count > max(0, configuration.maxRedirects) {
                result = .failed(.tooManyRedirects(request.redirects + (request.target.map { [$0] } ?? []), limit: max(0, configuration.maxRedirects)))
                break
            }
            // Every destination is checked against its route before anything runs: a
            // `Destination` built by hand, and every redirect target.
            if let error = invalidDestination(in: request.action, route: request.route) {
                result = .failed(error)
                break
            }
            do {
                switch preflight(request) {
                case .failure(let refusal): result = refusal.result
                case .success(let prepared): result = try await runPipeline(request, pipeline, prepared: prepared, timing: &timing)
                }
            } catch is CancellationError {
                result = .cancelled(.taskCancelled)
            } catch {
                result = .failed(.middleware(String(describing: error)))
            }
            // A middleware (or the policy, sending a signed-out user to login) asked for a
            // redirect: start again with the new destination.
            guard case .redirected(_, let final) = result, !timing.committed else { break }
            let chain = request.redirects + (request.target.map { [$0] } ?? [])
            if chain.contains(final) {
                result = .failed(.redirectLoop(chain + [final]))
                break
            }
            guard let target = router.route(named: final.route) else {
                result = .failed(.unknownRoute(final.route))
                break
            }
            // (The login the policy sends a signed-out user to is shown as its route says.)
            request = request.redirected(
                to: final.withQueryDefaults(of: target), route: target, keepingCommand: final.route != gate.login)
            wasRedirected = true
        }
        // A request a newer one took over while it waited (in a middleware, a guard's question)
        // ends superseded, whatever its middleware decided afterwards: that decision is moot,
        // as Vue Router's cancelled navigations are.
        if !timing.committed, !isLatest(id) { result = staleResult(id) }
        if timing.committed, case .completed = result, wasRedirected, let final = request.target {
            result = .redirected(chain: request.redirects, final: final)
        }
        let total = clock.now - started
        let metrics = NavigationMetrics(
            middleware: total - timing.commit - timing.contexts - timing.delivery - timing.loading, contextCreation: timing.contexts,
            commit: timing.commit, total: total, loading: timing.loading)
        lastMetrics = metrics
        for middleware in pipeline { middleware.didFinish(request, result: result, metrics: metrics) }
        if timing.committed { completeHistory(of: id, result: result, metrics: metrics) }
        return result
    }

    /// The first destination of `action` that does not fit its route.
    private func invalidDestination(in action: NavigationRequest.Action, route: Route?) -> NavigationError? {
        for destination in action.destinations {
            do {
                // The request's own route is already looked up (navigate, a resolved link, a redirect).
                if let route, route.name == destination.route {
                    try Router.validate(route, parameters: destination.parameters, query: destination.query)
                } else {
                    try router.validate(destination.route, parameters: destination.parameters, query: destination.query)
                }
            } catch {
                return error.code == .unknownRoute ? .unknownRoute(error.route) : .invalidDestination(error)
            }
        }
        return nil
    }

    /// Fills in the final result and metrics of the record the commit appended (unless newer
    /// commits have already pushed it out of the capped history).
    private func completeHistory(of id: RequestID, result: NavigationResult, metrics: NavigationMetrics) {
        guard let index = history.lastIndex(where: { $0.request == id }) else { return }
        history[index].result = result.code
        history[index].metrics = metrics
    }

    /// What a request's run measured.
    private struct Timing {
        var committed = false
        var commit: Duration = .zero
        var contexts: Duration = .zero
        var delivery: Duration = .zero
        var loading: Duration = .zero
    }

    private func runPipeline(
        _ request: NavigationRequest, _ pipeline: [any NavigationMiddleware], prepared: Prepared?, timing: inout Timing
    ) async throws -> NavigationResult {
        // The onion is built inside out: the commit, then each middleware around it.
        // The steps are `@MainActor` closures: a plain closure literal here runs as
        // nonisolated(nonsending) but returns from its main-actor calls to the global executor,
        // two thread hops per step (measured ~30 µs each on Linux).
        let box = TimingBox()
        var next = NavigationNext { @MainActor [weak self] request in
            guard let self else { return .cancelled(.superseded) }
            return await self.commit(request, prepared: prepared, box: box)
        }
        for middleware in pipeline.reversed() {
            let inner = next
            next = NavigationNext { @MainActor [weak self] request in
                // Before every step: still the latest request, and still wanted?
                try Task.checkCancellation()
                guard let self else { return .cancelled(.superseded) }
                guard self.isLatest(request.id) else { return self.staleResult(request.id) }
                guard let collector = JournalStepCollector.current else { return try await middleware.process(request, next: inner) }
                return try await collector.decide(request, middleware) {
                    try await middleware.process(request, next: $0)
                } next: {
                    try await inner($0)
                }
            }
        }
        let result = try await next(request)
        timing.committed = timing.committed || box.committed
        timing.commit += box.commit
        timing.loading += box.loading
        if box.committed {
            // Deliver the lifecycle (this commit's, and any queued before it) in order.
            let clock = ContinuousClock()
            let started = clock.now
            let created = await deliverPendingEvents()
            timing.contexts += created
            timing.delivery += clock.now - started - created
        }
        return result
    }

    private func isLatest(_ id: RequestID) -> Bool { latest == id }

    /// The one decision made after the request's last await (``commit(_:prepared:box:)``): what
    /// the gate admits of `plan`, or how the request ends instead. A newer request, a sign-out or
    /// a swap took the turn (superseded); the task was cancelled; the state changed under the plan
    /// (superseded: it was planned on another state); or the gate, against the session and table
    /// of now, refuses what the plan would show.
    private func decidedAtCommit(
        _ plan: NavigationPlan, for request: NavigationRequest, plannedAfter planCommits: Int
    ) -> Result<NavigationGate.Admission, Ended> {
        guard latest == request.id else { return .failure(Ended(result: staleResult(request.id))) }
        guard !Task.isCancelled else { return .failure(Ended(result: .cancelled(.taskCancelled))) }
        guard commits == planCommits else { return .failure(Ended(result: .cancelled(.superseded))) }
        return decided(plan, for: request).mapError { Ended(result: $0.result) }
    }

    /// How a request that is no longer the latest ends: `ui-changed` when the UI changed the
    /// screen after it started, otherwise `superseded` (a newer request).
    func staleResult(_ id: RequestID) -> NavigationResult {
        if let lastUIChange, lastUIChange > id { return .cancelled(.uiChanged) }
        return .cancelled(.superseded)
    }

    /// Delivers queued events in commit order, unless another request is already doing so
    /// (it will deliver these too, after its own). Returns the time spent creating contexts.
    func deliverPendingEvents() async -> Duration {
        guard let host else {
            pendingEvents.removeAll()  // no host: nobody to tell
            return .zero
        }
        guard !delivering else { return .zero }
        delivering = true
        defer { delivering = false }
        var created: Duration = .zero
        while let events = pendingEvents.popFirst() { created += await host.flow(self, deliver: events) }
        return created
    }

    /// The innermost step: checks once more, plans, applies the policy to the entry the plan
    /// would make visible, asks the contexts that would leave (when the orchestrator has any),
    /// and commits in one main-actor turn.
    private func commit(_ request: NavigationRequest, prepared: Prepared?, box: TimingBox) async -> NavigationResult {
        guard latest == request.id else { return staleResult(request.id) }
        guard !Task.isCancelled else { return .cancelled(.taskCancelled) }
        let clock = ContinuousClock()
        var started = clock.now
        // The preflight's plan still holds when nothing committed since and the request is the
        // one it planned (a middleware may pass on another); the policy is checked again either
        // way (a session may have changed meanwhile).
        let plan: NavigationPlan
        let planCommits = commits
        if let prepared, prepared.commits == commits, prepared.request == request {
            plan = prepared.plan
        } else {
            switch self.plan(for: request) {
            case .success(let value): plan = value
            case .failure(let ended): return ended.result
            }
        }
        // The loaders of the entries this commit adds, all at once (none: nothing awaited) —
        // only of those the policy would show now: a deep link's auth-only parent, added while
        // signed out, gets no data fetched (its context loads for itself once it is shown).
        // Entries are numbered as they are made, so a commit's new entries are those from the
        // state's next number on — except a restore's, whose entries keep their saved numbers
        // and are all new to this flow.
        var added: [NavigationEntry] = []
        let restoring = if case .restore = request.action { true } else { false }
        if router.hasLoaders, restoring || plan.state.nextID > state.nextID {
            let firstNew = restoring ? Int.min : state.nextID
            added = plan.state.entries.filter {
                $0.id.rawValue >= firstNew && !(router.route(named: $0.route)?.metadata.loaders.isEmpty ?? true)
                    && gate.mayShow($0)
            }
        }
        // The contexts that must agree to be left (none: nothing to ask).
        var questions: [LeaveQuestion] = []
        if let host, plan.events.contains(where: { $0.isLeaving }) { questions = host.flow(self, leaveQuestionsFrom: state, to: plan.state) }
        // Before anything is awaited (loaders, leave questions): no loader fetches, and no context
        // is asked, for a screen the policy refuses now. (Nothing to await: the check at the
        // commit below is the one.)
        if !added.isEmpty || !questions.isEmpty, case .failure(let refusal) = decided(plan, for: request) { return refusal.result }
        var data: [EntryID: LoadedData] = [:]
        if !added.isEmpty {
            let waited = clock.now
            switch await load(for: request, adding: added) {
            case .ended(let result): return result
            case .loaded(let loadedData, let duration):
                data = loadedData
                box.loading = duration
            }
            started += clock.now - waited
        }
        if !questions.isEmpty {
            // (Asked only of a request still wanted once its loaders are done.)
            guard latest == request.id else { return staleResult(request.id) }
            // A context may refuse to be left (unsaved changes). While it decides, only a newer
            // request can change the state, and that one supersedes this.
            let waited = clock.now
            var allowed = true
            for question in questions where allowed { allowed = await question.context.shouldLeave(question.departure) }
            started += clock.now - waited
            // A context's "no" counts only for a request still wanted.
            guard latest == request.id else { return staleResult(request.id) }
            guard !Task.isCancelled else { return .cancelled(.taskCancelled) }
            guard allowed else { return .cancelled(.guardRejected) }
        }
        // The decision that counts, after the last await and in the same main-actor turn as the
        // write: still the latest request, still planned on the state it commits over, and the
        // policy for the session and table of now (a session may have signed out, or signed out
        // behind the flow's back, while the loaders or a leave question ran).
        let admission: NavigationGate.Admission
        switch decidedAtCommit(plan, for: request, plannedAfter: planCommits) {
        case .failure(let ended): return ended.result
        case .success(let admitted): admission = admitted
        }
        // The history is written in the same main-actor turn as the state, so it is in commit
        // order with the true before and after, whatever the lifecycle does next; the result
        // and metrics are filled in when the request ends. Events go out in commit order, after
        // those of earlier commits.
        commitThroughGate(
            plan.state, action: request.action, id: request.id, source: request.source, presentingLogin: true, started: started,
            admitted: admission, loadedData: data, recordedAs: request.redirects.isEmpty ? "completed" : "redirected"
        ) { _, _ in plan.events }
        box.committed = true
        box.commit = clock.now - started
        return .completed
    }

}

/// Timing written by the commit step (on the main actor) and read after the pipeline.
@MainActor
private final class TimingBox: Sendable {
    var committed = false
    var commit: Duration = .zero
    var loading: Duration = .zero
}
