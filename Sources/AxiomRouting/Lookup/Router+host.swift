@_spi(Lookup) import AxiomURLPattern

/// What a lookup knows of the URL beyond its routed path and query: its origin, its fragment,
/// and whether its path ended in a `/` the table's rule dropped. Built only for a table whose
/// routes read one of them (``Router/readsRequest``); nil otherwise, and for a path resolved
/// alone that needs none.
///
/// A class: every lookup passes one down through matching and conversion, and an absent one
/// is then a null pointer rather than a hundred bytes of optional struct (4.9% of a path
/// lookup's instructions as a struct).
final class RequestURL: Sendable, Equatable, CustomStringConvertible {
    /// The scheme, host and port (nil resolving a path alone).
    let host: RequestHost?
    /// The fragment without `#`, its escapes normalised as a path's are; nil when the URL has
    /// none (an empty `#` is "").
    let fragment: String?
    /// Whether the path ended in a `/` (and was more than `/`) before the table's
    /// trailing-slash rule dropped it.
    let trailingSlash: Bool

    init(host: RequestHost? = nil, fragment: String? = nil, trailingSlash: Bool = false) {
        self.host = host
        self.fragment = fragment
        self.trailingSlash = trailingSlash
    }

    /// The same request with the path's trailing `/` noted.
    func withTrailingSlash() -> RequestURL { RequestURL(host: host, fragment: fragment, trailingSlash: true) }

    static func == (lhs: RequestURL, rhs: RequestURL) -> Bool {
        (lhs.host, lhs.fragment, lhs.trailingSlash) == (rhs.host, rhs.fragment, rhs.trailingSlash)
    }

    var description: String {
        "RequestURL(host: \(host?.description ?? "nil"), fragment: \(fragment ?? "nil"), trailingSlash: \(trailingSlash))"
    }
}

/// The scheme, host and port of the URL being resolved: what routes with a host pattern match
/// on (``Route/HostPattern``). Nil when resolving a path alone.
struct RequestHost: Sendable, Hashable {
    let scheme: String
    /// The hostname as URLPattern matches it (lowercase; IPv6 in brackets).
    let host: String
    /// The port as written, empty for the scheme's default.
    let port: String

    init(_ url: URLRecord) {
        scheme = url.scheme
        host = URLPattern.hostnameForMatching(url.host)
        port = url.port.map(String.init) ?? ""
    }

    /// The parts of a URL read in place (`Router.routedInPlace`): scheme and host already
    /// lowercase, the port nil for the scheme's default.
    init(scheme: String, host: String, port: Int?) {
        self.scheme = scheme
        self.host = host
        self.port = port.map(String.init) ?? ""
    }

    var description: String { scheme + "://" + host + (port.isEmpty ? "" : ":" + port) }
}

/// A route's host pattern compiled: what `convert` checks before it reads the path.
struct HostMatcher: Sendable {
    let pattern: Route.HostPattern
    /// Nil when the pattern could not be compiled (the compiler checked it): the route then
    /// matches no host — closed, never open.
    let hostname: CompiledRegex?
    let port: CompiledRegex?
    /// The parameters of the named groups, in the order of the expressions' groups (hostname
    /// then port); unnamed groups are matched and dropped.
    let groups: [(name: String, type: ParameterType)?]
    let hostnameGroups: Int

    /// The hostname's and port's parts, for printing.
    let hostnameParts: [Part]
    let portParts: [Part]

    /// A value a host's group cannot print.
    struct BadValue: Error {
        let parameter: String
        let value: String
        /// An unnamed group (`(a|b).example.com`): reverse routing has no value to give it.
        var unnamed = false
    }

    /// The bytes a printed host label may hold (a group that spans labels may hold `.` too).
    private static let labelBytes = Set("abcdefghijklmnopqrstuvwxyz0123456789-".utf8)

    /// `scheme://host[:port]` with `values` in the groups, or the group whose value no host
    /// can hold (absent where the URL needs it, or not a lowercase label).
    func printed(_ values: RouteParameters) -> Result<String, BadValue> {
        func text(_ parts: [Part], digits: Bool) -> Result<String, BadValue> {
            var result = ""
            for part in parts {
                if part.kind == .fixedText {
                    if part.modifier == .none { result += part.value }
                    continue
                }
                guard part.hasCustomName, let value = values[part.name] else {
                    if part.modifier == .optional || part.modifier == .zeroOrMore { continue }
                    return .failure(BadValue(parameter: part.name, value: "", unnamed: !part.hasCustomName))
                }
                let written = value.description
                // A group that can take several labels: a wildcard, a repeated group, or a regexp
                // (`:host((?:(?!www)[a-z0-9\-]+(?:\.[a-z0-9\-]+)*))`; reading the URL back checks it).
                let spans = part.kind == .fullWildcard || part.kind == .regexp || part.modifier == .oneOrMore || part.modifier == .zeroOrMore
                let valid =
                    digits
                    ? !written.isEmpty && written.utf8.allSatisfy { (0x30...0x39).contains($0) }
                    : !written.isEmpty && written.utf8.allSatisfy { Self.labelBytes.contains($0) || (spans && $0 == UInt8(ascii: ".")) }
                guard valid else { return .failure(BadValue(parameter: part.name, value: written)) }
                result += part.prefix + written + part.suffix
            }
            return .success(result)
        }
        return text(hostnameParts, digits: false).flatMap { host in
            let port = portParts.isEmpty ? .success(pattern.port == "*" ? "" : pattern.port) : text(portParts, digits: true)
            return port.map { pattern.scheme + "://" + host + ($0.isEmpty ? "" : ":" + $0) }
        }
    }

