import AxiomURLPattern

/// The messages of the table as a whole (E3): see `DiagnosticMessages+Syntax.swift` for how the
/// messages are kept.
extension Diagnostic {
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

    /// E308: `from-link tab(…)`: a link shows a route on a stack or as a modal, not as a tab's root.
    static func linkTransitionNotATab(_ transition: Located<Transition>) -> Diagnostic {
        Diagnostic(
            .invalidTransition, "a link shows a route pushed, in place of the top, or as a modal, not '\(transition.value)'", at: transition.location,
            help: "write 'from-link push', 'from-link replace' or 'from-link modal(fullScreen)', and 'alone' after it for no parents")
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
}
