import AxiomURLPattern

/// The messages of patterns and parameters (E2): see `DiagnosticMessages+Syntax.swift` for how the
/// messages are kept.
extension Diagnostic {
    // MARK: E2 — patterns and parameters

    /// E201: the pattern does not parse; `message` is the URLPattern parser's.
    static func invalidPattern(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.invalidPattern, "invalid pattern: \(message)", at: location)
    }

    /// E201: a pattern that does not start with `/`.
    static func patternNotAPath(_ pattern: Located<String>) -> Diagnostic {
        Diagnostic(
            .invalidPattern, "a route pattern is a path and starts with '/'", at: pattern.location,
            help: pattern.value.contains("://") ? "write only the path; declare schemes and hosts with 'origins'" : "write '/\(pattern.value)'")
    }

    /// E201: the table's combined expression does not compile (PCRE2's message), at the route
    /// whose expression fails on its own when one does (`routeAlone`).
    static func combinedExpressionFails(_ message: String, at location: SourceLocation, routeAlone: Bool) -> Diagnostic {
        Diagnostic(
            .invalidPattern, "the table's combined expression does not compile: \(message)", at: location,
            help: routeAlone
                ? "this route's pattern compiles alone, but not inside the table's expression, which wraps it in a few more groups: "
                    + "simplify its regexp group (fewer nested groups, a shorter expression)"
                : "no one route fails alone: split the table's routes among more first segments, or simplify the largest regexp groups")
    }

    /// E202
    static func unknownType(_ type: Located<String>) -> Diagnostic {
        Diagnostic(
            .unknownType, "unknown parameter type '\(type.value)'", at: type.location,
            help: Suggestions.help(for: type.value, in: ParameterType.names))
    }

    /// E203
    static func unknownParameter(_ name: String, pattern: String, groups: [String], at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .unknownParameter, "the pattern '\(pattern)' has no group named '\(name)'", at: location,
            help: Suggestions.help(for: name, in: groups)
                ?? (groups.isEmpty ? "add ':\(name)' to the pattern" : "its groups are \(groups.map { "'\($0)'" }.joined(separator: ", "))"))
    }

    /// E204: a path parameter typed twice.
    static func parameterTypedTwice(_ name: String, at location: SourceLocation, first: SourceLocation) -> Diagnostic {
        Diagnostic(.duplicateParameter, "parameter '\(name)' is typed twice", at: location, notes: [Note("first typed here", at: first)])
    }

    /// E204: a query parameter declared twice.
    static func queryDeclaredTwice(_ name: String, at location: SourceLocation, first: SourceLocation) -> Diagnostic {
        Diagnostic(
            .duplicateParameter, "query parameter '\(name)' is declared twice", at: location, notes: [Note("first declared here", at: first)])
    }

    /// E204: a query parameter named like a path parameter.
    static func queryNamedLikePath(_ name: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.duplicateParameter, "query parameter '\(name)' has the same name as a path parameter", at: location, help: "rename one of them")
    }

    /// E205: `example` is a valid value of the type, when there is one to show.
    static func invalidDefault(_ text: Located<String>, type: ParameterType, example: String?) -> Diagnostic {
        Diagnostic(
            .invalidDefault, "default '\(text.value)' is not a valid '\(type)'", at: text.location, help: example.map { "for example '\($0)'" })
    }

    /// E206: a group that spans segments, typed as one segment.
    static func spanningGroupTyped(_ name: String, as type: ParameterType, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .segmentTypeMismatch, "parameter '\(name)' can span several segments, so it cannot be '\(type)'", at: location,
            help: "declare it 'path' (or 'string'), or make the group one segment (':\(name)')")
    }

    /// E206: a one-segment group typed `path`.
    static func segmentGroupTypedPath(_ name: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .segmentTypeMismatch, "parameter '\(name)' is one segment; 'path' is for the rest of a path", at: location,
            help: "write the group as '*' or ':\(name)+' in the pattern, or declare it 'string'")
    }

    /// E207
    static func enumWithoutValues(at location: SourceLocation) -> Diagnostic {
        Diagnostic(.invalidEnum, "'enum' needs its values, e.g. 'enum(posts, likes)'", at: location)
    }

    /// E207: `[` without its `]`.
    static func listNotClosed(at location: SourceLocation) -> Diagnostic {
        Diagnostic(.invalidEnum, "a list type needs its closing ']', e.g. '[int]'", at: location)
    }

    /// E202: a list of something a repeated item cannot hold.
    static func unsupportedListElement(_ element: Located<ParameterType>) -> Diagnostic {
        Diagnostic(
            .unknownType, "a list's values are string, int, double, bool, uuid or enum, not '\(element.value)'", at: element.location,
            help: "use one of those, or 'rest' for a map of items")
    }

    /// A `result` of a type no answer is held in (`path`, `rest`, `url`).
    static func unsupportedResultType(_ type: Located<ParameterType>) -> Diagnostic {
        Diagnostic(
            .unknownType, "a screen's result is string, int, double, bool, uuid, enum(…) or a list of those, not '\(type.value)'",
            at: type.location, help: "declare one of those, e.g. 'result string' or 'result [uuid]'")
    }

    /// E207: `url` without its schemes.
    static func urlWithoutSchemes(at location: SourceLocation) -> Diagnostic {
        Diagnostic(.invalidEnum, "'url' needs the schemes it accepts, e.g. 'url(http, https)'", at: location)
    }

    /// E206: a type of query values only (``ParameterType/isQueryOnly``) on a path group.
    static func queryTypeInPath(_ name: String, type: ParameterType, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .segmentTypeMismatch, "'\(name)' is a path parameter: '\(type)' is a type of query parameters", at: location,
            help: "declare it as a query parameter ('query \(name) \(type)')")
    }

    /// E207
    static func enumValueTwice(_ value: Located<String>, first: SourceLocation) -> Diagnostic {
        Diagnostic(.invalidEnum, "enum value '\(value.value)' is listed twice", at: value.location, notes: [Note("first listed here", at: first)])
    }

    /// E207
    static func enumNotClosed(at location: SourceLocation) -> Diagnostic {
        Diagnostic(.invalidEnum, "expected ')' to close the enum's values", at: location)
    }

    /// E207
    static func emptyEnum(at location: SourceLocation) -> Diagnostic {
        Diagnostic(.invalidEnum, "an enum needs at least one value", at: location)
    }
}
