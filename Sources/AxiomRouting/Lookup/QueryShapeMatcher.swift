@_spi(Lookup) import AxiomURLPattern

/// A `like` pattern compiled (`query id like :userId(\d+)L`): what lookup matches a query
/// item's decoded value with, and what reverse routing prints the item's value from.
struct QueryShapeMatcher: Sendable {
    /// Nil when the pattern could not be compiled (the compiler checked it): the item then
    /// matches no value — closed, never open.
    let regex: CompiledRegex?
    /// The names of the pattern's groups, in order (every group of a `like` pattern is named).
    let names: [String]
    /// The pattern's parts, for printing.
    let parts: [Part]

    init(_ pattern: String, caseless: Bool) {
        parts = (try? Self.parse(pattern)) ?? []
        names = parts.filter { $0.kind != .fixedText }.map(\.name)
        regex = (try? JavaScriptRegexTranslator.translate(PatternRegexGenerator.regexp(parts, options: .pathname).source)).flatMap {
            try? CompiledRegex($0, caseless: caseless, jit: false)
        }
    }

    /// A `like` pattern's parts: the path's syntax and options (a group stops at `/`), its text
    /// taken as it is — it is matched against a decoded value, so nothing is percent-encoded.
    static func parse(_ pattern: String) throws(PatternSyntaxError) -> [Part] {
        try PatternParser.parse(pattern, options: .pathname, encode: { $0 })
    }

    /// The text of each group in `value` (nil for an optional group that took no part), or nil
    /// when the value is not the pattern's.
    func captures(_ value: String) -> [String?]? {
        guard let regex else { return nil }
        let scratch = MatchScratch(captures: names.count + 1, limits: MatchLimits())
        var subject = value
        return subject.withUTF8 { bytes -> [String?]? in
            guard (try? regex.match(bytes, scratch: scratch)) == true else { return nil }
            return names.indices.map { index in
                scratch.range(ofGroup: index + 1).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0]), as: UTF8.self) }
            }
        }
    }

    /// The item's value printed from the groups' values (`42L`): fixed text as it is, each
    /// value as its text (the whole is percent-encoded as a query value afterwards).
    func printed(_ values: RouteParameters) -> String {
        Router.printed(parts, values, encode: { String($0) })
    }
}
