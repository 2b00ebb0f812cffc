#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Writes the Swift of a route table's ``TypedRoute``: one enum with a case a route, its
/// associated values typed as the table declares them, an enum for each `enum(…)` parameter,
/// the conversions both ways, and the table itself embedded. `axiom-route generate swift` and
/// the GenerateRoutes build plugin print it (Docs/TypedRoutes.md).
package struct SwiftRouteGenerator {
    package enum Access: String, Sendable, CaseIterable {
        case `internal`, `public`
    }

    package struct Options: Sendable {
        /// The generated type's name (`AppRoute`).
        package var typeName: String
        package var access: Access
        /// Whether to write `<TypeName>Contexts` too: a protocol with one context factory a
        /// route, for the navigation layer (the code then imports AxiomNavigation).
        package var contexts: Bool

        package init(typeName: String = "AppRoute", access: Access = .internal, contexts: Bool = false) {
            self.typeName = typeName
            self.access = access
            self.contexts = contexts
        }
    }

    /// One route as generated code sees it.
    private struct Case {
        var route: Route
        var name: String
        var values: [Value]
    }

    /// One associated value: a path or query parameter.
    private struct Value {
        var label: String
        var tableName: String
        var type: ParameterType
        /// The Swift type, without `?`.
        var swiftType: String
        var isQuery: Bool
        /// Absent allowed: `T?` with default `nil`.
        var isOptional: Bool
        /// A query default: the label gets `= literal` and an absent value reads as it.
        var defaultLiteral: String?
    }

    /// A generated enum for an `enum(…)` parameter type.
    private struct EnumType {
        var name: String
        var cases: [(name: String, value: String)]
        var route: Route
        var parameter: String
    }

    let options: Options
    private var diagnostics: [Diagnostic] = []

    /// Swift gives up checking a `switch` over an enum of several hundred cases with
    /// associated values for exhaustiveness ("unable to check that this switch is exhaustive
    /// in reasonable time": ~600 cases with Swift 6.3, fewer with bindings), and with a
    /// `default` it may or may not manage and then warn that the default is never executed.
    /// Past this many routes the generated code tests the cases one by one (`if case`)
    /// instead of switching over them.
    static let exhaustiveSwitchLimit = 256

    package init(options: Options) {
        self.options = options
    }

    /// The generated source for the table `compilation` compiled, or the diagnostics that stop
    /// it: the table's own errors, or names that are not Swift names (E501, E502).
    /// `options.typeName` must be a type name (``SwiftNames/isTypeName(_:)``): the callers check it.
    package static func generate(_ compilation: RouteTableCompilation, options: Options) -> Result<String, RouteTableError> {
        guard let router = compilation.router else {
            return .failure(RouteTableError(diagnostics: compilation.diagnostics, sources: compilation.sources))
        }
        var generator = SwiftRouteGenerator(options: options)
        let source = generator.source(router: router, sources: compilation.sources)
        guard !generator.diagnostics.hasErrors else {
            return .failure(RouteTableError(diagnostics: generator.diagnostics, sources: compilation.sources))
        }
        return .success(source)
    }

    /// What generating `compilation`'s Swift with `options` would stop on, as W413 warnings at
    /// the same places (none when the table does not compile: its errors come first).
    package static func refusals(_ compilation: RouteTableCompilation, options: Options = Options()) -> [Diagnostic] {
        guard let router = compilation.router else { return [] }
        var generator = SwiftRouteGenerator(options: options)
        _ = generator.source(router: router, sources: compilation.sources)
        return generator.diagnostics.filter { $0.severity == .error }.map(Diagnostic.typedRoutesRefused)
    }

    // MARK: Building the model

    /// The routes in declaration order (file, then line), with their Swift names.
    private mutating func cases(_ router: Router) -> (cases: [Case], enums: [EnumType]) {
        let routes = router.routes.sorted { $0.location < $1.location }
        let members: Set<String> = [
            "routeName", "routeParameters", "routeQuery", "routeSources", "routeSnapshot", "makeRouter", "hashValue", "hash", "loaderNames",
        ]
        var caseNames: [String: Route] = [:]
        var typeNames: [String: (route: Route, what: String)] = [:]
        let reservedTypes: Set<String> = [
            options.typeName, "String", "Int", "Double", "Bool", "UUID", "Array", "Optional", "Swift", "RouteValue", "RouteParameters",
            "RouteSource", "Router", "RouteMatch", "MatchLimits", "RouteTableError", "RouteURLError", "TypedRoute", "KeyValuePairs",
            "AxiomRouting", "Foundation", "FoundationEssentials",
        ]
        var cases: [Case] = []
        var enums: [EnumType] = []
        for route in routes {
            let name = SwiftNames.member(route.name)
            if SwiftNames.unusableMembers.contains(name) || members.contains(name) {
                let reason = members.contains(name) ? "the generated type has a member of that name" : "Swift gives it a meaning after a '.'"
                diagnostics.append(.reservedSwiftName("route", route.name, swift: name, reason: reason, at: route.location))
                continue
            }
            if let other = caseNames[name] {
                diagnostics.append(.swiftNameClash("route", route.name, other: other.name, swift: name, at: route.location, first: other.location))
                continue
            }
            caseNames[name] = route
            var labels: [String: String] = [:]
            var values: [Value] = []
            let parameters = route.parameters.map { ($0.name, $0.type, $0.isOptional, false, RouteValue?.none) }
            let query = route.query.map { ($0.name, $0.type, !$0.isRequired && $0.defaultValue == nil, true, $0.defaultValue) }
            for (tableName, type, isOptional, isQuery, defaultValue) in parameters + query {
                // An unnamed group (`*`, `(…)`: named by its number) is an unlabeled value.
                let label = tableName.allSatisfy(\.isNumber) ? "" : SwiftNames.member(tableName)
                if SwiftNames.unusableMembers.contains(label) {
                    diagnostics.append(
                        .reservedSwiftName("parameter", tableName, swift: label, reason: "Swift gives it a meaning after a '.'", at: route.location))
                    continue
                }
                if !label.isEmpty, let other = labels[label] {
                    diagnostics.append(.swiftNameClash("parameter", tableName, other: other, swift: label, at: route.location, first: nil))
                    continue
                }
                labels[label] = tableName
                var swiftType = Self.swiftType(of: type)
                if case .enumeration(let options) = type {
                    let typeName = route.name == tableName ? SwiftNames.type(tableName) : SwiftNames.type(route.name, tableName)
                    if reservedTypes.contains(typeName) {
                        diagnostics.append(
                            .reservedSwiftName(
                                "enum of parameter", tableName, swift: typeName, reason: "the generated code uses that type name", at: route.location)
                        )
                        continue
                    }
                    if let other = typeNames[typeName] {
                        diagnostics.append(
                            .swiftNameClash(
                                "enum of parameter", "\(route.name).\(tableName)", other: other.what, swift: typeName, at: route.location,
                                first: other.route.location))
                        continue
                    }
                    typeNames[typeName] = (route, "\(route.name).\(tableName)")
                    guard let enumeration = enumType(typeName, options: options, route: route, parameter: tableName) else { continue }
                    enums.append(enumeration)
                    swiftType = typeName
                }
                let enumCases = swiftType == Self.swiftType(of: type) ? [] : enums.last?.cases ?? []
                let defaultLiteral = defaultValue.map { Self.literal($0, enumCases: enumCases) }
                values.append(
                    Value(
                        label: label, tableName: tableName, type: type, swiftType: swiftType, isQuery: isQuery, isOptional: isOptional,
                        defaultLiteral: defaultLiteral))
            }
            cases.append(Case(route: route, name: name, values: values))
        }
        return (cases, enums)
    }

    private mutating func enumType(_ name: String, options: [String], route: Route, parameter: String) -> EnumType? {
        var seen: [String: String] = [:]
        var cases: [(name: String, value: String)] = []
        var clean = true
        for value in options {
            var caseName = SwiftNames.enumCase(value)
            // A value is the URL's spelling and cannot be renamed: one Swift cannot name a case
            // (`self`, `init`, `Type`, `rawValue` …) gets a `_` after it, its raw value the URL's.
            if SwiftNames.unusableMembers.contains(caseName) || caseName == "rawValue" || caseName == "allCases" { caseName += "_" }
            if let other = seen[caseName] {
                diagnostics.append(.swiftNameClash("value", value, other: other, swift: caseName, at: route.location, first: nil))
                clean = false
                continue
            }
            seen[caseName] = value
            cases.append((caseName, value))
        }
        return clean ? EnumType(name: name, cases: cases, route: route, parameter: parameter) : nil
    }

    private static func swiftType(of type: ParameterType) -> String {
        switch type {
        case .string, .enumeration, .url: return "String"
        case .int: return "Int"
        case .double: return "Double"
        case .bool: return "Bool"
        case .uuid: return "UUID"
        case .path: return "[String]"
        case .rest: return "[String: String]"
        case .list(let element): return "[" + swiftType(of: element) + "]"
        }
    }

    /// A Swift expression for a default value.
    private static func literal(_ value: RouteValue, enumCases: [(name: String, value: String)]) -> String {
        switch value {
        case .string(let text):
            if let match = enumCases.first(where: { $0.value == text }) { return "." + SwiftNames.escaped(match.name) }
            return SwiftLiteral.string(text)
        case .int(let number): return String(number)
        case .double(let number):
            if number.isNaN { return "Double.nan" }
            if number.isInfinite { return number < 0 ? "-Double.infinity" : "Double.infinity" }
            return "\(number)"
        case .bool(let flag): return flag ? "true" : "false"
        case .uuid(let uuid):
            let bytes = withUnsafeBytes(of: uuid.uuid) { Array($0) }
            return "UUID(uuid: (" + bytes.map { "0x" + String($0, radix: 16, uppercase: true) }.joined(separator: ", ") + "))"
        case .path(let segments): return "[" + segments.map(SwiftLiteral.string).joined(separator: ", ") + "]"
        case .fields(let fields):
            return fields.isEmpty
                ? "[:]"
                : "["
                    + fields.sorted { $0.key < $1.key }.map { SwiftLiteral.string($0.key) + ": " + SwiftLiteral.string($0.value) }.joined(
                        separator: ", ") + "]"
        case .list(let values): return "[" + values.map { literal($0, enumCases: enumCases) }.joined(separator: ", ") + "]"
        }
    }

    // MARK: Writing the code

    private mutating func source(router: Router, sources: [String: String]) -> String {
        let (cases, enums) = cases(router)
        let access = options.access == .public ? "public " : ""
        let type = options.typeName
        let usesUUID = cases.contains { $0.values.contains { $0.type == .uuid } }
        let embedded = SwiftLiteral.relativeNames(sources.keys.sorted())
        // File names as literals: a name is any text (a line break in one would end the comment).
        var out =
            "// Generated by Axiom Navigation from \(embedded.map { SwiftLiteral.string($0.relative) }.joined(separator: ", ")). Do not edit.\n\n"
        if usesUUID {
            let keyword = options.access == .public ? "public import" : "import"
            out += "#if canImport(FoundationEssentials)\n    \(keyword) FoundationEssentials\n#else\n    \(keyword) Foundation\n#endif\n"
        }
        out += options.access == .public ? "public import AxiomRouting\n" : "import AxiomRouting\n"
        if options.contexts { out += options.access == .public ? "public import AxiomNavigation\n" : "import AxiomNavigation\n" }
        out += "\n"
        out += "/// The routes of the table, one case a route with its parameters typed as declared.\n"
        out += "/// `\(type)(match)` reads a resolved URL; `router.url(for:)` prints one; a `Destination`\n"
        out += "/// and the navigation flow take it as it is.\n"
        out += "\(access)enum \(type): TypedRoute {\n"
        for item in cases { out += caseDeclaration(item) }
        for enumeration in enums { out += enumDeclaration(enumeration, access: access) }
        out += routeName(cases, access: access)
        out += parameters(cases, query: false, access: access)
        out += parameters(cases, query: true, access: access)
        out += initializer(cases, access: access)
        let loaders = Self.loaderNames(router)
        out += "\n    /// The loaders the table's routes name (`load NAME`): the names to register on the flow, and\n"
        out += "    /// the set `Router.compile(_:resolver:limits:loaders:)` checks a table against.\n"
        out += "    \(access)static let loaderNames: [String] = [" + loaders.map(SwiftLiteral.string).joined(separator: ", ") + "]\n"
        out += "\n    /// The table the type was generated from.\n"
        out += "    \(access)static let routeSources: [RouteSource] = [\n"
        for file in embedded {
            out += "        RouteSource(name: \(SwiftLiteral.string(file.relative)), text: \(SwiftLiteral.multiline(sources[file.name] ?? ""))),\n"
        }
        out += "    ]\n"
        // The snapshot of the table as `routeSources` holds it (files named relative to their
        // folder, as `makeRouter()` would compile them): no path of the machine that built it.
        let embeddedSources = embedded.map { RouteSource(name: $0.relative, text: sources[$0.name] ?? "") }
        if let snapshotRouter = try? Router(sources: embeddedSources, resolver: RouteSource.resolver(among: embeddedSources)) {
            out += "\n    /// The table as it compiled here, checked, for `makeRouter()` to load at launch without\n"
            out += "    /// compiling it again (`RouterSnapshot`).\n"
            out += "    \(access)static let routeSnapshot: String? = \"\(RouterSnapshot.encode(snapshotRouter))\"\n"
        }
        out += "}\n"
        if options.contexts {
            out += contextsProtocol(cases, access: access)
            if !loaders.isEmpty { out += loadersProtocol(router, loaders: loaders, access: access) }
        }
        return out
    }

    /// The loader names of the table's routes, sorted.
    static func loaderNames(_ router: Router) -> [String] { Set(router.routes.flatMap(\.metadata.loaders)).sorted() }

    /// `<TypeName>Loaders`: one requirement a loader name (a type that leaves one out does not
    /// compile), each given the entry's route typed, and `register(on:)` that puts them on a flow.
    private mutating func loadersProtocol(_ router: Router, loaders: [String], access: String) -> String {
        let type = options.typeName
        let name = type + "Loaders"
        var out = "\n/// The loaders of ``\(type)``'s routes (`load NAME` in the table): one requirement a loader, so a\n"
        out += "/// type that leaves one out does not compile. `register(on:)` puts them on the flow.\n"
        out += "\(access)protocol \(name): Sendable {\n"
        var members: [String: String] = [:]
        for loader in loaders {
            let users = router.routes.filter { $0.metadata.loaders.contains(loader) }
            let member = SwiftNames.member(loader)
            if let other = members[member], let place = users.first?.location {
                diagnostics.append(.swiftNameClash("loader", loader, other: other, swift: member, at: place, first: nil))
            }
            members[member] = loader
            let routes = users.map { "`\($0.name)`" }
            out += "    /// Loads for \(routes.joined(separator: ", ")).\n"
            out +=
                "    func \(SwiftNames.escaped(SwiftNames.member(loader)))(for route: \(type), request: LoadRequest) async throws -> any Sendable\n"
        }
        out += "}\n\nextension \(name) {\n"
        out += "    /// Registers every loader on `flow` under its table name. A request whose destination is\n"
        out += "    /// not one of ``\(type)``'s (a table that does not match the type) fails the navigation.\n"
        out += "    @MainActor \(access)func register(on flow: NavigationFlow) {\n"
        for loader in loaders {
            out += "        flow.loaders[\(SwiftLiteral.string(loader))] = { request in\n"
            out +=
                "            guard let route = request.destination.route(as: \(type).self) else { throw TypedRouteMismatch(destination: request.destination) }\n"
            out += "            return try await self.\(SwiftNames.escaped(SwiftNames.member(loader)))(for: route, request: request)\n"
            out += "        }\n"
        }
        out += "    }\n}\n"
        return out
    }

    /// `<TypeName>Contexts`: one requirement a route (a conforming type that leaves one out
    /// does not compile, whatever the table's size), the dispatch from a route to its
    /// requirement, and an `Orchestrator` initialiser that takes the conforming type.
    private func contextsProtocol(_ cases: [Case], access: String) -> String {
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

    private func caseDeclaration(_ item: Case) -> String {
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
                    if value.isOptional { text += "? = nil" } else if let literal = value.defaultLiteral { text += " = \(literal)" }
                    return text
                }.joined(separator: ", ") + ")"
        }
        return out + "\n"
    }

    private func enumDeclaration(_ enumeration: EnumType, access: String) -> String {
        var out = "\n    /// The values of `\(enumeration.parameter)` in route `\(enumeration.route.name)`.\n"
        out += "    \(access)enum \(enumeration.name): String, RouteValueConvertible, Hashable, CaseIterable {\n"
        for item in enumeration.cases {
            let name = SwiftNames.escaped(item.name)
            out += item.name == item.value ? "        case \(name)\n" : "        case \(name) = \(SwiftLiteral.string(item.value))\n"
        }
        return out + "    }\n"
    }

    /// `case .name(let v0, let v1)` binding the values `selected` picks, `_` for the others.
    private func pattern(_ item: Case, binding selected: (Value) -> Bool) -> String {
        let name = "." + SwiftNames.escaped(item.name)
        guard item.values.contains(where: selected) else { return name }
        return name + "(" + item.values.enumerated().map { selected($0.element) ? "let v\($0.offset)" : "_" }.joined(separator: ", ") + ")"
    }

    /// `@_optimize(none)` before the conversions of a large table: they run once per
    /// navigation, and optimising thousands of branches doubled a release build (54 s → 27 s
    /// at 1,000 routes; Performance.md, "Typed routes").
    private func unoptimized(_ cases: [Case]) -> String {
        cases.count > Self.exhaustiveSwitchLimit ? "@_optimize(none) " : ""
    }

    /// A property's body that picks one `(pattern, result)` for `self`: a `switch` the
    /// compiler checks for exhaustiveness, or past ``exhaustiveSwitchLimit`` routes, `if case`
    /// tests and `fallback` (never reached).
    /// A nil `fallback` (no value to give) ends the tests in `fatalError`, which cannot be reached:
    /// every case has its test.
    private func dispatch(_ branches: [(pattern: String, result: String)], on subject: String = "self", fallback: String?) -> String {
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

    private func routeName(_ cases: [Case], access: String) -> String {
        let branches = cases.map { (pattern: ".\(SwiftNames.escaped($0.name))", result: SwiftLiteral.string($0.route.name)) }
        return "\n    \(unoptimized(cases))\(access)var routeName: String {\n" + dispatch(branches, fallback: "\"\"") + "    }\n"
    }

    private func parameters(_ cases: [Case], query: Bool, access: String) -> String {
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

    private func initializer(_ cases: [Case], access: String) -> String {
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
                let argument = value.defaultLiteral.map { "v\(offset) ?? \($0)" } ?? "v\(offset)"
                return value.label.isEmpty ? argument : "\(SwiftNames.calledLabel(value.label)): \(argument)"
            }
            out += "            return .\(SwiftNames.escaped(item.name))(" + arguments.joined(separator: ", ") + ")\n"
        }
        return out + "        default: return nil\n        }\n    }\n"
    }
}

extension RouteTableCompilation {
    /// The compilation with what generating its typed Swift would refuse added as warnings
    /// (W413): what `axiom-route check` reports, so a name that cannot be generated is seen
    /// before a build stops on it.
    package var withTypedRouteWarnings: RouteTableCompilation {
        RouteTableCompilation(router: router, diagnostics: diagnostics + SwiftRouteGenerator.refusals(self), sources: sources)
    }
}
