import AxiomRouting

extension NavigationState {
    /// Screens taken off view because they need a sign-in the user has not given — kept in the
    /// state, not erased (Docs/Middleware.md, "The gate"). When the user dismisses the login that
    /// guarded them, or no login can be shown (no session middleware, no login route), the gate
    /// moves the guarded top of the stack here and shows the screen below; after sign-in
    /// (``NavigationFlow/signIn()``, or ``NavigationFlow/start()`` when the session is already
    /// signed in) they go back where they were — onto `above`, if it is still the top of its
    /// stack (for a modal: still the visible screen); a group whose `above` has left the state is
    /// released at that commit.
    public struct Withheld: Sendable, Hashable {
        /// What was withheld.
        public enum Content: Sendable, Hashable {
            /// The top of a stack, bottom first: pushed back onto `above`.
            case stack([NavigationEntry])
            /// A whole modal (a container too, with its tabs): presented again over `above`.
            case modal(Modal)
        }

        /// The entry they were above.
        public let above: EntryID
        public let content: Content

        init(above: EntryID, entries: [NavigationEntry]) {
            self.above = above
            self.content = .stack(entries)
        }

        init(above: EntryID, modal: Modal) {
            self.above = above
            self.content = .modal(modal)
        }

        /// The withheld screens, bottom first (a modal's: each of its stacks in order).
        public var entries: [NavigationEntry] {
            switch content {
            case .stack(let stack): return stack
            case .modal(let modal): return modal.allStacks.flatMap(\.stack)
            }
        }
    }

    /// Whether `id` is the top of one of the state's stacks (root, tabs, modals, modals' tabs).
    func isStackTop(_ id: EntryID) -> Bool {
        switch root {
        case .stack(let stack): if stack.last?.id == id { return true }
        case .tabs(let tabs): if tabs.order.contains(where: { tabs.stacks[$0]?.last?.id == id }) { return true }
        }
        return modals.contains { modal in modal.allStacks.contains { $0.stack.last?.id == id } }
    }

    /// Every entry of the stacks (root, tabs, modals), without the withheld ones.
    var stackEntries: [NavigationEntry] {
        var all: [NavigationEntry] = []
        switch root {
        case .stack(let stack): all += stack
        case .tabs(let tabs): for name in tabs.order { all += tabs.stacks[name] ?? [] }
        }
        for modal in modals {
            for (_, stack) in modal.allStacks { all += stack }
        }
        return all
    }

    /// The withheld groups put back where they were (a group goes back only onto its `above`
    /// while that is a stack's top — a modal group only while `above` is visible); the others
    /// are gone. The state to propose to the gate once the user is signed in.
    func reinstatingWithheld() -> NavigationState {
        guard !withheld.isEmpty else { return self }
        var next = self
        next.withheld = []
        for group in withheld {
            switch group.content {
            case .modal(let modal):
                guard next.visible?.id == group.above else { continue }
                next.modals.append(modal)
            case .stack(let entries):
                next.append(entries, onto: group.above)
            }
        }
        return next
    }

    /// Appends `entries` to the stack whose top is `above` (nothing when none is).
    private mutating func append(_ entries: [NavigationEntry], onto above: EntryID) {
        for level in modals.indices.reversed() {
            switch modals[level].content {
            case .stack(let stack) where stack.last?.id == above:
                modals[level].content = .stack(stack + entries)
                return
            case .tabs(var tabs):
                if let name = tabs.order.first(where: { tabs.stacks[$0]?.last?.id == above }) {
                    tabs.stacks[name, default: []] += entries
                    modals[level].content = .tabs(tabs)
                    return
                }
            default: continue
            }
        }
        switch root {
        case .stack(let stack) where stack.last?.id == above:
            root = .stack(stack + entries)
        case .tabs(var tabs):
            if let name = tabs.order.first(where: { tabs.stacks[$0]?.last?.id == above }) {
                tabs.stacks[name, default: []] += entries
                root = .tabs(tabs)
            }
        default: break
        }
    }

    /// `entries` (about to be withheld) with the withheld group that sat on their top appended,
    /// and that group taken out: what was withheld above them goes aside with them, in order, so
    /// it can come back on top of them. A group above another of `entries` is stale (its screen
    /// was covered since): it goes.
    mutating func takingWithheld(above entries: [NavigationEntry]) -> [NavigationEntry] {
        guard !withheld.isEmpty, let top = entries.last else { return entries }
        let ids = Set(entries.map(\.id))
        var result = entries
        var kept: [Withheld] = []
        for group in withheld {
            if group.above == top.id, case .stack(let above) = group.content {
                result += above
            } else if !ids.contains(group.above) {
                kept.append(group)
            }
        }
        withheld = kept
        return result
    }

    /// The state without the withheld groups whose `above` is no longer in its stacks (they
    /// could never go back: their context is released at this commit).
    func droppingOrphanedWithheld() -> NavigationState {
        guard !withheld.isEmpty else { return self }
        let present = Set(stackEntries.map(\.id))
        var next = self
        next.withheld = withheld.filter { present.contains($0.above) }
        return next
    }
}
