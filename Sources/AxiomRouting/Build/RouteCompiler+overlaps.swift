/// Overlap analysis: routes that can never match, and routes that match the same URLs where
/// only declaration order decides (W402, W401). Routes, aliases and redirects alike.
extension RouteCompiler {
    /// Every route is compared, by its language (``PathLanguage``), with the routes ranked
    /// before it that could take some of its URLs:
    ///
    /// - **W402** when one of them takes every URL it would (the earliest such one is named) —
    ///   whatever their segment counts, wildcards, optional parts, `{}` groups or regexps. The
    ///   winner must be one that cannot fall through: no required query parameter and no query
    ///   parameter whose value could fail to convert.
    /// - **W401** when one of them ties with it in rank (so declaration order alone decides)
    ///   and some URL matches both — with that URL as the example, or "the same URLs" when
    ///   each takes every URL of the other. Two routes that require different query items are
    ///   not compared so: the query tells their URLs apart.
    ///
    /// The candidates come from a trie of the routes' segments (a literal segment only meets
    /// the same literal or a non-literal one; a route with a wildcard or optional segment is
    /// a candidate for everything below it), so the work grows with the table, not with its
    /// square; each route is compared with at most ``comparisonLimit`` candidates and each
    /// comparison is bounded (``LanguageComparison/stateBudget``,
    /// ``LanguageComparison/workPerComparison``), and so is the whole table's
    /// (``LanguageComparison/workPerTable``). A comparison cut short is **W407**, at the route
    /// (and where the table's budget ran out, once, at the first route not compared): the
    /// analysis can miss an overlap, never invent one, and says where it did not finish.
    mutating func reportOverlaps(_ routes: [CompiledRoute]) {
        let caseless = !syntax.pathCaseSensitive
        let comparison = LanguageComparison(ignoresTrailingSlash: syntax.ignoresTrailingSlash, routes: routes.count)
        var known = [Facts?](repeating: nil, count: routes.count)
        // What ranks the same compares equal: a route's segments' kinds, literals and pieces.
        let rankKeys = routes.map(\.rankKey)
        func facts(_ index: Int) -> Facts {
            if let facts = known[index] { return facts }
            let made = Facts(PathLanguage(parts: routes[index].shape.parts, caseless: caseless), comparison: comparison)
            known[index] = made
            return made
        }
        /// Whether `outer` takes every URL of `inner`: cheap tests first (the fixed text every
        /// URL of each starts and ends with, one URL of the inner one), then the automata.
        // Hosts (routes that match on one): their hostnames' languages, typed like paths.
        let hosts = comparison.forHosts
        var hostLanguages = [PathLanguage?](repeating: nil, count: routes.count)
        func hostLanguage(_ index: Int) -> PathLanguage? {
            guard let host = routes[index].host else { return nil }
            if let known = hostLanguages[index] { return known }
            let types = Dictionary(routes[index].route.parameters.map { ($0.name, $0.type) }, uniquingKeysWith: { first, _ in first })
            let parts = host.hostnameParts.map { part -> Part in
                guard part.kind == .segmentWildcard, let shape = types[part.name]?.segmentRegexp else { return part }
                return Part(
                    kind: .regexp, value: shape, modifier: part.modifier, name: part.name, prefix: part.prefix, suffix: part.suffix,
                    position: part.position)
            }
            let made = PathLanguage(parts: parts, caseless: false, delimiter: UInt8(ascii: "."))
            hostLanguages[index] = made
            return made
        }
        /// Whether every host of `inner` is one of `outer`'s (a route without a host takes any).
        func hostIncludes(_ outer: Int, _ inner: Int) -> LanguageComparison.Verdict {
            guard let a = routes[outer].host else { return .yes }
            guard let b = routes[inner].host, a.pattern.scheme == b.pattern.scheme, a.pattern.port == "*" || a.pattern.port == b.pattern.port,
                let outerHost = hostLanguage(outer), let innerHost = hostLanguage(inner)
            else { return .no(example: "") }
            return hosts.includes(outerHost.under, innerHost.over)
        }
        /// A host both take (empty when one of them takes any), or why there is none.
        func hostOverlap(_ x: Int, _ y: Int) -> LanguageComparison.Overlap {
            guard let a = routes[x].host, let b = routes[y].host else {
                return .overlapping(example: (routes[x].host ?? routes[y].host).map { Self.exampleHost($0) } ?? "")
            }
            guard a.pattern.scheme == b.pattern.scheme else { return .disjoint }
            let literalPorts = !a.pattern.port.contains(":") && !b.pattern.port.contains(":") && a.pattern.port != "*" && b.pattern.port != "*"
            if literalPorts, a.pattern.port != b.pattern.port { return .disjoint }
            guard let left = hostLanguage(x), let right = hostLanguage(y) else { return .unknown }
            switch hosts.overlap(left.under, right.under) {
            case .overlapping(let host):
                return .overlapping(example: a.pattern.scheme + "://" + host + (a.pattern.port.isEmpty || !literalPorts ? "" : ":" + a.pattern.port))
            case let other: return other
            }
        }
        // Fragments (routes that match on one): their languages, as paths' are.
        var fragmentLanguages = [PathLanguage?](repeating: nil, count: routes.count)
        func fragmentLanguage(_ index: Int) -> PathLanguage? {
            guard let fragment = routes[index].fragment else { return nil }
            if let known = fragmentLanguages[index] { return known }
            let made = PathLanguage(parts: fragment.parts, caseless: !syntax.pathCaseSensitive)
            fragmentLanguages[index] = made
            return made
        }
        /// Whether every URL of `inner` is one of `outer`'s as far as the fragment and the rules
        /// go: a route on no fragment takes any (unless it refuses one), a route on one takes only
        /// those of its pattern; a route with its own trailing-slash rule takes one spelling.
        func fragmentIncludes(_ outer: Int, _ inner: Int) -> LanguageComparison.Verdict {
            if let scheme = routes[outer].route.scheme?.scheme, routes[inner].route.scheme?.scheme != scheme { return .no(example: "") }
            let (a, b) = (routes[outer].route.rules, routes[inner].route.rules)
            if a.refusesFragment, !b.refusesFragment { return .no(example: "") }
            if let slash = a.trailingSlash, b.trailingSlash != slash { return .no(example: "") }
            guard routes[outer].fragment != nil else { return .yes }
            guard let outerFragment = fragmentLanguage(outer), let innerFragment = fragmentLanguage(inner) else { return .no(example: "") }
            // A fragment is any string, not a path: compared over values (a path's domain, which
            // starts at `/`, would find `#x/…` and `#y/…` both empty and one inside the other).
            return comparison.forValues.includes(outerFragment.under, innerFragment.over)
        }
        /// A fragment both take (`#…`; empty when neither matches on one), or why there is none.
        func fragmentOverlap(_ x: Int, _ y: Int) -> LanguageComparison.Overlap {
            guard let left = fragmentLanguage(x), let right = fragmentLanguage(y) else { return .overlapping(example: "") }
            switch comparison.forValues.overlap(left.under, right.under) {
            case .overlapping(let fragment): return .overlapping(example: "#" + fragment)
            case let other: return other
            }
        }
        func includes(_ outer: Int, _ inner: Int) -> LanguageComparison.Verdict {
            let hostVerdict = hostIncludes(outer, inner)
            guard hostVerdict == .yes else { return hostVerdict }
            let fragmentVerdict = fragmentIncludes(outer, inner)
            guard fragmentVerdict == .yes else { return fragmentVerdict }
            let (a, b) = (facts(outer), facts(inner))
            guard b.overPrefix.starts(with: a.underPrefix), b.overSuffix.reversed().starts(with: a.underSuffix.reversed()) else {
                return .no(example: "")
            }
            if let sample = b.sample, !a.accepts(sample) { return .no(example: sample) }
            return comparison.includes(a.language.under, b.language.over)
        }
        let trie = OverlapTrie()
        for (index, route) in routes.enumerated() { trie.insert(index, route.tokens, caseless: caseless) }
        for (index, route) in routes.enumerated() {
            if comparison.meter.exhausted {
                diagnostics.append(.overlapsNotChecked(route.route, other: nil))
                break
            }
            let candidates = trie.candidates(
                for: route.tokens, before: index, limit: Self.comparisonLimit, caseless: caseless, probingLiterals: route.host != nil)
            var tied: (winner: Int, example: String)? = nil
            // A route on no host ranked before this one, on a host, that takes some of its URLs.
            var takenOnHost: (winner: Int, example: String)? = nil
            var reported = false
            // The first candidate a comparison could not finish with.
            var undecided: Int? = nil
            for candidate in candidates {
                let winner = routes[candidate]
                let isTie = rankKeys[candidate] == rankKeys[index]
                let covers = Self.takesEveryQuery(of: route, winner) ? includes(candidate, index) : .no(example: "")
                if covers == .unknown, undecided == nil { undecided = candidate }
                if covers == .yes {
                    if isTie, Self.takesEveryQuery(of: winner, route), includes(index, candidate) == .yes {
                        diagnostics.append(.ambiguousRoutes(route.route, winner: winner.route, example: nil))
                    } else {
                        diagnostics.append(.shadowedRoute(route.route, winner: winner.route))
                    }
                    reported = true
                    break
                }
                // Routes where one needs a query item the other refuses do not take the same URLs;
                // nor do routes whose `matching` regexps for one item no value satisfies both.
                // Others that tie (the same path and as many required items) share the URLs that
                // carry the items of both: declaration order alone decides those.
                if isTie, tied == nil, Self.queriesCompatible(winner, route), facts(candidate).mayOverlap(facts(index)),
                    !Self.queryValuesExclude(winner, route, comparison: comparison)
                {
                    switch (hostOverlap(candidate, index), comparison.overlap(facts(candidate).language.under, facts(index).language.under)) {
                    case (.overlapping(let host), .overlapping(let path)):
                        // Tied routes on fragments: a fragment both take, if any.
                        switch fragmentOverlap(candidate, index) {
                        case .overlapping(let fragment):
                            tied = (candidate, host + path + Self.exampleQuery(winner, route, comparison: comparison) + fragment)
                        case .unknown: if undecided == nil { undecided = candidate }
                        default: break
                        }
                    case (.unknown, .overlapping), (.overlapping, .unknown), (.unknown, .unknown):
                        if undecided == nil { undecided = candidate }
                    default: break
                    }
                }
                // (An alias of the same route on its own host leads where the route does; a route
                // whose path is `/*` is its host's fallback, meant to take what nothing else does.)
                if takenOnHost == nil, !isTie, winner.host == nil, let host = route.host, winner.route.name != route.route.name,
                    !(route.tokens.count == 1 && route.tokens[0].kind == .wildcard),
                    Self.queriesCompatible(winner, route),
                    facts(candidate).mayOverlap(facts(index)),
                    case .overlapping(let path) = comparison.overlap(facts(candidate).language.under, facts(index).language.under)
                {
                    takenOnHost = (candidate, Self.exampleHost(host) + path + Self.exampleQuery(winner, route, comparison: comparison))
                }
            }
            if !reported, let tied {
                diagnostics.append(.ambiguousRoutes(route.route, winner: routes[tied.winner].route, example: tied.example))
            } else if !reported, let takenOnHost {
                diagnostics.append(.hostRouteTaken(route.route, winner: routes[takenOnHost.winner].route, example: takenOnHost.example))
            } else if !reported, let undecided {
                diagnostics.append(.overlapsNotChecked(route.route, other: routes[undecided].route))
            }
        }
    }

