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

extension Router {
    /// For the benchmark's breakdown of a lookup: the rank of the route a canonical
    /// `path` reaches first — the canonical check, the literal table, the first-segment
    /// dispatch and the expressions' match, as `resolve(path:)` runs them — with no value
    /// converted and no match built. Nil for a path that is not canonical, or matches nothing.
    @_spi(Benchmarks) public func firstCandidate(path: String) -> Int? {
        Self.withUTF8(of: path) { bytes in firstCandidate(bytes, path: path) }
    }

    /// For the same breakdown: ``firstCandidate(path:)``, then the route's values read from
    /// the path as `resolve(path:)` reads them (strings, the values array), released at once;
    /// no `RouteMatch` is built. The number of values, or nil where the route's values are not
    /// read in place (or the path is not canonical, or matches nothing).
    @_spi(Benchmarks) public func firstCandidateValues(path: String) -> Int? {
        Self.withUTF8(of: path) { bytes -> Int? in
            guard let rank = firstCandidate(bytes, path: path) else { return nil }
            let layout = layouts[rank]
            if layout.parameterCount == 0 { return 0 }
            guard layout.readsInPlace else { return nil }
            return Self.segmentValues(bytes, layout: layout)?.count
        }
    }

    private func firstCandidate(_ bytes: UnsafeBufferPointer<UInt8>, path: String) -> Int? {
        guard Self.isCanonical(bytes), !needsNormalizing(path) else { return nil }
        if let rank = literalIndex.rank(of: bytes) { return rank }
        return scratches.withScratch { scratch in try? firstRouteByExpressions(bytes, scratch: scratch) } ?? nil
    }

}
