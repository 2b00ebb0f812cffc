/// A synthetic app-like route table: 20 sections, realistic words, 60% of routes with one
/// to three parameters; and lookups over it, 10% of which miss.
package struct GeneratedTable {
    package struct Route {
        package var name: String
        /// Literal segments and parameter names (`:p1`).
        package var segments: [String]
        package var pattern: String { "/" + segments.joined(separator: "/") }
    }

    package static let sections = [
        "users", "posts", "photos", "settings", "groups", "events", "messages", "search", "products", "orders",
        "teams", "files", "tags", "places", "reviews", "videos", "articles", "pages", "lists", "stories",
    ]
    package static let words = [
        "profile", "details", "comments", "likes", "followers", "following", "edit", "share", "archive", "history",
        "members", "invites", "drafts", "stats", "media", "related", "reports", "billing", "security", "activity",
        "favorites", "downloads", "uploads", "links", "notes", "tasks", "calendar", "photos", "albums", "friends",
        "requests", "blocked", "privacy", "devices", "sessions", "tokens", "exports", "imports", "labels", "filters",
        "queue", "outbox", "inbox", "starred", "trash", "spam", "pinned", "mentions", "replies", "threads",
    ]

    package let routes: [Route]

    package init(count: Int) {
        var routes: [Route] = []
        for index in 0..<count {
            let section = Self.sections[index % Self.sections.count]
            let round = index / Self.sections.count
            let word = Self.words[round % Self.words.count] + (round >= Self.words.count ? String(round / Self.words.count) : "")
            var segments = [section, word]
            if index % 10 < 6 {
                let parameters = 1 + index % 3
                for number in 1...parameters {
                    segments.append(":p\(number)")
                    if number < parameters { segments.append("sub\(number)") }
                }
            }
            routes.append(Route(name: "r\(index)", segments: segments))
        }
        self.routes = routes
    }

    /// The route table in Axiom's format.
    package var tableText: String {
        routes.map { "route \($0.name) \($0.pattern)" }.joined(separator: "\n")
    }

    /// `count` lookups: (path, expected route index or nil for a miss).
    package func lookups(_ count: Int, seed: UInt64 = 0x5EED) -> [(path: String, route: Int?)] {
        var state = seed
        func next() -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(truncatingIfNeeded: state >> 33)
        }
        return (0..<count).map { _ in
            let pick = next() % routes.count
            let route = routes[pick]
            let path = "/" + route.segments.map { $0.hasPrefix(":") ? "v\(next() % 10_000)" : $0 }.joined(separator: "/")
            if next() % 10 == 0 {
                // A miss: an unknown section, or an extra segment no route has.
                return next() % 2 == 0 ? ("/nosuch" + path, nil) : (path + "/extra/zz", nil)
            }
            return (path, pick)
        }
    }
}

extension GeneratedTable {
    /// The whole table as one trie-shaped PCRE2 expression — what the C baseline matches:
    /// routes sharing a prefix share its text, literal segments are tried before a parameter
    /// (`([^/]+)`, captured), each route ends in `(*MARK:index)$`, and alternatives reset their
    /// group numbers (`(?|…)`, as the router's own combined expressions do).
    package var trieExpression: String { Self.trieExpression(Array(routes.enumerated())) }

    /// One trie-shaped expression per first segment (every generated route starts with a
    /// literal section), for tables whose single expression is larger than PCRE2 compiles
    /// (64K code units): the C baseline then picks the expression by the path's first segment.
    package var trieExpressionsByFirstSegment: [(segment: String, expression: String)] {
        let grouped = Dictionary(grouping: routes.enumerated(), by: { $0.element.segments[0] })
        return grouped.keys.sorted().map { key in (key, Self.trieExpression(grouped[key] ?? [])) }
    }

    private static func trieExpression(_ routes: [(offset: Int, element: Route)]) -> String {
        final class Node {
            var literals: [(String, Node)] = []
            var parameter: Node? = nil
            var route: Int? = nil
        }
        let root = Node()
        for (index, route) in routes {
            var node = root
            for segment in route.segments {
                if segment.hasPrefix(":") {
                    if node.parameter == nil { node.parameter = Node() }
                    node = node.parameter ?? node
                } else if let child = node.literals.first(where: { $0.0 == segment })?.1 {
                    node = child
                } else {
                    let child = Node()
                    node.literals.append((segment, child))
                    node = child
                }
            }
            node.route = index
        }
        func escape(_ text: String) -> String {
            text.map { $0.isLetter || $0.isNumber ? String($0) : "\\" + String($0) }.joined()
        }
        func expression(_ node: Node) -> String {
            var alternatives: [String] = []
            if let route = node.route { alternatives.append("(*MARK:\(route))$") }
            for (literal, child) in node.literals { alternatives.append("/" + escape(literal) + expression(child)) }
            if let parameter = node.parameter { alternatives.append("/([^/]+)" + expression(parameter)) }
            // A branch reset: each alternative numbers its groups from the same place, so the
            // expression has as many groups as the longest route has parameters (PCRE2 resets
            // every group's offsets on each match).
            return alternatives.count == 1 ? alternatives[0] : "(?|" + alternatives.joined(separator: "|") + ")"
        }
        return "^" + expression(root)
    }
}