    /// What the comparisons of one route's language start from, found once.
    final class Facts {
        let language: PathLanguage
        /// The fixed text every URL starts and ends with (of the certain and the possible URLs).
        let underPrefix: [UInt8]
        let underSuffix: [UInt8]
        let overPrefix: [UInt8]
        let overSuffix: [UInt8]
        /// One of its possible URLs (the shortest), when there is one.
        let sample: String?

        init(_ language: PathLanguage, comparison: LanguageComparison) {
            self.language = language
            underPrefix = language.under.fixedEnd(forward: true)
            underSuffix = language.under.fixedEnd(forward: false)
            overPrefix = language.over.fixedEnd(forward: true)
            overSuffix = language.over.fixedEnd(forward: false)
            sample = comparison.sample(language.over)
        }

        /// Whether `path` is one of the certain URLs.
        func accepts(_ path: String) -> Bool { LanguageComparison.accepts(language.under, path) }

        /// Whether the certain URLs of the two could share one: their fixed starts and ends agree.
        func mayOverlap(_ other: Facts) -> Bool {
            func agree(_ x: [UInt8], _ y: [UInt8]) -> Bool { x.count <= y.count ? y.starts(with: x) : x.starts(with: y) }
            return agree(underPrefix, other.underPrefix) && agree(underSuffix.reversed(), other.underSuffix.reversed())
        }
    }

