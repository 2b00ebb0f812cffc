import AxiomRouting

/// Planning and policy: the plan a request makes on the current state, and whether what it
/// would show may be shown (the rule of "The gate: policy on every path" in Docs/Middleware.md).
extension NavigationFlow {
    /// How a request ended before it could commit.
    struct Ended: Error {
        let result: NavigationResult
    }

    /// A plan made before the pipeline ran, on the state after `commits` commits.
    struct Prepared {
        let request: NavigationRequest
        let commits: Int
        let plan: NavigationPlan
    }

    /// The plan for `request` on the current state (or how the request ends without one).
    func plan(for request: NavigationRequest) -> Result<NavigationPlan, Ended> {
        // A request resumed after sign-in first takes the login screen down.
        let base = request.isResumed ? state.removingVisible(route: loginRoute) : state
        let source = request.source
        let planned: Result<NavigationPlan, PlanError>
        switch request.action {
        case .navigate(let destination):
            if configuration.rejectsDuplicates, base.visible?.destination == destination { return .failure(Ended(result: .duplicated)) }
            guard let route = request.route ?? router.route(named: destination.route) else {
                return .failure(Ended(result: .failed(.unknownRoute(destination.route))))
            }
            let container = router.container(named: route.metadata.container)
            if configuration.replacesTopWithNewValues, let top = base.visible, top.route == destination.route, top.destination != destination,
                route.metadata.transition == .push || { if case .modal = route.metadata.transition { true } else { false } }()
            {
                // The same screen with other values: it takes the top's place (single top).
                planned = NavigationPlanner.plan(.replace(destination), in: base, source: source)
                break
            }
            planned = NavigationPlanner.navigate(
                to: destination, route: route, in: base, source: source, container: container,
                parents: container == nil ? [] : router.parents(of: route).filter { $0.metadata.container == container?.name })
        case .deepLink(let destination):
            // The link of the screen on top: nothing is rebuilt (its entries and contexts stay).
            if configuration.rejectsDuplicates, base.visible?.destination == destination { return .failure(Ended(result: .duplicated)) }
            guard let route = request.route ?? router.route(named: destination.route) else {
                return .failure(Ended(result: .failed(.unknownRoute(destination.route))))
            }
            planned = NavigationPlanner.deepLink(
                to: destination, route: route, parents: router.parents(of: route), in: base, source: source,
                container: router.container(named: route.metadata.container))
        case .command(let command):
            planned = NavigationPlanner.plan(command, in: base, source: source)
        case .start:
            planned = .success(NavigationPlan(state: base, events: base.visible.map { [.appear($0)] } ?? []))
        case .replaceTable, .ui, .signOut, .signIn:
            // Never run as a request (``NavigationFlow/replaceTable(with:)`` and
            // ``NavigationFlow/uiDidChange(_:)`` commit themselves).
            return .success(NavigationPlan(state: base, events: []))
        case .restore(let saved):
            // A restore parked for sign-in is checked against the table of now (it may resume after
            // a swap); `restore(_:source:)` checked a fresh one already, and a swap since would
            // have superseded it.
            var restored = request.isResumed ? saved.restored(against: router, source: source).state : saved
            // Signed in: a saved state of another principal's keeps nothing guarded of theirs.
            if gate.needsTidying(restored) { restored = gate.tidied(restored) }
            // Every entry of the current state leaves; the restored visible entry appears. Not
            // the planner's diff: a restored state's ids may be ids the current state uses for
            // other screens (both count from 0).
            var events: [LifecycleEvent] = state.visible.map { [.disappear($0)] } ?? []
            events += state.entries.reversed().map { .release($0) }
            if let visible = restored.visible { events.append(.appear(visible)) }
            return .success(NavigationPlan(state: restored, events: events))
        }
        switch planned {
        case .success(let plan):
            // The gate's part of every request's plan: going back off the login onto what it
            // guarded withholds that (kept, not shown, back after sign-in) and shows the screen
            // below; withheld screens whose screen below left the state go.
            if request.action.goesBack, let shown = plan.state.visible, gate.leavesLogin(state, showing: shown), gate.verdict(shown) == .guarded {
                let withheld = gate.admit(plan.state, presentingLogin: false).state
                return .success(NavigationPlan(state: withheld, events: NavigationPlanner.events(from: state, to: withheld)))
            }
            if gate.needsTidying(plan.state) {
                let tidied = gate.tidied(plan.state)
                if tidied != plan.state { return .success(NavigationPlan(state: tidied, events: NavigationPlanner.events(from: state, to: tidied))) }
            }
            guard request.isResumed else { return .success(plan) }
            return .success(NavigationPlan(state: plan.state, events: NavigationPlanner.events(from: state, to: plan.state)))
        case .failure(let error):
            return .failure(Ended(result: .failed(.plan(error))))
        }
    }

