import AxiomURLPattern

/// Every diagnostic the route-table compiler can report, in one folder (as swift-syntax keeps
/// its parser's messages in `ParserDiagnosticMessages.swift`): the parser and the compiler
/// say *where* and *with what*; the wording, notes and help are written here, grouped by code
/// in catalogue order (`Docs/Diagnostics.md` shows each code with an example), a file a
/// series. This file: the file's syntax (E1).
extension Diagnostic {
    // MARK: E1 — the file's syntax

    /// E101: a line that starts with an unknown word, or with a route property that is not indented.
    static func unknownDirective(_ keyword: Located<String>, isProperty: Bool, candidates: [String]) -> Diagnostic {
        isProperty
            ? Diagnostic(.unknownDirective, "'\(keyword.value)' is a route property; indent it under its 'route' line", at: keyword.location)
            : Diagnostic(
                .unknownDirective, "unknown directive '\(keyword.value)'", at: keyword.location,
                help: Suggestions.help(for: keyword.value, in: candidates))
    }

    /// E102
    static func propertyOutsideRoute(_ keyword: Located<String>) -> Diagnostic {
        Diagnostic(.propertyOutsideRoute, "'\(keyword.value)' must belong to a route (put it under a 'route' line)", at: keyword.location)
    }

    /// E103
    static func unknownProperty(_ keyword: Located<String>, candidates: [String]) -> Diagnostic {
        Diagnostic(
            .unknownProperty, "unknown route property '\(keyword.value)'", at: keyword.location,
            help: Suggestions.help(for: keyword.value, in: candidates))
    }

    /// E104: `what` says what is missing ("a name and a pattern").
    static func missingArgument(after keyword: String, _ what: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.missingArgument, "'\(keyword)' needs \(what)", at: location)
    }

    /// E105: text after the last argument; `what` names that argument ("the pattern").
    static func unexpectedArgument(after what: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.unexpectedArgument, "unexpected text after \(what) (start a comment with '#')", at: location)
    }

    /// E105: an `attribution` entry that is no name: `*` alone (every item), or text that no
    /// query item's name can be.
    static func badAttributionEntry(_ entry: Located<String>) -> Diagnostic {
        Diagnostic(
            .unexpectedArgument,
            "'\(entry.value)' is not an attribution name: 'attribution' takes query item names ('ref_src') and prefixes ending in '*' ('partner_*')",
            at: entry.location,
            help:
                "a prefix needs at least one character before '*' (every item would be attribution, and no route could read a query); a name has no '=', '&', '#' or space"
        )
    }

    /// E105: a query parameter's flag is not `optional` or `lenient` (or is given twice).
    static func expectedOptional(_ flag: Located<String>) -> Diagnostic {
        Diagnostic(
            .unexpectedArgument,
            "expected 'optional', 'lenient', 'ignore-case', 'matching', 'to-end', 'also', 'ignore-name-case', 'bare' or the end of the line, found '\(flag.value)'",
            at: flag.location,
            help: Suggestions.help(
                for: flag.value, in: ["optional", "lenient", "ignore-case", "matching", "to-end", "also", "ignore-name-case", "bare"]))
    }

    /// E105: `ignore-case` on a query parameter that is neither an enum nor `matching` a regexp.
    /// E105: a flag a `like` declaration does not take (its groups are typed by `param` lines).
    static func expectedLikeFlag(_ flag: Located<String>) -> Diagnostic {
        Diagnostic(
            .unexpectedArgument,
            "expected 'optional', 'ignore-case', 'also', 'ignore-name-case' or the end of the line after a 'like' pattern, found '\(flag.value)'",
            at: flag.location,
            help: "a pattern's groups are typed by 'param' lines under the route ('param userId int') and checked by their regexps; "
                + "a 'like' item takes no default, 'lenient', 'matching' or 'to-end'")
    }

    /// E105: `bare` on a query parameter that is not an enum (a bare item names one of its values).
    static func bareNotEnum(_ name: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .unexpectedArgument, "'bare' applies to an enum: a bare item ('?dark') names one of its values; '\(name)' is not one", at: location,
            help: "give the parameter an enum type ('query \(name) enum(dark, light) bare'), or remove 'bare'")
    }

    static func ignoreCaseNotEnum(_ name: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .unexpectedArgument, "'ignore-case' applies to an enum or a 'matching' regexp; '\(name)' has neither", at: location,
            help:
                "remove 'ignore-case', give the parameter an enum type ('enum(a, b) ignore-case'), or a regexp ('matching /settings/.* ignore-case')")
    }

    /// E105: `lenient` on a query parameter that must be present.
    static func lenientRequired(_ name: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .unexpectedArgument, "'lenient' applies to a query parameter that may be absent; '\(name)' is required", at: location,
            help: "add 'optional' or a default ('= VALUE'), or remove 'lenient'")
    }

    /// E105: `nullable` on a query parameter that must be present (or a `rest` map, always there).
    static func nullableNotAbsent(_ name: String, rest: Bool, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .unexpectedArgument,
            rest
                ? "'nullable' applies to a value; '\(name)' is a 'rest' map, which is always there (empty when the URL has nothing else)"
                : "'nullable' applies to a query parameter that may be absent; '\(name)' is required",
            at: location, help: rest ? "remove 'nullable'" : "add a default ('= VALUE') or 'optional', or remove 'nullable'")
    }

    /// E106
    static func unterminatedString(at location: SourceLocation) -> Diagnostic {
        Diagnostic(.unterminatedString, "unterminated string (add the closing '\"')", at: location)
    }

    /// E107: `what` is the kind of name ("route name", "tab name").
    static func invalidName(_ word: Located<String>, _ what: String) -> Diagnostic {
        Diagnostic(
            .invalidName, "'\(word.value)' is not a valid \(what) (letters, digits and '_', not starting with a digit)", at: word.location)
    }

    /// E108
    static func duplicateProperty(_ keyword: Located<String>, route: String, first: SourceLocation) -> Diagnostic {
        Diagnostic(
            .duplicateProperty, "'\(keyword.value)' is set twice for route '\(route)'", at: keyword.location,
            notes: [Note("first set here", at: first)])
    }
}