    /// An example host of a pattern: each group filled with `x` (`https://x.example.com`).
    static func exampleHost(_ host: HostSyntax) -> String {
        host.pattern.scheme + "://" + host.exampleHostname
    }

    /// The query items a route needs (`+name`) and must not have (`-name`): routes that differ
    /// in them take different URLs.
    static func requiredQuery(_ route: CompiledRoute) -> Set<String> {
        Set(route.route.query.filter(\.requiresItem).map { "+" + $0.itemName } + route.route.query.filter(\.mustBeAbsent).map { "-" + $0.name })
    }

    /// Whether the two need one query item with `matching` regexps (or `like` patterns) that share no value (the
    /// four `firefox://deep-link?url=…` routes: `/settings/…`, `/homepanel/…`): the query
    /// tells their URLs apart, whatever the order. A regexp the automata cannot model, or a
    /// comparison over its budget, decides nothing (the routes are compared as before).
    static func queryValuesExclude(_ a: CompiledRoute, _ b: CompiledRoute, comparison: LanguageComparison) -> Bool {
        for first in a.route.query where first.requiresItem {
            guard let pattern = first.valuePattern, let second = b.route.query.first(where: { $0.itemName == first.itemName && $0.requiresItem }),
                let other = second.valuePattern, let x = valueLanguage(pattern, caseless: first.ignoresCase),
                let y = valueLanguage(other, caseless: second.ignoresCase)
            else { continue }
            if comparison.forValues.overlap(x, y) == .disjoint { return true }
        }
        return false
    }

