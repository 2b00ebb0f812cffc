public import AxiomRouting

/// A saved state checked against the app's current route table: what is kept, and each entry
/// dropped with the reason (Docs/Persistence.md, "Restoring").
public struct Restoration: Sendable, Hashable {
    /// The longest valid part of the saved state: every stack keeps its entries up to the first
    /// one that no longer fits the table.
    public let state: NavigationState
    /// What was left out, stack by stack (root or tabs in order, then modals bottom up), each
    /// stack bottom first.
    public let dropped: [Dropped]

    /// One entry (or an empty tab) left out of the restored state.
    public struct Dropped: Sendable, Hashable, CustomStringConvertible {
        /// The entry; nil for a tab that had no entries.
        public let entry: NavigationEntry?
        /// Where it was: `root`, `tab NAME`, `modal N` (N from 0, bottom first).
        public let place: String
        public let code: Code
        /// What happened, for people.
        public let reason: String

        public var description: String { "\(place): \(entry.map { "\($0)" } ?? "(empty)") dropped: \(reason) [\(code)]" }
    }

    /// Why an entry was dropped; stable.
    public struct Code: StableCode {
        public let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        /// The table has no route of that name any more.
        public static let unknownRoute = Code(rawValue: RouteURLError.Code.unknownRoute.rawValue)
        /// The route now needs a value the entry does not have.
        public static let missingParameter = Code(rawValue: RouteURLError.Code.missingParameter.rawValue)
        /// The route no longer declares a value the entry has.
        public static let unknownParameter = Code(rawValue: RouteURLError.Code.unknownParameter.rawValue)
        /// A value is not of the type the route now declares.
        public static let wrongType = Code(rawValue: RouteURLError.Code.wrongType.rawValue)
        /// The entry was above a dropped one in its stack (a screen is never shown without
        /// what was under it).
        public static let aboveDroppedEntry = Code(rawValue: "above-dropped-entry")
        /// A tab the table no longer declares.
        public static let unknownTab = Code(rawValue: "unknown-tab")
        /// The modal presented a container the table no longer declares: it goes, whole.
        public static let unknownContainer = Code(rawValue: "unknown-container")
        /// Visible after a table swap, but the new table's policy does not let it be shown now
        /// (sign-in, or its source): dropped down to a screen that may be shown.
        public static let notShown = Code(rawValue: "not-shown")
    }
}

/// How ``NavigationFlow/restore(_:source:)`` went: the request's result, and what the table no
/// longer had room for.
public struct RestoreResult: Sendable, Hashable {
    public let result: NavigationResult
    public let dropped: [Restoration.Dropped]
}

