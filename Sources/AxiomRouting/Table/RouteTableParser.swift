/// Parses the text of one route-table file into declarations, reporting every problem it
/// finds (a bad line is skipped; the rest of the file is still read).
///
/// The grammar is in `Docs/RouteTableFormat.md`.
struct RouteTableParser {
    static let directives = ["route", "redirect", "query", "origins", "tabs", "container", "include", "login", "option", "attribution"]
    static let properties = [
        "param", "alias", "query", "auth", "analytics", "transition", "parent", "sources", "load", "result", "from-link", "container", "public", "option", "start",
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

    let file: String
    var syntax: RouteTableSyntax
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var includes: [Located<String>] = []
    /// Where each directive that may appear once was first declared.
    var firstDeclarations: [String: SourceLocation]

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

    func fail(_ diagnostic: Diagnostic) -> LineError { LineError(diagnostic: diagnostic) }

    func word(_ scanner: inout LineScanner, stops: Set<Character> = []) throws(LineError) -> Located<String>? {
        do {
            return try scanner.word(stops: stops)
        } catch {
            switch error {
            case .unterminatedString(let location):
                throw fail(.unterminatedString(at: location))
            }
        }
    }

    func required(
        _ scanner: inout LineScanner, _ what: String, after keyword: Located<String>, stops: Set<Character> = []
    ) throws(LineError) -> Located<String> {
        if let value = try word(&scanner, stops: stops) { return value }
        let end = scanner.location(column: scanner.column, length: 1)
        throw fail(.missingArgument(after: keyword.value, what, at: end))
    }

    /// `inApp, deepLink`: navigation source names, separated by ','.
    func parseSources(_ keyword: Located<String>, _ scanner: inout LineScanner) throws(LineError) -> [String] {
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

    func expectEnd(_ scanner: inout LineScanner, after what: String) throws(LineError) {
        guard !scanner.atEnd() else { return }
        throw fail(.unexpectedArgument(after: what, at: scanner.restLocation()))
    }

    func name(_ word: Located<String>, _ what: String) throws(LineError) -> Located<String> {
        guard Self.isValidName(word.value) else {
            throw fail(.invalidName(word, what))
        }
        return word
    }

    static func isValidName(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, first == "_" || first.isASCIIAlpha else { return false }
        return text.unicodeScalars.allSatisfy { $0 == "_" || $0.isASCIIAlphanumeric }
    }

    mutating func parseLine(_ scanner: inout LineScanner) throws(LineError) {
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

    mutating func onlyOnce(_ keyword: Located<String>) throws(LineError) {
        if let first = firstDeclarations[keyword.value] {
            throw fail(.duplicateDirective(keyword, first: first))
        }
        firstDeclarations[keyword.value] = keyword.location
    }
}
