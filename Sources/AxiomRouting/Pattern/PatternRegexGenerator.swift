/// Generates a component's regular expression and its canonical pattern string from a
/// part list (https://urlpattern.spec.whatwg.org/#generate-a-regular-expression-and-name-list,
/// https://urlpattern.spec.whatwg.org/#generate-a-pattern-string).
///
/// The expression is first written in the standard's ECMAScript form, then translated to
/// PCRE2 by ``JavaScriptRegexTranslator``, so the generated and the user-written pieces go
/// through the same translation.
enum PatternRegexGenerator {
    /// The ECMAScript source of a full wildcard (`*`).
    static let fullWildcardSource = ".*"

    /// The ECMAScript source of a segment wildcard: `[^\/]+?` in pathnames, `[^]+?` where
    /// there is no delimiter.
    static func segmentWildcardSource(_ options: PatternOptions) -> String {
        "[^" + escapeRegexpString(options.delimiter.map { String($0) } ?? "") + "]+?"
    }

    /// `\` before each of `.+*?^${}()[]|/\`.
    static func escapeRegexpString(_ input: String) -> String { escape(input, ".+*?^${}()[]|/\\") }

    /// `\` before each of `+*?:{}()\`.
    static func escapePatternString(_ input: String) -> String { escape(input, "+*?:{}()\\") }

    private static func escape(_ input: String, _ special: String) -> String {
        var output = ""
        for scalar in input.unicodeScalars {
            if special.unicodeScalars.contains(scalar) { output += "\\" }
            output.unicodeScalars.append(scalar)
        }
        return output
    }

    /// The ECMAScript regular expression of `parts` and the names of its groups in order.
    static func regexp(_ parts: [Part], options: PatternOptions) -> (source: String, names: [String]) {
        let names = parts.filter { $0.kind != .fixedText }.map(\.name)
        return ("^" + parts.map { fragment($0, options: options) }.joined() + "$", names)
    }

    /// The ECMAScript regexp of one part (https://urlpattern.spec.whatwg.org/#generate-a-regular-expression-and-name-list,
    /// the body of the loop).
    static func fragment(_ part: Part, options: PatternOptions) -> String {
        if part.kind == .fixedText {
            if part.modifier == .none { return escapeRegexpString(part.value) }
            return "(?:" + escapeRegexpString(part.value) + ")" + part.modifier.text
        }
        var value = part.value
        if part.kind == .segmentWildcard {
            value = segmentWildcardSource(options)
        } else if part.kind == .fullWildcard {
            value = fullWildcardSource
        }
        let prefix = escapeRegexpString(part.prefix)
        let suffix = escapeRegexpString(part.suffix)
        if part.prefix.isEmpty, part.suffix.isEmpty {
            if part.modifier == .none || part.modifier == .optional {
                return "(" + value + ")" + part.modifier.text
            }
            return "((?:" + value + ")" + part.modifier.text + ")"
        }
        if part.modifier == .none || part.modifier == .optional {
            return "(?:" + prefix + "(" + value + ")" + suffix + ")" + part.modifier.text
        }
        return "(?:" + prefix + "((?:" + value + ")(?:" + suffix + prefix + "(?:" + value + "))*)" + suffix + ")"
            + (part.modifier == .zeroOrMore ? "?" : "")
    }

    /// The canonical pattern string of `parts`: what the user wrote, normalised
    /// (`/foo/(.*)` prints as `/foo/*`, `/:id([^\/]+?)` as `/:id`).
    static func patternString(_ parts: [Part], options: PatternOptions) -> String {
        var result = ""
        for (index, part) in parts.enumerated() {
            let previous: Part? = index > 0 ? parts[index - 1] : nil
            let next: Part? = index < parts.count - 1 ? parts[index + 1] : nil
            if part.kind == .fixedText {
                if part.modifier == .none {
                    result += escapePatternString(part.value)
                } else {
                    result += "{" + escapePatternString(part.value) + "}" + part.modifier.text
                }
                continue
            }
            let customName = part.hasCustomName
            var needsGrouping = !part.suffix.isEmpty || (!part.prefix.isEmpty && part.prefix != options.prefixString)
            if !needsGrouping, customName, part.kind == .segmentWildcard, part.modifier == .none, let next,
                next.prefix.isEmpty, next.suffix.isEmpty
            {
                if next.kind == .fixedText {
                    if let first = next.value.unicodeScalars.first {
                        needsGrouping = isValidNameCodePoint(first, first: false)
                    }
                } else {
                    needsGrouping = next.name.unicodeScalars.first?.isASCIIDigit == true
                }
            }
            if !needsGrouping, part.prefix.isEmpty, let previous, previous.kind == .fixedText,
                let last = previous.value.unicodeScalars.last, last == options.prefix
            {
                needsGrouping = true
            }
            if needsGrouping { result += "{" }
            result += escapePatternString(part.prefix)
            if customName { result += ":" + part.name }
            switch part.kind {
            case .regexp:
                result += "(" + part.value + ")"
            case .segmentWildcard:
                if !customName { result += "(" + segmentWildcardSource(options) + ")" }
            case .fullWildcard:
                if !customName,
                    previous == nil || previous?.kind == .fixedText || previous?.modifier != Part.Modifier.none
                        || needsGrouping || !part.prefix.isEmpty
                {
                    result += "*"
                } else {
                    result += "(" + fullWildcardSource + ")"
                }
            case .fixedText:
                break
            }
            if part.kind == .segmentWildcard, customName, let first = part.suffix.unicodeScalars.first,
                isValidNameCodePoint(first, first: false)
            {
                result += "\\"
            }
            result += escapePatternString(part.suffix)
            if needsGrouping { result += "}" }
            result += part.modifier.text
        }
        return result
    }
}
