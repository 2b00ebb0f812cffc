public import AxiomRouting

extension NavigationState {
    /// The starting state a route table describes (`Router.start(tab:)`): its `tabs` in
    /// order, each at its root — the route marked `start` under it, with its start values, else
    /// the first route whose transition is `tab(NAME)` and that needs no values — the first tab
    /// selected; without tabs, one stack at the route marked `start`, else at the route for `/`
    /// (on no host, scheme or fragment) that needs no values. A stack with no such route starts
    /// empty (`check` reports it: E329 for a tab, W415 for a table without tabs).
    public init(router: Router) {
        if router.tabs.isEmpty {
            self.init(stack: Self.root(router, tab: nil).map { [$0] } ?? [])
        } else {
            self.init(tabs: router.tabs.map { ($0, Self.root(router, tab: $0)) })
        }
    }

    /// `tab`'s start (nil: the stack of a table without tabs), as a destination.
    static func root(_ router: Router, tab: String?) -> Destination? {
        router.startDestination(tab: tab).map {
            Destination($0.route.name, parameters: $0.parameters, query: $0.query).withQueryDefaults(of: $0.route)
        }
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
    /// Screens withheld until sign-in follow (`withheld above #2: #3 privacy`), then the answers
    /// awaited or not yet taken (`result #6: #5 pickPhoto answers #4, pending`; `answers app` when
    /// app code asked), then the back stacks saved to come back to (`saved: #4 search > #5 results`).
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
        for stack in savedStacks { lines.append("saved: " + Self.outline(stack)) }
        for result in results {
            let outcome = result.outcome.map { "\($0.result)" } ?? "pending"
            lines.append("result \(result.id): \(result.callee) \(result.route) answers \(result.caller.map { "\($0)" } ?? "app"), \(outcome)")
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
