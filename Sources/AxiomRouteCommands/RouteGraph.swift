import AxiomRouting

/// A route table as a picture: routes grouped by tab and container, an edge from each parent to
/// its children (labelled with how the child is shown), redirects and aliases leading to their
/// routes, and each route's policy marked (auth, sources, login, start). One model, written as
/// Graphviz DOT or as Mermaid (`axiom-route routes --format dot|mermaid`).
struct RouteGraph {
    struct Node {
        enum Kind { case route, redirect, alias }
        let id: String
        let kind: Kind
        /// The lines of its label: name, pattern, marks.
        let lines: [String]
        /// The cluster it is drawn in (`tab home`, `container checkout`), if any.
        let cluster: String?
        let requiresAuthentication: Bool
        let isModal: Bool
        let isStart: Bool
    }

    struct Edge {
        enum Kind { case parent, redirect, alias }
        let from: String
        let to: String
        let kind: Kind
        let label: String
    }

    var nodes: [Node] = []
    var edges: [Edge] = []
    /// Clusters in the order they are drawn: the app's tabs, then the containers.
    var clusters: [String] = []

    init(_ router: Router) {
        let starts = Set(
            router.tabs.isEmpty ? [router.start()?.route.name].compactMap { $0 } : router.tabs.compactMap { router.start(tab: $0)?.route.name })
        clusters = router.tabs.map { "tab \($0)" } + router.containers.map { "container \($0.name)" }
        var aliasCount: [String: Int] = [:]
        for route in router.entries {
            switch route.kind {
            case .route:
                var marks: [String] = []
                if route.metadata.requiresAuthentication { marks.append("auth") }
                if let sources = route.metadata.allowedSources {
                    marks.append("sources " + Route.Metadata.sourceNames.filter(sources.contains).joined(separator: ", "))
                }
                if case .modal(let style) = route.metadata.transition { marks.append("modal(\(style.rawValue))") }
                if route.name == router.loginRoute { marks.append("login") }
                if starts.contains(route.name) { marks.append("start") }
                let cluster = route.metadata.container.map { "container \($0)" } ?? route.metadata.tab.map { "tab \($0)" }
                var isModal = false
                if case .modal = route.metadata.transition { isModal = true }
                nodes.append(
                    Node(
                        id: route.name, kind: .route,
                        lines: [route.name, route.fullPattern] + (marks.isEmpty ? [] : [marks.joined(separator: " · ")]),
                        cluster: cluster, requiresAuthentication: route.metadata.requiresAuthentication, isModal: isModal,
                        isStart: starts.contains(route.name)))
                if let parent = route.metadata.parent {
                    edges.append(Edge(from: parent, to: route.name, kind: .parent, label: "\(route.metadata.transition)"))
                }
            case .alias:
                let number = aliasCount[route.name, default: 0]
                aliasCount[route.name] = number + 1
                // `@` is in no route name: an alias's node can never be taken for a route's.
                let id = "@\(route.name)@\(number)"
                nodes.append(
                    Node(
                        id: id, kind: .alias, lines: [route.fullPattern], cluster: nil, requiresAuthentication: false, isModal: false,
                        isStart: false))
                edges.append(Edge(from: id, to: route.name, kind: .alias, label: "alias"))
            case .redirect(let target):
                let sets = route.fixedValues.map { "\($0.name) = \($0.value)" }.joined(separator: ", ")
                nodes.append(
                    Node(
                        id: route.name, kind: .redirect, lines: [route.name, route.fullPattern], cluster: nil, requiresAuthentication: false,
                        isModal: false, isStart: false))
                edges.append(Edge(from: route.name, to: target, kind: .redirect, label: sets.isEmpty ? "redirect" : "redirect, " + sets))
            }
        }
        // A parent the table names but that is not a route (E302 stops such a table) is never drawn.
        let ids = Set(nodes.map(\.id))
        edges.removeAll { !ids.contains($0.from) || !ids.contains($0.to) }
    }

    // MARK: Graphviz DOT

    /// The graph in Graphviz's DOT language (`dot -Tsvg` draws it).
    var dot: String { dot(covered: nil) }

