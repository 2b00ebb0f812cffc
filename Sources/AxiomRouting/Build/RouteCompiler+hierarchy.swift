@_spi(Lookup) import AxiomURLPattern

/// Parents, tabs, containers and the policies they hand down to their routes.
extension RouteCompiler {
    mutating func checkParents(_ declared: DeclaredRoutes) {
        var reported: Set<String> = []
        for declaration in syntax.routes where declared[declaration.name.value]?.name == declaration.name {
            guard let parent = declaration.parent else { continue }
            guard declared[parent.value] != nil else {
                diagnostics.append(.unknownParent(parent, routes: declared.keys))
                continue
            }
            // Walk up; a name seen twice is a cycle (reported once, at its first member).
            var chain = [declaration.name.value]
            var current = parent.value
            while let next = declared[current] {
                if let start = chain.firstIndex(of: current) {
                    let cycle = Array(chain[start...]) + [current]
                    if start == 0, reported.isDisjoint(with: cycle) {
                        reported.formUnion(cycle)
                        diagnostics.append(.parentCycle(cycle, at: parent.location))
                    }
                    break
                }
                chain.append(current)
                guard let up = next.parent?.value else { break }
                current = up
            }
        }
    }

    /// Each route's policy with its subtree's and container's counted (Docs/RouteTableFormat.md,
    /// "Policy over a subtree"): sign-in when the route says `auth`, an ancestor says `auth
    /// children` (unless the route says `public`), or its container says `auth`; the sources its
    /// own `sources`, each ancestor's `sources … children` and its container's `sources` all
    /// allow. Also W409: a route under an auth-only parent that opens without sign-in and does
    /// not say `public`.
    mutating func routePolicies(_ declared: DeclaredRoutes, containers: [String: String?]) -> [String: Route.Policy] {
        let containerDeclarations = Dictionary(syntax.containers.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        var policies: [String: Route.Policy] = [:]
        for (name, declaration) in declared {
            var auth = declaration.requiresAuthentication?.value ?? false
            var sources = declaration.sources.map { Set($0.value) }
            func narrow(_ other: [String]) { sources = sources.map { $0.intersection(other) } ?? Set(other) }
            // Up the parent chain (cycles stop: E303 reports them).
            var seen: Set<String> = [name]
            var current = declaration.parent?.value
            while let ancestorName = current, let ancestor = declared[ancestorName], seen.insert(ancestorName).inserted {
                if ancestor.authCoversChildren, declaration.isPublic == nil { auth = true }
                if ancestor.sourcesCoverChildren, let covering = ancestor.sources?.value { narrow(covering) }
                current = ancestor.parent?.value
            }
            if let containerName = containers[name] ?? nil, let container = containerDeclarations[containerName] {
                if container.requiresAuthentication { auth = true }
                if let covering = container.sources { narrow(covering) }
            }
            policies[name] = Route.Policy(requiresAuthentication: auth, allowedSources: sources)
        }
        for declaration in syntax.routes where declared[declaration.name.value]?.name == declaration.name {
            let name = declaration.name.value
            guard let parent = declaration.parent?.value, policies[parent]?.requiresAuthentication == true,
                policies[name]?.requiresAuthentication == false, declaration.isPublic == nil, let parentDeclaration = declared[parent]
            else { continue }
            diagnostics.append(.openUnderAuth(declaration.name, parent: parentDeclaration.name))
        }
        return policies
    }

    /// Each route's container: its own `container NAME`, else its parent's (cycles stop).
    func routeContainers(_ declared: DeclaredRoutes) -> [String: String?] {
        func container(of name: String, seen: Set<String>) -> String? {
            guard let declaration = declared[name], !seen.contains(name) else { return nil }
            if let own = declaration.container { return own.value }
            return declaration.parent.flatMap { container(of: $0.value, seen: seen.union([name])) }
        }
        return Dictionary(uniqueKeysWithValues: declared.keys.map { ($0, container(of: $0, seen: [])) })
    }

    /// Containers: each name once, each tab name once across the app's tabs and every container's.
    mutating func checkContainers() {
        var names: [String: SourceLocation] = [:]
        var tabs: [String: SourceLocation] = [:]
        for tab in syntax.tabs?.value ?? [] where tabs[tab.value] == nil { tabs[tab.value] = tab.location }
        for container in syntax.containers {
            if let first = names[container.name.value] {
                diagnostics.append(.duplicateContainer(container.name, what: "container", first: first))
            } else {
                names[container.name.value] = container.name.location
            }
            for tab in container.tabs {
                if let first = tabs[tab.value] {
                    diagnostics.append(.duplicateContainer(tab, what: "tab", first: first))
                } else {
                    tabs[tab.value] = tab.location
                }
            }
        }
    }

    /// A route's container is declared; a route in a container does not present a modal of its
    /// own, and its `tab(…)` is one of its container's tabs (a route of the root: one of the app's).
    mutating func checkRoutesInContainers(_ declared: DeclaredRoutes, containers: [String: String?]) {
        let byName = Dictionary(syntax.containers.map { ($0.name.value, $0) }, uniquingKeysWith: { first, _ in first })
        for declaration in syntax.routes where declared[declaration.name.value]?.name == declaration.name {
            if let own = declaration.container, byName[own.value] == nil {
                diagnostics.append(.unknownContainer(own, declared: syntax.containers.map(\.name.value)))
                continue
            }
            let container = (containers[declaration.name.value] ?? nil).flatMap { byName[$0] }
            switch declaration.transition?.value {
            case .modal? where container != nil:
                diagnostics.append(
                    .modalInContainer(
                        declaration.name.value, container: container?.name.value ?? "",
                        at: declaration.transition?.location ?? declaration.name.location))
            case .tab(let tab)?:
                let allowed = container.map { $0.tabs.map(\.value) } ?? syntax.tabs?.value.map(\.value) ?? []
                if !allowed.contains(tab) {
                    diagnostics.append(
                        .unknownTab(
                            tab, declared: container == nil && syntax.tabs == nil ? nil : Set(allowed),
                            at: declaration.transition?.location ?? declaration.name.location))
                }
            default:
                break
            }
        }
    }

    /// Each route's tab: its own `tab(…)` transition, else its parent's (cycles stop).
    func routeTabs(_ declared: DeclaredRoutes) -> [String: String?] {
        func tab(of name: String, seen: Set<String>) -> String? {
            guard let declaration = declared[name], !seen.contains(name) else { return nil }
            if case .tab(let tab)? = declaration.transition?.value { return tab }
            return declaration.parent.flatMap { tab(of: $0.value, seen: seen.union([name])) }
        }
        return Dictionary(uniqueKeysWithValues: declared.keys.map { ($0, tab(of: $0, seen: [])) })
    }
}

/// The routes a table declares, by name: the first declaration of each name (a later one is a
/// duplicate, reported). Positions in the table's declarations, not copies of them: a
/// declaration is large (~770 bytes: its options each carry a source location), and a
/// dictionary of copies was a fifth of the build's peak memory (Docs/Performance.md, "Memory").
struct DeclaredRoutes: Sequence {
    let routes: [RouteDeclaration]
    private var positions: [String: Int] = [:]

    init(_ routes: [RouteDeclaration]) {
        self.routes = routes
        positions.reserveCapacity(routes.count)
    }

    /// Declares the route at `position` under its name.
    mutating func declare(at position: Int) {
        positions[routes[position].name.value] = position
    }

    subscript(name: String) -> RouteDeclaration? { positions[name].map { routes[$0] } }

    /// The names declared.
    var keys: Dictionary<String, Int>.Keys { positions.keys }

    func makeIterator() -> some IteratorProtocol<(key: String, value: RouteDeclaration)> {
        positions.lazy.map { (key: $0.key, value: routes[$0.value]) }.makeIterator()
    }
}
