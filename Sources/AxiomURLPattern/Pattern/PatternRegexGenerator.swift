/// Generates a component's regular expression and its canonical pattern string from a
/// part list (https://urlpattern.spec.whatwg.org/#generate-a-regular-expression-and-name-list,
/// https://urlpattern.spec.whatwg.org/#generate-a-pattern-string).
///
/// The expression is first written in the standard's ECMAScript form, then translated to
/// PCRE2 by ``JavaScriptRegexTranslator``, so the generated and the user-written pieces go
/// through the same translation.
package enum PatternRegexGenerator {
    /// The ECMAScript source of a full wildcard (`*`).
    package static let fullWildcardSource = ".*"

    /// The ECMAScript source of a segment wildcard: `[^\/]+?` in pathnames, `[^]+?` where
    /// there is no delimiter.
    package static func segmentWildcardSource(_ options: PatternOptions) -> String {
        // The three delimiters in use, written out; any other is generated.
        switch options.delimiter {
        case nil: return "[^]+?"
        case "/": return "[^\\/]+?"
        case ".": return "[^\\.]+?"
        case let delimiter?: return "[^" + escapeRegexpString(String(delimiter)) + "]+?"
        }
    }

    /// `\` before each of `.+*?^${}()[]|/\`.
    package static func escapeRegexpString(_ input: String) -> String { escape(input, regexpSpecials) }

    /// One character as ``escapeRegexpString(_:)`` writes it.
    package static func escapeRegexpScalar(_ scalar: Unicode.Scalar) -> String {
        scalar.isASCII && regexpSpecials.contains(UInt8(scalar.value)) ? "\\" + String(scalar) : String(scalar)
    }

    /// `\` before each of `+*?:{}()\`.
    package static func escapePatternString(_ input: String) -> String { escape(input, patternSpecials) }

    private static let regexpSpecials = ASCIISet(".+*?^${}()[]|/\\")
    private static let patternSpecials = ASCIISet("+*?:{}()\\")

    private static func escape(_ input: String, _ special: ASCIISet) -> String {
        // Most text has nothing to escape: it is returned as it is, without a copy.
        var needsEscaping = false
        for byte in input.utf8 where special.contains(byte) {
            needsEscaping = true
            break
        }
        guard needsEscaping else { return input }
        var output = Writer(capacity: input.utf8.count + 8)
        output.add(input, escaping: special)
        return output.string
    }

    /// A string written as UTF-8 bytes into one buffer: appending to a `String` piece by piece
    /// costs a string operation each, which the generated sources feel.
    fileprivate struct Writer {
        private var bytes: [UInt8] = []

        init(capacity: Int) { bytes.reserveCapacity(capacity) }

        /// Literal text (`(?:`, `)`, a modifier): copied from the binary, no string to inspect.
        mutating func append(_ literal: StaticString) {
            literal.withUTF8Buffer { bytes.append(contentsOf: $0) }
        }

        mutating func add(_ text: String) {
            // Copied from the string's own storage (a small string's too) in one piece.
            if text.utf8.withContiguousStorageIfAvailable({ bytes.append(contentsOf: $0) }) == nil {
                bytes.append(contentsOf: text.utf8)
            }
        }

        /// `text` with `\` before each byte of `special`. The special characters are ASCII,
        /// which in UTF-8 never occurs inside another character: escaping byte by byte keeps
        /// the text valid. The runs between them are copied whole.
        mutating func add(_ text: String, escaping special: ASCIISet) {
            let copied: Void? = text.utf8.withContiguousStorageIfAvailable { buffer in
                var start = 0
                for index in 0..<buffer.count where special.contains(buffer[index]) {
                    bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start..<index]))
                    bytes.append(UInt8(ascii: "\\"))
                    start = index
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[start...]))
            }
            guard copied == nil else { return }
            for byte in text.utf8 {
                if special.contains(byte) { bytes.append(UInt8(ascii: "\\")) }
                bytes.append(byte)
            }
        }

        /// A fixed-text part: its text escaped, or, with a modifier, grouped by `open` and
        /// `close` (the regexp's `(?:…)`, the pattern string's `{…}`) with the modifier after.
        mutating func addFixedText(_ part: Part, escaping special: ASCIISet, open: StaticString, close: StaticString) {
            guard part.modifier != .none else {
                add(part.value, escaping: special)
                return
            }
            append(open)
            add(part.value, escaping: special)
            append(close)
            append(part.modifier.literal)
        }

        /// The text written (every piece came from a string: valid UTF-8).
        var string: String { String(decoding: bytes, as: UTF8.self) }
    }

    /// The ECMAScript regular expression of `parts` and the names of its groups in order.
    package static func regexp(_ parts: [Part], options: PatternOptions, linear: Bool = true) -> (source: String, names: [String]) {
        var names: [String] = []
        // Room for the text, the escapes and the groups around it; a name for each group.
        var estimate = 2
        var groups = 0
        for index in parts.indices {
            estimate += parts[index].value.utf8.count + parts[index].prefix.utf8.count + parts[index].suffix.utf8.count + 16
            if parts[index].kind != .fixedText { groups += 1 }
        }
        names.reserveCapacity(groups)
        var source = Writer(capacity: estimate)
        source.append("^")
        for index in parts.indices {
            if parts[index].kind != .fixedText { names.append(parts[index].name) }
            appendFragment(of: parts, at: index, options: options, linear: linear, to: &source)
        }
        source.append("$")
        return (source.string, names)
    }

    /// The ECMAScript regexp of `parts[index]` (https://urlpattern.spec.whatwg.org/#generate-a-regular-expression-and-name-list,
    /// the body of the loop), wildcards in their linear form (``linearized(_:at:options:)``)
    /// unless `linear` is false.
    package static func fragment(of parts: [Part], at index: Int, options: PatternOptions, linear: Bool = true) -> String {
        var output = Writer(capacity: 32)
        appendFragment(of: parts, at: index, options: options, linear: linear, to: &output)
        return output.string
    }

    /// ``fragment(of:at:options:linear:)`` appended to `output`.
    private static func appendFragment(of parts: [Part], at index: Int, options: PatternOptions, linear: Bool, to output: inout Writer) {
        // A part that needs no rewriting (most) is read in place: a copy retains its strings.
        if linear, let rewritten = linearization(parts, at: index, options: options) {
            appendFragment(of: rewritten, options: options, to: &output)
        } else {
            appendFragment(of: parts[index], options: options, to: &output)
        }
    }

    private static func appendFragment(of part: borrowing Part, options: PatternOptions, to output: inout Writer) {
        if part.kind == .fixedText {
            output.addFixedText(part, escaping: regexpSpecials, open: "(?:", close: ")")
            return
        }
        let value: String
        switch part.kind {
        case .segmentWildcard: value = segmentWildcardSource(options)
        // An optional full wildcard with nothing around it: `(.+)?`, as ECMAScript reads
        // `(.*)?` (an empty iteration is never taken; see ``linearized(_:at:options:)``).
        case .fullWildcard: value = part.modifier == .optional && part.prefix.isEmpty && part.suffix.isEmpty ? ".+" : fullWildcardSource
        default: value = part.value
        }
        if part.prefix.isEmpty, part.suffix.isEmpty {
            if part.modifier == .none || part.modifier == .optional {
                output.append("(")
                output.add(value)
                output.append(")")
                output.append(part.modifier.literal)
            } else {
                output.append("((?:")
                output.add(value)
                output.append(")")
                output.append(part.modifier.literal)
                output.append(")")
            }
            return
        }
        if part.modifier == .none || part.modifier == .optional {
            output.append("(?:")
            output.add(part.prefix, escaping: regexpSpecials)
            output.append("(")
            output.add(value)
            output.append(")")
            output.add(part.suffix, escaping: regexpSpecials)
            output.append(")")
            output.append(part.modifier.literal)
            return
        }
        output.append("(?:")
        output.add(part.prefix, escaping: regexpSpecials)
        output.append("((?:")
        output.add(value)
        output.append(")(?:")
        output.add(part.suffix, escaping: regexpSpecials)
        output.add(part.prefix, escaping: regexpSpecials)
        output.append("(?:")
        output.add(value)
        output.append("))*)")
        output.add(part.suffix, escaping: regexpSpecials)
        output.append(")")
        if part.modifier == .zeroOrMore { output.append("?") }
    }

    /// `parts[index]` rewritten, where it is a wildcard, into a form whose expression gives
    /// the same matches and groups as the standard's but without its runaway backtracking.
    ///
    /// The standard's expression nests quantifiers for repeated wildcards (`**` is
    /// `((?:.*)*)`, `:a+` after text is `((?:[^\/]+?)+)`) and, for wildcards written next to
    /// each other (`***`, `:a:b`, `*:a`), tries every way of splitting the text between them
    /// before it fails: a route `/*****legal` spent PCRE2's whole match limit on a 30-byte
    /// path. Each of these always settles on one answer, so it is written as that answer:
    ///
    /// - a repeated full wildcard is one `.*` (its repetitions can only split what one `.*`
    ///   takes): `*` repeats become optional, `+` repeats plain;
    /// - a repeated segment wildcard with nothing around it is one greedy run, `[^/]*` or
    ///   `[^/]+` (the lazy repetitions end where the greedy run ends);
    /// - a wildcard right after a full wildcard that always takes part (`.*` is greedy and
    ///   takes everything the next one could) captures the empty string if it is a full
    ///   wildcard, and one code point if it is a segment wildcard;
    /// - a segment wildcard right before another wildcard captures one code point (it is
    ///   lazy, and the next one absorbs the rest).
    ///
    /// `LinearWildcardTests` compares both forms on random patterns and inputs.
    package static func linearized(_ parts: [Part], at index: Int, options: PatternOptions) -> Part {
        linearization(parts, at: index, options: options) ?? parts[index]
    }

    /// ``linearized(_:at:options:)``, or nil where the part stays as it is.
    private static func linearization(_ parts: [Part], at index: Int, options: PatternOptions) -> Part? {
        // Most parts need none of the rewrites below: decided on the part in place.
        switch parts[index].kind {
        case .fixedText, .regexp: return nil
        case .segmentWildcard, .fullWildcard: break
        }
        var part = parts[index]
        var changed = false
        let bare = part.prefix.isEmpty && part.suffix.isEmpty
        // Built only where a branch below needs it (most parts need none).
        var oneCodePoint: String { "[^" + escapeRegexpString(options.delimiter.map { String($0) } ?? "") + "]" }
        switch (part.kind, part.modifier) {
        case (.fullWildcard, .zeroOrMore), (.fullWildcard, .oneOrMore):
            part.modifier = bare || part.modifier == .oneOrMore ? .none : .optional
            changed = true
        case (.segmentWildcard, .zeroOrMore) where bare, (.segmentWildcard, .oneOrMore) where bare:
            part = regexp(part, oneCodePoint + part.modifier.text)
            changed = true
        default:
            break
        }
        // A full wildcard that always takes part and ends the text it covers with `.*`.
        func absorbs(_ other: Part) -> Bool {
            other.kind == .fullWildcard && other.suffix.isEmpty && (other.prefix.isEmpty || other.modifier == .none || other.modifier == .oneOrMore)
        }
        let afterAbsorbing = index > 0 && part.prefix.isEmpty && absorbs(parts[index - 1])
        // ECMAScript never lets an iteration of a quantified group match the empty string:
        // `(.*)?` leaves its group undefined where nothing is left, where PCRE2 would take the
        // empty string. `(.+)?` says the same under both (WPT case 329: `*{}**?` on `foobar`).
        if part.kind == .fullWildcard, bare, part.modifier == .optional {
            return Part(kind: .regexp, value: ".+", modifier: .optional, name: part.name, prefix: "", suffix: "", position: part.position)
        }
        if part.kind == .fullWildcard, bare, afterAbsorbing {
            return regexp(part, "")
        }
        if part.kind == .segmentWildcard, part.modifier == .none {
            let next = part.suffix.isEmpty && index + 1 < parts.count ? parts[index + 1] : nil
            let beforeWildcard = next.map { ($0.kind == .segmentWildcard || $0.kind == .fullWildcard) && $0.prefix.isEmpty } ?? false
            if afterAbsorbing || beforeWildcard { return regexp(part, oneCodePoint) }
        }
        return changed ? part : nil
    }

    /// `part` as a custom-regexp part matching `value` once, same name, text around it and position.
    private static func regexp(_ part: Part, _ value: String) -> Part {
        Part(kind: .regexp, value: value, modifier: .none, name: part.name, prefix: part.prefix, suffix: part.suffix, position: part.position)
    }

    /// The canonical pattern string of `parts`: what the user wrote, normalised
    /// (`/foo/(.*)` prints as `/foo/*`, `/:id([^\/]+?)` as `/:id`).
    package static func patternString(_ parts: [Part], options: PatternOptions) -> String {
        // Fixed text alone (a literal component): the text itself when nothing needs escaping.
        if parts.count == 1, parts[0].kind == .fixedText, parts[0].modifier == .none { return escapePatternString(parts[0].value) }
        var capacity = 8
        for index in parts.indices {
            capacity += parts[index].value.utf8.count + parts[index].prefix.utf8.count + parts[index].suffix.utf8.count + 8
        }
        var result = Writer(capacity: capacity)
        let prefixString = options.prefixString
        for index in parts.indices {
            appendPatternString(of: parts[index], in: parts, at: index, options: options, prefixString: prefixString, to: &result)
        }
        return result.string
    }

    /// The pattern string of `part`, `parts[index]`, appended to `result` (the body of the
    /// standard's loop). The part is borrowed: a copy retains its strings.
    private static func appendPatternString(
        of part: borrowing Part, in parts: [Part], at index: Int, options: PatternOptions, prefixString: String, to result: inout Writer
    ) {
        // The neighbours are read in place (an optional copy of a part retains its strings).
        let previous = index > 0 ? index - 1 : nil
        let next = index < parts.count - 1 ? index + 1 : nil
        if part.kind == .fixedText {
            result.addFixedText(part, escaping: patternSpecials, open: "{", close: "}")
            return
        }
        let customName = part.hasCustomName
        var needsGrouping = !part.suffix.isEmpty || (!part.prefix.isEmpty && part.prefix != prefixString)
        if !needsGrouping, customName, part.kind == .segmentWildcard, part.modifier == .none, let next,
            parts[next].prefix.isEmpty, parts[next].suffix.isEmpty
        {
            if parts[next].kind == .fixedText {
                if let first = parts[next].value.unicodeScalars.first {
                    needsGrouping = isValidNameCodePoint(first, first: false)
                }
            } else {
                needsGrouping = parts[next].name.unicodeScalars.first?.isASCIIDigit == true
            }
        }
        if !needsGrouping, part.prefix.isEmpty, let previous, parts[previous].kind == .fixedText,
            let last = parts[previous].value.unicodeScalars.last, last == options.prefix
        {
            needsGrouping = true
        }
        if needsGrouping { result.append("{") }
        result.add(part.prefix, escaping: patternSpecials)
        if customName {
            result.append(":")
            result.add(part.name)
        }
        switch part.kind {
        case .regexp:
            result.append("(")
            result.add(part.value)
            result.append(")")
        case .segmentWildcard:
            if !customName {
                result.append("(")
                result.add(segmentWildcardSource(options))
                result.append(")")
            }
        case .fullWildcard:
            if !customName,
                previous.map({ parts[$0].kind == .fixedText || parts[$0].modifier != Part.Modifier.none }) ?? true
                    || needsGrouping || !part.prefix.isEmpty
            {
                result.append("*")
            } else {
                result.append("(")
                result.add(fullWildcardSource)
                result.append(")")
            }
        case .fixedText:
            break
        }
        if part.kind == .segmentWildcard, customName, let first = part.suffix.unicodeScalars.first,
            isValidNameCodePoint(first, first: false)
        {
            result.append("\\")
        }
        result.add(part.suffix, escaping: patternSpecials)
        if needsGrouping { result.append("}") }
        result.append(part.modifier.literal)
    }
}

/// A set of ASCII bytes as a 128-bit mask: membership in two shifts, no allocation.
private struct ASCIISet: Sendable {
    private var low: UInt64 = 0
    private var high: UInt64 = 0

    init(_ members: String) {
        for byte in members.utf8 where byte < 128 {
            if byte < 64 { low |= 1 << UInt64(byte) } else { high |= 1 << UInt64(byte - 64) }
        }
    }

    /// Whether `byte` is in the set (bytes of 128 and above never are: in UTF-8 they only
    /// occur inside non-ASCII characters).
    func contains(_ byte: UInt8) -> Bool {
        byte < 64 ? low & (1 << UInt64(byte)) != 0 : byte < 128 && high & (1 << UInt64(byte - 64)) != 0
    }
}