extension NavigationState {
    /// This state (decoded from what the app saved) checked against `router`'s table:
    ///
    /// - in each stack, the first entry whose route is gone or whose values no longer fit the
    ///   route (missing, undeclared or of another type: `Router.validate(_:parameters:query:)`)
    ///   is dropped, with every entry above it;
    /// - modals are above the screen they were presented over: when that screen or any below it
    ///   is dropped, so is the modal, whole, with every modal above it;
    /// - tabs the table does not declare are dropped (when it declares tabs), and the selected
    ///   tab becomes the first one left when it was one of them;
    /// - no entry is trusted more than `source`: an entry saved as `inApp` is restored as
    ///   `source` when that is a less trusted source by the standard order or by `trust` (the
    ///   flow passes its one order, the session middleware's) — another order can only lower
    ///   trust, never raise it — so a state from a file an app does not control opens no route
    ///   its `sources` keep from that origin.
    ///
    /// Entry ids and `nextID` are kept. Policy is not decided here: the flow applies it when
    /// the restored state is shown (``NavigationFlow/restore(_:source:)``, or
    /// ``Orchestrator/start()`` for a state restored at launch).
    public func restored(against router: Router, source: NavigationSource = .inApp, trust: SourceTrust = .standard) -> Restoration {
        var dropped: [Restoration.Dropped] = []
        func capped(_ entry: NavigationEntry) -> NavigationEntry {
            let standard = SourceTrust.standard
            guard standard.rank(of: entry.source) > standard.rank(of: source) || trust.rank(of: entry.source) > trust.rank(of: source)
            else { return entry }
            return NavigationEntry(id: entry.id, destination: entry.destination, source: source)
        }
        /// The valid prefix of `stack`; the rest reported (the first with its reason).
        func valid(_ stack: [NavigationEntry], place: String) -> [NavigationEntry] {
            for (index, entry) in stack.enumerated() {
                do {
                    try router.validate(entry.route, parameters: entry.destination.parameters, query: entry.destination.query)
                } catch {
                    dropped.append(
                        .init(entry: entry, place: place, code: Restoration.Code(rawValue: error.code.rawValue), reason: error.description))
                    for above in stack[(index + 1)...] {
                        dropped.append(.init(entry: above, place: place, code: .aboveDroppedEntry, reason: "above the dropped \(entry)"))
                    }
                    return stack[..<index].map(capped)
                }
            }
            return stack.map(capped)
        }

        var result = self
        // Whether the screen the modals were presented over is still there.
        var baseIntact = true
        switch root {
        case .stack(let stack):
            let kept = valid(stack, place: "root")
            baseIntact = kept.count == stack.count
            result.root = .stack(kept)
        case .tabs(let tabs):
            var kept = Tabs(order: [], selected: tabs.selected, stacks: [:])
            for name in tabs.order {
                let stack = tabs.stacks[name] ?? []
                guard router.tabs.isEmpty || router.tabs.contains(name) else {
                    let reason = "the table's tabs are \(router.tabs.joined(separator: ", "))"
                    if stack.isEmpty { dropped.append(.init(entry: nil, place: "tab \(name)", code: .unknownTab, reason: reason)) }
                    for entry in stack { dropped.append(.init(entry: entry, place: "tab \(name)", code: .unknownTab, reason: reason)) }
                    continue
                }
                kept.order.append(name)
                let valid = valid(stack, place: "tab \(name)")
                if name == tabs.selected, valid.count != stack.count { baseIntact = false }
                kept.stacks[name] = valid
            }
            if let first = kept.order.first {
                if !kept.order.contains(kept.selected) {
                    baseIntact = false
                    kept.selected = first
                }
                result.root = .tabs(kept)
            } else {
                // None of the saved tabs is the table's: the table's own tabs, as a new start
                // (new entries, numbered from the saved nextID), never a root without a tab.
                baseIntact = false
                result.root = .stack([])
                result.startAfresh(from: router)
            }
        }
        result.modals = []
        for (index, modal) in modals.enumerated() {
            let place = "modal \(index)"
            let entries = modal.allStacks.flatMap(\.stack)
            // A modal over a screen that is gone, or over a modal whose stack lost an entry,
            // goes too, whole, with every modal above it.
            guard baseIntact else {
                for entry in entries {
                    dropped.append(.init(entry: entry, place: place, code: .aboveDroppedEntry, reason: "the screen it was presented over is gone"))
                }
                continue
            }
            // A container the table no longer declares goes whole.
            if let name = modal.container, router.container(named: name) == nil {
                for entry in entries {
                    dropped.append(.init(entry: entry, place: place, code: .unknownContainer, reason: "the table declares no container '\(name)'"))
                }
                baseIntact = false
                continue
            }
            switch modal.content {
            case .stack(let stack):
                let kept = valid(stack, place: place)
                baseIntact = kept.count == stack.count
                if !kept.isEmpty { result.modals.append(Modal(style: modal.style, stack: kept, container: modal.container)) }
            case .tabs(let tabs):
                // A container's tabs: each tab's stack as the root's are checked; the tabs its
                // declaration no longer has are dropped.
                let declared = router.container(named: modal.container)?.tabs ?? []
                var kept = Tabs(order: [], selected: tabs.selected, stacks: [:])
                for name in tabs.order {
                    let stack = tabs.stacks[name] ?? []
                    guard declared.contains(name) else {
                        let reason = "container '\(modal.container ?? "")' has the tabs \(declared.joined(separator: ", "))"
                        for entry in stack { dropped.append(.init(entry: entry, place: place + " tab " + name, code: .unknownTab, reason: reason)) }
                        continue
                    }
                    kept.order.append(name)
                    let valid = valid(stack, place: place + " tab " + name)
                    if name == tabs.selected, valid.count != stack.count { baseIntact = false }
                    kept.stacks[name] = valid
                }
                if !kept.order.contains(kept.selected) {
                    baseIntact = false
                    kept.selected = kept.order.first ?? ""
                }
                var restored = modal
                restored.content = .tabs(kept)
                if restored.stack.isEmpty { baseIntact = false } else { result.modals.append(restored) }
            }
        }
        // Saved back stacks: each keeps the screens that still fit, up to the first that does not.
        result.savedStacks = savedStacks.enumerated().map { valid($0.element, place: "saved stack \($0.offset)") }.filter { !$0.isEmpty }
        // Screens withheld until sign-in: a group is kept whole while every entry still fits
        // and the entry it was above is kept.
        result.withheld = []
        let keptIDs = Set(result.stackEntries.map(\.id)).union(result.savedStacks.joined().map(\.id))
        for group in withheld {
            let place = "withheld \(group.place)"
            guard group.above.map({ keptIDs.contains($0) }) ?? result.hasEmptyBottom(for: group) else {
                for entry in group.entries {
                    dropped.append(.init(entry: entry, place: place, code: .aboveDroppedEntry, reason: "the screen it was above is gone"))
                }
                continue
            }
            switch group.content {
            case .stack(let stack):
                let kept = valid(stack, place: place)
                if kept.count == stack.count { result.withheld.append(Withheld(above: group.above, tab: group.tab, entries: kept)) }
            case .modal(var modal):
                // A withheld modal goes back whole or not at all: its container must still be
                // declared, and each of its stacks must fit.
                if let name = modal.container, router.container(named: name) == nil {
                    for entry in group.entries {
                        dropped.append(
                            .init(entry: entry, place: place, code: .unknownContainer, reason: "the table declares no container '\(name)'"))
                    }
                    continue
                }
                var fits = true
                switch modal.content {
                case .stack(let stack):
                    let kept = valid(stack, place: place)
                    fits = kept.count == stack.count
                    modal.content = .stack(kept)
                case .tabs(var tabs):
                    let declared = router.container(named: modal.container)?.tabs ?? []
                    for name in tabs.order {
                        fits = fits && declared.contains(name)
                        let stack = tabs.stacks[name] ?? []
                        let kept = valid(stack, place: place + " tab " + name)
                        fits = fits && kept.count == stack.count
                        tabs.stacks[name] = kept
                    }
                    modal.content = .tabs(tabs)
                }
                if fits { result.withheld.append(Withheld(above: group.above, tab: group.tab, modal: modal)) }
            }
        }
        return Restoration(state: result, dropped: dropped)
    }

