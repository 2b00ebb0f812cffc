import Synchronization

/// Why a URL did not resolve. Never a crash, never a bare nil: ``code`` is a stable identifier
/// for programs (compare it with the static members of ``Code``: `failure.code == .noRoute`),
/// the accessors carry what a program needs (``suggestions``, ``route``, ``parameter``,
/// ``value``, ``urlError`` with its position …), and ``description`` says it for people.
///
/// New kinds of failure are added as new codes and break no one: there is no public enum of
/// reasons to `switch` over, and no code a client could make from a string.
public struct RouteFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The reason in full, inside the package: each case with its details (``code`` and the
    /// accessors are its public face).
    package indirect enum Reason: Error, Sendable, Hashable {
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
        /// `reason` is first read: the router, and the routed path and query.
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
    /// query, a host): the failure describes the first, in rank order; `explain` lists them all.
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

    /// The reason, its suggestions worked out on first read.
    package var reason: Reason {
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
        package init(rawValue: String) { self.rawValue = rawValue }

        public static let emptyInput = Code(rawValue: "empty-input")
        public static let invalidURL = Code(rawValue: "invalid-url")
        public static let inputTooLong = Code(rawValue: "input-too-long")
        public static let originNotAccepted = Code(rawValue: "origin-not-accepted")
        /// The URL carries a user name or password, which no link to an app does.
        public static let credentialsNotAllowed = Code(rawValue: "credentials-not-allowed")
        public static let noRoute = Code(rawValue: "no-route")
        public static let conversionFailed = Code(rawValue: "conversion-failed")
        public static let invalidPercentEncoding = Code(rawValue: "invalid-percent-encoding")
        public static let missingQueryParameter = Code(rawValue: "missing-query-parameter")
        public static let limitExceeded = Code(rawValue: "limit-exceeded")
        public static let hostNotMatched = Code(rawValue: "host-not-matched")
        public static let appURLWithoutHost = Code(rawValue: "app-url-without-host")
        /// An app-scheme URL whose host (or opaque path) is a dot segment (`myapp://../profile/42`).
        public static let appURLDotSegment = Code(rawValue: "app-url-dot-segment")
        public static let queryParameterPresent = Code(rawValue: "query-parameter-present")
        public static let queryValueRejected = Code(rawValue: "query-value-rejected")
        /// A closed query's route met an item it does not declare, or one it reads once repeated.
        public static let queryItemNotAllowed = Code(rawValue: "query-item-not-allowed")
        /// A route on a fragment met a URL whose fragment is not one of its pattern's.
        public static let fragmentNotMatched = Code(rawValue: "fragment-not-matched")
        /// A route that refuses a fragment met a URL with one.
        public static let fragmentNotAllowed = Code(rawValue: "fragment-not-allowed")
        /// A route scoped to an app scheme met a URL of another.
        public static let schemeNotMatched = Code(rawValue: "scheme-not-matched")
        /// A route with its own trailing-slash rule met a URL spelled the other way.
        public static let trailingSlashMismatch = Code(rawValue: "trailing-slash-mismatch")
    }

    /// A stable identifier of the reason (`no-route`, `origin-not-accepted`, …): what programs
    /// compare (the accessors carry the details).
    public var code: Code { reason.code }
}

extension RouteFailure.Reason {
    /// The reason's stable identifier (``RouteFailure/code``).
    package var code: RouteFailure.Code {
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
    /// The routes near an unmatched path (``Code/noRoute``), nearest first; empty otherwise.
    public var suggestions: [RouteSuggestion] {
        if case .noRoute(_, let suggestions) = reason { return suggestions }
        return []
    }

    /// The route that matched and then rejected the URL (a value, the query, the host, the
    /// fragment, the scheme, a trailing slash); nil when no route matched.
    public var route: String? {
        switch reason {
        case .conversionFailed(let route, _, _, _), .invalidPercentEncoding(let route, _, _), .missingQueryParameter(let route, _),
            .hostNotMatched(let route, _, _), .queryParameterPresent(let route, _), .queryValueRejected(let route, _, _, _),
            .queryItemNotAllowed(let route, _), .queryItemRepeated(let route, _), .fragmentNotMatched(let route, _, _),
            .fragmentNotAllowed(let route, _), .schemeNotMatched(let route, _, _), .trailingSlashMismatch(let route, _):
            return route
        default: return nil
        }
    }

    /// The parameter (or query item) concerned: one whose value did not convert or match, a
    /// missing or forbidden query parameter, an item a closed query does not declare.
    public var parameter: String? {
        switch reason {
        case .conversionFailed(_, let parameter, _, _), .invalidPercentEncoding(_, let parameter, _), .missingQueryParameter(_, let parameter),
            .queryParameterPresent(_, let parameter), .queryValueRejected(_, let parameter, _, _), .queryItemNotAllowed(_, let parameter),
            .queryItemRepeated(_, let parameter):
            return parameter
        default: return nil
        }
    }

    /// The value that was refused (decoded where it could be), for a value that did not
    /// convert, match or decode.
    public var value: String? {
        switch reason {
        case .conversionFailed(_, _, let value, _), .invalidPercentEncoding(_, _, let value), .queryValueRejected(_, _, let value, _):
            return value
        default: return nil
        }
    }

    /// The type the refused value should have had (``Code/conversionFailed``).
    public var expectedType: ParameterType? {
        if case .conversionFailed(_, _, _, let expected) = reason { return expected }
        return nil
    }

    /// Why the input is not a URL, with where (``Code/invalidURL``).
    public var urlError: URLParseError? {
        if case .invalidURL(let error) = reason { return error }
        return nil
    }

    /// The origin the URL has (``Code/originNotAccepted``), and the ones the table accepts.
    public var origin: (found: String, accepted: [String])? {
        if case .originNotAccepted(let origin, let accepted) = reason { return (origin, accepted) }
        return nil
    }
}

/// A route near an unmatched path, with an example URL path built from the input.
public struct RouteSuggestion: Sendable, Hashable {
    public let route: String
    /// The route's pattern filled in with the input's segments (`/profile/42`).
    public let example: String
}
