public import AxiomRouting

/// Navigation decisions as pure functions: a state and a request in, the next state and its
/// lifecycle events out. Nothing is changed and nothing is called, so every decision can be
/// tested as data.
///
/// ```swift
/// let start = NavigationState(stack: [Destination("home")])
/// let plan = try NavigationPlanner.plan(.push(Destination("post", parameters: ["postId": .int(7)])), in: start).get()
/// plan.events   // [disappear #0 home, appear #1 post [postId: 7]]
/// ```
public enum NavigationPlanner {
    /// Applies one command; new entries remember `source` (where the request came from).
    public static func plan(
        _ command: NavigationCommand, in state: NavigationState, source: NavigationSource = .inApp
    ) -> Result<NavigationPlan, PlanError> {
        var next = state
        switch command {
        case .push(let destination):
            next.setActiveStack(state.activeStack + [next.makeEntry(destination, source: source)])
        case .pop:
            guard state.activeStack.count > 1 else { return .failure(.atRoot) }
            next.setActiveStack(Array(state.activeStack.dropLast()))
        case .popToRoot:
            next.setActiveStack(Array(state.activeStack.prefix(1)))
        case .popTo(let route, let inclusive):
            if let error = pop(to: state.activeStack.lastIndex { $0.route == route }, named: route, inclusive: inclusive, in: &next) {
                return .failure(error)
            }
        case .popToDestination(let destination, let inclusive):
            let index = state.activeStack.lastIndex { $0.destination == destination }
            if let error = pop(to: index, named: destination.description, inclusive: inclusive, in: &next) { return .failure(error) }
        case .popToSaving(let route, let inclusive):
            let stack = state.activeStack
            guard let index = stack.lastIndex(where: { $0.route == route }) else { return .failure(.notInStack(route)) }
            let cut = inclusive ? index : index + 1
            guard cut > 0 else { return .failure(.atRoot) }
            next.setActiveStack(Array(stack[..<cut]))
            next.save(Array(stack[cut...]))
        case .pushRestoring(let destination):
            let restored = next.takeSaved(route: destination.route) ?? [next.makeEntry(destination, source: source)]
            next.setActiveStack(state.activeStack + restored)
        case .switchStack(let destination):
            let stack = state.activeStack
            guard let root = stack.first else {
                next.setActiveStack([next.makeEntry(destination, source: source)])
                break
            }
            next.save(Array(stack.dropFirst()))
            guard destination.route != root.route else {
                next.setActiveStack([root])
                break
            }
            next.setActiveStack([root] + (next.takeSaved(route: destination.route) ?? [next.makeEntry(destination, source: source)]))
        case .replace(let destination):
            next.setActiveStack(Array(state.activeStack.dropLast()) + [next.makeEntry(destination, source: source)])
        case .present(let destination, let style):
            next.modals.append(NavigationState.Modal(style: style, stack: [next.makeEntry(destination, source: source)]))
        case .dismiss:
            guard !state.modals.isEmpty else { return .failure(.noModal) }
            next.modals.removeLast()
        case .selectTab(let name):
            // A tab of the container on top is selected in it; one of the app's, under the modals.
            if let top = state.modals.indices.last, var tabs = state.modals[top].tabs, tabs.stacks[name] != nil {
                tabs.selected = name
                next.modals[top].content = .tabs(tabs)
                break
            }
            guard case .tabs(var tabs) = state.root, tabs.stacks[name] != nil else { return .failure(.unknownTab(name)) }
            tabs.selected = name
            next.root = .tabs(tabs)
            next.modals = []
        case .resetTab(let name):
            if let top = state.modals.indices.last, var tabs = state.modals[top].tabs, let stack = tabs.stacks[name] {
                tabs.stacks[name] = Array(stack.prefix(1))
                next.modals[top].content = .tabs(tabs)
                break
            }
            guard case .tabs(var tabs) = state.root, let stack = tabs.stacks[name] else { return .failure(.unknownTab(name)) }
            tabs.stacks[name] = Array(stack.prefix(1))
            next.root = .tabs(tabs)
        case .setStack(let destinations):
            var entries: [NavigationEntry] = []
            for destination in destinations { entries.append(next.makeEntry(destination, source: source)) }
            next.setActiveStack(entries)
        case .back:
            if state.activeStack.count > 1 { return plan(.pop, in: state, source: source) }
            if !state.modals.isEmpty { return plan(.dismiss, in: state, source: source) }
            return .failure(.atRoot)
        case .answer(let entry, let value):
            guard let awaited = state.results.firstIndex(where: { $0.callee == entry && $0.outcome == nil }) else {
                return .failure(.noPendingResult(entry))
            }
            let index = state.activeStack.lastIndex { $0.id == entry }
            if let error = pop(to: index, named: "\(entry)", inclusive: true, in: &next) { return .failure(error) }
            // Delivered when the commit takes the screen away (``NavigationFlow`` settles it there).
            next.results[awaited].value = value
        }
        return .success(NavigationPlan(state: next, events: events(from: state, to: next)))
    }

