extension RouteFailure {
    /// "(and N more routes rejected it …)" when more than one candidate did.
    private var others: String {
        let more = rejectedCandidates - 1
        guard more > 0 else { return "" }
        return " (\(more) more route\(more == 1 ? "" : "s") of this path rejected it too; 'explain' lists them all)"
    }

    public var description: String {
        switch reason {
        case .emptyInput:
            return "empty input: expected a URL such as 'myapp://profile/42'"
        case .invalidURL(let error):
            return error.description
        case .inputTooLong(let length, let limit):
            return "input too long: \(length) bytes, the limit is \(limit)"
        case .originNotAccepted(let origin, let accepted):
            return "origin '\(origin)' is not accepted (the table accepts \(accepted.map { "'\($0)'" }.joined(separator: ", ")))"
        case .credentialsNotAllowed:
            return "the URL carries a user name or password ('user:pass@'), which a link to an app never does: remove them"
        case .noRoute(let path, let suggestions):
            var text = "no route matches '\(path)'"
            if !suggestions.isEmpty {
                text += "; did you mean " + suggestions.map { "'\($0.route)' (\($0.example))" }.joined(separator: ", ") + "?"
            }
            return text
        case .conversionFailed(let route, let parameter, let value, let expected):
            return "route '\(route)' matched, but parameter '\(parameter)' = '\(value)' is not a valid '\(expected)'" + others
        case .invalidPercentEncoding(let route, let parameter, let value):
            return "route '\(route)' matched, but parameter '\(parameter)' = '\(value)' has invalid percent-encoding" + others
        case .missingQueryParameter(let route, let parameter):
            return "route '\(route)' matched, but the required query parameter '\(parameter)' is missing" + others
        case .limitExceeded:
            return "match limit exceeded: a route's regexp backtracks too much on this input"
        case .queryParameterPresent(let route, let parameter):
            return "route '\(route)' matched, but the query carries '\(parameter)', which the route must not have" + others
        case .queryValueRejected(let route, let parameter, let value, let pattern):
            return "route '\(route)' matched, but query parameter '\(parameter)' = '\(value)' does not match '\(pattern)'" + others
        case .queryItemNotAllowed(let route, let item):
            return "route '\(route)' matched, but its query is closed and the URL carries '\(item)', which it does not declare" + others
        case .queryItemRepeated(let route, let parameter):
            return "route '\(route)' matched, but its query is closed and the URL gives '\(parameter)' more than once" + others
        case .fragmentNotMatched(let route, let fragment, let pattern):
            guard let fragment else {
                return "route '\(route)' matched the path, but it matches on its fragment ('#\(pattern)') and the URL has none" + others
            }
            return "route '\(route)' matched the path, but '#\(fragment)' is not a fragment of '#\(pattern)'" + others
        case .fragmentNotAllowed(let route, let fragment):
            return "route '\(route)' matched, but it takes no fragment ('option fragment none') and the URL has '#\(fragment)'" + others
        case .schemeNotMatched(let route, let scheme, let expected):
            guard let scheme else {
                return "route '\(route)' matched the path, but it takes '\(expected):' URLs only and a path alone has no scheme" + others
            }
            return "route '\(route)' matched the path, but it takes '\(expected):' URLs only, not '\(scheme):'" + others
        case .trailingSlashMismatch(let route, let expected):
            return
                "route '\(route)' matched, but its URLs \(expected ? "end in '/'" : "do not end in '/'") ('option trailing-slash strict') and this one \(expected ? "does not" : "does")"
                + others
        case .appURLWithoutHost(let scheme):
            return
                "'\(scheme):' URLs name their first segment as the host ('\(scheme)://profile/42'); this one has none (declare 'option app-scheme-host optional' to route such URLs by their path)"
        case .appURLDotSegment(let scheme, let segment):
            return
                "this '\(scheme):' URL routes '\(segment)' as a path segment (its host, or its opaque path), a dot segment no path keeps: the URL parser resolves them in a path, not in a host or an opaque path; link to the route's path without it ('\(scheme)://profile/42')"
        case .hostNotMatched(let route, let host, let pattern):
            guard let host else { return "route '\(route)' matched the path, but it matches on its host ('\(pattern)') and a path alone has none" }
            return "route '\(route)' matched the path, but '\(host)' is not a host of '\(pattern)'"
        }
    }
}
