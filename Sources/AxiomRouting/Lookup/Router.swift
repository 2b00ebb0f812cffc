@_spi(Lookup) import AxiomURLPattern

/// A compiled route table: resolves URLs to typed routes, prints URLs from routes, and
/// explains its decisions. Immutable and `Sendable` — compile once, share everywhere.
///
/// ```swift
/// let router = try Router(source: RouteSource(name: "app.routes", text: """
///     origins myapp:, https://example.com
///     route profile /profile/:userId
///       param userId int
///     """))
/// switch router.resolve("myapp://profile/42") {
/// case .success(let match): print(match.route.name, match.parameters["userId"] ?? "")  // profile 42
/// case .failure(let failure): print(failure)
/// }
/// ```
public final class Router: Sendable {
    /// The routes in rank order: the order candidates are tried in.
    public let routes: [Route]
    /// Every pattern of the table in the order they are tried: the routes, their aliases and
    /// the redirects (``Route/kind``); a route's ``Route/rank`` is its place here. The same as
    /// ``routes`` for a table without aliases and redirects.
    public let entries: [Route]
    /// Accepted origins; empty means every URL is accepted.
    public let origins: [Origin]
    /// Tabs in declaration order.
    public let tabs: [String]
    /// The containers the table declares (`container NAME modal(…) [tabs(…)]`), in order.
    public let containers: [RouteContainer]

    /// The container named `name`, if the table declares it.
    public func container(named name: String?) -> RouteContainer? {
        guard let name else { return nil }
        return containers.first { $0.name == name }
    }
    /// The route a signed-out user is sent to for routes that require authentication.
    public let loginRoute: String?
    public let options: Options

    /// Each route's first literal segment (the dispatch key), parallel to ``routes``.
    let firstLiterals: [String?]
    /// Parsed patterns, shapes and own expressions derived on demand, by rank (see
    /// ``parts(of:)``, ``shape(of:)``, ``regex(of:)``).
    let derived = Locked<[Int: Derived]>([:])
    /// Every entry's segment tokens in rank order (empty for an alias or a redirect), made at
    /// the first miss that asks for suggestions (``suggestionTokens``).
    let tokensByRank = Locked<[[SegmentToken]]?>(nil)

    /// What a route's canonical pattern gives when asked, each piece made once.
    struct Derived: Sendable {
        /// The pattern's parts, untyped: what reverse routing prints from.
        var parts: [Part]?
        var shape: RouteShape?
        var regex: CompiledRegex?
    }
    /// The combined expressions ("chunks"), each over a run of routes in rank order: compiled
    /// already, or (a router loaded from a snapshot) at their first use.
    let chunks: [RouterChunk]
    /// The chunks' code as plain values, for the lookup loop (``chunks`` owns it), when every
    /// chunk was compiled with the router; empty for a router that compiles them at first use.
    let chunkHandles: [CompiledRegex.Handle]
    /// The most groups any chunk or route needs: the size of every scratch's match data.
    let captures: Int
    /// First path segment → the chunks of the routes whose first segment is that literal.
    let dispatch: SegmentDispatch
    /// Per rank: where the route's values are and their types, for converting a match.
    let layouts: [RouteLayout]
    /// Routes whose whole pattern is literal, by path (case-sensitive tables only).
    let literalIndex: LiteralIndex
    /// Chunks of the routes whose first segment is not a literal, in rank order.
    let otherChunks: Range<Int>
    /// Ranks ordered by their route's name, for lookups by name (4 bytes a route).
    let ranksByName: [Int32]
    /// The redirects' ranks by name (empty for most tables).
    let redirectRanks: [String: Int]
    /// The host patterns of the routes that match on one, by rank (empty for most tables).
    let hostMatchers: [Int: HostMatcher]
    /// The fragment patterns of the routes that match on one, by rank (empty for most tables).
    let fragmentMatchers: [Int: FragmentMatcher]
    /// Whether some route reads more of the URL than its path and query (a host, a fragment,
    /// a per-route rule): only then is a ``RequestURL`` built for a lookup.
    let readsRequest: Bool
    /// Whether some route keeps its own trailing-slash rule: only then is the path's last `/`
    /// looked at before the table's rule drops it.
    let checksTrailingSlash: Bool
    /// The `matching` regexps of query parameters, compiled, by their source.
    let queryPatterns: [String: CompiledRegex]
    /// Each `like` pattern of the table, compiled, by its ``Route/QueryShape/key``.
    let queryShapes: [String: QueryShapeMatcher]
    /// Whether any route declares loaders (`load NAME`): a navigation flow over a table without
    /// them looks for none.
    public let hasLoaders: Bool
    let scratches: ScratchPool

