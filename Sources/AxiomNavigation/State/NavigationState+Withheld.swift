import AxiomRouting

extension NavigationState {
    /// Screens taken off view because they need a sign-in the user has not given — kept in the
    /// state, not erased (Docs/Middleware.md, "The gate"). When the user dismisses the login that
    /// guarded them, or no login can be shown (no session middleware, no login route), the gate
    /// moves the guarded top of the stack here and shows the screen below; after sign-in
    /// (``NavigationFlow/signIn(as:)``, or ``NavigationFlow/start()`` when the session is already
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

    /// The withheld groups put back where they were, every one whose place is still there: the
    /// state to propose to the gate once the user is signed in. A group of a stack goes back onto
    /// `above` while that is the top of a stack — after any group put back onto it before, so
    /// several groups above one entry come back in the order they were taken; a modal (a
    /// container too) goes back over `above` while that is the top of the screens under a
    /// modal's level — under any modal presented since, such as a login still on top. A group
    /// above an entry of another group goes back once that one has, whichever was taken first:
    /// the groups are tried again until a turn puts none back (at most one turn a group, each
    /// linear in the state). The others are gone (their place left the state).
    func reinstatingWithheld() -> NavigationState {
        guard !withheld.isEmpty else { return self }
        var next = self
        next.withheld = []
        var pending = withheld
        // The entry each group of a stack goes onto: `above`, or the last one put back onto it.
        var onto: [EntryID: EntryID] = [:]
        var progressed = true
        while progressed, !pending.isEmpty {
            progressed = false
            var rest: [Withheld] = []
            for group in pending {
                if next.reinstate(group, onto: &onto) { progressed = true } else { rest.append(group) }
            }
            pending = rest
        }
        return next
    }

    /// Puts `group` back where it was, if that place is there now; returns whether it did.
    private mutating func reinstate(_ group: Withheld, onto: inout [EntryID: EntryID]) -> Bool {
        guard let above = group.above else {
            // Nothing was below it: back while its stack is still empty.
            guard hasEmptyBottom(for: group) else { return false }
            switch group.content {
            case .modal(let modal): modals.append(modal)
            case .stack(let entries): append(entries, to: group.tab.map { .tab($0) } ?? .root)
            }
            return true
        }
        switch group.content {
        case .modal(let modal):
            // Over `above` where it is the top of the screens under a modal level.
            guard let level = levelShowing(onto[above] ?? above) else { return false }
            modals.insert(modal, at: level)
            return true
        case .stack(let entries):
            let target = onto[above] ?? above
            guard let place = stackTops()[target], let last = entries.last else { return entries.isEmpty }
            append(entries, to: place)
            onto[above] = last.id
            return true
        }
    }

    /// The modal level whose presentation sits over `entry`, when `entry` is the top of the
    /// active stack under it: 0 for the root's (its selected tab's), `n + 1` for modal `n`'s.
    private func levelShowing(_ entry: EntryID) -> Int? {
        if rootActiveTop?.id == entry { return 0 }
        for (level, modal) in modals.enumerated() where modal.stack.last?.id == entry { return level + 1 }
        return nil
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
    /// A group above an entry that is itself withheld (a sheet withheld above a screen withheld
    /// in its turn) is kept while that group is: its place comes back with it.
    func droppingOrphanedWithheld() -> NavigationState {
        guard !withheld.isEmpty else { return self }
        // (A screen in a saved back stack is a place too: the group goes back when it shows again.)
        var present = Set(stackEntries.map(\.id)).union(savedStacks.joined().map(\.id))
        var kept = [Bool](repeating: false, count: withheld.count)
        // Groups whose place is present, then those above their entries, to a fixpoint: at most
        // one turn a group.
        var progressed = true
        while progressed {
            progressed = false
            for (index, group) in withheld.enumerated() where !kept[index] {
                guard group.above.map({ present.contains($0) }) ?? hasEmptyBottom(for: group) else { continue }
                kept[index] = true
                present.formUnion(group.entries.map(\.id))
                progressed = true
            }
        }
        guard kept.contains(false) else { return self }
        var next = self
        next.withheld = withheld.indices.filter { kept[$0] }.map { withheld[$0] }
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
