@_spi(Lookup) import AxiomURLPattern

/// Routes that match on their host: a route's pattern may be a whole URLPattern constructor
/// string with an `http` or `https` scheme, a hostname pattern and optionally a port pattern
/// (`https://:tenant.example.com/dashboard`). The hostname's and port's named groups are
/// parameters of the route, typed like path groups.
extension RouteCompiler {
    /// The host part of a route's pattern, parsed.
    struct HostSyntax {
        var pattern: Route.HostPattern
        var hostnameParts: [Part]
        var portParts: [Part]

        /// A hostname of the pattern: each group filled with `x` (`x.example.com`).
        var exampleHostname: String {
            hostnameParts.map { $0.kind == .fixedText ? $0.value : $0.prefix + "x" + $0.suffix }.joined()
        }
    }

    /// A route pattern split into its path pattern and its host, when it names one: the path
    /// keeps its place in the file (diagnostics inside it point at the right column). Nil
    /// (reported) when the host part is not one a route can match on.
    mutating func splitHost(_ pattern: Located<String>) -> (path: Located<String>, host: HostSyntax?)? {
        let text = pattern.value
        let scalars = Array(text.unicodeScalars)
        guard !text.hasPrefix("/"), !text.hasPrefix("{"),
            let separator = scalars.indices.first(where: {
                $0 + 2 < scalars.count && scalars[$0] == ":" && scalars[$0 + 1] == "/" && scalars[$0 + 2] == "/"
            })
        else { return (pattern, nil) }
        let offset = scalars[(separator + 3)...].firstIndex(of: "/") ?? scalars.count
        let pathText = String(String.UnicodeScalarView(scalars[offset...]))
        let pathLocation = patternLocation(pattern, offset: offset)
        let path = Located(
            value: pathText.isEmpty ? "/" : pathText,
            location: SourceLocation(
                file: pathLocation.file, line: pathLocation.line, column: pathLocation.column, length: max(1, pathText.count)))
        let parsed: URLPattern
        do {
            parsed = try URLPattern(text)
        } catch {
            diagnostics.append(.invalidPattern(error.description, at: pattern.location))
            return nil
        }
        guard parsed.protocol == "http" || parsed.protocol == "https" else {
            diagnostics.append(
                .hostPatternNotSupported("its scheme is '\(parsed.protocol)'; routes match on a host with 'http' or 'https'", at: pattern.location))
            return nil
        }
        for (name, value) in [("username", parsed.username), ("password", parsed.password), ("search", parsed.search), ("hash", parsed.hash)]
        where !value.isEmpty && value != "*" {
            diagnostics.append(
                .hostPatternNotSupported(
                    "it constrains the \(name) ('\(value)'); a route's query is declared with 'query' lines", at: pattern.location))
            return nil
        }
        guard !parsed.hostname.isEmpty, parsed.hostname != "*" else {
            diagnostics.append(
                .hostPatternNotSupported("it names no host; a route without a host is written as its path ('/…')", at: pattern.location))
            return nil
        }
        let hostnameParts: [Part]
        let portParts: [Part]
        do {
            hostnameParts = try PatternParser.parse(parsed.hostname, options: .hostname, encode: Canonicalizer.hostname)
            portParts =
                parsed.port == "*" || parsed.port.isEmpty
                ? []
                : try PatternParser.parse(parsed.port, options: .default) { (value) throws(PatternSyntaxError.Problem) in
                    try Canonicalizer.port(value)
                }
        } catch {
            diagnostics.append(.invalidPattern("\(error)", at: pattern.location))
            return nil
        }
        let named = (hostnameParts + portParts).filter { $0.kind != .fixedText && $0.hasCustomName }.count
        let host = Route.HostPattern(
            scheme: parsed.protocol, hostname: parsed.hostname, port: parsed.port == "*" ? "*" : parsed.port, parameterCount: named)
        return (path, HostSyntax(pattern: host, hostnameParts: hostnameParts, portParts: portParts))
    }

    /// The parameters of a host's named groups, typed by the route's `param` lines (a host
    /// group is one label, or more for `*` and repeated groups: `string` only then; never `path`).
    mutating func hostParameters(
        _ host: HostSyntax, declared: [ParameterDeclaration], pathNames: Set<String>, at location: SourceLocation
    ) -> [Route.Parameter]? {
        var parameters: [Route.Parameter] = []
        var failed = false
        for part in (host.hostnameParts + host.portParts) where part.kind != .fixedText && part.hasCustomName {
            if pathNames.contains(part.name) {
                diagnostics.append(.hostGroupNamedLikePath(part.name, at: location))
                failed = true
                continue
            }
            var type = ParameterType.string
            if let line = declared.first(where: { $0.name.value == part.name }) {
                let spans = part.kind == .fullWildcard || part.modifier == .oneOrMore || part.modifier == .zeroOrMore
                if line.type.value == .path || (spans && line.type.value != .string) {
                    diagnostics.append(.spanningGroupTyped(part.name, as: line.type.value, at: line.type.location))
                    failed = true
                    continue
                }
                type = line.type.value
            }
            parameters.append(Route.Parameter(name: part.name, type: type, isOptional: part.modifier == .optional || part.modifier == .zeroOrMore))
        }
        return failed ? nil : parameters
    }

    /// Whether some origin of the table accepts URLs of `host` (checked on an example host:
    /// each group filled with `x`). A table without origins accepts every URL.
    ///
    /// A group filled with `x` is not a value of every group (`(clicks|emails).example.com`), so
    /// when the example misses, each origin's own host is tried on the pattern; and a regexp group
    /// next to a subdomain origin is given the benefit of the doubt: `E324` is never a false alarm.
    func originAccepts(_ host: HostSyntax, origins: [Origin]) -> Bool {
        guard !origins.isEmpty else { return true }
        let example = host.exampleHostname
        let port = host.portParts.isEmpty ? "" : ":" + host.portParts.map { $0.kind == .fixedText ? $0.value : "1" }.joined()
        if let url = try? URLRecord(host.pattern.scheme + "://" + example + port + "/"), origins.contains(where: { $0.accepts(url) }) {
            return true
        }
        let portPattern = host.pattern.port.isEmpty ? "" : ":" + host.pattern.port
        guard let pattern = try? URLPattern(host.pattern.scheme + "://" + host.pattern.hostname + portPattern + "/*") else { return false }
        for origin in origins where origin.scheme == host.pattern.scheme {
            switch origin.hosts {
            case .exact(let name):
                let url = origin.scheme + "://" + name + (origin.port.map { ":\($0)" } ?? "") + "/"
                if pattern.test(url) { return true }
            case .subdomains:
                if (host.hostnameParts + host.portParts).contains(where: { $0.kind == .regexp }) { return true }
            case .any:
                if origin.port == nil, host.portParts.isEmpty { return true }
            case .appScheme, .everyOtherScheme:
                continue
            }
        }
        return false
    }
}

extension CompiledRoute {
    /// What ranks a route's host among routes of the same path shape: its hostname's pieces
    /// read from the right (the domain first, then the labels in front of it), then its port's.
    static func hostAtoms(_ host: RouteCompiler.HostSyntax) -> [UInt16] {
        func atoms(_ parts: [Part]) -> [UInt16] {
            parts.flatMap { part -> [UInt16] in
                guard part.kind != .fixedText else { return part.value.utf8.map { UInt16($0) } }
                return [SegmentToken.groupAtom + UInt16(SegmentKind(part, regexpSpans: { _ in false }).rawValue)]
            }
        }
        return atoms(host.hostnameParts).reversed() + [0] + atoms(host.portParts)
    }
}
