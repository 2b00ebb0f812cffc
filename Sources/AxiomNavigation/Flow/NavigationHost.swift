/// What shows the screens: the one seam between a ``NavigationFlow`` and whatever owns the
/// contexts behind its entries — the ``Orchestrator``, or an app's own host. Given to the flow
/// at `init`; the flow calls it on the main actor, in commit order.
///
/// The flow keeps its host alive; a host reaches the flow only through the `flow` argument of
/// each call (and contexts through a ``NavigationHandle``, which does not keep the flow alive),
/// so there is no cycle.
@MainActor
public protocol NavigationHost: AnyObject {
    /// Delivers one commit's lifecycle events in order (a context appears before it
    /// disappears and is released last). Returns the time spent creating contexts, reported
    /// as ``NavigationMetrics/contextCreation``.
    func flow(_ flow: NavigationFlow, deliver events: [LifecycleEvent]) async -> Duration

    /// The contexts to ask before `flow` commits a transition from `old` to `new` that covers
    /// or removes entries, newest first (empty when none may refuse). A commit goes ahead only
    /// if each agrees.
    func flow(_ flow: NavigationFlow, leaveQuestionsFrom old: NavigationState, to new: NavigationState) -> [LeaveQuestion]

    /// Whether a context that may refuse to be left backs `entry` (its leave decision is then
    /// `ask` until it publishes one: ``NavigationFlow/leaveDecision(of:)``). The default: none.
    func flow(_ flow: NavigationFlow, guardsLeaving entry: EntryID) -> Bool
}

extension NavigationHost {
    public func flow(_ flow: NavigationFlow, guardsLeaving entry: EntryID) -> Bool { false }
}
