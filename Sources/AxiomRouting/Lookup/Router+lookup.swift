@_spi(Lookup) import AxiomURLPattern

/// One lookup's question, whichever door asked it (``Router/resolve(_:)``, ``Router/resolve(path:query:fragment:)``,
/// ``Router/withMatch(path:query:_:)``, ``Router/matches(_:)``, ``Router/explain(_:)``): the routed
/// path as the URL or the app gave it (canonical, not yet normalised), the raw query, the
/// origin and fragment (for routes that read them), and the input failures name.
struct LookupContext {
    var path: String
    var query: String?
    var request: RequestURL?
    var input: String
}

/// A ``LookupContext`` as the routes see it: attribution items taken out of the query, the
/// path normalised (a dropped trailing `/` noted where a route keeps its own rule). Made in one
/// place (``Router/prepared(_:)``) for the lookup, ``Router/matches(_:)`` and ``Router/explain(_:)``.
struct PreparedLookup {
    var path: String
    var query: String?
    var request: RequestURL?
    /// The attribution items taken out (nil: none), handed back beside the match.
    var attribution: [AttributionParameters.Item]?
}

/// The general lookup: how a door's question (``LookupContext``) is made (from a URL, from a
/// trusted path), prepared, and matched — the literal table, the chunk expressions, then the
/// routes' own expressions one by one.
extension Router {
    /// The path and query `input` is routed by: length, URL syntax and origin checked.
    func routed(_ input: String) -> Result<LookupContext, RouteFailure> {
        guard !input.isEmpty else { return .failure(RouteFailure(input: input, reason: .emptyInput)) }
        let length = input.utf8.count
        guard length <= options.limits.maxInputLength else {
            return .failure(RouteFailure(input: input, reason: .inputTooLong(length: length, limit: options.limits.maxInputLength)))
        }
        let url: URLRecord
        do {
            url = try URLRecord(input)
        } catch {
            return .failure(RouteFailure(input: input, reason: .invalidURL(error)))
        }
        var appScheme = !url.isSpecial
        // The host as origins compare it, computed once (lowercasing an opaque host copies it).
        let host = Origin.host(of: url)
        if !origins.isEmpty {
            guard let origin = origins.first(where: { $0.accepts(url, host: host) }) else {
                let origin = host.isEmpty ? url.scheme + ":" : url.scheme + "://" + host + (url.port.map { ":\($0)" } ?? "")
                return .failure(RouteFailure(input: input, reason: .originNotAccepted(origin: origin, accepted: origins.map(\.description))))
            }
            appScheme = origin.hosts.routesHostAsPath
        }
        // A link never carries a user name or password (`https://user:pass@example.com/…`): a
        // spelling apps refuse and people misread, so no route is reached through it (checked
        // after the origin, which names the host a misleading one really points at).
        // (`routedInPlace` never answers for a URL with an `@` before its path.)
        if !url.username.isEmpty || !url.password.isEmpty {
            return .failure(RouteFailure(input: input, reason: .credentialsNotAllowed))
        }
        // One spelling: `myapp://profile/42`. The host-less forms (`myapp:profile/42`,
        // `myapp:/profile/42`, `myapp:///profile/42`) would route the same path, a wider door
        // than the table shows; refused unless the table accepts them. The app's root has no
        // host to name (`myapp://`, `myapp:///`, `myapp:`).
        if appScheme, options.appSchemeHostRequired, url.hasOpaquePath || host.isEmpty, !(url.pathname.isEmpty || url.pathname == "/") {
            return .failure(RouteFailure(input: input, reason: .appURLWithoutHost(scheme: url.scheme)))
        }
        let routedPath = Origin.routedPath(of: url, appScheme: appScheme, host: host)
        // The URL parser resolves dot segments in a path, not in a host or an opaque path:
        // `myapp://../profile/42` would route `/../profile/42`, a segment (and a value, `..`)
        // no path has. Refused here, for every door (`routedInPlace` leaves such hosts to this).
        if appScheme || url.hasOpaquePath, let segment = Origin.dotSegment(in: routedPath) {
            return .failure(RouteFailure(input: input, reason: .appURLDotSegment(scheme: url.scheme, segment: segment)))
        }
        // The origin and fragment are read only by routes that match on them.
        let request = readsRequest ? RequestURL(host: RequestHost(url), fragment: url.fragment.map(Self.normalizingEscapes)) : nil
        return .success(LookupContext(path: routedPath, query: url.query, request: request, input: input))
    }

