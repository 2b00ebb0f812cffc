import ArgumentParser
import AxiomRouting

/// `axiom-route routes`: the compiled table in rank order.
struct Routes: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the compiled route table in rank order: the order candidates are tried in.")

    @OptionGroup var table: RouteTableOptions

    /// What `routes` prints: the table as text or JSON, or as a picture.
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, dot, mermaid, svg
    }

    @Option(
        help: ArgumentHelp(
            "Output format: text, json, or the table as a graph: dot (Graphviz), mermaid, or svg (drawn by Graphviz's 'dot', which must be installed)."
        ))
    var format: Format = .text

    func run() throws {
        let router = try table.router()
        switch format {
        case .json:
            Console.out(RoutesReport(router).json)
        case .dot:
            Console.out(RouteGraph(router).dot)
        case .mermaid:
            Console.out(RouteGraph(router).mermaid)
        case .svg:
            do {
                Console.out(try Graphviz.svg(RouteGraph(router).dot), terminator: "")
            } catch {
                Console.err("\(error)")
                throw ExitStatus.badInput.exitCode
            }
        case .text:
            let nameWidth = router.entries.map(\.name.count).max() ?? 0
            let patternWidth = router.entries.map(\.fullPattern.count).max() ?? 0
            if !router.origins.isEmpty { Console.out("origins  \(router.origins.map(\.description).joined(separator: ", "))") }
            if !router.tabs.isEmpty { Console.out("tabs     \(router.tabs.joined(separator: ", "))") }
            if let login = router.loginRoute { Console.out("login    \(login)") }
            Console.out("")
            for route in router.entries {
                let rank = String(route.rank)
                let indent = String(repeating: " ", count: max(0, 3 - rank.count)) + rank
                switch route.kind {
                case .route: break
                case .alias:
                    Console.out("\(indent)  \(pad(route.name, nameWidth))  \(pad(route.fullPattern, patternWidth))  alias of \(route.name)")
                    continue
                case .redirect(let target):
                    let sets = route.fixedValues.map { "\($0.name) = \($0.value)" }.joined(separator: ", ")
                    Console.out(
                        "\(indent)  \(pad(route.name, nameWidth))  \(pad(route.fullPattern, patternWidth))  redirect → \(target)"
                            + (sets.isEmpty ? "" : " with " + sets))
                    continue
                }
                var details: [String] = route.parameters.map { "\($0.name): \($0.type)" }
                details += route.query.map { query in
                    "?\(query.name)" + (query.aliases.isEmpty ? "" : " (also " + query.aliases.joined(separator: ", ") + ")")
                        + (query.ignoresNameCase ? " (any case)" : "") + ": \(query.type)" + (query.takesBareItem ? " (bare)" : "")
                        + (query.defaultValue.map { " = " + Self.written($0) } ?? (query.isRequired ? "" : " (optional)"))
                        + (query.shape.map { " (from ?\($0.item) like \($0.pattern))" } ?? "")
                }
                if route.closedQuery { details.append("query closed") }
                if route.rules.refusesFragment { details.append("no fragment") }
                if let slash = route.rules.trailingSlash { details.append(slash ? "trailing / required" : "no trailing /") }
                Console.out(
                    "\(indent)  \(pad(route.name, nameWidth))  \(pad(route.fullPattern, patternWidth))  "
                        + ([details.joined(separator: ", ")].filter { !$0.isEmpty } + [Resolve.metadata(route)]).joined(separator: " · "))
            }
        }
    }

    /// A default as the table writes it: a list in brackets (`[swift, ios]`, `[]`).
    static func written(_ value: RouteValue) -> String {
        if case .list(let values) = value { return "[" + values.map(\.description).joined(separator: ", ") + "]" }
        return value.description
    }
}

struct RoutesReport: Encodable {
    var origins: [String]
    var tabs: [String]
    var login: String?
    var routes: [RouteInfo]
    /// The table's redirects in rank order (absent when there are none).
    var redirects: [Redirect]?

    struct Redirect: Encodable {
        var name: String
        var pattern: String
        var rank: Int
        /// The route or redirect it sends URLs on to.
        var target: String
        var parameters: [RouteInfo.Parameter]
        /// The values it gives its target whatever the URL (`set NAME = VALUE`; absent when none).
        var sets: [Fixed]?
    }

    struct Fixed: Encodable {
        var name: String
        var value: String
    }

    init(_ router: Router) {
        origins = router.origins.map(\.description)
        tabs = router.tabs
        login = router.loginRoute
        var aliases: [String: [RouteInfo.Alias]] = [:]
        var redirects: [Redirect] = []
        for entry in router.entries {
            switch entry.kind {
            case .route: break
            case .alias: aliases[entry.name, default: []].append(RouteInfo.Alias(pattern: entry.pattern, rank: entry.rank))
            case .redirect(let target):
                redirects.append(
                    Redirect(
                        name: entry.name, pattern: entry.pattern, rank: entry.rank, target: target,
                        parameters: entry.parameters.map { RouteInfo.Parameter(name: $0.name, type: $0.type.description, optional: $0.isOptional) },
                        sets: entry.fixedValues.isEmpty ? nil : entry.fixedValues.map { Fixed(name: $0.name, value: "\($0.value)") }))
            }
        }
        routes = router.routes.map { route in
            var info = RouteInfo(route)
            info.aliases = aliases[route.name]
            return info
        }
        self.redirects = redirects.isEmpty ? nil : redirects
    }
}
