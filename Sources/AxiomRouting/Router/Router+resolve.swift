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
        var previous: UInt8 = 0
        var needsWork = path.utf8.first != UInt8(ascii: "/")
        for byte in path.utf8 {
            if PercentEncodeSet.path.contains(byte) || byte == UInt8(ascii: "\\")
                || previous == UInt8(ascii: "/") && (byte == UInt8(ascii: ".") || byte == UInt8(ascii: "%"))
            {
                needsWork = true
                break
            }
            previous = byte
        }
        guard needsWork else { return path }
        return Canonicalizer.pathname(path.hasPrefix("/") ? path : "/" + path)
    }

    /// The trailing-slash rule and the root.
    func normalized(_ path: String) -> String {
        if path.isEmpty { return "/" }
        if options.ignoresTrailingSlash, path.utf8.count > 1, path.utf8.last == UInt8(ascii: "/") { return String(path.dropLast()) }
        return path
    }

    /// The first segment, the key of the literal dispatch.
    func firstSegment(of path: String) -> Substring {
        let rest = path.dropFirst()
        let segment = rest[..<(rest.firstIndex(of: "/") ?? rest.endIndex)]
        return segment
    }

    func isCandidate(_ index: Int, firstSegment: String) -> Bool {
        guard let literal = compiled[index].firstLiteral else { return true }
        return literal == firstSegment
    }

    /// Matches a canonical routed path: the chunk expressions first (one match finds the
    /// first route in rank order), then — only if that route's values do not convert — the
    /// later candidates one by one.
    func match(path rawPath: String, query: String?, input: String) -> Result<RouteMatch, RouteFailure> {
        let path = normalized(rawPath)
        var subject = path
        var segment = String(firstSegment(of: path))
        if !options.pathCaseSensitive { segment = segment.lowercased() }
        let chunkIndices = (literalChunks[segment] ?? []) + otherChunks
        var queryItems: QueryItems? = nil
        var firstFailure: RouteFailure.Reason? = nil
        let outcome: Result<RouteMatch, RouteFailure.Reason>? = scratches.withScratch { (scratch) -> Result<RouteMatch, RouteFailure.Reason>? in
            subject.withUTF8 { (bytes) -> Result<RouteMatch, RouteFailure.Reason>? in
                for chunkIndex in chunkIndices {
                    let matched: Bool
                    do {
                        matched = try chunks[chunkIndex].regex.match(bytes, scratch: scratch)
                    } catch {
                        return .failure(.limitExceeded)
                    }
                    guard matched, let routeIndex = scratch.markNumber, routeIndex < compiled.count else { continue }
                    let route = compiled[routeIndex]
                    let raw = (0..<route.groups.count).map { group in
                        scratch.range(ofGroup: group + 1).map { String(decoding: bytes[$0], as: UTF8.self) }
                    }
                    switch convert(route, raw: raw, path: path, query: query, items: &queryItems) {
                    case .success(let match): return .success(match)
                    case .failure(let reason):
                        firstFailure = reason
                        return slowPath(after: routeIndex, path: path, bytes: bytes, scratch: scratch, segment: segment, query: query, items: &queryItems)
                    }
                }
                return nil
            }
        }
        switch outcome {
        case .success(let match)?: return .success(match)
        case .failure(let reason)?:
            return .failure(RouteFailure(input: input, reason: reason == .limitExceeded ? reason : firstFailure ?? reason))
        case nil:
            if let firstFailure { return .failure(RouteFailure(input: input, reason: firstFailure)) }
            let segment = segment
            return .failure(RouteFailure(input: input) { [self] in diagnose(path, query: query, segment: segment) })
        }
    }

    /// Tries the candidates ranked after `index` one by one with their own expressions.
    private func slowPath(
        after index: Int, path: String, bytes: UnsafeBufferPointer<UInt8>, scratch: MatchScratch, segment: String, query: String?,
        items: inout QueryItems?
    ) -> Result<RouteMatch, RouteFailure.Reason>? {
        var failure: RouteFailure.Reason? = nil
        for candidate in (index + 1)..<compiled.count where isCandidate(candidate, firstSegment: segment) {
            let route = compiled[candidate]
            do {
                guard try route.regex.match(bytes, scratch: scratch) else { continue }
            } catch {
                return .failure(.limitExceeded)
            }
            let raw = (0..<route.groups.count).map { group in
                scratch.range(ofGroup: group + 1).map { String(decoding: bytes[$0], as: UTF8.self) }
            }
            switch convert(route, raw: raw, path: path, query: query, items: &items) {
            case .success(let match): return .success(match)
            case .failure(let reason): failure = failure ?? reason
            }
        }
        return failure.map { .failure($0) }
    }

    /// Converts a matched route's raw values; a failure says which value and why.
    func convert(
        _ route: CompiledRoute, raw: [String?], path: String, query: String?, items: inout QueryItems?
    ) -> Result<RouteMatch, RouteFailure.Reason> {
        var names: [String] = []
        var values: [RouteValue] = []
        names.reserveCapacity(raw.count)
        values.reserveCapacity(raw.count)
        for (group, text) in zip(route.groups, raw) {
            guard let text else { continue }
            let value: RouteValue
            if group.type == .path {
                var segments: [String] = []
                for piece in text.split(separator: "/", omittingEmptySubsequences: false) {
                    guard let segment = Self.percentDecoded(piece) else {
                        return .failure(.invalidPercentEncoding(route: route.route.name, parameter: group.name, value: text))
                    }
                    segments.append(segment)
                }
                value = .path(segments)
            } else {
                guard let decoded = Self.percentDecoded(text[...]) else {
                    return .failure(.invalidPercentEncoding(route: route.route.name, parameter: group.name, value: text))
                }
                guard let converted = group.type.convert(decoded) else {
                    return .failure(.conversionFailed(route: route.route.name, parameter: group.name, value: decoded, expected: group.type))
                }
                value = converted
            }
            names.append(group.name)
            values.append(value)
        }
        var queryNames: [String] = []
        var queryValues: [RouteValue] = []
        if !route.route.query.isEmpty {
            if items == nil { items = QueryItems(query ?? "") }
            for parameter in route.route.query {
                if let text = items?.first(parameter.name) {
                    guard let decoded = QueryItems.decoded(text) else {
                        return .failure(.invalidPercentEncoding(route: route.route.name, parameter: parameter.name, value: String(text)))
                    }
                    guard let value = parameter.type.convert(decoded) else {
                        return .failure(.conversionFailed(route: route.route.name, parameter: parameter.name, value: decoded, expected: parameter.type))
                    }
                    queryNames.append(parameter.name)
                    queryValues.append(value)
                } else if let value = parameter.defaultValue {
                    queryNames.append(parameter.name)
                    queryValues.append(value)
                } else if parameter.isRequired {
                    return .failure(.missingQueryParameter(route: route.route.name, parameter: parameter.name))
                }
            }
        }
        return .success(
            RouteMatch(
                route: route.route, parameters: RouteParameters(names: names, values: values),
                query: RouteParameters(names: queryNames, values: queryValues), path: path))
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
