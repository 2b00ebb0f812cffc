/// What backs a screen: created by the ``Orchestrator`` for an entry when it first becomes
/// visible, told when it appears and disappears, and released when the entry leaves the
/// state. It requests navigation through the ``NavigationHandle`` it was given, never by
/// holding the flow.
@MainActor
public protocol Context: AnyObject {
    func onAppear() async
    func onDisappear() async
    /// Asked before a navigation would take this context's entry off the screen — covered by
    /// another (`.covered`) or removed from the state (`.removed`). Returning false (unsaved
    /// changes) ends that navigation `cancelled(guardRejected)` with nothing changed. The
    /// default allows leaving.
    func shouldLeave(_ departure: Departure) async -> Bool
}

extension Context {
    public func shouldLeave(_ departure: Departure) async -> Bool { true }
}

/// How a navigation would take an entry off the screen.
public enum Departure: Sendable, Hashable {
    /// Another entry goes on top; this one stays in the state (its context lives on).
    case covered
    /// The entry leaves the state; its context is released.
    case removed
}

/// What a context factory gets: the entry it backs and the handle to navigate with.
@MainActor
public struct ContextEnvironment {
    public let entry: NavigationEntry
    public let navigation: NavigationHandle
}

/// Makes the context of one route.
public typealias ContextFactory = @MainActor (ContextEnvironment) -> any Context

/// How a context asks for navigation (seeds' Presentation → Context → Orchestrator): the
/// requests go to the flow, which the handle does not keep alive.
@MainActor
public struct NavigationHandle {
    weak var flow: NavigationFlow?

    public func navigate(to destination: Destination) async -> NavigationResult {
        guard let flow else { return .cancelled(.superseded) }
        return await flow.navigate(to: destination)
    }

    public func back() async -> NavigationResult {
        guard let flow else { return .cancelled(.superseded) }
        return await flow.back()
    }

    public func dismiss() async -> NavigationResult {
        guard let flow else { return .cancelled(.superseded) }
        return await flow.dismiss()
    }
}