    /// The graph in DOT; with `covered` (the routes a test showed), those are outlined in green
    /// and the other routes drawn grey — the coverage page's picture.
    func dot(covered: Set<String>?) -> String {
        func quoted(_ text: String) -> String { "\"" + Self.replacing(text, ["\\": "\\\\", "\"": "\\\"", "\n": "\\n"]) + "\"" }
        func node(_ node: Node) -> String {
            var attributes = ["label=" + quoted(node.lines.joined(separator: "\n"))]
            switch node.kind {
            case .route:
                attributes.append("shape=box")
                var styles = ["rounded"]
                if node.requiresAuthentication { styles.append("filled") }
                if node.isModal { styles.append("dashed") }
                if node.isStart { styles.append("bold") }
                attributes.append("style=" + quoted(styles.joined(separator: ",")))
                if node.requiresAuthentication { attributes.append("fillcolor=\"#fde2e2\"") }
                if let covered {
                    attributes += covered.contains(node.id) ? ["color=\"#2e7d32\"", "penwidth=2"] : ["color=\"#999999\"", "fontcolor=\"#999999\""]
                }
            case .redirect:
                attributes += ["shape=cds", "style=dashed", "fontcolor=\"#555555\""]
            case .alias:
                attributes += ["shape=plaintext", "fontcolor=\"#555555\""]
            }
            return "\(quoted(node.id)) [\(attributes.joined(separator: ", "))];"
        }
        var out = [
            "digraph routes {", "  rankdir=LR;", "  node [fontname=\"Helvetica\", fontsize=10];", "  edge [fontname=\"Helvetica\", fontsize=9];",
        ]
        out += body(
            cluster: { ["  subgraph cluster_\($0) {", "    label=\(quoted($1));", "    style=rounded;"] }, end: "  }", node: node,
            edge: { edge in
                let style =
                    switch edge.kind {
                    case .parent: ""
                    case .redirect: ", style=dashed"
                    case .alias: ", style=dotted, arrowhead=empty"
                    }
                return "  \(quoted(edge.from)) -> \(quoted(edge.to)) [label=\(quoted(edge.label))\(style)];"
            })
        out.append("}")
        return out.joined(separator: "\n")
    }

    // MARK: Mermaid

    /// The graph as a Mermaid flowchart (GitHub and many docs sites draw it).
    var mermaid: String {
        // Mermaid reads `"`, `<`, `>`, `&` and `#` in a label; write them as its entities.
        func text(_ line: String) -> String {
            Self.replacing(line, ["\"": "#quot;", "<": "#lt;", ">": "#gt;", "&": "#amp;", "#": "#35;"])
        }
        // Every id prefixed: a route may be named as Mermaid's keywords are (`end`, `class`);
        // an alias's (`@post@0`) as `a_post_0`, which no route's `n_…` can be.
        func id(_ name: String) -> String {
            name.hasPrefix("@") ? "a" + Self.replacing(name, ["@": "_"]) : "n_" + name
        }
        func node(_ node: Node) -> String {
            let label = "\"" + node.lines.map(text).joined(separator: "<br/>") + "\""
            switch node.kind {
            case .route: return "\(id(node.id))(\(label))"
            case .redirect: return "\(id(node.id))>\(label)]"
            case .alias: return "\(id(node.id))[/\(label)/]"
            }
        }
        var out = ["flowchart LR"]
        out += body(
            cluster: { ["  subgraph cluster_\($0)[\"\(text($1))\"]"] }, end: "  end", node: node,
            edge: { edge in
                let arrow =
                    switch edge.kind {
                    case .parent: "-->"
                    case .redirect: "-.->"
                    case .alias: "-.-o"
                    }
                return "  \(id(edge.from)) \(arrow)|\"\(text(edge.label))\"| \(id(edge.to))"
            })
        let auth = nodes.filter { $0.kind == .route && $0.requiresAuthentication }.map(\.id)
        if !auth.isEmpty {
            out.append("  classDef auth fill:#fde2e2,stroke:#b33")
            out.append("  class \(auth.map(id).joined(separator: ",")) auth")
        }
        let modal = nodes.filter(\.isModal).map(\.id)
        if !modal.isEmpty {
            out.append("  classDef modal stroke-dasharray: 4 3")
            out.append("  class \(modal.map(id).joined(separator: ",")) modal")
        }
        return out.joined(separator: "\n")
    }

    /// The lines both languages share in their order: each cluster with its nodes, the nodes
    /// outside clusters, then the edges.
    private func body(cluster: (Int, String) -> [String], end: String, node: (Node) -> String, edge: (Edge) -> String) -> [String] {
        var out: [String] = []
        for (index, name) in clusters.enumerated() {
            let members = nodes.filter { $0.cluster == name }
            guard !members.isEmpty else { continue }
            out += cluster(index, name)
            out += members.map { "    " + node($0) }
            out.append(end)
        }
        out += nodes.filter { $0.cluster == nil || !clusters.contains($0.cluster ?? "") }.map { "  " + node($0) }
        return out + edges.map(edge)
    }

    /// `text` with each character of `replacements` written as its replacement.
    static func replacing(_ text: String, _ replacements: [Character: String]) -> String {
        var out = ""
        for character in text {
            if let replacement = replacements[character] { out += replacement } else { out.append(character) }
        }
        return out
    }
}
