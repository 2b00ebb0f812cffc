import AxiomRouting

/// The gate's answer to a request: what its plan may commit, or how it ends instead — the same
/// rule (``NavigationGate/verdict(_:known:)``) the state doors go through, with what a refusal
/// leads to decided here and nowhere else.
extension NavigationGate {
    /// How a request ends instead of committing, and whether it waits for sign-in.
    struct Refusal: Error, Equatable {
        /// `cancelled(untrustedSource)`, `failed(unknownRoute)`, `cancelled(guardRejected)`
        /// (fail closed), or `redirected` to the login.
        let result: NavigationResult
        /// Whether the request is parked until sign-in (the flow hands it to the session).
        let parks: Bool
    }

    /// What may be committed for a request whose plan proposes `proposed` over `current`, or how it
    /// ends. Only what the plan makes visible is decided (a screen already on screen was admitted
    /// when it came), except for a start or a restore, whose whole state is new.
    func decide(
        _ request: NavigationRequest, proposing proposed: NavigationState, over current: NavigationState
    ) -> Result<Admission, Refusal> {
        guard let shown = proposed.visible, shown.id != current.visible?.id || request.action.showsWholeState else {
            return .success(Admission(state: proposed))
        }
        if let refusal = refusal(showing: shown, over: current, for: request) { return .failure(refusal) }
        return .success(Admission(state: proposed))
    }

    /// Why `request` may not show `entry` over `current`, or nil when it may. A source its route
    /// excludes ends `cancelled(untrustedSource)`; a guarded entry parks the request and sends the
    /// user to the login — or ends `cancelled(guardRejected)` without a session middleware (fail
    /// closed, nothing parked), without a login, or with the login already on screen. Going back
    /// off the login onto what it guarded is not parked: resuming it after sign-in would go back
    /// once more.
    func refusal(showing entry: NavigationEntry, over current: NavigationState, for request: NavigationRequest) -> Refusal? {
        switch verdict(entry, known: request.route) {
        case .allowed: return nil
        case .refused(let result): return Refusal(result: result, parks: false)
        case .guarded: break
        }
        guard !sessions.isEmpty else { return Refusal(result: .cancelled(.guardRejected), parks: false) }
        let parks = !(request.action.goesBack && leavesLogin(current, showing: entry))
        guard let login, current.visible?.route != login else { return Refusal(result: .cancelled(.guardRejected), parks: parks) }
        return Refusal(result: .redirected(chain: [], final: Destination(login)), parks: parks)
    }

    /// Whether `entry` may be shown now (a loader fetches only for such an entry).
    func mayShow(_ entry: NavigationEntry) -> Bool { verdict(entry) == .allowed }

    /// The order of trust between sources — the one order the flow uses: the session
    /// middleware's (``SessionMiddleware/trust``), else ``SourceTrust/standard``. It decides which
    /// request may replace a parked one and how far a restored state's entries are trusted.
    var trust: SourceTrust { sessions.first?.trust ?? .standard }
}
