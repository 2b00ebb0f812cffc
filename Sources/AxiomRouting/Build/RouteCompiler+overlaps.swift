/// Overlap analysis: routes that another route shadows or ties with (W-codes in the catalogue).
extension RouteCompiler {
    /// Ties and shadowed routes (warnings): a route every URL of which an earlier-ranked
    /// route takes.
    ///
    /// A route can only be covered by one whose segments are, one by one, the same as its own
    /// or an untyped one-segment parameter (``CompiledRoute/isCovered(by:)``), so the routes
    /// that can cover are kept in a trie keyed by segment — the parameter under a wildcard key
    /// — and each route looks up only the paths that can cover it: near-linear in the number
    /// of routes instead of comparing every pair.
    mutating func reportOverlaps(_ routes: [CompiledRoute]) {
        let trie = CoverTrie()
        for route in routes where !route.route.query.contains(where: \.isRequired) { trie.insert(route) }
        for route in routes {
            guard let winner = trie.earliestCover(of: route), route.isCovered(by: winner) else { continue }
            if CompiledRoute.tie(winner, route), winner.isCovered(by: route) {
                diagnostics.append(.ambiguousRoutes(route.route, winner: winner.route))
            } else {
                diagnostics.append(.shadowedRoute(route.route, winner: winner.route))
            }
        }
    }
}

/// The routes that may cover others (see ``CompiledRoute/isCovered(by:)``), by segment: a
/// segment's own text, or — for an untyped one-segment parameter, which accepts any one
/// segment — the wildcard branch. Built mutable during compilation, then dropped.
private final class CoverTrie {
    private var children: [String: CoverTrie] = [:]
    private var wildcard: CoverTrie?
    /// The routes ending here, in rank order.
    private var routes: [CompiledRoute] = []

    /// Nodes one lookup may visit: a lookup branches at most in two per segment, so an
    /// adversarial table could make it exponential; past this it gives up (a shadowed route is
    /// then not reported — never a wrong report).
    static let visitLimit = 4_096

    func insert(_ route: CompiledRoute) {
        var node = self
        for token in route.tokens {
            if Self.acceptsAnySegment(token) {
                if node.wildcard == nil { node.wildcard = CoverTrie() }
                node = node.wildcard ?? node
            } else {
                let next = node.children[token.source] ?? CoverTrie()
                node.children[token.source] = next
                node = next
            }
        }
        node.routes.append(route)
    }

    /// The earliest-ranked route ranked before `route` whose segments can cover it.
    func earliestCover(of route: CompiledRoute) -> CompiledRoute? {
        let tokens = route.tokens
        var best: CompiledRoute? = nil
        var budget = Self.visitLimit
        func visit(_ node: CoverTrie, _ depth: Int) {
            guard budget > 0 else { return }
            budget -= 1
            guard depth < tokens.count else {
                if let first = node.routes.first, first.route.rank < route.route.rank, first.route.rank < best?.route.rank ?? Int.max {
                    best = first
                }
                return
            }
            let token = tokens[depth]
            if let child = node.children[token.source] { visit(child, depth + 1) }
            let oneSegment = token.kind == .literal && token.literal != "/" || token.isPureParameter
            if oneSegment, let wildcard = node.wildcard { visit(wildcard, depth + 1) }
        }
        visit(self, 0)
        return best
    }

    private static func acceptsAnySegment(_ token: SegmentToken) -> Bool { token.isPureParameter && token.kind == .plain }
}
