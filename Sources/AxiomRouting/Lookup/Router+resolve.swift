@_spi(Lookup) import AxiomURLPattern

@_spi(Lookup) import AxiomURLPattern

/// The public doors of the lookup. Each asks one question (a ``LookupContext``: the routed
/// path, query, origin and fragment, and the input failures name) and hands it to the one
/// lookup (`lookup(_:_:)` in `Router+lookup.swift`); the URL and trusted-path doors first try
/// the plain lookup in place (`Router+inPlace.swift`), which answers as the general one does.
extension Router {
    /// Resolves a URL: checks its length and origin, routes its path (see ``Origin`` for
    /// how app-scheme hosts become the first segment) and converts its parameters.
    ///
    /// Never crashes and never returns a bare nil: a URL that does not resolve gives a
    /// ``RouteFailure`` that says why.
    public func resolve(_ input: String) -> Result<RouteMatch, RouteFailure> {
        let inPlace = input.utf8.withContiguousStorageIfAvailable { bytes -> Result<RouteMatch, RouteFailure>? in
            guard let url = scannedInPlace(bytes) else { return nil }
            let query = url.query.map { String(decoding: bytes[$0], as: UTF8.self) }
            // The plain lookup reads the path where it lies in the URL: its string is made
            // only for the match that keeps it. Undecided, the general lookup answers (not
            // `match(path:…)`, which would try the plain lookup again).
            guard !readsRequest, !url.path.isEmpty else {
                return match(
                    LookupContext(path: url.routedPath(in: bytes), query: query, request: url.request(in: bytes, reads: readsRequest), input: input))
            }
            let path = UnsafeBufferPointer(rebasing: bytes[url.path])
            // The scan read the bytes: a plain canonical path needs no second pass to know it.
            // (One that is not, which is rare, goes to the general lookup.)
            if url.plainCanonical {
                // The match keeps its path where it lies in the URL, made a string when read.
                let kept = KeptPath(url.path, of: input, bytes: bytes)
                switch plainLookup(canonicalBytes: path, query: query, passing: kept, { view, kept in view.match(kept: kept) }) {
                case .matched(let match): return .success(match)
                case .missed:
                    return .failure(RouteFailure(input: input, unmatched: PathBytes.string(path), query: query, request: nil, router: self))
                case .undecided: break
                }
            }
            let routedPath = PathBytes.string(path)
            return made(input: input) { body in lookup(LookupContext(path: routedPath, query: query, request: nil, input: input), body) }
        }
        // (Matched, not `inPlace ?? nil`: the answer is moved out, not copied and destroyed.)
        if case .some(.some(let answer)) = consume inPlace { return answer }
        switch routed(input) {
        case .success(let context): return match(context)
        case .failure(let failure): return .failure(failure)
        }
    }

    /// Resolves a path (and raw query string) directly, without origin checks: what an app
    /// does with a path it already trusts, and what routers are compared on.
    public func resolve(path: String, query: String? = nil) -> Result<RouteMatch, RouteFailure> {
        resolve(path: path, query: query, fragment: nil)
    }

    /// Resolves a path, raw query string and fragment (without `#`; nil: none) directly, without
    /// origin checks: for routes that match on the fragment (`route room /#/room/:roomId`), a
    /// path the app already trusts with the fragment it came with.
    ///
    /// ```swift
    /// let room = try router.resolve(path: "/", fragment: "/room/lobby").get()
    /// ```
    public func resolve(path: String, query: String? = nil, fragment: String?) -> Result<RouteMatch, RouteFailure> {
        // The plain door builds the match straight from what it found.
        if fragment == nil, !isTooLong(path: path, query: query, fragment: nil) {
            switch plainLookup(path: path, query: query, { view, path in view.match(path: path) }) {
            case .matched(let match): return .success(match)
            case .missed: return .failure(RouteFailure(input: path, unmatched: path, query: query, request: nil, router: self))
            case .undecided: break
            }
        }
        switch trusted(path: path, query: query, fragment: fragment) {
        case .success(let context): return made(input: path) { body in lookup(context, body) }
        case .failure(let failure): return .failure(failure)
        }
    }

    /// The match a lookup made (kept), or its failure.
    @inline(__always)
    func made(input: String, _ lookup: (MatchSink) -> RouteFailure?) -> Result<RouteMatch, RouteFailure> {
        var made: RouteMatch? = nil
        let failure = lookup { view, path in made = view.match(path: path) }
        // Moved out, not copied (a copy counts every reference the match holds).
        if let made = made.take() { return .success(made) }
        // A lookup ends with a match or a failure: this reason is never needed.
        return .failure(failure ?? Self.noMatch(input))
    }

    /// Matches a routed path (see ``LookupContext``), with a failure that says why: the plain
    /// lookup where it decides, else the general one.
    func match(_ context: LookupContext) -> Result<RouteMatch, RouteFailure> {
        if context.request == nil {
            switch plainLookup(path: context.path, query: context.query, { view, path in view.match(path: path) }) {
            case .matched(let match): return .success(match)
            case .missed:
                return .failure(RouteFailure(input: context.input, unmatched: context.path, query: context.query, request: nil, router: self))
            case .undecided: break
            }
        }
        return made(input: context.input) { body in lookup(context, body) }
    }
}
