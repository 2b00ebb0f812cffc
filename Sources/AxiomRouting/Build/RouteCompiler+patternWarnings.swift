@_spi(Lookup) import AxiomURLPattern

/// Warnings about how a pattern is written: anchors inside a regexp, wildcards side by side.
extension RouteCompiler {
    /// W406: wildcards with nothing between them, whose split is always the same (see
    /// `PatternRegexGenerator.linearized(_:at:options:)`), and repeated full wildcards. One
    /// warning per route, at the first place, counting the others (a pattern of a thousand
    /// `*` gets one warning, not a thousand).
    /// W411: an unescaped `^` or `$` outside a class in a group's regexp (`:id(\d+$)`): the
    /// group's regexp is part of the whole path's expression, so it anchors the path.
    mutating func anchorWarnings(_ parts: [Part], pattern: Located<String>) {
        for part in parts where part.kind == .regexp {
            guard let anchor = Self.anchor(in: part.value) else { continue }
            let group = part.hasCustomName ? "':\(part.name)'" : "group (\(part.value))"
            diagnostics.append(.anchorInGroup(anchor, group: group, at: patternLocation(pattern, offset: part.position)))
        }
    }

    /// The first `^` or `$` of a regexp that is an assertion: not escaped, not in a class.
    static func anchor(in regexp: String) -> Character? {
        var escaped = false
        var inClass = false
        for character in regexp {
            if escaped {
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if inClass {
                if character == "]" { inClass = false }
            } else if character == "[" {
                inClass = true
            } else if character == "^" || character == "$" {
                return character
            }
        }
        return nil
    }

    mutating func adjacentWildcardWarnings(_ parts: [Part], pattern: Located<String>) {
        func spelled(_ part: Part) -> String { part.hasCustomName ? ":" + part.name : "*" }
        // The first place found, as the warning it makes once the places are counted.
        var first: ((_ places: Int) -> Diagnostic)? = nil
        var places = 0
        for (index, part) in parts.enumerated() {
            if part.kind == .fullWildcard, part.modifier == .zeroOrMore || part.modifier == .oneOrMore {
                places += 1
                if first == nil {
                    let location = patternLocation(pattern, offset: part.position)
                    first = { .repeatedWildcard(spelled(part), modifier: part.modifier.text, places: $0, at: location) }
                }
                continue
            }
            guard index > 0, part.prefix.isEmpty, part.kind == .segmentWildcard || part.kind == .fullWildcard else { continue }
            let previous = parts[index - 1]
            guard previous.suffix.isEmpty, previous.modifier == .none, previous.kind == .segmentWildcard || previous.kind == .fullWildcard
            else { continue }
            places += 1
            guard first == nil else { continue }
            let outcome =
                previous.kind == .segmentWildcard
                ? "'\(spelled(previous))' always captures a single character"
                : part.kind == .fullWildcard ? "'\(spelled(part))' always captures nothing" : "'\(spelled(part))' always captures a single character"
            let location = patternLocation(pattern, offset: part.position)
            first = { .adjacentWildcards(spelled(previous), spelled(part), outcome: outcome, places: $0, at: location) }
        }
        if let first { diagnostics.append(first(places)) }
    }
}
