/// Typed parameter values in pattern (or declaration) order.
///
/// ```swift
/// let userId = match.parameters.get("userId", as: Int.self)      // Int?
/// let tab = try match.query.require("tab", as: ProfileTab.self)   // a RawRepresentable<String>
/// ```
public struct RouteParameters: Sendable, Hashable, RandomAccessCollection, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// The names and the values, in one enum so a match moves one small value: no
    /// parameters; names of their own; a route's parameters (shared, so a match where every
    /// group took part allocates no names); or a route's parameters whose values are whole
    /// segments of the path a lookup matched, converted when read (a made match of a plain
    /// route then allocates nothing for its values).
    private enum Storage: Sendable {
        case empty
        case named([String], [RouteValue])
        case route(Route, [RouteValue])
        /// The segments `layout` selects in the path (no escape in it, every value checked by
        /// the lookup: see `Router.hasPlainValues`), `layout.parameterCount` of them. The path
        /// is `text`, or lies in it where `countAndRange` says.
        case segments(Route, text: String, layout: RouteLayout)
    }

    private let storage: Storage
    /// How many values there are (the low 32 bits) and, for `.segments`, where the path lies in
    /// its text (the high 32 bits: `KeptPath.compact`'s range). Kept beside the storage, so
    /// reading the count copies no payload; one word, so the parameters stay 40 bytes (a
    /// navigation entry holds two, and a few bytes more made its copies `memcpy`).
    private let countAndRange: UInt64

    /// How many values there are.
    public var count: Int { Int(truncatingIfNeeded: countAndRange & 0xFFFF_FFFF) }

    public init(names: [String], values: [RouteValue]) {
        storage = names.isEmpty && values.isEmpty ? .empty : .named(names, values)
        countAndRange = UInt64(truncatingIfNeeded: values.count)
    }

    /// Values for every parameter of `route`, in order.
    init(route: Route, values: [RouteValue]) {
        storage = values.isEmpty ? .empty : .route(route, values)
        countAndRange = UInt64(truncatingIfNeeded: values.count)
    }

    /// Values for every parameter of `route`, read from the segments of `path` that `layout`
    /// selects when they are read: the path is one a lookup matched the route on, whose values
    /// it checked (`Router.hasPlainValues`), and `layout` has a segment mask and at least one
    /// packed parameter.
    init(route: Route, path: KeptPath, layout: RouteLayout) {
        let (text, range) = path.compact
        storage = .segments(route, text: text, layout: layout)
        countAndRange = UInt64(range) << 32 | UInt64(truncatingIfNeeded: layout.parameterCount ?? 0)
    }

    /// The path `.segments` reads its values in.
    @inline(__always)
    private func segmentsPath(in text: String) -> KeptPath {
        KeptPath(text: text, compact: UInt32(truncatingIfNeeded: countAndRange >> 32))
    }

    /// The values, in order. For a match that keeps its values in its path (a plain route's
    /// match whose values are whole segments: see the Routing guide), the array is made on
    /// each read: keep it in a local to read it more than once.
    public var values: [RouteValue] {
        switch storage {
        case .empty: return []
        case .named(_, let values), .route(_, let values): return values
        case .segments(_, let text, let layout): return segmentsPath(in: text).withBytes { layout.segmentValues(count, in: $0) }
        }
    }

    /// The value at `position`, converted now when it is still in the path. A position out of
    /// range traps, as `Array`'s subscript does: positions come from the caller's code (its
    /// `indices`), never from a URL or a table, and the lookup sets `count` from the route.
    private func value(at position: Int) -> RouteValue {
        switch storage {
        case .empty: preconditionFailure("RouteParameters index \(position) out of range: there are none")
        case .named(_, let values), .route(_, let values): return values[position]
        case .segments(_, let text, let layout):
            precondition(position >= 0 && position < count, "RouteParameters index out of range")
            return segmentsPath(in: text).withBytes { layout.segmentValue(at: position, in: $0) }
        }
    }

    public init(dictionaryLiteral elements: (String, RouteValue)...) {
        self.init(names: elements.map(\.0), values: elements.map(\.1))
    }

    /// The names, in order.
    public var names: [String] {
        switch storage {
        case .empty: return []
        case .named(let names, _): return names
        case .route(let route, _), .segments(let route, _, _): return route.parameterList.map(\.name)
        }
    }

    /// The name at `position` (out of range traps, as `value(at:)` says).
    private func name(at position: Int) -> String {
        switch storage {
        case .empty: preconditionFailure("RouteParameters index \(position) out of range: there are none")
        case .named(let names, _): return names[position]
        case .route(let route, _), .segments(let route, _, _): return route.parameterList[position].name
        }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { count }
    public subscript(position: Int) -> (name: String, value: RouteValue) { (name(at: position), value(at: position)) }

    /// The value named `name`, or nil when absent.
    public subscript(name: String) -> RouteValue? {
        for position in indices where self.name(at: position) == name { return value(at: position) }
        return nil
    }

    public static func == (lhs: RouteParameters, rhs: RouteParameters) -> Bool {
        lhs.values == rhs.values && lhs.values.indices.allSatisfy { lhs.name(at: $0) == rhs.name(at: $0) }
    }

    public func hash(into hasher: inout Hasher) {
        for (name, value) in self {
            hasher.combine(name)
            hasher.combine(value)
        }
    }

    /// The value converted to `T`, or nil when absent or not convertible.
    public func get<T: LosslessStringConvertible>(_ name: String, as type: T.Type = T.self) -> T? {
        guard let value = self[name] else { return nil }
        switch value {
        case .int(let number): if let result = number as? T { return result }
        case .double(let number): if let result = number as? T { return result }
        case .bool(let flag): if let result = flag as? T { return result }
        default: break
        }
        return T(value.description)
    }

    /// The value as a `RawRepresentable` with `String` raw values (an enum of the table's
    /// listed values), or nil.
    public func get<T: RawRepresentable>(_ name: String, as type: T.Type = T.self) -> T? where T.RawValue == String {
        self[name].flatMap { T(rawValue: $0.description) }
    }

    /// The value converted to `T`; throws when it is absent or does not convert.
    public func require<T: LosslessStringConvertible>(_ name: String, as type: T.Type = T.self) throws(RouteParameterError) -> T {
        guard let value = self[name] else { throw .missing(name) }
        guard let result = get(name, as: T.self) else { throw .notConvertible(name, value: value.description, to: "\(T.self)") }
        return result
    }

    /// The value as a `RawRepresentable`; throws when it is absent or not one of its cases.
    public func require<T: RawRepresentable>(_ name: String, as type: T.Type = T.self) throws(RouteParameterError) -> T
    where T.RawValue == String {
        guard let value = self[name] else { throw .missing(name) }
        guard let result = T(rawValue: value.description) else {
            throw .notConvertible(name, value: value.description, to: "\(T.self)")
        }
        return result
    }

    public var description: String {
        "[" + map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "]"
    }
}

