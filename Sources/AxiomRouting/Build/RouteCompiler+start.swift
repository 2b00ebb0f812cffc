/// `start [NAME = VALUE, …]` under a route: where the app (or the route's tab) starts, with the
/// values it starts with; and the table's check that every stack the app starts with has a
/// screen to start at (E329). The rule itself is ``Router/start(tab:)``'s.
extension RouteCompiler {
    /// A route's `start` values, each converted by its parameter's type (path, host, fragment
    /// or query); every value the route needs must be given. Nil (reported) when one does not fit.
    mutating func startValues(_ declaration: RouteDeclaration, parameters: [Route.Parameter], query: [Route.QueryParameter]) -> RouteParameters? {
        guard let start = declaration.start else { return nil }
        let describing = "the start of route '\(declaration.name.value)'"
        var types: [String: ParameterType] = [:]
        var order: [String] = []
        for parameter in parameters where types[parameter.name] == nil && !Self.isUnnamed(parameter.name) {
            types[parameter.name] = parameter.type
            order.append(parameter.name)
        }
        for item in query where types[item.name] == nil {
            types[item.name] = item.type
            order.append(item.name)
        }
        var names: [String] = []
        var values: [RouteValue] = []
        var failed = false
        for fixed in start.value {
            let name = fixed.name.value
            guard let type = types[name], !names.contains(name) else {
                diagnostics.append(
                    names.contains(name)
                        ? .fixedValueTwice(name, of: describing, at: fixed.name.location)
                        : .fixedValueUnknown(
                            name, of: describing, target: "route '\(declaration.name.value)'", parameters: order, at: fixed.name.location))
                failed = true
                continue
            }
            guard let value = type.convert(fixed.value.value) else {
                diagnostics.append(.invalidFixedValue(fixed.value, name: name, type: type, example: Self.example(for: type)))
                failed = true
                continue
            }
            names.append(name)
            values.append(value)
        }
        let missing =
            parameters.filter { !$0.isOptional && !names.contains($0.name) }.map(\.name)
            + query.filter { $0.isRequired && !names.contains($0.name) }.map(\.name)
        if !failed, !missing.isEmpty {
            let listed = missing.map { "'\($0)'" }.joined(separator: ", ")
            diagnostics.append(
                .unusableStart(
                    "\(describing) gives no value for \(listed), which the route needs", help: "give it one: 'start \(missing[0]) = …'",
                    at: start.location))
            failed = true
        }
        return failed ? nil : RouteParameters(names: names, values: values)
    }

    /// E329 for the table as a whole (`routes`: compiled, ranked, with their tabs and
    /// containers): a `start` where the app cannot start (two for one stack, one in a container
    /// or off a tab's root in a table with tabs). A stack with no screen to start at is
    /// `check`'s (``RouteTableCompilation/withStartDiagnostics``).
    mutating func checkStarts(_ routes: [CompiledRoute]) {
        let ranked = routes.map(\.route).filter { $0.kind == .route }
        let tabs = syntax.tabs?.value.map(\.value) ?? []
        let declared = syntax.routes.filter { $0.start != nil }
        var firstForStack: [String: RouteDeclaration] = [:]
        for declaration in declared {
            guard let start = declaration.start, let route = ranked.first(where: { $0.name == declaration.name.value }) else { continue }
            if !route.metadata.allows(source: "inApp") {
                diagnostics.append(
                    .unusableStart(
                        "route '\(route.name)' cannot be the first screen: its 'sources' leave out 'inApp', and the app's start is the app's own",
                        help: "add 'inApp' to its sources, or move 'start' to a route the app may show", at: start.location))
                continue
            }
            if let container = route.metadata.container {
                diagnostics.append(
                    .unusableStart(
                        "route '\(route.name)' is in container '\(container)', which the app does not start in",
                        help: "remove 'start': a container starts at its tabs' roots when it is presented", at: start.location))
                continue
            }
            let stack: String
            switch route.metadata.transition {
            case .tab(let tab):
                stack = "tab '\(tab)'"
            default:
                guard tabs.isEmpty else {
                    diagnostics.append(
                        .unusableStart(
                            "route '\(route.name)' is not a tab's root: a table with tabs starts each tab at a route whose transition is 'tab(NAME)'",
                            help: "move 'start' to a tab's root route, or give this route 'transition tab(NAME)'", at: start.location))
                    continue
                }
                stack = "the app"
            }
            if let first = firstForStack[stack] {
                diagnostics.append(
                    .unusableStart(
                        "\(stack) has two starts: route '\(first.name.value)' and route '\(route.name)'", help: "keep 'start' on one of them",
                        at: start.location, notes: [Diagnostic.Note("the first start is here", at: first.start?.location ?? first.name.location)]))
                continue
            }
            firstForStack[stack] = declaration
        }
    }
}

extension RouteTableCompilation {
    /// The compilation with what `axiom-route check` says of where the app starts (the rule is
    /// ``Router/start(tab:)``): E329 for a tab with no screen to start at (its root needs values
    /// no `start` gives, or it has none), W415 for a table without tabs with nothing to start at.
    /// Not compile diagnostics: the router is whole and resolves URLs (a table may be only for
    /// that), but an app on it would start with an empty stack.
    package var withStartDiagnostics: RouteTableCompilation {
        guard let router, let first = router.routes.map(\.location).min() else { return self }
        var found: [Diagnostic] = []
        if router.tabs.isEmpty {
            if router.start() == nil { found.append(.emptyStart(at: first)) }
        } else {
            for tab in router.tabs where router.start(tab: tab) == nil {
                let roots = router.routes.filter { $0.metadata.container == nil && $0.metadata.transition == .tab(tab) }
                if let root = roots.first {
                    let needed = root.parameters.filter { !$0.isOptional }.map(\.name) + root.query.filter(\.isRequired).map(\.name)
                    found.append(
                        .unusableStart(
                            "tab '\(tab)' has no screen to start at: its root route '\(root.name)' needs a value for '\(needed.first ?? "")'",
                            help: "give the tab its start values under route '\(root.name)': 'start \(needed.first ?? "name") = …'", at: root.location
                        ))
                } else {
                    found.append(
                        .unusableStart(
                            "tab '\(tab)' has no screen to start at: no route's transition is 'tab(\(tab))'",
                            help: "declare its root: a route with 'transition tab(\(tab))'", at: first))
                }
            }
        }
        return found.isEmpty ? self : RouteTableCompilation(router: router, diagnostics: diagnostics + found, sources: sources)
    }
}
