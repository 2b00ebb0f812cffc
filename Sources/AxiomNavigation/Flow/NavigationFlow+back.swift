/// Whether a screen may be left, known before any gesture (Android's predictive back, iOS's
/// swipe from anywhere): there is no time to await an async guard when the finger moves.
public enum LeaveDecision: String, Sendable, Hashable, Codable, CaseIterable {
    /// It may be left: a gesture may take it off the screen at once.
    case allowed
    /// It may not be left: the UI holds the gesture (or hides the back button).
    case refused
    /// Ask first: the UI holds the gesture, and going back asks the screen's async guard
    /// (``LeaveGuardingContext/shouldLeave(_:)``), as `flow.back()` does.
    case ask
}

/// Back decided before the gesture (Docs/Navigation.md, "Back, known before the gesture").
extension NavigationFlow {
    /// Whether `entry`'s screen may be left: what its context published
    /// (``NavigationHandle/publishLeaveDecision(_:)``), else `ask` when a context that may refuse
    /// backs it, else `allowed`. Read synchronously, at any moment.
    public func leaveDecision(of entry: NavigationEntry) -> LeaveDecision {
        _ = leaveDecisionsChanged  // (observed: a UI reading this follows what contexts publish)
        if let published = leaveDecisions[entry.id], published.entry == entry { return published.decision }
        return host?.flow(self, guardsLeaving: entry.id) == true ? .ask : .allowed
    }

    /// What `back` would meet now: the visible screen's ``leaveDecision(of:)``, or `refused` when
    /// there is nothing to go back to (the app's root: the platform's own back leaves the app).
    /// A UI enables its back gesture from it (``NavigationBindings/backGestureEnabled``).
    public var backDecision: LeaveDecision {
        guard state.canGoBack, let visible = state.visible else { return .refused }
        return leaveDecision(of: visible)
    }

    /// Records `decision` for `entry` (a context's ``NavigationHandle/publishLeaveDecision(_:)``):
    /// nothing when the entry is not in the state (it left; a restore's entry with its id is
    /// another screen).
    package func publishLeaveDecision(_ decision: LeaveDecision, for entry: NavigationEntry) {
        guard state.entries.contains(entry) else { return }
        leaveDecisions[entry.id] = (entry, decision)
    }

    /// A back gesture started: returns ``backDecision`` and holds it for this gesture — a decision
    /// published while the finger moves counts from the next gesture, so the flow never disagrees
    /// with what the UI was told when it started. Changes nothing (no commit, no request: nothing in
    /// flight is superseded).
    @discardableResult
    public func backGestureStarted() -> LeaveDecision {
        let decision = backDecision
        backGesture = state.visible.map { ($0, decision) }
        return decision
    }

    /// The back gesture was cancelled (the finger went back: `onBackCancelled`): nothing changes.
    public func backGestureCancelled() {
        backGesture = nil
    }

    /// The back gesture finished, decided by what ``backGestureStarted()`` returned: `allowed` —
    /// the UI took the screen off, and the flow records it as the change the UI made
    /// (``uiDidChange(_:)``: a pop, or at a modal's root a dismissal, through the gate); `ask` — the
    /// UI held it, and this runs `back()`, whose leave question asks the screen's async guard;
    /// `refused` — the UI held it: `cancelled(guard-rejected)`, nothing changes. A gesture for a
    /// screen no longer on top (a commit during the gesture) ends `cancelled(superseded)`; one
    /// never started, `failed(ui-change-not-applicable)`.
    @discardableResult
    public func backGestureCompleted() async -> NavigationResult {
        guard let gesture = backGesture else { return .failed(.uiChangeNotApplicable("no back gesture was started (backGestureStarted())")) }
        backGesture = nil
        guard state.visible == gesture.entry else { return .cancelled(.superseded) }
        switch gesture.decision {
        case .refused: return .cancelled(.guardRejected)
        case .ask: return await back()
        case .allowed:
            let stack = state.activeStack
            if stack.count > 1 { return uiDidChange(.popped(to: stack[stack.count - 2].id)) }
            guard !state.modals.isEmpty else { return .failed(.uiChangeNotApplicable("the visible stack is at its root: nothing to go back to")) }
            return uiDidChange(.dismissed(level: state.modals.count - 1))
        }
    }
}
