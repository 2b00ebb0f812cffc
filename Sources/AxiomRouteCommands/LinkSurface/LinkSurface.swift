import AxiomRouting
import AxiomURLPattern

/// The table's link surface: which https URLs universal links and App Links may open, the
/// association files that claim them in each platform's dialect, and how faithfully each
/// dialect can say it (``LinkLabel``), decided by testing URLs against the router and against a
/// model of each platform's matcher (`LinkDialects.swift`).
struct LinkSurface {
    let router: Router
    /// The web hosts links come from: the table's https origins (`example.com`,
    /// `*.teams.example.com`).
    let hosts: [Host]

    struct Host: Sendable, Hashable {
        /// As the association files write it (`*.teams.example.com` for subdomains).
        let written: String
        /// A host to test it with (`links.teams.example.com` for `*.teams.example.com`).
        let sample: String
        /// Whether a file can claim links on it: false for the stand-in of a table with no
        /// https host (only app schemes, or `https://*`, every host, which no app can claim).
        var claimable = true
    }

    /// The hosts to label the routes on: the table's https hosts, or, when it has none, a
    /// stand-in on which no file claims anything (a table of app schemes: nothing to claim; of
    /// `https://*`: every route that opens from a link is dropped, as no app can claim every host).
    var linkHosts: [Host] {
        guard hosts.isEmpty else { return hosts }
        let anyHost = router.origins.contains { $0.scheme == "https" && $0.hosts == .any }
        return [Host(written: "(no https host)", sample: anyHost ? "any.example.org" : "example.invalid", claimable: false)]
    }

    /// One pattern of the table (a route, an alias, a redirect) and the route it reaches.
    struct Entry {
        let rank: Int
        let entry: Route
        let route: Route
        /// Whether a universal link may open the route (its `sources`).
        var linkable: Bool { route.metadata.allows(source: "universalLink") }
        var comment: String {
            switch entry.kind {
            case .route: return "route " + route.name
            case .alias: return "alias of " + route.name
            case .redirect: return "redirect " + entry.name + " to " + route.name
            }
        }
    }

    let entries: [Entry]

    init(router: Router) {
        self.router = router
        var hosts: [Host] = []
        for origin in router.origins where origin.scheme == "https" && origin.port == nil {
            switch origin.hosts {
            case .exact(let host): hosts.append(Host(written: host, sample: host))
            case .subdomains(let domain): hosts.append(Host(written: "*." + domain, sample: "links." + domain))
            case .any, .appScheme, .everyOtherScheme: break
            }
        }
        if router.origins.isEmpty { hosts.append(Host(written: "example.com", sample: "example.com")) }
        self.hosts = hosts
        var entries: [Entry] = []
        for (rank, entry) in router.entries.enumerated() {
            var target = entry
            var seen: Set<String> = []
            while case .redirect(let name) = target.kind, seen.insert(name).inserted {
                guard let next = router.entries.first(where: { $0.name == name && $0.kind == .route })
                    ?? router.entries.first(where: { $0.name == name })
                else { break }
                target = next
            }
            guard target.kind == .route || entry.kind == .alias, let route = router.route(named: target.name) else { continue }
            entries.append(Entry(rank: rank, entry: entry, route: route))
        }
        self.entries = entries
    }

    /// The hosts a command names: `written` when given (it must be one of the table's), else all.
    func hosts(named written: String?) -> Result<[Host], LinkSurfaceError> {
        guard let written else { return .success(linkHosts) }
        // A host, as a URL's parser reads it (lowercase, punycode), and nothing more.
        guard let parsed = LinkURL("https://" + written + "/"), parsed.host == written.lowercased(), !written.contains(":") else {
            return .failure(.notAHost(written))
        }
        if let host = hosts.first(where: { $0.written == written.lowercased() }) { return .success([host]) }
        // `https://*` takes every host: the one named is the team's.
        if router.origins.contains(where: { $0.scheme == "https" && $0.hosts == .any && $0.port == nil }) {
            return .success([Host(written: written.lowercased(), sample: written.lowercased())])
        }
        // A host under a wildcard origin is tested as itself.
        let lowered = written.lowercased()
        if hosts.contains(where: { $0.written.hasPrefix("*.") && lowered.hasSuffix($0.written.dropFirst()) }) {
            return .success([Host(written: lowered, sample: lowered)])
        }
        return .failure(.unknownHost(written, hosts.map(\.written)))
    }

    // MARK: Patterns as parts

    /// The path parts of an entry (nil: a pattern of another scheme, never an https link).
    func pathParts(_ entry: Route) -> [Part]? {
        guard entry.scheme == nil else { return nil }
        return try? PatternParser.parse(entry.pattern, options: .pathname, encode: Canonicalizer.pathname)
    }

    func fragmentParts(_ entry: Route) -> [Part]? {
        guard let fragment = entry.fragment else { return nil }
        return try? PatternParser.parse(fragment.pattern, options: .pathname, encode: Canonicalizer.hash)
    }

    // MARK: URLs to test

