/// Parses the text of one route-table file into declarations, reporting every problem it
/// finds (a bad line is skipped; the rest of the file is still read).
///
/// The grammar is in `Docs/RouteTableFormat.md`.
struct RouteTableParser {
    static let directives = ["route", "redirect", "query", "origins", "tabs", "container", "include", "login", "option", "attribution"]
    static let properties = [
        "param", "alias", "query", "auth", "analytics", "transition", "parent", "sources", "load", "container", "public", "option", "start",
    ]
    /// What a list's values may be.
    static let listElements: [ParameterType] = [.string, .int, .double, .bool, .uuid]

    static let options = [
        "path-case": ["sensitive", "insensitive"], "trailing-slash": ["ignore", "strict"], "query-plus": ["space", "plus"],
        "app-scheme-host": ["required", "optional"], "empty-segments": ["keep", "collapse"], "enum-case": ["sensitive", "insensitive"],
        "query-name-case": ["sensitive", "insensitive"], "query": ["open", "closed"], "app-scheme-spelling": ["host", "path", "opaque"],
    ]
    /// The options a route may set for itself (`option KEY VALUE` under it), over the table's.
    static let routeOptions = ["query": ["open", "closed"], "fragment": ["any", "none"], "trailing-slash": ["ignore", "strict"]]

    private let file: String
    private var syntax: RouteTableSyntax
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var includes: [Located<String>] = []
    /// Where each directive that may appear once was first declared.
    private var firstDeclarations: [String: SourceLocation]

    init(file: String, syntax: RouteTableSyntax, firstDeclarations: [String: SourceLocation]) {
        self.file = file
        self.syntax = syntax
        self.firstDeclarations = firstDeclarations
    }

    /// Parses `text`, adding to the declarations read so far from other files.
    static func parse(
        file: String, text: String, into syntax: inout RouteTableSyntax, firstDeclarations: inout [String: SourceLocation]
    ) -> (includes: [Located<String>], diagnostics: [Diagnostic]) {
        var parser = RouteTableParser(file: file, syntax: syntax, firstDeclarations: firstDeclarations)
        for (index, line) in text.sourceLines.enumerated() {
            var scanner = LineScanner(file: file, line: index + 1, text: line)
            do {
                try parser.parseLine(&scanner)
            } catch {
                parser.diagnostics.append(error.diagnostic)
            }
        }
        syntax = parser.syntax
        firstDeclarations = parser.firstDeclarations
        return (parser.includes, parser.diagnostics)
    }

    /// A problem that ends the current line.
    struct LineError: Error {
        var diagnostic: Diagnostic
    }

    private func fail(_ diagnostic: Diagnostic) -> LineError { LineError(diagnostic: diagnostic) }

    private func word(_ scanner: inout LineScanner, stops: Set<Character> = []) throws(LineError) -> Located<String>? {
        do {
            return try scanner.word(stops: stops)
        } catch {
            switch error {
            case .unterminatedString(let location):
                throw fail(.unterminatedString(at: location))
            }
        }
    }

    private func required(
        _ scanner: inout LineScanner, _ what: String, after keyword: Located<String>, stops: Set<Character> = []
    ) throws(LineError) -> Located<String> {
        if let value = try word(&scanner, stops: stops) { return value }
        let end = scanner.location(column: scanner.column, length: 1)
        throw fail(.missingArgument(after: keyword.value, what, at: end))
    }

    /// `inApp, deepLink`: navigation source names, separated by ','.
    private func parseSources(_ keyword: Located<String>, _ scanner: inout LineScanner) throws(LineError) -> [String] {
        var sources: [String] = []
        repeat {
            let source = try required(&scanner, "the sources allowed to open the route, e.g. 'sources inApp, deepLink'", after: keyword, stops: [","])
            guard Route.Metadata.sourceNames.contains(source.value) else {
                throw fail(.unknownSource(source, sources: Route.Metadata.sourceNames))
            }
            sources.append(source.value)
        } while scanner.consume(",")
        return sources
    }

    private func expectEnd(_ scanner: inout LineScanner, after what: String) throws(LineError) {
        guard !scanner.atEnd() else { return }
        throw fail(.unexpectedArgument(after: what, at: scanner.restLocation()))
    }

    private func name(_ word: Located<String>, _ what: String) throws(LineError) -> Located<String> {
        guard Self.isValidName(word.value) else {
            throw fail(.invalidName(word, what))
        }
        return word
    }