    init(_ pattern: Route.HostPattern, parameters: ArraySlice<Route.Parameter>) {
        self.pattern = pattern
        let hostnameParts = (try? PatternParser.parse(pattern.hostname, options: .hostname, encode: Canonicalizer.hostname)) ?? []
        let portParts =
            pattern.port.isEmpty || pattern.port == "*"
            ? []
            : (try? PatternParser.parse(pattern.port, options: .default) { (value) throws(PatternSyntaxError.Problem) in try Canonicalizer.port(value)
            })
                ?? []
        func regex(_ parts: [Part], _ options: PatternOptions) -> CompiledRegex? {
            guard !parts.isEmpty, let source = try? JavaScriptRegexTranslator.translate(PatternRegexGenerator.regexp(parts, options: options).source)
            else { return nil }
            return try? CompiledRegex(source, caseless: false, jit: false)
        }
        self.hostnameParts = hostnameParts
        self.portParts = portParts
        hostname = regex(hostnameParts, .hostname)
        port = regex(portParts, .default)
        func named(_ parts: [Part]) -> [(name: String, type: ParameterType)?] {
            parts.filter { $0.kind != .fixedText }.map { part in
                guard part.hasCustomName else { return nil }
                return (part.name, parameters.first { $0.name == part.name }?.type ?? .string)
            }
        }
        let hostnameNamed = named(hostnameParts)
        hostnameGroups = hostnameNamed.count
        groups = hostnameNamed + named(portParts)
    }

    /// The values of the host's named groups in `request` (nil for a group that did not take
    /// part), or nil with the failure when the scheme, host or port is not the pattern's (or a
    /// typed group's value does not convert).
    func values(_ request: RequestHost?, route: String, failure: inout RouteFailure.Reason?) -> [RouteValue?]? {
        let mismatch = RouteFailure.Reason.hostNotMatched(route: route, host: request?.description, pattern: pattern.description)
        guard let request, request.scheme == pattern.scheme, let hostname, pattern.port == "*" || port != nil || request.port == pattern.port
        else {
            failure = mismatch
            return nil
        }
        let scratch = MatchScratch(captures: groups.count + 1, limits: MatchLimits())
        var values: [RouteValue?] = []
        var reason: RouteFailure.Reason? = nil
        guard
            GroupReader.read(
                hostname, request.host, groups: groups[..<hostnameGroups], route: route, scratch: scratch, into: &values, failure: &reason,
                convert: { $1.convert($0).map(Result.success) ?? .failure(.notConvertible(decoded: $0)) }),
            port.map({
                GroupReader.read(
                    $0, request.port, groups: groups[hostnameGroups...], route: route, scratch: scratch, into: &values, failure: &reason,
                    convert: { $1.convert($0).map(Result.success) ?? .failure(.notConvertible(decoded: $0)) })
            }) ?? true
        else {
            failure = reason ?? mismatch
            return nil
        }
        return values
    }
}

/// Reads the groups of an expression matched against a URL part (a host, a port, a fragment)
/// as typed values: what host and fragment matchers share.
enum GroupReader {
    /// Matches `regex` against `text`, appending each named group's value to `values` (nil for
    /// a group that did not take part); false when it does not match, or (with `failure` set)
    /// when a value does not convert.
    static func read(
        _ regex: CompiledRegex, _ text: String, groups: ArraySlice<(name: String, type: ParameterType)?>, route: String, scratch: MatchScratch,
        into values: inout [RouteValue?], failure: inout RouteFailure.Reason?,
        convert: (String, ParameterType) -> Result<RouteValue, Router.ValueError>
    ) -> Bool {
        var subject = text
        return subject.withUTF8 { bytes -> Bool in
            guard (try? regex.match(bytes, scratch: scratch)) == true else { return false }
            for (offset, group) in groups.enumerated() {
                guard let group else { continue }
                guard let range = scratch.range(ofGroup: offset + 1) else {
                    values.append(nil)
                    continue
                }
                let raw = String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
                switch convert(raw, group.type) {
                case .success(let value): values.append(value)
                case .failure(.invalidEncoding):
                    failure = .invalidPercentEncoding(route: route, parameter: group.name, value: raw)
                    return false
                case .failure(.notConvertible(let decoded)):
                    failure = .conversionFailed(route: route, parameter: group.name, value: decoded, expected: group.type)
                    return false
                }
            }
            return true
        }
    }

