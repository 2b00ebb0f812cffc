/// A URL pattern or a URL given component by component (the standard's `URLPatternInit`).
///
/// As a pattern, an absent component means "anything" (`*`) unless a ``baseURL`` fills it
/// in; as input to ``URLPattern/exec(_:)``, an absent component is the empty string.
///
/// ```swift
/// let pattern = try URLPattern(URLPatternInit(pathname: "/books/:id", search: "*"))
/// ```
public struct URLPatternInit: Sendable, Hashable {
    public var `protocol`: String?
    public var username: String?
    public var password: String?
    public var hostname: String?
    public var port: String?
    public var pathname: String?
    public var search: String?
    public var hash: String?
    /// A URL that supplies the components before the first one given.
    public var baseURL: String?

    public init(
        protocol: String? = nil, username: String? = nil, password: String? = nil, hostname: String? = nil,
        port: String? = nil, pathname: String? = nil, search: String? = nil, hash: String? = nil,
        baseURL: String? = nil
    ) {
        self.protocol = `protocol`
        self.username = username
        self.password = password
        self.hostname = hostname
        self.port = port
        self.pathname = pathname
        self.search = search
        self.hash = hash
        self.baseURL = baseURL
    }

    /// The component's value by name.
    public subscript(component: URLPattern.Component) -> String? {
        get {
            switch component {
            case .protocol: return self.protocol
            case .username: return username
            case .password: return password
            case .hostname: return hostname
            case .port: return port
            case .pathname: return pathname
            case .search: return search
            case .hash: return hash
            }
        }
        set {
            switch component {
            case .protocol: self.protocol = newValue
            case .username: username = newValue
            case .password: password = newValue
            case .hostname: hostname = newValue
            case .port: port = newValue
            case .pathname: pathname = newValue
            case .search: search = newValue
            case .hash: hash = newValue
            }
        }
    }

    func contains(anyOf components: URLPattern.Component...) -> Bool {
        components.contains { self[$0] != nil }
    }
}

extension URLPatternInit {
    /// What the init is processed for: a pattern (components stay pattern syntax) or a URL
    /// (components are canonicalised).
    package enum ProcessType { case pattern, url }

    /// A processing failure: the component and what went wrong.
    package struct ProcessError: Error {
        package var component: URLPattern.Component?
        package var problem: PatternSyntaxError.Problem?
        package var baseURLError: URLParseError?
    }

    /// https://urlpattern.spec.whatwg.org/#process-a-urlpatterninit
    package func processed(as type: ProcessType, defaults: URLPatternInit = URLPatternInit()) throws(ProcessError) -> URLPatternInit {
        var result = defaults
        result.baseURL = nil
        var base: URLRecord? = nil
        func baseString(_ value: String) -> String {
            type == .pattern ? PatternRegexGenerator.escapePatternString(value) : value
        }
        if let baseURL {
            let parsed: URLRecord
            do {
                parsed = try URLRecord(baseURL)
            } catch {
                throw ProcessError(baseURLError: error)
            }
            base = parsed
            if self.protocol == nil { result.protocol = baseString(parsed.scheme) }
            if type != .pattern, !contains(anyOf: .protocol, .hostname, .port, .username) {
                result.username = baseString(parsed.username)
            }
            if type != .pattern, !contains(anyOf: .protocol, .hostname, .port, .username, .password) {
                result.password = baseString(parsed.password)
            }
            if !contains(anyOf: .protocol, .hostname) {
                result.hostname = baseString(parsed.host?.serialized ?? "")
            }
            if !contains(anyOf: .protocol, .hostname, .port) {
                result.port = parsed.port.map { String($0) } ?? ""
            }
            if !contains(anyOf: .protocol, .hostname, .port, .pathname) {
                result.pathname = baseString(parsed.pathname)
            }
            if !contains(anyOf: .protocol, .hostname, .port, .pathname, .search) {
                result.search = baseString(parsed.query ?? "")
            }
            if !contains(anyOf: .protocol, .hostname, .port, .pathname, .search, .hash) {
                result.hash = baseString(parsed.fragment ?? "")
            }
        }
        func run(_ component: URLPattern.Component, _ body: () throws(PatternSyntaxError.Problem) -> String) throws(ProcessError) -> String {
            do {
                return try body()
            } catch {
                throw ProcessError(component: component, problem: error)
            }
        }
        if let value = self.protocol {
            let stripped = value.hasSuffix(":") ? String(value.dropLast()) : value
            result.protocol = try run(.protocol) { () throws(PatternSyntaxError.Problem) in
                type == .pattern ? stripped : try Canonicalizer.protocol(stripped)
            }
        }
        if let value = username { result.username = type == .pattern ? value : Canonicalizer.username(value) }
        if let value = password { result.password = type == .pattern ? value : Canonicalizer.password(value) }
        if let value = hostname {
            result.hostname = try run(.hostname) { () throws(PatternSyntaxError.Problem) in
                type == .pattern ? value : try Canonicalizer.hostname(value)
            }
        }
        if let value = port {
            let scheme = result.protocol
            result.port = try run(.port) { () throws(PatternSyntaxError.Problem) in
                type == .pattern ? value : try Canonicalizer.port(value, protocol: scheme)
            }
        }
        if var value = pathname {
            if let base, !base.hasOpaquePath, !Self.isAbsolutePathname(value, type: type) {
                let basePath = baseString(base.pathname)
                if let slash = basePath.lastIndex(of: "/") {
                    value = String(basePath[...slash]) + value
                }
            }
            if type == .url {
                let scheme = result.protocol ?? ""
                value =
                    scheme.isEmpty || URLRecord.isSpecialScheme(scheme)
                    ? Canonicalizer.pathname(value) : Canonicalizer.opaquePathname(value)
            }
            result.pathname = value
        }
        if let value = search {
            let stripped = value.hasPrefix("?") ? String(value.dropFirst()) : value
            result.search = type == .pattern ? stripped : Canonicalizer.search(stripped)
        }
        if let value = hash {
            let stripped = value.hasPrefix("#") ? String(value.dropFirst()) : value
            result.hash = type == .pattern ? stripped : Canonicalizer.hash(stripped)
        }
        return result
    }

    /// https://urlpattern.spec.whatwg.org/#is-an-absolute-pathname
    package static func isAbsolutePathname(_ input: String, type: ProcessType) -> Bool {
        let scalars = Array(input.unicodeScalars.prefix(2))
        guard let first = scalars.first else { return false }
        if first == "/" { return true }
        if type == .url || scalars.count < 2 { return false }
        return (first == "\\" || first == "{") && scalars[1] == "/"
    }
}
