/// One route of a compiled table: its name, pattern, typed parameters and metadata.
public struct Route: Sendable, Hashable, Identifiable, CustomStringConvertible {



    /// The table the route's fields lie in, and their place. `nonisolated(unsafe)`: a
    /// `ManagedBuffer` cannot be `Sendable`, and a table is safe to share because its header
    /// and elements are written once, by ``Table/make(text:parameters:storages:)``, before
    /// any route of it exists, and only read after; the elements are `Sendable` values.
    nonisolated(unsafe) let table: Table
    let index: Int

    /// The route's fields, read in place.
    var storage: Storage { unsafeAddress { table.storage(index) } }

    /// The route at `index` of `table` (what `Table.compacting(_:)` makes).
    init(table: Table, index: Int) {
        self.table = table
        self.index = index
    }

    init(
        name: String, pattern: String, parameters: [Parameter], query: [QueryParameter], metadata: Metadata, location: SourceLocation,
        rank: Int, kind: Kind = .route, host: HostPattern? = nil, fixed: RouteParameters = [:], closedQuery: Bool = false,
        fragment: FragmentPattern? = nil, rules: URLRules = URLRules(), scheme: SchemeScope? = nil
    ) {
        let storage = Storage(
            name: name, patternBytes: 0..<pattern.utf8.count, parameters: parameters, parameterRange: parameters.indices, query: query,
            metadata: metadata, location: location, rank: rank, kind: kind, host: host, fixed: fixed, closedQuery: closedQuery,
            fragment: fragment, rules: rules, scheme: scheme)
        table = Table.make(text: pattern, parameters: parameters, storages: CollectionOfOne(storage))
        index = 0
    }


    /// The app scheme the route is scoped to; nil when any accepted scheme reaches it.
    public var scheme: SchemeScope? { storage.scheme }



    /// The fragment the route matches on; nil when it matches on its path (and host) only.
    public var fragment: FragmentPattern? { storage.fragment }

    /// What the route asks of a URL beyond its patterns.
    public var rules: URLRules { storage.rules }

    /// `option query closed` (the route's, or the table's): a query item the route does not
    /// declare, or an item it reads once given twice, makes the URL not match it
    /// (`query-item-not-allowed`).
    public var closedQuery: Bool { storage.closedQuery }

    /// Whether a match must read the URL's query: the route declares query parameters, or its
    /// query is closed.
    var readsQuery: Bool { !query.isEmpty || closedQuery || storage.pathRunsToEnd }

    /// Whether a match of this route is its path's values and nothing else: its own pattern
    /// (not an alias or a redirect), no query read, nothing of the request checked. What a
    /// borrowed match (``RouteMatchView``) answers without building a ``RouteMatch``.
    var isPlainMatch: Bool { storage.isOwnPattern && !readsQuery && !storage.checksRequest }

    /// The values a redirect gives its target whatever the URL (`set NAME = VALUE` under it),
    /// in declaration order; empty for routes, aliases and most redirects.
    public var fixedValues: RouteParameters { storage.fixedValues ?? [:] }


    /// The parameters of the path's groups (``parameters`` without the host's and the fragment's).
    var pathParameters: ArraySlice<Parameter> { parameters.dropLast((host?.parameterCount ?? 0) + (fragment?.parameterCount ?? 0)) }

    /// How many of ``parameters`` are the path's groups (read in place).
    var pathParameterCount: Int { parameterList.count - (host?.parameterCount ?? 0) - (fragment?.parameterCount ?? 0) }

    /// The parameters of the host's named groups (after the path's).
    var hostParameters: ArraySlice<Parameter> {
        parameters.dropLast(fragment?.parameterCount ?? 0).suffix(host?.parameterCount ?? 0)
    }

    /// The parameters of the fragment's named groups (the last ones).
    var fragmentParameters: ArraySlice<Parameter> { parameters.suffix(fragment?.parameterCount ?? 0) }

    /// The scheme, host and port the route matches on; nil when it matches on its path only.
    public var host: HostPattern? { storage.host }

    /// The pattern as the table writes it: the path pattern, after the host when there is one,
    /// with its trailing `/` when the route keeps one, and `#` and the fragment when it has one.
    public var fullPattern: String {
        let slash = rules.trailingSlash == true && pattern != "/" ? "/" : ""
        let path = pattern + slash
        return (host?.description ?? "") + (scheme?.written(path) ?? path) + (fragment.map { "#" + $0.pattern } ?? "")
    }

    /// What a pattern of the table stands for: a route's own pattern, one of its aliases, or a
    /// redirect. ``Router/routes`` holds only routes; ``Router/entries`` holds all three in
    /// the order they are tried.
    public enum Kind: Sendable, Hashable {
        /// The route's own (canonical) pattern: what reverse routing prints.
        case route
        /// `alias PATTERN` under a route: another pattern for the same route. The entry's
        /// ``Route/name`` is the route's.
        case alias
        /// `redirect NAME PATTERN -> TARGET`: an old pattern sent on to `target` (a route, or
        /// another redirect), its parameters mapped by name. The entry's name is the redirect's.
        case redirect(target: String)
    }

