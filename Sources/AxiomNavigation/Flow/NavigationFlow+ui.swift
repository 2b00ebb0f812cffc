public import AxiomRouting

extension NavigationFlow {
    /// Records what the UI already did on screen (``UIChange``), in the same main-actor turn:
    ///
    /// - it is a commit like any other — a history record (action `ui-pop(#3)` …, source
    ///   `inApp`), the lifecycle (the entries left disappear and are released, their contexts
    ///   exactly once; the entry now visible appears), the journal, and each middleware's
    ///   `didFinish` (analytics see it);
    /// - no middleware and no leave guard can veto it: the screen has already changed. Leave
    ///   guards are told instead (``LeaveGuardingContext/wasLeftByUI(_:)``); to keep a screen,
    ///   prevent the gesture (`.interactiveDismissDisabled()`, `.navigationBarBackButtonHidden()`,
    ///   Docs/SwiftUI.md);
    /// - a request in flight was planned for the screen that is gone: it ends
    ///   `cancelled(ui-changed)` and commits nothing.
    ///
    /// A change the state cannot take (the UI is behind: an entry, tab or modal that is not
    /// there) ends `failed(ui-change-not-applicable)` and changes nothing; a change that changes
    /// nothing (the tab already selected) ends `duplicated`. Contexts are told asynchronously,
    /// in commit order; ``lifecycleSettled()`` waits for them.
    ///
    /// **The gate holds here too** (Docs/Middleware.md, "The gate"). A screen the change reveals that may not
    /// be shown now — an auth-only tab tapped while signed out, a pop back to an auth-only screen
    /// after sign-out — gets the login over it *in the same commit* (never a later request a rate
    /// limit or a newer link could stop): its context is not told it appeared, and signing in
    /// takes the login down and shows it. When the change *is* the user leaving that login (a
    /// login sheet dragged down, a back swipe off it), what it guarded is withheld — kept in the
    /// state, not shown, back after sign-in — and the screen below shows. A screen no sign-in
    /// could allow (its `sources`) is dropped from the state, down to one that may be shown — or,
    /// for a tab tapped, the tap is not taken (`cancelled(untrusted-source)`): the UI shows the tab
    /// it was on.
    @discardableResult
    public func uiDidChange(_ change: UIChange) -> NavigationResult {
        let started = ContinuousClock().now
        let old = state
        let applied = old.applying(change)
        let gate = self.gate
        var tabRefusal: NavigationResult? = nil
        if case .success(let next) = applied {
            tabRefusal = Self.refusesTab(change, next, gate: gate)
        }
        let id: RequestID
        let result: NavigationResult
        switch applied {
        case .failure(let error):
            id = RequestID(nextRequest)
            nextRequest += 1
            result = .failed(error)
        case .success(let next) where next == old:
            id = RequestID(nextRequest)
            nextRequest += 1
            result = .duplicated
        case .success where tabRefusal != nil:
            // A tab whose screen no sign-in could allow (its `sources`): the tap is not taken, and
            // the UI, reading the state, shows the tab it was on.
            id = RequestID(nextRequest)
            nextRequest += 1
            result = tabRefusal ?? .cancelled(.untrustedSource)
        case .success(let next):
            // Whatever was in flight was planned for the old screen.
            id = takeTurn()
            lastUIChange = id
            // The gate: a screen the change revealed that may not be shown gets the login over
            // it in this same commit — unless the change was the user leaving that login, when
            // what it guarded is withheld (kept, not shown); a screen no sign-in allows is dropped.
            let leftLogin = gate.leavesLogin(old, showing: next.visible)
            let admission = gate.admit(next, presentingLogin: !leftLogin)
            // Leave guards of every entry the change (and the gate after it) took away are told.
            if let host {
                for question in host.flow(self, leaveQuestionsFrom: old, to: admission.state) { question.context.wasLeftByUI(question.departure) }
            }
            commitThroughGate(next, action: .ui(change), id: id, presentingLogin: !leftLogin, started: started, admitted: admission)
            deliverLater()
            result = .completed
        }
        let total = ContinuousClock().now - started
        let request = NavigationRequest(id: id, action: .ui(change), source: .inApp, route: nil, url: nil, redirects: [])
        let metrics = NavigationMetrics(middleware: .zero, contextCreation: .zero, commit: result.committed ? total : .zero, total: total)
        lastMetrics = metrics
        for entry in middleware { entry.middleware.didFinish(request, result: result, metrics: metrics) }
        journal?.append(step: .ui(change), state: state, requests: [id.rawValue], result: result.code.rawValue)
        return result
    }

    /// The refusal of a tab tap whose tab shows a screen the policy refuses for good (not a
    /// sign-in away): nil for other changes.
    private static func refusesTab(_ change: UIChange, _ next: NavigationState, gate: NavigationGate) -> NavigationResult? {
        guard case .selectedTab = change, let visible = next.visible, case .refused(let refused) = gate.verdict(visible) else { return nil }
        return refused
    }

    /// Waits until every committed change's lifecycle events have been delivered to the host's
    /// contexts (those of ``uiDidChange(_:)`` go out asynchronously).
    public func lifecycleSettled() async {
        while let followUp = uiFollowUp {
            await followUp.value
            if uiFollowUp == followUp { uiFollowUp = nil }
        }
        _ = await deliverPendingEvents()
    }

    /// The state as a UI framework binds to it (Docs/SwiftUI.md).
    public var bindings: NavigationBindings { NavigationBindings(flow: self) }
}

/// Which stack of the state: the root's (a single stack), a tab's, or a modal's.
public enum StackLocation: Sendable, Hashable {
    case root
    case tab(String)
    /// The modal at this level (0: the bottom one): its stack, or its selected tab's.
    case modal(Int)
    /// A tab of the container presented at this level.
    case modalTab(Int, String)
}

