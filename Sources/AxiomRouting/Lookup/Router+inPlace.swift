@_spi(Lookup) import AxiomURLPattern

/// The lookup read in place: a URL in the common shape scanned without a URL record
/// (``InPlaceURL``), and the plain lookup (``PlainLookup``) that answers the common case in one
/// pass over the path's bytes, as the general lookup would.
extension Router {
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
    func scannedInPlace(_ bytes: UnsafeBufferPointer<UInt8>) -> InPlaceURL? {
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

    /// What the plain lookup (``plainLookup(path:query:_:)``) decided.
    enum PlainLookup<Found> {
        /// The match, as the caller's closure read it.
        case matched(Found)
        /// No route matches: the failure is "no route", worked out when read.
        case missed
        /// Not a plain case: the general lookup decides.
        case undecided
    }

    /// The common case in one pass, answered as the general lookup (``lookup(_:_:)``)
    /// answers it: a canonical path with nothing to normalise (no escape, no trailing `/`
    /// the table drops, no empty segment it collapses), no attribution item in the query,
    /// matching a plain route whose values are read in place (see ``RouteMatchView``), or
    /// nothing at all. Anything else is `undecided`, and the general lookup starts over.
    /// `found` reads the match (the view, and the path it was found in) into what the caller keeps.
    @inline(__always)
    func plainLookup<Found>(path: String, query: String?, _ found: (borrowing RouteMatchView, String) -> Found) -> PlainLookup<Found> {
        Self.withUTF8(of: path) { bytes in plainLookup(bytes: bytes, query: query, passing: path, found) }
    }

    /// ``plainLookup(path:query:_:)`` over the path's bytes: `found` reads the match, with
    /// `context` passed on (the path's string, or what the caller makes it from). (Passed,
    /// not captured: a closure around the caller's `found` would cost a call of its own.)
    @inline(__always)
    func plainLookup<Found, Context>(
        bytes: UnsafeBufferPointer<UInt8>, query: String?, passing context: Context, _ found: (borrowing RouteMatchView, Context) -> Found
    ) -> PlainLookup<Found> {
        guard Self.isPlainCanonical(bytes) else { return .undecided }
        return plainLookup(canonicalBytes: bytes, query: query, passing: context, found)
    }

    /// ``plainLookup(bytes:query:passing:_:)`` for bytes known to be plain canonical
    /// (``isPlainCanonical(_:)``): the URL door knows it from its scan, without a second pass.
    @inline(__always)
    func plainLookup<Found, Context>(
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

}