    /// Whether this is a route, an alias of one, or a redirect.
    public var kind: Kind { storage.kind }

    /// The route's unique name (`profile`).
    public var name: String { storage.name }
    /// The canonical pathname pattern (`/profile/:userId`); see ``fullPattern`` for a route
    /// that also matches on its host.
    public var pattern: String { table.pattern(storage.patternBytes) }
    /// Path parameters in pattern order, with their types; then a host pattern's named
    /// groups (``HostPattern/parameterCount``).
    public var parameters: [Parameter] { table.parameters(storage.parameterRange) }
    /// The same parameters read in place (what a lookup reads: ``parameters`` makes an array).
    package var parameterList: ParameterList { ParameterList(table: table, range: storage.parameterRange) }

    /// A route's parameters where its table keeps them.
    package struct ParameterList: RandomAccessCollection {
        let table: Table
        let range: Range<Int>
        package var startIndex: Int { 0 }
        package var endIndex: Int { range.count }
        package subscript(position: Int) -> Parameter { table.header.parameters[range.lowerBound + position] }
    }
    /// Declared query parameters.
    public var query: [QueryParameter] { storage.query }
    public var metadata: Metadata { storage.metadata }
    /// ``Metadata/requiresAuthentication``, read without copying the metadata.
    public var requiresAuthentication: Bool { storage.requiresAuthentication }
    /// ``Metadata/allows(source:)``, read without copying the metadata.
    public func allows(source: String) -> Bool { storage.allows(source: source) }
    /// ``Metadata/linkTransition``, read without copying the metadata.
    public var linkTransition: Transition? { storage.linkTransition }
    /// The query values a URL of the route gets when it leaves them out: each query parameter's
    /// default, in declaration order (nil when none has one).
    public var defaultQuery: RouteParameters? { storage.defaultQuery }
    /// Where the route is declared.
    public var location: SourceLocation { storage.location }
    /// The position in the order the table's patterns are tried (0 first), counting aliases
    /// and redirects (``Router/entries``): a table without them numbers its routes 0, 1, 2….
    public var rank: Int { storage.rank }

    public var id: String { name }

    public var description: String { "\(name) \(fullPattern)" }

    /// A copy with another rank and tab (set once the table is sorted).
    func with(rank: Int, tab: String?, container: String? = nil, policy: Policy? = nil) -> Route {
        var metadata = self.metadata
        metadata.tab = tab
        metadata.container = container
        if let policy {
            metadata.requiresAuthentication = policy.requiresAuthentication
            metadata.allowedSources = policy.allowedSources
        }
        return Route(
            name: name, pattern: pattern, parameters: parameters, query: query, metadata: metadata, location: location, rank: rank, kind: kind,
            host: host, fixed: fixedValues, closedQuery: closedQuery, fragment: fragment, rules: rules, scheme: scheme)
    }

    public static func == (lhs: Route, rhs: Route) -> Bool {
        (lhs.table === rhs.table && lhs.index == rhs.index)
            || (lhs.name, lhs.pattern, lhs.rank, lhs.location) == (rhs.name, rhs.pattern, rhs.rank, rhs.location)
                && lhs.kind == rhs.kind && lhs.host == rhs.host && lhs.parameterList.elementsEqual(rhs.parameterList) && lhs.query == rhs.query
                && lhs.metadata == rhs.metadata && lhs.fixedValues == rhs.fixedValues && lhs.closedQuery == rhs.closedQuery
                && lhs.fragment == rhs.fragment && lhs.rules == rhs.rules && lhs.scheme == rhs.scheme
    }

    public func hash(into hasher: inout Hasher) {
        // Not the pattern: equal routes have equal names and ranks, and reading a pattern
        // makes a string.
        hasher.combine(name)
        hasher.combine(rank)
    }

    /// A path parameter: a group of the pattern and its type.
    public struct Parameter: Sendable, Hashable {
        public internal(set) var name: String
        public let type: ParameterType
        /// Whether the group may be absent (`:id?`, `:rest*`).
        public let isOptional: Bool
        /// An optional group with no prefix or suffix whose regexp can match nothing
        /// (`/x:name(a?)?`): an empty capture is no value, as in ECMAScript (PCRE2 reports the
        /// group as taking part).
        var emptyIsAbsent: Bool = false
        /// `param NAME string to-end`: the value runs on to the end of the URL, `?` and the raw
        /// query included, then `#` and the fragment (the route's last group, in a route that
        /// reads no query).
        public internal(set) var runsToEnd: Bool = false
    }




}
