@_spi(Lookup) import AxiomURLPattern

/// The reference matching rule, route by route: what `resolve` falls back to after the
/// combined expressions, and what `explain` and `diagnose` report. One function, so the three
/// cannot disagree on what "this route takes this path" means.
extension Router {
    /// What trying one route on a routed, canonical path gives.
    enum CandidateOutcome {
        /// The route's first segment is a literal other than the path's: never tried.
        case otherFirstSegment(expected: String)
        /// The route's own expression does not match.
        case noMatch
        /// The route's own expression stopped at PCRE2's match limit.
        case limitExceeded
        /// The expression matched but a value did not convert (or a required query is absent).
        case rejected(RouteFailure.Reason)
        case matched(RouteMatch)
    }

    /// Tries the route at `index` (rank) on `bytes`, the canonical path `path` whose first
    /// segment is `segment` (see ``firstSegment(_:)``). `items` caches the parsed query across
    /// candidates.
    func candidate(
        _ index: Int, bytes: UnsafeBufferPointer<UInt8>, segment: String, path: String, query: String?, request: RequestURL?, scratch: MatchScratch,
        items: inout QueryItems?
    ) -> CandidateOutcome {
        if let literal = firstLiterals[index], literal != segment { return .otherFirstSegment(expected: literal) }
        do {
            guard let regex = regex(of: index), try regex.match(bytes, scratch: scratch) else { return .noMatch }
        } catch {
            return .limitExceeded
        }
        var failure: RouteFailure.Reason? = nil
        if let match = convert(index, scratch: scratch, bytes: bytes, path: path, query: query, request: request, items: &items, failure: &failure) {
            return .matched(match)
        }
        return .rejected(failure ?? .noRoute(path: path, suggestions: []))
    }
}
