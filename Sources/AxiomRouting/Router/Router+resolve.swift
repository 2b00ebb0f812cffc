extension Router {
    /// Resolves a URL: checks its length and origin, routes its path (see ``Origin`` for
    /// how app-scheme hosts become the first segment) and converts its parameters.
    ///
    /// Never crashes and never returns a bare nil: a URL that does not resolve gives a
    /// ``RouteFailure`` that says why.
    public func resolve(_ input: String) -> Result<RouteMatch, RouteFailure> {
        switch routed(input) {
        case .success(let (path, query)): return match(path: path, query: query, input: input)
        case .failure(let failure): return .failure(failure)
        }
    }

    /// The path and query `input` is routed by: length, URL syntax and origin checked.
    func routed(_ input: String) -> Result<(path: String, query: String?), RouteFailure> {
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
        if !origins.isEmpty {
            guard let origin = origins.first(where: { $0.accepts(url) }) else {
                let host = Origin.host(of: url)
                let origin = host.isEmpty ? url.scheme + ":" : url.scheme + "://" + host + (url.port.map { ":\($0)" } ?? "")
                return .failure(RouteFailure(input: input, reason: .originNotAccepted(origin: origin, accepted: origins.map(\.description))))
            }
            appScheme = origin.hosts == .appScheme
        }
        return .success((Origin.routedPath(of: url, appScheme: appScheme), url.query))
    }

    /// Resolves a path (and raw query string) directly, without origin checks: what an app
    /// does with a path it already trusts, and what routers are compared on.
    public func resolve(path: String, query: String? = nil) -> Result<RouteMatch, RouteFailure> {
        let length = path.utf8.count + (query?.utf8.count ?? 0)
        guard length <= options.limits.maxInputLength else {
            return .failure(RouteFailure(input: path, reason: .inputTooLong(length: length, limit: options.limits.maxInputLength)))
        }
        guard Self.withUTF8(of: path, Self.isCanonical) else {
            return match(path: Canonicalizer.pathname(path.hasPrefix("/") ? path : "/" + path), query: query, input: path)
        }
        return match(path: path, query: query, input: path)
    }

    /// The path as the URL parser would leave it: percent-encoded with the path set, dot
    /// segments resolved. Already-canonical paths (the common case) are returned as they are.
    static func canonicalPath(_ path: String) -> String {
        if withUTF8(of: path, isCanonical) { return path }
        return Canonicalizer.pathname(path.hasPrefix("/") ? path : "/" + path)
    }

    /// Bytes that may make a path non-canonical: those the path set encodes, a backslash, and `.`
    /// and `%` (which may start a dot segment right after a `/`); everything else is `0`.
    private static let pathFlags: [UInt8] = (0...255).map { byte -> UInt8 in
        if byte == UInt8(ascii: ".") || byte == UInt8(ascii: "%") { return 2 }
        if byte == UInt8(ascii: "\\") || byte >= 128 { return 1 }
        let (low, high) = PercentEncodeSet.path.masks
        return (byte < 64 ? (low >> UInt64(byte)) & 1 : (high >> UInt64(byte - 64)) & 1) == 1 ? 1 : 0
    }

    /// Whether the URL parser would leave `bytes` as they are: a leading `/`, nothing the path
    /// set encodes, no dot segment. Eight bytes at a time: their flags are OR-ed, and only a
    /// group with a flagged byte is looked at byte by byte.
    static func isCanonical(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard bytes.first == UInt8(ascii: "/"), let base = bytes.baseAddress else { return false }
        return pathFlags.withUnsafeBufferPointer { table in
            guard let flags = table.baseAddress else { return false }
            /// The bytes in `range` one by one: "." or "%" is fine unless it starts a segment.
            func check(_ range: Range<Int>) -> Bool {
                for index in range {
                    let flag = flags[Int(base[index])]
                    if flag == 1 || flag == 2 && base[index - 1] == UInt8(ascii: "/") { return false }
                }
                return true
            }
            /// The eight bytes from `index`: their flags OR-ed, and byte by byte only if one is set.
            func group(_ index: Int) -> Bool {
                let any =
                    flags[Int(base[index])] | flags[Int(base[index + 1])] | flags[Int(base[index + 2])] | flags[Int(base[index + 3])]
                    | flags[Int(base[index + 4])] | flags[Int(base[index + 5])] | flags[Int(base[index + 6])] | flags[Int(base[index + 7])]
                return any == 0 || check(index..<index + 8)
            }
            guard bytes.count >= 8 else { return check(1..<bytes.count) }
            var index = 0
            while index + 8 <= bytes.count {
                if !group(index) { return false }
                index += 8
            }
            // The last bytes as one more group that overlaps the previous one.
            return index == bytes.count || group(bytes.count - 8)
        }
    }

    /// `body` over the string's UTF-8 bytes, in place when the string is contiguous.
    @inline(__always)
    static func withUTF8<Result>(of string: String, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if let result = string.utf8.withContiguousStorageIfAvailable(body) { return result }
        var copy = string
        return copy.withUTF8(body)
    }

    /// The one spelling a path is matched in: the root for an empty path, the trailing-slash
    /// rule, and percent-encoding normalised as RFC 3986 §6.2.2 says — an escape of an
    /// unreserved character is decoded (`%77` is `w`, `%7E` is `~`), the hex digits of every
    /// other escape are upper case (`%2f` is `%2F`). So a route is reached under one spelling
    /// only: `/settings/account/pass%77ord` is `/settings/account/password`.
    func normalized(_ path: String) -> String {
        guard needsNormalizing(path) else { return path }
        var path = path.isEmpty ? "/" : path
        if Self.withUTF8(of: path, { PathBytes.firstIndex(of: 0x25, in: $0) < $0.count }) { path = Self.normalizingEscapes(path) }
        if options.ignoresTrailingSlash, path.utf8.count > 1, path.utf8.last == UInt8(ascii: "/") { path = String(path.dropLast()) }
        return path
    }

    /// Whether ``normalized(_:)`` may change `path`: it is empty, it ends in a `/` that the
    /// trailing-slash rule drops, or it has an escape.
    @inline(__always)
    private func needsNormalizing(_ path: String) -> Bool {
        let count = path.utf8.count
        if count == 0 { return true }
        return Self.withUTF8(of: path) { bytes in
            options.ignoresTrailingSlash && count > 1 && bytes[count - 1] == UInt8(ascii: "/")
                || PathBytes.firstIndex(of: 0x25, in: bytes) < count
        }
    }

    /// `%XX` escapes decoded when they stand for an unreserved character (ALPHA, DIGIT, `-`,
    /// `.`, `_`, `~`), upper-cased otherwise; a `%` not followed by two hex digits is left as
    /// it is (its value fails to decode later, with a reason).
    static func normalizingEscapes(_ path: String) -> String {
        // Most escapes are already canonical (upper-case hex of a reserved or non-ASCII byte):
        // then the path is returned as it is, without a copy.
        let changes = withUTF8(of: path) { bytes -> Bool in
            var index = PathBytes.firstIndex(of: 0x25, in: bytes)
            while index + 2 < bytes.count {
                if let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) {
                    if isUnreserved(high << 4 | low) || bytes[index + 1] >= 0x61 || bytes[index + 2] >= 0x61 { return true }
                    index += 3
                } else {
                    index += 1
                }
                index = PathBytes.firstIndex(of: 0x25, in: bytes, from: index)
            }
            return false
        }
        guard changes else { return path }
        var bytes = Array(path.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte == 0x25, index + 2 < bytes.count, let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else {
                output.append(byte)
                index += 1
                continue
            }
            let decoded = high << 4 | low
            if isUnreserved(decoded) {
                output.append(decoded)
            } else {
                bytes[index + 1] = upperHex(high)
                bytes[index + 2] = upperHex(low)
                output.append(contentsOf: bytes[index...(index + 2)])
            }
            index += 3
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// RFC 3986 §2.3: `ALPHA / DIGIT / "-" / "." / "_" / "~"`.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case 0x41...0x5A, 0x61...0x7A, 0x30...0x39, 0x2D, 0x2E, 0x5F, 0x7E: return true
        default: return false
        }
    }

    private static func upperHex(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x41 + value - 10 }

    /// The bytes of a path's first segment (after the leading `/`).
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

    func isCandidate(_ index: Int, firstSegment: String) -> Bool {
        guard let literal = firstLiterals[index] else { return true }
        return literal == firstSegment
    }

    /// Matches a canonical routed path (see `matchChunks`), with a failure that says why.
    func match(path rawPath: String, query: String?, input: String) -> Result<RouteMatch, RouteFailure> {
        // Most paths are already normal: they are matched as they are (no copy to count).
        if needsNormalizing(rawPath) { return match(normalized: normalized(rawPath), query: query, input: input) }
        return match(normalized: rawPath, query: query, input: input)
    }

    private func match(normalized path: String, query: String?, input: String) -> Result<RouteMatch, RouteFailure> {
        // Failures travel beside the match, so the common case moves only a small value.
        var failure: RouteFailure.Reason? = nil
        let match = Self.withUTF8(of: path) { bytes -> RouteMatch? in
            // A literal route needs no expression. Should its query not convert, that is the
            // first failure, and the expressions (which leave it out) find the next candidate:
            // every other route matching the path ranks after it.
            if let rank = literalIndex.rank(of: bytes) {
                var items: QueryItems? = nil
                if let match = convert(rank, scratch: nil, bytes: bytes, path: path, query: query, items: &items, failure: &failure) {
                    return match
                }
            }
            return scratches.withScratch { scratch in matchChunks(bytes, path: path, query: query, scratch: scratch, failure: &failure) }
        }
        if let match { return .success(match) }
        if let failure { return .failure(RouteFailure(input: input, reason: failure)) }
        return .failure(RouteFailure(input: input, unmatched: path, query: query, router: self))
    }

    /// The chunk expressions first (one match finds the first route in rank order), then —
    /// only if that route's values do not convert — the later candidates one by one. On no
    /// match, `failure` holds the first conversion failure (or the match limit), if any.
    private func matchChunks(
        _ bytes: UnsafeBufferPointer<UInt8>, path: String, query: String?, scratch: MatchScratch, failure: inout RouteFailure.Reason?
    ) -> RouteMatch? {
        var queryItems: QueryItems? = nil
        let literal = literalChunks(for: bytes)
        let routeIndex: Int? = chunkHandles.withUnsafeBufferPointer { handles in
            for position in 0..<(literal.count + otherChunks.count) {
                let chunk = position < literal.count ? literal.lowerBound + position : otherChunks.lowerBound + position - literal.count
                do {
                    guard try handles[chunk].match(bytes, scratch: scratch) else { continue }
                } catch {
                    failure = .limitExceeded
                    return nil
                }
                if let routeIndex = scratch.markNumber, routeIndex < routes.count { return routeIndex }
            }
            return nil
        }
        guard let routeIndex else { return nil }
        // The first failure is the one reported.
        var later: RouteFailure.Reason? = nil
        if let match = convert(routeIndex, scratch: scratch, bytes: bytes, path: path, query: query, items: &queryItems, failure: &later) {
            return match
        }
        if failure == nil { failure = later }
        return slowPath(
            after: routeIndex, path: path, bytes: bytes, scratch: scratch, segment: firstSegment(bytes), query: query,
            items: &queryItems, failure: &failure)
    }

    /// Tries the candidates ranked after `index` one by one with their own expressions.
    private func slowPath(
        after index: Int, path: String, bytes: UnsafeBufferPointer<UInt8>, scratch: MatchScratch, segment: String, query: String?,
        items: inout QueryItems?, failure: inout RouteFailure.Reason?
    ) -> RouteMatch? {
        for candidate in (index + 1)..<routes.count where isCandidate(candidate, firstSegment: segment) {
            do {
                guard let regex = regex(of: candidate), try regex.match(bytes, scratch: scratch) else { continue }
            } catch {
                failure = .limitExceeded
                return nil
            }
            var later: RouteFailure.Reason? = nil
            if let match = convert(candidate, scratch: scratch, bytes: bytes, path: path, query: query, items: &items, failure: &later) {
                return match
            }
            // The first failure is the one reported.
            if failure == nil { failure = later }
        }
        return nil
    }

    /// Converts the values of the route at `rank`, read from the path's segments (see
    /// ``RouteLayout``) or else from the groups `scratch` holds for `bytes` (no scratch: the
    /// route has no path parameters); a failure says which value and why. `readsSegments`
    /// false reads the groups of the route's own expression even for a whole-segment route.
    func convert(
        _ rank: Int, scratch: MatchScratch?, bytes: UnsafeBufferPointer<UInt8>, path: String, query: String?,
        items: inout QueryItems?, failure: inout RouteFailure.Reason?, readsSegments: Bool = true
    ) -> RouteMatch? {
        // The route is read once and moves into the match; its layout says where the values
        // are and of which type, so the common case never reads the parameter list.
        let route = routes[rank]
        let layout = layouts[rank]
        let count = layout.parameterCount ?? route.parameters.count
        var names: [String]? = nil
        // The common case: each value a string or an int in a segment of its own, read
        // straight from the path. Anything else (or a value the general rules must see: an
        // escape, an int that is not plain digits) takes the loop below.
        if readsSegments, layout.readsInPlace, let values = Self.segmentValues(bytes, layout: layout) {
            guard layout.hasQuery else { return RouteMatch(route: route, values: values, names: nil, query: nil, path: path) }
            guard let query = queryParameters(of: route, query: query, items: &items, failure: &failure) else { return nil }
            return RouteMatch(route: route, values: values, names: nil, query: query, path: path)
        }
        var values: [RouteValue] = []
        if count > 0 { values.reserveCapacity(count) }
        // Values in whole segments are read from the path: the segments' ends, in order.
        var segments = SegmentCursor(mask: readsSegments ? layout.segmentMask : 0)
        for index in 0..<count {
            guard let range = segments.mask != 0 ? segments.next(in: bytes) : scratch?.range(ofGroup: index + 1) else {
                // A group that did not participate: the names are no longer all of them.
                if names == nil { names = route.parameters[..<index].map(\.name) }
                continue
            }
            let raw = UnsafeBufferPointer(rebasing: bytes[range])
            let code = layout.parameterCount == nil ? RouteLayout.otherType : layout.typeCode(index)
            if let value = Self.inPlaceValue(raw, code: code) {
                values.append(value)
                names?.append(route.parameters[index].name)
                continue
            }
            let parameter = route.parameters[index]
            let text = String(decoding: raw, as: UTF8.self)
            switch Self.value(of: text, as: parameter.type) {
            case .success(let value): values.append(value)
            case .failure(.invalidEncoding):
                failure = .invalidPercentEncoding(route: route.name, parameter: parameter.name, value: text)
                return nil
            case .failure(.notConvertible(let decoded)):
                failure = .conversionFailed(route: route.name, parameter: parameter.name, value: decoded, expected: parameter.type)
                return nil
            }
            names?.append(parameter.name)
        }
        guard layout.hasQuery else { return RouteMatch(route: route, values: values, names: names, query: nil, path: path) }
        guard let query = queryParameters(of: route, query: query, items: &items, failure: &failure) else { return nil }
        return RouteMatch(route: route, values: values, names: names, query: query, path: path)
    }

    /// The values of a route whose parameters ``RouteLayout/readsInPlace``, read from the
    /// segments its layout selects; nil when one is not read in place.
    @inline(__always)
    private static func segmentValues(_ bytes: UnsafeBufferPointer<UInt8>, layout: RouteLayout) -> [RouteValue]? {
        let count = layout.parameterCount ?? 0
        var values: [RouteValue] = []
        values.reserveCapacity(count)
        var segments = SegmentCursor(mask: layout.segmentMask)
        for index in 0..<count {
            guard let range = segments.next(in: bytes),
                let value = inPlaceValue(UnsafeBufferPointer(rebasing: bytes[range]), code: layout.typeCode(index))
            else { return nil }
            values.append(value)
        }
        return values
    }

    /// A value converted in place: a string without escapes (nothing to decode: canonical
    /// path bytes are ASCII) or a decimal int. Nil for anything the general rules must see.
    @inline(__always)
    private static func inPlaceValue(_ raw: UnsafeBufferPointer<UInt8>, code: UInt64) -> RouteValue? {
        if code == RouteLayout.intType { return decimalInt(raw).map(RouteValue.int) }
        if code == RouteLayout.stringType, !raw.contains(0x25) { return .string(string(raw)) }
        return nil
    }

    /// The query parameters of `route` (defaults applied), or nil with the failure that says
    /// which one did not convert or is missing.
    private func queryParameters(
        of route: Route, query: String?, items: inout QueryItems?, failure: inout RouteFailure.Reason?
    ) -> RouteParameters? {
        var queryNames: [String] = []
        var queryValues: [RouteValue] = []
        if items == nil { items = QueryItems(query ?? "") }
        for parameter in route.query {
            if let text = items?.first(parameter.name) {
                guard let decoded = QueryItems.decoded(text) else {
                    failure = .invalidPercentEncoding(route: route.name, parameter: parameter.name, value: String(text))
                    return nil
                }
                guard let value = parameter.type.convert(decoded) else {
                    failure = .conversionFailed(route: route.name, parameter: parameter.name, value: decoded, expected: parameter.type)
                    return nil
                }
                queryNames.append(parameter.name)
                queryValues.append(value)
            } else if let value = parameter.defaultValue {
                queryNames.append(parameter.name)
                queryValues.append(value)
            } else if parameter.isRequired {
                failure = .missingQueryParameter(route: route.name, parameter: parameter.name)
                return nil
            }
        }
        return RouteParameters(names: queryNames, values: queryValues)
    }

    enum ValueError: Error {
        case invalidEncoding
        case notConvertible(decoded: String)
    }

    /// A raw (percent-encoded) path value decoded and converted to `type`.
    static func value(of text: String, as type: ParameterType) -> Result<RouteValue, ValueError> {
        if type == .path {
            var segments: [String] = []
            for piece in text.split(separator: "/", omittingEmptySubsequences: false) {
                guard let segment = percentDecoded(piece) else { return .failure(.invalidEncoding) }
                // An encoded `/` inside a segment cannot be told apart from a separator once
                // the value is a list of segments: `a%2Fb` would read as `a/b`, another
                // spelling of another path. Not a path value.
                if segment.utf8.contains(UInt8(ascii: "/")) { return .failure(.notConvertible(decoded: text)) }
                segments.append(segment)
            }
            return .success(.path(segments))
        }
        guard let decoded = percentDecoded(text[...]) else { return .failure(.invalidEncoding) }
        guard let value = type.convert(decoded), matchesShape(text, of: type) else { return .failure(.notConvertible(decoded: decoded)) }
        return .success(value)
    }

    /// Whether a value as the URL writes it has its type's shape (``ParameterType/segmentRegexp``),
    /// as the table's expressions check it: numbers, booleans and UUIDs are written without
    /// escapes (`%34%32` is not the int 42), an enum value as its canonical path form. So a
    /// route's own expression with this check agrees with the table's.
    static func matchesShape(_ text: String, of type: ParameterType) -> Bool {
        guard type.segmentRegexp != nil, text.utf8.contains(0x25) else { return true }
        guard case .enumeration(let values) = type else { return false }
        return values.contains { Canonicalizer.pathname("/" + $0).dropFirstScalar == text }
    }

    /// Path bytes (ASCII: canonical paths are) as a `String`, copied in place: for up to
    /// fifteen bytes the standard library checks only that they are ASCII, where
    /// `String(decoding:as:)` validates them as UTF-8 first.
    @inline(__always)
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { buffer in
            guard let target = buffer.baseAddress, let source = bytes.baseAddress else { return 0 }
            target.update(from: source, count: bytes.count)
            return bytes.count
        }
    }

    /// An optionally signed run of ASCII digits as an `Int`, without making a `String`; nil
    /// for anything else (or on overflow), which then takes the general path.
    static func decimalInt(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let first = bytes.first else { return nil }
        var index = 0
        let negative = first == UInt8(ascii: "-")
        if negative || first == UInt8(ascii: "+") { index = 1 }
        guard index < bytes.count, bytes.count - index <= 18 else { return nil }
        var value = 0
        while index < bytes.count {
            let digit = bytes[index] &- 0x30
            guard digit < 10 else { return nil }
            value = value * 10 + Int(digit)
            index += 1
        }
        return negative ? -value : value
    }

    /// Strict percent-decoding: every `%` starts two hex digits, and the bytes are UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        guard text.utf8.contains(0x25) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        var iterator = text.utf8.makeIterator()
        while let byte = iterator.next() {
            if byte == 0x25 {
                guard let high = iterator.next().flatMap(hexValue), let low = iterator.next().flatMap(hexValue) else { return nil }
                bytes.append(high << 4 | low)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }
}

