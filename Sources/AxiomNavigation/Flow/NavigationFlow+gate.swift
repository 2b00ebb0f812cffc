import AxiomRouting

/// Every door commits here, through `NavigationGate`, in one main-actor turn: the doors that are
/// not requests (a change the UI reports, a table swap, `start()`, sign-in and sign-out) with the
/// gate's admission of what they propose, requests with the gate's answer at the end of their
/// pipeline (`decide`, asked after the request's last await).
extension NavigationFlow {
    /// The gate for the current table and session: no session middleware is signed out and
    /// has no login to show (the flow fails closed).
    var gate: NavigationGate { NavigationGate(router: router, sessions: sessions, principal: principal) }

    /// Commits what the gate admits for `proposed` — the one routine that writes the state — as
    /// one history record: the state, the loaders' data kept for the entries still there (with
    /// `loadedData`, what a request's loaders fetched), the lifecycle queued (delivered by the
    /// caller), and — when the gate presented the login over a guarded screen — that login
    /// remembered, for sign-in to take down.
    @discardableResult
    func commitThroughGate(
        _ proposed: NavigationState, action: NavigationRequest.Action, id: RequestID, source: NavigationSource = .inApp,
        presentingLogin: Bool, started: ContinuousClock.Instant, recordsUnchanged: Bool = true,
        admitted: NavigationGate.Admission? = nil, loadedData: [EntryID: LoadedData] = [:], recordedAs result: NavigationResult.Code = .completed,
        movesPlans: Bool = true,
        events: (_ old: NavigationState, _ new: NavigationState) -> [LifecycleEvent] = NavigationPlanner.events(from:to:)
    ) -> NavigationGate.Admission {
        let old = state
        // `admitted`: the gate's answer for `proposed`, when the caller already asked for it.
        let admission = admitted ?? gate.admit(proposed, presentingLogin: presentingLogin)
        var next = admission.state
        // Screens' answers: made, ended and delivered here, for every door alike.
        let deliveries = settlingResults(&next, old: old, action: action, id: id)
        state = next
        pendingStart = nil
        if !loaded.isEmpty || !loadedData.isEmpty {
            let kept = Set(next.entries.map(\.id))
            loaded = loaded.filter { kept.contains($0.key) }.merging(loadedData) { _, new in new }
        }
        // A published leave decision goes with its entry.
        if !leaveDecisions.isEmpty {
            let kept = Set(next.entries)
            let staying = leaveDecisions.filter { kept.contains($0.value.entry) }
            if staying.count != leaveDecisions.count { leaveDecisions = staying }
        }
        // (A commit that changes nothing a plan depends on — a result taken — leaves plans standing.)
        if movesPlans { commits += 1 }
        let elapsed = ContinuousClock().now - started
        // The start records a transition only when the gate changed what it was given.
        if recordsUnchanged || next != old {
            appendHistory(
                HistoryRecord(
                    request: id, source: source, action: action, result: result, from: old.visible, to: next.visible,
                    metrics: NavigationMetrics(middleware: .zero, contextCreation: .zero, commit: elapsed, total: elapsed)))
        }
        pendingEvents.append(events(old, next))
        // Sign-in takes down a login the gate presented (and shows what it guarded) when no
        // request is parked; nothing is parked for it, so any request arriving at the login may be.
        // The login it presented is known by its entry's id for as long as that entry is the login:
        // a restore brings entries numbered by the saved state, whose ids may be any (one of them
        // the login's old id, on a screen sign-in must not take down).
        if admission.guarded != nil {
            gateLogin = next.visible?.id
        } else if let id = gateLogin, action.isRestore || !next.stackEntries.contains(where: { $0.id == id && $0.route == gate.login }) {
            gateLogin = nil
        }
        deliver(deliveries)
        return admission
    }

    /// Appends a record to the capped history.
    func appendHistory(_ record: HistoryRecord) {
        history.append(record)
        while history.count > max(0, configuration.historyLimit) { history.removeFirst() }
    }

    /// A new request number that supersedes whatever is in flight (its loaders cancelled).
    func takeTurn() -> RequestID {
        let id = RequestID(nextRequest)
        nextRequest += 1
        latest = id
        cancelLoading()
        return id
    }

    /// Delivers the queued lifecycle after the current turn, after any delivery queued before.
    func deliverLater() {
        let previous = uiFollowUp
        uiFollowUp = Task { [weak self] in
            await previous?.value
            _ = await self?.deliverPendingEvents()
        }
    }