    /// The values a `matching` regexp takes, as an automaton (nil when it cannot be modelled).
    static func valueLanguage(_ source: String, caseless: Bool) -> PathNFA? {
        var nfa = PathNFA()
        guard let fragment = try? RegexAutomatonBuilder.fragment(source, caseless: caseless, in: &nfa) else { return nil }
        nfa.start = fragment.start
        nfa.accept = fragment.end
        return nfa.stateCount <= PathLanguage.stateLimit ? nfa : nil
    }

    /// Candidates compared per route, at most.
    static let comparisonLimit = 256

    /// Whether `winner`, matching a path, takes every URL of that path `route` would: every
    /// query item it requires present or absent, `route` requires so too, and none of its query
    /// parameters could fail to convert a value and make it fall through (one of a type other
    /// than `string` or `rest`, or with a regexp, unless lenient).
    static func takesEveryQuery(of route: CompiledRoute, _ winner: CompiledRoute) -> Bool {
        // A closed query refuses a URL with an item it does not declare: it can fall through.
        !winner.route.closedQuery && requiredQuery(winner).isSubset(of: requiredQuery(route))
            && !winner.route.query.contains { ($0.type != .string && $0.type != .rest || $0.valuePattern != nil) && !$0.isLenient }
    }

    /// Whether some URL can carry what both routes require: neither requires present an item
    /// the other requires absent.
    static func queriesCompatible(_ a: CompiledRoute, _ b: CompiledRoute) -> Bool {
        let (x, y) = (requiredQuery(a), requiredQuery(b))
        return !x.contains { y.contains(($0.hasPrefix("+") ? "-" : "+") + $0.dropFirst()) }
    }

