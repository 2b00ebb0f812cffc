/// How specific a path segment is. Routes are ranked by comparing these segment by segment:
/// a literal beats a constrained parameter, which beats a plain parameter, then an optional
/// one, then a wildcard.
enum SegmentKind: Int, Sendable, Comparable, CustomStringConvertible {
    case literal = 0
    case constrained = 1
    case plain = 2
    case optional = 3
    case wildcard = 4

    static func < (lhs: SegmentKind, rhs: SegmentKind) -> Bool { lhs.rawValue < rhs.rawValue }

    var description: String {
        switch self {
        case .literal: return "literal"
        case .constrained: return "constrained"
        case .plain: return "parameter"
        case .optional: return "optional"
        case .wildcard: return "wildcard"
        }
    }
}

extension SegmentKind {
    /// How specific one part of a pattern is (not plain fixed text): optional, a wildcard (it
    /// repeats, is `*`, or is a regexp `regexpSpans` says can cross a delimiter), constrained (a
    /// regexp) or plain.
    init(_ part: Part, regexpSpans: (String) -> Bool) {
        switch (part.kind, part.modifier) {
        case (.fixedText, .optional), (.fixedText, .zeroOrMore), (_, .optional): self = .optional
        case (_, .zeroOrMore), (_, .oneOrMore), (.fullWildcard, _), (.fixedText, _): self = .wildcard
        case (.regexp, _): self = regexpSpans(part.value) ? .wildcard : .constrained
        case (.segmentWildcard, _): self = .plain
        }
    }
}

/// One path segment of a route's pattern (usually `/text` or `/:name`), as a piece of the
/// route's regular expression.
struct SegmentToken: Sendable, Hashable {
    /// The ECMAScript regexp of the segment (concatenated parts).
    var source: String
    /// The same in PCRE2 syntax.
    var pcre: String
    /// For a whole-segment parameter: ``pcre`` without the capturing group (the value is
    /// then read from the segment itself, see `RouteLayout`).
    var uncapturedPCRE: String?
    var kind: SegmentKind
    /// The canonical text, including the leading `/`, when the segment is all literal.
    var literal: String?
    /// Whether the segment is a whole `/`-delimited parameter of one type with no text around
    /// it: it then matches exactly one way, so routes sharing it can be factored in a trie.
    var isPureParameter: Bool
    /// The segment as a pattern (`/:id.json`), for suggestions.
    var display: String
    /// The segment's pieces in order, for ranking within a segment: each character of fixed
    /// text (its byte), and each group as ``groupAtom`` plus its kind (see ``atomsRankBefore(_:_:)``).
    var atoms: [UInt16] = []

    /// Groups' atoms are this plus their ``SegmentKind``; fixed text's are its bytes (below 256).
    static let groupAtom: UInt16 = 1_000

    /// Within a segment, which of two different pieces lists is more specific: compared piece
    /// by piece, fixed text beats a group, a group of a lower kind beats a higher one (a
    /// constrained group before a plain one, then optional, then wildcard), two characters by
    /// their byte (they never match the same text: only the order is fixed); when one list
    /// runs out first, the longer one (more to satisfy) comes first.
    static func atomsRankBefore(_ left: [UInt16], _ right: [UInt16]) -> Bool {
        for (x, y) in zip(left, right) where x != y {
            let xGroup = x >= groupAtom
            let yGroup = y >= groupAtom
            if xGroup != yGroup { return !xGroup }
            return x < y
        }
        return left.count > right.count
    }
}

