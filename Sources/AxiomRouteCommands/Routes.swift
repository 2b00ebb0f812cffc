import ArgumentParser
import AxiomRouting

/// `axiom-route routes`: the compiled table in rank order.
struct Routes: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the compiled route table in rank order: the order candidates are tried in.")

    @OptionGroup var table: RouteTableOptions

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    func run() throws {
        let router = try table.router()
        switch format {
        case .json:
            Console.out(RoutesReport(router).json)
        case .text:
            let nameWidth = router.routes.map(\.name.count).max() ?? 0
            let patternWidth = router.routes.map(\.pattern.count).max() ?? 0
            if !router.origins.isEmpty { Console.out("origins  \(router.origins.map(\.description).joined(separator: ", "))") }
            if !router.tabs.isEmpty { Console.out("tabs     \(router.tabs.joined(separator: ", "))") }
            if let login = router.loginRoute { Console.out("login    \(login)") }
            Console.out("")
            for route in router.routes {
                var details: [String] = route.parameters.map { "\($0.name): \($0.type)" }
                details += route.query.map { query in
                    "?\(query.name): \(query.type)" + (query.defaultValue.map { " = \($0)" } ?? (query.isRequired ? "" : " (optional)"))
                }
                let rank = String(route.rank)
                Console.out(
                    "\(String(repeating: " ", count: max(0, 3 - rank.count)))\(rank)  \(pad(route.name, nameWidth))  \(pad(route.pattern, patternWidth))  "
                        + ([details.joined(separator: ", ")].filter { !$0.isEmpty } + [Resolve.metadata(route)]).joined(separator: " · "))
            }
        }
    }
}

struct RoutesReport: Encodable {
    var origins: [String]
    var tabs: [String]
    var login: String?
    var routes: [RouteInfo]

    init(_ router: Router) {
        origins = router.origins.map(\.description)
        tabs = router.tabs
        login = router.loginRoute
        routes = router.routes.map(RouteInfo.init)
    }
}