    /// "Navigate to": the route's transition picks the command — `push`, `replace`,
    /// `modal(style)` presents, `tab(name)` selects the tab and makes the route its root.
    ///
    /// A route that lives in a container (`container NAME` in the table; pass the router's
    /// `RouteContainer`): when that container is the modal on top, the route's transition acts
    /// inside it (a push on its active stack, `tab(name)` selects one of its tabs); otherwise the
    /// container is presented, built as a deep link builds it (``deepLink(to:route:parents:in:source:container:link:alone:)``).
    public static func navigate(
        to destination: Destination, route: Route, in state: NavigationState, source: NavigationSource = .inApp,
        container: RouteContainer? = nil, parents: [Route] = []
    ) -> Result<NavigationPlan, PlanError> {
        if let container, container.name == route.metadata.container {
            guard state.modals.last?.container == container.name else {
                var next = state
                next.modals.append(containerModal(container, destination: destination, route: route, parents: parents, in: &next, source: source))
                return .success(NavigationPlan(state: next, events: events(from: state, to: next)))
            }
            if case .tab(let name) = route.metadata.transition, let top = state.modals.indices.last, var tabs = state.modals[top].tabs,
                tabs.stacks[name] != nil
            {
                var next = state
                tabs.selected = name
                tabs.stacks[name] = [next.makeEntry(destination, source: source)]
                next.modals[top].content = .tabs(tabs)
                return .success(NavigationPlan(state: next, events: events(from: state, to: next)))
            }
            return plan(route.metadata.transition == .replace ? .replace(destination) : .push(destination), in: state, source: source)
        }
        switch route.metadata.transition {
        case .push: return plan(.push(destination), in: state, source: source)
        case .replace: return plan(.replace(destination), in: state, source: source)
        case .modal(let style): return plan(.present(destination, style: style), in: state, source: source)
        case .tab(let name):
            guard case .tabs(var tabs) = state.root, tabs.stacks[name] != nil else { return .failure(.unknownTab(name)) }
            var next = state
            tabs.selected = name
            tabs.stacks[name] = [next.makeEntry(destination, source: source)]
            next.root = .tabs(tabs)
            next.modals = []
            return .success(NavigationPlan(state: next, events: events(from: state, to: next)))
        }
    }

    /// `state` back to the entry at `index` of its active stack (`inclusive`: below it; at a modal's
    /// root, the modal dismissed), or why not: no such entry (`not-in-stack`, naming `named`), or
    /// the app's root, inclusive (`at-root`).
    private static func pop(to index: Int?, named: String, inclusive: Bool, in state: inout NavigationState) -> PlanError? {
        guard let index else { return .notInStack(named) }
        if index > 0 || !inclusive {
            state.setActiveStack(Array(state.activeStack.prefix(inclusive ? index : index + 1)))
        } else if !state.modals.isEmpty {
            state.modals.removeLast()
        } else {
            return .atRoot
        }
        return nil
    }

