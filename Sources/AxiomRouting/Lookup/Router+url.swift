extension Router {
    /// Prints a URL for a route from typed values, using the table's first origin that can
    /// be printed (an app scheme or an exact host).
    ///
    /// The law `resolve(url(for: r, p)) == (r, p)` holds for every URL this returns: the
    /// URL is resolved before it is returned, and a URL that would resolve to anything else
    /// throws ``RouteURLError/notReversible(route:url:resolvesTo:)``.
    ///
    /// ```swift
    /// try router.url(for: "profile", parameters: ["userId": .int(42)])   // "myapp://profile/42"
    /// ```
    /// Prints a URL for a route from values written as text (`["userId": "42", "tab": "likes"]`,
    /// as a command line or a notification's payload carries them): each is read as its path or
    /// query parameter's type says, then printed as ``url(for:parameters:query:)`` does. A list
    /// parameter (`[int]`) is given once a value (`("ids", "3"), ("ids", "4")`), and a name the
    /// route does not declare is an item of its `rest` parameter, when it has one.
    /// Throws ``RouteURLError/unknownRoute(_:suggestions:)``,
    /// ``RouteURLError/unknownParameter(route:parameter:suggestions:)`` (a name the route does
    /// not declare), ``RouteURLError/unreadableText(route:parameter:expected:text:isQuery:)`` (a
    /// text its type does not read: code ``RouteURLError/Code/wrongType``), and whatever printing
    /// throws.
    ///
    /// ```swift
    /// try router.url(for: "profile", text: [("userId", "42")])   // "myapp://profile/42"
    /// ```
    public func url(for name: String, text values: [(name: String, value: String)]) throws(RouteURLError) -> String {
        guard let route = route(named: name) else {
            throw .unknownRoute(name, suggestions: Suggestions.closest(to: name, in: routes.map(\.name)))
        }
        var parameters: [(String, RouteValue)] = []
        var query: [(String, RouteValue)] = []
        // A list is written once a value, as a URL repeats its item; items the route does not
        // declare go to its `rest` parameter, if it has one, as a URL's would.
        var lists: [(name: String, values: [RouteValue])] = []
        var rest: [String: String] = [:]
        let restParameter = route.query.first { $0.type == .rest }
        for (parameterName, text) in values {
            if let parameter = route.parameterList.first(where: { $0.name == parameterName }) {
                guard let value = parameter.type.convert(text) else {
                    throw .unreadableText(route: name, parameter: parameterName, expected: parameter.type, text: text, isQuery: false)
                }
                parameters.append((parameterName, value))
            } else if let parameter = route.query.first(where: { $0.name == parameterName }) {
                if case .list(let element) = parameter.type {
                    guard let value = element.convert(text, ignoringCase: parameter.ignoresCase) else {
                        throw .unreadableText(route: name, parameter: parameterName, expected: element, text: text, isQuery: true)
                    }
                    if let index = lists.firstIndex(where: { $0.name == parameterName }) {
                        lists[index].values.append(value)
                    } else {
                        lists.append((parameterName, [value]))
                    }
                    continue
                }
                guard parameter.type != .rest, let value = parameter.type.convert(text, ignoringCase: parameter.ignoresCase) else {
                    throw .unreadableText(route: name, parameter: parameterName, expected: parameter.type, text: text, isQuery: true)
                }
                query.append((parameterName, value))
            } else if restParameter != nil {
                rest[parameterName] = text
            } else {
                let names = route.parameters.map(\.name) + route.query.map(\.name)
                throw .unknownParameter(route: name, parameter: parameterName, suggestions: Suggestions.closest(to: parameterName, in: names))
            }
        }
        query += lists.map { ($0.name, RouteValue.list($0.values)) }
        if let restParameter, !rest.isEmpty { query.append((restParameter.name, .fields(rest))) }
        return try url(
            for: name, parameters: RouteParameters(names: parameters.map(\.0), values: parameters.map(\.1)),
            query: RouteParameters(names: query.map(\.0), values: query.map(\.1)))
    }

    public func url(for name: String, parameters: RouteParameters = [:], query given: RouteParameters = [:]) throws(RouteURLError) -> String {
        // A `rest` map's attribution items never belong to a canonical URL (the lookup takes
        // them out again): they are left out before printing, and before the round trip.
        var query = given
        if given.contains(where: {
            if case .fields(let fields) = $0.value { fields.keys.contains(where: options.attribution.contains) } else { false }
        }) {
            query = RouteParameters(
                names: given.map(\.name),
                values: given.map { item in
                    guard case .fields(let fields) = item.value else { return item.value }
                    return .fields(fields.filter { !options.attribution.contains($0.key) })
                })
        }
        guard let index = rank(ofRouteNamed: name) else {
            throw .unknownRoute(name, suggestions: Suggestions.closest(to: name, in: routes.map(\.name)))
        }
        let route = entries[index]
        try Self.validate(route, parameters: parameters, query: query)
        var path = self.path(route, parts: parts(of: index), parameters)
        // A route with its own trailing-slash rule prints its URLs' `/`.
        if route.rules.trailingSlash == true, path != "/" { path += "/" }
        // A route that matches on its fragment prints it, with the fragment's values.
        let fragment = fragmentMatchers[index].map { Self.printed($0.parts, parameters) }
        // A route that matches on its host prints it, with the host's values (validated above).
        // A route scoped to an app scheme prints its own spelling; others each printable origin's
        // in turn, until one leads back to the route (an origin whose scheme a scoped route of the
        // same path takes is passed over).
        var candidates = route.scheme.map { [$0.writtenScheme + ":" + $0.spelling.spell(path)] } ?? prefixes(for: path)
        if route.host != nil {
            guard let matcher = hostMatchers[index] else { throw .unknownRoute(name, suggestions: []) }
            switch matcher.printed(parameters) {
            case .success(let host): candidates = [host + path]
            case .failure(let bad) where bad.unnamed: throw .unnamedHostGroup(route: name, host: route.host?.hostname ?? "")
            case .failure(let bad): throw .invalidHostValue(route: name, parameter: bad.parameter, value: bad.value)
            }
        }
        var queryText: [String] = []
        // The groups of a `like` pattern print one item, where its first value is.
        var shaped: [String: Route.QueryShape] = [:]
        for parameter in route.query { if let shape = parameter.shape { shaped[parameter.name] = shape } }
        var printedItems: Set<String> = []
        func shapedItem(_ shape: Route.QueryShape) -> String? {
            guard printedItems.insert(shape.item).inserted, let matcher = queryShapes[shape.key] else { return nil }
            return percentEncode(shape.item.unicodeScalars, .queryValue) + "=" + percentEncode(matcher.printed(query).unicodeScalars, .queryValue)
        }
        // A value that runs to the end of the query (`to-end`) is written last.
        let last = Set(route.query.filter(\.runsToEnd).map(\.name))
        for (parameterName, value) in query.filter({ !last.contains($0.name) }) + query.filter({ last.contains($0.name) }) {
            if let shape = shaped[parameterName] {
                if let item = shapedItem(shape) { queryText.append(item) }
                continue
            }
            // A list: the item repeated, once a value (`nullable`, given as empty while its
            // default is not: `tag=`, which reads back as the empty list).
            if case .list(let values) = value {
                if values.isEmpty, let parameter = route.query.first(where: { $0.name == parameterName }), parameter.isNullable,
                    parameter.defaultValue != .list([])
                {
                    queryText.append(percentEncode(parameterName.unicodeScalars, .queryValue) + "=")
                }
                for element in values {
                    queryText.append(
                        percentEncode(parameterName.unicodeScalars, .queryValue) + "="
                            + percentEncode(element.description.unicodeScalars, .queryValue))
                }
                continue
            }
            // A `rest` map: its items, each by its own name.
            if case .fields(let fields) = value {
                for (name, text) in fields.sorted(by: { $0.key < $1.key }) {
                    queryText.append(percentEncode(name.unicodeScalars, .queryValue) + "=" + percentEncode(text.unicodeScalars, .queryValue))
                }
                continue
            }
            queryText.append(
                percentEncode(parameterName.unicodeScalars, .queryValue) + "=" + percentEncode(value.description.unicodeScalars, .queryValue))
        }
        // A `nullable` parameter with a default, left out: no value, written `ref=` (left out of
        // the URL, it would read as the default).
        // (A list's: given as empty, when its default is not.)
        for parameter in route.query where parameter.isNullable && parameter.defaultValue != nil && query[parameter.name] == nil {
            if parameter.defaultValue == .list([]) { continue }
            queryText.append(percentEncode(parameter.name.unicodeScalars, .queryValue) + "=")
        }
        // A required `like` item whose groups are all optional and absent: the pattern alone.
        for case let shape? in route.query.map(\.shape) where shape.isRequired {
            if let item = shapedItem(shape) { queryText.append(item) }
        }
        let queryString = queryText.isEmpty ? nil : queryText.joined(separator: "&")
        var firstError: RouteURLError? = nil
        for printed in candidates {
            let url = printed + (queryString.map { "?" + $0 } ?? "") + (fragment.map { "#" + $0 } ?? "")
            // A table without a printable origin prints a path, which resolves as a path.
            switch printed.hasPrefix("/") ? resolve(path: path, query: queryString, fragment: fragment) : resolve(url) {
            case .success(let match):
                let sameRoute = match.route.name == name
                let sameParameters =
                    Dictionary(uniqueKeysWithValues: zip(match.parameters.names, match.parameters.values))
                    == Dictionary(uniqueKeysWithValues: zip(parameters.names, parameters.values))
                let sameQuery = query.allSatisfy { match.query[$0.name] == $0.value }
                if sameRoute, sameParameters, sameQuery { return url }
                firstError =
                    firstError
                    ?? .notReversible(route: name, url: url, resolvesTo: sameRoute ? "other values: \(match)" : "route '\(match.route.name)'")
            case .failure(let failure):
                firstError = firstError ?? .notReversible(route: name, url: url, resolvesTo: "no route (\(failure))")
            }
        }
        throw firstError ?? .unknownRoute(name, suggestions: [])
    }

    /// Checks values against a route: every parameter and query item is declared and of its
    /// declared type, and every required one is there (a path parameter that is not optional, a
    /// query parameter declared required without a default). The navigation flow checks every
    /// `Destination` built by hand with this, and ``url(for:parameters:query:)`` every URL it
    /// prints.
    ///
    /// ```swift
    /// try router.validate("post", parameters: [:])   // throws missingParameter(route: "post", parameter: "postId")
    /// ```
    public func validate(_ name: String, parameters: RouteParameters = [:], query: RouteParameters = [:]) throws(RouteURLError) {
        guard let route = route(named: name) else {
            throw .unknownRoute(name, suggestions: Suggestions.closest(to: name, in: routes.map(\.name)))
        }
        try Self.validate(route, parameters: parameters, query: query)
    }

    /// Checks values against `route` (already looked up): as ``validate(_:parameters:query:)``.
    public static func validate(_ route: Route, parameters: RouteParameters = [:], query: RouteParameters = [:]) throws(RouteURLError) {
        let name = route.name
        for (parameterName, value) in parameters {
            guard let declared = route.parameterList.first(where: { $0.name == parameterName }) else {
                throw .unknownParameter(
                    route: name, parameter: parameterName, suggestions: Suggestions.closest(to: parameterName, in: route.parameters.map(\.name)))
            }
            guard fits(value, declared.type) else { throw .wrongType(route: name, parameter: parameterName, expected: declared.type, value: value) }
        }
        for declared in route.parameterList where !declared.isOptional && parameters[declared.name] == nil {
            throw .missingParameter(route: name, parameter: declared.name)
        }
        for (parameterName, value) in query {
            // A parameter the route must not have (`absent`) takes no value either.
            guard let declared = route.query.first(where: { $0.name == parameterName && !$0.mustBeAbsent }) else {
                throw .unknownParameter(
                    route: name, parameter: parameterName,
                    suggestions: Suggestions.closest(to: parameterName, in: route.query.filter { !$0.mustBeAbsent }.map(\.name)))
            }
            guard fits(value, declared.type) else { throw .wrongType(route: name, parameter: parameterName, expected: declared.type, value: value) }
        }
        for declared in route.query where declared.isRequired && query[declared.name] == nil {
            throw .missingParameter(route: name, parameter: declared.name)
        }
    }

    /// The path for a route and values (`/profile/42`), without origin or query; the values
    /// are already validated.
    func path(_ route: Route, parts: [Part], _ parameters: RouteParameters) -> String {
        let path = Self.printed(parts, parameters)
        return path.isEmpty ? "/" : path
    }

    /// A path-like pattern's `parts` printed with `parameters` (a path's, a fragment's): fixed
    /// text as it is, each value percent-encoded as a path segment (a `path` value segment by
    /// segment; `encode` says how), an absent optional group left out.
    static func printed(
        _ parts: [Part], _ parameters: RouteParameters, encode: (Substring) -> String = { percentEncode($0.unicodeScalars, .pathSegment) }
    ) -> String {
        var path = ""
        for part in parts {
            if part.kind == .fixedText {
                // Optional literal text (`{s}?`) is left out; repeated text appears once.
                if part.modifier == .none || part.modifier == .oneOrMore { path += part.value }
                continue
            }
            guard let value = parameters[part.name] else { continue }
            let text: String
            if case .path(let segments) = value {
                text = segments.map { encode($0[...]) }.joined(separator: "/")
            } else if part.spansSegments || part.kind == .regexp && PathLanguage.canMatchSlash(part.value) {
                // A value that can run over several segments (`:rest(.*)`, `:dir((?:[^\/]+\/)*)`)
                // keeps its `/`s; each segment between them is encoded.
                text = value.description.split(separator: "/", omittingEmptySubsequences: false).map(encode).joined(separator: "/")
            } else {
                text = encode(value.description[...])
            }
            path += part.prefix + text + part.suffix
        }
        return path
    }

    /// Origin and path, for each origin that can print one, in the table's order
    /// (`myapp://profile/42`, `https://example.com/profile/42`); the path alone when none can.
    private func prefixes(for path: String) -> [String] {
        let printed = origins.compactMap { prefix(for: path, origin: $0) }
        return printed.isEmpty ? [path] : printed
    }

    /// Origin and path for one origin; nil for an origin that names no host or scheme to print.
    private func prefix(for path: String, origin: Origin) -> String? {
        switch origin.hosts {
        case .everyOtherScheme:
            return nil  // (`*:` names no scheme to print)
        case .appScheme:
            // The table's spelling (`option app-scheme-spelling`): without a host, the path
            // as it is or without its `/`.
            if options.appSchemeSpelling != .host { return origin.scheme + ":" + options.appSchemeSpelling.spell(path) }
            // The first segment becomes the host when it can be one; otherwise the host
            // is left empty (`myapp:///a:b`), which routes the same.
            if path == "/" { return origin.scheme + "://" }
            let first = path.dropFirst().prefix { $0 != "/" }
            let hostSafe = !first.isEmpty && first.unicodeScalars.allSatisfy { $0.isASCIIAlphanumeric || "-._~%".unicodeScalars.contains($0) }
            return origin.scheme + (hostSafe ? "://" + path.dropFirst() : "://" + path)
        case .exact(let host):
            return origin.scheme + "://" + host + (origin.port.map { ":\($0)" } ?? "") + path
        case .subdomains, .any:
            return nil
        }
    }

    /// Whether `value` is of `type`.
    package static func fits(_ value: RouteValue, _ type: ParameterType) -> Bool {
        switch (value, type) {
        case (.string, .string), (.int, .int), (.double, .double), (.bool, .bool), (.uuid, .uuid), (.path, .path):
            return true
        case (.string(let text), .enumeration(let values)):
            return values.contains(text)
        case (.string(let text), .url):
            return type.convert(text) == .string(text)
        case (.fields, .rest):
            return true
        case (.list(let values), .list(let element)):
            return values.allSatisfy { fits($0, element) }
        default:
            return false
        }
    }
}
