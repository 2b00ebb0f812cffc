/// A pattern that cannot be compiled: what is wrong, in which component, and where.
///
/// Errors carry a stable ``code`` for programs and a ``message`` for people that says how
/// to fix the pattern. ``position`` is an offset in Unicode scalars into ``pattern`` (the
/// component's pattern string, or the constructor string for whole-pattern errors);
/// ``annotatedPattern`` shows it with a caret.
///
/// ```swift
/// do { _ = try URLPattern("https://example.com/:id/:id") }
/// catch { print(error) }
/// // invalid pathname pattern '/:id/:id' at offset 5: duplicate group name 'id' (…)
/// ```
public struct URLPatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A stable identifier of the kind of error.
    public struct Code: StableCode {
        public let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        /// A `\` at the very end of a pattern.
        public static let trailingBackslash = Code(rawValue: "trailing-backslash")
        /// A `:` without a valid name after it.
        public static let missingGroupName = Code(rawValue: "missing-group-name")
        /// A malformed `(…)` regexp group (unclosed, empty, non-ASCII, capturing inside).
        public static let invalidRegexpGroup = Code(rawValue: "invalid-regexp-group")
        /// Syntax out of place, such as an unclosed `{`.
        public static let unexpectedToken = Code(rawValue: "unexpected-token")
        /// Two groups with one name in one component.
        public static let duplicateGroupName = Code(rawValue: "duplicate-group-name")
        /// A regexp the engine cannot compile (ECMAScript syntax error or unsupported feature).
        public static let invalidRegexp = Code(rawValue: "invalid-regexp")
        /// Fixed text that cannot be part of its component (a space in a hostname, a
        /// non-numeric port, an invalid scheme).
        public static let invalidComponent = Code(rawValue: "invalid-component")
        /// A constructor string without a scheme and without a base URL.
        public static let missingProtocol = Code(rawValue: "missing-protocol")
        /// A base URL that does not parse.
        public static let invalidBaseURL = Code(rawValue: "invalid-base-url")
        /// A base URL passed separately together with per-component patterns.
        public static let baseURLWithInit = Code(rawValue: "base-url-with-init")
    }

    public let code: Code
    /// The component whose pattern is wrong, or nil for errors of the whole input.
    public let component: URLPattern.Component?
    /// The text ``position`` points into.
    public let pattern: String
    /// Offset in Unicode scalars into ``pattern``, when the error has a place.
    public let position: Int?
    /// What happened and how to fix it.
    public let message: String

    init(_ code: Code, component: URLPattern.Component?, pattern: String, position: Int?, message: String) {
        self.code = code
        self.component = component
        self.pattern = pattern
        self.position = position
        self.message = message
    }

    /// What happened, with the pattern quoted: whole when it is short, else the
    /// 160 characters around ``position`` and its length.
    public var description: String {
        var text = "invalid "
        if let component { text += "\(component) " }
        text += "pattern \(QuotedExcerpt.quote(pattern, around: column))"
        if let position { text += " at offset \(position)" }
        return text + ": " + message
    }

    /// The pattern on one line and a caret under ``position`` on the next (for a long
    /// pattern, the part around ``position``).
    public var annotatedPattern: String {
        let quoted = excerpt
        guard let column = quoted.column else { return quoted.text }
        return quoted.text + "\n" + String(repeating: " ", count: column) + "^"
    }

    /// The pattern as quoted, and the caret's column in it.
    private var excerpt: (text: String, column: Int?) { QuotedExcerpt.window(pattern, around: column) }

    /// ``position`` as a column in characters (it is in Unicode scalars).
    private var column: Int? { position.map { String(scalars: pattern.unicodeScalars.prefix($0)).count } }
}

extension URLPatternError {
    /// Wraps a syntax error of one component's pattern string.
    package init(_ error: PatternSyntaxError, component: URLPattern.Component?, pattern: String) {
        let code: Code
        let message: String
        var position = error.position
        switch error.problem {
        case .trailingBackslash:
            code = .trailingBackslash
            message = "the pattern ends with a lone '\\' (write '\\\\' for a literal backslash)"
        case .missingGroupName:
            code = .missingGroupName
            message = "':' is not followed by a group name (a name starts with a letter, '_' or '$'; write '\\:' for a literal colon)"
        case .regexpNonASCII(let at):
            code = .invalidRegexpGroup
            position = at
            message = "a regexp group may contain only ASCII characters (write others as '\\u{…}')"
        case .regexpStartsWithQuestionMark:
            code = .invalidRegexpGroup
            message =
                "a regexp group cannot start with '?' (put '(?:…)' inside a group, e.g. '((?:a|b))', or make the group optional with a '?' after it)"
        case .regexpTrailingBackslash:
            code = .invalidRegexpGroup
            message = "the regexp group ends with a lone '\\' and is never closed"
        case .regexpCapturingGroup(let at):
            code = .invalidRegexpGroup
            position = at
            message = "capturing groups are not allowed inside a regexp group (write '(?:…)')"
        case .regexpUnbalanced:
            code = .invalidRegexpGroup
            message = "the regexp group is never closed (add ')')"
        case .regexpEmpty:
            code = .invalidRegexpGroup
            message = "empty regexp group '()' (remove it, or write a regexp such as '(.*)')"
        case .unexpectedToken(let expected, let found):
            code = .unexpectedToken
            let what = found.kind == .end ? "the end of the pattern" : QuotedExcerpt.quote(found.value)
            message = "expected \(expected), found \(what)"
        case .duplicateGroupName(let name):
            code = .duplicateGroupName
            message = "duplicate group name \(QuotedExcerpt.quote(name)) (each group of a component needs its own name)"
        case .invalidRegexp(let detail):
            code = .invalidRegexp
            message = "invalid regexp: \(detail)"
        case .invalidFixedText(let detail):
            code = .invalidComponent
            message = detail
        }
        self.init(code, component: component, pattern: pattern, position: position, message: message)
    }
}