    /// Values to try for a group of `type`: ones the route should take, and ones that show
    /// where a rule claims more (a `/` inside, letters for a number, nothing at all).
    static func trialValues(_ type: ParameterType?) -> [String] {
        var values: [String]
        switch type {
        case .int?: values = ["1", "42", "-3"]
        case .double?: values = ["1.5", "2"]
        case .bool?: values = ["true", "false"]
        case .uuid?: values = ["00000000-0000-0000-0000-000000000001"]
        case .enumeration(let options)?: values = options
        case .path?: values = ["a", "a/b", "a/b/c"]
        case .url?: values = ["https%3A%2F%2Fexample.org%2F"]
        default: values = ["x", "hello", "1", "a-b", "x.json", "Zo%C3%AB"]
        }
        return values + ["abc", "x/y", ""]
    }

    /// Text for `parts`, one group varied at a time around the first value of each.
    func texts(_ parts: [Part], types: [String: ParameterType]) -> [String] {
        func render(_ choice: [Int: String?]) -> String {
            var text = ""
            for (index, part) in parts.enumerated() {
                if part.kind == .fixedText {
                    text += part.value
                    continue
                }
                let value: String?
                if let chosen = choice[index] { value = chosen } else { value = Self.trialValues(types[part.name]).first }
                guard let value else { continue }
                text += part.prefix + value + part.suffix
            }
            return text
        }
        var results: [String] = [render([:])]
        for (index, part) in parts.enumerated() where part.kind != .fixedText {
            for value in Self.trialValues(types[part.name]).dropFirst() { results.append(render([index: value])) }
            if part.modifier == .optional || part.modifier == .zeroOrMore { results.append(render([index: String?.none])) }
        }
        var seen: Set<String> = []
        return results.filter { seen.insert($0).inserted }
    }

    /// URLs (on `host`) to test `entry` with: its pattern filled in many ways, with and without
    /// its query items and fragment, a trailing `/`, another case.
    func trialURLs(_ entry: Route, host: Host) -> [String] {
        guard let parts = pathParts(entry) else { return [] }
        var types: [String: ParameterType] = [:]
        for parameter in entry.parameters { types[parameter.name] = parameter.type }
        let paths = texts(parts, types: types)
        var queries: [String?] = [nil, "zz=1"]
        let required = entry.query.filter { $0.isRequired && !$0.mustBeAbsent }
        if !required.isEmpty {
            var items: [String] = []
            for parameter in required {
                items.append(parameter.itemName + "=" + (Self.trialValues(parameter.type).first ?? "x"))
            }
            queries.append(items.joined(separator: "&"))
            queries.append(items.joined(separator: "&") + "&zz=1")
            if let first = required.first, case .enumeration(let values) = first.type {
                for value in values.dropFirst() { queries.append(first.itemName + "=" + value) }
            }
        }
        for parameter in entry.query where parameter.mustBeAbsent { queries.append(parameter.itemName + "=1") }
        var fragments: [String?] = [nil, "x"]
        if let fragmentParts = fragmentParts(entry) {
            fragments += texts(fragmentParts, types: types).map(Optional.some)
        }
        var urls: [String] = []
        let base = "https://" + host.sample
        for path in paths {
            var spellings = [path]
            if path.count > 1, !path.hasSuffix("/") { spellings.append(path + "/") }
            if path.contains(where: \.isLowercase) { spellings.append(path.uppercased()) }
            for spelling in spellings {
                for query in queries {
                    for fragment in fragments {
                        urls.append(base + spelling + (query.map { "?" + $0 } ?? "") + (fragment.map { "#" + $0 } ?? ""))
                    }
                }
            }
        }
        return urls
    }

    /// Every URL to test on `host`: each entry's, and a few no route may take.
    func trialURLs(host: Host) -> [String] {
        var seen: Set<String> = []
        var urls: [String] = []
        for url in ["/", "/x", "/x/y", "/.well-known/x"].map({ "https://" + host.sample + $0 }) + entries.flatMap({ trialURLs($0.entry, host: host) })
        where seen.insert(url).inserted {
            urls.append(url)
        }
        return urls
    }

    /// Where the router sends `url` as a universal link: the route it opens, or nil (no route,
    /// or a route whose `sources` refuse universal links), with the route it refused.
    func routed(_ url: String) -> (opens: String?, refusedBy: String?) {
        guard case .success(let match) = router.resolve(url) else { return (nil, nil) }
        return match.route.metadata.allows(source: "universalLink") ? (match.route.name, nil) : (nil, match.route.name)
    }
}

/// A command's input that the link surface cannot use.
enum LinkSurfaceError: Error, CustomStringConvertible {
    case unknownHost(String, [String])
    case notAHost(String)

    var description: String {
        switch self {
        case .notAHost(let text):
            return "'\(text)' is not a host name (write it as a URL's host is written, e.g. 'example.com', without a scheme, port or path)"
        case .unknownHost(let host, let known):
            return known.isEmpty
                ? "'\(host)' is not a host of the table: it has no https origin (add one, e.g. 'origins https://\(host)')"
                : "'\(host)' is not a host of the table's https origins (\(known.joined(separator: ", "))); name one of them with --host"
        }
    }
}