    static func isValidName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.isASCIIAlpha else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || $0.isASCIIAlphanumeric }
    }

    private mutating func parseLine(_ scanner: inout LineScanner) throws(LineError) {
        let indented = scanner.isIndented
        guard !scanner.atEnd(), let keyword = try word(&scanner) else { return }
        if indented {
            guard !syntax.routes.isEmpty || !syntax.redirects.isEmpty else {
                throw fail(.propertyOutsideRoute(keyword))
            }
            if syntax.lastIsRedirect {
                try parseRedirectProperty(keyword, &scanner)
            } else {
                try parseProperty(keyword, &scanner)
            }
            return
        }
        switch keyword.value {
        case "route":
            let routeName = try name(try required(&scanner, "a name and a pattern", after: keyword), "route name")
            let pattern = try required(&scanner, "a pattern after the name (e.g. '/users/:id')", after: keyword)
            try expectEnd(&scanner, after: "the pattern")
            syntax.routes.append(RouteDeclaration(name: routeName, pattern: pattern, order: syntax.patternCount))
            syntax.patternCount += 1
            syntax.lastIsRedirect = false
        case "redirect":
            let redirectName = try name(
                try required(&scanner, "a name, a pattern and a target, e.g. 'redirect oldProfile /user/:userId -> profile'", after: keyword),
                "redirect name")
            let pattern = try required(&scanner, "a pattern after the name (e.g. '/user/:userId')", after: keyword)
            let afterPattern = scanner.restLocation()
            guard let arrow = try word(&scanner), arrow.value == "->" else {
                throw fail(.missingArgument(after: "redirect", "'->' and a target route after the pattern", at: afterPattern))
            }
            let target = try name(try required(&scanner, "a target route after '->'", after: arrow), "route name")
            try expectEnd(&scanner, after: "the target")
            syntax.redirects.append(RedirectDeclaration(name: redirectName, pattern: pattern, target: target, order: syntax.patternCount))
            syntax.patternCount += 1
            syntax.lastIsRedirect = true
        case "origins", "tabs":
            // Each feature module may declare the origins it is linked from: they are merged, in
            // the order read. Tabs are the app's: declared once.
            if keyword.value == "tabs" { try onlyOnce(keyword) }
            var values: [Located<String>] = []
            repeat {
                values.append(try required(&scanner, keyword.value == "tabs" ? "tab names" : "origins", after: keyword, stops: [","]))
            } while scanner.consume(",")
            try expectEnd(&scanner, after: "the list (separate entries with ',')")
            if keyword.value == "tabs" {
                syntax.tabs = Located(value: try values.map { (value) throws(LineError) in try name(value, "tab name") }, location: keyword.location)
            } else {
                let known = Set((syntax.origins?.value ?? []).map(\.value))
                let added = values.filter { !known.contains($0.value) }
                syntax.origins = Located(value: (syntax.origins?.value ?? []) + added, location: syntax.origins?.location ?? keyword.location)
            }
        case "attribution":
            // `attribution ref_src, partner_*`: more names (or prefixes) of query items that are
            // attribution, not navigation; each file may add some.
            repeat {
                let entry = try required(&scanner, "query item names, or prefixes ending in '*' (e.g. 'attribution ref_src, partner_*')", after: keyword, stops: [","])
                let name = entry.value.hasSuffix("*") ? String(entry.value.dropLast()) : entry.value
                guard !name.isEmpty, !name.contains(where: { "=&#*?".contains($0) || $0.isWhitespace }) else { throw fail(.badAttributionEntry(entry)) }
                syntax.attribution.append(entry)
            } while scanner.consume(",")
            try expectEnd(&scanner, after: "the list (separate names with ',')")
        case "query":
            // A table-wide query parameter: read on every route (each file may add some).
            syntax.sharedQuery.append(try parseQuery(keyword, &scanner))
        case "container":
            // `container onboarding modal(fullScreen) tabs(welcome, permissions)`
            let containerName = try name(
                try required(&scanner, "a name and how it is presented, e.g. 'container checkout modal(sheet)'", after: keyword), "container name")
            let presentation = try parseTransition(&scanner, after: containerName)
            guard case .modal(let style) = presentation.value else {
                throw fail(.containerNotModal(presentation))
            }
            var container = ContainerDeclaration(name: containerName, style: style, tabs: [])
            var first = true
            while let word = try word(&scanner, stops: ["("]) {
                defer { first = false }
                switch word.value {
                case "tabs" where first:
                    guard scanner.consume("(") else { throw fail(.containerTabsExpected(word)) }
                    repeat {
                        guard let tab = try self.word(&scanner, stops: [",", ")"]) else { throw fail(.containerTabsExpected(word)) }
                        container.tabs.append(try name(tab, "tab name"))
                    } while scanner.consume(",")
                    guard scanner.consume(")") else { throw fail(.containerTabsExpected(word)) }
                case "auth" where !container.requiresAuthentication && container.sources == nil:
                    // The container as a whole: every route in it requires sign-in.
                    container.requiresAuthentication = true
                case "sources" where container.sources == nil:
                    container.sources = try parseSources(word, &scanner)
                default:
                    throw fail(.containerTabsExpected(word))
                }
            }
            try expectEnd(&scanner, after: "the container")
            syntax.containers.append(container)
        case "include":
            includes.append(try required(&scanner, "a file name", after: keyword))
            try expectEnd(&scanner, after: "the file name")
        case "login":
            try onlyOnce(keyword)
            syntax.login = try name(try required(&scanner, "a route name", after: keyword), "route name")
            try expectEnd(&scanner, after: "the route name")
        case "option":
            let (key, value) = try parseOption(keyword, &scanner, among: Self.options, example: "option path-case insensitive")
            try onlyOnce(Located(value: "option " + key.value, location: key.location))
            switch key.value {
            case "path-case": syntax.pathCaseSensitive = value.value == "sensitive"
            case "query-plus": syntax.queryPlusIsSpace = value.value == "space"
            case "app-scheme-spelling":
                syntax.appSchemeSpelling = Route.SchemeScope.Spelling(rawValue: value.value) ?? .host
                syntax.appSchemeSpellingLocation = value.location
            case "app-scheme-host": syntax.appSchemeHostRequired = value.value == "required"
            case "empty-segments": syntax.collapsesEmptySegments = value.value == "collapse"
            case "enum-case": syntax.enumCaseInsensitive = value.value == "insensitive"
            case "query-name-case": syntax.queryNameCaseInsensitive = value.value == "insensitive"
            case "query": syntax.queryClosed = value.value == "closed"
            default: syntax.ignoresTrailingSlash = value.value == "ignore"
            }
        default:
            throw fail(.unknownDirective(keyword, isProperty: Self.properties.contains(keyword.value), candidates: Self.directives + Self.properties))
        }
    }

    private mutating func onlyOnce(_ keyword: Located<String>) throws(LineError) {
        if let first = firstDeclarations[keyword.value] {
            throw fail(.duplicateDirective(keyword, first: first))
        }
        firstDeclarations[keyword.value] = keyword.location
    }

    private mutating func parseProperty(_ keyword: Located<String>, _ scanner: inout LineScanner) throws(LineError) {
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
    private func parseOption(
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

    /// `query NAME TYPE [= DEFAULT] [optional] [lenient]`: under a route, or at the top for every route.
    private mutating func parseQuery(_ keyword: Located<String>, _ scanner: inout LineScanner) throws(LineError) -> QueryDeclaration {
        let parameter = try name(try required(&scanner, "a name and a type, e.g. 'query page int = 1'", after: keyword), "query parameter name")
        // `query token absent`: the route is for URLs without the item.
        if scanner.peek() == "a", case var probe = scanner, let word = try? probe.word(), word.value == "absent" {
            scanner = probe
            try expectEnd(&scanner, after: "'absent'")
            var declaration = QueryDeclaration(name: parameter, type: Located(value: .string, location: word.location))
            declaration.mustBeAbsent = true
            declaration.isOptional = true
            return declaration
        }
        // `query id like :userId(\d+)L`: the value read through a pattern.
        if scanner.peek() == "l", case var probe = scanner, let like = try? probe.word(), like.value == "like" {
            scanner = probe
            var declaration = QueryDeclaration(name: parameter, type: Located(value: .string, location: like.location))
            declaration.shape = try required(&scanner, "a pattern for the value, e.g. 'like :userId(\\d+)L'", after: like)
            while let flag = try word(&scanner) {
                switch flag.value {
                case "optional" where !declaration.isOptional: declaration.isOptional = true
                case "ignore-case" where declaration.ignoresCase == nil: declaration.ignoresCase = Located(value: true, location: flag.location)
                case "ignore-name-case" where declaration.ignoresNameCase == nil:
                    declaration.ignoresNameCase = Located(value: true, location: flag.location)
                case "also" where declaration.aliases.isEmpty: declaration.aliases = try parseAliases(&scanner, after: flag)
                default: throw fail(.expectedLikeFlag(flag))
                }
            }
            try expectEnd(&scanner, after: "the query parameter")
            return declaration
        }
        let type = try parseType(&scanner, after: parameter)
        var declaration = QueryDeclaration(name: parameter, type: type)
        if scanner.consume("=") {
            declaration.defaultValue = try required(
                &scanner, "a default value after '='", after: Located(value: "=", location: parameter.location))
        }
        while let flag = try word(&scanner) {
            switch flag.value {
            case "optional" where !declaration.isOptional: declaration.isOptional = true
            case "lenient" where declaration.isLenient == nil: declaration.isLenient = Located(value: true, location: flag.location)
            case "ignore-case" where declaration.ignoresCase == nil: declaration.ignoresCase = Located(value: true, location: flag.location)
            case "to-end" where declaration.runsToEnd == nil: declaration.runsToEnd = Located(value: true, location: flag.location)
            case "bare" where declaration.takesBareItem == nil: declaration.takesBareItem = Located(value: true, location: flag.location)
            case "ignore-name-case" where declaration.ignoresNameCase == nil:
                declaration.ignoresNameCase = Located(value: true, location: flag.location)
            case "also" where declaration.aliases.isEmpty: declaration.aliases = try parseAliases(&scanner, after: flag)
            case "matching" where declaration.pattern == nil:
                declaration.pattern = try required(&scanner, "a regexp the whole value must match, e.g. 'matching https?://.+'", after: flag)
            default: throw fail(.expectedOptional(flag))
            }
        }
        try expectEnd(&scanner, after: "the query parameter")
        return declaration
    }

    /// `also NAME, …`: a query item's other names.
    private mutating func parseAliases(_ scanner: inout LineScanner, after flag: Located<String>) throws(LineError) -> [Located<String>] {
        var aliases: [Located<String>] = []
        repeat {
            let alias = try required(&scanner, "the item's other names, e.g. 'also latitude'", after: flag, stops: [","])
            aliases.append(try name(alias, "query parameter name"))
        } while scanner.consume(",")
        return aliases
    }

    /// `param NAME TYPE`. Unnamed groups are numbered (`param 0 path` for `/files/*`).
    private mutating func parseParam(_ keyword: Located<String>, _ scanner: inout LineScanner) throws(LineError) -> ParameterDeclaration {
        let word = try required(&scanner, "a name and a type, e.g. 'param id int'", after: keyword)
        let parameter = word.value.allSatisfy(\.isASCII) && word.value.allSatisfy(\.isNumber) ? word : try name(word, "parameter name")
        let type = try parseType(&scanner, after: parameter)
        var declaration = ParameterDeclaration(name: parameter, type: type)
        if scanner.peek() == "t", case var probe = scanner, let flag = try? probe.word(), flag.value == "to-end" {
            scanner = probe
            declaration.runsToEnd = Located(value: true, location: flag.location)
        }
        try expectEnd(&scanner, after: declaration.runsToEnd == nil ? "the type (or 'to-end')" : "'to-end'")
        return declaration
    }

    /// The lines under a `redirect`: `param` (the old pattern's types, checked against the
    /// target's) and `set NAME = VALUE` (a value for the target the old URL does not carry);
    /// everything else about the destination is the target route's.
    private mutating func parseRedirectProperty(_ keyword: Located<String>, _ scanner: inout LineScanner) throws(LineError) {
        switch keyword.value {
        case "param":
            let parameter = try parseParam(keyword, &scanner)
            syntax.redirects[syntax.redirects.count - 1].parameters.append(parameter)
        case "set":
            let fixed = try parseFixedValue(after: keyword, &scanner, example: "set tag = swift", stops: ["="])
            try expectEnd(&scanner, after: "the value")
            syntax.redirects[syntax.redirects.count - 1].fixed.append(fixed)
        default:
            throw fail(.redirectProperty(keyword, redirect: syntax.redirects[syntax.redirects.count - 1].name.value))
        }
    }

    /// `NAME = VALUE` (a redirect's `set`, a route's `start`); the value stops at `stops`
    /// other than `=`.
    private func parseFixedValue(
        after keyword: Located<String>, _ scanner: inout LineScanner, example: String, stops: Set<Character>
    ) throws(LineError) -> FixedValueDeclaration {
        let parameter = try name(try required(&scanner, "a name, '=' and a value, e.g. '\(example)'", after: keyword, stops: stops), "parameter name")
        guard scanner.consume("=") else {
            throw fail(
                .missingArgument(
                    after: parameter.value, "'=' and the value, e.g. '\(parameter.value) = …'",
                    at: scanner.location(column: scanner.column, length: 1)))
        }
        let value = try required(
            &scanner, "a value after '='", after: Located(value: "=", location: parameter.location), stops: stops.subtracting(["="]))
        return FixedValueDeclaration(name: parameter, value: value)
    }

    private mutating func parseType(_ scanner: inout LineScanner, after parameter: Located<String>) throws(LineError) -> Located<ParameterType> {
        // `[int]`: the values of a repeated query item.
        if scanner.peek() == "[" {
            let start = scanner.location(column: scanner.column, length: 1)
            _ = scanner.consume("[")
            let element = try parseType(&scanner, after: parameter)
            guard scanner.consume("]") else {
                throw fail(.listNotClosed(at: scanner.location(column: scanner.column, length: 1)))
            }
            guard Self.listElements.contains(element.value) || { if case .enumeration = element.value { true } else { false } }() else {
                throw fail(.unsupportedListElement(element))
            }
            return Located(value: .list(element.value), location: scanner.location(column: start.column, length: scanner.column - start.column))
        }
        let typeName = try required(&scanner, "a type (\(ParameterType.names.joined(separator: ", ")))", after: parameter, stops: ["(", "=", "]"])
        let type: ParameterType
        switch typeName.value {
        case "string": type = .string
        case "int": type = .int
        case "double": type = .double
        case "bool": type = .bool
        case "uuid": type = .uuid
        case "path": type = .path
        case "rest": type = .rest
        case "url":
            // `url(http, https)`: the schemes an absolute URL may have.
            guard scanner.consume("("), let first = try word(&scanner, stops: [",", ")"]) else {
                throw fail(.urlWithoutSchemes(at: typeName.location))
            }
            var schemes = [first.value.lowercased()]
            while scanner.consume(",") {
                guard let scheme = try word(&scanner, stops: [",", ")"]) else { break }
                schemes.append(scheme.value.lowercased())
            }
            guard scanner.consume(")") else {
                throw fail(.enumNotClosed(at: scanner.location(column: scanner.column, length: 1)))
            }
            return Located(
                value: .url(schemes), location: scanner.location(column: typeName.location.column, length: scanner.column - typeName.location.column))
        case "enum":
            guard scanner.consume("(") else {
                throw fail(.enumWithoutValues(at: typeName.location))
            }
            var values: [Located<String>] = []
            repeat {
                guard let value = try word(&scanner, stops: [",", ")"]) else { break }
                if let previous = values.first(where: { $0.value == value.value }) {
                    throw fail(.enumValueTwice(value, first: previous.location))
                }
                values.append(value)
            } while scanner.consume(",")
            guard scanner.consume(")") else {
                throw fail(.enumNotClosed(at: scanner.location(column: scanner.column, length: 1)))
            }
            guard !values.isEmpty else {
                throw fail(.emptyEnum(at: typeName.location))
            }
            let end = scanner.column
            return Located(
                value: .enumeration(values.map(\.value)),
                location: scanner.location(column: typeName.location.column, length: end - typeName.location.column))
        default:
            throw fail(.unknownType(typeName))
        }
        return Located(value: type, location: typeName.location)
    }

    private mutating func parseTransition(_ scanner: inout LineScanner, after keyword: Located<String>) throws(LineError) -> Located<Transition> {
        let kinds = ["push", "replace", "modal", "tab"]
        let kind = try required(&scanner, "push, replace, modal(sheet|fullScreen|popover) or tab(NAME)", after: keyword, stops: ["("])
        switch kind.value {
        case "push": return Located(value: .push, location: kind.location)
        case "replace": return Located(value: .replace, location: kind.location)
        case "modal", "tab":
            guard scanner.consume("("), let argument = try word(&scanner, stops: [")"]), scanner.consume(")") else {
                throw fail(.transitionNeedsArgument(kind))
            }
            let location = scanner.location(column: kind.location.column, length: scanner.column - kind.location.column)
            if kind.value == "tab" {
                return Located(value: .tab(try name(argument, "tab name").value), location: argument.location)
            }
            guard let style = ModalStyle(rawValue: argument.value) else {
                throw fail(.unknownModalStyle(argument))
            }
            return Located(value: .modal(style), location: location)
        default:
            throw fail(.unknownTransition(kind, kinds: kinds))
        }
    }
}
