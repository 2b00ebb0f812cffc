/// Why ``Router/url(for:parameters:query:)`` could not print a URL, or why a destination does
/// not fit its route (``Router/validate(_:parameters:query:)-method``).
///
/// Compare ``code`` with the static members (`error.code == .missingParameter`); new kinds of
/// error add members and break no `switch`.
public struct RouteURLError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Code: StableCode {
        public let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        /// No route has the name.
        public static let unknownRoute = Code(rawValue: "unknown-route")
        /// A required path parameter has no value.
        public static let missingParameter = Code(rawValue: "missing-parameter")
        /// A value for a parameter the route does not declare.
        public static let unknownParameter = Code(rawValue: "unknown-parameter")
        /// A value of another type than the parameter's.
        public static let wrongType = Code(rawValue: "wrong-type")
        /// The printed URL resolves to something else (another route ranks first for it, or a
        /// regexp group rejects the value).
        public static let notReversible = Code(rawValue: "not-reversible")
        /// A value of a host's group that no host can hold (a host label is lowercase letters,
        /// digits and `-`).
        public static let invalidHostValue = Code(rawValue: "invalid-host-value")
        /// A link was asked for, and the table's origins are all patterns (`https://*`): only a
        /// path can be printed, which no link opens.
        public static let noPrintableOrigin = Code(rawValue: "no-printable-origin")
    }

    public let code: Code
    /// The route asked for.
    public let route: String
    /// The parameter concerned: missing, unknown or of the wrong type.
    public let parameter: String?
    /// Close names: routes for ``Code/unknownRoute``, parameters for ``Code/unknownParameter``.
    public let suggestions: [String]
    /// The URL printed, for ``Code/notReversible``.
    public let url: String?
    /// What happened, for people.
    public let description: String

    private init(_ code: Code, route: String, parameter: String? = nil, suggestions: [String] = [], url: String? = nil, description: String) {
        self.code = code
        self.route = route
        self.parameter = parameter
        self.suggestions = suggestions
        self.url = url
        self.description = description
    }

    private static func didYouMean(_ names: [String]) -> String {
        names.isEmpty ? "" : "; did you mean " + names.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }

    public static func unknownRoute(_ name: String, suggestions: [String]) -> Self {
        Self(.unknownRoute, route: name, suggestions: suggestions, description: "unknown route '\(name)'" + didYouMean(suggestions))
    }

    public static func missingParameter(route: String, parameter: String) -> Self {
        Self(.missingParameter, route: route, parameter: parameter, description: "route '\(route)' needs parameter '\(parameter)'")
    }

    public static func unknownParameter(route: String, parameter: String, suggestions: [String]) -> Self {
        Self(
            .unknownParameter, route: route, parameter: parameter, suggestions: suggestions,
            description: "route '\(route)' has no parameter '\(parameter)'" + didYouMean(suggestions))
    }

    public static func wrongType(route: String, parameter: String, expected: ParameterType, value: RouteValue) -> Self {
        Self(
            .wrongType, route: route, parameter: parameter,
            description: "route '\(route)': parameter '\(parameter)' is a '\(expected)', not '\(value)'")
    }

    /// A value given as text that its parameter's type does not read (`seven` for an `int`);
    /// code ``Code/wrongType``.
    public static func unreadableText(route: String, parameter: String, expected: ParameterType, text: String, isQuery: Bool) -> Self {
        Self(
            .wrongType, route: route, parameter: parameter,
            description: "'\(text)' is not a valid '\(expected)' for \(isQuery ? "query parameter" : "parameter") '\(parameter)'")
    }

    public static func invalidHostValue(route: String, parameter: String, value: String) -> Self {
        // Values are in the form a match reports them, the URL parser's: an international label
        // in punycode. Say which that is when there is one.
        var hint = ""
        if !value.unicodeScalars.allSatisfy(\.isASCII), let ascii = try? IDNA.toASCII(value), ascii.allSatisfy({ $0 != "." }) {
            hint = "; an international label is written as a match reports it, in punycode: '\(ascii)'"
        }
        return Self(
            .invalidHostValue, route: route, parameter: parameter,
            description:
                "route '\(route)': '\(value)' cannot be part of a host for parameter '\(parameter)' (a label is lowercase letters, digits and '-'\(hint))"
        )
    }

    /// A route whose host has an unnamed group (`(clicks|emails).example.com`): reverse routing
    /// has no value for it (code ``Code/invalidHostValue``).
    public static func unnamedHostGroup(route: String, host: String) -> Self {
        Self(
            .invalidHostValue, route: route,
            description:
                "route '\(route)' matches its host '\(host)' with an unnamed group, which reverse routing cannot fill: name it (':name(a|b)') and pass its value"
        )
    }

    /// A link was asked for (`Router.canonicalURL(for:)`) where the table has no origin to print
    /// one with: its origins are all patterns.
    public static func noPrintableOrigin(route: String, path: String) -> Self {
        Self(
            .noPrintableOrigin, route: route, url: path,
            description:
                "route '\(route)' has no origin a link can be printed with (the table's origins are patterns, e.g. 'https://*'): only the path '\(path)'; add an exact origin ('origins https://example.com, https://*') to print links"
        )
    }

    public static func notReversible(route: String, url: String, resolvesTo: String) -> Self {
        Self(.notReversible, route: route, url: url, description: "'\(url)' printed for route '\(route)' resolves to \(resolvesTo)")
    }
}
