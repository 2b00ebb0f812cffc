@_spi(Lookup) import AxiomURLPattern

/// What a route's pattern compiles to: its typed parts, its segment tokens and its own
/// (untyped) expression. Shared by both sides of the table: the builder (`Build/`) ranks,
/// checks and shapes the table's expressions from it; the frozen router (`Lookup/`) needs it
/// only on rare paths (reverse routing, `explain`, diagnosis, falling through after a
/// conversion failure), so it does not keep it and derives it from the route's canonical
/// pattern on first use, once per route (``Router/parts(of:)``, ``Router/shape(of:)``).
/// Keeping every route's shape was measured at 1,829 B a route at 10,000 routes against 829
/// (and with each route's own compiled expression, 2,122): Performance.md, "Memory".
struct RouteShape: Sendable {
    /// Parts after typing: typed single-segment parameters carry their type's regexp.
    let parts: [Part]
    let tokens: [SegmentToken]
    /// The route alone, `^…$`, in PCRE2 syntax, without the types' shapes (conversion
    /// checks types on the paths that use it, so a miss can say which value did not convert).
    let regexSource: String

    /// The shape of `untypedParts` with `parameters`' types.
    init(untypedParts: [Part], parameters: [Route.Parameter]) throws(JavaScriptRegexTranslator.Failure) {
        var parts = untypedParts
        var typed: Set<String> = []
        for index in parts.indices where parts[index].kind == .segmentWildcard {
            let part = parts[index]
            // A typed one-segment group checks its type's shape inside the expression.
            guard let type = parameters.first(where: { $0.name == part.name })?.type, let shape = type.segmentRegexp else { continue }
            parts[index] = Part(
                kind: .regexp, value: shape, modifier: part.modifier, name: part.name, prefix: part.prefix, suffix: part.suffix,
                position: part.position)
            typed.insert(part.name)
        }
        self.parts = parts
        self.tokens = try SegmentToken.tokens(parts) { typed.contains($0.name) }
        self.regexSource = try JavaScriptRegexTranslator.translate(
            generated: PatternRegexGenerator.regexp(untypedParts, options: .pathname).source,
            parts: untypedParts)
    }
}
