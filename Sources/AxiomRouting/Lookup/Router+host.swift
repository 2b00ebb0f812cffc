@_spi(Lookup) import AxiomURLPattern

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
                let spans = part.kind == .fullWildcard || part.modifier == .oneOrMore || part.modifier == .zeroOrMore
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
        func read(_ regex: CompiledRegex, _ text: String, groups: ArraySlice<(name: String, type: ParameterType)?>) -> Bool {
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
                    guard let value = group.type.convert(raw) else {
                        reason = .conversionFailed(route: route, parameter: group.name, value: raw, expected: group.type)
                        return false
                    }
                    values.append(value)
                }
                return true
            }
        }
        guard read(hostname, request.host, groups: groups[..<hostnameGroups]),
            port.map({ read($0, request.port, groups: groups[hostnameGroups...]) }) ?? true
        else {
            failure = reason ?? mismatch
            return nil
        }
        return values
    }
}

extension Router {
    /// The values a route's host adds to `match` (its ``Route/HostPattern``'s named groups),
    /// after the path's, or nil with the failure when the host is not the route's.
    @inline(__always)
    func hostChecked(_ match: RouteMatch, entry: Route, rank: Int, host: RequestHost?, failure: inout RouteFailure.Reason?) -> RouteMatch? {
        guard entry.storage.hasHost else { return match }
        return hostCheckedSlowly(match, rank: rank, host: host, failure: &failure)
    }

    private func hostCheckedSlowly(_ match: RouteMatch, rank: Int, host: RequestHost?, failure: inout RouteFailure.Reason?) -> RouteMatch? {
        guard let matcher = hostMatchers[rank] else { return nil }
        guard let values = matcher.values(host, route: entries[rank].name, failure: &failure) else { return nil }
        let route = match.route
        let hostNames = route.parameters.suffix(matcher.pattern.parameterCount).map(\.name)
        var names = match.parameters.map(\.name)
        var all = match.parameters.values
        for (name, value) in zip(hostNames, values) {
            guard let value else { continue }
            names.append(name)
            all.append(value)
        }
        return RouteMatch(
            route: route, values: all, names: names.count == route.parameters.count ? nil : names, query: match.query, path: match.path,
            redirects: match.redirects, alias: match.alias, dropped: match.droppedQuery)
    }
}