    /// How a table matches.
    public struct Options: Sendable, Hashable {
        /// Whether paths compare case-sensitively (`option path-case`; default true).
        public var pathCaseSensitive: Bool
        /// Whether a trailing `/` is ignored (`option trailing-slash`; default true).
        public var ignoresTrailingSlash: Bool
        public var limits: MatchLimits
        /// Whether `+` in a query value reads as a space (`option query-plus space`, the
        /// default: form decoding, as browsers' `URLSearchParams` read it) or as itself
        /// (`option query-plus plus`: as `URLComponents.queryItems` reads it).
        public var queryPlusIsSpace: Bool
        /// Whether an app-scheme URL must name its host (`myapp://profile/42`; the default) or
        /// may leave it out (`myapp:profile/42`, `myapp:/profile/42`, `myapp:///profile/42`,
        /// routed by their path: `option app-scheme-host optional`).
        public var appSchemeHostRequired: Bool
        /// Whether empty path segments are dropped (`//a//b` reads as `/a/b`:
        /// `option empty-segments collapse`); by default they are significant.
        public var collapsesEmptySegments: Bool
        /// How reverse routing spells an app-scheme URL of a route not scoped to a scheme
        /// (`option app-scheme-spelling host|path|opaque`; default `host`: `myapp://profile/42`).
        public var appSchemeSpelling: Route.SchemeScope.Spelling
        /// The query items taken out before routing and handed to the app beside the match
        /// (``AttributionParameters/standard`` plus the table's `attribution` lines).
        public var attribution: AttributionParameters

        public init(
            pathCaseSensitive: Bool = true, ignoresTrailingSlash: Bool = true, limits: MatchLimits = MatchLimits(), queryPlusIsSpace: Bool = true,
            appSchemeHostRequired: Bool = true, collapsesEmptySegments: Bool = false, appSchemeSpelling: Route.SchemeScope.Spelling = .host,
            attribution: AttributionParameters = .standard
        ) {
            self.attribution = attribution
            self.appSchemeSpelling = appSchemeSpelling
            self.pathCaseSensitive = pathCaseSensitive
            self.ignoresTrailingSlash = ignoresTrailingSlash
            self.limits = limits
            self.queryPlusIsSpace = queryPlusIsSpace
            self.appSchemeHostRequired = appSchemeHostRequired
            self.collapsesEmptySegments = collapsesEmptySegments
        }
    }

    /// What the builder (`Build/Router+build.swift`) hands over: the frozen tables a lookup
    /// reads, each parallel to the routes in rank order or indexed by rank.
    struct Tables: Sendable {
        var firstLiterals: [String?]
        var layouts: [RouteLayout]
        var chunks: [RouterChunk]
        var dispatch: SegmentDispatch
        var literalIndex: LiteralIndex
        var otherChunks: Range<Int>
        var ranksByName: [Int32]
        /// The most groups any chunk or route needs (the scratch's size).
        var captures: Int
    }

    /// A router over `routes` (rank order) and the tables built from them.
    init(
        entries: [Route], origins: [Origin], tabs: [String], containers: [RouteContainer] = [], loginRoute: String?, options: Options, tables: Tables
    ) {
        self.entries = entries
        self.routes = entries.filter { $0.kind == .route }
        var redirectRanks: [String: Int] = [:]
        for (rank, entry) in entries.enumerated() {
            if case .redirect = entry.kind { redirectRanks[entry.name] = rank }
        }
        self.redirectRanks = redirectRanks
        var hostMatchers: [Int: HostMatcher] = [:]
        for (rank, entry) in entries.enumerated() {
            if let host = entry.host { hostMatchers[rank] = HostMatcher(host, parameters: entry.hostParameters) }
        }
        self.hostMatchers = hostMatchers
        var fragmentMatchers: [Int: FragmentMatcher] = [:]
        for (rank, entry) in entries.enumerated() {
            if let fragment = entry.fragment {
                fragmentMatchers[rank] = FragmentMatcher(fragment, parameters: entry.fragmentParameters, caseless: !options.pathCaseSensitive)
            }
        }
        self.fragmentMatchers = fragmentMatchers
        readsRequest = entries.contains { $0.storage.checksRequest }
        checksTrailingSlash = entries.contains { $0.rules.trailingSlash != nil }
        var queryPatterns: [String: CompiledRegex] = [:]
        for parameter in entries.flatMap(\.query) {
            guard let pattern = parameter.pattern, case let key = Self.queryPatternKey(parameter), queryPatterns[key] == nil else { continue }
            // The compiler checked each; one that fails here matches nothing (closed).
            if let source = try? JavaScriptRegexTranslator.translate("^(?:" + pattern + ")$") {
                queryPatterns[key] = try? CompiledRegex(source, caseless: parameter.ignoresCase, jit: false)
            }
        }
        self.queryPatterns = queryPatterns
        var queryShapes: [String: QueryShapeMatcher] = [:]
        for case let shape? in entries.flatMap(\.query).map(\.shape) where queryShapes[shape.key] == nil {
            queryShapes[shape.key] = QueryShapeMatcher(shape.pattern, caseless: shape.ignoresCase)
        }
        self.queryShapes = queryShapes
        hasLoaders = routes.contains { !$0.metadata.loaders.isEmpty }
        self.origins = origins
        self.tabs = tabs
        self.containers = containers
        self.loginRoute = loginRoute
        self.options = options
        self.firstLiterals = tables.firstLiterals
        self.layouts = tables.layouts
        self.chunks = tables.chunks
        let ready = tables.chunks.compactMap { $0.regex?.handle }
        self.chunkHandles = ready.count == tables.chunks.count ? ready : []
        self.captures = tables.captures
        self.dispatch = tables.dispatch
        self.literalIndex = tables.literalIndex
        self.otherChunks = tables.otherChunks
        self.ranksByName = tables.ranksByName
        self.scratches = ScratchPool(captures: tables.captures, limits: options.limits)
    }