    /// Brings the first screen on, through the gate: the state the flow was made with (or
    /// restored to) with its withheld screens back when the session is already signed in; an
    /// auth-only screen while signed out gets the login over it in the same commit (resumed
    /// after sign-in); without a session middleware it is withheld (fail closed); a screen its
    /// source may not open is dropped. Then the visible screen's context appears. Call it once
    /// (``Orchestrator/start()`` does); later calls commit nothing new.
    @discardableResult
    public func start() async -> NavigationResult {
        await journaled(.start) {
            guard !hasStarted else { return .duplicated }
            hasStarted = true
            let started = ContinuousClock().now
            let id = takeTurn()
            // (The gate puts withheld screens back itself when the session is signed in.)
            let proposed = pendingStart ?? state
            // Nothing has appeared before the start — unless requests committed before it.
            let fresh = commits == 0
            let admission = commitThroughGate(
                proposed, action: .start, id: id, presentingLogin: true, started: started, recordsUnchanged: false
            ) { old, new in
                guard fresh else { return NavigationPlanner.events(from: old, to: new) }
                // Its visible screen appears now.
                var events: [LifecycleEvent] = NavigationPlanner.released(from: old, to: new).map { .release($0) }
                if let visible = new.visible { events.append(.appear(visible)) }
                return events
            }
            _ = await deliverPendingEvents()
            return admission.guarded == nil ? .completed : .redirected(chain: [], final: Destination(admission.state.visible?.route ?? ""))
        }
    }

    /// Commits the sign-out check, one commit for every reachable screen: the guarded tops of
    /// background tabs withheld, the visible screen under ``Configuration/signOut``'s rule, the
    /// withheld groups tidied (screens under the top of a stack are checked when revealed, by
    /// the gate like any). Nothing is committed when nothing changes.
    func commitSignOut() {
        let started = ContinuousClock().now
        let presenting = configuration.signOut == .presentLogin
        let gate = self.gate
        // Forgetting: nothing of the session is kept for the next sign-in — withheld and
        // auth-only screens go, and so does any request parked until now.
        let forgets = configuration.forgetsGuardedStateAtSignOut
        let proposed = forgets ? gate.strippingGuarded(state) : gate.withholdingCovered(state)
        if forgets {
            forgottenParkedBefore = RequestID(nextRequest)
            parkedOwners = [:]
        }
        let admission = gate.admit(proposed, presentingLogin: presenting)
        // Every request in flight is superseded, whether or not this commit changes the state: it
        // was decided (its policy, its loaders, its leave questions) for a signed-in user.
        let id = takeTurn()
        guard admission.state != state else { return }
        commitThroughGate(proposed, action: .signOut, id: id, presentingLogin: presenting, started: started, admitted: admission)
        deliverLater()
    }

    /// The sign-in's own commit, through the gate and not the pipeline (a rate limit or a
    /// middleware cannot leave a signed-in user at a login the gate put up): the screens withheld
    /// until sign-in go back where they were, and — with `takingDownLogin` — a login the gate
    /// presented over a screen goes. Returns whether it committed.
    @discardableResult
    func commitSignIn(takingDownLogin: Bool) async -> Bool {
        // The login comes down first, so that what it covered is the place withheld screens go
        // back to.
        var proposed = state
        if takingDownLogin, let gateLogin, let login = gate.login, proposed.visible?.id == gateLogin {
            proposed = proposed.removingVisible(route: login)
        }
        proposed = gate.tidied(proposed)
        guard proposed != state else { return false }
        let started = ContinuousClock().now
        let id = takeTurn()
        commitThroughGate(proposed, action: .signIn, id: id, presentingLogin: true, started: started)
        _ = await deliverPendingEvents()
        return true
    }
}

extension NavigationFlow {
    /// What sign-out does to the screen on top (``NavigationFlow/Configuration/signOut``).
    public enum SignOutRule: String, Sendable, Hashable, Codable, CaseIterable {
        /// An auth-only screen on top gets the login over it at once (the default): signing in
        /// again takes the login down and shows it.
        case presentLogin
        /// Auth-only screens on top are withheld (``NavigationState/withheld``) down to one
        /// that may be shown; they come back after sign-in.
        case withhold
    }
}
