/// A route while the table compiles: the public ``Route``, its shape, its dispatch key and
/// where it was declared. The running ``Router`` keeps only the ``Route`` and the key.
final class CompiledRoute: Sendable {
    let route: Route
    let shape: RouteShape
    /// The canonical first literal segment without `/` (`users` for `/users/:id`), when the
    /// first segment is literal: the key routes are dispatched by.
    let firstLiteral: String?
    let declarationIndex: Int
    /// The host it matches on, parsed (nil: any host), and its pieces for ranking.
    let host: RouteCompiler.HostSyntax?
    let hostAtoms: [UInt16]?
    /// The fragment it matches on, parsed (nil: any fragment), and its pieces for ranking.
    let fragment: RouteCompiler.FragmentSyntax?
    let fragmentAtoms: [UInt16]?
    /// How many query items the route requires present or absent (``RouteCompiler/requiredQuery(_:)``):
    /// of two routes on the same path, the one that requires more ranks first.
    let requiredQueryCount: Int
    /// Whether the pattern matches the empty path but not `/` (`/:code?`): the root URL never
    /// reaches it (W410).
    let rootless: Bool

    init(
        route: Route, shape: RouteShape, firstLiteral: String?, declarationIndex: Int, host: RouteCompiler.HostSyntax? = nil, rootless: Bool = false,
        fragment: RouteCompiler.FragmentSyntax? = nil
    ) {
        self.fragment = fragment
        self.fragmentAtoms = fragment.map(Self.fragmentAtoms)
        self.rootless = rootless
        self.route = route
        self.shape = shape
        self.firstLiteral = firstLiteral
        self.declarationIndex = declarationIndex
        self.host = host
        self.hostAtoms = host.map(Self.hostAtoms)
        // Items, not values: the groups of one `like` item count once.
        self.requiredQueryCount = Set(route.query.filter { $0.requiresItem || $0.mustBeAbsent }.map(\.itemName)).count
    }

    var tokens: [SegmentToken] { shape.tokens }

    /// Which path segments hold the route's parameters (bit *i* for segment *i*), when every
    /// segment is literal or one whole parameter: the values are then read from the path's
    /// segments, and the table's expressions capture nothing for them. 0 otherwise (and
    /// for a route without parameters): values come from the expression's groups.
    var segmentMask: UInt32 {
        let tokens = tokens
        guard tokens.count <= 31, tokens.allSatisfy({ $0.kind == .literal || $0.uncapturedPCRE != nil }) else { return 0 }
        var mask: UInt32 = 0
        for (index, token) in tokens.enumerated() where token.uncapturedPCRE != nil { mask |= 1 << UInt32(index) }
        return mask
    }

    /// The same route with its final rank, tab and container.
    func with(rank: Int, tab: String?, container: String?, policy: Route.Policy? = nil) -> CompiledRoute {
        CompiledRoute(
            route: route.with(rank: rank, tab: tab, container: container, policy: policy), shape: shape, firstLiteral: firstLiteral,
            declarationIndex: declarationIndex, host: host, rootless: rootless, fragment: fragment)
    }
}

