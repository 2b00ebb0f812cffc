import ArgumentParser
import AxiomRouting

/// `axiom-route url ROUTE [NAME=VALUE...]`: reverse routing.
struct URLCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "url",
        abstract: "Print the URL of a route from parameter values (reverse routing).",
        discussion: """
            Values are written NAME=VALUE for path and query parameters alike and converted by their \
            declared types; a path value is written with '/' (section=privacy/ads), a list parameter \
            once a value (ids=3 ids=4), and a name the route does not declare is an item of its \
            'rest' parameter, when it has one. The URL printed \
            resolves back to the same route and values. Exit status: 0, or 2 for an unknown route, \
            parameter or value (said on standard error, without the usage).
            """
    )

    @Argument(help: "The route's name.")
    var route: String

    @Argument(help: "Parameter values, NAME=VALUE.")
    var values: [String] = []

    @OptionGroup var table: RouteTableOptions

    @Option(help: "Output format: text (the URL) or json ({\"route\", \"url\"}).")
    var format: OutputFormat = .text

    /// A mistake in the data (not in the command's usage): said plainly, status 2.
    private func dataError(_ message: String) -> ExitCode {
        Console.err("error: " + message)
        return ExitStatus.badInput.exitCode
    }

    func run() throws {
        let router = try table.router()
        guard router.route(named: route) != nil else {
            throw dataError("unknown route '\(route)'" + Self.didYouMean(route, router.routes.map(\.name)))
        }
        var items: [(name: String, value: String)] = []
        for item in values {
            guard let equals = item.firstIndex(of: "=") else {
                throw dataError("expected NAME=VALUE, got '\(item)'")
            }
            items.append((String(item[..<equals]), String(item[item.index(after: equals)...])))
        }
        let url: String
        do {
            url = try router.url(for: route, text: items)
        } catch {
            throw dataError(error.description)
        }
        switch format {
        case .text: Console.out(url)
        case .json: Console.out(URLReport(route: route, url: url).json)
        }
    }

    static func didYouMean(_ word: String, _ candidates: [String]) -> String {
        Suggestions.help(for: word, in: candidates).map { "; " + $0 } ?? ""
    }
}

/// `url --format json`.
struct URLReport: Encodable {
    var route: String
    var url: String
}
