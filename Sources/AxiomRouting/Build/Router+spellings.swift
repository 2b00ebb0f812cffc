@_spi(Lookup) import AxiomURLPattern

/// `check`'s view of where one URL can be sent two ways: a redirect or alias whose target's URLs a
/// stricter route takes (W416), and a table that cannot keep every spelling of a restricted URL
/// on its route (W417). Each finding is confirmed by the router itself — the example URL is
/// resolved, and warned about only when it lands where the warning says — so neither invents one.
extension Router {
    /// W416: an alias or redirect (on no host) that, for some of its URLs, lands on a route more
    /// restricted than its target — as the target's own URL would (the lookup lands a hop where
    /// its target's path resolves: `/legacy/admin-keys` → `/docs/admin-keys` → `adminDoc`). Each
    /// route ranked before the target, on no host, with an `auth` or `sources` the target lacks and
    /// some path in common with it (the overlap analysis's automata, within its budget), gives an
    /// example path; the target's values at that path (with the chain's `set` values over them)
    /// make the hop's own URL, which is resolved: a warning only when it lands on that route.
    func redirectLandingWarnings() -> [Diagnostic] {
        let hops = entries.indices.filter { entries[$0].kind != .route && entries[$0].host == nil }
        guard !hops.isEmpty else { return [] }
        let comparison = LanguageComparison(ignoresTrailingSlash: options.ignoresTrailingSlash, routes: entries.count)
        var languages: [Int: PathLanguage] = [:]
        func language(_ rank: Int) -> PathLanguage {
            if let known = languages[rank] { return known }
            let made = PathLanguage(parts: parts(of: rank), caseless: !options.pathCaseSensitive)
            languages[rank] = made
            return made
        }
        // The routes that could be stricter than a target: restricted ones, on no host.
        let restricted = entries.indices.filter {
            entries[$0].kind == .route && entries[$0].host == nil
                && (entries[$0].metadata.requiresAuthentication || entries[$0].metadata.allowedSources != nil)
        }
        guard !restricted.isEmpty else { return [] }
        var warnings: [Diagnostic] = []
        for hop in hops {
            let entry = entries[hop]
            guard let (targetRank, fixed) = finalTarget(of: entry) else { continue }
            let target = entries[targetRank]
            guard target.host == nil else { continue }
            for rank in restricted where rank < targetRank && !comparison.meter.exhausted {
                // Each pair weighs on the table's budget, compared or not: the work stays bounded.
                comparison.meter.used += 1
                let stricter = entries[rank]
                guard stricter.name != target.name,
                    let looser = Self.looser(target, than: stricter),
                    case .overlapping(let shared) = comparison.overlap(language(rank).under, language(targetRank).under),
                    let values = values(at: shared, rank: targetRank)
                else { continue }
                // The hop's own URL for those values (a `set` value is what the chain hands on).
                var given = Self.adding(fixed, to: values)
                given = RouteParameters(
                    names: entry.parameters.compactMap { given[$0.name] == nil ? nil : $0.name },
                    values: entry.parameters.compactMap { given[$0.name] })
                let url = path(entry, parts: parts(of: hop), given)
                guard case .success(let landed) = resolve(path: url), landed.route.name == stricter.name else { continue }
                warnings.append(.redirectTakenByStricter(entry, target: target, stricter: stricter, looser: looser, example: url))
                break
            }
        }
        return warnings
    }

    /// The route a chain of hops from `entry` ends at (its rank), with the `set` values the
    /// chain hands on; nil for a chain the compiler would have refused.
    private func finalTarget(of entry: Route) -> (rank: Int, fixed: RouteParameters)? {
        var fixed = entry.fixedValues
        let first: String
        switch entry.kind {
        case .route: return nil
        case .alias: first = entry.name
        case .redirect(let target): first = target
        }
        let last = followingRedirects(from: first) { fixed = Self.adding($0.fixedValues, to: fixed) }
        return rank(ofRouteNamed: last).map { ($0, fixed) }
    }

    /// The values the route at `rank` takes from `path` on its own (nil when it does not take it).
    private func values(at path: String, rank: Int) -> RouteParameters? {
        var text = path
        var items: QueryItems? = nil
        return scratches.withScratch { scratch in
            text.withUTF8 { bytes in
                guard case .matched(let match) = candidate(
                    rank, bytes: bytes, segment: firstSegment(bytes), path: path, query: nil, request: nil, scratch: scratch, items: &items)
                else { return nil }
                return match.parameters
            }
        }
    }

    /// W417: where the table cannot keep one spelling of a URL on one route.
    ///
    /// - A pattern holding an escape of a character URLs are matched with decoded
    ///   (``isSpelledLiterally(_:)``: `%40` for `@`, `%7E` for `~`): no URL ever matches it — its
    ///   URLs, in either spelling, go to whatever else takes them.
    /// - In a table that ignores the case of paths, a route restricted by `auth` or `sources`
    ///   whose path in another case is taken by a less restricted route: a value compared with
    ///   case (an `enum` parameter's) turns the restricted route down and the other takes it.
    ///   A path the route takes (its sample path, else the shortest its pattern takes) is tried
    ///   upper- and lower-cased.
    func spellingWarnings() -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        // (In the canonical pattern: fixed text, and a regexp, which never sees the escape either.)
        for entry in entries {
            if let escape = Self.decodedEscape(entry.pattern) {
                warnings.append(.spellingNotGuaranteed(literalEscape: escape.escape, decoded: escape.character, in: entry))
            }
        }
        guard !options.pathCaseSensitive else { return warnings }
        let comparison = LanguageComparison(ignoresTrailingSlash: options.ignoresTrailingSlash, routes: entries.count)
        for (rank, route) in entries.enumerated()
        where route.kind == .route && route.host == nil && (route.metadata.requiresAuthentication || route.metadata.allowedSources != nil) {
            // A URL of the route's own: its sample path, else the shortest its pattern takes.
            func isOwn(_ path: String) -> Bool {
                guard case .success(let match) = resolve(path: path) else { return false }
                return match.route.name == route.name
            }
            let sample = samplePath(rank)
            guard let path = isOwn(sample) ? sample : comparison.sample(PathLanguage(parts: parts(of: rank), caseless: true).under).flatMap({ isOwn($0) ? $0 : nil })
            else { continue }
            for variant in [path.uppercased(), path.lowercased()] where variant != path {
                guard case .success(let match) = resolve(path: variant), match.route.name != route.name,
                    let weaker = Self.looser(match.route, than: route)
                else { continue }
                warnings.append(.spellingNotGuaranteed(route, other: match.route, weaker: weaker, variant: variant))
                break
            }
        }
        return warnings
    }

    /// The first `%XX` in `text` that URLs are matched with decoded, and the character it stands for.
    private static func decodedEscape(_ text: String) -> (escape: String, character: String)? {
        let bytes = Array(text.utf8)
        var index = 0
        while index + 2 < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "%"), let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2]) else { continue }
            let byte = high << 4 | low
            guard isSpelledLiterally(byte) else { continue }
            return (String(decoding: bytes[index...(index + 2)], as: UTF8.self), String(decoding: [byte], as: UTF8.self))
        }
        return nil
    }
}