    /// The parts of the route at `index` (rank), parsed from its canonical pattern on first
    /// use: all reverse routing needs (no tokens, no expression).
    func parts(of index: Int) -> [Part] {
        derived.withLock { cache in
            if let parts = cache[index]?.parts { return parts }
            let parts = (try? PatternParser.parse(entries[index].pattern, options: .pathname, encode: Canonicalizer.pathname)) ?? []
            cache[index, default: Derived()].parts = parts
            return parts
        }
    }

    /// The shape of the route at `index` (rank), derived from its pattern on first use.
    func shape(of index: Int) -> RouteShape? {
        if let shape = derived.withLock({ $0[index]?.shape }) { return shape }
        guard let shape = try? RouteShape(untypedParts: parts(of: index), parameters: entries[index].parameters) else { return nil }
        derived.withLock { $0[index, default: Derived()].shape = shape }
        return shape
    }

    /// The route's own expression (untyped), compiled on first use.
    func regex(of index: Int) -> CompiledRegex? {
        if let regex = derived.withLock({ $0[index]?.regex }) { return regex }
        guard let source = shape(of: index)?.regexSource,
            let regex = try? CompiledRegex(source, caseless: !options.pathCaseSensitive, jit: false)
        else { return nil }
        derived.withLock { $0[index, default: Derived()].regex = regex }
        return regex
    }

    /// `route`'s parents (``Route/Metadata-swift.struct/parent``, then its parent, …), root first: the stack
    /// a deep link to `route` builds under it. A cycle, which the compiler rejects, stops the walk.
    public func parents(of route: Route) -> [Route] {
        var chain: [Route] = []
        var seen: Set<String> = [route.name]
        var current = route.metadata.parent.flatMap(self.route(named:))
        while let parent = current, !seen.contains(parent.name) {
            chain.insert(parent, at: 0)
            seen.insert(parent.name)
            current = parent.metadata.parent.flatMap(self.route(named:))
        }
        return chain
    }

    /// The route named `name`.
    public func route(named name: String) -> Route? {
        rank(ofRouteNamed: name).map { entries[$0] }
    }

    /// The rank of the route named `name` (binary search over the names).
    func rank(ofRouteNamed name: String) -> Int? {
        var low = 0
        var high = ranksByName.count
        while low < high {
            let middle = (low + high) / 2
            if entries[Int(ranksByName[middle])].name < name { low = middle + 1 } else { high = middle }
        }
        guard low < ranksByName.count, entries[Int(ranksByName[low])].name == name else { return nil }
        return Int(ranksByName[low])
    }
}

extension Router {
    /// Compiles every combined expression now, the JIT's machine code included, rather than at
    /// the first lookup that tries it: for an app that would rather pay at a moment it
    /// chooses (after launch, off the main thread) than at a first link. A router built from
    /// a table's text compiles its expressions with PCRE2 when built and JIT-compiles each at
    /// its first lookup (about 300 bytes of machine code a route, for the chunks URLs need);
    /// one loaded from a snapshot compiles each at its first lookup. Safe to call from any
    /// thread, at any time, more than once: each expression is compiled once, and lookups
    /// running meanwhile wait for the one they need.
    public func compileExpressionsNow() {
        // (A snapshot's chunk is compiled by asking for its handle; one that fails stays failed.)
        for chunk in chunks where chunk.handle(captures: captures) != nil { chunk.regex?.compileJITNow() }
    }

    /// How many combined expressions ("chunks") the router has. For the memory benchmark.
    @_spi(Benchmarks) public var expressionCount: Int { chunks.count }

    /// What a router's compiled expressions hold, in bytes: PCRE2's compiled code, the JIT's
    /// machine code, and the expressions' source text (kept for `explain`); a chunk not compiled
    /// yet counts its source only. For the memory
    /// benchmark, which sets these beside the process's growth to say where the bytes go.
    @_spi(Benchmarks) public var expressionFootprint: (compiled: Int, jit: Int, source: Int) {
        chunks.reduce(into: (compiled: 0, jit: 0, source: 0)) { total, chunk in
            if let footprint = chunk.regex?.footprint {
                total.compiled += footprint.compiled
                total.jit += footprint.jit
            }
            total.source += chunk.source.utf8.count
        }
    }
}