    /// A deep link's whole target in one step: modals dismissed, the route's
    /// tab selected, and its stack rebuilt as the route's parent chain with the route on top
    /// — so `back` walks up the parents. A modal route is presented over its parents' stack.
    ///
    /// Parents take the values they need from the link's parameters by name (the comments
    /// of post 7 sit over post 7), of their own types (a text value converted); a value a parent
    /// refuses fails the link (``PlanError/Code/parentValueRefused``); a parent whose values the
    /// link cannot supply is left out,
    /// and so is a parent whose `sources` do not allow the link's source (it could never be
    /// shown: `back` would be refused). Every entry remembers `source`, so going back to a
    /// parent is checked against the link's source, not the app's.
    public static func deepLink(
        to destination: Destination, router: Router, in state: NavigationState, source: NavigationSource = .deepLink
    ) -> Result<NavigationPlan, PlanError> {
        guard let route = router.route(named: destination.route) else { return .failure(.unknownRoute(destination.route)) }
        return deepLink(
            to: destination, route: route, parents: router.parents(of: route), in: state, source: source,
            container: router.container(named: route.metadata.container))
    }

    /// The same with the destination's route and its parents (`Router.parents(of:)`) already
    /// looked up — a resolved URL's route, as the flow has it.
    ///
    /// `link` (the route's `from-link` presentation, `Route.Metadata.linkTransition`)
    /// shows the route in its place: pushed over its parents, or as that modal over them; `alone`
    /// without them, over the current screen.
    public static func deepLink(
        to destination: Destination, route: Route, parents: [Route], in state: NavigationState, source: NavigationSource = .deepLink,
        container: RouteContainer? = nil, link: Transition? = nil, alone: Bool = false
    ) -> Result<NavigationPlan, PlanError> {
        if let link, alone {
            switch link {
            case .modal(let style): return plan(.present(destination, style: style), in: state, source: source)
            case .replace: return plan(.replace(destination), in: state, source: source)
            case .push, .tab: return plan(.push(destination), in: state, source: source)
            }
        }
        var next = state
        next.modals = []
        // A route in a container: the container is presented, built with the parents that live
        // in it; the parents outside it build the screen under it, as for a modal route.
        if let container, container.name == route.metadata.container {
            if let refused = refusedParentValue(in: parents, from: destination.parameters) { return .failure(refused) }
            let outside = parents.filter { $0.metadata.container != container.name }
            let inside = parents.filter { $0.metadata.container == container.name }
            if !outside.isEmpty, let last = outside.last {
                // The screen under the container: the outside parents, as a deep link to the last builds them.
                let under = deepLink(
                    to: Destination(last.name, parameters: values(for: last, from: destination.parameters) ?? [:]), route: last,
                    parents: Array(outside.dropLast()), in: next, source: source)
                if case .success(let plan) = under, values(for: last, from: destination.parameters) != nil,
                    last.allows(source: source.rawValue)
                {
                    next = plan.state
                }
            }
            next.modals = [containerModal(container, destination: destination, route: route, parents: inside, in: &next, source: source)]
            return .success(NavigationPlan(state: next, events: events(from: state, to: next)))
        }
        var stack: [NavigationEntry] = []
        for parent in parents {
            switch parentValues(for: parent, from: destination.parameters) {
            case .refused(let error): return .failure(error)
            case .missing: continue
            case .values(let values):
                guard parent.allows(source: source.rawValue) else { continue }
                stack.append(next.makeEntry(Destination(parent.name, parameters: values).withQueryDefaults(of: parent), source: source))
            }
        }
        let entry = next.makeEntry(destination, source: source)
        var modal: NavigationState.Modal? = nil
        if case .modal(let style) = link ?? route.metadata.transition {
            modal = NavigationState.Modal(style: style, stack: [entry])
        } else {
            stack.append(entry)
        }
        switch next.root {
        case _ where modal != nil && stack.isEmpty:
            break  // a modal without parents is presented over the screen as it is
        case .stack:
            next.root = .stack(stack)
        case .tabs(var tabs):
            let tab = route.metadata.tab.flatMap { tabs.stacks[$0] != nil ? $0 : nil } ?? tabs.selected
            tabs.selected = tab
            tabs.stacks[tab] = stack
            next.root = .tabs(tabs)
        }
        if let modal { next.modals = [modal] }
        return .success(NavigationPlan(state: next, events: events(from: state, to: next)))
    }

