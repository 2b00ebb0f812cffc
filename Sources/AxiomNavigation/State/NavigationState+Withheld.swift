import AxiomRouting

extension NavigationState {
    /// Screens taken off view because they need a sign-in the user has not given — kept in the
    /// state, not erased (Docs/Middleware.md, "The gate"). When the user dismisses the login that
    /// guarded them, or no login can be shown (no session middleware, no login route), the gate
    /// moves the guarded top of the stack here and shows the screen below; after sign-in
    /// (``NavigationFlow/signIn()``, or ``NavigationFlow/start()`` when the session is already
    /// signed in) they go back where they were — onto `above`, if it is still the top of its
    /// stack (for a modal: still the visible screen); a group whose `above` has left the state is
    /// released at that commit. A group with nothing below it (a whole stack, or a modal over
    /// an empty one) has no `above`: it goes back while its stack — the root's, or tab `tab`'s —
    /// is still empty, and is released once something else is there.
    public struct Withheld: Sendable, Hashable {
        /// What was withheld.
        public enum Content: Sendable, Hashable {
            /// The top of a stack, bottom first: pushed back onto `above`.
            case stack([NavigationEntry])
            /// A whole modal (a container too, with its tabs): presented again over `above`.
            case modal(Modal)
        }

        /// The entry they were above; nil when there was none (see ``tab``).
        public let above: EntryID?
        /// For a group with nothing below it in the root's tab bar: the tab whose stack it was
        /// (or over whose empty stack its modal was). Nil otherwise.
        public let tab: String?
        public let content: Content

        init(above: EntryID?, tab: String? = nil, entries: [NavigationEntry]) {
            self.above = above
            self.tab = tab
            self.content = .stack(entries)
        }

        init(above: EntryID?, tab: String? = nil, modal: Modal) {
            self.above = above
            self.tab = tab
            self.content = .modal(modal)
        }

        /// Where the group goes back, as outlines and drop reports say it.
        public var place: String {
            if let above { return "above \(above)" }
            return tab.map { "at the bottom of tab \($0)" } ?? "at the bottom of the root"
        }

        /// The withheld screens, bottom first (a modal's: each of its stacks in order).
        public var entries: [NavigationEntry] {
            switch content {
            case .stack(let stack): return stack
            case .modal(let modal): return modal.allStacks.flatMap(\.stack)
            }
        }
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
    /// are gone. The state to propose to the gate once the user is signed in. Linear in the
    /// number of stacks and groups.
    func reinstatingWithheld() -> NavigationState {
        guard !withheld.isEmpty else { return self }
        var next = self
        next.withheld = []
        var tops = next.stackTops()
        for group in withheld {
            guard let above = group.above else {
                // Nothing was below it: back while its stack is still empty.
                guard next.hasEmptyBottom(for: group) else { continue }
                switch group.content {
                case .modal(let modal): next.modals.append(modal)
                case .stack(let entries): next.append(entries, to: group.tab.map { .tab($0) } ?? .root)
                }
                continue
            }
            switch group.content {
            case .modal(let modal):
                // (No group is above an entry of a withheld modal: `tops` stays as it is.)
                guard next.visible?.id == above else { continue }
                next.modals.append(modal)
            case .stack(let entries):
                // Once a group is back on a stack, that stack's top is one of its entries (no
                // group is above those): the old top is no longer a place to put one.
                guard let place = tops.removeValue(forKey: above) else { continue }
                next.append(entries, to: place)
            }
        }
        return next
    }

    /// Where a stack is: the root's, a tab's, a modal's, or a tab of a modal's.
    private enum StackPlace {
        case root
        case tab(String)
        case modal(Int)
        case modalTab(Int, String)
    }

    /// Each stack's top entry and where that stack is.
    private func stackTops() -> [EntryID: StackPlace] {
        var tops: [EntryID: StackPlace] = [:]
        switch root {
        case .stack(let stack): if let top = stack.last { tops[top.id] = .root }
        case .tabs(let tabs): for name in tabs.order { if let top = tabs.stacks[name]?.last { tops[top.id] = .tab(name) } }
        }
        for (level, modal) in modals.enumerated() {
            switch modal.content {
            case .stack(let stack): if let top = stack.last { tops[top.id] = .modal(level) }
            case .tabs(let tabs): for name in tabs.order { if let top = tabs.stacks[name]?.last { tops[top.id] = .modalTab(level, name) } }
            }
        }
        return tops
    }

    /// Appends `entries` to the stack at `place`.
    private mutating func append(_ entries: [NavigationEntry], to place: StackPlace) {
        func append(_ name: String?, _ content: inout Root) {
            switch content {
            case .stack(var stack):
                content = .stack([])
                stack += entries
                content = .stack(stack)
            case .tabs(var tabs):
                content = .stack([])
                if let name { tabs.stacks[name, default: []] += entries }
                content = .tabs(tabs)
            }
        }
        switch place {
        case .root: append(nil, &root)
        case .tab(let name): append(name, &root)
        case .modal(let level): append(nil, &modals[level].content)
        case .modalTab(let level, let name): append(name, &modals[level].content)
        }
    }

    /// `entries` (about to be withheld) with the withheld group that sat on their top appended,
    /// and that group taken out: what was withheld above them goes aside with them, in order, so
    /// it can come back on top of them. Such a group is always the newest (a group is made above
    /// the top of a stack, and only a top is withheld or removed), so this looks at the end of the
    /// list only; a group left above an entry that is no longer in a stack goes at the gate's
    /// final tidy.
    mutating func takingWithheld(above entries: [NavigationEntry]) -> [NavigationEntry] {
        guard let top = entries.last else { return entries }
        var result = entries
        while let last = withheld.last, last.above == top.id, case .stack(let above) = last.content {
            result += above
            withheld.removeLast()
        }
        return result
    }

    /// The state without the withheld groups whose `above` is no longer in its stacks, or —
    /// for a group with nothing below it — whose stack is no longer empty (they could never go
    /// back: their context is released at this commit).
    func droppingOrphanedWithheld() -> NavigationState {
        guard !withheld.isEmpty else { return self }
        let present = Set(stackEntries.map(\.id))
        var next = self
        next.withheld = withheld.filter { group in group.above.map { present.contains($0) } ?? hasEmptyBottom(for: group) }
        return next
    }

    /// Whether the place of a group with nothing below it is still free: its stack (the root's,
    /// or the root tab bar's tab `tab`) is empty, and — for a modal — nothing is presented.
    func hasEmptyBottom(for group: Withheld) -> Bool {
        if case .modal = group.content, !modals.isEmpty { return false }
        switch (root, group.tab) {
        case (.stack(let stack), nil): return stack.isEmpty
        case (.tabs(let tabs), let name?): return tabs.order.contains(name) && (tabs.stacks[name] ?? []).isEmpty
        default: return false
        }
    }
}
