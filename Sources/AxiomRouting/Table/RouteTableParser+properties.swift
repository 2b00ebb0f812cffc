/// A route's property lines (`param`, `query`, `auth`, `option` …) and its options.
extension RouteTableParser {
    mutating func parseProperty(_ keyword: Located<String>, _ scanner: inout LineScanner) throws(LineError) {
        var route = syntax.routes[syntax.routes.count - 1]
        defer { syntax.routes[syntax.routes.count - 1] = route }
        func once<T>(_ existing: Located<T>?) throws(LineError) {
            if let existing {
                throw fail(.duplicateProperty(keyword, route: route.name.value, first: existing.location))
            }
        }
        switch keyword.value {
        case "param":
            route.parameters.append(try parseParam(keyword, &scanner))
        case "alias":
            let pattern = try required(&scanner, "a pattern (e.g. 'alias /user/:userId')", after: keyword)
            try expectEnd(&scanner, after: "the pattern")
            route.aliases.append((pattern, syntax.patternCount))
            syntax.patternCount += 1
        case "query":
            route.query.append(try parseQuery(keyword, &scanner))
        case "auth":
            try once(route.requiresAuthentication)
            // `auth children`: the route's subtree requires sign-in as well.
            if let word = try word(&scanner) {
                guard word.value == "children" else { throw fail(.unexpectedArgument(after: "'auth' (or 'auth children')", at: word.location)) }
                route.authCoversChildren = true
            }
            try expectEnd(&scanner, after: "'auth children'")
            route.requiresAuthentication = Located(value: true, location: keyword.location)
        case "option":
            let (key, value) = try parseOption(keyword, &scanner, among: Self.routeOptions, example: "option query closed")
            switch key.value {
            case "fragment":
                try once(route.refusesFragment)
                route.refusesFragment = Located(value: value.value == "none", location: key.location)
            case "trailing-slash":
                try once(route.strictTrailingSlash)
                route.strictTrailingSlash = Located(value: value.value == "strict", location: key.location)
            default:
                try once(route.closedQuery)
                route.closedQuery = Located(value: value.value == "closed", location: key.location)
            }
        case "start":
            // `start` or `start userId = 1, tab = posts`: where the app (or the route's tab) starts.
            try once(route.start)
            var values: [FixedValueDeclaration] = []
            if !scanner.atEnd() {
                repeat {
                    values.append(try parseFixedValue(after: keyword, &scanner, example: "start userId = 1", stops: ["=", ","]))
                } while scanner.consume(",")
            }
            try expectEnd(&scanner, after: "the values (separate them with ',')")
            route.start = Located(value: values, location: keyword.location)
        case "public":
            try once(route.isPublic)
            try expectEnd(&scanner, after: "'public'")
            route.isPublic = Located(value: true, location: keyword.location)
        case "analytics":
            try once(route.analyticsName)
            route.analyticsName = try required(&scanner, "a screen name, e.g. 'analytics \"Profile\"'", after: keyword)
            try expectEnd(&scanner, after: "the screen name")
        case "parent":
            try once(route.parent)
            route.parent = try name(try required(&scanner, "a route name", after: keyword), "route name")
            try expectEnd(&scanner, after: "the parent's name")
        case "sources":
            try once(route.sources)
            let sources = try parseSources(keyword, &scanner)
            // `sources … children`: the route's subtree is restricted as well.
            if let word = try word(&scanner) {
                guard word.value == "children" else {
                    throw fail(
                        .unexpectedArgument(
                            after: "the list (separate sources with ',', end it with 'children' to cover the route's children)", at: word.location))
                }
                route.sourcesCoverChildren = true
            }
            try expectEnd(&scanner, after: "the list (separate sources with ',', end with 'children' to cover the route's children)")
            route.sources = Located(value: sources, location: keyword.location)
        case "load":
            try once(route.loaders)
            var names: [Located<String>] = []
            repeat {
                let loader = try name(
                    try required(
                        &scanner, "the names of the loaders the route's data comes from, e.g. 'load profileData'", after: keyword, stops: [","]),
                    "loader name")
                if let first = names.first(where: { $0.value == loader.value }) {
                    throw fail(.loaderListedTwice(loader, first: first.location))
                }
                names.append(loader)
            } while scanner.consume(",")
            try expectEnd(&scanner, after: "the list (separate loaders with ',')")
            route.loaders = Located(value: names, location: keyword.location)
        case "result":
            // `result TYPE`: the value the route's screen answers with (Docs/Navigation.md,
            // "Screens that answer"); any parameter type a value can be held in.
            try once(route.result)
            let type = try parseType(&scanner, after: keyword)
            switch type.value {
            case .path, .rest, .url: throw fail(.unsupportedResultType(type))
            default: break
            }
            try expectEnd(&scanner, after: "the result's type")
            route.result = type
        case "from-link":
            // `from-link push|replace|modal(STYLE) [alone]`: how a request from a link shows the
            // route (Docs/Navigation.md, "Presentation by origin"); `transition` stays the app's.
            try once(route.fromLink)
            let transition = try parseTransition(&scanner, after: keyword)
            if case .tab = transition.value { throw fail(.linkTransitionNotATab(transition)) }
            if let word = try word(&scanner) {
                guard word.value == "alone" else {
                    throw fail(.unexpectedArgument(after: "the transition (or 'alone', for no parents below it)", at: word.location))
                }
                route.fromLinkAlone = true
            }
            try expectEnd(&scanner, after: "'alone'")
            route.fromLink = transition
        case "container":
            try once(route.container)
            route.container = try name(
                try required(&scanner, "the container's name (declared with 'container NAME modal(…)')", after: keyword), "container name")
            try expectEnd(&scanner, after: "the container's name")
        case "transition":
            try once(route.transition)
            route.transition = try parseTransition(&scanner, after: keyword)
            try expectEnd(&scanner, after: "the transition")
        default:
            throw fail(.unknownProperty(keyword, candidates: Self.properties))
        }
    }

    /// `option KEY VALUE`, the key one of `options` and the value one it allows (the table's
    /// options at the top, a route's own under it).
    func parseOption(
        _ keyword: Located<String>, _ scanner: inout LineScanner, among options: [String: [String]], example: String
    ) throws(LineError) -> (key: Located<String>, value: Located<String>) {
        let key = try required(&scanner, "a name and a value, e.g. '\(example)'", after: keyword)
        guard let allowed = options[key.value] else {
            throw fail(.unknownOption(key, options: options.keys))
        }
        let value = try required(&scanner, "a value (\(allowed.joined(separator: " or ")))", after: key)
        guard allowed.contains(value.value) else {
            throw fail(.invalidOptionValue(value, option: key.value, allowed: allowed))
        }
        try expectEnd(&scanner, after: "the option's value")
        return (key, value)
    }
}
