import ArgumentParser
import AxiomRouting

/// `axiom-route resolve URL...`: URLs to typed routes.
struct Resolve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Resolve URLs against the route table and print the route, typed parameters and metadata.",
        discussion: """
            URLs come from the arguments, or one per line on standard input when there are none. \
            Exit status: 0 when every URL resolved, 1 when any did not, 2 for a bad table or usage.
            """
    )

    @Argument(help: "URLs to resolve (default: one per line from standard input).")
    var urls: [String] = []

    @OptionGroup var table: RouteTableOptions

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    func run() throws {
        let router = try table.router()
        var inputs = urls
        if inputs.isEmpty {
            while let line = Console.current.readLine() { inputs.append(line) }
        }
        guard !inputs.isEmpty else {
            throw ValidationError("give URLs as arguments or one per line on standard input")
        }
        let results = inputs.map { (input: $0, result: router.resolve($0)) }
        switch format {
        case .text:
            for (input, result) in results { Console.out(Self.text(input, result)) }
        case .json:
            Console.out(ResolveReport(results.map { ResolveReport.Entry(input: $0.input, result: $0.result) }).json)
        }
        if results.contains(where: { if case .failure = $0.result { return true } else { return false } }) {
            throw ExitStatus.noMatch.exitCode
        }
    }

    static func text(_ input: String, _ result: Result<RouteMatch, RouteFailure>) -> String {
        switch result {
        case .failure(let failure):
            return "\(input)\n  no match [\(failure.code)]: \(failure)"
        case .success(let match):
            let route = match.route
            var lines = ["\(input)", "  route       \(route.name)  \(route.pattern)"]
            for (name, value) in match.parameters {
                let type = route.parameters.first { $0.name == name }?.type.description ?? ""
                lines.append("  \(pad(name, 10))  \(value)  (\(type))")
            }
            for (name, value) in match.query {
                let declared = route.query.first { $0.name == name }
                lines.append("  \(pad("?" + name, 10))  \(value)  (\(declared?.type.description ?? ""))")
            }
            lines.append("  " + metadata(route))
            return lines.joined(separator: "\n")
        }
    }

    static func metadata(_ route: Route) -> String {
        var items = ["transition \(route.metadata.transition)"]
        if let tab = route.metadata.tab { items.append("tab \(tab)") }
        if let parent = route.metadata.parent { items.append("parent \(parent)") }
        items.append("analytics \"\(route.metadata.analyticsName)\"")
        if route.metadata.requiresAuthentication { items.append("requires authentication") }
        if let sources = route.metadata.allowedSources {
            items.append("sources " + Route.Metadata.sourceNames.filter(sources.contains).joined(separator: "/"))
        }
        return items.joined(separator: ", ")
    }
}

func pad(_ text: String, _ width: Int) -> String {
    text.count >= width ? text : text + String(repeating: " ", count: width - text.count)
}

/// The JSON `resolve --format json` prints (documented in `Docs/CommandLine.md`).
struct ResolveReport: Encodable {
    struct Entry: Encodable {
        var input: String
        var matched: Bool
        var route: RouteInfo?
        var path: String?
        var parameters: [Value]?
        var query: [Value]?
        var failure: Failure?

        init(input: String, result: Result<RouteMatch, RouteFailure>) {
            self.input = input
            switch result {
            case .success(let match):
                matched = true
                route = RouteInfo(match.route)
                path = match.path
                parameters = match.parameters.map { name, value in
                    Value(name: name, type: match.route.parameters.first { $0.name == name }?.type.description ?? "string", value: JSONRouteValue(value: value))
                }
                query = match.query.map { name, value in
                    Value(name: name, type: match.route.query.first { $0.name == name }?.type.description ?? "string", value: JSONRouteValue(value: value))
                }
            case .failure(let error):
                matched = false
                failure = Failure(error)
            }
        }
    }

    struct Value: Encodable {
        var name: String
        var type: String
        var value: JSONRouteValue
    }

    struct Failure: Encodable {
        var code: String
        var message: String
        var suggestions: [Suggestion]?

        struct Suggestion: Encodable {
            var route: String
            var example: String
        }

        init(_ failure: RouteFailure) {
            code = failure.code
            message = failure.description
            if case .noRoute(_, let suggestions) = failure.reason {
                self.suggestions = suggestions.map { Suggestion(route: $0.route, example: $0.example) }
            }
        }
    }

    var results: [Entry]

    init(_ results: [Entry]) { self.results = results }
}

/// A route's description in JSON output.
struct RouteInfo: Encodable {
    var name: String
    var pattern: String
    var rank: Int
    var parameters: [Parameter]
    var query: [QueryParameter]
    var transition: String
    var tab: String?
    var parent: String?
    var analyticsName: String
    var requiresAuthentication: Bool
    var allowedSources: [String]?

    struct Parameter: Encodable {
        var name: String
        var type: String
        var optional: Bool
    }

    struct QueryParameter: Encodable {
        var name: String
        var type: String
        var required: Bool
        var defaultValue: JSONRouteValue?

        enum CodingKeys: String, CodingKey { case name, type, required, defaultValue = "default" }
    }

    init(_ route: Route) {
        name = route.name
        pattern = route.pattern
        rank = route.rank
        parameters = route.parameters.map { Parameter(name: $0.name, type: $0.type.description, optional: $0.isOptional) }
        query = route.query.map {
            QueryParameter(name: $0.name, type: $0.type.description, required: $0.isRequired, defaultValue: $0.defaultValue.map(JSONRouteValue.init))
        }
        transition = route.metadata.transition.description
        tab = route.metadata.tab
        parent = route.metadata.parent
        analyticsName = route.metadata.analyticsName
        requiresAuthentication = route.metadata.requiresAuthentication
        allowedSources = route.metadata.allowedSources.map { sources in Route.Metadata.sourceNames.filter(sources.contains) }
    }
}