    /// The policy for whatever `plan` makes visible, whichever command shows it
    /// (``refusal(toShow:for:)``); nil when it may go ahead.
    func policyRefusal(_ plan: NavigationPlan, for request: NavigationRequest) -> NavigationResult? {
        guard let shown = plan.state.visible, shown.id != state.visible?.id || request.action.showsWholeState else { return nil }
        return refusal(toShow: shown, for: request)
    }

    /// Before any middleware runs, the policy for what the request would show on the current
    /// state: no middleware acts on a request the policy refuses (a data loader never fetches
    /// an auth-only screen's data for a signed-out user, a plugin never sees an untrusted
    /// link's request to a restricted route as if it would go ahead). The commit checks again
    /// on the state it commits to — that one decides — and reuses this plan when nothing
    /// committed in between. Duplicates and plans that fail are left for the commit to report.
    func preflight(_ request: NavigationRequest) -> Result<Prepared?, Ended> {
        guard case .success(let plan) = plan(for: request) else { return .success(nil) }
        if let refusal = policyRefusal(plan, for: request) { return .failure(Ended(result: refusal)) }
        return .success(Prepared(request: request, commits: commits, plan: plan))
    }

    /// Why `entry` may not be shown now, or nil when it may — the gate's verdict
    /// (``NavigationGate/verdict(_:)``, the one rule) as a request's result: a source its route
    /// excludes is `cancelled(untrustedSource)`; a guarded entry parks `request` (when given)
    /// and sends the user to the login route, or ends `cancelled(guardRejected)` without a
    /// session, without a login route, or with the login already on screen.
    func refusal(toShow entry: NavigationEntry, for request: NavigationRequest?) -> NavigationResult? {
        let gate = self.gate
        switch gate.verdict(entry, known: request?.route) {
        case .allowed: return nil
        case .refused(let result): return result
        case .guarded: break
        }
        let sessions = self.sessions
        // No session to sign in with: an auth-only screen is never shown (fail closed).
        guard !sessions.isEmpty else { return .cancelled(.guardRejected) }
        let login = gate.login
        // Going back from the login screen to an auth-only screen under it is not parked:
        // resuming it after sign-in would go back once more.
        if let request, !(request.action.goesBack && gate.leavesLogin(state, showing: entry)) {
            var parkedAny = false
            for session in sessions where !session.isSignedIn { parkedAny = session.park(request) || parkedAny }
            // Parked for the principal whose state this is (sign-in resumes it for them only).
            if parkedAny {
                let parkedIDs = Set(sessions.compactMap { $0.parked?.id })
                parkedOwners = parkedOwners.filter { parkedIDs.contains($0.key) }
                if let owner = state.owner { parkedOwners[request.id] = owner }
            }
        }
        // Without a login route, or with the login already on screen, nothing changes.
        guard let login, state.visible?.route != login else { return .cancelled(.guardRejected) }
        return .redirected(chain: [], final: Destination(login))
    }

    /// Where signed-out users are sent (``NavigationGate/login``).
    var loginRoute: String? { gate.login }

}
