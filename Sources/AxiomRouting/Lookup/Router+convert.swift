@_spi(Lookup) import AxiomURLPattern

/// From a match to typed values: the path's segments or the expression's groups, then the
/// query, each converted to its declared type.
extension Router {
    /// Converts the values of the route at `rank`, read from the path's segments (see
    /// ``RouteLayout``) or else from the groups `scratch` holds for `bytes` (no scratch: the
    /// route has no path parameters); a failure says which value and why. `readsSegments`
    /// false reads the groups of the route's own expression even for a whole-segment route.
    func convert(
        _ rank: Int, scratch: MatchScratch?, bytes: UnsafeBufferPointer<UInt8>, path: String, query: String?, request: RequestURL?,
        items: inout QueryItems?, failure: inout RouteFailure.Reason?, readsSegments: Bool = true
    ) -> RouteMatch? {
        // The route is read once and moves into the match; its layout says where the values
        // are and of which type, so the common case never reads the parameter list.
        let route = entries[rank]
        let layout = layouts[rank]
        let count = layout.parameterCount ?? route.pathParameterCount
        var names: [String]? = nil
        // The common case: each value a string or an int in a segment of its own, read
        // straight from the path. Anything else (or a value the general rules must see: an
        // escape, an int that is not plain digits) takes the loop below.
        if readsSegments, layout.readsInPlace, let values = Self.segmentValues(bytes, layout: layout) {
            return finish(
                route, rank: rank, hasQuery: layout.hasQuery, values: values, names: nil, path: path, query: query, request: request, items: &items,
                failure: &failure)
        }
        var values: [RouteValue] = []
        if count > 0 { values.reserveCapacity(count) }
        // Values in whole segments are read from the path: the segments' ends, in order.
        var segments = SegmentCursor(mask: readsSegments ? layout.segmentMask : 0)
        for index in 0..<count {
            guard let range = segments.mask != 0 ? segments.next(in: bytes) : scratch?.range(ofGroup: index + 1),
                !range.isEmpty || !route.parameterList[index].emptyIsAbsent
            else {
                // A group that did not participate: the names are no longer all of them.
                if names == nil { names = route.parameterList[..<index].map(\.name) }
                continue
            }
            let raw = UnsafeBufferPointer(rebasing: bytes[range])
            let code = layout.parameterCount == nil ? RouteLayout.otherType : layout.typeCode(index)
            if let value = Self.inPlaceValue(raw, code: code) {
                values.append(value)
                names?.append(route.parameterList[index].name)
                continue
            }
            let parameter = route.parameterList[index]
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
        return finish(
            route, rank: rank, hasQuery: layout.hasQuery, values: values, names: names, path: path, query: query, request: request, items: &items,
            failure: &failure)
    }

    /// The one end of every match, however its path values were read: a route without query
    /// items as it is, a `to-end` route with the raw query and fragment after its last value,
    /// else the query's items converted; then landed on its target and checked against the
    /// request (origin, scheme, fragment).
    @inline(__always)
    func finish(
        _ route: Route, rank: Int, hasQuery: Bool, values: [RouteValue], names: [String]?, path: String, query: String?, request: RequestURL?,
        items: inout QueryItems?, failure: inout RouteFailure.Reason?
    ) -> RouteMatch? {
        let match: RouteMatch
        if !hasQuery {
            match = RouteMatch(route: route, values: values, names: names, query: nil, path: path)
        } else if route.storage.pathRunsToEnd {
            let values = Self.runningToEnd(values, names: names, route: route, query: query, fragment: request?.fragment)
            match = RouteMatch(route: route, values: values, names: names, query: nil, path: path)
        } else {
            var dropped: RouteParameters? = nil
            guard let query = queryParameters(of: route, query: query, items: &items, failure: &failure, dropped: &dropped) else { return nil }
            match = RouteMatch(route: route, values: values, names: names, query: query, path: path, dropped: dropped)
        }
        return requestChecked(landed(match), entry: route, rank: rank, request: request, failure: &failure)
    }

    /// `values` with the URL's raw query and its fragment after the last one, when that is the
    /// route's `to-end` value (`param feed string to-end`: `host/rss/123`, `key=value` and `top`
    /// are `host/rss/123?key=value#top`). Unchanged without either, or when that value is absent.
    static func runningToEnd(_ values: [RouteValue], names: [String]?, route: Route, query: String?, fragment: String?) -> [RouteValue] {
        guard query != nil || fragment != nil, route.pathParameterCount > 0, case let parameter = route.parameterList[route.pathParameterCount - 1],
            parameter.runsToEnd,
            case .string(let text)? = values.last, (names?.last ?? parameter.name) == parameter.name
        else { return values }
        var values = values
        values[values.count - 1] = .string(text + (query.map { "?" + $0 } ?? "") + (fragment.map { "#" + $0 } ?? ""))
        return values
    }

    /// The values of a route whose parameters ``RouteLayout/readsInPlace``, read from the
    /// segments its layout selects; nil when one is not read in place.
    @inline(__always)
    static func segmentValues(_ bytes: UnsafeBufferPointer<UInt8>, layout: RouteLayout) -> [RouteValue]? {
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
        if code == RouteLayout.intType { return PathBytes.decimalInt(raw).map(RouteValue.int) }
        if code == RouteLayout.stringType, !raw.contains(0x25) { return .string(PathBytes.string(raw)) }
        return nil
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
        guard text.utf8.contains(0x25), type.hasSegmentShape else { return true }
        guard case .enumeration(let values) = type else { return false }
        return values.contains { Canonicalizer.pathname("/" + $0).dropFirstScalar == text }
    }

    /// Strict percent-decoding: every `%` starts two hex digits, and the bytes are UTF-8.
    static func percentDecoded(_ text: Substring) -> String? {
        guard text.utf8.contains(0x25) else { return String(text) }
        return percentDecode(text.utf8, strict: true).flatMap { String(validating: $0, as: UTF8.self) }
    }
}

