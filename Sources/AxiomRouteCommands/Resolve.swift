import ArgumentParser
import AxiomRouting
import AxiomURLPattern

/// `axiom-route resolve URL...`: URLs to typed routes.
struct Resolve: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Resolve URLs against the route table and print the route, typed parameters and metadata.",
        discussion: """
            URLs come from the arguments, or one per line on standard input when there are none or the only one is '-'. \
            An input that starts with '/' is a routed path (with its query), as 'url' prints one for a table without origins. \
            Exit status: 0 when every URL resolved, 1 when any did not, 2 for a bad table or usage.
            """
    )

    @Argument(help: "URLs to resolve ('-' or none: one per line from standard input).")
    var urls: [String] = []

    @OptionGroup var table: RouteTableOptions

    @Option(help: "Output format: text or json.")
    var format: OutputFormat = .text

    /// A URL, or a path (`/x/3`, with its query): the routed path, as `Router.resolve(path:query:)`
    /// reads it — what `url` prints for a table without origins.
    static func resolve(_ input: String, _ router: Router) -> Result<RouteMatch, RouteFailure> {
        guard input.hasPrefix("/") else { return router.resolve(input) }
        let withoutFragment = input.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
        let parts = withoutFragment.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        return router.resolve(path: parts[0], query: parts.count > 1 ? parts[1] : nil)
    }

    /// Answers each URL as it is read: standard input is streamed (memory stays flat over any
    /// number of lines, and each answer is written before the next line is read), and so is
    /// the JSON report, element by element — the same bytes as one encoded report.
    func run() throws {
        let router = try table.router()
        var arguments = urls.makeIterator()
        // No URLs, or `-`: one per line from standard input.
        let next: () -> String? = urls.isEmpty || urls == ["-"] ? { Console.current.readLine() } : { arguments.next() }
        var count = 0
        var failed = false
        var writer = ResolveJSON()
        while let input = next() {
            let result = Self.resolve(input, router)
            if case .failure = result { failed = true }
            switch format {
            case .text:
                Console.out(Self.text(input, result))
            case .json:
                Console.out((count == 0 ? "{\n  \"results\" : [\n" : ",\n") + writer.entry(input, result), terminator: "")
            }
            count += 1
        }
        guard count > 0 else { throw ValidationError("give URLs as arguments or one per line on standard input") }
        if format == .json { Console.out("\n  ]\n}") }
        if failed { throw ExitStatus.noMatch.exitCode }
    }

    /// An input as the text outputs (`resolve`, `explain`) echo it: whole, but for one refused
    /// for its length, shown by its start (it can be megabytes).
    static func echo(_ input: String, _ result: Result<RouteMatch, RouteFailure>) -> String {
        guard case .failure(let failure) = result, failure.code == .inputTooLong else { return input }
        return QuotedExcerpt.window(input, around: nil).text
    }

    static func text(_ input: String, _ result: Result<RouteMatch, RouteFailure>) -> String {
        switch result {
        case .failure(let failure):
            return "\(echo(input, result))\n  no match [\(failure.code)]: \(failure)"
        case .success(let match):
            let route = match.route
            var lines = ["\(input)"]
            for redirect in match.redirects {
                lines.append("  redirect    \(redirect.name)  \(redirect.pattern)  → ")
            }
            // Each redirect line names where it went: the next redirect, or the route.
            for index in lines.indices.dropFirst() {
                let next = index < match.redirects.count ? match.redirects[index].name : route.name
                lines[index] += next
            }
            lines.append("  route       \(route.name)  \(route.fullPattern)")
            if let alias = match.alias { lines.append("  alias       \(alias)") }
            for (name, value) in match.parameters {
                let type = route.parameters.first { $0.name == name }?.type.description ?? ""
                lines.append("  \(pad(name, 10))  \(value)  (\(type))")
            }
            for (name, value) in match.query {
                let declared = route.query.first { $0.name == name }
                lines.append("  \(pad("?" + name, 10))  \(value)  (\(declared?.type.description ?? ""))")
            }
            // What a `lenient` declaration left out, as the URL wrote it (decoded).
            for (name, value) in match.droppedQuery { lines.append("  \(pad("?" + name, 10))  dropped \(value)") }
            // Attribution items, taken out before routing: the app's analytics reads them.
            if !match.attribution.isEmpty { lines.append("  attribution " + match.attribution.map(\.description).joined(separator: ", ")) }
            lines.append("  " + metadata(route))
            return lines.joined(separator: "\n")
        }
    }

    static func metadata(_ route: Route) -> String {
        var items = ["transition \(route.metadata.transition)"]
        if let tab = route.metadata.tab { items.append("tab \(tab)") }
        if let container = route.metadata.container { items.append("container \(container)") }
        if let parent = route.metadata.parent { items.append("parent \(parent)") }
        items.append("analytics \"\(route.metadata.analyticsName)\"")
        if route.metadata.requiresAuthentication { items.append("requires authentication") }
        if let sources = route.metadata.allowedSources {
            items.append("sources " + Route.Metadata.sourceNames.filter(sources.contains).joined(separator: "/"))
        }
        if !route.metadata.loaders.isEmpty { items.append("loads " + route.metadata.loaders.joined(separator: ", ")) }
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
        /// The alias pattern the path matched, when not the route's own.
        var alias: String?
        /// The table's redirects followed to the route, in order.
        var redirects: [Redirect]?
        /// The text of query values a `lenient` declaration left out (absent when none).
        var dropped: [Value]?
        /// The attribution items the URL carried, taken out before routing (absent when none).
        var attribution: [Attribution]?
        var failure: Failure?

        init(input: String, result: Result<RouteMatch, RouteFailure>) {
            self.input = input
            switch result {
            case .success(let match):
                matched = true
                route = RouteInfo(match.route)
                path = match.path
                parameters = match.parameters.map { name, value in
                    Value(
                        name: name, type: match.route.parameters.first { $0.name == name }?.type.description ?? "string",
                        value: JSONRouteValue(value: value))
                }
                query = match.query.map { name, value in
                    Value(
                        name: name, type: match.route.query.first { $0.name == name }?.type.description ?? "string",
                        value: JSONRouteValue(value: value))
                }
                alias = match.alias
                if !match.attribution.isEmpty { attribution = match.attribution.map { Attribution(name: $0.name, value: $0.value) } }
                if !match.droppedQuery.isEmpty {
                    dropped = match.droppedQuery.map { name, value in
                        if case .list = value { return Value(name: name, type: "[string]", value: JSONRouteValue(value: value)) }
                        return Value(name: name, type: "string", value: JSONRouteValue(value: value))
                    }
                }
                if !match.redirects.isEmpty {
                    redirects = match.redirects.map { redirect in
                        Redirect(
                            name: redirect.name, pattern: redirect.pattern,
                            parameters: redirect.parameters.map { name, value in
                                Value(
                                    name: name, type: match.route.parameters.first { $0.name == name }?.type.description ?? "string",
                                    value: JSONRouteValue(value: value))
                            })
                    }
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

    struct Attribution: Encodable {
        var name: String
        var value: String
    }

    struct Redirect: Encodable {
        var name: String
        var pattern: String
        var parameters: [Value]
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
            code = failure.code.rawValue
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
    /// The route's `alias` patterns with their ranks (`routes` only).
    var aliases: [Alias]?
    /// The loaders the route's data comes from (absent when none).
    var loaders: [String]?
    /// The container the route lives in (absent for the app's root).
    var container: String?
    /// `option query closed` (absent when the query is open).
    var closedQuery: Bool?
    /// `option fragment none` (absent when the route takes any fragment).
    var refusesFragment: Bool?
    /// `option trailing-slash strict` in a table that ignores the `/`: whether the route's URLs
    /// end in `/` (absent: the table's rule).
    var trailingSlash: Bool?

    struct Alias: Encodable {
        var pattern: String
        var rank: Int
    }

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
        /// `also NAME, …` (absent when none).
        var also: [String]?
        /// `ignore-name-case` (absent when not).
        var ignoresNameCase: Bool?
        /// `bare` (absent when not).
        var bare: Bool?
        /// For one group of `query ITEM like PATTERN`: the item and the pattern (absent otherwise).
        var item: String?
        var like: String?

        enum CodingKeys: String, CodingKey {
            case name, type, required, also, ignoresNameCase, bare, item, like
            case defaultValue = "default"
        }
    }

    init(_ route: Route) {
        name = route.name
        pattern = route.fullPattern
        rank = route.rank
        parameters = route.parameters.map { Parameter(name: $0.name, type: $0.type.description, optional: $0.isOptional) }
        query = route.query.map {
            QueryParameter(
                name: $0.name, type: $0.type.description, required: $0.isRequired, defaultValue: $0.defaultValue.map(JSONRouteValue.init),
                also: $0.aliases.isEmpty ? nil : $0.aliases, ignoresNameCase: $0.ignoresNameCase ? true : nil,
                bare: $0.takesBareItem ? true : nil, item: $0.shape?.item, like: $0.shape?.pattern)
        }
        closedQuery = route.closedQuery ? true : nil
        refusesFragment = route.rules.refusesFragment ? true : nil
        trailingSlash = route.rules.trailingSlash
        transition = route.metadata.transition.description
        tab = route.metadata.tab
        parent = route.metadata.parent
        analyticsName = route.metadata.analyticsName
        requiresAuthentication = route.metadata.requiresAuthentication
        allowedSources = route.metadata.allowedSources.map { sources in Route.Metadata.sourceNames.filter(sources.contains) }
        loaders = route.metadata.loaders.isEmpty ? nil : route.metadata.loaders
        container = route.metadata.container
    }
}
