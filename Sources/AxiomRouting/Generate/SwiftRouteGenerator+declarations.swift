#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The pieces of the generated code: the contexts protocol, each case and enum, the
/// dispatches over cases, and the name, parameters and initializer.
extension SwiftRouteGenerator {
    /// `<TypeName>Contexts`: one requirement a route (a conforming type that leaves one out
    /// does not compile, whatever the table's size), the dispatch from a route to its
    /// requirement, and an `Orchestrator` initialiser that takes the conforming type.
    func contextsProtocol(_ cases: [Case], access: String) -> String {
        let type = options.typeName
        let name = type + "Contexts"
        var out = "\n/// The context of every route of ``\(type)``: one requirement a route, so a type that\n"
        out += "/// leaves a route out does not compile. `Orchestrator(router:state:contexts:)` takes one.\n"
        out += "@MainActor\n\(access)protocol \(name) {\n"
        var calls: [(pattern: String, result: String)] = []
        for item in cases {
            // The environment's label, unless a parameter has that name.
            let environment = item.values.contains { $0.label == "environment" } ? "contextEnvironment" : "environment"
            var parameters: [String] = []
            var arguments: [String] = []
            for (offset, value) in item.values.enumerated() {
                let swiftType = value.swiftType == Self.swiftType(of: value.type) ? value.swiftType : "\(type).\(value.swiftType)"
                let optional = value.isOptional ? "?" : ""
                if value.label.isEmpty {
                    parameters.append("_ value\(offset): \(swiftType)\(optional)")
                    arguments.append("v\(offset)")
                } else {
                    parameters.append("\(SwiftNames.declaredLabel(value.label)): \(swiftType)\(optional)")
                    arguments.append("\(SwiftNames.calledLabel(value.label)): v\(offset)")
                }
            }
            parameters.append("\(environment): ContextEnvironment")
            arguments.append("\(environment): environment")
            out += "    /// `\(item.route.pattern)`\n"
            out += "    func \(SwiftNames.escaped(item.name))(" + parameters.joined(separator: ", ") + ") -> any Context\n"
            calls.append((pattern(item) { _ in true }, "\(SwiftNames.escaped(item.name))(" + arguments.joined(separator: ", ") + ")"))
        }
        out += "}\n\nextension \(name) {\n"
        out += "    /// The context of `route`: its case's requirement, with its values.\n"
        out += "    \(unoptimized(cases))\(access)func context(for route: \(type), environment: ContextEnvironment) -> any Context {\n"
        out += dispatch(calls, on: "route", fallback: nil) + "    }\n}\n"
        out += "\nextension Orchestrator {\n"
        out += "    /// An orchestrator whose contexts `contexts` makes, one requirement a route of ``\(type)``.\n"
        out += "    \(access)convenience init(\n"
        out += "        router: Router, state: NavigationState, configuration: NavigationFlow.Configuration = NavigationFlow.Configuration(),\n"
        out += "        contexts: some \(name)\n    ) {\n"
        out += "        self.init(router: router, state: state, configuration: configuration) { (route: \(type), environment) in\n"
        out += "            contexts.context(for: route, environment: environment)\n        }\n    }\n}\n"
        return out
    }

    func caseDeclaration(_ item: Case) -> String {
        var doc = "    /// `\(item.route.pattern)`"
        let metadata = item.route.metadata
        var notes: [String] = []
        if metadata.requiresAuthentication { notes.append("requires sign-in") }
        if let parent = metadata.parent { notes.append("parent `\(parent)`") }
        if let tab = metadata.tab { notes.append("tab `\(tab)`") }
        if !notes.isEmpty { doc += " — " + notes.joined(separator: ", ") }
        var out = doc + "\n    case \(SwiftNames.escaped(item.name))"
        if !item.values.isEmpty {
            out +=
                "("
                + item.values.map { value in
                    var text = value.label.isEmpty ? value.swiftType : "\(SwiftNames.declaredLabel(value.label)): \(value.swiftType)"
                    if value.isOptional {
                        text += "? = " + (value.isNullable ? value.defaultLiteral ?? "nil" : "nil")
                    } else if let literal = value.defaultLiteral {
                        text += " = \(literal)"
                    }
                    return text
                }.joined(separator: ", ") + ")"
        }
        return out + "\n"
    }

