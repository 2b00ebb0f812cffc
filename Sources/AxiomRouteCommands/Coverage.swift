import ArgumentParser
import AxiomNavigationSimulator
import AxiomRouting
import Foundation

/// `axiom-route coverage RECORD|DIRECTORY…`: what navigation tests never exercised.
struct Coverage: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Merge navigation coverage records and report what no test exercised.",
        discussion: """
            Records come from 'axiom-route simulate --coverage FILE' and from TestNavigator's \
            'coverage.write(toDirectory:)'; a directory stands for every .json file in it. The report \
            compares them with the route table: routes never shown, the ways and sources each was shown \
            by, policy branches never taken (the login for an auth-only route, a refusal by trust for \
            a route with 'sources'), redirects and aliases no URL went through, and the rate limit, \
            duplicates and changes the UI reports. Exit status: 0 with a report, 2 for a record or \
            table that cannot be read.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case text, json, html
    }

    @Argument(help: "Coverage records (JSON), or directories of them.")
    var records: [String]

    @OptionGroup var table: RouteTableOptions

    @Option(help: "Output format: text, json, or html (a page with the table's graph, drawn by Graphviz where installed).")
    var format: Format = .text

    func run() throws {
        let router = try table.router()
        var merged = NavigationCoverage()
        var count = 0
        for path in records {
            for file in try Self.files(path) {
                guard let data = FileManager.default.contents(atPath: file) else {
                    Console.err("error: cannot read the coverage record '\(file)'")
                    throw ExitStatus.badInput.exitCode
                }
                do {
                    merged.merge(try JSONDecoder().decode(NavigationCoverage.self, from: data))
                    count += 1
                } catch {
                    Console.err("error: '\(file)' is not a coverage record: \(Self.describe(error))")
                    throw ExitStatus.badInput.exitCode
                }
            }
        }
        let report = CoverageReport(router, merged, records: count)
        switch format {
        case .text: Console.out(report.text, terminator: "")
        case .json: Console.out(report.json)
        case .html: Console.out(report.html(router), terminator: "")
        }
    }

    /// `path`'s record files: itself, or the `.json` files of a directory (sorted).
    static func files(_ path: String) throws -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            Console.err("error: no such file or directory: '\(path)'")
            throw ExitStatus.badInput.exitCode
        }
        guard isDirectory.boolValue else { return [path] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { URL(fileURLWithPath: path).appendingPathComponent($0).path }
    }

    static func describe(_ error: any Error) -> String {
        switch error {
        case DecodingError.dataCorrupted(let context): return context.debugDescription
        case DecodingError.keyNotFound(let key, _): return "'\(key.stringValue)' is missing"
        case DecodingError.typeMismatch(_, let context): return "\(context.codingPath.map(\.stringValue).joined(separator: ".")): wrong type"
        default: return "\(error)"
        }
    }
}

/// What `coverage` reports: every thing a navigation test can exercise in the table, and
/// whether one did. JSON described by `Docs/schemas/coverage.schema.json`.
struct CoverageReport: Encodable {
    struct Item: Encodable {
        /// What it is: `route`, `login`, `refused-by-trust`, `redirect`, `alias`, `rate-limited`,
        /// `duplicated`, `ui-pop`, `ui-select-tab`, `ui-dismiss`.
        var kind: String
        /// The route, redirect or alias it belongs to (absent for the table-wide ones).
        var name: String?
        var exercised: Bool
    }

    struct Shown: Encodable {
        var route: String
        var ways: [String]
        var sources: [String]
    }

    var records: Int
    var exercised: Int
    var total: Int
    var items: [Item]
    /// For each route shown: the ways and sources it was shown by.
    var shown: [Shown]

    init(_ router: Router, _ coverage: NavigationCoverage, records: Int) {
        self.records = records
        var items: [Item] = []
        let shownRoutes = Set(coverage.shown.map(\.route))
        let outcomes = Set(coverage.outcomes.map { "\($0.route ?? "")|\($0.outcome)" })
        for route in router.routes {
            items.append(Item(kind: "route", name: route.name, exercised: shownRoutes.contains(route.name)))
            if route.metadata.requiresAuthentication, router.loginRoute != nil {
                items.append(Item(kind: "login", name: route.name, exercised: outcomes.contains("\(route.name)|login")))
            }
            if route.metadata.allowedSources != nil {
                items.append(Item(kind: "refused-by-trust", name: route.name, exercised: outcomes.contains("\(route.name)|refused-by-trust")))
            }
        }
        for entry in router.entries {
            switch entry.kind {
            case .redirect: items.append(Item(kind: "redirect", name: entry.name, exercised: coverage.redirects.contains(entry.name)))
            case .alias:
                let key = entry.name + " " + entry.fullPattern
                items.append(Item(kind: "alias", name: key, exercised: coverage.aliases.contains(key)))
            case .route: break
            }
        }
        let codes = Set(coverage.outcomes.map(\.outcome))
        items.append(Item(kind: "rate-limited", exercised: codes.contains("rate-limited")))
        items.append(Item(kind: "duplicated", exercised: codes.contains("duplicated")))
        items.append(Item(kind: "ui-pop", exercised: coverage.uiChanges.contains("pop")))
        if !router.tabs.isEmpty { items.append(Item(kind: "ui-select-tab", exercised: coverage.uiChanges.contains("select-tab"))) }
        if router.routes.contains(where: { if case .modal = $0.metadata.transition { true } else { false } }) {
            items.append(Item(kind: "ui-dismiss", exercised: coverage.uiChanges.contains("dismiss")))
        }
        self.items = items
        exercised = items.count { $0.exercised }
        total = items.count
        shown = router.routes.compactMap { route in
            let records = coverage.shown.filter { $0.route == route.name }
            guard !records.isEmpty else { return nil }
            return Shown(route: route.name, ways: Set(records.map(\.way)).sorted(), sources: Set(records.map(\.source)).sorted())
        }
    }

    /// A line for an item: what it is, in words.
    static func describe(_ item: Item) -> String {
        let name = item.name ?? ""
        switch item.kind {
        case "route": return "route \(name) never shown"
        case "login": return "route \(name): the login (reached signed out) never exercised"
        case "refused-by-trust": return "route \(name): a refusal by its 'sources' never exercised"
        case "redirect": return "redirect \(name) never taken"
        case "alias": return "alias \(name) never matched"
        case "rate-limited": return "the rate limit never reached"
        case "duplicated": return "a duplicate navigation never made"
        case "ui-pop": return "the UI never reported a pop (a back swipe)"
        case "ui-select-tab": return "the UI never reported a tab tapped"
        case "ui-dismiss": return "the UI never reported a sheet dismissed"
        default: return "\(item.kind) \(name)"
        }
    }

    var percent: String {
        total == 0 ? "100%" : String(format: "%.1f%%", Double(exercised) * 100 / Double(total))
    }

    var text: String {
        let routes = items.filter { $0.kind == "route" }
        var lines = [
            "coverage: \(exercised) of \(total) exercised (\(percent)) from \(records) record\(records == 1 ? "" : "s")",
            "routes shown: \(routes.count(where: \.exercised)) of \(routes.count)",
        ]
        let missing = items.filter { !$0.exercised }
        if missing.isEmpty {
            lines.append("nothing left unexercised")
        } else {
            lines.append("never exercised:")
            lines += missing.map { "  " + Self.describe($0) }
        }
        if !shown.isEmpty {
            lines.append("shown:")
            lines += shown.map { "  \($0.route): \($0.ways.joined(separator: ", ")) from \($0.sources.joined(separator: ", "))" }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    var json: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
    }

    /// A page: the figures, what was never exercised, the routes shown, and the table's graph
    /// with the routes shown outlined in green and the others greyed (drawn by Graphviz when it is
    /// installed; its DOT text otherwise).
    func html(_ router: Router) -> String {
        let covered = Set(items.filter { $0.kind == "route" && $0.exercised }.compactMap(\.name))
        let dot = RouteGraph(router).dot(covered: covered)
        let picture: String
        if let svg = try? Graphviz.svg(dot), let start = svg.range(of: "<svg") {
            picture = String(svg[start.lowerBound...])
        } else {
            picture = "<p>Graphviz is not installed: the graph in DOT (draw it with <code>dot -Tsvg</code>):</p><pre>\(Self.escaped(dot))</pre>"
        }
        let missing = items.filter { !$0.exercised }
        var out = """
            <!DOCTYPE html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>Navigation coverage</title>
            <style>
            body { font-family: -apple-system, Helvetica, Arial, sans-serif; margin: 2em; color: #222; }
            .figure { font-size: 1.4em; }
            li.missing { color: #b33; }
            table { border-collapse: collapse; } td, th { border: 1px solid #ccc; padding: 0.2em 0.6em; text-align: left; }
            #graph svg { max-width: 100%; height: auto; }
            </style>
            </head>
            <body>
            <h1>Navigation coverage</h1>
            <p class="figure" id="figure">\(exercised) of \(total) exercised (\(percent)) from \(records) record\(records == 1 ? "" : "s")</p>

            """
        out += "<h2>Never exercised</h2>\n"
        out +=
            missing.isEmpty
            ? "<p id=\"missing\">Nothing.</p>\n"
            : "<ul id=\"missing\">\n" + missing.map { "<li class=\"missing\">\(Self.escaped(Self.describe($0)))</li>\n" }.joined() + "</ul>\n"
        out += "<h2>Routes shown</h2>\n<table id=\"shown\">\n<tr><th>route</th><th>ways</th><th>sources</th></tr>\n"
        out += shown.map {
            "<tr><td>\(Self.escaped($0.route))</td><td>\(Self.escaped($0.ways.joined(separator: ", ")))</td><td>\(Self.escaped($0.sources.joined(separator: ", ")))</td></tr>\n"
        }.joined()
        out +=
            "</table>\n<h2>The table</h2>\n<p>Routes shown are outlined in green; the others are grey.</p>\n<div id=\"graph\">\n\(picture)\n</div>\n</body>\n</html>\n"
        return out
    }

    static func escaped(_ text: String) -> String {
        RouteGraph.replacing(text, ["&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"])
    }
}