    /// The named groups of parts (nil for an unnamed one), typed by `parameters` (else `string`).
    static func groups(_ parts: [Part], parameters: ArraySlice<Route.Parameter>) -> [(name: String, type: ParameterType)?] {
        parts.filter { $0.kind != .fixedText }.map { part in
            guard part.hasCustomName else { return nil }
            return (part.name, parameters.first { $0.name == part.name }?.type ?? .string)
        }
    }
}

/// A route's fragment pattern compiled: what `requestChecked` matches the URL's fragment with.
struct FragmentMatcher: Sendable {
    let pattern: Route.FragmentPattern
    /// Nil when the pattern could not be compiled (the compiler checked it): the route then
    /// matches no fragment — closed, never open.
    let regex: CompiledRegex?
    let groups: [(name: String, type: ParameterType)?]
    /// The pattern's parts, for printing.
    let parts: [Part]

    /// `caseless`: the table's `option path-case insensitive`, which a fragment follows as a path does.
    init(_ pattern: Route.FragmentPattern, parameters: ArraySlice<Route.Parameter>, caseless: Bool) {
        self.pattern = pattern
        parts = (try? Self.parse(pattern.pattern)) ?? []
        groups = GroupReader.groups(parts, parameters: parameters)
        regex = (try? JavaScriptRegexTranslator.translate(PatternRegexGenerator.regexp(parts, options: .pathname).source)).flatMap {
            try? CompiledRegex($0, caseless: caseless, jit: false)
        }
    }

    /// A fragment pattern's parts: the path's syntax and options (a group stops at `/`), the
    /// fragment's percent-encode set.
    static func parse(_ pattern: String) throws(PatternSyntaxError) -> [Part] {
        try PatternParser.parse(pattern, options: .pathname, encode: Canonicalizer.hash)
    }

    /// The values of the fragment's named groups in `fragment` (nil: the URL has none, matched
    /// as an empty one), or nil with the failure when it is not one of the pattern's.
    func values(_ fragment: String?, route: String, failure: inout RouteFailure.Reason?) -> [RouteValue?]? {
        var values: [RouteValue?] = []
        var reason: RouteFailure.Reason? = nil
        guard let regex,
            GroupReader.read(
                regex, fragment ?? "", groups: groups[...], route: route, scratch: MatchScratch(captures: groups.count + 1, limits: MatchLimits()),
                into: &values, failure: &reason, convert: { Router.value(of: $0, as: $1) })
        else {
            failure = reason ?? .fragmentNotMatched(route: route, fragment: fragment, pattern: pattern.pattern)
            return nil
        }
        return values
    }
}

extension Router {
    /// What a route asks of the URL past its path and query, checked once its path matched:
    /// its host (the host's named groups' values added after the path's), its fragment (the
    /// fragment's values after those), and its rules. Nil with the failure when the URL is not
    /// the route's. One place for every part of the request a route may read.
    @inline(__always)
    func requestChecked(_ match: RouteMatch, entry: Route, rank: Int, request: RequestURL?, failure: inout RouteFailure.Reason?) -> RouteMatch? {
        guard entry.storage.checksRequest else { return match }
        return requestCheckedSlowly(match, rank: rank, request: request, failure: &failure)
    }

    private func requestCheckedSlowly(_ match: RouteMatch, rank: Int, request: RequestURL?, failure: inout RouteFailure.Reason?) -> RouteMatch? {
        let route = match.route
        if let scope = route.scheme, request?.host?.scheme != scope.scheme {
            failure = .schemeNotMatched(route: route.name, scheme: request?.host?.scheme, expected: scope.scheme)
            return nil
        }
        let rules = route.rules
        if rules.refusesFragment, let fragment = request?.fragment {
            failure = .fragmentNotAllowed(route: route.name, fragment: fragment)
            return nil
        }
        if let slash = rules.trailingSlash, slash != (request?.trailingSlash ?? false) {
            failure = .trailingSlashMismatch(route: route.name, expected: slash)
            return nil
        }
        var added: [(ArraySlice<Route.Parameter>, [RouteValue?])] = []
        if let matcher = hostMatchers[rank] {
            guard let values = matcher.values(request?.host, route: route.name, failure: &failure) else { return nil }
            added.append((route.hostParameters, values))
        } else if route.storage.hasHost {
            return nil
        }
        if let matcher = fragmentMatchers[rank] {
            guard let values = matcher.values(request?.fragment, route: route.name, failure: &failure) else { return nil }
            added.append((route.fragmentParameters, values))
        }
        guard !added.isEmpty else { return match }
        var names = match.parameters.map(\.name)
        var all = match.parameters.values
        for (parameters, values) in added {
            for (parameter, value) in zip(parameters, values) {
                guard let value else { continue }
                names.append(parameter.name)
                all.append(value)
            }
        }
        return RouteMatch(
            route: route, values: all, names: names.count == route.parameterList.count ? nil : names, query: match.query, path: match.path,
            redirects: match.redirects, alias: match.alias, dropped: match.droppedQuery)
    }
}
