public import AxiomRouting

/// Where the app is: a root (one stack, or tabs each owning a stack) and a chain of presented
/// modals, each with its own stack. A value: commands produce new states (see
/// ``NavigationPlanner``), and tests compare whole states.
///
/// ```swift
/// var state = NavigationState(tabs: ["home": Destination("home"), "profile": Destination("me")])
/// state = try NavigationPlanner.plan(.push(Destination("post", parameters: ["postId": .int(7)])), in: state).get().state
/// state.visible?.route   // "post"
/// state.canGoBack        // true
/// ```
public struct NavigationState: Sendable, Hashable {
    /// The tabs: their order, which one is selected, and each tab's own stack (switching
    /// tabs keeps every stack as it is).
    public struct Tabs: Sendable, Hashable {
        public internal(set) var order: [String]
        public internal(set) var selected: String
        public internal(set) var stacks: [String: [NavigationEntry]]
    }

    public enum Root: Sendable, Hashable {
        case stack([NavigationEntry])
        case tabs(Tabs)
    }

    /// A presented modal: its own stack (its first entry is what was presented), or — for a
    /// container the table declares with tabs (`container onboarding modal(fullScreen)
    /// tabs(welcome, permissions)`) — tabs each with its stack.
    public struct Modal: Sendable, Hashable {
        public internal(set) var style: ModalStyle
        /// What the modal holds: one stack, or tabs.
        public internal(set) var content: Root
        /// The table's container it presents (`container NAME`), when it is one.
        public internal(set) var container: String?

        /// A modal of one stack.
        init(style: ModalStyle, stack: [NavigationEntry], container: String? = nil) {
            self.style = style
            self.content = .stack(stack)
            self.container = container
        }

        /// A container of tabs.
        init(style: ModalStyle, tabs: Tabs, container: String) {
            self.style = style
            self.content = .tabs(tabs)
            self.container = container
        }

        /// The stack commands act on: the modal's own, or its selected tab's.
        public internal(set) var stack: [NavigationEntry] {
            get {
                switch content {
                case .stack(let stack): return stack
                case .tabs(let tabs): return tabs.stacks[tabs.selected] ?? []
                }
            }
            set {
                switch content {
                case .stack: content = .stack(newValue)
                case .tabs(var tabs):
                    tabs.stacks[tabs.selected] = newValue
                    content = .tabs(tabs)
                }
            }
        }

        /// The tabs, for a container of tabs.
        public var tabs: Tabs? {
            if case .tabs(let tabs) = content { return tabs }
            return nil
        }

        /// Every stack of the modal, in order (one, or each tab's).
        var allStacks: [(tab: String?, stack: [NavigationEntry])] {
            switch content {
            case .stack(let stack): return [(nil, stack)]
            case .tabs(let tabs): return tabs.order.map { ($0, tabs.stacks[$0] ?? []) }
            }
        }
    }

    public internal(set) var root: Root
    /// Presented modals, bottom first.
    public internal(set) var modals: [Modal]
    /// The id the next new entry gets.
    public internal(set) var nextID: Int
    /// Screens set aside until sign-in (``Withheld``): in the state, not on any stack.
    public internal(set) var withheld: [Withheld] {
        get { withheldGroups ?? [] }
        set { withheldGroups = newValue.isEmpty ? nil : newValue }
        // In place: appending or removing a group copies no list (the gate does it per screen).
        _modify {
            var groups = withheldGroups ?? []
            withheldGroups = nil
            defer { withheldGroups = groups.isEmpty ? nil : groups }
            yield &groups
        }
    }
    /// The principal whose signed-in session the state's guarded screens belong to — those
    /// withheld, those left under a login, every auth-only screen in it (``Principal``): set when
    /// a named principal signs in, kept through sign-out, saved with the state. Another
    /// principal's sign-in drops them; nil when no principal was named (or none since the state
    /// was forgotten: ``NavigationFlow/Configuration/forgetsGuardedStateAtSignOut``).
    public internal(set) var owner: Principal? = nil
    /// ``withheld``, nil when there are none (most states: copying one then counts no reference).
    var withheldGroups: [Withheld]? = nil
    /// ``results``, nil when there are none.
    var resultRecords: [PendingResult]? = nil
    /// ``savedStacks``, nil when there are none.
    var savedRecords: [[NavigationEntry]]? = nil

    /// Back stacks set aside to come back to (multiple back stacks: Jetpack's `saveState` and
    /// `restoreState`), each bottom first: what ``NavigationCommand/popToSaving(_:inclusive:)``
    /// popped and ``NavigationCommand/switchStack(to:)`` left. Their screens stay in the state
    /// (their contexts live on, an answer they await stays pending) without being on any stack;
    /// ``NavigationCommand/pushRestoring(_:)`` and `switchStack` put one back. A saved stack is
    /// found by any of its screens' routes, and one route is in one saved stack at most: saving a
    /// stack drops an older one that shares a route with it. The gate decides a saved screen when
    /// it shows again; guarded ones go with the owner's other guarded screens.
    public internal(set) var savedStacks: [[NavigationEntry]] {
        get { savedRecords ?? [] }
        set { savedRecords = newValue.isEmpty ? nil : newValue }
    }