/// Walks a path's segments to those a mask selects (bit *i*: segment *i*, counted from the
/// first `/`), giving each one's byte range.
struct SegmentCursor {
    var mask: UInt32
    /// Where the next segment starts (just after its `/`), and its number.
    private var start = 1
    private var number: UInt32 = 0

    init(mask: UInt32) { self.mask = mask }

    /// The range of the next selected segment, or nil when there is none.
    mutating func next(in bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        while start <= bytes.count {
            let selected = number < 32 && mask & (1 << number) != 0
            let end = PathBytes.nextSlash(in: bytes, from: start)
            let range = start..<end
            start = end + 1
            number += 1
            if selected { return range }
        }
        return nil
    }
}

/// A query string split into `name=value` items, in order, still encoded.
struct QueryItems {
    private var items: [(name: Substring, value: Substring)] = []

    init(_ query: String) {
        for item in query.split(separator: "&", omittingEmptySubsequences: true) {
            if let equals = item.firstIndex(of: "=") {
                items.append((item[..<equals], item[item.index(after: equals)...]))
            } else {
                items.append((item, item[item.endIndex...]))
            }
        }
    }

    /// The first value of `name` (names compare after decoding).
    func first(_ name: String) -> Substring? {
        items.first { $0.name == name[...] || decoded($0.name) == name }?.value
    }

    private func decoded(_ text: Substring) -> String? { Self.decoded(text) }

    /// `application/x-www-form-urlencoded` decoding: `+` is a space, then strict
    /// percent-decoding.
    static func decoded(_ text: Substring) -> String? {
        guard text.utf8.contains(UInt8(ascii: "+")) else { return Router.percentDecoded(text) }
        return Router.percentDecoded(Substring(String(text.map { $0 == "+" ? " " : $0 })))
    }
}
