public import AxiomRouting

/// A change to ``NavigationState``.
public enum NavigationCommand: Sendable, Hashable, Codable {
    /// A new screen on the active stack.
    case push(Destination)
    /// Removes the active stack's top screen (not its root).
    case pop
    /// Back to the active stack's root (nothing to do at the root is not an error).
    case popToRoot
    /// Back to the topmost entry of `route` on the active stack (Jetpack's `popUpTo`, TCA's
    /// `pop(to:)`); `inclusive` removes that entry too. With `inclusive` at a modal's root the
    /// modal is dismissed; at the root of the app's stack there is nothing under it (`at-root`).
    /// A route not on the active stack is `not-in-stack`; already on top (not inclusive), nothing
    /// changes.
    case popTo(String, inclusive: Bool = false)
    /// Back to the topmost entry of the active stack that is `destination` — its route *and* its
    /// values (Jetpack's `popUpTo` with arguments: of three `profile` screens, the one of user 7);
    /// otherwise as ``popTo(_:inclusive:)``. No such entry: `not-in-stack`.
    case popToDestination(Destination, inclusive: Bool = false)
    /// As ``popTo(_:inclusive:)``, keeping the screens it pops as a saved back stack to come back
    /// to (``NavigationState/savedStacks``; Jetpack's `popUpTo` with `saveState`): their contexts
    /// live on. Popping the active stack's root (`inclusive` at index 0) is `at-root`.
    case popToSaving(String, inclusive: Bool = false)
    /// Puts back the saved stack that holds a screen of `destination`'s route, on top of the
    /// active stack, as it was (Jetpack's `restoreState`); with none saved, pushes `destination`.
    case pushRestoring(Destination)
    /// One stack, several back stacks (a bottom bar without tabs, Jetpack's `saveState` with
    /// `restoreState`): what is above the active stack's root is saved, then the saved stack of
    /// `destination`'s route is put back above the root — or `destination` pushed, when none is
    /// saved; `destination` of the root's own route just goes back to the root. One commit.
    case switchStack(to: Destination)
    /// Replaces the active stack's top screen (or pushes onto an empty stack).
    case replace(Destination)
    /// Presents a modal with its own stack.
    case present(Destination, style: ModalStyle)
    /// Dismisses the top modal.
    case dismiss
    /// Selects a tab (dismissing modals: the tab bar is under them); its stack is kept.
    case selectTab(String)
    /// Pops a tab's stack to its root.
    case resetTab(String)
    /// Replaces the whole active stack.
    case setStack([Destination])
    /// Pop; at a modal's root, dismiss.
    case back
    /// The screen of this entry answers its caller with `value` (Docs/Navigation.md, "Screens
    /// that answer") and goes: it and what is above it are popped (at a modal's root, the modal is
    /// dismissed), and its ``PendingResult`` is completed in the same commit. The entry must be on
    /// the active stack (`not-in-stack`) and awaited (`no-pending-result`); a value not of the
    /// route's `result` type fails the request (`wrong-answer-type`).
    case answer(EntryID, with: RouteValue)

    /// The command's stable name: `push`, `pop`, `pop-to-root`, `pop-to`, `replace`, `present`,
    /// `dismiss`, `select-tab`, `reset-tab`, `set-stack`, `back`, `answer`, `pop-to-saving`,
    /// `push-restoring`, `switch-stack`.
    public var name: String {
        switch self {
        case .push: return "push"
        case .pop: return "pop"
        case .popToRoot: return "pop-to-root"
        case .popTo, .popToDestination: return "pop-to"
        case .popToSaving: return "pop-to-saving"
        case .pushRestoring: return "push-restoring"
        case .switchStack: return "switch-stack"
        case .replace: return "replace"
        case .present: return "present"
        case .dismiss: return "dismiss"
        case .selectTab: return "select-tab"
        case .resetTab: return "reset-tab"
        case .setStack: return "set-stack"
        case .back: return "back"
        case .answer: return "answer"
        }
    }
}

