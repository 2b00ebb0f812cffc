/// What backs a screen: created by the ``Orchestrator`` for an entry when it first becomes
/// visible, told when it appears and disappears, and released when the entry leaves the
/// state. It requests navigation through the ``NavigationHandle`` it was given, never by
/// holding the flow.
@MainActor
public protocol Context: AnyObject {
    func onAppear() async
    func onDisappear() async
}

/// A context that may refuse to be left — unsaved changes, an upload in progress. Only
/// contexts that adopt it are asked, so other navigations pay nothing.
@MainActor
public protocol LeaveGuardingContext: Context {
    /// Asked before a navigation would take this context's entry off the screen — covered by
    /// another (`.covered`) or removed from the state (`.removed`). Returning false ends that
    /// navigation `cancelled(guardRejected)` with nothing changed. (The default: true. A guard
    /// that decides by where the user is going implements ``shouldLeave(_:toward:)`` instead.)
    func shouldLeave(_ departure: Departure) async -> Bool

    /// The same question, with the entry the navigation would show (nil when it shows nothing of
    /// the state it leaves: a restore): a guard may let the user go to one screen and not to
    /// another (TanStack Router's blockers decide by destination) — leave an unsaved form for its
    /// own preview, ask before anything else. The default asks ``shouldLeave(_:)``.
    func shouldLeave(_ departure: Departure, toward destination: NavigationEntry?) async -> Bool

    /// Told when the UI took this context's entry off the screen itself (a back swipe, a sheet
    /// dragged down: ``NavigationFlow/uiDidChange(_:)``) — too late to ask. To keep the screen,
    /// prevent the gesture in the UI instead. The default does nothing.
    func wasLeftByUI(_ departure: Departure)
}

extension LeaveGuardingContext {
    public func wasLeftByUI(_ departure: Departure) {}
    public func shouldLeave(_ departure: Departure) async -> Bool { true }
    public func shouldLeave(_ departure: Departure, toward destination: NavigationEntry?) async -> Bool { await shouldLeave(departure) }
}

/// One context a commit must ask before it goes ahead, and how the commit would take its
/// entry off the screen.
@MainActor
public struct LeaveQuestion {
    public let context: any LeaveGuardingContext
    public let departure: Departure
    /// The entry the navigation would show (nil: none of the state it leaves, as a restore's).
    public let destination: NavigationEntry?

    public init(context: any LeaveGuardingContext, departure: Departure, destination: NavigationEntry? = nil) {
        self.context = context
        self.departure = departure
        self.destination = destination
    }
}

/// How a navigation would take an entry off the screen.
public enum Departure: Sendable, Hashable {
    /// Another entry goes on top; this one stays in the state (its context lives on).
    case covered
    /// The entry leaves the state; its context is released.
    case removed
}

/// What a context factory gets: the entry it backs, the handle to navigate with, and what the
/// route's loaders produced for the entry (`load NAME` in the table; empty when none).
@MainActor
public struct ContextEnvironment {
    public let entry: NavigationEntry
    public let navigation: NavigationHandle
    public let loaded: LoadedData

    public init(entry: NavigationEntry, navigation: NavigationHandle, loaded: LoadedData = .empty) {
        self.entry = entry
        self.navigation = navigation
        self.loaded = loaded
    }
}

/// Makes the context of one route.
public typealias ContextFactory = @MainActor (ContextEnvironment) -> any Context

/// How a context asks for navigation (presentation → context → orchestrator): the
/// requests go to the flow, which the handle does not keep alive. Everything a screen can ask
/// for goes through it: a route (`navigate(to:)`, by name or typed), a link it received
/// (`open(url:)`), the tabs (`selectTab`, `resetTab`), back and dismiss, any command
/// (`perform`). Once the flow is gone, each ends `cancelled(superseded)`.
@MainActor
public struct NavigationHandle {
    weak var flow: NavigationFlow?
    /// The entry of the context the handle was given to (nil: the orchestrator's own handle).
    let entry: NavigationEntry?

    init(flow: NavigationFlow?, entry: NavigationEntry? = nil) {
        self.flow = flow
        self.entry = entry
    }

    /// Publishes, ahead of any gesture, whether this context's screen may be left
    /// (``NavigationFlow/leaveDecision(of:)``): `allowed` (nothing to lose), `refused`, or `ask`
    /// (the async ``LeaveGuardingContext/shouldLeave(_:)`` decides). A back gesture reads it the
    /// moment it starts (``NavigationFlow/backGestureStarted()``), with no time to await. Nothing
    /// once the entry has left the state.
    public func publishLeaveDecision(_ decision: LeaveDecision) {
        guard let entry else { return }
        flow?.publishLeaveDecision(decision, for: entry)
    }

    /// Opens a URL the context holds — a link in a post, a message, a web view — as a deep link:
    /// resolved against the table and held to the route's `sources` and `auth` like any link.
    /// The source is `deepLink` unless given: a link that arrived in content is no more trusted
    /// than one from outside the app (pass `.inApp` only for a URL the app built itself, or the
    /// table's `sources inApp` would let any link in content through).
    @discardableResult
    public func open(url: String, source: NavigationSource = .deepLink) async -> NavigationResult {
        guard let flow else { return .cancelled(.superseded) }
        return await flow.open(url: url, source: source)
    }

    /// Selects a tab (dismissing modals: the tab bar is under them).
    @discardableResult
    public func selectTab(_ name: String) async -> NavigationResult {
        guard let flow else { return .cancelled(.superseded) }
        return await flow.selectTab(name)
    }

    /// Pops a tab's stack to its root.
    @discardableResult
    public func resetTab(_ name: String) async -> NavigationResult {
        guard let flow else { return .cancelled(.superseded) }
        return await flow.resetTab(name)
    }

    /// Any command, through the pipeline.
    @discardableResult
    public func perform(_ command: NavigationCommand) async -> NavigationResult {
        guard let flow else { return .cancelled(.superseded) }
        return await flow.perform(command)
    }

    @discardableResult
    public func navigate(to destination: Destination) async -> NavigationResult {
        guard let flow else { return .cancelled(.superseded) }
        return await flow.navigate(to: destination)
    }

    @discardableResult
    public func back() async -> NavigationResult {
        guard let flow else { return .cancelled(.superseded) }
        return await flow.back()
    }

    @discardableResult
    public func dismiss() async -> NavigationResult {
        guard let flow else { return .cancelled(.superseded) }
        return await flow.dismiss()
    }
}
