import AxiomURLPattern

/// The messages of warnings (W4) and generating typed Swift (E5): see `DiagnosticMessages+Syntax.swift` for how the
/// messages are kept.
extension Diagnostic {
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
