import Synchronization

/// Why a URL did not resolve. Never a crash, never a bare nil: each case says what was
/// wrong, and ``code`` is a stable identifier for programs.
public struct RouteFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public indirect enum Reason: Error, Sendable, Hashable {
        /// The input was empty.
        case emptyInput
        /// The input is not a URL.
        case invalidURL(URLParseError)
        /// The input is longer than the router's limit.
        case inputTooLong(length: Int, limit: Int)
        /// The scheme and host are not among the table's `origins`.
        case originNotAccepted(origin: String, accepted: [String])
        /// The URL carries a user name or password (`https://user:pass@example.com/…`).
        case credentialsNotAllowed
        /// No route's pattern matches the path; the nearest routes are suggested.
        case noRoute(path: String, suggestions: [RouteSuggestion])
        /// A route's pattern matched but a parameter is not of its type.
        case conversionFailed(route: String, parameter: String, value: String, expected: ParameterType)
        /// A route's pattern matched but a value's percent-encoding is malformed (`%zz`) or
        /// decodes to invalid UTF-8.
        case invalidPercentEncoding(route: String, parameter: String, value: String)
        /// A route's pattern matched but a required query parameter is absent.
        case missingQueryParameter(route: String, parameter: String)
        /// Matching hit the backtracking limit.
        case limitExceeded
        /// A route's path matched but it matches on a host (`https://:tenant.example.com/…`)
        /// and the URL's scheme, host or port is not one of it (or, resolving a path alone,
        /// there is no host).
        case hostNotMatched(route: String, host: String?, pattern: String)
        /// An app-scheme URL without a host (`myapp:profile/42`, `myapp:/profile/42`,
        /// `myapp:///profile/42`), in a table that requires one (`option app-scheme-host`).
        case appURLWithoutHost(scheme: String)
        /// An app-scheme URL whose host or opaque path spells a dot segment (`myapp://../profile/42`,
        /// `myapp://%2e/settings`): the URL parser resolves dot segments in a path, not in a host
        /// or an opaque path, so the routed path would keep a `.` or `..` segment no path has.
        case appURLDotSegment(scheme: String, segment: String)
        /// A route matched but carries a query item it must not (`query token absent`).
        case queryParameterPresent(route: String, parameter: String)
        /// A route matched but a query value does not match its `matching` regexp.
        case queryValueRejected(route: String, parameter: String, value: String, pattern: String)
        /// A route with a closed query (`option query closed`) matched, but the URL carries an
        /// item it does not declare.
        case queryItemNotAllowed(route: String, item: String)
        /// A route with a closed query matched, but the URL repeats an item it reads once.
        case queryItemRepeated(route: String, parameter: String)
        /// A route's path matched but it matches on its fragment (`/#/room/:roomId`) and the
        /// URL's fragment (nil: none) is not one of it.
        case fragmentNotMatched(route: String, fragment: String?, pattern: String)
        /// A route that refuses a fragment (`option fragment none`) matched a URL that has one.
        case fragmentNotAllowed(route: String, fragment: String)
        /// A route scoped to an app scheme (`route user matrix:u/:user`) matched the path of a
        /// URL of another scheme (nil: a path resolved alone).
        case schemeNotMatched(route: String, scheme: String?, expected: String)
        /// A route with its own trailing-slash rule matched a URL spelled the other way:
        /// `expected` says whether its URLs end in `/`.
        case trailingSlashMismatch(route: String, expected: Bool)
    }

    /// The URL (or path) as given.
    public var input: String { storage.input }

    /// One reference, so a `Result<RouteMatch, RouteFailure>` stays small to pass around.
    private let storage: Storage

    private final class Storage: Sendable {
        let input: String
        let immediate: Reason?
        let rejected: Int
        /// Computing why nothing matched (and what is near) costs a scan of the table, so a
        /// failure that only found "no match" keeps what it needs to work it out when
        /// ``reason`` is first read: the router, and the routed path and query.
        let diagnosis: (router: Router, path: String, query: String?, request: RequestURL?)?
        /// What the diagnosis found, once worked out (`code`, `description` and `reason` each
        /// read it; a CLI reads all three): the reason, as the bits of a retained `ReasonBox`
        /// (0 until worked out; published once, by compare-and-exchange), and the count of
        /// rejecting routes (-1 until counted). Atomics, not a lock: a miss that is never
        /// described (most, in an app) then costs no lock to make and destroy.
        private let diagnosedReason = Atomic<UInt>(0)
        private let diagnosedRejected = Atomic<Int>(-1)

        private final class ReasonBox: Sendable {
            let reason: Reason
            init(_ reason: Reason) { self.reason = reason }
        }

        deinit {
            let bits = diagnosedReason.load(ordering: .acquiring)
            if let pointer = UnsafeRawPointer(bitPattern: bits) { Unmanaged<ReasonBox>.fromOpaque(pointer).release() }
        }

        /// The reason worked out, if it was.
        var diagnosed: Reason? {
            guard let pointer = UnsafeRawPointer(bitPattern: diagnosedReason.load(ordering: .acquiring)) else { return nil }
            return Unmanaged<ReasonBox>.fromOpaque(pointer).takeUnretainedValue().reason
        }

        /// Keeps `reason` as the one worked out, unless another thread kept one first.
        func keep(_ reason: Reason) {
            let bits = UInt(bitPattern: Unmanaged.passRetained(ReasonBox(reason)).toOpaque())
            if !diagnosedReason.compareExchange(expected: 0, desired: bits, ordering: .acquiringAndReleasing).exchanged,
                let pointer = UnsafeRawPointer(bitPattern: bits)
            {
                Unmanaged<ReasonBox>.fromOpaque(pointer).release()
            }
        }

        /// The count of rejecting routes, if it was counted.
        var rejectedCount: Int? {
            let count = diagnosedRejected.load(ordering: .relaxed)
            return count < 0 ? nil : count
        }

        func keep(rejected count: Int) { diagnosedRejected.store(count, ordering: .relaxed) }

        init(input: String, immediate: Reason?, diagnosis: (router: Router, path: String, query: String?, request: RequestURL?)?, rejected: Int = 0) {
            self.input = input
            self.immediate = immediate
            self.diagnosis = diagnosis
            self.rejected = rejected
        }
    }

    init(input: String, reason: Reason, rejectedCandidates: Int = 0) {
        storage = Storage(input: input, immediate: reason, diagnosis: nil, rejected: rejectedCandidates)
    }

    /// How many routes matched the path and then rejected it (a value that did not convert, a
    /// query, a host): the ``reason`` is the first, in rank order; `explain` lists them all.
    /// 0 when no route matched the path (or the reason is not one of theirs).
    public var rejectedCandidates: Int {
        guard storage.immediate == nil, let (router, path, query, request) = storage.diagnosis else { return storage.rejected }
        if let rejected = storage.rejectedCount { return rejected }
        let rejected = router.rejections(path, query: query, request: request, counting: true).count
        storage.keep(rejected: rejected)
        return rejected
    }

    /// "No route matched `path`", the reason (and suggestions) worked out on first read.
    init(input: String, unmatched path: String, query: String?, request: RequestURL?, router: Router) {
        storage = Storage(input: input, immediate: nil, diagnosis: (router, path, query, request))
    }

    public var reason: Reason {
        if let immediate = storage.immediate { return immediate }
        guard let (router, path, query, request) = storage.diagnosis else { return .noRoute(path: input, suggestions: []) }
        if let reason = storage.diagnosed { return reason }
        let reason = router.diagnose(path, query: query, request: request)
        storage.keep(reason)
        return reason
    }

    public static func == (lhs: RouteFailure, rhs: RouteFailure) -> Bool {
        lhs.input == rhs.input && lhs.reason == rhs.reason
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(input)
        hasher.combine(reason)
    }

    public struct Code: StableCode {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        public static let emptyInput: Code = "empty-input"
        public static let invalidURL: Code = "invalid-url"
        public static let inputTooLong: Code = "input-too-long"
        public static let originNotAccepted: Code = "origin-not-accepted"
        /// The URL carries a user name or password, which no link to an app does.
        public static let credentialsNotAllowed: Code = "credentials-not-allowed"
        public static let noRoute: Code = "no-route"
        public static let conversionFailed: Code = "conversion-failed"
        public static let invalidPercentEncoding: Code = "invalid-percent-encoding"
        public static let missingQueryParameter: Code = "missing-query-parameter"
        public static let limitExceeded: Code = "limit-exceeded"
        public static let hostNotMatched: Code = "host-not-matched"
        public static let appURLWithoutHost: Code = "app-url-without-host"
        /// An app-scheme URL whose host (or opaque path) is a dot segment (`myapp://../profile/42`).
        public static let appURLDotSegment: Code = "app-url-dot-segment"
        public static let queryParameterPresent: Code = "query-parameter-present"
        public static let queryValueRejected: Code = "query-value-rejected"
        /// A closed query's route met an item it does not declare, or one it reads once repeated.
        public static let queryItemNotAllowed: Code = "query-item-not-allowed"
        /// A route on a fragment met a URL whose fragment is not one of its pattern's.
        public static let fragmentNotMatched: Code = "fragment-not-matched"
        /// A route that refuses a fragment met a URL with one.
        public static let fragmentNotAllowed: Code = "fragment-not-allowed"
        /// A route scoped to an app scheme met a URL of another.
        public static let schemeNotMatched: Code = "scheme-not-matched"
        /// A route with its own trailing-slash rule met a URL spelled the other way.
        public static let trailingSlashMismatch: Code = "trailing-slash-mismatch"
    }

    /// A stable identifier of the reason (`no-route`, `origin-not-accepted`, …): what programs
    /// compare (``reason`` carries the details and may gain cases).
    public var code: Code { reason.code }
}