    /// Replaces an empty root with the table's start (``init(router:)``), its entries numbered
    /// from this state's `nextID`.
    mutating func startAfresh(from router: Router) {
        let fresh = NavigationState(router: router)
        func renumbered(_ stack: [NavigationEntry]) -> [NavigationEntry] {
            stack.map { makeEntry($0.destination, source: $0.source) }
        }
        switch fresh.root {
        case .stack(let stack): root = .stack(renumbered(stack))
        case .tabs(var tabs):
            for name in tabs.order { tabs.stacks[name] = renumbered(tabs.stacks[name] ?? []) }
            root = .tabs(tabs)
        }
    }
}

extension NavigationState {
    /// Takes the visible entry away: popped, or its modal dismissed when it is the modal's root,
    /// or the root's last entry removed.
    mutating func removeVisibleEntry() {
        if let top = modals.indices.last, modals[top].stack.count <= 1 {
            modals.removeLast()
            return
        }
        dropLastOfActiveStack(1)
    }

    /// Removes the active stack's last `count` entries in place (no copy of the stack: the gate
    /// may take many screens off one by one, and each must cost O(1)).
    mutating func dropLastOfActiveStack(_ count: Int) {
        guard count > 0 else { return }
        func drop(_ content: inout Root) {
            switch content {
            case .stack(var stack):
                content = .stack([])  // the payload's only reference is now `stack`
                stack.removeLast(Swift.min(count, stack.count))
                content = .stack(stack)
            case .tabs(var tabs):
                content = .stack([])
                let selected = tabs.selected
                if let length = tabs.stacks[selected]?.count { tabs.stacks[selected]?.removeLast(Swift.min(count, length)) }
                content = .tabs(tabs)
            }
        }
        if let top = modals.indices.last {
            drop(&modals[top].content)
        } else {
            drop(&root)
        }
    }
}
