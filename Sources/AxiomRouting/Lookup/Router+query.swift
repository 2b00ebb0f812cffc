@_spi(Lookup) import AxiomURLPattern

/// A route's query parameters read from a URL's query: each item found by name (or bare, or
/// the rest of the query), converted to its declared type and checked against its `matching`
/// regexp; what a `lenient` declaration drops, and what a closed query refuses.
extension Router {
    /// The query parameters of `route` (defaults applied), or nil with the failure that says
    /// which one did not convert or is missing. `dropped`: the text of values a `lenient`
    /// declaration left out (nil when none).
    func queryParameters(
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
                // `nullable`: `?tag=` is the list given as empty, not its default.
                if parameter.isNullable, texts.allSatisfy(\.isEmpty) {
                    queryNames.append(parameter.name)
                    queryValues.append(.list([]))
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
            // `nullable`: `?ref=` is an explicit "no value", not the default.
            if parameter.isNullable, let text = parameter.runsToEnd ? items?.rest(from: parameter) : items?.first(parameter), text.isEmpty {
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

    /// The key of a parameter's compiled `matching` regexp: its source and whether it ignores case.
    static func queryPatternKey(_ parameter: Route.QueryParameter) -> String {
        (parameter.ignoresCase ? "i:" : "s:") + (parameter.pattern ?? "")
    }

    /// Whether the whole of `value` matches the query parameter's regexp (compiled with the table).
    func queryValueMatches(_ value: String, _ parameter: Route.QueryParameter) -> Bool {
        guard let regex = queryPatterns[Self.queryPatternKey(parameter)] else { return false }
        var subject = value
        let scratch = MatchScratch(captures: 1, limits: options.limits)
        return subject.withUTF8 { (try? regex.match($0, scratch: scratch)) ?? false }
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