    /// Sets `stack` aside (``savedStacks``), dropping any saved stack that shares a route with it.
    mutating func save(_ stack: [NavigationEntry]) {
        guard !stack.isEmpty else { return }
        let routes = Set(stack.map(\.route))
        savedStacks = savedStacks.filter { !$0.contains { routes.contains($0.route) } } + [stack]
    }

    /// The saved stack that holds a screen of `route`, taken out of ``savedStacks``.
    mutating func takeSaved(route: String) -> [NavigationEntry]? {
        guard let index = savedStacks.firstIndex(where: { $0.contains { $0.route == route } }) else { return nil }
        return savedStacks.remove(at: index)
    }

    /// A single stack with these screens (the first is its root).
    public init(stack: [Destination] = []) {
        root = .stack([])
        modals = []
        nextID = 0
        root = .stack(stack.map { makeEntry($0) })
    }

    /// Tabs in order, each starting at its root destination (or empty); the first selected
    /// (or `selected`, when it is one of them). No tabs at all make one empty stack.
    public init(tabs: KeyValuePairs<String, Destination?>, selected: String? = nil) {
        self.init(tabs: tabs.map { ($0.key, $0.value) }, selected: selected)
    }

    /// Tabs in order, each starting at its root destination (or empty); the first selected.
    init(tabs: [(String, Destination?)], selected: String? = nil) {
        root = .stack([])
        modals = []
        nextID = 0
        var stacks: [String: [NavigationEntry]] = [:]
        for (name, destination) in tabs { stacks[name] = destination.map { [makeEntry($0)] } ?? [] }
        let order = tabs.map(\.0)
        // No tabs: one empty stack (a tab bar of no tabs has no stack to put a screen on).
        guard let first = order.first else { return }
        root = .tabs(Tabs(order: order, selected: selected.flatMap { order.contains($0) ? $0 : nil } ?? first, stacks: stacks))
    }

    /// A new entry with the next generational id, put there by a request from `source`.
    mutating func makeEntry(_ destination: Destination, source: NavigationSource = .inApp) -> NavigationEntry {
        defer { nextID += 1 }
        return NavigationEntry(id: EntryID(nextID), destination: destination.asScreen, source: source)
    }

    /// The stack commands act on: the top modal's, else the selected tab's, else the root's.
    public var activeStack: [NavigationEntry] {
        if let modal = modals.last { return modal.stack }
        switch root {
        case .stack(let stack): return stack
        case .tabs(let tabs): return tabs.stacks[tabs.selected] ?? []
        }
    }

    /// The top of the root's active stack (its selected tab's), under any modal.
    var rootActiveTop: NavigationEntry? {
        switch root {
        case .stack(let stack): return stack.last
        case .tabs(let tabs): return tabs.stacks[tabs.selected]?.last
        }
    }

    /// The entry on screen.
    public var visible: NavigationEntry? { activeStack.last }

    /// Whether ``NavigationCommand/back`` can do something: pop, or dismiss a modal.
    public var canGoBack: Bool { activeStack.count > 1 || !modals.isEmpty }

    /// The selected tab, when the root is tabs.
    public var selectedTab: String? {
        if case .tabs(let tabs) = root { return tabs.selected }
        return nil
    }

    /// Every entry in the state (tabs in order, then modals bottom up, then the withheld ones,
    /// then the saved stacks').
    public var entries: [NavigationEntry] {
        guard withheldGroups != nil || savedRecords != nil else { return stackEntries }
        return stackEntries + withheld.flatMap(\.entries) + savedStacks.joined()
    }

    /// The state without its visible entry when that entry is `route` (the login screen once
    /// the user signed in): a modal it is the root of is dismissed, otherwise it is popped. Any
    /// other state is returned as it is.
    func removingVisible(route: String?) -> NavigationState {
        guard let route, visible?.route == route else { return self }
        var next = self
        if activeStack.count == 1, !modals.isEmpty {
            next.modals.removeLast()
        } else if activeStack.count > 1 {
            next.setActiveStack(Array(activeStack.dropLast()))
        }
        return next
    }

    /// Replaces the root's stack: the stack's, or tab `tab`'s (when the root has it; else the
    /// selected tab's), which is then selected.
    mutating func setRootStack(_ stack: [NavigationEntry], forTab tab: String?) {
        switch root {
        case .stack: root = .stack(stack)
        case .tabs(var tabs):
            let chosen = tab.flatMap { tabs.stacks[$0] != nil ? $0 : nil } ?? tabs.selected
            tabs.selected = chosen
            tabs.stacks[chosen] = stack
            root = .tabs(tabs)
        }
    }

    /// Replaces the active stack.
    mutating func setActiveStack(_ stack: [NavigationEntry]) {
        if !modals.isEmpty {
            modals[modals.count - 1].stack = stack
            return
        }
        switch root {
        case .stack: root = .stack(stack)
        case .tabs(var tabs):
            tabs.stacks[tabs.selected] = stack
            root = .tabs(tabs)
        }
    }
}
