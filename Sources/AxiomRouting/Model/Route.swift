/// One route of a compiled table: its name, pattern, typed parameters and metadata.
public struct Route: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// One route's fields. A route is its table (``Route/Table``) and its place in it, so
    /// passing a route around (every match carries one) costs a single reference count, and
    /// a router's routes lie together in one buffer rather than in one small object each
    /// (a few small objects a page, made among the compiler's garbage, would pin nearly every
    /// page the build used).
    struct Storage: Sendable {
        let name: String
        /// Where the canonical pattern's UTF-8 lies in the table's text.
        private(set) var patternBytes: Range<Int>
        /// Where the parameters lie in the table's parameters.
        private(set) var parameterRange: Range<Int>
        let query: [QueryParameter]
        /// The metadata, when it is not the plain default (``Metadata/plain(name:)``): most
        /// routes declare none, and a table of 10,000 routes should not hold 10,000 copies of
        /// the default's 112 bytes (the memory target, Docs/Performance.md).
        private let declaredMetadata: Box<Metadata>?
        let location: SourceLocation
        let rank: Int
        let kind: Kind
        /// The host pattern, boxed for the same reason: few routes have one.
        private let hostPattern: Box<HostPattern>?
        /// The query parameters' defaults, when the route declares any (boxed: most do not).
        private let defaults: Box<RouteParameters>?
        /// A redirect's `set NAME = VALUE` values, when it has any (boxed: few do).
        private let fixed: Box<RouteParameters>?
        /// `option query closed`: a query item the route does not declare, or a single item
        /// repeated, refuses it.
        let closedQuery: Bool
        /// Its last path value runs on to the end of the URL (``Parameter/runsToEnd``).
        let pathRunsToEnd: Bool
        /// The fragment pattern, boxed: few routes have one.
        private let fragmentPattern: Box<FragmentPattern>?
        /// `option fragment none`, `option trailing-slash strict` (``Route/URLRules``).
        let rules: URLRules
        /// The app scheme the route is scoped to, and how it spells its URLs (nil: any scheme).
        let scheme: SchemeScope?
        /// `host != nil` and `kind == .route`, read on every lookup without copying either.
        let hasHost: Bool
        /// Whether a match must look past the path and query at the request (``Router/requestChecked``):
        /// a host, a fragment pattern, a rule, or a value that runs to the end of the URL (its
        /// fragment included). Read on every lookup.
        let checksRequest: Bool
        let isOwnPattern: Bool

        var metadata: Metadata { declaredMetadata?.value ?? .plain(name: name) }
        var host: HostPattern? { hostPattern?.value }
        var fragment: FragmentPattern? { fragmentPattern?.value }
        var defaultQuery: RouteParameters? { defaults?.value }
        var fixedValues: RouteParameters? { fixed?.value }

        init(
            name: String, patternBytes: Range<Int>, parameters: [Parameter], parameterRange: Range<Int>, query: [QueryParameter], metadata: Metadata,
            location: SourceLocation, rank: Int, kind: Kind, host: HostPattern?, fixed: RouteParameters, closedQuery: Bool,
            fragment: FragmentPattern?, rules: URLRules, scheme: SchemeScope?
        ) {
            self.fragmentPattern = fragment.map(Box.init)
            self.rules = rules
            self.scheme = scheme
            self.pathRunsToEnd = parameters.contains { $0.runsToEnd }
            self.checksRequest = host != nil || fragment != nil || rules != URLRules() || scheme != nil || pathRunsToEnd
            self.closedQuery = closedQuery
            self.hostPattern = host.map(Box.init)
            self.fixed = fixed.isEmpty ? nil : Box(fixed)
            self.hasHost = host != nil
            self.isOwnPattern = kind == .route
            self.name = name
            self.patternBytes = patternBytes
            self.parameterRange = parameterRange
            self.query = query
            let defaulted = query.filter { $0.defaultValue != nil && !$0.mustBeAbsent }
            self.defaults =
                defaulted.isEmpty ? nil : Box(RouteParameters(names: defaulted.map(\.name), values: defaulted.compactMap(\.defaultValue)))
            self.declaredMetadata = metadata == .plain(name: name) ? nil : Box(metadata)
            self.location = location
            self.rank = rank
            self.kind = kind
        }

        /// The same fields, the pattern's bytes and the parameters at these places of another
        /// table (``Route/Table/compacting(_:)``).
        init(_ other: Storage, patternBytes: Range<Int>, parameterRange: Range<Int>) {
            self = other
            self.patternBytes = patternBytes
            self.parameterRange = parameterRange
        }
    }

    /// The routes of a table: their fields in one buffer after the table's header (a
    /// `ManagedBuffer`), their patterns' UTF-8 in one string and their parameters in one
    /// array. A route made alone is a table of one; a router copies its routes into one table
    /// once they are built (``Route/Table/compacting(_:)``).
    final class Table: ManagedBuffer<Table.Header, Storage> {
        struct Header {
            /// How many routes (elements) are initialized.
            var count: Int
            /// The routes' patterns, one after another (a table of one: its pattern).
            let text: String
            /// The routes' parameters (a table of one: its parameters; routes with equal lists
            /// share one).
            let parameters: [Parameter]
        }

        /// A table of `storages`, whose patterns' bytes lie in `text` and parameters in `parameters`.
        static func make(text: String, parameters: [Parameter], storages: some Collection<Storage>) -> Table {
            let table = unsafeDowncast(
                Table.create(minimumCapacity: storages.count) { _ in Header(count: 0, text: text, parameters: parameters) }, to: Table.self)
            table.withUnsafeMutablePointers { header, elements in
                for storage in storages {
                    (elements + header.pointee.count).initialize(to: storage)
                    header.pointee.count += 1
                }
            }
            return table
        }

        deinit {
            _ = withUnsafeMutablePointers { header, elements in elements.deinitialize(count: header.pointee.count) }
        }

        /// Route `index`'s fields (`index < count`, as every ``Route`` of the table is made).
        @inline(__always) func storage(_ index: Int) -> UnsafePointer<Storage> {
            withUnsafeMutablePointerToElements { UnsafePointer($0 + index) }
        }

        /// The pattern whose UTF-8 lies at `bytes` of the text.
        func pattern(_ bytes: Range<Int>) -> String {
            let text = header.text
            let utf8 = text.utf8
            if bytes.lowerBound == 0 && bytes.upperBound == utf8.count { return text }
            let start = utf8.index(utf8.startIndex, offsetBy: bytes.lowerBound)
            let end = utf8.index(start, offsetBy: bytes.count)
            return String(Substring(utf8[start..<end]))
        }

        /// The parameters at `range`.
        func parameters(_ range: Range<Int>) -> [Parameter] {
            let all = header.parameters
            return range.count == all.count ? all : Array(all[range])
        }

        /// `routes` in one table: their fields in one buffer, their patterns in one string, and
        /// their parameters in one array, an equal list and an equal long name kept once. The
        /// routes a router keeps, copied together once they are built (``Router/Parts/compacted()``).
        static func compacting(_ routes: [Route]) -> [Route] {
            var text = ""
            text.reserveCapacity(routes.reduce(0) { $0 + $1.storage.patternBytes.count })
            var patternRanges: [Range<Int>] = []
            patternRanges.reserveCapacity(routes.count)
            var parameters: [Parameter] = []
            var parameterRanges: [Range<Int>] = []
            parameterRanges.reserveCapacity(routes.count)
            var lists: [[Parameter]: Range<Int>] = [:]
            var names: [String: String] = [:]
            for route in routes {
                let start = text.utf8.count
                text += route.pattern
                patternRanges.append(start..<text.utf8.count)
                let list = route.parameters
                if let range = lists[list] {
                    parameterRanges.append(range)
                    continue
                }
                let range = parameters.count..<parameters.count + list.count
                for parameter in list {
                    var copy = parameter
                    if parameter.name.utf8.count > 15 {
                        copy.name = names[parameter.name] ?? parameter.name
                        names[parameter.name] = copy.name
                    }
                    parameters.append(copy)
                }
                lists[list] = range
                parameterRanges.append(range)
            }
            let storages = routes.indices.lazy.map { index in
                Storage(routes[index].storage, patternBytes: patternRanges[index], parameterRange: parameterRanges[index])
            }
            let table = make(text: text, parameters: parameters, storages: storages)
            return routes.indices.map { Route(table: table, index: $0) }
        }
    }

    /// An immutable value behind one reference.
    final class Box<Value: Sendable>: Sendable {
        let value: Value
        init(_ value: Value) { self.value = value }
    }

    /// The table the route's fields lie in, and their place. `nonisolated(unsafe)`: a
    /// `ManagedBuffer` cannot be `Sendable`, and a table is safe to share because its header
    /// and elements are written once, by ``Table/make(text:parameters:storages:)``, before
    /// any route of it exists, and only read after; the elements are `Sendable` values.
    nonisolated(unsafe) let table: Table
    let index: Int

    /// The route's fields, read in place.
    var storage: Storage { unsafeAddress { table.storage(index) } }

    private init(table: Table, index: Int) {
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

    /// A route scoped to one app scheme (`route user matrix:u/:user`): it matches only that
    /// scheme's URLs, and reverse routing spells them as its pattern does.
    public struct SchemeScope: Sendable, Hashable {
        /// The scheme, lowercase, without `:` (`matrix`).
        public let scheme: String
        /// How the route's URLs are printed.
        public let spelling: Spelling
        /// The scheme in the case the pattern writes it (`ddgQuickLink`), which reverse routing
        /// prints (a scheme's case does not matter to a parser, but it is how the app spells it).
        public let writtenScheme: String

        public init(scheme: String, spelling: Spelling, writtenScheme: String? = nil) {
            self.scheme = scheme
            self.spelling = spelling
            self.writtenScheme = writtenScheme.flatMap { $0.lowercased() == scheme ? $0 : nil } ?? scheme
        }

        /// The three spellings of an app-scheme URL of the path `/u/alice`.
        public enum Spelling: String, Sendable, Hashable, CaseIterable {
            /// `matrix://u/alice`: the first segment as the host.
            case host
            /// `matrix:/u/alice`: no host, the path as it is.
            case path
            /// `matrix:u/alice`: no host, no leading `/` (an opaque path).
            case opaque

            /// A routed path (`/u/alice`) spelled after `scheme:`.
            func spell(_ path: String) -> String {
                switch self {
                case .host: return "//" + path.dropFirst()
                case .path: return path
                case .opaque: return String(path.dropFirst())
                }
            }
        }

        /// `matrix:u/` + the path pattern, as the table writes it.
        func written(_ pattern: String) -> String { writtenScheme + ":" + spelling.spell(pattern) }
    }

    /// The app scheme the route is scoped to; nil when any accepted scheme reaches it.
    public var scheme: SchemeScope? { storage.scheme }

    /// The fragment a route matches on, when its pattern has one (`route room /#/room/:roomId`):
    /// what a hash-routed web app's links carry their route in. The fragment is matched like a
    /// path (a group stops at `/`), in its canonical percent-encoding; its named groups are
    /// parameters of the route, typed by `param` lines.
    public struct FragmentPattern: Sendable, Hashable {
        /// The canonical fragment pattern, without `#` (`/room/:roomId`).
        public let pattern: String
        /// How many of the route's ``Route/parameters`` (the last ones) are the fragment's
        /// named groups.
        public let parameterCount: Int

        public init(pattern: String, parameterCount: Int) {
            self.pattern = pattern
            self.parameterCount = parameterCount
        }
    }

    /// What a route asks of a URL beyond its patterns (`option KEY VALUE` under it).
    public struct URLRules: Sendable, Hashable {
        /// `option fragment none`: a URL with a fragment (`#…`, even an empty one) does not
        /// match the route (`fragment-not-allowed`).
        public var refusesFragment = false
        /// `option trailing-slash strict` on a route of a table that ignores a trailing `/`:
        /// whether the route's URLs end in `/` (its pattern did) — true or false, a URL
        /// spelled the other way does not match it (`trailing-slash-mismatch`). Nil: the
        /// table's rule.
        public var trailingSlash: Bool? = nil

        public init(refusesFragment: Bool = false, trailingSlash: Bool? = nil) {
            self.refusesFragment = refusesFragment
            self.trailingSlash = trailingSlash
        }
    }

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

    /// The scheme, host and port a route matches on, when its pattern names them
    /// (`route tenant https://:tenant.example.com/dashboard`): URLPattern's `protocol`,
    /// `hostname` and `port` components. A route without one matches any host the table's
    /// origins accept.
    public struct HostPattern: Sendable, Hashable {
        /// `http` or `https`.
        public let scheme: String
        /// The canonical hostname pattern (`:tenant.example.com`).
        public let hostname: String
        /// The canonical port pattern: empty for the scheme's default port.
        public let port: String
        /// How many of the route's ``Route/parameters`` (the last ones) are named groups of
        /// the hostname and port.
        public let parameterCount: Int

        /// `https://:tenant.example.com` (with `:port` when one is given).
        public var description: String { scheme + "://" + hostname + (port.isEmpty ? "" : ":" + port) }
    }

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

    /// A query parameter, matched by name in any order.
    public struct QueryParameter: Sendable, Hashable {
        public let name: String
        public let type: ParameterType
        /// Used when the URL does not carry the parameter.
        public let defaultValue: RouteValue?
        /// A required parameter without a default: a URL without it does not match the route.
        public let isRequired: Bool
        /// `lenient`: a value that does not convert counts as absent (the default applies)
        /// instead of making the route not match.
        public let isLenient: Bool
        /// `ignore-case` (or `option enum-case insensitive`) on an enum: a value matches
        /// whatever its letters' case, and is read in its declared spelling. With `matching`,
        /// the regexp ignores case too.
        public let ignoresCase: Bool
        /// `query NAME absent`: the route matches only URLs that do not carry the item.
        public let mustBeAbsent: Bool
        /// `matching REGEXP`: the whole decoded value must match this JavaScript regexp.
        public let pattern: String?
        /// `to-end`: the value runs from the item to the end of the query, `&`s included (an
        /// unencoded nested URL: `?next=https://x.com/a?b=1&c=2`).
        public let runsToEnd: Bool
        /// `also NAME, …`: other names the item may carry (`lat` also `latitude`); the value is
        /// always read under ``name``, and reverse routing writes ``name``.
        public let aliases: [String]
        /// `ignore-name-case` (or `option query-name-case insensitive`): the item's name (and
        /// its aliases) in any case of ASCII letters (`?Lat=…`, `?LAT=…`).
        public let ignoresNameCase: Bool
        /// `bare` (on an enum): an item with no `=` whose name is one of the enum's values is
        /// the value (`?dark` for `mode = dark`), when the URL has no item of the parameter's name.
        public let takesBareItem: Bool
        /// `query ITEM like PATTERN`: the parameter is one named group of a pattern the item's
        /// whole decoded value must match (`query id like :userId(\d+)L` reads `userId = 42` from
        /// `?id=42L`); nil for a parameter that is the item's whole value.
        public let shape: QueryShape?

        /// The name of the query item the parameter reads: its own, or — for one group of a
        /// `like` pattern — the item's (`id` for `userId` in `query id like :userId(\d+)L`).
        public var itemName: String { shape?.item ?? name }

        /// Whether a URL without the item does not match the route (a required parameter, or a
        /// group of a required `like` item, whether or not the group itself is optional).
        var requiresItem: Bool { isRequired || shape?.isRequired == true }

        /// The JavaScript regexp (unanchored) the item's whole decoded value must match: the
        /// `matching` regexp, or the `like` pattern's expression.
        var valuePattern: String? { pattern ?? shape?.expression }

        init(
            name: String, type: ParameterType, defaultValue: RouteValue?, isRequired: Bool, isLenient: Bool = false, ignoresCase: Bool = false,
            mustBeAbsent: Bool = false, pattern: String? = nil, runsToEnd: Bool = false, aliases: [String] = [], ignoresNameCase: Bool = false,
            takesBareItem: Bool = false, shape: QueryShape? = nil
        ) {
            self.takesBareItem = takesBareItem
            self.shape = shape
            self.runsToEnd = runsToEnd
            self.aliases = aliases
            self.ignoresNameCase = ignoresNameCase
            self.name = name
            self.type = type
            self.defaultValue = defaultValue
            self.isRequired = isRequired
            self.isLenient = isLenient
            self.ignoresCase = ignoresCase
            self.mustBeAbsent = mustBeAbsent
            self.pattern = pattern
        }

        /// Whether a query item named `item` (decoded) is this parameter's: its name or one of
        /// its aliases, in any ASCII case when it ignores the name's case.
        public func accepts(name item: String) -> Bool {
            let name = itemName
            if item == name || aliases.contains(item) { return true }
            guard ignoresNameCase else { return false }
            return Self.equalIgnoringASCIICase(item, name) || aliases.contains { Self.equalIgnoringASCIICase(item, $0) }
        }

        /// Whether two names are equal but for the case of ASCII letters (`Lat`, `LAT`, `lat`;
        /// not `ı` for `i`, as a Unicode case folding would have it).
        static func equalIgnoringASCIICase(_ a: String, _ b: String) -> Bool {
            a.utf8.count == b.utf8.count && zip(a.utf8, b.utf8).allSatisfy { $0.asciiLowercased == $1.asciiLowercased }
        }

        /// The value a bare item named `item` (decoded) gives this parameter, when it takes bare
        /// items and the name is one of its enum's values (in their case rules).
        func bareValue(_ item: String) -> RouteValue? {
            guard takesBareItem, case .enumeration = type else { return nil }
            return type.convert(item, ignoringCase: ignoresCase)
        }

        /// Whether the parameter reads one item (not a list, a `rest` map, or the rest of the
        /// query): a closed query refuses it repeated.
        var readsOneItem: Bool {
            if case .list = type { return false }
            return type != .rest && !runsToEnd
        }
    }

    /// The pattern a query item's value is read through (`query id like :userId(\d+)L`): the
    /// path's syntax — a group stops at `/`, `:rest*` and `*` span it — matched against the
    /// item's whole decoded value. Each named group is one query parameter of the route.
    public struct QueryShape: Sendable, Hashable {
        /// The query item's name (`id`).
        public let item: String
        /// The pattern, in its canonical spelling (`:userId(\d+)L`).
        public let pattern: String
        /// Whether a URL without the item does not match the route (the declaration has no
        /// `optional`): then each group that is not optional itself is a required parameter.
        public let isRequired: Bool
        /// `ignore-case`: the pattern's text and regexps in any case, and enum groups read in
        /// their declared spelling.
        public let ignoresCase: Bool
        /// The pattern's expression without its anchors, as a JavaScript regexp.
        let expression: String

        init(item: String, pattern: String, isRequired: Bool, ignoresCase: Bool, expression: String) {
            self.item = item
            self.pattern = pattern
            self.isRequired = isRequired
            self.ignoresCase = ignoresCase
            self.expression = expression
        }

        /// The key of the compiled pattern: its text and whether it ignores case.
        var key: String { (ignoresCase ? "i:" : "s:") + pattern }
    }

    /// A route's policy once its ancestors and container are counted.
    struct Policy: Sendable, Hashable {
        var requiresAuthentication: Bool
        var allowedSources: Set<String>?
    }

    /// What the navigation layer needs to know about a route.
    public struct Metadata: Sendable, Hashable {
        /// Reaching the route while signed out redirects to the table's login route: its own
        /// `auth`, an ancestor's `auth children`, or its container's `auth`.
        public internal(set) var requiresAuthentication: Bool
        /// The screen name analytics record (defaults to the route name).
        public let analyticsName: String
        /// How navigating to the route changes the screen (`push` when not declared).
        public let transition: Transition
        /// The route below this one in a deep link's synthetic back stack.
        public let parent: String?
        /// The tab the route lives in: its own `tab(…)` transition, or its parent's tab.
        public internal(set) var tab: String?
        /// The container the route lives in (``RouteContainer``): its own `container NAME`, or
        /// its parent's; nil for a route of the app's root.
        public internal(set) var container: String? = nil
        /// The navigation sources allowed to open the route (`sources inApp, deepLink`, narrowed
        /// by an ancestor's `sources … children` and its container's `sources`); nil when the
        /// table does not restrict them. The names are those of ``sourceNames``.
        public internal(set) var allowedSources: Set<String>?
        /// The loaders whose data the route needs before it is shown (`load profileData`), in
        /// the order declared: the navigation flow runs the app's loaders of these names after
        /// the middleware and before the commit (Docs/Navigation.md, "Loaders").
        public let loaders: [String]
        /// `start [NAME = VALUE, …]`: the values the app starts this route with — at the bottom
        /// of its stack (a table without tabs), or as its tab's root; nil when the table does not
        /// name it a start (``Router/start(tab:)`` says where the app starts either way).
        public internal(set) var start: RouteParameters? = nil

        /// The source names a table may list: where a navigation request can come from.
        public static let sourceNames = ["inApp", "deepLink", "universalLink", "pushNotification"]

        /// A route's metadata when its table declares none: no sign-in, its own name for
        /// analytics, a push, no parent, tab, container, source restriction or loaders.
        static func plain(name: String) -> Metadata {
            Metadata(requiresAuthentication: false, analyticsName: name, transition: .push, parent: nil, tab: nil, allowedSources: nil, loaders: [])
        }

        /// Whether a request from `source` (one of ``sourceNames``) may open the route.
        public func allows(source: String) -> Bool { allowedSources?.contains(source) ?? true }
    }
}