/// Why `require(_:as:)` failed: the parameter is absent, or its value does not convert to the
/// type asked for. Compare ``code`` with the static members.
public struct RouteParameterError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Code: StableCode {
        public let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        public static let missing = Code(rawValue: "missing")
        public static let notConvertible = Code(rawValue: "not-convertible")
    }

    public let code: Code
    /// The parameter asked for.
    public let parameter: String
    public let description: String

    private init(_ code: Code, parameter: String, description: String) {
        self.code = code
        self.parameter = parameter
        self.description = description
    }

    public static func missing(_ name: String) -> Self { Self(.missing, parameter: name, description: "parameter '\(name)' is absent") }

    public static func notConvertible(_ name: String, value: String, to type: String) -> Self {
        Self(.notConvertible, parameter: name, description: "parameter '\(name)' = '\(value)' is not a \(type)")
    }
}

/// A resolved URL: the route, its typed path parameters, and its query parameters (with
/// defaults applied).
public struct RouteMatch: Sendable, Hashable, CustomStringConvertible {
    public let route: Route
    /// The path the URL was routed by (`/profile/42` for `myapp://profile/42`).
    public var path: String { keptPath.string }
    /// The path, kept where the lookup found it: a URL's path is kept in the URL and made a
    /// string when ``path`` is read, not for every lookup.
    private let keptPath: KeptPath
    /// The typed path parameters, in pattern order. (Stored, not made on each read: reading
    /// `match.parameters` then copies nothing.)
    public let parameters: RouteParameters
    /// The declared query values and how the URL reached the route when not by its own pattern
    /// (nil for most URLs: one word, so a plain match stays small to build and move: a match of
    /// more than 128 bytes is copied with `memcpy`, ~250 instructions a lookup). A `let`, set by the initializers
    /// only: as a `var`, a new match was built in a temporary, copied out through the type's
    /// value witness and the temporary destroyed (~300 instructions and eight reference counts
    /// more a lookup).
    private let via: Via?

    private final class Via: Sendable {
        let query: RouteParameters
        let redirects: [Redirect]
        let alias: String?
        let dropped: RouteParameters
        let attribution: [AttributionParameters.Item]

        init(
            query: RouteParameters, redirects: [Redirect], alias: String?, dropped: RouteParameters,
            attribution: [AttributionParameters.Item] = []
        ) {
            self.query = query
            self.redirects = redirects
            self.alias = alias
            self.dropped = dropped
            self.attribution = attribution
        }
    }