    /// Whether a path, query and fragment are longer together than the router's limit.
    @inline(__always)
    func isTooLong(path: String, query: String?, fragment: String?) -> Bool {
        path.utf8.count + (query?.utf8.count ?? 0) + (fragment?.utf8.count ?? 0) > options.limits.maxInputLength
    }

    /// The question for a path the app trusts (and its raw query, and fragment without `#`):
    /// its length checked, made canonical as a URL's path is, the fragment as a URL's is matched
    /// (its canonical encoding, escapes normalised). No origin is checked.
    func trusted(path: String, query: String?, fragment: String?) -> Result<LookupContext, RouteFailure> {
        let length = path.utf8.count + (query?.utf8.count ?? 0) + (fragment?.utf8.count ?? 0)
        guard length <= options.limits.maxInputLength else {
            return .failure(RouteFailure(input: path, reason: .inputTooLong(length: length, limit: options.limits.maxInputLength)))
        }
        let request = readsRequest && fragment != nil ? RequestURL(fragment: fragment.map { Self.normalizingEscapes(Canonicalizer.hash($0)) }) : nil
        let canonical = Self.withUTF8(of: path, Self.isCanonical) ? path : Canonicalizer.pathname(path.hasPrefix("/") ? path : "/" + path)
        return .success(LookupContext(path: canonical, query: query, request: request, input: path))
    }

    /// The lookup of a path the app trusts (``withMatch(path:query:_:)``): the plain door,
    /// else its question (``trusted(path:query:fragment:)``) to the general lookup.
    func lookup(path: String, query: String?, fragment: String?, _ body: MatchSink) -> RouteFailure? {
        if fragment == nil, !isTooLong(path: path, query: query, fragment: nil) {
            switch plainLookup(path: path, query: query, body) {
            case .matched: return nil
            case .missed: return RouteFailure(input: path, unmatched: path, query: query, request: nil, router: self)
            case .undecided: break
            }
        }
        switch trusted(path: path, query: query, fragment: fragment) {
        case .success(let context): return lookup(context, body)
        case .failure(let failure): return failure
        }
    }

    /// `context` as the routes see it (see ``PreparedLookup``).
    func prepared(_ context: LookupContext) -> PreparedLookup {
        let split = context.query.flatMap { options.attribution.split($0, plusIsSpace: options.queryPlusIsSpace) }
        // (Nothing left but attribution items: no query.)
        let query = if let split { split.routed } else { context.query }
        // Most paths are already normal: they are matched as they are (no copy to count).
        guard needsNormalizing(context.path) else {
            return PreparedLookup(path: context.path, query: query, request: context.request, attribution: split?.items)
        }
        return PreparedLookup(
            path: normalized(context.path), query: query, request: noting(context.path, in: context.request), attribution: split?.items)
    }

    /// What a lookup hands on: the match (borrowed or made) and the normalised path it was
    /// found in (what a made ``RouteMatch`` keeps as its ``RouteMatch/path``).
    typealias MatchSink = (borrowing RouteMatchView, _ path: String) -> Void

