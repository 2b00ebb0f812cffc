import AxiomRouting
import Foundation
import TestSupport
import Testing

@testable import AxiomRouteCommands

/// `axiom-route routes --format dot|mermaid|svg`: the table as a picture, on the default table
/// and every table of the corpus — every route a node, every parent an edge, redirects and
/// aliases leading to their routes, policy marked.
@Suite struct RouteGraphTests {
    /// The default table (`nil`) and the corpus's tables.
    static let tables: [String?] = [nil] + ["DuckDuckGo", "Firefox", "IceCubes", "Kickstarter", "Signal", "WordPress"].map { "Corpus/" + $0 }

    static func router(_ table: String?) throws -> Router {
        let sources = try RouteSource.load(from: packageRoot() + "/" + (table ?? "Routes"))
        return try Router(sources: sources, resolver: RouteSource.resolver(among: sources))
    }

    static func arguments(_ table: String?, _ format: String) -> [String] {
        ["routes", "--format", format] + (table.map { ["--routes", packageRoot() + "/" + $0] } ?? [])
    }

    @Test(arguments: tables)
    func dotHasEveryRouteParentRedirectAndAlias(table: String?) throws {
        let router = try Self.router(table)
        let run = runCommand(Self.arguments(table, "dot"))
        #expect(run.status == 0, "\(run.err)")
        let dot = run.out
        #expect(dot.hasPrefix("digraph routes {"))
        for route in router.routes {
            #expect(dot.contains("\"\(route.name)\" [label=\"\(route.name)\\n"), "\(route.name) is not a node")
            if let parent = route.metadata.parent {
                #expect(dot.contains("\"\(parent)\" -> \"\(route.name)\" [label=\"\(route.metadata.transition)\""), "\(parent) → \(route.name)")
            }
            // Auth-only routes are filled and say so.
            let line = dot.split(separator: "\n").first { $0.contains("\"\(route.name)\" [label=") }.map(String.init) ?? ""
            let marked = line.contains(#"\nauth""#) || line.contains(#"\nauth ·"#)
            #expect(marked == route.metadata.requiresAuthentication, "\(line)")
            #expect(line.contains("filled") == route.metadata.requiresAuthentication, "\(line)")
        }
        for entry in router.entries {
            switch entry.kind {
            case .redirect(let target): #expect(dot.contains("\"\(entry.name)\" -> \"\(target)\" [label=\"redirect"))
            case .alias: #expect(dot.contains("-> \"\(entry.name)\" [label=\"alias\""))
            case .route: break
            }
        }
        // Each tab a cluster holding its routes.
        for tab in router.tabs where router.routes.contains(where: { $0.metadata.tab == tab }) {
            #expect(dot.contains("label=\"tab \(tab)\";"))
        }
    }

    @Test(arguments: tables)
    func mermaidHasEveryRouteAndParent(table: String?) throws {
        let router = try Self.router(table)
        let run = runCommand(Self.arguments(table, "mermaid"))
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.hasPrefix("flowchart LR\n"))
        for route in router.routes {
            #expect(run.out.contains("n_\(route.name)(\"\(route.name)<br/>"), "\(route.name)")
            if let parent = route.metadata.parent { #expect(run.out.contains("n_\(parent) -->|"), "\(parent)") }
        }
        // No raw quote or angle bracket of a pattern reaches Mermaid's syntax.
        for line in run.out.split(separator: "\n") where line.contains("(\"") {
            let label = line.split(separator: "(\"", maxSplits: 1).last.map(String.init) ?? ""
            #expect(!label.dropLast(2).contains("\""), "\(line)")
        }
    }

    /// Graphviz (Debian's `graphviz`, installed by the README's set-up and by CI) draws it: every
    /// route is in the picture.
    @Test(arguments: [nil, "Corpus/Kickstarter"] as [String?])
    func svgDrawsEveryRoute(table: String?) throws {
        try #require(Graphviz.executable != nil, "Graphviz's 'dot' is not installed (apt-get install graphviz)")
        let router = try Self.router(table)
        let run = runCommand(Self.arguments(table, "svg"))
        #expect(run.status == 0, "\(run.err)")
        #expect(run.out.contains("<svg"))
        for route in router.routes { #expect(run.out.contains("<title>\(route.name)</title>"), "\(route.name)") }
    }

    /// An alias's node is never a route's, whatever the route is named.
    @Test func anAliasNodeCannotBeTakenForARoute() throws {
        let router = try Router(
            source: RouteSource(name: "t", text: "route post /posts/:id\n  alias /p/:id\nroute alias_post_0 /x\nroute a_post_0 /y\n"))
        let graph = RouteGraph(router)
        #expect(graph.nodes.map(\.id).count == Set(graph.nodes.map(\.id)).count)
        #expect(graph.dot.contains(#""@post@0" -> "post" [label="alias""#))
        #expect(graph.mermaid.contains("a_post_0 -.-o|\"alias\"| n_post"))
        #expect(graph.mermaid.contains("n_a_post_0(\"a_post_0<br/>/y\")"))
    }

    @Test func labelsAreEscapedForBothLanguages() throws {
        let router = try Router(source: RouteSource(name: "t", text: "route end /a/:x(\"|<b>)\nroute home /\n"))
        let graph = RouteGraph(router)
        #expect(graph.dot.contains(#"label="end\n/a/:x(\"|<b>)\n"#) || graph.dot.contains(#"label="end\n/a/:x(\"|<b>)""#))
        #expect(graph.mermaid.contains("n_end(\"end<br/>/a/:x(#quot;|#lt;b#gt;)"))
    }
}

/// `runCommand` with the arguments as an array.
func runCommand(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
    let captured = CapturedConsole(input: [])
    let status = Console.$current.withValue(captured.console) { AxiomRoute.run(arguments: arguments) }
    return (status, captured.standardOutput, captured.standardError)
}
