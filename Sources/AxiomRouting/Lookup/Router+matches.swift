@_spi(Lookup) import AxiomURLPattern

extension Router {
    /// Every pattern that takes `input`, in rank order: the match ``resolve(_:)`` returns first,
    /// then each other route (or alias, or redirect) whose pattern matches and whose values
    /// convert. An empty list when none does; a ``RouteFailure`` when the input never reaches the
    /// routes (too long, not a URL, an origin the table does not accept).
    ///
    /// For code that must know every reading of a URL: an app moving over from a matcher that
    /// runs every matching route (as WordPress for iOS's `UniversalLinkRouter` does), a tool that
    /// shows what a URL could mean. Navigation uses the first only. A route that PCRE2's match limit
    /// stops is not in the list. Costs one expression per route of the table (``explain(_:)``'s
    /// cost), where `resolve` tries only the candidates of the path's first segment.
    ///
    /// ```swift
    /// let readings = try router.matches("https://example.com/me/42").get().map(\.route.name)
    /// ```
    public func matches(_ input: String) -> Result<[RouteMatch], RouteFailure> {
        routed(input).map(allMatches)
    }

    /// Every pattern that takes `path` (and the raw query string), in rank order, without origin
    /// checks: ``matches(_:)`` for a path the app already trusts.
    public func matches(path: String, query: String? = nil) -> Result<[RouteMatch], RouteFailure> {
        trusted(path: path, query: query, fragment: nil).map(allMatches)
    }

    private func allMatches(_ context: LookupContext) -> [RouteMatch] {
        let prepared = prepared(context)
        var subject = prepared.path
        var items: QueryItems? = nil
        return scratches.withScratch { scratch in
            subject.withUTF8 { bytes in
                let segment = firstSegment(bytes)
                return entries.indices.compactMap { index -> RouteMatch? in
                    let outcome = candidate(
                        index, bytes: bytes, segment: segment, path: prepared.path, query: prepared.query, request: prepared.request, scratch: scratch,
                        items: &items)
                    if case .matched(let match) = outcome { return match }
                    return nil
                }
            }
        }
    }
}