/// Why a URL could not be matched at all (as opposed to not matching).
///
/// A URL that simply does not match gives `nil` from ``URLPattern/exec(_:baseURL:)``; these
/// are the inputs that cannot be judged. Compare ``code`` with the static members
/// (`error.code == .inputTooLong`); new kinds of error add members and break no `switch`.
public struct URLPatternMatchError: Error, Sendable, Hashable, CustomStringConvertible {
    public struct Code: StableCode {
        public let rawValue: String
        package init(rawValue: String) { self.rawValue = rawValue }

        /// The input is not a URL (or a component is not valid for its component).
        public static let invalidURL = Code(rawValue: "invalid-url")
        /// The base URL is not a URL.
        public static let invalidBaseURL = Code(rawValue: "invalid-base-url")
        /// A base URL was passed with per-component input, which has its own `baseURL`.
        public static let baseURLWithInit = Code(rawValue: "base-url-with-init")
        /// The input is longer than ``MatchLimits/maxInputLength``.
        public static let inputTooLong = Code(rawValue: "input-too-long")
        /// A regexp group backtracked past ``MatchLimits/matchLimit`` on this input.
        public static let matchLimitExceeded = Code(rawValue: "match-limit-exceeded")
        /// PCRE2 failed on a component's regexp for a reason other than the limit: its
        /// compile at the first match, or an internal error. Not expected (a deferred regexp
        /// cannot fail to compile but for lack of memory).
        public static let regexpFailed = Code(rawValue: "regexp-failed")
    }

    public let code: Code
    /// Why the input or the base URL is not a URL, for ``Code/invalidURL`` and ``Code/invalidBaseURL``.
    public let parseError: URLParseError?
    /// The component whose regexp hit the limit, for ``Code/matchLimitExceeded``.
    public let component: URLPattern.Component?
    public let description: String

    private init(_ code: Code, parseError: URLParseError? = nil, component: URLPattern.Component? = nil, description: String) {
        self.code = code
        self.parseError = parseError
        self.component = component
        self.description = description
    }

    /// The input is not a URL (or a component is not valid for its component).
    public static func invalidURL(_ error: URLParseError) -> Self { Self(.invalidURL, parseError: error, description: error.description) }

    /// The base URL is not a URL.
    public static func invalidBaseURL(_ error: URLParseError) -> Self {
        Self(.invalidBaseURL, parseError: error, description: "invalid base URL: \(error.reason)")
    }

    /// A base URL was passed with per-component input, which has its own `baseURL`.
    public static let baseURLWithInit = Self(
        .baseURLWithInit, description: "a base URL cannot be passed with per-component input (set its baseURL instead)")

    /// The input is longer than ``MatchLimits/maxInputLength``.
    public static func inputTooLong(length: Int, limit: Int) -> Self {
        Self(.inputTooLong, description: "input too long: \(length) bytes, the limit is \(limit) (MatchLimits.maxInputLength)")
    }

    /// PCRE2 failed on the component's regexp for a reason other than the match limit
    /// (see ``Code/regexpFailed``), with its message.
    public static func regexpFailed(component: URLPattern.Component, message: String) -> Self {
        Self(.regexpFailed, component: component, description: "the \(component) component's regexp failed: \(message)")
    }

    /// Matching backtracked past ``MatchLimits/matchLimit`` on this input: a regexp group, or
    /// many groups that can split the component in many ways.
    public static func matchLimitExceeded(component: URLPattern.Component) -> Self {
        Self(
            .matchLimitExceeded, component: component,
            description:
                "match limit exceeded in the \(component) component: the pattern backtracks too much on this input (a regexp group, or groups that can split it in many ways; raise MatchLimits.matchLimit or write fewer groups per segment)"
        )
    }
}