extension CompiledRoute {
    /// Rank order: segment by segment, literal < constrained < plain < optional < wildcard;
    /// literals of equal kind by their text (so routes sharing a prefix stay together; two
    /// different literals never match the same URL); other segments of equal kind by their
    /// pieces (``SegmentToken/atomsRankBefore(_:_:)``: fixed text beats a group, so
    /// `/:file.json` ranks before `/:name.:ext`); a route that ends sorts before one that goes
    /// on; a route on a host before one on none; a route on a fragment before one on none
    /// (then by the fragment's pieces); of two routes on the same path (and host), the one that requires more query items
    /// (present or absent) first — a URL that carries them all goes to the route that asks for
    /// the most, as Jetpack Navigation picks the deep link with more matching query arguments,
    /// and one that lacks an item falls through to the next; then a closed query before an open
    /// one (it takes fewer URLs), and a route with more rules (``ruleCount``) first; declaration
    /// order breaks exact ties.
    static func ranksBefore(_ a: CompiledRoute, _ b: CompiledRoute) -> Bool {
        let (left, right) = (a.tokens, b.tokens)
        // Read in place, field by field: a token copied whole (as `zip` hands them out) retains
        // each of its strings and arrays, and the sort compares routes n log n times.
        for index in 0..<min(left.count, right.count) {
            let (xKind, yKind) = (left[index].kind, right[index].kind)
            if xKind != yKind { return xKind < yKind }
            if let first = left[index].literal, let second = right[index].literal {
                if first != second { return first < second }
                continue
            }
            if left[index].atoms != right[index].atoms { return SegmentToken.atomsRankBefore(left[index].atoms, right[index].atoms) }
        }
        if left.count != right.count { return left.count < right.count }
        // The same path shape: a route that matches on its host before one that does not, and
        // among those, by the host's pieces from the right (a literal label before a group).
        switch (a.hostAtoms, b.hostAtoms) {
        case (.some, nil): return true
        case (nil, .some): return false
        case (.some(let x), .some(let y)) where x != y: return SegmentToken.atomsRankBefore(x, y)
        default: break
        }
        // The same path and host: a route scoped to a scheme before one that takes any, then by scheme.
        switch (a.route.scheme?.scheme, b.route.scheme?.scheme) {
        case (.some, nil): return true
        case (nil, .some): return false
        case (.some(let x), .some(let y)) where x != y: return x < y
        default: break
        }
        // The same path, host and scheme: a route that matches on its fragment before one that takes
        // any, and among those, by the fragment's pieces.
        switch (a.fragmentAtoms, b.fragmentAtoms) {
        case (.some, nil): return true
        case (nil, .some): return false
        case (.some(let x), .some(let y)) where x != y: return SegmentToken.atomsRankBefore(x, y)
        default:
            if a.requiredQueryCount != b.requiredQueryCount { return a.requiredQueryCount > b.requiredQueryCount }
            if a.route.closedQuery != b.route.closedQuery { return a.route.closedQuery }
            if a.ruleCount != b.ruleCount { return a.ruleCount > b.ruleCount }
            return a.declarationIndex < b.declarationIndex
        }
    }

    /// What ``ranksBefore(_:_:)`` compares, as one value: two routes with equal keys tie
    /// exactly (only declaration order puts one first).
    var rankKey: RankKey {
        RankKey(
            tokens: tokens.map { RankKey.Token(kind: $0.kind, literal: $0.literal, atoms: $0.atoms) }, hostAtoms: hostAtoms,
            scheme: route.scheme?.scheme, fragmentAtoms: fragmentAtoms, requiredQueryCount: requiredQueryCount, closedQuery: route.closedQuery,
            ruleCount: ruleCount)
    }

    /// How many of a route's ``Route/URLRules`` narrow the URLs it takes (`option fragment
    /// none`, its own trailing-slash rule): of two routes otherwise tied, the narrower first.
    var ruleCount: Int {
        (route.rules.refusesFragment ? 1 : 0) + (route.rules.trailingSlash != nil ? 1 : 0)
    }

    /// The parts of a route ``ranksBefore(_:_:)`` reads. (It was a string once, built with
    /// each token's atoms interpolated: a fifth of compiling 10,000 routes went to printing
    /// those arrays.)
    struct RankKey: Equatable {
        struct Token: Equatable {
            let kind: SegmentKind
            let literal: String?
            let atoms: [UInt16]
        }
        let tokens: [Token]
        let hostAtoms: [UInt16]?
        let scheme: String?
        let fragmentAtoms: [UInt16]?
        let requiredQueryCount: Int
        let closedQuery: Bool
        let ruleCount: Int
    }
}