    /// The query of an example URL both routes take: every item either requires, with a value
    /// of its type — one both routes' regexps or `like` patterns for the item take, when they
    /// have them and an automaton finds one (empty when neither requires any).
    static func exampleQuery(_ a: CompiledRoute, _ b: CompiledRoute, comparison: LanguageComparison) -> String {
        var seen: Set<String> = []
        var items: [String] = []
        let query = a.route.query + b.route.query
        for parameter in query where parameter.requiresItem && seen.insert(parameter.itemName).inserted {
            var value = parameter.type.sampleValue
            if case .list(let elements) = value, let first = elements.first { value = first }
            var text = value.description
            let constrained = query.filter { $0.itemName == parameter.itemName && $0.requiresItem }.compactMap { other in
                other.valuePattern.flatMap { valueLanguage($0, caseless: other.ignoresCase) }
            }
            if let first = constrained.first {
                let example: String? =
                    if constrained.count > 1, case .overlapping(let both) = comparison.forValues.overlap(first, constrained[1]) { both } else {
                        comparison.forValues.sample(first)
                    }
                if let example { text = example }
            }
            items.append(percentEncode(parameter.itemName.unicodeScalars, .queryValue) + "=" + percentEncode(text.unicodeScalars, .queryValue))
        }
        return items.isEmpty ? "" : "?" + items.joined(separator: "&")
    }
}

/// The routes by segment, for finding the ones that can share a URL with a route: a literal
/// segment's text, or — for a segment of one parameter or more — the wildcard branch; a route
/// stops at its first segment that can span segments or be absent (a wildcard or an optional
/// segment), from where it may take any URL below. Built during compilation, then dropped.
private final class OverlapTrie {
    private var children: [String: OverlapTrie] = [:]
    private var wild: OverlapTrie?
    /// Routes that end here, and routes that stop here (a wildcard or optional segment next).
    private var ends: [Int] = []
    private var spanning: [Int] = []

    /// Nodes one lookup may visit: it branches in two per segment, so an adversarial table
    /// could make it exponential; past this it stops (an overlap is then not reported).
    static let visitLimit = 4_096
    /// A one-parameter segment with an expression may equal a literal (`:kind(new)` and
    /// `/new`): those are tried under nodes of at most this many literal children.
    static let literalProbeLimit = 64

    private static func spans(_ token: SegmentToken) -> Bool { token.kind == .optional || token.kind == .wildcard }

    private static func key(_ token: SegmentToken, caseless: Bool) -> String? {
        guard let literal = token.literal else { return nil }
        return caseless ? literal.lowercased() : literal
    }

    func insert(_ index: Int, _ tokens: [SegmentToken], caseless: Bool) {
        var node = self
        for token in tokens {
            if Self.spans(token) {
                node.spanning.append(index)
                return
            }
            if let key = Self.key(token, caseless: caseless) {
                let next = node.children[key] ?? OverlapTrie()
                node.children[key] = next
                node = next
            } else {
                let next = node.wild ?? OverlapTrie()
                node.wild = next
                node = next
            }
        }
        node.ends.append(index)
    }

    /// The routes ranked before `rank` that could take a URL of a route with `tokens`, in rank
    /// order, at most `limit` (the earliest). `probingLiterals`: a group meets literal segments
    /// too (bounded as a constrained one's), for routes on a host, which a more specific route on
    /// no host can take URLs from (W414).
    func candidates(for tokens: [SegmentToken], before rank: Int, limit: Int, caseless: Bool, probingLiterals: Bool = false) -> [Int] {
        var found: Set<Int> = []
        var budget = Self.visitLimit
        // The lists are in rank order (routes are inserted so): each is read up to `rank`.
        func take(_ list: [Int]) {
            for index in list.prefix(limit) {
                guard index < rank else { break }
                found.insert(index)
            }
        }
        func everything(_ node: OverlapTrie) {
            guard budget > 0 else { return }
            budget -= 1
            take(node.ends)
            take(node.spanning)
            for child in node.children.values { everything(child) }
            if let wild = node.wild { everything(wild) }
        }
        func visit(_ node: OverlapTrie, _ depth: Int) {
            guard budget > 0 else { return }
            budget -= 1
            take(node.spanning)
            guard depth < tokens.count else {
                take(node.ends)
                return
            }
            let token = tokens[depth]
            if Self.spans(token) {
                // Its segments do not line up with the others': anything below may overlap.
                everything(node)
                return
            }
            if let key = Self.key(token, caseless: caseless) {
                if let child = node.children[key] { visit(child, depth + 1) }
            } else if token.kind == .constrained || probingLiterals, node.children.count <= Self.literalProbeLimit {
                for child in node.children.values { visit(child, depth + 1) }
            }
            if let wild = node.wild { visit(wild, depth + 1) }
        }
        visit(self, 0)
        return Array(found.sorted().prefix(limit))
    }
}