    /// The attribution items the URL carried (`utm_source`, `gclid` …; see
    /// ``AttributionParameters``), decoded, in order: taken out of the query before any route
    /// saw it, handed to the app for its analytics. Empty for most URLs. Not part of the match's
    /// equality: a URL with them and one without are the same match.
    public var attribution: [AttributionParameters.Item] { via?.attribution ?? [] }

    /// This match with `items` as its attribution.
    func with(attribution items: [AttributionParameters.Item]) -> RouteMatch {
        guard !items.isEmpty else { return self }
        return RouteMatch(
            route: route, path: keptPath, parameters: parameters,
            via: Via(query: query, redirects: redirects, alias: alias, dropped: droppedQuery, attribution: items))
    }

    /// Every stored property as given.
    private init(route: Route, path: KeptPath, parameters: RouteParameters, via: Via?) {
        self.route = route
        self.keptPath = path
        self.parameters = parameters
        self.via = via
    }

    /// The text of query values a `lenient` declaration dropped (they did not convert, so the
    /// default applies or the value is absent), by parameter name, decoded: `.string` for one
    /// item, `.list` of `.string` for a list's values. What an app logs while it falls back
    /// (`?metric=futureMetric` on an older build). Empty for most URLs.
    public var droppedQuery: RouteParameters { via?.dropped ?? [:] }

    /// The table's redirects the URL went through to reach ``route``, in order (empty for
    /// most URLs): `redirect oldProfile /members/:id -> profile` gives one.
    public var redirects: [Redirect] { via?.redirects ?? [] }
    /// The alias pattern the path matched, when it matched one of the route's aliases rather
    /// than its own pattern (nil after redirects: a redirect lands on the route itself); with its
    /// host in front when it matches on one (`https://(clicks|emails).example.com/*`).
    public var alias: String? { via?.alias }

    /// A table redirect a URL was sent through: its name and pattern, and the values it read.
    public struct Redirect: Sendable, Hashable, CustomStringConvertible {
        public let name: String
        public let pattern: String
        public let parameters: RouteParameters

        public var description: String { "\(name) \(pattern) \(parameters)" }
    }

    init(
        route: Route, values: [RouteValue], names: [String]?, query: RouteParameters?, path: String, redirects: [Redirect] = [],
        alias: String? = nil, dropped: RouteParameters? = nil
    ) {
        self.route = route
        self.via =
            redirects.isEmpty && alias == nil && (dropped?.isEmpty ?? true) && (query?.isEmpty ?? true)
            ? nil : Via(query: query ?? [:], redirects: redirects, alias: alias, dropped: dropped ?? [:])
        // No values: no names either, and nothing to count references of (the empty arrays are static).
        self.parameters =
            values.isEmpty
            ? RouteParameters(names: [], values: [])
            : names.map { RouteParameters(names: $0, values: values) } ?? RouteParameters(route: route, values: values)
        self.keptPath = KeptPath(path)
    }

    /// A plain match (see `RouteLayout.isPlain`): the route's own pattern, its path values and
    /// nothing else, with none of the general initializer's checks for what a plain match
    /// cannot have (~20 instructions a lookup fewer).
    @inline(__always)
    init(plain route: Route, values: [RouteValue], path: KeptPath) {
        self.init(plain: route, parameters: RouteParameters(route: route, values: values), path: path)
    }

    /// A plain match with its path values as given (read in place, see ``RouteParameters``).
    @inline(__always)
    init(plain route: Route, parameters: RouteParameters, path: KeptPath) {
        self.route = route
        self.via = nil
        self.parameters = parameters
        self.keptPath = path
    }

    /// The declared query parameters the URL carried or that have defaults.
    public var query: RouteParameters { via?.query ?? RouteParameters(names: [], values: []) }

    public static func == (lhs: RouteMatch, rhs: RouteMatch) -> Bool {
        lhs.route == rhs.route && lhs.path == rhs.path && lhs.parameters == rhs.parameters && lhs.query == rhs.query
            && lhs.redirects == rhs.redirects && lhs.alias == rhs.alias && lhs.droppedQuery == rhs.droppedQuery
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(route)
        hasher.combine(path)
        hasher.combine(parameters)
        hasher.combine(query)
    }

    public var description: String {
        var text = "\(route.name) \(parameters)"
        if !query.isEmpty { text += " query \(query)" }
        if let alias { text += " (alias \(alias))" }
        for redirect in redirects { text += " (redirected from \(redirect.name) \(redirect.pattern))" }
        return text
    }
}
