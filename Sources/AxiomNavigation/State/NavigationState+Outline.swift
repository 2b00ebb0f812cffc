public import AxiomRouting

extension NavigationState {
    /// The starting state a route table describes: its `tabs` in order, each at its root route
    /// (the route whose transition is `tab(NAME)` and that needs no values), the first tab
    /// selected; without tabs, one stack at the route whose pattern is `/` (or empty).
    public init(router: Router) {
        func root(_ route: Route) -> Destination? {
            route.parameters.allSatisfy(\.isOptional) ? Destination(route.name).withQueryDefaults(of: route) : nil
        }
        if router.tabs.isEmpty {
            self.init(stack: router.routes.first { $0.pattern == "/" }.flatMap(root).map { [$0] } ?? [])
            return
        }
        var tabs: [(String, Destination?)] = []
        for tab in router.tabs {
            let route = router.routes.first { $0.metadata.transition == .tab(tab) && root($0) != nil }
            tabs.append((tab, route.flatMap(root)))
        }
        self.init(tabs: tabs)
    }

    /// The state as text, one stack per line — what `axiom-route simulate` prints and what
    /// the testing product's state assertions compare:
    ///
    /// ```text
    /// tabs: home*, discover, inbox, profile
    ///   home: #0 home > #4 post(postId: 7)
    ///   discover: #1 discover
    ///   inbox: (empty)
    ///   profile: #3 me
    /// modal sheet: #5 compose?replyTo=7
    /// ```
    ///
    /// `*` marks the selected tab; entries are `#id route(parameters)?query`, bottom first. A
    /// container names itself (`modal sheet checkout: #6 cart`), and one of tabs lists them as the
    /// root's are (`modal fullScreen onboarding: tabs: welcome, permissions*`, then a line a tab).
    /// Screens withheld until sign-in follow (`withheld above #2: #3 privacy`).
    public var outline: String {
        var lines: [String] = []
        switch root {
        case .stack(let stack):
            lines.append("stack: " + Self.outline(stack))
        case .tabs(let tabs):
            lines.append("tabs: " + tabs.order.map { $0 == tabs.selected ? $0 + "*" : $0 }.joined(separator: ", "))
            for name in tabs.order { lines.append("  \(name): " + Self.outline(tabs.stacks[name] ?? [])) }
        }
        for modal in modals {
            let name = modal.container.map { " " + $0 } ?? ""
            switch modal.content {
            case .stack(let stack): lines.append("modal \(modal.style.rawValue)\(name): " + Self.outline(stack))
            case .tabs(let tabs):
                lines.append(
                    "modal \(modal.style.rawValue)\(name): tabs: " + tabs.order.map { $0 == tabs.selected ? $0 + "*" : $0 }.joined(separator: ", "))
                for tab in tabs.order { lines.append("  \(tab): " + Self.outline(tabs.stacks[tab] ?? [])) }
            }
        }
        for group in withheld {
            switch group.content {
            case .stack(let stack): lines.append("withheld \(group.place): " + Self.outline(stack))
            case .modal(let modal):
                lines.append(
                    "withheld \(group.place): modal \(modal.style.rawValue)\(modal.container.map { " " + $0 } ?? ""): " + Self.outline(group.entries))
            }
        }
        return lines.joined(separator: "\n")
    }

    private static func outline(_ stack: [NavigationEntry]) -> String {
        stack.isEmpty ? "(empty)" : stack.map(\.outline).joined(separator: " > ")
    }
}

extension NavigationEntry {
    /// `#3 post(postId: 7)?sort=top`
    public var outline: String { "\(id) \(destination.outline)" }
}

extension Destination {
    /// `post(postId: 7)?sort=top`: the route, its parameters in parentheses, its query after `?`.
    public var outline: String {
        var text = route
        if !parameters.isEmpty {
            text += "(" + parameters.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + ")"
        }
        if !query.isEmpty {
            text += "?" + query.map { "\($0.name)=\($0.value)" }.joined(separator: "&")
        }
        return text
    }
}