/// What a plan tells the screens and their contexts, in delivery order.
public enum LifecycleEvent: Sendable, Hashable, CustomStringConvertible {
    /// The entry is now on screen.
    case appear(NavigationEntry)
    /// The entry left the screen (covered, or removed).
    case disappear(NavigationEntry)
    /// The entry left the state: its context is released.
    case release(NavigationEntry)

    /// Whether an entry stops being on screen or in the state (what a context may veto).
    public var isLeaving: Bool {
        if case .appear = self { return false }
        return true
    }

    public var description: String {
        switch self {
        case .appear(let entry): return "appear \(entry)"
        case .disappear(let entry): return "disappear \(entry)"
        case .release(let entry): return "release \(entry)"
        }
    }
}

/// The next state and the events that lead to it.
public struct NavigationPlan: Sendable, Hashable {
    public let state: NavigationState
    public let events: [LifecycleEvent]
}

/// Why a command cannot apply to a state.
///
/// Compare ``code`` with the static members (`error.code == .atRoot`); new kinds of error add
/// members and break no `switch`.
public struct PlanError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Code: StableCode {
        public let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        /// `pop` or `back` at the root of everything.
        public static let atRoot = Code(rawValue: "at-root")
        /// `dismiss` with no modal presented.
        public static let noModal = Code(rawValue: "no-modal")
        /// A tab command when the root is not tabs, or a tab the state does not have.
        public static let unknownTab = Code(rawValue: "unknown-tab")
        /// A route the router does not know (deep links, navigate).
        public static let unknownRoute = Code(rawValue: "unknown-route")
        /// `popTo` a route that has no entry on the active stack.
        public static let notInStack = Code(rawValue: "not-in-stack")
        /// ``NavigationCommand/answer(_:with:)`` for an entry no caller awaits.
        public static let noPendingResult = Code(rawValue: "no-pending-result")
        /// A deep link's value that a synthetic parent's route refuses (`abc` for a parent's
        /// `int`): the table's child pattern lets through what its parent does not take.
        public static let parentValueRefused = Code(rawValue: "parent-value-refused")
    }

    public let code: Code
    /// The tab or route named, for ``Code/unknownTab``, ``Code/unknownRoute`` and
    /// ``Code/parentValueRefused`` (the parent).
    public let name: String?
    public let description: String

    private init(_ code: Code, name: String? = nil, description: String) {
        self.code = code
        self.name = name
        self.description = description
    }

    /// `pop` or `back` at the root of everything.
    public static let atRoot = Self(.atRoot, description: "already at the root: nothing to go back to")
    /// `dismiss` with no modal presented.
    public static let noModal = Self(.noModal, description: "no modal is presented")

    /// A tab command when the root is not tabs, or a tab the state does not have.
    public static func unknownTab(_ name: String) -> Self {
        Self(.unknownTab, name: name, description: "there is no tab '\(name)'")
    }

    /// `popTo` a route that has no entry on the active stack.
    public static func notInStack(_ name: String) -> Self {
        Self(.notInStack, name: name, description: "no screen of route '\(name)' is on the active stack")
    }

    /// ``NavigationCommand/answer(_:with:)`` for an entry no caller awaits an answer from.
    public static func noPendingResult(_ entry: EntryID) -> Self {
        Self(.noPendingResult, description: "no caller awaits an answer from entry \(entry) (open it with navigate(to:awaiting:))")
    }

    /// A route the router does not know (deep links, navigate).
    public static func unknownRoute(_ name: String) -> Self {
        Self(.unknownRoute, name: name, description: "unknown route '\(name)'")
    }

    /// A deep link's value that its parent `parent` refuses.
    public static func parentValueRefused(parent: String, parameter: String, value: RouteValue, type: ParameterType) -> Self {
        Self(
            .parentValueRefused, name: parent,
            description:
                "the link's \(parameter) '\(value)' is not a value of parent '\(parent)' (\(parameter) is \(type)); declare the child's parameter with the parent's type so the pattern refuses it"
        )
    }
}