extension RouteFailure.Reason {
    /// The reason's stable identifier (``RouteFailure/code``).
    public var code: RouteFailure.Code {
        switch self {
        case .emptyInput: return .emptyInput
        case .invalidURL: return .invalidURL
        case .inputTooLong: return .inputTooLong
        case .originNotAccepted: return .originNotAccepted
        case .credentialsNotAllowed: return .credentialsNotAllowed
        case .noRoute: return .noRoute
        case .conversionFailed: return .conversionFailed
        case .invalidPercentEncoding: return .invalidPercentEncoding
        case .missingQueryParameter: return .missingQueryParameter
        case .limitExceeded: return .limitExceeded
        case .hostNotMatched: return .hostNotMatched
        case .appURLWithoutHost: return .appURLWithoutHost
        case .appURLDotSegment: return .appURLDotSegment
        case .queryParameterPresent: return .queryParameterPresent
        case .queryValueRejected: return .queryValueRejected
        case .queryItemNotAllowed, .queryItemRepeated: return .queryItemNotAllowed
        case .fragmentNotMatched: return .fragmentNotMatched
        case .fragmentNotAllowed: return .fragmentNotAllowed
        case .trailingSlashMismatch: return .trailingSlashMismatch
        case .schemeNotMatched: return .schemeNotMatched
        }
    }
}

