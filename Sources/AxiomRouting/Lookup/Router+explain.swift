@_spi(Lookup) import AxiomURLPattern

/// Every decision the router makes for one input: the routed path, each route in rank order
/// with why it was or was not taken, and the compiled expressions tried.
public struct RouteExplanation: Sendable {
    public struct Candidate: Sendable {
        public let route: Route
        /// The route's own expression (PCRE2 syntax).
        public let expression: String
        public let outcome: Outcome
    }

    public enum Outcome: Sendable, Hashable, CustomStringConvertible {
        /// This route was taken.
        case taken
        /// The path's first segment is another literal, so the route was never tried.
        case differentFirstSegment(expected: String)
        case patternDoesNotMatch
        /// The pattern matched but a value did not convert (or the query was missing):
        /// the next candidate was tried.
        case rejected(RouteFailure)
        /// An earlier route was taken.
        case notReached

        /// A stable name for the outcome: `taken`, `different-first-segment`,
        /// `pattern-does-not-match`, `rejected` (the failure's own code says why) or `not-reached`.
        public var code: Code {
            switch self {
            case .taken: return .taken
            case .differentFirstSegment: return .differentFirstSegment
            case .patternDoesNotMatch: return .patternDoesNotMatch
            case .rejected: return .rejected
            case .notReached: return .notReached
            }
        }

        /// The outcomes' stable codes.
        public struct Code: StableCode {
            public let rawValue: String
            package init(rawValue: String) { self.rawValue = rawValue }

            public static let taken = Code(rawValue: "taken")
            public static let differentFirstSegment = Code(rawValue: "different-first-segment")
            public static let patternDoesNotMatch = Code(rawValue: "pattern-does-not-match")
            public static let rejected = Code(rawValue: "rejected")
            public static let notReached = Code(rawValue: "not-reached")
        }

        public var description: String {
            switch self {
            case .taken: return "taken"
            case .differentFirstSegment(let expected):
                return expected.isEmpty ? "skipped: the path is not '/'" : "skipped: the first segment is not '\(expected)'"
            case .patternDoesNotMatch: return "pattern does not match"
            case .rejected(let failure): return "rejected: " + failure.description
            case .notReached: return "not tried: an earlier route was taken"
            }
        }
    }

    public let input: String
    /// The path routes are matched against (after origin and normalisation), when the
    /// input got that far.
    public let path: String?
    public let candidates: [Candidate]
    /// The route whose whole pattern is this path, found by the path itself before any
    /// expression (literal routes are not in the combined expressions), if there is one.
    public let literalRoute: Route?
    /// The combined expressions consulted for this path, in order (none when the literal
    /// route was taken).
    public let expressions: [String]
    public let result: Result<RouteMatch, RouteFailure>
}

extension Router {
    /// Explains how `input` resolves: see ``RouteExplanation``. The result is exactly
    /// ``resolve(_:)``'s.
    public func explain(_ input: String) -> RouteExplanation {
        // The URL is parsed once: the result is `resolve`'s, matched from the same routed path.
        let context: LookupContext
        switch routed(input) {
        case .success(let routed): context = routed
        case .failure(let failure):
            return RouteExplanation(input: input, path: nil, candidates: [], literalRoute: nil, expressions: [], result: .failure(failure))
        }
        let result = match(context)
        let prepared = prepared(context)
        let (path, query, request) = (prepared.path, prepared.query, prepared.request)
        var pathBytes = path
        let (literalRank, consulted) = pathBytes.withUTF8 { bytes in
            (literalIndex.rank(of: bytes), (Array(literalChunks(for: bytes)) + Array(otherChunks)).map { chunks[$0].source })
        }
        let literalRoute = literalRank.map { entries[$0] }
        var taken = false
        var items: QueryItems? = nil
        var subject = path
        let candidates = scratches.withScratch { scratch in
            subject.withUTF8 { bytes in
                let segment = firstSegment(bytes)
                return entries.indices.map { index -> RouteExplanation.Candidate in
                    let route = entries[index]
                    func candidate(_ outcome: RouteExplanation.Outcome) -> RouteExplanation.Candidate {
                        RouteExplanation.Candidate(route: route, expression: shape(of: index)?.regexSource ?? "", outcome: outcome)
                    }
                    if taken { return candidate(.notReached) }
                    switch self.candidate(
                        index, bytes: bytes, segment: segment, path: path, query: query, request: request, scratch: scratch, items: &items)
                    {
                    case .otherFirstSegment(let expected): return candidate(.differentFirstSegment(expected: expected))
                    case .noMatch: return candidate(.patternDoesNotMatch)
                    case .limitExceeded:
                        // The route's own expression runs without the JIT, which counts PCRE2's
                        // match limit differently from the combined expression `resolve` used:
                        // the route `resolve` took is taken; another is stopped by the limit.
                        guard case .success(let match) = result, match.route == route else {
                            return candidate(.rejected(RouteFailure(input: input, reason: .limitExceeded)))
                        }
                        taken = true
                        return candidate(.taken)
                    case .rejected(let failure): return candidate(.rejected(RouteFailure(input: input, reason: failure)))
                    case .matched:
                        // The other way round: `resolve` stopped at the limit in the combined
                        // expression before it reached this route, so no route was taken.
                        if case .failure(let failure) = result, failure.reason == .limitExceeded {
                            return candidate(.rejected(RouteFailure(input: input, reason: .limitExceeded)))
                        }
                        taken = true
                        return candidate(.taken)
                    }
                }
            }
        }
        let literalTaken = literalRoute.map { literal in candidates.contains { $0.route == literal && $0.outcome == .taken } } ?? false
        return RouteExplanation(
            input: input, path: path, candidates: candidates, literalRoute: literalRoute, expressions: literalTaken ? [] : consulted,
            result: result)
    }
}