extension SegmentToken {
    /// Splits a route's parts into segment tokens: each `/` in fixed text and each group
    /// with a `/` prefix starts a new segment.
    static func tokens(_ parts: [Part], typed: (Part) -> Bool) throws(JavaScriptRegexTranslator.Failure) -> [SegmentToken] {
        var tokens: [SegmentToken] = []
        var source = ""
        var literal: String? = ""
        var kinds: [SegmentKind] = []
        var pure = false
        // The group's expression (JavaScript syntax) of a whole-segment parameter.
        var pureValue = ""
        var pureWildcard = false
        var started = false
        var tokenParts: [Part] = []
        var atoms: [UInt16] = []

        func flush() throws(JavaScriptRegexTranslator.Failure) {
            guard started else { return }
            // A parameter with text around it, or several in one segment, counts as constrained.
            let isPure = pure && kinds.count == 1
            var kind = literal != nil ? .literal : kinds.max() ?? .plain
            if kind == .plain, !isPure { kind = .constrained }
            // A whole-segment `[^\/]+?` ends at the next `/` or at the end of the path either
            // way (what follows a segment starts with `/`): possessive, PCRE2 takes the
            // segment in one step instead of trying the rest of the expression after each
            // character. Same matches, same groups.
            let pcre: String
            var uncaptured: String? = nil
            if isPure && pureWildcard {
                pcre = "\\/([^\\/]++)"
                uncaptured = "\\/[^\\/]++"
            } else {
                pcre = try JavaScriptRegexTranslator.translate(generated: source, parts: tokenParts)
                if isPure { uncaptured = "\\/(?:" + (try JavaScriptRegexTranslator.translate(pureValue)) + ")" }
            }
            tokens.append(
                SegmentToken(
                    source: source, pcre: pcre, uncapturedPCRE: uncaptured, kind: kind, literal: literal,
                    isPureParameter: isPure,
                    display: PatternRegexGenerator.patternString(tokenParts, options: .pathname), atoms: atoms))
            tokenParts = []
            atoms = []
            source = ""
            literal = ""
            kinds = []
            pure = false
            pureWildcard = false
            started = false
        }

        for index in parts.indices {
            let part = parts[index]
            if part.kind == .fixedText, part.modifier == .none {
                // Fixed text is taken in runs up to each `/` (one part, one escape per run: a
                // long literal costs linear time and few allocations).
                let text = part.value.unicodeScalars
                var runStart = text.startIndex
                func endRun(at end: String.UnicodeScalarView.Index) {
                    guard runStart < end else { return }
                    let run = String(text[runStart..<end])
                    tokenParts.append(Part(kind: .fixedText, value: run, modifier: .none))
                    source += PatternRegexGenerator.escapeRegexpString(run)
                    atoms += run.utf8.map { UInt16($0) }
                    literal? += run
                    started = true
                    pure = false
                    runStart = end
                }
                for index in text.indices where text[index] == "/" {
                    endRun(at: index)
                    try flush()
                }
                endRun(at: text.endIndex)
                continue
            }
            let startsSegment = part.prefix.hasPrefix("/")
            if startsSegment { try flush() }
            let isPure =
                startsSegment && !started && part.prefix == "/" && part.suffix.isEmpty && part.modifier == .none
                && (part.kind == .segmentWildcard || part.kind == .regexp && typed(part))
            started = true
            tokenParts.append(part)
            if isPure {
                // `/` then the group: the standard's `(?:\/(…))` without the redundant outer
                // group (less JIT code per route, the same expression).
                let linear = PatternRegexGenerator.linearized(parts, at: index, options: .pathname)
                source += "\\/(" + (linear.kind == .segmentWildcard ? PatternRegexGenerator.segmentWildcardSource(.pathname) : linear.value) + ")"
            } else {
                source += PatternRegexGenerator.fragment(of: parts, at: index, options: .pathname)
            }
            literal = nil
            pure = isPure
            pureWildcard = isPure && part.kind == .segmentWildcard
            if isPure { pureValue = part.value }
            // A regexp that can match a `/` (`:rest(.+)`) spans segments: it ranks as a wildcard,
            // after the routes whose segments it would otherwise swallow.
            kinds.append(SegmentKind(part, regexpSpans: PathLanguage.canMatchSlash))
            atoms.append(SegmentToken.groupAtom + UInt16(kinds[kinds.count - 1].rawValue))
        }
        try flush()
        return tokens
    }
}