extension RouteFailure {
    /// "(and N more routes rejected it …)" when more than one candidate did.
    private var others: String {
        let more = rejectedCandidates - 1
        guard more > 0 else { return "" }
        return " (\(more) more route\(more == 1 ? "" : "s") of this path rejected it too; 'explain' lists them all)"
    }

    public var description: String {
        switch reason {
        case .emptyInput:
            return "empty input: expected a URL such as 'myapp://profile/42'"
        case .invalidURL(let error):
            return error.description
        case .inputTooLong(let length, let limit):
            return "input too long: \(length) bytes, the limit is \(limit)"
        case .originNotAccepted(let origin, let accepted):
            return "origin '\(origin)' is not accepted (the table accepts \(accepted.map { "'\($0)'" }.joined(separator: ", ")))"
        case .credentialsNotAllowed:
            return "the URL carries a user name or password ('user:pass@'), which a link to an app never does: remove them"
        case .noRoute(let path, let suggestions):
            var text = "no route matches '\(path)'"
            if !suggestions.isEmpty {
                text += "; did you mean " + suggestions.map { "'\($0.route)' (\($0.example))" }.joined(separator: ", ") + "?"
            }
            return text
        case .conversionFailed(let route, let parameter, let value, let expected):
            return "route '\(route)' matched, but parameter '\(parameter)' = '\(value)' is not a valid '\(expected)'" + others
        case .invalidPercentEncoding(let route, let parameter, let value):
            return "route '\(route)' matched, but parameter '\(parameter)' = '\(value)' has invalid percent-encoding" + others
        case .missingQueryParameter(let route, let parameter):
            return "route '\(route)' matched, but the required query parameter '\(parameter)' is missing" + others
        case .limitExceeded:
            return "match limit exceeded: a route's regexp backtracks too much on this input"
        case .queryParameterPresent(let route, let parameter):
            return "route '\(route)' matched, but the query carries '\(parameter)', which the route must not have" + others
        case .queryValueRejected(let route, let parameter, let value, let pattern):
            return "route '\(route)' matched, but query parameter '\(parameter)' = '\(value)' does not match '\(pattern)'" + others
        case .queryItemNotAllowed(let route, let item):
            return "route '\(route)' matched, but its query is closed and the URL carries '\(item)', which it does not declare" + others
        case .queryItemRepeated(let route, let parameter):
            return "route '\(route)' matched, but its query is closed and the URL gives '\(parameter)' more than once" + others
        case .fragmentNotMatched(let route, let fragment, let pattern):
            guard let fragment else {
                return "route '\(route)' matched the path, but it matches on its fragment ('#\(pattern)') and the URL has none" + others
            }
            return "route '\(route)' matched the path, but '#\(fragment)' is not a fragment of '#\(pattern)'" + others
        case .fragmentNotAllowed(let route, let fragment):
            return "route '\(route)' matched, but it takes no fragment ('option fragment none') and the URL has '#\(fragment)'" + others
        case .schemeNotMatched(let route, let scheme, let expected):
            guard let scheme else {
                return "route '\(route)' matched the path, but it takes '\(expected):' URLs only and a path alone has no scheme" + others
            }
            return "route '\(route)' matched the path, but it takes '\(expected):' URLs only, not '\(scheme):'" + others
        case .trailingSlashMismatch(let route, let expected):
            return
                "route '\(route)' matched, but its URLs \(expected ? "end in '/'" : "do not end in '/'") ('option trailing-slash strict') and this one \(expected ? "does not" : "does")"
                + others
        case .appURLWithoutHost(let scheme):
            return
                "'\(scheme):' URLs name their first segment as the host ('\(scheme)://profile/42'); this one has none (declare 'option app-scheme-host optional' to route such URLs by their path)"
        case .appURLDotSegment(let scheme, let segment):
            return
                "this '\(scheme):' URL routes '\(segment)' as a path segment (its host, or its opaque path), a dot segment no path keeps: the URL parser resolves them in a path, not in a host or an opaque path; link to the route's path without it ('\(scheme)://profile/42')"
        case .hostNotMatched(let route, let host, let pattern):
            guard let host else { return "route '\(route)' matched the path, but it matches on its host ('\(pattern)') and a path alone has none" }
            return "route '\(route)' matched the path, but '\(host)' is not a host of '\(pattern)'"
        }
    }
}

/// A route near an unmatched path, with an example URL path built from the input.
public struct RouteSuggestion: Sendable, Hashable {
    public let route: String
    /// The route's pattern filled in with the input's segments (`/profile/42`).
    public let example: String
}
