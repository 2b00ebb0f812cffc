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
        let base = request.isResumed ? state.removingVisible(route: gate.login) : state
        let source = request.source
        let planned: Result<NavigationPlan, PlanError>
        switch request.action {
        case .navigate(let destination), .deepLink(let destination):
            // (A deep link of the screen on top: nothing is rebuilt, its entries and contexts stay.)
            if configuration.rejectsDuplicates, base.visible?.destination == destination { return .failure(Ended(result: .duplicated)) }
            guard let route = request.route ?? router.route(named: destination.route) else {
                return .failure(Ended(result: .failed(.unknownRoute(destination.route))))
            }
            // Navigations are shown as the app shows them, links as links are — unless the route is
            // shown by origin (`from-link`): then the request's source decides.
            let asLink = route.linkTransition != nil ? source != .inApp : request.action.isDeepLink
            if destination.hasAnchor {
                planned = anchoredPlan(destination, route: route, in: base, source: source, asLink: asLink)
            } else {
                planned =
                    asLink
                    ? linkPlan(destination, route: route, in: base, source: source) : appPlan(destination, route: route, in: base, source: source)
            }
        case .command(let command):
            planned = NavigationPlanner.plan(command, in: base, source: source)
        case .start:
            planned = .success(NavigationPlan(state: base, events: base.visible.map { [.appear($0)] } ?? []))
        case .replaceTable, .ui, .signOut, .signIn, .takeResult:
            // Never run as a request (``NavigationFlow/replaceTable(with:)`` and
            // ``NavigationFlow/uiDidChange(_:)`` commit themselves).
            return .success(NavigationPlan(state: base, events: []))
        case .restore(let saved):
            // A restore parked for sign-in is checked against the table of now (it may resume after
            // a swap); `restore(_:source:)` checked a fresh one already, and a swap since would
            // have superseded it.
            var restored = request.isResumed ? saved.restored(against: router, source: source, trust: gate.trust).state : saved
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

    /// How the app shows `route` (its `transition`, over the current screen): in its container when
    /// it lives in one; the same screen with other values on top takes its place with
    /// ``Configuration/replacesTopWithNewValues``.
    func appPlan(_ destination: Destination, route: Route, in state: NavigationState, source: NavigationSource) -> Result<NavigationPlan, PlanError> {
        let metadata = route.metadata
        if configuration.replacesTopWithNewValues, let top = state.visible, top.route == destination.route, top.destination != destination,
            metadata.transition == .push || { if case .modal = metadata.transition { true } else { false } }()
        {
            // The same screen with other values: it takes the top's place (single top).
            return NavigationPlanner.plan(.replace(destination), in: state, source: source)
        }
        let container = router.container(named: metadata.container)
        return NavigationPlanner.navigate(
            to: destination, route: route, in: state, source: source, container: container,
            parents: container == nil ? [] : router.parents(of: route).filter { $0.metadata.container == container?.name })
    }

    /// How a link shows `route`: its parents below it (in its container, when it lives in one), as
    /// its `from-link` presentation says when it has one (Docs/Navigation.md, "Presentation by origin").
    func linkPlan(_ destination: Destination, route: Route, in state: NavigationState, source: NavigationSource) -> Result<NavigationPlan, PlanError>
    {
        let metadata = route.metadata
        return NavigationPlanner.deepLink(
            to: destination, route: route, parents: router.parents(of: route), in: state, source: source,
            container: router.container(named: metadata.container), link: metadata.linkTransition, alone: metadata.linkAlone)
    }

    /// How a destination with an ``Destination/anchor`` is shown: its back stack built below it as
    /// a link builds one — the parent chain, its first screen, or the screens it names — shown as
    /// a link is when `asLink` (its `from-link` presentation, never `alone`: the anchor asks for
    /// the stack), as the app shows it otherwise.
    func anchoredPlan(
        _ destination: Destination, route: Route, in state: NavigationState, source: NavigationSource, asLink: Bool
    ) -> Result<NavigationPlan, PlanError> {
        let container = router.container(named: route.metadata.container)
        let link = asLink ? route.linkTransition : nil
        switch destination.anchor {
        case .none, .parents:
            return NavigationPlanner.deepLink(
                to: destination, route: route, parents: router.parents(of: route), in: state, source: source, container: container, link: link)
        case .root:
            return NavigationPlanner.deepLink(
                to: destination, route: route, parents: Array(router.parents(of: route).prefix(1)), in: state, source: source,
                container: container, link: link)
        case .screens(let screens):
            var below: [(Destination, Route)] = []
            for screen in screens {
                guard let screenRoute = router.route(named: screen.route) else { return .failure(.unknownRoute(screen.route)) }
                below.append((screen.asScreen.withQueryDefaults(of: screenRoute), screenRoute))
            }
            return NavigationPlanner.deepLink(
                to: destination, route: route, below: below, in: state, source: source, container: container, link: link)
        }
    }

    /// The gate's answer for what `plan` would commit (``NavigationGate/decide(_:proposing:over:)``),
    /// applied: a refusal that parks hands the request to the session middleware, for the
    /// principal whose state this is.
    func decided(_ plan: NavigationPlan, for request: NavigationRequest) -> Result<NavigationGate.Admission, NavigationGate.Refusal> {
        let decision = gate.decide(request, proposing: plan.state, over: state)
        if case .failure(let refusal) = decision, refusal.parks { park(request) }
        return decision
    }

    /// Before any middleware runs, the gate's answer for what the request would show on the
    /// current state: no middleware acts on a request the policy refuses (a data loader never
    /// fetches an auth-only screen's data for a signed-out user, a plugin never sees an untrusted
    /// link's request to a restricted route as if it would go ahead). The commit asks again on
    /// the state it commits to — that answer decides — and reuses this plan when nothing
    /// committed in between. Duplicates and plans that fail are left for the commit to report.
    func preflight(_ request: NavigationRequest) -> Result<Prepared?, Ended> {
        guard case .success(let plan) = plan(for: request) else { return .success(nil) }
        if case .failure(let refusal) = decided(plan, for: request) { return .failure(Ended(result: refusal.result)) }
        return .success(Prepared(request: request, commits: commits, plan: plan))
    }

    /// Parks `request` with every signed-out session middleware until sign-in, owned by the
    /// principal whose state this is (sign-in resumes it for them only).
    private func park(_ request: NavigationRequest) {
        var parkedAny = false
        for session in sessions where !session.isSignedIn { parkedAny = session.park(request) || parkedAny }
        guard parkedAny else { return }
        let parkedIDs = Set(sessions.compactMap { $0.parked?.id })
        parkedOwners = parkedOwners.filter { parkedIDs.contains($0.key) }
        if let owner = state.owner { parkedOwners[request.id] = owner }
    }

}