    /// The bytes of a path's first segment (after the leading `/`).
    @inline(__always)
    static func firstSegmentBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard bytes.count > 1 else { return UnsafeBufferPointer(rebasing: bytes[0..<0]) }
        return UnsafeBufferPointer(rebasing: bytes[1..<PathBytes.nextSlash(in: bytes, from: 1)])
    }

    /// The first segment as the dispatch key: lowercased when paths are case-insensitive.
    func firstSegment(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let segment = String(decoding: Self.firstSegmentBytes(bytes), as: UTF8.self)
        return options.pathCaseSensitive ? segment : segment.lowercased()
    }

    /// The chunks of the routes whose first segment is the path's.
    func literalChunks(for bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        // The segment starts at byte 1: the rest of the path may be read past its end.
        dispatch.chunks(for: Self.firstSegmentBytes(bytes), readable: max(0, bytes.count - 1))
    }

    /// The one lookup every door goes through (`resolve(_:)`, `resolve(path:)`, `withMatch`,
    /// and the plain lookup's undecided cases): `body` gets the match, borrowed where it can be
    /// (see ``RouteMatchView``); else the failure is returned. Attribution items (`utm_source`,
    /// `gclid` …) never reach a route: taken out here and handed back beside the match.
    func lookup(_ context: LookupContext, _ body: MatchSink) -> RouteFailure? {
        let prepared = prepared(context)
        guard let attribution = prepared.attribution else {
            return match(normalized: prepared.path, query: prepared.query, request: prepared.request, input: context.input, body)
        }
        var made: RouteMatch? = nil
        let failure = match(normalized: prepared.path, query: prepared.query, request: prepared.request, input: context.input) { view, path in
            made = view.match(path: path)
        }
        guard let made else { return failure }
        withUnsafePointer(to: made.with(attribution: attribution)) { body(RouteMatchView(router: self, made: $0), made.path) }
        return nil
    }

    /// `request` with the path's trailing `/` noted, when a route keeps its own trailing-slash
    /// rule and the table's drops it (the normalised path no longer shows it).
    func noting(_ rawPath: String, in request: RequestURL?) -> RequestURL? {
        guard checksTrailingSlash, options.ignoresTrailingSlash, rawPath.utf8.count > 1, rawPath.utf8.last == UInt8(ascii: "/") else {
            return request
        }
        return (request ?? RequestURL()).withTrailingSlash()
    }

    private func match(normalized path: String, query: String?, request: RequestURL?, input: String, _ body: MatchSink) -> RouteFailure? {
        // Failures travel beside the match, so the common case moves only a small value.
        var failure: RouteFailure.Reason? = nil
        // How many routes matched the path and rejected it (a value, a query, a host).
        var rejected = 0
        let found = Self.withUTF8(of: path) { bytes -> Bool in
            // A literal route needs no expression. Should its query not convert, that is the
            // first failure, and the expressions (which leave it out) find the next candidate:
            // every other route matching the path ranks after it.
            if let rank = literalIndex.rank(of: bytes) {
                // A literal route has no path values: a plain one is its rank.
                let layout = layouts[rank]
                if layout.isPlain {
                    body(RouteMatchView(router: self, rank: rank, layout: layout, bytes: bytes, scratch: nil), path)
                    return true
                }
                var items: QueryItems? = nil
                if let match = convert(rank, scratch: nil, bytes: bytes, path: path, query: query, request: request, items: &items, failure: &failure)
                {
                    withUnsafePointer(to: match) { body(RouteMatchView(router: self, made: $0), path) }
                    return true
                }
                rejected += 1
            }
            return scratches.withScratch { scratch in
                matchChunks(bytes, path: path, query: query, request: request, scratch: scratch, failure: &failure, rejected: &rejected, body)
            }
        }
        if found { return nil }
        if let failure { return RouteFailure(input: input, reason: failure, rejectedCandidates: rejected) }
        return RouteFailure(input: input, unmatched: path, query: query, request: request, router: self)
    }

    /// The chunk expressions first (one match finds the first route in rank order), then —
    /// only if that route's values do not convert — the later candidates one by one. On no
    /// match, `failure` holds the first conversion failure (or the match limit), if any.
    private func matchChunks(
        _ bytes: UnsafeBufferPointer<UInt8>, path: String, query: String?, request: RequestURL?, scratch: MatchScratch,
        failure: inout RouteFailure.Reason?,
        rejected: inout Int, _ body: MatchSink
    ) -> Bool {
        var queryItems: QueryItems? = nil
        let routeIndex: Int?
        do {
            routeIndex = try firstRouteByExpressions(bytes, scratch: scratch)
        } catch {
            // A combined expression spent the match limit. Its route marks keep PCRE2's
            // breadth-first algorithm out, but the routes' own expressions can use it: the
            // reference rule, route by route, answers (a no-match a backtracking search could
            // not finish is found that way), or ends at the limit itself.
            let match = slowPath(
                after: -1, path: path, bytes: bytes, scratch: scratch, segment: firstSegment(bytes), query: query, request: request,
                items: &queryItems, failure: &failure, rejected: &rejected)
            guard let match else { return false }
            withUnsafePointer(to: match) { body(RouteMatchView(router: self, made: $0), path) }
            return true
        }
        guard let routeIndex else { return false }
        // The common case: a plain route whose values are read in place, borrowed.
        if hasPlainValues(routeIndex, bytes: bytes, scratch: scratch, escapesChecked: false) {
            body(RouteMatchView(router: self, rank: routeIndex, layout: layouts[routeIndex], bytes: bytes, scratch: scratch), path)
            return true
        }
        // The first failure is the one reported.
        var later: RouteFailure.Reason? = nil
        if let match = convert(
            routeIndex, scratch: scratch, bytes: bytes, path: path, query: query, request: request, items: &queryItems, failure: &later)
        {
            withUnsafePointer(to: match) { body(RouteMatchView(router: self, made: $0), path) }
            return true
        }
        if failure == nil { failure = later }
        if later != nil { rejected += 1 }
        let match = slowPath(
            after: routeIndex, path: path, bytes: bytes, scratch: scratch, segment: firstSegment(bytes), query: query, request: request,
            items: &queryItems, failure: &failure, rejected: &rejected)
        guard let match else { return false }
        withUnsafePointer(to: match) { body(RouteMatchView(router: self, made: $0), path) }
        return true
    }

    /// Whether the route at `rank`, matched on `bytes` (its groups in `scratch`), is plain (see
    /// `RouteLayout.isPlain`) with every value read in place: a string or a catch-all path
    /// without escapes, a decimal int, none empty. Exactly the matches `convert` makes from
    /// these values and nothing else, which a borrowed view then reads on demand.
    /// `escapesChecked`: the whole path is known to have no `%`.
    @inline(__always)
    func hasPlainValues(_ rank: Int, bytes: UnsafeBufferPointer<UInt8>, scratch: MatchScratch, escapesChecked: Bool) -> Bool {
        let layout = layouts[rank]
        guard layout.isPlain, let count = layout.parameterCount else { return false }
        // Whole segments of strings (or paths) in a path known to have no escape: nothing to
        // check (an empty one reads as "", as `convert` reads it).
        if escapesChecked, layout.segmentMask != 0, layout.allStringsOrPaths { return true }
        var segments = SegmentCursor(mask: layout.segmentMask)
        for index in 0..<count {
            guard let range = layout.segmentMask != 0 ? segments.next(in: bytes) : scratch.range(ofGroup: index + 1), !range.isEmpty else {
                return false
            }
            let raw = UnsafeBufferPointer(rebasing: bytes[range])
            switch layout.typeCode(index) {
            case RouteLayout.intType: if PathBytes.decimalInt(raw) == nil { return false }
            case RouteLayout.stringType, RouteLayout.pathType:
                if !escapesChecked, PathBytes.firstIndex(of: 0x25, in: raw) < raw.count { return false }
            default: return false
            }
        }
        return true
    }

    /// The rank of the first route whose combined expression matches `bytes` (a canonical
    /// path): the chunks of the path's first segment, then the others, in rank order. Throws
    /// when an expression spends the match limit.
    func firstRouteByExpressions(_ bytes: UnsafeBufferPointer<UInt8>, scratch: MatchScratch) throws -> Int? {
        let literal = literalChunks(for: bytes)
        guard !chunkHandles.isEmpty else { return try firstRouteByLazyExpressions(bytes, literal: literal, scratch: scratch) }
        return try chunkHandles.withUnsafeBufferPointer { handles in
            for position in 0..<(literal.count + otherChunks.count) {
                let chunk = position < literal.count ? literal.lowerBound + position : otherChunks.lowerBound + position - literal.count
                guard try handles[chunk].match(bytes, scratch: scratch) else { continue }
                if let routeIndex = scratch.markNumber, routeIndex < entries.count { return routeIndex }
            }
            return nil
        }
    }

    /// The same for a router loaded from a snapshot: each chunk is compiled at its first use.
    /// One that cannot be throws as the match limit does, and the routes' own expressions answer.
    private func firstRouteByLazyExpressions(_ bytes: UnsafeBufferPointer<UInt8>, literal: Range<Int>, scratch: MatchScratch) throws -> Int? {
        for position in 0..<(literal.count + otherChunks.count) {
            let chunk = position < literal.count ? literal.lowerBound + position : otherChunks.lowerBound + position - literal.count
            guard let handle = chunks[chunk].handle(captures: captures) else { throw RegexMatchFailure.limitExceeded }
            guard try handle.match(bytes, scratch: scratch) else { continue }
            if let routeIndex = scratch.markNumber, routeIndex < entries.count { return routeIndex }
        }
        return nil
    }

    /// Tries the candidates ranked after `index` one by one with their own expressions.
    private func slowPath(
        after index: Int, path: String, bytes: UnsafeBufferPointer<UInt8>, scratch: MatchScratch, segment: String, query: String?,
        request: RequestURL?,
        items: inout QueryItems?, failure: inout RouteFailure.Reason?, rejected: inout Int
    ) -> RouteMatch? {
        for rank in (index + 1)..<entries.count {
            switch candidate(rank, bytes: bytes, segment: segment, path: path, query: query, request: request, scratch: scratch, items: &items) {
            case .otherFirstSegment, .noMatch: continue
            case .limitExceeded:
                failure = .limitExceeded
                return nil
            case .rejected(let later):
                // The first failure is the one reported (with how many others there were).
                if failure == nil { failure = later }
                rejected += 1
            case .matched(let match):
                return match
            }
        }
        return nil
    }
}
