#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Router {
    /// `W405`: a route restricted by `auth` or `sources` whose path, spelt another way, is
    /// taken by a less restricted route — the other spelling would walk around the
    /// restriction. The spellings tried are those that survive normalisation: each `/` inside
    /// the path written as `%2F` (escapes of unreserved characters are decoded before
    /// matching, so they are no other spelling). Each is resolved by the router itself, so the
    /// answer is the one a URL would get. Costs one lookup per inner `/` of each restricted
    /// route, for at most its first ``restrictionSpellingLimit`` (each lookup reads the whole
    /// path, so a route of thousands of segments would cost their square).
    func restrictionWarnings() -> [Diagnostic] {
        var warnings: [Diagnostic] = []
        for (rank, route) in entries.enumerated() where route.metadata.requiresAuthentication || route.metadata.allowedSources != nil {
            let path = samplePath(rank)
            let slashes = path.utf8.indices.filter { path.utf8[$0] == UInt8(ascii: "/") }.dropFirst()
            for slash in slashes.prefix(Self.restrictionSpellingLimit) {
                let variant = String(path[..<slash]) + "%2F" + String(path[path.utf8.index(after: slash)...])
                guard case .success(let match) = resolve(path: variant), let weaker = Self.looser(match.route, than: route) else { continue }
                warnings.append(
                    .restrictionBypass(route, restrictions: Self.restrictions(of: route), other: match.route, weaker: weaker, variant: variant))
                break
            }
        }
        return warnings
    }

    /// How many of a restricted route's inner `/` W405 respells.
    static let restrictionSpellingLimit = 16

    /// What `other` lacks of `route`'s restrictions, or nil when it is at least as restricted.
    static func looser(_ other: Route, than route: Route) -> String? {
        var missing: [String] = []
        if route.metadata.requiresAuthentication, !other.metadata.requiresAuthentication { missing.append("no auth") }
        if let allowed = route.metadata.allowedSources {
            let theirs = other.metadata.allowedSources ?? Set(Route.Metadata.sourceNames)
            let extra = theirs.subtracting(allowed).sorted()
            if !extra.isEmpty { missing.append("open to " + extra.joined(separator: ", ")) }
        }
        return missing.isEmpty ? nil : missing.joined(separator: ", ")
    }

    private static func restrictions(of route: Route) -> String {
        var parts: [String] = []
        if route.metadata.requiresAuthentication { parts.append("auth") }
        if let allowed = route.metadata.allowedSources { parts.append("sources " + allowed.sorted().joined(separator: ", ")) }
        return parts.joined(separator: ", ")
    }

    /// A path the route at `rank` matches, with a plain value of each parameter's type.
    func samplePath(_ rank: Int) -> String {
        let route = entries[rank]
        var names: [String] = []
        var values: [RouteValue] = []
        for parameter in route.parameters {
            names.append(parameter.name)
            values.append(parameter.type.sampleValue)
        }
        return path(route, parts: parts(of: rank), RouteParameters(names: names, values: values))
    }
}

extension ParameterType {
    /// A plain value of this type, for the sample paths and example URLs the checks print.
    var sampleValue: RouteValue {
        switch self {
        case .string: .string("x")
        case .int: .int(1)
        case .double: .double(1)
        case .bool: .bool(true)
        case .uuid: .uuid(UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1)))
        case .path: .path(["x", "y"])
        case .enumeration(let options): .string(options.first ?? "x")
        case .url(let schemes): .string((schemes.first ?? "https") + "://x/")
        case .rest: .fields([:])
        case .list(let element): .list([element.sampleValue])
        }
    }
}
