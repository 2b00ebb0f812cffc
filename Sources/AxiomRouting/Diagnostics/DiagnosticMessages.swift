import AxiomURLPattern

/// Every diagnostic the route-table compiler can report, in one place (as swift-syntax keeps
/// its parser's messages in `ParserDiagnosticMessages.swift`): the parser and the compiler
/// say *where* and *with what*; the wording, notes and help are written here, grouped by code
/// in catalogue order (`Docs/Diagnostics.md` shows each code with an example).
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

    // MARK: E3 — the table as a whole

    /// E301
    static func duplicateRouteName(_ name: Located<String>, first: SourceLocation) -> Diagnostic {
        Diagnostic(
            .duplicateRouteName, "duplicate route name '\(name.value)'", at: name.location, notes: [Note("first declared here", at: first)],
            help: "give each route its own name")
    }

    /// E302
    static func unknownParent(_ parent: Located<String>, routes: some Sequence<String>) -> Diagnostic {
        Diagnostic(
            .unknownParent, "unknown parent route '\(parent.value)'", at: parent.location, help: Suggestions.help(for: parent.value, in: routes))
    }

    /// E303
    static func parentCycle(_ cycle: [String], at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .parentCycle, "parent cycle: \(cycle.joined(separator: " → "))", at: location,
            help: "a deep link's back stack must end at a root; remove one 'parent'")
    }

    /// E304: `declared` is nil when the table declares no `tabs`.
    static func unknownTab(_ tab: String, declared: Set<String>?, at location: SourceLocation) -> Diagnostic {
        guard let declared else {
            return Diagnostic(
                .unknownTab, "tab '\(tab)' is used but the table declares no 'tabs'", at: location, help: "declare the tabs, e.g. 'tabs \(tab)'")
        }
        return Diagnostic(.unknownTab, "unknown tab '\(tab)'", at: location, help: Suggestions.help(for: tab, in: declared))
    }

    /// E308: a container is presented as a modal.
    static func containerNotModal(_ presentation: Located<Transition>) -> Diagnostic {
        Diagnostic(
            .invalidTransition, "a container is presented as a modal, not '\(presentation.value)'", at: presentation.location,
            help: "write 'container NAME modal(sheet)', 'modal(fullScreen)' or 'modal(popover)', then 'tabs(a, b)' for a tab container")
    }

    /// E104: what follows a container's presentation is its tabs, then `auth` and `sources`,
    /// each once and in that order.
    static func containerTabsExpected(_ word: Located<String>) -> Diagnostic {
        Diagnostic(
            .missingArgument, "expected the container's tabs, 'tabs(a, b)', then 'auth' and 'sources …', found '\(word.value)'",
            at: word.location,
            help:
                "write 'container onboarding modal(fullScreen) tabs(welcome, permissions) auth sources inApp' (each part once, in that order, all optional), or end the line after the modal"
        )
    }

    /// E308: a route in a container is shown in it.
    static func modalInContainer(_ route: String, container: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .invalidTransition, "route '\(route)' lives in container '\(container)', which is the modal: it cannot present another", at: location,
            help: "use push, replace or one of the container's tabs, or declare another container for it")
    }

    /// E325: a route names a container the table does not declare.
    static func unknownContainer(_ name: Located<String>, declared: [String]) -> Diagnostic {
        Diagnostic(
            .unknownContainer, "unknown container '\(name.value)'", at: name.location,
            help: Suggestions.help(for: name.value, in: declared) ?? "declare it at the top: 'container \(name.value) modal(sheet)'")
    }

    /// E326: a container, or a tab, declared twice.
    static func duplicateContainer(_ name: Located<String>, what: String, first: SourceLocation) -> Diagnostic {
        Diagnostic(
            .duplicateContainer, "\(what) '\(name.value)' is declared twice", at: name.location,
            notes: [Note("first declared here", at: first)], help: "give each container and each tab its own name")
    }

    /// E305: `message` is the origin parser's.
    static func invalidOrigin(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.invalidOrigin, "invalid origin: \(message)", at: location)
    }

    /// E306
    static func includeNotFound(_ include: Located<String>, lookedFor path: String) -> Diagnostic {
        Diagnostic(.includeNotFound, "cannot find included file '\(include.value)' (looked for '\(path)')", at: include.location)
    }

    /// E306, E314 or E315: the file system's answer (``RouteSourceError``).
    static func cannotInclude(_ include: Located<String>, _ error: RouteSourceError) -> Diagnostic {
        Diagnostic(error.code, "cannot include '\(include.value)': \(error.reason)", at: include.location)
    }

    /// E307: `chain` is the files from the first to the one included again.
    static func includeCycle(_ include: Located<String>, chain: [String]) -> Diagnostic {
        Diagnostic(
            .includeCycle, "'\(include.value)' includes itself (\(chain.joined(separator: " → ")))", at: include.location,
            help: "remove this include")
    }

    /// E308: `argument` is `modal` or `tab`, written without its parentheses.
    static func transitionNeedsArgument(_ kind: Located<String>) -> Diagnostic {
        let example = kind.value == "modal" ? "modal(sheet)" : "tab(home)"
        return Diagnostic(.invalidTransition, "'\(kind.value)' needs its argument in parentheses, e.g. '\(example)'", at: kind.location)
    }

    /// E308
    static func unknownModalStyle(_ style: Located<String>) -> Diagnostic {
        Diagnostic(
            .invalidTransition, "unknown modal style '\(style.value)'", at: style.location,
            help: Suggestions.help(for: style.value, in: ModalStyle.allCases.map(\.rawValue)))
    }

    /// E308
    static func unknownTransition(_ kind: Located<String>, kinds: [String]) -> Diagnostic {
        Diagnostic(.invalidTransition, "unknown transition '\(kind.value)'", at: kind.location, help: Suggestions.help(for: kind.value, in: kinds))
    }

    /// E309
    static func unknownOption(_ key: Located<String>, options: some Sequence<String>) -> Diagnostic {
        Diagnostic(.invalidOption, "unknown option '\(key.value)'", at: key.location, help: Suggestions.help(for: key.value, in: options))
    }

    /// E309
    static func invalidOptionValue(_ value: Located<String>, option: String, allowed: [String]) -> Diagnostic {
        Diagnostic(
            .invalidOption, "option '\(option)' takes \(allowed.map { "'\($0)'" }.joined(separator: " or ")), not '\(value.value)'",
            at: value.location, help: Suggestions.help(for: value.value, in: allowed))
    }

    /// E310
    static func unknownLoginRoute(_ login: Located<String>, routes: some Sequence<String>) -> Diagnostic {
        Diagnostic(
            .unknownLoginRoute, "the login route '\(login.value)' is not declared", at: login.location,
            help: Suggestions.help(for: login.value, in: routes))
    }

    /// E311
    static func duplicateDirective(_ keyword: Located<String>, first: SourceLocation) -> Diagnostic {
        Diagnostic(
            .duplicateDirective, "'\(keyword.value)' is declared more than once", at: keyword.location,
            notes: [Note("first declared here", at: first)], help: "merge the two into one line")
    }

    /// E312: `read` says which files were read.
    static func emptyTable(_ read: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.emptyTable, "the route table declares no routes \(read)", at: location, help: "add 'route NAME /path'")
    }

    /// E313
    static func unknownSource(_ source: Located<String>, sources: [String]) -> Diagnostic {
        Diagnostic(
            .unknownSource, "unknown navigation source '\(source.value)' (one of \(sources.joined(separator: ", ")))", at: source.location,
            help: Suggestions.help(for: source.value, in: sources))
    }

    /// E316
    static func includesTooDeep(_ include: Located<String>, limit: Int) -> Diagnostic {
        Diagnostic(
            .includeLimit, "includes nest more than \(limit) deep", at: include.location,
            help: "include the files from one place instead of each from the one before")
    }

    /// E316
    static func tooManyFiles(_ include: Located<String>, limit: Int) -> Diagnostic {
        Diagnostic(.includeLimit, "the table reads more than \(limit) files", at: include.location, help: "merge some files")
    }

    /// E317: a redirect's target is neither a route nor a redirect.
    static func unknownRedirectTarget(_ target: Located<String>, names: some Sequence<String>) -> Diagnostic {
        Diagnostic(
            .unknownRedirectTarget, "redirect target '\(target.value)' is not a route or a redirect of the table", at: target.location,
            help: Suggestions.help(for: target.value, in: names))
    }

    /// E318: redirects that lead back to themselves (`cycle` starts and ends at the same name).
    static func redirectCycle(_ cycle: [String], at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .redirectCycle, "redirect cycle: \(cycle.joined(separator: " → "))", at: location,
            help: "a redirect must end at a route; point one of them at the route the URLs now belong to")
    }

    /// E318: a chain of redirects longer than the limit (each redirect to the next).
    static func redirectChainTooLong(_ chain: [String], limit: Int, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .redirectCycle, "redirects chain through more than \(limit) redirects (\(chain.prefix(3).joined(separator: " → ")) → …)", at: location,
            help: "point the old redirects at the route itself: a redirect may name its final route directly")
    }

    /// E319: a named group of an alias or redirect pattern that no parameter of its target takes.
    /// `pattern` describes the pattern ("alias '/user/:id' of route 'profile'").
    static func unmappedGroup(_ group: String, of pattern: String, target: String, parameters: [String], at location: SourceLocation) -> Diagnostic {
        let fix =
            "name it after one of \(target)'s parameters" + (parameters.isEmpty ? "" : " (\(parameters.joined(separator: ", ")))")
            + ", or write '*' for a segment the target does not need"
        return Diagnostic(
            .unmappedGroup, "':\(group)' in \(pattern) is not a parameter of \(target)", at: location,
            help: Suggestions.closest(to: group, in: parameters, limit: 1).first.map { "did you mean ':\($0)'? Otherwise " + fix } ?? fix)
    }

    /// E320: the target has a required path parameter the alias or redirect pattern does not supply.
    static func missingTargetParameter(_ parameter: String, of pattern: String, target: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .missingTargetParameter, "\(pattern) does not supply ':\(parameter)', which \(target) needs", at: location,
            help: "add a group named ':\(parameter)' to the pattern (parameters are mapped by name)")
    }

    /// E321: a redirect declares a type whose values the target's parameter cannot take.
    static func incompatibleParameterType(
        _ name: String, declared: ParameterType, target: String, expected: ParameterType, at location: SourceLocation
    ) -> Diagnostic {
        Diagnostic(
            .incompatibleParameterType,
            "':\(name)' is declared \(declared) here, but \(target) takes it as \(expected): some values would not convert", at: location,
            help: "declare it as \(expected) (or leave out the 'param' line: a redirect's groups take the target's types)")
    }

    /// E322: a route names a loader the app does not register (checked when the set is given).
    static func unknownLoader(_ loader: Located<String>, registered: Set<String>) -> Diagnostic {
        Diagnostic(
            .unknownLoader, "no loader named '\(loader.value)' is registered", at: loader.location,
            help: Suggestions.help(for: loader.value, in: registered.sorted())
                ?? "register it (flow.loaders[\"\(loader.value)\"] = { … }) or correct the name; registered: "
                + (registered.isEmpty ? "none" : registered.sorted().joined(separator: ", ")))
    }

    /// E323: a route's pattern names a host it cannot match on; `reason` says why.
    static func hostPatternNotSupported(_ reason: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .unsupportedHostPattern, "this pattern cannot be matched on its host: \(reason)", at: location,
            help: "write 'https://HOST/PATH' (a hostname pattern such as ':tenant.example.com', optionally ':PORT'), or the path alone")
    }

    /// E324: no origin of the table accepts the host a route matches on, so no URL reaches it.
    static func hostNotAccepted(_ host: String, origins: [String], at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .hostNotAccepted, "no origin of the table accepts '\(host)': no URL can reach this route", at: location,
            notes: [Note("the origins are: \(origins.joined(separator: ", "))")],
            help: host.hasSuffix(":")
                ? "add the scheme to the origins ('origins \(host)'), or 'origins *:' for every app scheme"
                : "add an origin that accepts it (e.g. 'origins https://*.example.com' for ':tenant.example.com')")
    }

    /// E327: a pattern's fragment (`#…`) where none can be matched; `reason` says why.
    static func fragmentNotSupported(_ reason: String, help: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.unsupportedFragment, "this fragment cannot be matched: \(reason)", at: location, help: help)
    }

    /// E328: a route spelled without a host (`matrix:u/…`) in a table that refuses such URLs.
    static func spellingRefused(_ route: String, spelling: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .refusedSpelling, "route '\(route)' is spelled without a host ('\(spelling)'), and the table refuses such URLs", at: location,
            help: "declare 'option app-scheme-host optional' to route them, or spell the route with its host ('scheme://first/segment')")
    }

    /// E204: a fragment group with the name of a path or host group.
    static func fragmentGroupNamedTwice(_ name: String, other: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.duplicateParameter, "':\(name)' names a group of both the fragment and the \(other)", at: location, help: "rename one of them")
    }

    /// E209: a group of a `like` pattern without a name: its value would go nowhere, and
    /// reverse routing could not print it.
    static func unnamedLikeGroup(_ item: String, group: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .likeWithoutValues, "the group '\(group)' in the pattern for query item '\(item)' has no name", at: location,
            help: "name it, as ':value\(group == "*" ? "(.*)" : group)': each group of a 'like' pattern is a value of the route")
    }

    /// E209: a `like` pattern without a group: it reads no value.
    static func likeWithoutGroups(_ item: String, pattern: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .likeWithoutValues, "the pattern '\(pattern)' for query item '\(item)' has no group, so it reads no value", at: location,
            help: "add a named group (':value'), or require the fixed value with 'query \(item) string matching \(pattern)'")
    }

    /// E204: a host group with the name of a path group.
    static func hostGroupNamedLikePath(_ name: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.duplicateParameter, "':\(name)' names a group of both the host and the path", at: location, help: "rename one of them")
    }

    /// E108: a loader named twice in one `load` line.
    static func loaderListedTwice(_ loader: Located<String>, first: SourceLocation) -> Diagnostic {
        Diagnostic(
            .duplicateProperty, "loader '\(loader.value)' is listed twice", at: loader.location, notes: [Note("first listed here", at: first)],
            help: "list each loader once")
    }

    /// E103: a redirect has only `param` lines.
    /// E319: a redirect's `set NAME = VALUE` for a name its pattern also has a group of.
    static func fixedValueIsAGroup(_ name: String, of describing: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .unmappedGroup, "\(describing) sets '\(name)', which its pattern also reads from the URL", at: location,
            help: "drop the 'set' line, or make the group unnamed ('*' or '(…)') so the URL's value is matched and dropped")
    }

    /// E319: a redirect's `set NAME = VALUE` for a name its target does not have.
    static func fixedValueUnknown(_ name: String, of describing: String, target: String, parameters: [String], at location: SourceLocation)
        -> Diagnostic
    {
        let fix = "set one of \(target)'s parameters" + (parameters.isEmpty ? "" : " (\(parameters.joined(separator: ", ")))")
        return Diagnostic(
            .unmappedGroup, "\(describing) sets '\(name)', which is not a parameter of \(target)", at: location,
            help: Suggestions.closest(to: name, in: parameters, limit: 1).first.map { "did you mean '\($0)'? Otherwise " + fix } ?? fix)
    }

    /// E319: a redirect's `set` line given twice for one name.
    static func fixedValueTwice(_ name: String, of describing: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(.unmappedGroup, "\(describing) sets '\(name)' twice", at: location, help: "keep one 'set \(name) = …' line")
    }

    /// E208: `to-end` on a group that cannot take the rest of the URL.
    static func toEndMisplaced(_ name: String, reason: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .toEndMisplaced, "'\(name)' cannot run to the end of the URL: \(reason)", at: location,
            help: "make it the pattern's last group, typed 'string' ('param \(name) string to-end'), in a route with no 'query' lines")
    }

    /// E205: a redirect's fixed value that its target parameter's type refuses.
    static func invalidFixedValue(_ text: Located<String>, name: String, type: ParameterType, example: String?) -> Diagnostic {
        Diagnostic(
            .invalidDefault, "value '\(text.value)' set for '\(name)' is not a valid '\(type)'", at: text.location,
            help: example.map { "for example 'set \(name) = \($0)'" })
    }

    static func redirectProperty(_ keyword: Located<String>, redirect: String) -> Diagnostic {
        Diagnostic(
            .unknownProperty, "'\(keyword.value)' cannot be declared on redirect '\(redirect)': a redirect takes the target route's metadata",
            at: keyword.location,
            help: "only 'param' and 'set NAME = VALUE' lines belong under a redirect; declare '\(keyword.value)' on the target route")
    }

    // MARK: W4 — warnings

    /// How a diagnostic names a table entry: `'profile'`, `'profile' (alias /user/:id)`,
    /// `redirect 'members'`.
    private static func named(_ entry: Route) -> String {
        switch entry.kind {
        case .route: return "'\(entry.name)'"
        case .alias: return "'\(entry.name)' (alias \(entry.pattern))"
        case .redirect: return "redirect '\(entry.name)'"
        }
    }

    /// W401: `winner` ties with `route` in rank and is declared first: it takes the URLs both
    /// match — all of them (`example` nil: the same URLs), or some, such as `example`.
    static func ambiguousRoutes(_ route: Route, winner: Route, example: String?) -> Diagnostic {
        let (first, second) = (named(winner), named(route))
        guard let example else {
            return Diagnostic(
                .ambiguousRoutes, "\(first) and \(second) match the same URLs; \(first) is declared first and always wins",
                at: route.location, notes: [Note("\(first) is declared here", at: winner.location)],
                help: "remove one of them, or make the patterns differ")
        }
        return Diagnostic(
            .ambiguousRoutes,
            "\(first) and \(second) both match some URLs, such as '\(example)', and rank the same: only declaration order decides (\(first) is declared first and takes them)",
            at: route.location, notes: [Note("\(first) (\(winner.fullPattern)) is declared here", at: winner.location)],
            help: "make one of them more specific (fixed text, a type, or a regexp the other excludes), so the order follows from the patterns")
    }

    /// W414: `winner`, with no host, ranks before `route`, on a host, and takes some of its URLs
    /// on that host (`example`).
    static func hostRouteTaken(_ route: Route, winner: Route, example: String) -> Diagnostic {
        let (first, second) = (named(winner), named(route))
        return Diagnostic(
            .hostRouteTaken,
            "\(first) (\(winner.fullPattern)), on no host, ranks before \(second) and takes some of its URLs on its own host, such as '\(example)'",
            at: route.location, notes: [Note("\(first) is declared here", at: winner.location)],
            help: "give \(first) a host of its own, or make \(second)'s path differ where they meet, so the host's URLs reach it")
    }

    /// W402: `winner` takes every URL `route` would.
    static func shadowedRoute(_ route: Route, winner: Route) -> Diagnostic {
        let (first, second) = (named(winner), named(route))
        let what = route.kind == .route ? "route \(second)" : second
        return Diagnostic(
            .shadowedRoute, "\(what) can never match: \(first) (\(winner.fullPattern)) ranks before it and takes every URL it would",
            at: route.location, notes: [Note("\(first) is declared here", at: winner.location)],
            help: "make \(first) more specific (a type, fixed text, or a regexp that excludes these URLs), or remove \(second)")
    }

    /// W407: the overlap analysis could not finish comparing `route` with `other` (nil: it
    /// ran out of its budget for the table here, and stopped).
    static func overlapsNotChecked(_ route: Route, other: Route?) -> Diagnostic {
        guard let other else {
            return Diagnostic(
                .overlapsNotChecked,
                "the overlap analysis stopped at \(named(route)): the table's patterns took more than its budget to compare, so overlaps of the routes ranked from here on are not reported",
                at: route.location, help: "simplify the regexp groups that make the comparisons costly (nested repetitions, long alternations)")
        }
        return Diagnostic(
            .overlapsNotChecked,
            "whether \(named(route)) and \(named(other)) (\(other.fullPattern)) match the same URLs was not decided: their patterns are too costly to compare, so an overlap would not be reported",
            at: route.location, notes: [Note("\(named(other)) is declared here", at: other.location)],
            help: "simplify the regexp groups (nested repetitions, long alternations), or make the patterns differ in fixed text")
    }

    /// W403
    static func trailingSlash(at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .trailingSlash, "the trailing '/' is ignored: URLs match with or without it", at: location,
            help: "remove the trailing '/', or declare 'option trailing-slash strict'")
    }

    /// W404
    static func redundantOptional(at location: SourceLocation) -> Diagnostic {
        Diagnostic(.redundantOptional, "'optional' is redundant: a parameter with a default is optional", at: location, help: "remove 'optional'")
    }

    /// W405: `route` (restricted as `restrictions` says) is reached as `other` (restricted as
    /// `weaker`) through the spelling `variant`.
    static func restrictionBypass(_ route: Route, restrictions: String, other: Route, weaker: String, variant: String) -> Diagnostic {
        Diagnostic(
            .restrictionBypass, "route '\(route.name)' (\(restrictions)) can be reached as '\(other.name)' (\(weaker)) through '\(variant)'",
            at: route.location, notes: [Note("'\(other.name)' is declared here", at: other.location)],
            help: "give '\(other.name)' the same 'auth' and 'sources', or type its parameter 'path' (a path value never holds an encoded '/')")
    }

    /// W416: the alias or redirect `hop` leads to `target`, but its URL `example` lands on
    /// `stricter` (which has what `looser` says `target` lacks).
    static func redirectTakenByStricter(_ hop: Route, target: Route, stricter: Route, looser: String, example: String) -> Diagnostic {
        let what = if case .redirect = hop.kind { "redirect '\(hop.name)'" } else { "the alias '\(hop.pattern)' of route '\(hop.name)'" }
        return Diagnostic(
            .redirectTakenByStricter,
            "\(what) leads to '\(target.name)' (\(looser)), but '\(example)' lands on '\(stricter.name)', which takes that URL of '\(target.name)' first",
            at: hop.location, notes: [Note("'\(stricter.name)' is declared here", at: stricter.location)],
            help: "a hop lands where its target's URL would: narrow the pattern so its values never give '\(stricter.name)'s URLs, or point the hop at '\(stricter.name)' if that is meant")
    }

    /// W417: `route`'s pattern writes `escape`, which URLs are matched with decoded to `decoded`.
    static func spellingNotGuaranteed(literalEscape escape: String, decoded: String, in route: Route) -> Diagnostic {
        Diagnostic(
            .spellingNotGuaranteed,
            "'\(route.pattern)' writes '\(escape)', which URLs are matched with decoded ('\(decoded)'): no URL matches it, and its URLs go to whatever else takes them",
            at: route.location, help: "write '\(decoded)' in the pattern: '\(escape)' and '\(decoded)' are one spelling of the same URL")
    }

    /// W417: `route` (restricted) is taken, under the spelling `variant`, by `other` (`weaker`).
    static func spellingNotGuaranteed(_ route: Route, other: Route, weaker: String, variant: String) -> Diagnostic {
        Diagnostic(
            .spellingNotGuaranteed,
            "the table ignores the case of paths, but '\(variant)' — a URL of '\(route.name)' in another case — is taken by '\(other.name)' (\(weaker))",
            at: route.location, notes: [Note("'\(other.name)' is declared here", at: other.location)],
            help: "give '\(other.name)' the same 'auth' and 'sources', or let '\(route.name)' take its values in any case (an enum's values as a regexp group, '(admin|user)': a table that ignores case ignores it in regexps too)")
    }

    /// W408: a deep link to `route` cannot give its parent `parent` the value `parameter`
    /// (`problem` says why).
    static func parentValue(_ route: Route, parent: Route, parameter: String, problem: String) -> Diagnostic {
        Diagnostic(
            .parentValue, "route '\(route.name)' \(problem): a deep link cannot build its parent '\(parent.name)' from it", at: route.location,
            notes: [Note("'\(parent.name)' is declared here", at: parent.location)],
            help: "declare '\(parameter)' in '\(route.name)' with the type '\(parent.name)' gives it (`param \(parameter) …`)")
    }

    /// W409: `route` opens without sign-in, though its parent `parent` requires it.
    /// W410: `pattern` matches the empty path, but not `/`, which is the path of every URL
    /// that names no other (`myapp://`, `https://example.com/`).
    static func rootNeverMatches(_ pattern: Located<String>) -> Diagnostic {
        Diagnostic(
            .rootNeverMatches,
            "'\(pattern.value)' never matches '/': with its optional parts absent it is empty, and a URL's path is at least '/' (the optional part takes its '/' with it)",
            at: pattern.location, help: "add 'alias /' under the route (the root then opens it without those values), or declare a route for '/'")
    }

    /// E329: a `start` the app cannot start at, or a tab with no screen to start at.
    static func unusableStart(_ message: String, help: String, at location: SourceLocation, notes: [Diagnostic.Note] = []) -> Diagnostic {
        Diagnostic(.unusableStart, message, at: location, notes: notes, help: help)
    }

    /// E330: a query parameter (or another name for its item) that is an attribution parameter.
    static func attributionQuery(_ name: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .attributionQuery,
            "query parameter '\(name)' is an attribution parameter: platforms and ad networks append it to links, and the router takes it out before any route sees it, so no route can require, match or read it",
            at: location,
            help:
                "read it beside the match (RouteMatch.attribution) instead, or give the parameter a name of the app's own; to route on a name the standard list has, it cannot be declared (Docs/LinkSurface.md, \"Attribution parameters\")"
        )
    }

    /// W415: a table without tabs whose app starts with nothing on screen.
    static func emptyStart(at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .emptyStart,
            "the app starts with nothing on screen: the table has no tabs, no route marked 'start' and no route for '/' that needs no values",
            at: location, help: "mark the first screen with 'start' under its route (with its values: 'start userId = 1'), or declare 'route home /'")
    }

    /// W411: `^` or `$` in the regexp of `group` anchors the whole path, not the group's segment.
    static func anchorInGroup(_ anchor: Character, group: String, at location: SourceLocation) -> Diagnostic {
        let which = anchor == "$" ? "end" : "start"
        return Diagnostic(
            .anchorInGroup,
            "'\(anchor)' in the regexp of \(group) anchors the \(which) of the whole path, not of the group: the group matches only where the path \(anchor == "$" ? "ends" : "starts")",
            at: location,
            help: "remove '\(anchor)' (a group's regexp must match all of its text already), or write '\\\(anchor)' for the character itself")
    }

    /// W412: a route's host has an unnamed group, which reverse routing cannot fill.
    static func unnamedHostGroup(_ route: String, group: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .unnamedHostGroup,
            "route '\(route)' matches its host with the unnamed group '\(group)': URLs resolve to it, but none can be printed for it ('url' and 'url(for:)' fail)",
            at: location,
            help:
                "name the group (':name\(group)') and pass its value when printing, or, for hosts that only lead to the route, move them to an 'alias https://HOST/PATH'"
        )
    }

    /// W413: `generate swift` would stop on `refusal` (an E5xx), said as a warning by `check`.
    static func typedRoutesRefused(_ refusal: Diagnostic) -> Diagnostic {
        Diagnostic(
            .typedRoutesRefused,
            "typed routes cannot be generated for this table: \(refusal.message) (\(refusal.code.rawValue) in 'generate swift' and the GenerateRoutes plugin)",
            at: refusal.location, notes: refusal.notes, help: refusal.help)
    }

    static func openUnderAuth(_ route: Located<String>, parent: Located<String>) -> Diagnostic {
        Diagnostic(
            .openUnderAuth, "route '\(route.value)' opens without sign-in, though its parent '\(parent.value)' requires it", at: route.location,
            notes: [Note("'\(parent.value)' is declared here", at: parent.location)],
            help:
                "add 'auth' to '\(route.value)', write 'auth children' in '\(parent.value)' to cover its subtree, or write 'public' in '\(route.value)' if it is open on purpose"
        )
    }

    /// W406: `first` and `second` are the first two wildcards written next to each other;
    /// `outcome` says what one of them always captures; `places` counts such places in the pattern.
    static func adjacentWildcards(_ first: String, _ second: String, outcome: String, places: Int, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .adjacentWildcards, "'\(first)' and '\(second)' have nothing between them: \(outcome)" + morePlaces(places), at: location,
            help: "put text between them ('\(first)-\(second)'), or keep one of them")
    }

    /// W406: a full wildcard repeated (`*+`, `**`).
    static func repeatedWildcard(_ wildcard: String, modifier: String, places: Int, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .adjacentWildcards, "'\(wildcard)\(modifier)' repeats a wildcard that already matches any text" + morePlaces(places), at: location,
            help: "write '\(wildcard)'")
    }

    private static func morePlaces(_ places: Int) -> String {
        places > 1 ? " (and \(places - 1) more place\(places > 2 ? "s" : "") in this pattern)" : ""
    }

    // MARK: E5 — generating typed Swift

    /// E501: two names of the table that are one Swift name once converted (`what` names
    /// the kind: "route", "parameter", "value"); `first` is where the other one is.
    static func swiftNameClash(_ what: String, _ name: String, other: String, swift: String, at location: SourceLocation, first: SourceLocation?)
        -> Diagnostic
    {
        Diagnostic(
            .swiftNameClash, "\(what) '\(name)' and '\(other)' are both '\(swift)' in Swift", at: location,
            notes: first.map { [Note("'\(other)' is declared here", at: $0)] } ?? [],
            help: "rename one of them")
    }

    /// E502: a name that the generated type uses for itself or that Swift gives a meaning.
    static func reservedSwiftName(_ what: String, _ name: String, swift: String, reason: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            .reservedSwiftName, "\(what) '\(name)' cannot be the Swift name '\(swift)': \(reason)", at: location,
            help: "rename it")
    }
}
