@_spi(Lookup) import AxiomURLPattern

extension Router {
    /// Why nothing matched `path`: the first candidate whose pattern matches but whose
    /// values do not convert (or whose required query is absent), else "no route" with the
    /// nearest routes. Runs only when a failure's `reason` is read.
    func diagnose(_ path: String, query: String?, request: RequestURL?) -> RouteFailure.Reason {
        let (first, _) = rejections(path, query: query, request: request, counting: false)
        return first ?? .noRoute(path: path, suggestions: suggestions(for: path))
    }

    /// The first candidate's rejection of `path` in rank order, and (when `counting`) how many
    /// candidates rejected it.
    func rejections(_ path: String, query: String?, request: RequestURL?, counting: Bool) -> (first: RouteFailure.Reason?, count: Int) {
        var items: QueryItems? = nil
        var text = path
        return scratches.withScratch { scratch in
            text.withUTF8 { bytes in
                let segment = firstSegment(bytes)
                var first: RouteFailure.Reason? = nil
                var count = 0
                // Runs only after `resolve` found no route: a route stopped at the limit is
                // passed over (`resolve` reports the limit itself when it meets it).
                for index in entries.indices {
                    if case .rejected(let failure) = candidate(
                        index, bytes: bytes, segment: segment, path: path, query: query, request: request, scratch: scratch, items: &items)
                    {
                        count += 1
                        if first == nil { first = failure }
                        if !counting { break }
                    }
                }
                return (first, count)
            }
        }
    }

    /// Up to three routes nearest to `path`: each route's pattern is filled in with the
    /// path's own segments and compared by edit distance — at most a third of the path's
    /// length and never more than 12 edits, with the bounded
    /// `Suggestions.distance(_:_:atMost:window:)`, so any path up to the length limit costs
    /// time linear in its length per route.
    public func suggestions(for fullPath: String, limit: Int = 3) -> [RouteSuggestion] {
        // A hint within a dozen edits needs no more than the path's first bytes: longer paths are
        // compared on their first ``suggestionPrefix`` bytes, so the cost does not grow with them.
        // (Routed paths are ASCII: any prefix is valid text.)
        let path =
            fullPath.utf8.count > Self.suggestionPrefix
            ? String(decoding: fullPath.utf8.prefix(Self.suggestionPrefix), as: UTF8.self) : fullPath
        // Split on the bytes: a routed path is ASCII, and splitting by characters would pay
        // for grapheme breaking over the whole (possibly 24 KiB) path.
        let segments = Self.withUTF8(of: path) { bytes -> [String] in
            var segments: [String] = []
            var start = PathBytes.nextSlash(in: bytes, from: 0) + 1
            while start <= bytes.count {
                let end = PathBytes.nextSlash(in: bytes, from: start)
                segments.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                start = end + 1
            }
            return segments
        }
        let threshold = min(max(2, path.utf8.count / 3), Self.maxSuggestionDistance)
        var near: [(distance: Int, rank: Int, suggestion: RouteSuggestion)] = []
        // Suggested by their own patterns: an alias or an old redirected URL is not one to
        // send people to.
        let pathLength = path.utf8.count
        let tokensByRank = suggestionTokens
        for index in entries.indices where entries[index].kind == .route {
            let tokens = tokensByRank[index]
            // Lengths further apart than the threshold are further apart in edits too: such a
            // route's example is not even built (most routes, for most misses).
            var length = 0
            Self.examplePieces(tokens, filling: segments) { length += $0.utf8.count }
            guard abs(max(length, 1) - pathLength) <= threshold else { continue }
            let example = Self.example(tokens, filling: segments)
            let distance = Self.withUTF8(of: path) { path in
                Self.withUTF8(of: example) { Suggestions.distance(path, $0, atMost: threshold) }
            }
            guard let distance else { continue }
            near.append((distance, index, RouteSuggestion(route: entries[index].name, example: example)))
        }
        return near.sorted { ($0.distance, $0.rank) < ($1.distance, $1.rank) }.prefix(limit).map(\.suggestion)
    }

    /// Every route's segment tokens, in rank order (empty for an alias or a redirect): made
    /// once, so that a miss reads them without a lock and a lookup per route.
    var suggestionTokens: [[SegmentToken]] {
        if let tokens = tokensByRank.withLock({ $0 }) { return tokens }
        let tokens = entries.indices.map { entries[$0].kind == .route ? shape(of: $0)?.tokens ?? [] : [] }
        tokensByRank.withLock { $0 = tokens }
        return tokens
    }

    /// The most edits a suggested route may be from the path.
    static let maxSuggestionDistance = 12
    /// How much of a path suggestions read.
    static let suggestionPrefix = 1_024
}

extension Router {
    /// A route's path (its `tokens`) with its parameters taken from `segments` where there are
    /// any (`/profile/:userId` with `["profil", "42"]` → `/profile/42`).
    static func example(_ tokens: [SegmentToken], filling segments: [String]) -> String {
        var output = ""
        examplePieces(tokens, filling: segments) { output += $0 }
        return output.isEmpty ? "/" : output
    }

    /// The pieces of ``example(_:filling:)``, in order, to `body`: what it appends, and what
    /// suggestions sum the lengths of before deciding to build it.
    static func examplePieces(_ tokens: [SegmentToken], filling segments: [String], _ body: (String) -> Void) {
        for (index, token) in tokens.enumerated() {
            if let literal = token.literal {
                body(literal)
            } else if token.isPureParameter, index < segments.count {
                body("/")
                body(segments[index])
            } else if token.kind != .optional || index < segments.count {
                body(token.display)
            }
        }
    }
}
