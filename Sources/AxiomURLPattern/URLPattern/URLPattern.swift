/// A URL pattern as the WHATWG URLPattern standard defines it, compiled to PCRE2.
///
/// Build one from a constructor string (`"https://example.com/books/:id"`, optionally
/// relative to a base URL) or from per-component patterns, then ``test(_:baseURL:)`` or
/// ``exec(_:baseURL:)`` URLs against it. Each component (protocol, username, password,
/// hostname, port, pathname, search, hash) is matched on its own; a component the pattern
/// leaves out matches anything.
///
/// ```swift
/// let pattern = try URLPattern("app://profile/:userId")
/// let result = try pattern.exec("app://profile/42")
/// result?.pathname["userId"]   // "42"
/// pattern.pathname              // "/:userId" — "app:" is not special, so "profile" is the host
/// ```
///
/// Compiled patterns are immutable and `Sendable`: compile once, match from any thread.
public struct URLPattern: Sendable {
    /// The eight components of a URL, in the standard's order.
    public enum Component: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        case `protocol`, username, password, hostname, port, pathname, search, hash

        public var description: String { rawValue }

        var index: Int {
            switch self {
            case .protocol: return 0
            case .username: return 1
            case .password: return 2
            case .hostname: return 3
            case .port: return 4
            case .pathname: return 5
            case .search: return 6
            case .hash: return 7
            }
        }
    }

    /// How a pattern compiles and matches.
    public struct Options: Sendable, Hashable {
        /// Match pathname, search and hash case-insensitively (the standard's `ignoreCase`).
        public var ignoreCase: Bool
        /// Bounds on input length and backtracking.
        public var limits: MatchLimits

        public init(ignoreCase: Bool = false, limits: MatchLimits = MatchLimits()) {
            self.ignoreCase = ignoreCase
            self.limits = limits
        }
    }

    let components: [CompiledComponent]
    /// The options the pattern was compiled with.
    public let options: Options
    private let maxCaptureCount: Int

    /// Compiles a constructor string, e.g. `"https://example.com/books/:id?*#*"`, resolved
    /// against `baseURL` when it has no scheme of its own.
    public init(_ pattern: String, baseURL: String? = nil, options: Options = Options()) throws(URLPatternError) {
        var initValue = try ConstructorStringParser.parse(pattern)
        if baseURL == nil, initValue.protocol == nil {
            throw URLPatternError(
                .missingProtocol, component: nil, pattern: pattern, position: 0,
                message: "a pattern without a scheme needs a base URL (write e.g. 'https://example.com/…', or pass baseURL:)")
        }
        initValue.baseURL = baseURL
        try self.init(initValue, options: options, source: pattern)
    }

    /// Compiles per-component patterns; absent components match anything unless
    /// `baseURL` supplies them.
    public init(_ input: URLPatternInit = URLPatternInit(), options: Options = Options()) throws(URLPatternError) {
        try self.init(input, options: options, source: nil)
    }

    private init(_ input: URLPatternInit, options: Options, source: String?) throws(URLPatternError) {
        var processed: URLPatternInit
        do {
            processed = try input.processed(as: .pattern)
        } catch {
            if let baseError = error.baseURLError {
                throw URLPatternError(
                    .invalidBaseURL, component: nil, pattern: input.baseURL ?? "", position: baseError.position,
                    message: "the base URL is not a URL: \(baseError.reason)")
            }
            throw URLPatternError(
                PatternSyntaxError(error.problem ?? .invalidFixedText("invalid component"), at: 0),
                component: error.component, pattern: error.component.flatMap { input[$0] } ?? source ?? "")
        }
        for component in Component.allCases where processed[component] == nil { processed[component] = "*" }
        if let scheme = processed.protocol, let port = processed.port,
            case .some(.some(let defaultPort)) = URLRecord.defaultPort(forSpecialScheme: scheme),
            port == String(defaultPort)
        {
            processed.port = ""
        }
        let scheme = try CompiledComponent(
            .protocol, pattern: processed.protocol ?? "*", options: .default, encode: Canonicalizer.protocol)
        self.components = try Self.componentPlans(processed, options: options, schemeIsSpecial: scheme.matchesSpecialScheme).map {
            (plan) throws(URLPatternError) in
            plan.component == .protocol
                ? scheme : try CompiledComponent(plan.component, pattern: plan.pattern, options: plan.options, encode: plan.encode)
        }
        self.options = options
        self.maxCaptureCount = components.map(\.captureCount).max() ?? 0
    }

    /// How each of the eight components is compiled, in order: its pattern text, options and
    /// canonicaliser. `schemeIsSpecial`: whether the protocol component matches a special
    /// scheme (the pathname is then a path of segments, not an opaque path).
    static func componentPlans(_ processed: URLPatternInit, options: Options, schemeIsSpecial: Bool) -> [ComponentPlan] {
        func text(_ component: Component) -> String { processed[component] ?? "*" }
        var componentOptions = PatternOptions.default
        componentOptions.ignoreCase = options.ignoreCase
        var pathOptions = PatternOptions.pathname
        pathOptions.ignoreCase = options.ignoreCase
        let hostname = text(.hostname)
        let hostnameEncoder: PatternParser.Encoder
        if Self.isIPv6Pattern(hostname) {
            hostnameEncoder = Canonicalizer.ipv6Hostname
        } else if schemeIsSpecial {
            // A special scheme's host is read as the URL parser reads it: IPv4 addresses too.
            hostnameEncoder = Canonicalizer.specialHostname
        } else {
            hostnameEncoder = Canonicalizer.hostname
        }
        let portEncoder: PatternParser.Encoder = { (value) throws(PatternSyntaxError.Problem) in try Canonicalizer.port(value) }
        let pathname =
            schemeIsSpecial
            ? ComponentPlan(component: .pathname, pattern: text(.pathname), options: pathOptions, encode: Canonicalizer.pathname)
            : ComponentPlan(component: .pathname, pattern: text(.pathname), options: componentOptions, encode: Canonicalizer.opaquePathname)
        var plans: [ComponentPlan] = []
        plans.reserveCapacity(8)
        plans.append(ComponentPlan(component: .protocol, pattern: text(.protocol), options: .default, encode: Canonicalizer.protocol))
        plans.append(ComponentPlan(component: .username, pattern: text(.username), options: .default, encode: Canonicalizer.username))
        plans.append(ComponentPlan(component: .password, pattern: text(.password), options: .default, encode: Canonicalizer.password))
        plans.append(ComponentPlan(component: .hostname, pattern: hostname, options: .hostname, encode: hostnameEncoder))
        plans.append(ComponentPlan(component: .port, pattern: text(.port), options: .default, encode: portEncoder))
        plans.append(pathname)
        plans.append(ComponentPlan(component: .search, pattern: text(.search), options: componentOptions, encode: Canonicalizer.search))
        plans.append(ComponentPlan(component: .hash, pattern: text(.hash), options: componentOptions, encode: Canonicalizer.hash))
        return plans
    }

    /// The steps of constructing a pattern from a constructor string, for the benchmark's
    /// breakdown of construction.
    @_spi(Benchmarks) public enum ConstructionStage: Int, CaseIterable, Sendable {
        /// Parsing the constructor string into components, and processing them.
        case constructorString
        /// Each component's parts: tokenising and parsing it, canonicalising its fixed text.
        case componentParts
        /// Each component's regexp and canonical pattern string, generated from its parts.
        case regexps
        /// Each regexp translated into PCRE2's dialect.
        case translation
        /// The whole construction: the steps above, PCRE2's compile and the objects.
        case complete
    }

    /// Constructs `pattern` (a constructor string, with a scheme) through `stage` only, and
    /// returns a number derived from the work (so that it is not optimised away). Components
    /// written `*` or empty are left out before `complete`: construction shares their
    /// compiled forms. For the benchmark, which times each stage and subtracts.
    @_spi(Benchmarks) public static func construct(_ pattern: String, through stage: ConstructionStage) throws(URLPatternError) -> Int {
        if stage == .complete { return try URLPattern(pattern).components.count }
        guard let processed = try? ConstructorStringParser.parse(pattern).processed(as: .pattern) else {
            // The benchmark's patterns are valid: the whole construction says what is wrong.
            return try URLPattern(pattern).components.count
        }
        guard stage != .constructorString else { return processed.hashValue }
        let scheme = try CompiledComponent(.protocol, pattern: processed.protocol ?? "*", options: .default, encode: Canonicalizer.protocol)
        var total = 0
        for plan in componentPlans(processed, options: Options(), schemeIsSpecial: scheme.matchesSpecialScheme)
        where !plan.pattern.isEmpty && plan.pattern != "*" {
            let parts = try CompiledComponent.parts(plan.component, pattern: plan.pattern, options: plan.options, encode: plan.encode)
            total &+= parts.count
            guard stage != .componentParts else { continue }
            total &+= PatternRegexGenerator.patternString(parts, options: plan.options).utf8.count
            // A literal component needs no regexp (construction generates none).
            guard !CompiledComponent.isLiteral(parts, options: plan.options) else { continue }
            let (source, names) = PatternRegexGenerator.regexp(parts, options: plan.options)
            total &+= names.count
            guard stage != .regexps else { continue }
            total &+= try CompiledComponent.translate(source, of: parts, component: plan.component, pattern: plan.pattern).utf8.count
        }
        return total
    }

    /// One component's compile inputs (``componentPlans(_:options:schemeIsSpecial:)``).
    struct ComponentPlan {
        let component: Component
        let pattern: String
        let options: PatternOptions
        let encode: PatternParser.Encoder
    }

    /// https://urlpattern.spec.whatwg.org/#hostname-pattern-is-an-ipv6-address
    static func isIPv6Pattern(_ pattern: String) -> Bool {
        let scalars = Array(pattern.unicodeScalars.prefix(2))
        guard scalars.count == 2 else { return false }
        return scalars[0] == "[" || ((scalars[0] == "{" || scalars[0] == "\\") && scalars[1] == "[")
    }

    // MARK: Component patterns

    /// The canonical pattern string of `component` (e.g. `/foo/*` for `/foo/(.*)`).
    public subscript(component: Component) -> String { components[component.index].patternString }

    public var `protocol`: String { self[.protocol] }
    public var username: String { self[.username] }
    public var password: String { self[.password] }
    public var hostname: String { self[.hostname] }
    public var port: String { self[.port] }
    public var pathname: String { self[.pathname] }
    public var search: String { self[.search] }
    public var hash: String { self[.hash] }

    /// Whether this platform's PCRE2 has a JIT (patterns then compile to machine code).
    public static var jitAvailable: Bool { CompiledRegex.jitAvailable }

    /// The version of the PCRE2 library linked in ("10.42 2022-12-11").
    public static var pcre2Version: String { CompiledRegex.pcre2Version }

    /// For benchmarks: whether patterns and routers built from now on use PCRE2's JIT where it
    /// is available (default `true`). Off, every expression runs in PCRE2's interpreter, as on
    /// iOS, where apps may not JIT-compile code; the interpreter is the same code as in a PCRE2
    /// built with `--disable-jit`, so one process can measure both engines side by side.
    /// Process-wide: not for tests that run in parallel with others.
    @_spi(Benchmarks) public static var jitEnabled: Bool {
        get { CompiledRegex.jitEnabled }
        set { CompiledRegex.jitEnabled = newValue }
    }

    /// Whether any component uses a custom regexp group `(…)`.
    public var hasRegExpGroups: Bool { components.contains(where: \.hasRegExpGroups) }

    /// The PCRE2 regular expression `component` compiles to (shown by `explain`).
    public func regularExpression(for component: Component) -> String { components[component.index].regexSource }

    /// The names of `component`'s groups, in order.
    public func groupNames(for component: Component) -> [String] { components[component.index].names }

    // MARK: Matching

    /// Whether `input` (resolved against `baseURL`) matches — the standard's `test()`: false for
    /// an input that is not a URL, as for one that does not match. ``testOrThrow(_:baseURL:)``
    /// says why an input could not be judged.
    public func test(_ input: String, baseURL: String? = nil) -> Bool {
        exec(input, baseURL: baseURL) != nil
    }

    /// Whether the per-component `input` matches (the standard's `test()`; false for a component
    /// that cannot be canonicalised).
    public func test(_ input: URLPatternInit = URLPatternInit()) -> Bool {
        exec(input) != nil
    }

    /// Matches `input` (resolved against `baseURL`) — the standard's `exec()`: the per-component
    /// inputs and groups, or nil when it does not match, when it or `baseURL` is not a URL, or
    /// when it cannot be judged (too long, a runaway regexp). ``execOrThrow(_:baseURL:)`` says why.
    public func exec(_ input: String, baseURL: String? = nil) -> URLPatternResult? {
        (try? execOrThrow(input, baseURL: baseURL)) ?? nil
    }

    /// Matches per-component `input` (the standard's `exec()`): nil when it does not match or a
    /// component cannot be canonicalised. ``execOrThrow(_:)`` says why.
    public func exec(_ input: URLPatternInit = URLPatternInit()) -> URLPatternResult? {
        (try? execOrThrow(input)) ?? nil
    }

    /// ``test(_:baseURL:)``, throwing when the input cannot be judged instead of answering false.
    public func testOrThrow(_ input: String, baseURL: String? = nil) throws(URLPatternMatchError) -> Bool {
        try execOrThrow(input, baseURL: baseURL) != nil
    }

    /// ``test(_:)``, throwing when the input cannot be judged instead of answering false.
    public func testOrThrow(_ input: URLPatternInit) throws(URLPatternMatchError) -> Bool {
        try execOrThrow(input) != nil
    }

    /// Matches `input` (resolved against `baseURL`): nil when it does not match, the
    /// per-component inputs and groups when it does. Throws when the input cannot be
    /// judged (not a URL, too long, runaway regexp) — where the standard's ``exec(_:baseURL:)``
    /// answers nil.
    public func execOrThrow(_ input: String, baseURL: String? = nil) throws(URLPatternMatchError) -> URLPatternResult? {
        let length = input.utf8.count + (baseURL?.utf8.count ?? 0)
        guard length <= options.limits.maxInputLength else {
            throw .inputTooLong(length: length, limit: options.limits.maxInputLength)
        }
        var inputs = [URLPatternInput.string(input)]
        var base: URLRecord? = nil
        if let baseURL {
            do {
                base = try URLRecord(baseURL)
            } catch {
                throw .invalidBaseURL(error)
            }
            inputs.append(.string(baseURL))
        }
        let url: URLRecord
        do {
            url = try URLRecord(input, base: base)
        } catch {
            throw .invalidURL(error)
        }
        let values = [
            url.scheme, url.username, url.password, Self.hostnameForMatching(url.host), url.port.map { String($0) } ?? "",
            url.pathname, url.query ?? "", url.fragment ?? "",
        ]
        return try match(values, inputs: inputs)
    }

    /// Matches per-component input; absent components are the empty string. Throws when a
    /// component cannot be canonicalised (where ``exec(_:)`` answers nil).
    public func execOrThrow(_ input: URLPatternInit) throws(URLPatternMatchError) -> URLPatternResult? {
        let length = Component.allCases.reduce(input.baseURL?.utf8.count ?? 0) { $0 + (input[$1]?.utf8.count ?? 0) }
        guard length <= options.limits.maxInputLength else {
            throw .inputTooLong(length: length, limit: options.limits.maxInputLength)
        }
        let empty = URLPatternInit(
            protocol: "", username: "", password: "", hostname: "", port: "", pathname: "", search: "", hash: "")
        let processed: URLPatternInit
        do {
            processed = try input.processed(as: .url, defaults: empty)
        } catch {
            if let baseError = error.baseURLError { throw .invalidBaseURL(baseError) }
            let detail = error.problem.map { URLPatternError(PatternSyntaxError($0, at: 0), component: nil, pattern: "").message }
            throw .invalidURL(URLParseError("invalid \(error.component?.description ?? "component"): \(detail ?? "")"))
        }
        return try match(Component.allCases.map { processed[$0] ?? "" }, inputs: [.components(input)])
    }

    /// Hostnames compare case-insensitively for every scheme (the standard keeps the case of
    /// opaque hosts; see the divergences in `Docs/Patterns.md`).
    package static func hostnameForMatching(_ host: Host?) -> String {
        guard let host else { return "" }
        if case .opaque(let value) = host { return value.asciiLowercased }
        return host.serialized
    }

    private func match(_ values: [String], inputs: [URLPatternInput]) throws(URLPatternMatchError) -> URLPatternResult? {
        let scratch = MatchScratch(captures: maxCaptureCount, limits: options.limits)
        var results: [URLPatternComponentResult] = []
        results.reserveCapacity(8)
        for index in 0..<8 {
            let component = components[index]
            let groups: [String?]?
            do {
                groups = try component.match(values[index], scratch: scratch)
            } catch {
                switch error {
                case .limitExceeded: throw .matchLimitExceeded(component: component.component)
                case .internalError(_, let message): throw .regexpFailed(component: component.component, message: message)
                }
            }
            guard let groups else { return nil }
            results.append(
                URLPatternComponentResult(input: values[index], groups: .init(names: component.names, values: groups)))
        }
        return URLPatternResult(inputs: inputs, components: results)
    }
}