    /// `Results`: one key a route that answers (`result TYPE`), typed with the Swift of its
    /// answer — what `navigate(to:awaiting:)` awaits and `NavigationHandle.answer(_:with:)`
    /// sends, so the compiler checks both ends. Nothing when no route answers.
    func results(_ cases: [Case], access: String) -> String {
        let answering = cases.filter { $0.resultType != nil }
        guard !answering.isEmpty else { return "" }
        var out = "\n    /// The answers of the routes that give one (`result TYPE`): await one with\n"
        out += "    /// `navigate(to:awaiting:)`, send it from the route's screen with `answer(_:with:)`.\n"
        out += "    \(access)enum Results {\n"
        for item in answering {
            guard let type = item.resultType, let declared = item.route.metadata.result else { continue }
            out += "        /// `\(item.route.name)` answers `\(declared)`.\n"
            out += "        \(access)static let \(SwiftNames.escaped(item.name)) = RouteResultKey<\(type)>(route: \(SwiftLiteral.string(item.route.name)))\n"
        }
        return out + "    }\n"
    }

    func enumDeclaration(_ enumeration: EnumType, access: String) -> String {
        let what = enumeration.parameter == "result" ? "the result" : "`\(enumeration.parameter)`"
        var out = "\n    /// The values of \(what) in route `\(enumeration.route.name)`.\n"
        out += "    \(access)enum \(enumeration.name): String, RouteValueConvertible, Hashable, CaseIterable {\n"
        for item in enumeration.cases {
            let name = SwiftNames.escaped(item.name)
            out += item.name == item.value ? "        case \(name)\n" : "        case \(name) = \(SwiftLiteral.string(item.value))\n"
        }
        return out + "    }\n"
    }

    /// `case .name(let v0, let v1)` binding the values `selected` picks, `_` for the others.
    func pattern(_ item: Case, binding selected: (Value) -> Bool) -> String {
        let name = "." + SwiftNames.escaped(item.name)
        guard item.values.contains(where: selected) else { return name }
        return name + "(" + item.values.enumerated().map { selected($0.element) ? "let v\($0.offset)" : "_" }.joined(separator: ", ") + ")"
    }

    /// `@_optimize(none)` before the conversions of a large table: they run once per
    /// navigation, and optimising thousands of branches doubled a release build (54 s → 27 s
    /// at 1,000 routes; Performance.md, "Typed routes").
    func unoptimized(_ cases: [Case]) -> String {
        cases.count > Self.exhaustiveSwitchLimit ? "@_optimize(none) " : ""
    }

    /// A property's body that picks one `(pattern, result)` for `self`: a `switch` the
    /// compiler checks for exhaustiveness, or past ``exhaustiveSwitchLimit`` routes, `if case`
    /// tests and `fallback` (never reached).
    /// A nil `fallback` (no value to give) ends the tests in `fatalError`, which cannot be reached:
    /// every case has its test.
    func dispatch(_ branches: [(pattern: String, result: String)], on subject: String = "self", fallback: String?) -> String {
        if branches.count > Self.exhaustiveSwitchLimit {
            // Not reachable: every case has its test above (a route never gets here from input).
            let end =
                fallback.map { "        return \($0)\n" }
                ?? "        // Not reachable: the tests above cover every case of \(options.typeName), and a value\n"
                + "        // of an enum is one of its cases (Swift cannot check a switch this large).\n"
                + "        fatalError(\"unreachable: every case of \(options.typeName) is tested above\")\n"
            return branches.map { "        if case \($0.pattern) = \(subject) { return \($0.result) }\n" }.joined() + end
        }
        return "        switch \(subject) {\n" + branches.map { "        case \($0.pattern): return \($0.result)\n" }.joined() + "        }\n"
    }

