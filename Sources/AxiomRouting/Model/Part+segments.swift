import AxiomURLPattern

extension Part {
    /// Whether this group can match more than one path segment (a full wildcard, or a group
    /// repeated with `+` or `*`): the compiler types such a group `path`, and reverse routing
    /// joins its segments with `/`.
    var spansSegments: Bool {
        kind == .fullWildcard || modifier == .oneOrMore || modifier == .zeroOrMore
    }
}