/// A presented modal as a UI binds to it (`.sheet(item:)`): identified by its first entry.
public struct PresentedModal: Sendable, Hashable, Identifiable {
    /// The modal's level (0: the bottom one).
    public let level: Int
    public let style: ModalStyle
    /// The entry the modal presents (its stack's root).
    public let root: NavigationEntry

    public var id: EntryID { root.id }
}

/// The flow's state with get/set semantics, the way SwiftUI's `NavigationStack(path:)`,
/// `TabView(selection:)` and `.sheet(item:)` bind to it — and tested the same way on any
/// platform: getting reads the state; setting reports what the UI did (``UIChange``).
///
/// - A stack's **path** is its entries above its root (the root is the stack's own view).
///   Setting a shorter path (a prefix) is a pop; setting the same path does nothing; any other
///   path (the UI pushing by itself) is refused: navigate through the flow instead.
/// - The **selected tab**: setting it is a tab tap.
/// - The **presented modal** at a level: setting nil is a dismissal (of it and those above).
///
/// ```swift
/// let bindings = flow.bindings
/// bindings.setPath(Array(bindings.path(.tab("home")).dropLast()), of: .tab("home"))   // a back swipe
/// bindings.selectedTab = "inbox"                                                         // a tab tap
/// bindings.setPresented(nil, at: 0)                                                      // a sheet dragged down
/// ```
@MainActor
public struct NavigationBindings {
    public let flow: NavigationFlow

    /// The stack's root entry: its own view (nil when the stack does not exist or is empty).
    public func root(_ stack: StackLocation) -> NavigationEntry? {
        entries(stack).first
    }

    /// The stack's entries above its root, bottom first (empty when the stack does not exist).
    public func path(_ stack: StackLocation) -> [NavigationEntry] {
        Array(entries(stack).dropFirst())
    }

    /// Sets a stack's path the way the UI did: a shorter one is a pop (``UIChange/popped(to:)``).
    @discardableResult
    public func setPath(_ path: [NavigationEntry], of stack: StackLocation) -> NavigationResult {
        let entries = entries(stack)
        guard let root = entries.first else { return .failed(.uiChangeNotApplicable("there is no stack \(stack)")) }
        let current = Array(entries.dropFirst())
        if path.map(\.id) == current.map(\.id) { return .duplicated }
        guard path.count < current.count, path.map(\.id) == current.prefix(path.count).map(\.id) else {
            return .failed(.uiChangeNotApplicable("the UI set a path that is not a shorter one; push through the flow (navigate, open)"))
        }
        return flow.uiDidChange(.popped(to: path.last?.id ?? root.id))
    }

    /// What going back would meet now (``NavigationFlow/backDecision``): read it when the gesture
    /// could start, with no time to await.
    public var backDecision: LeaveDecision { flow.backDecision }

    /// Whether the UI may let a back gesture take the visible screen off by itself (the decision
    /// is `allowed`); otherwise it holds the gesture (`.navigationBarBackButtonHidden`, Android's
    /// `OnBackPressedCallback` enabled) and reports it with ``NavigationFlow/backGestureCompleted()``.
    public var backGestureEnabled: Bool { flow.backDecision == .allowed }

    /// The selected tab (nil when the root has no tabs); setting it is a tab tap.
    public var selectedTab: String? {
        get { flow.state.selectedTab }
        nonmutating set {
            // SwiftUI may write back what it read: nothing happened then.
            if let newValue, newValue != flow.state.selectedTab { flow.uiDidChange(.selectedTab(newValue)) }
        }
    }

    /// The selected tab of the container presented at `level` (nil when it has no tabs); setting
    /// it is a tab tap in that container (it must be the one on top).
    public func selectedTab(inModal level: Int) -> String? {
        flow.state.modals.indices.contains(level) ? flow.state.modals[level].tabs?.selected : nil
    }

    @discardableResult
    public func setSelectedTab(_ name: String, inModal level: Int) -> NavigationResult {
        guard level == flow.state.modals.count - 1 else {
            return .failed(.uiChangeNotApplicable("the container at level \(level) is not the one on top"))
        }
        return flow.uiDidChange(.selectedTab(name))
    }

    /// The modal presented at `level`, if any.
    public func presented(at level: Int) -> PresentedModal? {
        guard flow.state.modals.indices.contains(level), let root = flow.state.modals[level].stack.first else { return nil }
        return PresentedModal(level: level, style: flow.state.modals[level].style, root: root)
    }

    /// Sets the modal at `level` the way the UI did: nil is a dismissal (of it and those above);
    /// the modal already there does nothing; the UI cannot present one by itself.
    @discardableResult
    public func setPresented(_ modal: PresentedModal?, at level: Int) -> NavigationResult {
        if let modal {
            return modal == presented(at: level) ? .duplicated : .failed(.uiChangeNotApplicable("the UI cannot present a modal by itself"))
        }
        return presented(at: level) == nil ? .duplicated : flow.uiDidChange(.dismissed(level: level))
    }

    private func entries(_ stack: StackLocation) -> [NavigationEntry] {
        let state = flow.state
        switch stack {
        case .root:
            if case .stack(let entries) = state.root { return entries }
            return []
        case .tab(let name):
            if case .tabs(let tabs) = state.root { return tabs.stacks[name] ?? [] }
            return []
        case .modal(let level):
            return state.modals.indices.contains(level) ? state.modals[level].stack : []
        case .modalTab(let level, let name):
            return state.modals.indices.contains(level) ? state.modals[level].tabs?.stacks[name] ?? [] : []
        }
    }
}
