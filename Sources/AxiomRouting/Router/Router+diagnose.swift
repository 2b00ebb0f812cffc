extension Router {
    /// Why nothing matched `path`: the first candidate whose pattern matches but whose
    /// values do not convert (or whose required query is absent), else "no route" with the
    /// nearest routes. Runs only when a failure's ``RouteFailure/reason`` is read.
    func diagnose(_ path: String, query: String?) -> RouteFailure.Reason {
        var items: QueryItems? = nil
        var text = path
        let found: RouteFailure.Reason? = scratches.withScratch { (scratch) -> RouteFailure.Reason? in
            text.withUTF8 { (bytes) -> RouteFailure.Reason? in
                let segment = firstSegment(bytes)
                for index in routes.indices where isCandidate(index, firstSegment: segment) {
                    guard let regex = regex(of: index), (try? regex.match(bytes, scratch: scratch)) == true else { continue }
                    var failure: RouteFailure.Reason? = nil
                    if convert(index, scratch: scratch, bytes: bytes, path: path, query: query, items: &items, failure: &failure) == nil,
                        let failure
                    {
                        return failure
                    }
                }
                return nil
            }
        }
        return found ?? .noRoute(path: path, suggestions: suggestions(for: path))
    }

    /// Up to three routes nearest to `path`: each route's pattern is filled in with the
    /// path's own segments and compared by edit distance.
    public func suggestions(for path: String, limit: Int = 3) -> [RouteSuggestion] {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        let threshold = max(2, path.count / 3)
        return routes.indices
            .map { index -> (distance: Int, rank: Int, suggestion: RouteSuggestion) in
                let example = example(of: index, filling: segments)
                return (Suggestions.distance(path, example), index, RouteSuggestion(route: routes[index].name, example: example))
            }
            .filter { $0.distance <= threshold }
            .sorted { ($0.distance, $0.rank) < ($1.distance, $1.rank) }
            .prefix(limit)
            .map(\.suggestion)
    }
}

extension Router {
    /// The route's path with its parameters taken from `segments` where there are any
    /// (`/profile/:userId` with `["profil", "42"]` → `/profile/42`).
    func example(of route: Int, filling segments: [String]) -> String {
        var output = ""
        for (index, token) in (shape(of: route)?.tokens ?? []).enumerated() {
            if let literal = token.literal {
                output += literal
            } else if token.isPureParameter, index < segments.count {
                output += "/" + segments[index]
            } else if token.kind != .optional || index < segments.count {
                output += token.display
            }
        }
        return output.isEmpty ? "/" : output
    }
}
