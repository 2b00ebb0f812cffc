@_spi(Lookup) import AxiomURLPattern

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
                return match(path: url.routedPath(in: bytes), query: query, request: url.request(in: bytes, reads: readsRequest), input: input)
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
            return made(input: input) { body in lookup(path: routedPath, query: query, request: nil, input: input, body) }
        }
        // (Matched, not `inPlace ?? nil`: the answer is moved out, not copied and destroyed.)
        if case .some(.some(let answer)) = consume inPlace { return answer }
        switch routed(input) {
        case .success(let (path, query, request)): return match(path: path, query: query, request: request, input: input)
        case .failure(let failure): return .failure(failure)
        }
    }

    /// Where a URL read in place (``scannedInPlace(_:)``) has what it is routed by: ranges
    /// and flags only (nothing to release), its strings made when read.
    struct InPlaceURL {
        /// Whether the routed path is known to be plain canonical (``Router/isPlainCanonical(_:)``)
        /// from the scan: the plain lookup then skips its own pass over the bytes.
        var plainCanonical: Bool
        /// The routed path's bytes (an app scheme's `/host/path` included); empty for the root.
        var path: Range<Int>
        /// The query's bytes without `?`, or nil when absent.
        var query: Range<Int>?
        /// The scan's parts: the scheme, host, port and fragment, for ``request(in:reads:)``.
        var parts: FastURLParts

        /// The origin and fragment, for a router whose routes read them (`reads`); else nil.
        func request(in bytes: UnsafeBufferPointer<UInt8>, reads: Bool) -> RequestURL? {
            guard reads else { return nil }
            return RequestURL(
                host: RequestHost(
                    scheme: String(decoding: bytes[0..<parts.schemeEnd], as: UTF8.self), host: String(decoding: bytes[parts.host], as: UTF8.self),
                    port: parts.port),
                fragment: parts.fragment.map { Router.normalizingEscapes(String(decoding: bytes[$0], as: UTF8.self)) })
        }

        /// The routed path as a string (`/` for an empty one).
        func routedPath(in bytes: UnsafeBufferPointer<UInt8>) -> String {
            path.isEmpty ? "/" : PathBytes.string(UnsafeBufferPointer(rebasing: bytes[path]))
        }
    }

    /// ``routed(_:)`` for a URL in the common shape (see `URLParser.fastScan`) whose scheme
    /// and host are lowercase, read in place: the routed path is a slice of the input (an
    /// app scheme's `/host/path` included), so no URL record and no joined path is built.
    /// Nil for anything else, and wherever the answer is not a route to match (a refused
    /// origin, a URL an app scheme refuses): `routed` then decides, and says why. Where it
    /// answers, it answers as `routed` does, which a differential test checks.
    func routedInPlace(_ input: String) -> (path: String, query: String?, request: RequestURL?)? {
        input.utf8.withContiguousStorageIfAvailable { bytes -> (path: String, query: String?, request: RequestURL?)? in
            guard let url = scannedInPlace(bytes) else { return nil }
            return (
                url.routedPath(in: bytes), url.query.map { String(decoding: bytes[$0], as: UTF8.self) },
                url.request(in: bytes, reads: readsRequest)
            )
        } ?? nil
    }

    /// ``routedInPlace(_:)``'s reading of the URL's bytes, without making its strings.
    @inline(__always)
    private func scannedInPlace(_ bytes: UnsafeBufferPointer<UInt8>) -> InPlaceURL? {
        guard !bytes.isEmpty, bytes.count <= options.limits.maxInputLength, let parts = URLParser.fastScan(bytes), parts.lowercase
        else { return nil }
        let host = bytes[parts.host]
        var appScheme = !parts.special
        if !origins.isEmpty {
            let scheme = bytes[0..<parts.schemeEnd]
            // (Through a pointer: each origin is read in place, not copied out.)
            let accepted = origins.withUnsafeBufferPointer { origins -> Bool? in
                guard let first = origins.baseAddress else { return nil }
                for index in 0..<origins.count where (first + index).pointee.accepts(scheme: scheme, host: host, port: parts.port) {
                    return (first + index).pointee.hosts.routesHostAsPath
                }
                return nil
            }
            guard let accepted else { return nil }
            appScheme = accepted
        }
        let path: Range<Int>
        // The scan refused a path with a byte to escape or a dot segment: without a `%` the
        // path is plain canonical. A host routed as the first segment is checked here (a host
        // may hold `.`, `..`, `%`, `{` …, which a path spells otherwise).
        var plainCanonical = !parts.pathHasPercent
        if appScheme, !host.isEmpty {
            // `myapp://profile/42` is routed as `/profile/42`: the `/` before the host on.
            // A port (even an empty `:`) would sit between host and path (`routed` drops it).
            guard parts.host.upperBound == parts.path.lowerBound else { return nil }
            path = (parts.host.lowerBound - 1)..<parts.path.upperBound
            // A host spelling a dot segment is `routed`'s to refuse (a plain host never is one).
            guard parts.hostIsPlainSegment || !URLParser.isDotSegment(host) else { return nil }
            plainCanonical = plainCanonical && parts.hostIsPlainSegment
        } else {
            // An app scheme's URL without a host is `routed`'s to refuse or route.
            guard !appScheme || !options.appSchemeHostRequired else { return nil }
            path = parts.path
        }
        // The origin and fragment are read only by routes that match on them (`request(in:reads:)`).
        return InPlaceURL(plainCanonical: plainCanonical, path: path, query: parts.query, parts: parts)
    }

    /// The path and query `input` is routed by: length, URL syntax and origin checked.
    func routed(_ input: String) -> Result<(path: String, query: String?, request: RequestURL?), RouteFailure> {
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
        return .success((routedPath, url.query, request))
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
        if let failure = tooLong(path: path, query: query, fragment: fragment) { return .failure(failure) }
        // The plain door builds the match straight from what it found.
        if fragment == nil {
            switch plainLookup(path: path, query: query, { view, path in view.match(path: path) }) {
            case .matched(let match): return .success(match)
            case .missed: return .failure(RouteFailure(input: path, unmatched: path, query: query, request: nil, router: self))
            case .undecided: break
            }
        }
        return made(input: path) { body in generalLookup(path: path, query: query, fragment: fragment, body) }
    }

    /// The failure for a path, query and fragment longer together than the router's limit.
    @inline(__always)
    private func tooLong(path: String, query: String?, fragment: String?) -> RouteFailure? {
        let length = path.utf8.count + (query?.utf8.count ?? 0) + (fragment?.utf8.count ?? 0)
        guard length > options.limits.maxInputLength else { return nil }
        return RouteFailure(input: path, reason: .inputTooLong(length: length, limit: options.limits.maxInputLength))
    }

    /// The lookup of a path the app trusts (``resolve(path:query:fragment:)``,
    /// ``withMatch(path:query:_:)``): its length checked, the plain door, else made canonical and
    /// the general lookup.
    func lookup(path: String, query: String?, fragment: String?, _ body: MatchSink) -> RouteFailure? {
        if let failure = tooLong(path: path, query: query, fragment: fragment) { return failure }
        if fragment == nil {
            switch plainLookup(path: path, query: query, body) {
            case .matched: return nil
            case .missed: return RouteFailure(input: path, unmatched: path, query: query, request: nil, router: self)
            case .undecided: break
            }
        }
        return generalLookup(path: path, query: query, fragment: fragment, body)
    }

    /// A trusted path's general lookup: made canonical, then the one door.
    private func generalLookup(path: String, query: String?, fragment: String?, _ body: MatchSink) -> RouteFailure? {
        // The fragment as a URL's is matched: its canonical encoding, escapes normalised.
        let request = readsRequest && fragment != nil ? RequestURL(fragment: fragment.map { Self.normalizingEscapes(Canonicalizer.hash($0)) }) : nil
        guard Self.withUTF8(of: path, Self.isCanonical) else {
            return lookup(
                path: Canonicalizer.pathname(path.hasPrefix("/") ? path : "/" + path), query: query, request: request, input: path, body)
        }
        return lookup(path: path, query: query, request: request, input: path, body)
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

    /// What a lookup hands on: the match (borrowed or made) and the normalised path it was
    /// found in (what a made ``RouteMatch`` keeps as its ``RouteMatch/path``).
    typealias MatchSink = (borrowing RouteMatchView, _ path: String) -> Void

    /// Matches a canonical routed path (see `matchChunks`), with a failure that says why.
    func match(path rawPath: String, query: String?, request: RequestURL?, input: String) -> Result<RouteMatch, RouteFailure> {
        if request == nil {
            switch plainLookup(path: rawPath, query: query, { view, path in view.match(path: path) }) {
            case .matched(let match): return .success(match)
            case .missed: return .failure(RouteFailure(input: input, unmatched: rawPath, query: query, request: nil, router: self))
            case .undecided: break
            }
        }
        return made(input: input) { body in lookup(path: rawPath, query: query, request: request, input: input, body) }
    }

    /// What the plain lookup (``plainLookup(path:query:_:)``) decided.
    enum PlainLookup<Found> {
        /// The match, as the caller's closure read it.
        case matched(Found)
        /// No route matches: the failure is "no route", worked out when read.
        case missed
        /// Not a plain case: the general lookup decides.
        case undecided
    }

    /// The common case in one pass, answered as the general lookup (``lookup(path:query:request:input:_:)``)
    /// answers it: a canonical path with nothing to normalise (no escape, no trailing `/`
    /// the table drops, no empty segment it collapses), no attribution item in the query,
    /// matching a plain route whose values are read in place (see ``RouteMatchView``), or
    /// nothing at all. Anything else is `undecided`, and the general lookup starts over.
    /// `found` reads the match (the view, and the path it was found in) into what the caller keeps.
    @inline(__always)
    private func plainLookup<Found>(path: String, query: String?, _ found: (borrowing RouteMatchView, String) -> Found) -> PlainLookup<Found> {
        Self.withUTF8(of: path) { bytes in plainLookup(bytes: bytes, query: query, passing: path, found) }
    }

    /// ``plainLookup(path:query:_:)`` over the path's bytes: `found` reads the match, with
    /// `context` passed on (the path's string, or what the caller makes it from). (Passed,
    /// not captured: a closure around the caller's `found` would cost a call of its own.)
    @inline(__always)
    private func plainLookup<Found, Context>(
        bytes: UnsafeBufferPointer<UInt8>, query: String?, passing context: Context, _ found: (borrowing RouteMatchView, Context) -> Found
    ) -> PlainLookup<Found> {
        guard Self.isPlainCanonical(bytes) else { return .undecided }
        return plainLookup(canonicalBytes: bytes, query: query, passing: context, found)
    }

    /// ``plainLookup(bytes:query:passing:_:)`` for bytes known to be plain canonical
    /// (``isPlainCanonical(_:)``): the URL door knows it from its scan, without a second pass.
    @inline(__always)
    private func plainLookup<Found, Context>(
        canonicalBytes bytes: UnsafeBufferPointer<UInt8>, query: String?, passing context: Context,
        _ found: (borrowing RouteMatchView, Context) -> Found
    ) -> PlainLookup<Found> {
        if let query, options.attribution.split(query, plusIsSpace: options.queryPlusIsSpace) != nil { return .undecided }
        // Nothing the table normalises: no trailing `/` it drops, no empty segment it collapses.
        guard !(options.ignoresTrailingSlash && bytes.count > 1 && bytes[bytes.count - 1] == UInt8(ascii: "/")),
            !(options.collapsesEmptySegments && Self.hasEmptySegment(bytes))
        else { return .undecided }
        if let rank = literalIndex.rank(of: bytes) {
            let layout = layouts[rank]
            guard layout.isPlain else { return .undecided }
            return .matched(found(RouteMatchView(router: self, rank: rank, layout: layout, bytes: bytes, scratch: nil), context))
        }
        // A scratch lent without a closure (whose captures would be retained for the call).
        let bits = scratches.lend()
        defer { scratches.giveBack(bits) }
        guard let pointer = UnsafeRawPointer(bitPattern: bits) else { return .undecided }
        return Unmanaged<MatchScratch>.fromOpaque(pointer)._withUnsafeGuaranteedRef { scratch -> PlainLookup<Found> in
            let first: Int?
            do {
                first = try firstRouteByExpressions(bytes, scratch: scratch)
            } catch {
                return .undecided
            }
            guard let rank = first else { return .missed }
            // (The path has no `%`: its values need no check for escapes.)
            guard hasPlainValues(rank, bytes: bytes, scratch: scratch, escapesChecked: true) else { return .undecided }
            return .matched(found(RouteMatchView(router: self, rank: rank, layout: layouts[rank], bytes: bytes, scratch: scratch), context))
        }
    }

    /// The one door every lookup goes through (`resolve(_:)`, `resolve(path:)`, `withMatch`,
    /// `matches`, `explain`): `body` gets the match, borrowed where it can be (see
    /// ``RouteMatchView``); else the failure is returned.
    func lookup(path rawPath: String, query: String?, request: RequestURL?, input: String, _ body: MatchSink) -> RouteFailure? {
        // Attribution items (`utm_source`, `gclid` …) never reach a route: taken out here, the
        // one door every lookup goes through, and handed back beside the match.
        if let query, let split = options.attribution.split(query, plusIsSpace: options.queryPlusIsSpace) {
            var made: RouteMatch? = nil
            let failure = lookupRouted(path: rawPath, query: split.routed, request: request, input: input) { view, path in
                made = view.match(path: path)
            }
            guard let made else { return failure }
            withUnsafePointer(to: made.with(attribution: split.items)) { body(RouteMatchView(router: self, made: $0), made.path) }
            return nil
        }
        return lookupRouted(path: rawPath, query: query, request: request, input: input, body)
    }

    /// The query routes read: `query` without its attribution items.
    func routedQuery(_ query: String?) -> String? {
        guard let query, let split = options.attribution.split(query, plusIsSpace: options.queryPlusIsSpace) else { return query }
        return split.routed
    }

    private func lookupRouted(path rawPath: String, query: String?, request: RequestURL?, input: String, _ body: MatchSink) -> RouteFailure? {
        // Most paths are already normal: they are matched as they are (no copy to count).
        if needsNormalizing(rawPath) {
            return match(normalized: normalized(rawPath), query: query, request: noting(rawPath, in: request), input: input, body)
        }
        return match(normalized: rawPath, query: query, request: request, input: input, body)
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
    private func hasPlainValues(_ rank: Int, bytes: UnsafeBufferPointer<UInt8>, scratch: MatchScratch, escapesChecked: Bool) -> Bool {
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
    private func firstRouteByExpressions(_ bytes: UnsafeBufferPointer<UInt8>, scratch: MatchScratch) throws -> Int? {
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