    /// A link that spells its back stack: `destination` on top of `below` (each with its route,
    /// bottom first), built in one step as ``deepLink(to:route:parents:in:source:container:link:alone:)``
    /// builds a parent chain — modals dismissed, the route's tab selected, a modal route presented
    /// over the screens below, a route in a container presented in it over them. Every screen is
    /// one of the stack whatever its own transition; a screen whose route does not take `source`
    /// is left out (it could never be shown), as a link's parents are. Every entry remembers
    /// `source`.
    public static func deepLink(
        to destination: Destination, route: Route, below: [(Destination, Route)], in state: NavigationState,
        source: NavigationSource = .deepLink, container: RouteContainer? = nil, link: Transition? = nil
    ) -> Result<NavigationPlan, PlanError> {
        var next = state
        next.modals = []
        var stack: [NavigationEntry] = []
        for (screen, screenRoute) in below where screenRoute.allows(source: source.rawValue) {
            stack.append(next.makeEntry(screen, source: source))
        }
        if let container, container.name == route.metadata.container {
            if !stack.isEmpty { next.setRootStack(stack, forTab: route.metadata.tab) }
            next.modals = [containerModal(container, destination: destination, route: route, parents: [], in: &next, source: source)]
            return .success(NavigationPlan(state: next, events: events(from: state, to: next)))
        }
        let entry = next.makeEntry(destination, source: source)
        if case .modal(let style) = link ?? route.metadata.transition {
            if !stack.isEmpty { next.setRootStack(stack, forTab: route.metadata.tab) }
            next.modals = [NavigationState.Modal(style: style, stack: [entry])]
        } else {
            next.setRootStack(stack + [entry], forTab: route.metadata.tab)
        }
        return .success(NavigationPlan(state: next, events: events(from: state, to: next)))
    }

    /// A container presented for `route`: a container of tabs starts each tab at its root route
    /// (the table's, when it needs no values) and selects the route's tab, whose stack is the
    /// route's parents in the container with the route on top; a container of one stack is that
    /// stack. Parents that cannot be built (values missing, `sources`) are left out, as in a deep link.
    static func containerModal(
        _ container: RouteContainer, destination: Destination, route: Route, parents: [Route], in state: inout NavigationState,
        source: NavigationSource
    ) -> NavigationState.Modal {
        var chain: [NavigationEntry] = []
        for parent in parents where parent.allows(source: source.rawValue) {
            if let values = values(for: parent, from: destination.parameters) {
                chain.append(state.makeEntry(Destination(parent.name, parameters: values).withQueryDefaults(of: parent), source: source))
            }
        }
        let tab = route.metadata.tab.flatMap { container.tabs.contains($0) ? $0 : nil } ?? container.tabs.first
        guard let tab else {
            return NavigationState.Modal(
                style: container.style, stack: chain + [state.makeEntry(destination, source: source)], container: container.name)
        }
        var stacks: [String: [NavigationEntry]] = [:]
        for name in container.tabs where name != tab {
            // Other tabs at their roots, put there by this request: when one is selected, its
            // route's `sources` are checked against the request's source, as a deep link's parents are.
            stacks[name] = container.tabRoots[name].map { [state.makeEntry(Destination($0), source: source)] } ?? []
        }
        stacks[tab] = chain + [state.makeEntry(destination, source: source)]
        return NavigationState.Modal(
            style: container.style, tabs: NavigationState.Tabs(order: container.tabs, selected: tab, stacks: stacks), container: container.name)
    }

    /// The values `route` needs, taken from `available` by name, each of the route's own type (a
    /// link's text value is converted: a child declared without `param postId int` hands its
    /// parent `"42"`, which becomes `42`); nil when a required one is missing or refused.
    static func values(for route: Route, from available: RouteParameters) -> RouteParameters? {
        if case .values(let values) = parentValues(for: route, from: available) { return values }
        return nil
    }

    /// What a parent makes of a link's values.
    enum ParentValues {
        case values(RouteParameters)
        /// A value it requires is not there: the parent is left out.
        case missing
        /// A value is there but not one of the parent's type: the link fails.
        case refused(PlanError)
    }

    /// `route`'s values from `available`, in one pass (see ``values(for:from:)``).
    static func parentValues(for route: Route, from available: RouteParameters) -> ParentValues {
        var names: [String] = []
        var values: [RouteValue] = []
        var missing = false
        for parameter in route.parameterList {
            if let value = available[parameter.name] {
                guard let typed = typed(value, parameter.type) else {
                    return .refused(.parentValueRefused(parent: route.name, parameter: parameter.name, value: value, type: parameter.type))
                }
                names.append(parameter.name)
                values.append(typed)
            } else if !parameter.isOptional {
                missing = true
            }
        }
        return missing ? .missing : .values(RouteParameters(names: names, values: values))
    }

