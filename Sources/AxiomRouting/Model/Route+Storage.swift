/// Where a route's fields live: one buffer per table (``Route/Table``) holding every route's
/// ``Route/Storage``, so a route is a reference and an index.
extension Route {
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
        // Single fields of the metadata, read in place (no copy of the whole: every navigation
        // reads these for each screen it checks).
        var requiresAuthentication: Bool { declaredMetadata?.value.requiresAuthentication ?? false }
        func allows(source: String) -> Bool { declaredMetadata?.value.allowedSources?.contains(source) ?? true }
        var linkTransition: Transition? { declaredMetadata?.value.linkTransition }
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
            let defaulted = query.filter { $0.defaultValue != nil && !$0.mustBeAbsent && !$0.isNullable }
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
}
