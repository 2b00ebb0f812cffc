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

    /// A match of an alias or a redirect as a match of the route it leads to (a route's own
    /// match as it is): the values handed on by name, the alias or the redirects recorded.
    /// The compiler checked every name, so nothing is lost on the way.
    @inline(__always)
    func landed(_ match: RouteMatch) -> RouteMatch {
        if match.route.storage.isOwnPattern { return match }
        return landedSlowly(match)
    }

    private func landedSlowly(_ match: RouteMatch) -> RouteMatch {
        let entry = match.route
        var redirects: [RouteMatch.Redirect] = []
        var next: String
        // The values handed on: the URL's, and each redirect's `set NAME = VALUE` ones (the
        // compiler made sure no name is both).
        var carried = match.parameters
        switch entry.kind {
        case .route: return match
        case .alias: next = entry.name
        case .redirect(let target):
            carried = Self.adding(entry.fixedValues, to: carried)
            redirects.append(RouteMatch.Redirect(name: entry.name, pattern: entry.pattern, parameters: carried))
            next = target
        }
        next = followingRedirects(from: next) { hop in
            let values = hop.parameters.compactMap { parameter in carried[parameter.name].map { (parameter.name, $0) } }
            let fixed = hop.fixedValues
            redirects.append(
                RouteMatch.Redirect(
                    name: hop.name, pattern: hop.pattern,
                    parameters: Self.adding(fixed, to: RouteParameters(names: values.map(\.0), values: values.map(\.1)))))
            carried = Self.adding(fixed, to: carried)
        }
        guard let rank = rank(ofRouteNamed: next) else { return match }
        let route = entries[rank]
        var names: [String] = []
        var values: [RouteValue] = []
        for parameter in route.parameterList {
            guard let value = carried[parameter.name] else { continue }
            names.append(parameter.name)
            values.append(value)
        }
        var landed = route
        var landedValues = values
        var landedNames: [String]? = names.count == route.parameterList.count ? nil : names
        // Decided as the direct request for where it lands: the target's own path, with the
        // values handed on, resolved as a URL is. A stricter sibling that takes that path
        // (`/docs/:name(admin-…)` beside `/docs/:name`) takes the redirect or alias too — never
        // the weaker target by name. (Path-only routes: a host- or scheme-scoped
        // target is the compiler's to check.)
        // (Not while checking another hop's landing: the target's path may itself be a hop's, and
        // the direct lookup lands that one by name.)
        if route.host == nil, route.scheme == nil, !Self.checkingLanding,
            case .success(let direct) = Self.$checkingLanding.withValue(true, operation: {
                resolve(path: path(route, parts: parts(of: rank), RouteParameters(names: names, values: values)))
            }),
            direct.route.name != route.name, direct.route.storage.isOwnPattern, direct.redirects.isEmpty
        {
            landed = direct.route
            landedValues = direct.route.parameterList.compactMap { direct.parameters[$0.name] }
            landedNames = landedValues.count == direct.route.parameterList.count ? nil : direct.route.parameterList.map(\.name).filter { direct.parameters[$0] != nil }
        }
        return RouteMatch(
            route: landed, values: landedValues, names: landedNames, query: match.query, path: match.path,
            redirects: redirects, alias: entry.kind == .alias ? entry.fullPattern : nil, dropped: match.droppedQuery)
    }

    /// Follows the table's redirects from `name` (a route, or a redirect) to the name of the route
    /// they end at, handing each redirect passed to `visit` — the one walk of a chain, for the
    /// lookup and for `check`. The bound only guards against a table the compiler would have
    /// refused (a cycle).
    func followingRedirects(from name: String, _ visit: (Route) -> Void) -> String {
        var next = name
        var hops = 0
        while hops <= redirectRanks.count, let rank = redirectRanks[next] {
            hops += 1
            let hop = entries[rank]
            visit(hop)
            guard case .redirect(let target) = hop.kind else { break }
            next = target
        }
        return next
    }

    /// Whether this lookup is the direct one ``landedSlowly(_:)`` makes for a hop's target.
    @TaskLocal static var checkingLanding = false

    /// `parameters` with `fixed` after them (a name in both keeps `parameters`' value: the
    /// compiler refuses a redirect that both reads and sets one).
    static func adding(_ fixed: RouteParameters, to parameters: RouteParameters) -> RouteParameters {
        guard !fixed.isEmpty else { return parameters }
        var names = parameters.names
        var values = Array(parameters.map(\.value))
        for (name, value) in fixed where parameters[name] == nil {
            names.append(name)
            values.append(value)
        }
        return RouteParameters(names: names, values: values)
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

    /// The query parameters of `route` (defaults applied), or nil with the failure that says
    /// which one did not convert or is missing. `dropped`: the text of values a `lenient`
    /// declaration left out (nil when none).
    private func queryParameters(
        of route: Route, query: String?, items: inout QueryItems?, failure: inout RouteFailure.Reason?, dropped: inout RouteParameters?
    ) -> RouteParameters? {
        var queryNames: [String] = []
        var queryValues: [RouteValue] = []
        var droppedNames: [String] = []
        var droppedValues: [RouteValue] = []
        defer { if !droppedNames.isEmpty { dropped = RouteParameters(names: droppedNames, values: droppedValues) } }
        if items == nil { items = QueryItems(query ?? "", plusIsSpace: options.queryPlusIsSpace) }
        for parameter in route.query {
            // `rest`: every item the route does not declare, by name (the first of each; an item
            // whose name or value does not decode is left out).
            if parameter.type == .rest {
                var fields: [String: String] = [:]
                for (name, value) in items?.all ?? [] {
                    guard let name = items?.decoded(name),
                        !route.query.contains(where: { $0.type == .rest ? $0.name == name : $0.accepts(name: name) }),
                        fields[name] == nil, let value = items?.decoded(value),
                        // A bare item another parameter reads as its value is not the map's.
                        !(value.isEmpty && route.query.contains { $0.bareValue(name) != nil })
                    else {
                        continue
                    }
                    fields[name] = value
                }
                queryNames.append(parameter.name)
                queryValues.append(.fields(fields))
                continue
            }
            // A list: every value of the repeated item, in order, each converted (one that does
            // not is the route's failure, or — `lenient` — left out).
            if case .list(let element) = parameter.type {
                let texts = items?.values(parameter) ?? []
                guard !texts.isEmpty else {
                    if parameter.isRequired {
                        failure = .missingQueryParameter(route: route.name, parameter: parameter.name)
                        return nil
                    }
                    if let value = parameter.defaultValue {
                        queryNames.append(parameter.name)
                        queryValues.append(value)
                    }
                    continue
                }
                var values: [RouteValue] = []
                var left: [RouteValue] = []
                defer {
                    if !left.isEmpty {
                        droppedNames.append(parameter.name)
                        droppedValues.append(.list(left))
                    }
                }
                for text in texts {
                    guard let decoded = items?.decoded(text), let value = queryValue(parameter, decoded, as: element) else {
                        if parameter.isLenient {
                            left.append(.string(items?.decoded(text) ?? String(text)))
                            continue
                        }
                        failure = .conversionFailed(route: route.name, parameter: parameter.name, value: String(text), expected: element)
                        return nil
                    }
                    values.append(value)
                }
                queryNames.append(parameter.name)
                queryValues.append(.list(values))
                continue
            }
            // One group of a `like` pattern: the item's whole decoded value must be the
            // pattern's, and the group's text converts.
            if let shape = parameter.shape {
                guard let text = items?.first(parameter) else {
                    if shape.isRequired {
                        failure = .missingQueryParameter(route: route.name, parameter: shape.item)
                        return nil
                    }
                    continue
                }
                guard let decoded = items?.decoded(text) else {
                    failure = .invalidPercentEncoding(route: route.name, parameter: shape.item, value: String(text))
                    return nil
                }
                guard let matcher = queryShapes[shape.key], let captures = matcher.captures(decoded),
                    let index = matcher.names.firstIndex(of: parameter.name)
                else {
                    failure = .queryValueRejected(route: route.name, parameter: shape.item, value: decoded, pattern: shape.pattern)
                    return nil
                }
                guard let capture = captures[index] else { continue }
                guard let value = parameter.type.convert(capture, ignoringCase: shape.ignoresCase) else {
                    failure = .conversionFailed(route: route.name, parameter: parameter.name, value: capture, expected: parameter.type)
                    return nil
                }
                queryNames.append(parameter.name)
                queryValues.append(value)
                continue
            }
            // `query token absent`: the route is for URLs without the item.
            if parameter.mustBeAbsent {
                if items?.first(parameter) != nil {
                    failure = .queryParameterPresent(route: route.name, parameter: parameter.name)
                    return nil
                }
                continue
            }
            // A lenient parameter whose value does not decode or convert counts as absent.
            if let text = parameter.runsToEnd ? items?.rest(from: parameter) : items?.first(parameter),
                !parameter.isLenient || items?.decoded(text).flatMap({ queryValue(parameter, $0) }) != nil
            {
                guard let decoded = items?.decoded(text) else {
                    failure = .invalidPercentEncoding(route: route.name, parameter: parameter.name, value: String(text))
                    return nil
                }
                guard let value = parameter.type.convert(decoded, ignoringCase: parameter.ignoresCase) else {
                    failure = .conversionFailed(route: route.name, parameter: parameter.name, value: decoded, expected: parameter.type)
                    return nil
                }
                if let pattern = parameter.pattern, !queryValueMatches(decoded, parameter) {
                    failure = .queryValueRejected(route: route.name, parameter: parameter.name, value: decoded, pattern: pattern)
                    return nil
                }
                queryNames.append(parameter.name)
                queryValues.append(value)
            } else if parameter.takesBareItem, let value = items?.bareValue(of: parameter) {
                // `?dark` for `mode = dark`, when no item is named `mode`.
                queryNames.append(parameter.name)
                queryValues.append(value)
            } else {
                // A lenient value that did not convert: its text is kept beside the fallback.
                if parameter.isLenient, let text = parameter.runsToEnd ? items?.rest(from: parameter) : items?.first(parameter) {
                    droppedNames.append(parameter.name)
                    droppedValues.append(.string(items?.decoded(text) ?? String(text)))
                }
                if let value = parameter.defaultValue {
                    queryNames.append(parameter.name)
                    queryValues.append(value)
                } else if parameter.isRequired {
                    failure = .missingQueryParameter(route: route.name, parameter: parameter.name)
                    return nil
                }
            }
        }
        if route.closedQuery, let refusal = items?.refusal(by: route) {
            failure = refusal
            return nil
        }
        return RouteParameters(names: queryNames, values: queryValues)
    }

    /// A query value converted and checked against its `matching` regexp; nil when it fails either.
    /// (`type`: a list's element type instead of the parameter's.)
    func queryValue(_ parameter: Route.QueryParameter, _ decoded: String, as type: ParameterType? = nil) -> RouteValue? {
        guard let value = (type ?? parameter.type).convert(decoded, ignoringCase: parameter.ignoresCase) else { return nil }
        if parameter.pattern != nil, !queryValueMatches(decoded, parameter) { return nil }
        return value
    }

    /// Whether the whole of `value` matches the query parameter's regexp (compiled with the table).
    /// The key of a parameter's compiled `matching` regexp: its source and whether it ignores case.
    static func queryPatternKey(_ parameter: Route.QueryParameter) -> String {
        (parameter.ignoresCase ? "i:" : "s:") + (parameter.pattern ?? "")
    }

    func queryValueMatches(_ value: String, _ parameter: Route.QueryParameter) -> Bool {
        guard let regex = queryPatterns[Self.queryPatternKey(parameter)] else { return false }
        var subject = value
        let scratch = MatchScratch(captures: 1, limits: options.limits)
        return subject.withUTF8 { (try? regex.match($0, scratch: scratch)) ?? false }
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

/// A query string split into `name=value` items, in order, still encoded.
struct QueryItems {
    private var items: [(name: Substring, value: Substring)] = []
    /// Whether `+` reads as a space (``Router/Options-swift.struct/queryPlusIsSpace``).
    let plusIsSpace: Bool

    init(_ query: String, plusIsSpace: Bool = true) {
        self.plusIsSpace = plusIsSpace
        for item in query.split(separator: "&", omittingEmptySubsequences: true) {
            if let equals = item.firstIndex(of: "=") {
                items.append((item[..<equals], item[item.index(after: equals)...]))
            } else {
                items.append((item, item[item.endIndex...]))
            }
        }
    }

    /// Every item, in order, still encoded.
    var all: [(name: Substring, value: Substring)] { items }

    /// Whether an item's name (compared after decoding) is `parameter`'s: its name or an
    /// alias, in any case when it ignores the name's case.
    func isItem(_ name: Substring, of parameter: Route.QueryParameter) -> Bool {
        if name == parameter.name[...] { return true }
        guard let decoded = decoded(name) else { return false }
        return parameter.accepts(name: decoded)
    }

    /// Every value of `parameter`'s item, in order (a repeated item).
    func values(_ parameter: Route.QueryParameter) -> [Substring] {
        items.filter { isItem($0.name, of: parameter) }.map(\.value)
    }

    /// The first value of `parameter`'s item and everything after it to the end of the query,
    /// `&`s included (`to-end`).
    func rest(from parameter: Route.QueryParameter) -> Substring? {
        guard let value = first(parameter) else { return nil }
        return value.base[value.startIndex...]
    }

    /// The first value of `parameter`'s item (under its name or an alias, whichever comes first).
    func first(_ parameter: Route.QueryParameter) -> Substring? {
        items.first { isItem($0.name, of: parameter) }?.value
    }

    /// Whether an item has no `=` (`?dark`): its value starts where its name ends.
    static func isBare(_ item: (name: Substring, value: Substring)) -> Bool { item.value.startIndex == item.name.endIndex }

    /// The value the first bare item naming one of `parameter`'s enum values gives it (`bare`).
    func bareValue(of parameter: Route.QueryParameter) -> RouteValue? {
        for item in items where Self.isBare(item) {
            if let name = decoded(item.name), let value = parameter.bareValue(name) { return value }
        }
        return nil
    }

    /// Why `route`'s closed query refuses these items, or nil when it takes them: an item it
    /// does not declare (unless it has a `rest` map), or an item it reads once given twice.
    /// Items after a `to-end` parameter's are its value's.
    func refusal(by route: Route) -> RouteFailure.Reason? {
        let takesRest = route.query.contains { $0.type == .rest }
        var seen: Set<String> = []
        for item in items {
            guard let parameter = route.query.first(where: { $0.type != .rest && isItem(item.name, of: $0) }) else {
                // A bare item a `bare` parameter reads (`?dark`), once.
                if Self.isBare(item), let name = decoded(item.name), let reader = route.query.first(where: { $0.bareValue(name) != nil }) {
                    if !seen.insert(reader.name).inserted { return .queryItemRepeated(route: route.name, parameter: reader.name) }
                    continue
                }
                if takesRest { continue }
                return .queryItemNotAllowed(route: route.name, item: decoded(item.name) ?? String(item.name))
            }
            if parameter.runsToEnd { return nil }
            if parameter.readsOneItem, !seen.insert(parameter.itemName).inserted {
                return .queryItemRepeated(route: route.name, parameter: parameter.itemName)
            }
        }
        return nil
    }

    /// A name or value decoded: `+` as a space when the table reads it so
    /// (`application/x-www-form-urlencoded`), then strict percent-decoding.
    func decoded(_ text: Substring) -> String? {
        guard plusIsSpace, text.utf8.contains(UInt8(ascii: "+")) else { return Router.percentDecoded(text) }
        return Router.percentDecoded(Substring(String(text.map { $0 == "+" ? " " : $0 })))
    }
}
