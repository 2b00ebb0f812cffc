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
        return match(path: Self.canonicalPath(path), query: query, input: path)
    }

    /// The path as the URL parser would leave it: percent-encoded with the path set, dot
    /// segments resolved. Already-canonical paths (the common case) are returned as they are.
    static func canonicalPath(_ path: String) -> String {
        let isCanonical = path.utf8.withContiguousStorageIfAvailable { bytes -> Bool in
            guard bytes.first == UInt8(ascii: "/") else { return false }
            // Flags: bytes the path set encodes, "\\", and "." and "%" (which may start a
            // dot segment right after a "/"). Ordinary bytes cost one test each.
            var (low, high) = PercentEncodeSet.path.masks
            high |= 1 << UInt64(UInt8(ascii: "\\") - 64)
            let dotOrPercent: UInt64 = 1 << UInt64(UInt8(ascii: ".")) | 1 << UInt64(UInt8(ascii: "%"))
            low |= dotOrPercent
            for index in bytes.indices {
                let byte = bytes[index]
                let flagged = byte < 64 ? (low >> UInt64(byte)) & 1 : byte < 128 ? (high >> UInt64(byte &- 64)) & 1 : 1
                if flagged == 0 { continue }
                // "." or "%" is fine unless it starts a segment.
                if byte < 64, (dotOrPercent >> UInt64(byte)) & 1 == 1, bytes[index - 1] != UInt8(ascii: "/") { continue }
                return false
            }
            return true
        }
        if isCanonical == true { return path }
        return Canonicalizer.pathname(path.hasPrefix("/") ? path : "/" + path)
    }

    /// The trailing-slash rule and the root.
    func normalized(_ path: String) -> String {
        let count = path.utf8.count
        if count == 0 { return "/" }
        guard options.ignoresTrailingSlash, count > 1 else { return path }
        let trailing = path.utf8.withContiguousStorageIfAvailable { $0[count - 1] == UInt8(ascii: "/") } ?? path.hasSuffix("/")
        return trailing ? String(path.dropLast()) : path
    }

    /// The bytes of a path's first segment (after the leading `/`).
    static func firstSegmentBytes(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard bytes.count > 1 else { return UnsafeBufferPointer(rebasing: bytes[0..<0]) }
        var end = 1
        while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
        return UnsafeBufferPointer(rebasing: bytes[1..<end])
    }

    /// The first segment as the dispatch key: lowercased when paths are case-insensitive.
    func firstSegment(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        let segment = String(decoding: Self.firstSegmentBytes(bytes), as: UTF8.self)
        return options.pathCaseSensitive ? segment : segment.lowercased()
    }

    /// The chunks of the routes whose first segment is the path's.
    func literalChunks(for bytes: UnsafeBufferPointer<UInt8>) -> Range<Int> {
        dispatch.chunks(for: Self.firstSegmentBytes(bytes))
    }

    func isCandidate(_ index: Int, firstSegment: String) -> Bool {
        guard let literal = firstLiterals[index] else { return true }
        return literal == firstSegment
    }

    /// Matches a canonical routed path (see `matchChunks`), with a failure that says why.
    func match(path rawPath: String, query: String?, input: String) -> Result<RouteMatch, RouteFailure> {
        let path = normalized(rawPath)
        var subject = path
        // Failures travel beside the match, so the common case moves only a small value.
        var failure: RouteFailure.Reason? = nil
        let match = subject.withUTF8 { bytes in
            scratches.withScratch { scratch in matchChunks(bytes, path: path, query: query, scratch: scratch, failure: &failure) }
        }
        if let match { return .success(match) }
        if let failure { return .failure(RouteFailure(input: input, reason: failure)) }
        return .failure(RouteFailure(input: input) { [self] in diagnose(path, query: query) })
    }

    /// The chunk expressions first (one match finds the first route in rank order), then —
    /// only if that route's values do not convert — the later candidates one by one. On no
    /// match, `failure` holds the first conversion failure (or the match limit), if any.
    private func matchChunks(
        _ bytes: UnsafeBufferPointer<UInt8>, path: String, query: String?, scratch: MatchScratch, failure: inout RouteFailure.Reason?
    ) -> RouteMatch? {
        var queryItems: QueryItems? = nil
        let literal = literalChunks(for: bytes)
        for position in 0..<(literal.count + otherChunks.count) {
            let regex = chunks[position < literal.count ? literal.lowerBound + position : otherChunks.lowerBound + position - literal.count]
            let matched: Bool
            do {
                matched = try regex.match(bytes, scratch: scratch)
            } catch {
                failure = .limitExceeded
                return nil
            }
            guard matched, let routeIndex = scratch.markNumber, routeIndex < routes.count else { continue }
            if let match = convert(routes[routeIndex], scratch: scratch, bytes: bytes, path: path, query: query, items: &queryItems, failure: &failure) {
                return match
            }
            return slowPath(
                after: routeIndex, path: path, bytes: bytes, scratch: scratch, segment: firstSegment(bytes), query: query,
                items: &queryItems, failure: &failure)
        }
        return nil
    }

    /// Tries the candidates ranked after `index` one by one with their own expressions.
    private func slowPath(
        after index: Int, path: String, bytes: UnsafeBufferPointer<UInt8>, scratch: MatchScratch, segment: String, query: String?,
        items: inout QueryItems?, failure: inout RouteFailure.Reason?
    ) -> RouteMatch? {
        for candidate in (index + 1)..<routes.count where isCandidate(candidate, firstSegment: segment) {
            let route = routes[candidate]
            do {
                guard let regex = regex(of: candidate), try regex.match(bytes, scratch: scratch) else { continue }
            } catch {
                failure = .limitExceeded
                return nil
            }
            var later: RouteFailure.Reason? = nil
            if let match = convert(route, scratch: scratch, bytes: bytes, path: path, query: query, items: &items, failure: &later) {
                return match
            }
            // The first failure is the one reported.
            if failure == nil { failure = later }
        }
        return nil
    }

    /// Converts a matched route's values, read from the groups `scratch` holds for `bytes`;
    /// a failure says which value and why.
    func convert(
        _ route: Route, scratch: MatchScratch, bytes: UnsafeBufferPointer<UInt8>, path: String, query: String?,
        items: inout QueryItems?, failure: inout RouteFailure.Reason?
    ) -> RouteMatch? {
        var names: [String]? = nil
        let parameters = route.parameters
        var values: [RouteValue] = []
        values.reserveCapacity(parameters.count)
        for index in parameters.indices {
            guard let range = scratch.range(ofGroup: index + 1) else {
                // A group that did not participate: the names are no longer all of them.
                if names == nil { names = parameters[..<index].map(\.name) }
                continue
            }
            let raw = UnsafeBufferPointer(rebasing: bytes[range])
            // Types are matched in place (no copy of the parameter) for the common cases.
            switch parameters[index].type {
            case .int:
                if let number = Self.decimalInt(raw) {
                    values.append(.int(number))
                    names?.append(parameters[index].name)
                    continue
                }
            case .string:
                if !raw.contains(0x25) {
                    // Nothing to decode: canonical path bytes are valid UTF-8.
                    values.append(.string(String(decoding: raw, as: UTF8.self)))
                    names?.append(parameters[index].name)
                    continue
                }
            default:
                break
            }
            let parameter = parameters[index]
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
        var queryNames: [String] = []
        var queryValues: [RouteValue] = []
        if !route.query.isEmpty {
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
        }
        return RouteMatch(
            route: route, parameters: names.map { RouteParameters(names: $0, values: values) } ?? RouteParameters(parameters: route.parameters, values: values),
            query: RouteParameters(names: queryNames, values: queryValues), path: path)
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
                segments.append(segment)
            }
            return .success(.path(segments))
        }
        guard let decoded = percentDecoded(text[...]) else { return .failure(.invalidEncoding) }
        guard let value = type.convert(decoded) else { return .failure(.notConvertible(decoded: decoded)) }
        return .success(value)
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