    func routeName(_ cases: [Case], access: String) -> String {
        let branches = cases.map { (pattern: ".\(SwiftNames.escaped($0.name))", result: SwiftLiteral.string($0.route.name)) }
        return "\n    \(unoptimized(cases))\(access)var routeName: String {\n" + dispatch(branches, fallback: "\"\"") + "    }\n"
    }

    func parameters(_ cases: [Case], query: Bool, access: String) -> String {
        let branches = cases.map { item -> (pattern: String, result: String) in
            let selected = item.values.enumerated().filter { $0.element.isQuery == query }
            let pattern = pattern(item) { $0.isQuery == query }
            if selected.isEmpty { return (pattern, "[:]") }
            // A list of strings is a list, not a path: written as one explicitly.
            func written(_ offset: Int, _ value: Value) -> String {
                let optional = value.isOptional ? "?" : ""
                if case .list = value.type {
                    return (value.isOptional ? "v\(offset).map { " : "") + "RouteValue.list(" + (value.isOptional ? "$0" : "v\(offset)")
                        + ".map(\\.routeValue))" + (value.isOptional ? " }" : "")
                }
                return "v\(offset)\(optional).routeValue"
            }
            if selected.contains(where: { $0.element.isOptional }) {
                let pairs = selected.map { "\(SwiftLiteral.string($0.element.tableName)): " + written($0.offset, $0.element) }
                return (pattern, "RouteParameters(omittingNil: [" + pairs.joined(separator: ", ") + "])")
            }
            let names = selected.map { SwiftLiteral.string($0.element.tableName) }.joined(separator: ", ")
            let values = selected.map { written($0.offset, $0.element) }.joined(separator: ", ")
            return (pattern, "RouteParameters(names: [\(names)], values: [\(values)])")
        }
        return "\n    \(unoptimized(cases))\(access)var \(query ? "routeQuery" : "routeParameters"): RouteParameters {\n"
            + dispatch(branches, fallback: "[:]")
            + "    }\n"
    }

    func initializer(_ cases: [Case], access: String) -> String {
        // The reading is a function of its own: `self = …` in one initializer per route made
        // Swift's initialization analysis quadratic (17 s for 1,000 routes, 0.2 s this way).
        var out = "\n    \(access)init?(routeName: String, parameters: RouteParameters, query: RouteParameters) {\n"
        out += "        guard let route = Self.read(routeName, parameters, query) else { return nil }\n        self = route\n    }\n"
        out +=
            "\n    \(unoptimized(cases))private static func read(_ routeName: String, _ parameters: RouteParameters, _ query: RouteParameters) -> Self? {\n"
        out += "        switch routeName {\n"
        for item in cases {
            out += "        case \(SwiftLiteral.string(item.route.name)):\n"
            guard !item.values.isEmpty else {
                out += "            return .\(SwiftNames.escaped(item.name))\n"
                continue
            }
            let reads = item.values.enumerated().map { offset, value in
                let source = value.isQuery ? "query" : "parameters"
                let read = value.isOptional || value.defaultLiteral != nil ? "optionalValue" : "value"
                return "let v\(offset) = \(source).\(read)(\(SwiftLiteral.string(value.tableName)), as: \(value.swiftType).self)"
            }
            out += "            guard " + reads.joined(separator: ",\n                ") + "\n            else { return nil }\n"
            let arguments = item.values.enumerated().map { offset, value in
                let argument = value.isNullable ? "v\(offset)" : value.defaultLiteral.map { "v\(offset) ?? \($0)" } ?? "v\(offset)"
                return value.label.isEmpty ? argument : "\(SwiftNames.calledLabel(value.label)): \(argument)"
            }
            out += "            return .\(SwiftNames.escaped(item.name))(" + arguments.joined(separator: ", ") + ")\n"
        }
        return out + "        default: return nil\n        }\n    }\n"
    }
}
