/// A route as the router uses it: the public ``Route`` plus its parts, segment tokens and
/// its own regular expression (for the slow path and `explain`).
///
/// A final class: lookups fetch routes from the table on every match, and a reference is
/// cheaper to pass than a struct of a dozen fields.
final class CompiledRoute: Sendable {
    let route: Route
    /// Parts after typing: typed single-segment parameters carry their type's regexp.
    let parts: [Part]
    /// Group names in pattern order, with their types and whether each may be absent.
    let groups: [Route.Parameter]
    let tokens: [SegmentToken]
    /// The canonical first literal segment without `/` (`users` for `/users/:id`), when the
    /// first segment is literal: the key routes are dispatched by.
    let firstLiteral: String?
    /// The route alone, `^…$`, in PCRE2 syntax, without the types' shapes (conversion
    /// checks types on this path).
    let regexSource: String
    let regex: CompiledRegex
    let declarationIndex: Int

    init(
        route: Route, parts: [Part], groups: [Route.Parameter], tokens: [SegmentToken], firstLiteral: String?, regexSource: String,
        regex: CompiledRegex, declarationIndex: Int
    ) {
        self.route = route
        self.parts = parts
        self.groups = groups
        self.tokens = tokens
        self.firstLiteral = firstLiteral
        self.regexSource = regexSource
        self.regex = regex
        self.declarationIndex = declarationIndex
    }

    /// The same route with its final rank and tab.
    func with(rank: Int, tab: String?) -> CompiledRoute {
        CompiledRoute(
            route: route.with(rank: rank, tab: tab), parts: parts, groups: groups, tokens: tokens, firstLiteral: firstLiteral,
            regexSource: regexSource, regex: regex, declarationIndex: declarationIndex)
    }
}

extension CompiledRoute {
    /// Rank order: segment by segment, literal < constrained < plain < optional < wildcard;
    /// literals of equal kind by their text (so routes sharing a prefix stay together; two
    /// different literals never match the same URL); a route that ends sorts before one that
    /// goes on; declaration order breaks exact ties.
    static func ranksBefore(_ a: CompiledRoute, _ b: CompiledRoute) -> Bool {
        for (x, y) in zip(a.tokens, b.tokens) {
            if x.kind != y.kind { return x.kind < y.kind }
            if let left = x.literal, let right = y.literal, left != right { return left < right }
        }
        if a.tokens.count != b.tokens.count { return a.tokens.count < b.tokens.count }
        return a.declarationIndex < b.declarationIndex
    }

    /// Whether the two routes compare equal in rank (an exact tie broken only by
    /// declaration order).
    static func tie(_ a: CompiledRoute, _ b: CompiledRoute) -> Bool {
        a.tokens.count == b.tokens.count
            && zip(a.tokens, b.tokens).allSatisfy { $0.kind == $1.kind && $0.literal == $1.literal }
    }

    /// Whether every URL this route matches is also matched (and taken) by `other` when
    /// `other` is tried first: segment by segment, `other` accepts a superset, and it has no
    /// required query parameter that could make it fall through. Sound, not complete: it
    /// only compares routes with the same number of segments.
    func isCovered(by other: CompiledRoute) -> Bool {
        guard tokens.count == other.tokens.count, !other.route.query.contains(where: \.isRequired) else { return false }
        for (mine, theirs) in zip(tokens, other.tokens) {
            if mine.source == theirs.source { continue }
            // An untyped one-segment parameter accepts any one segment.
            let anySegment = theirs.isPureParameter && theirs.kind == .plain
            let oneSegment = mine.kind == .literal && mine.literal != "/" || mine.isPureParameter
            guard anySegment, oneSegment else { return false }
        }
        return true
    }
}