    /// `value` as a value of `type`: itself when it fits, a text value converted when it can be.
    private static func typed(_ value: RouteValue, _ type: ParameterType) -> RouteValue? {
        if Router.fits(value, type) { return value }
        switch (value, type) {
        case (.string(let text), _): return type.convert(text)
        case (.int(let number), .string): return .string(String(number))
        case (.int(let number), .double): return .double(Double(number))
        default: return nil
        }
    }

    /// The first parent a link's values cannot build because it refuses one of them (a value
    /// of another type that does not convert to its own): the link then fails, never putting a
    /// parent in the state with a value its route refuses.
    static func refusedParentValue(in parents: [Route], from available: RouteParameters) -> PlanError? {
        for parent in parents {
            if case .refused(let error) = parentValues(for: parent, from: available) { return error }
        }
        return nil
    }

    /// The lifecycle events between two states: the old visible entry disappears (if
    /// another is now visible), entries no longer in the state are released (top first),
    /// then the new visible entry appears.
    public static func events(from old: NavigationState, to new: NavigationState) -> [LifecycleEvent] {
        var events: [LifecycleEvent] = []
        let before = old.visible
        let after = new.visible
        if let before, before.id != after?.id { events.append(.disappear(before)) }
        for entry in released(from: old, to: new) { events.append(.release(entry)) }
        if let after, after.id != before?.id { events.append(.appear(after)) }
        return events
    }

    /// The entries of `old` that `new` no longer has, top first (the reverse of
    /// ``NavigationState/entries``), without visiting the entries every stack keeps.
    ///
    /// Stack by stack (the root's, each tab's, each modal's), `new` keeps a prefix of `old`'s
    /// entries and may add others after it. An entry after the kept prefix is gone unless it
    /// turns up among the entries some stack added: entry ids are unique in a state, so an
    /// entry of `old` still in `new` is either in the kept prefix of its own stack or in an
    /// added part. Work: the kept prefixes' comparison (ids only) plus the changed parts.
    static func released(from old: NavigationState, to new: NavigationState) -> [NavigationEntry] {
        /// Each stack of a state in the order of ``NavigationState/entries``, keyed by place.
        func stacks(_ state: NavigationState) -> [(key: String, stack: [NavigationEntry])] {
            var all: [(key: String, stack: [NavigationEntry])] = []
            switch state.root {
            case .stack(let stack): all.append(("root", stack))
            case .tabs(let tabs): for name in tabs.order { all.append(("tab " + name, tabs.stacks[name] ?? [])) }
            }
            for (index, modal) in state.modals.enumerated() {
                for (tab, stack) in modal.allStacks { all.append(("modal \(index)" + (tab.map { " tab " + $0 } ?? ""), stack)) }
            }
            // By position: several groups may have one place (two groups above one entry).
            for (index, group) in state.withheld.enumerated() { all.append(("withheld \(index)", group.entries)) }
            for stack in state.savedStacks { all.append(("saved \(stack.first?.id.rawValue ?? -1)", stack)) }
            return all
        }
        let newStacks = Dictionary(stacks(new), uniquingKeysWith: { first, _ in first })
        var added: Set<EntryID> = []
        var removed: [ArraySlice<NavigationEntry>] = []
        var kept: [String: Int] = [:]
        for (key, stack) in stacks(old) {
            let replacement = newStacks[key] ?? []
            var shared = 0
            while shared < stack.count, shared < replacement.count, stack[shared].id == replacement[shared].id { shared += 1 }
            kept[key] = shared
            removed.append(stack[shared...])
        }
        for (key, stack) in newStacks {
            for entry in stack[(kept[key] ?? 0)...] { added.insert(entry.id) }
        }
        var gone: [NavigationEntry] = []
        for stack in removed.reversed() {
            for entry in stack.reversed() where !added.contains(entry.id) { gone.append(entry) }
        }
        return gone
    }
}
