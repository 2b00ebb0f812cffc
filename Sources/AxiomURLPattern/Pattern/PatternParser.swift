/// Turns a pattern string into a part list
/// (https://urlpattern.spec.whatwg.org/#parse-a-pattern-string).
///
/// `encode` canonicalises fixed text, prefixes and suffixes the way the component's URL
/// parser would (e.g. `%20` for a space in a pathname); it throws when the text cannot be
/// part of that component at all.
package struct PatternParser {
    package typealias Encoder = (String) throws(PatternSyntaxError.Problem) -> String

    private let tokens: [PatternToken]
    private let options: PatternOptions
    private let encode: Encoder
    private let segmentWildcardRegexp: String
    private var parts: [Part] = []
    private var pendingFixedValue = ""
    private var pendingFixedIndex = 0
    private var index = 0
    private var nextNumericName = 0
    private var groupNames = GroupNameCheck()

    package static func parse(_ input: String, options: PatternOptions, encode: @escaping Encoder) throws(PatternSyntaxError) -> [Part] {
        if let parts = simpleParts(input, options: options, encode: encode) { return parts }
        return try parseTokens(input, options: options, encode: encode)
    }

    /// ``parse(_:options:encode:)`` through the tokenizer and the standard's parser, always.
    package static func parseTokens(_ input: String, options: PatternOptions, encode: @escaping Encoder) throws(PatternSyntaxError) -> [Part] {
        let tokens = try Tokenizer.tokenize(input.scalarArray, policy: .strict)
        var parser = PatternParser(tokens: tokens, options: options, encode: encode)
        try parser.run()
        return parser.parts
    }

    /// The parts of an ASCII pattern (`/users/:id/posts/:post`, `/orders/:id(\\d+)?`,
    /// `{:tenant.}?example.com`, `/files/*`), read in one pass over its bytes by the standard's
    /// parsing rules (https://urlpattern.spec.whatwg.org/#parse-a-pattern-string) with no token
    /// array and no string made for a token: the parts the tokenizer and the parser give. Nil
    /// for a pattern with a byte outside ASCII, and for every pattern the tokenizer or the parser
    /// refuses (a `:` with no name, a group left open, a modifier with nothing before it, a name
    /// used twice, a regexp the tokenizer or the regexp translator refuses, text the encoder
    /// refuses): those are read again by the tokenizer and the parser, which report the error
    /// with its position.
    package static func simpleParts(_ input: String, options: PatternOptions, encode: @escaping Encoder) -> [Part]? {
        var input = input
        return input.withUTF8 { bytes -> [Part]? in
            var reader = ASCIIPatternReader(bytes: bytes, options: options, encode: encode)
            return reader.run() ? reader.parts : nil
        }
    }

    /// The index of the `)` that closes the regexp opened by the `(` at `open`, read by the
    /// tokenizer's rules for a regexp token (https://urlpattern.spec.whatwg.org/#tokenize): a
    /// `\\` takes the byte after it; a `(` inside must be followed by `?`; the regexp is not
    /// empty and does not start with `?`. Nil where the tokenizer would fail, and for a byte
    /// outside ASCII.
    static func regexpGroupEnd(_ bytes: UnsafeBufferPointer<UInt8>, open: Int) -> Int? {
        var depth = 1
        var index = open + 1
        guard index < bytes.count, bytes[index] != UInt8(ascii: "?") else { return nil }
        while index < bytes.count {
            let byte = bytes[index]
            guard byte < 0x80 else { return nil }
            switch byte {
            case UInt8(ascii: "\\"):
                guard index + 1 < bytes.count, bytes[index + 1] < 0x80 else { return nil }
                index += 2
                continue
            case UInt8(ascii: ")"):
                depth -= 1
                if depth == 0 { return index > open + 1 ? index : nil }
            case UInt8(ascii: "("):
                guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "?") else { return nil }
                depth += 1
            default:
                break
            }
            index += 1
        }
        return nil
    }

    /// Whether an ASCII byte is pattern syntax other than `:` (see ``simpleParts(_:options:encode:)``).
    /// No byte of a longer UTF-8 sequence is one, so bytes can be read without decoding.
    package static func isSyntax(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "?"), UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "}"),
            UInt8(ascii: "("), UInt8(ascii: ")"):
            return true
        default:
            return false
        }
    }

    /// ``isValidNameCodePoint(_:first:)`` for an ASCII byte.
    @inline(__always)
    static func isNameByte(_ byte: UInt8, first: Bool) -> Bool {
        byte < 0x80 && isValidNameCodePoint(Unicode.Scalar(byte), first: first)
    }

    private init(tokens: [PatternToken], options: PatternOptions, encode: @escaping Encoder) {
        self.tokens = tokens
        self.options = options
        self.encode = encode
        self.segmentWildcardRegexp = PatternRegexGenerator.segmentWildcardSource(options)
    }

    private mutating func tryConsume(_ kind: PatternToken.Kind) -> PatternToken? {
        guard index < tokens.count, tokens[index].kind == kind else { return nil }
        defer { index += 1 }
        return tokens[index]
    }

    private mutating func tryConsumeRegexpOrWildcard(name: PatternToken?) -> PatternToken? {
        if let token = tryConsume(.regexp) { return token }
        if name == nil { return tryConsume(.asterisk) }
        return nil
    }

    private mutating func tryConsumeModifier() -> PatternToken? {
        tryConsume(.otherModifier) ?? tryConsume(.asterisk)
    }

    private mutating func consumeRequired(_ kind: PatternToken.Kind, expected: String) throws(PatternSyntaxError) -> PatternToken {
        if let token = tryConsume(kind) { return token }
        let found = tokens[min(index, tokens.count - 1)]
        throw PatternSyntaxError(.unexpectedToken(expected: expected, found: found), at: found.index)
    }

    private mutating func consumeText() -> String {
        var result = ""
        while let token = tryConsume(.char) ?? tryConsume(.escapedChar) { result += token.value }
        return result
    }

    private func encoded(_ text: String, at position: Int) throws(PatternSyntaxError) -> String {
        do {
            return try encode(text)
        } catch {
            throw PatternSyntaxError(error, at: position)
        }
    }

    private mutating func appendPending(_ text: String, at position: Int) {
        if pendingFixedValue.isEmpty { pendingFixedIndex = position }
        pendingFixedValue += text
    }

    private mutating func maybeAddPartFromPendingFixedValue() throws(PatternSyntaxError) {
        guard !pendingFixedValue.isEmpty else { return }
        let value = try encoded(pendingFixedValue, at: pendingFixedIndex)
        pendingFixedValue = ""
        parts.append(Part(kind: .fixedText, value: value, modifier: .none))
    }

    private mutating func run() throws(PatternSyntaxError) {
        while index < tokens.count {
            let charToken = tryConsume(.char)
            let nameToken = tryConsume(.name)
            let regexpOrWildcard = tryConsumeRegexpOrWildcard(name: nameToken)
            if nameToken != nil || regexpOrWildcard != nil {
                var prefix = charToken?.value ?? ""
                if !prefix.isEmpty, prefix != options.prefixString, let charToken {
                    appendPending(prefix, at: charToken.index)
                    prefix = ""
                }
                try maybeAddPartFromPendingFixedValue()
                let modifier = tryConsumeModifier()
                try addPart(
                    prefix: prefix, prefixIndex: charToken?.index ?? 0, name: nameToken,
                    regexpOrWildcard: regexpOrWildcard, suffix: "", suffixIndex: 0, modifier: modifier)
                continue
            }
            if let fixed = charToken ?? tryConsume(.escapedChar) {
                appendPending(fixed.value, at: fixed.index)
                continue
            }
            if let open = tryConsume(.open) {
                let prefixIndex = tokens[index].index
                let prefix = consumeText()
                let name = tryConsume(.name)
                let regexpOrWildcard = tryConsumeRegexpOrWildcard(name: name)
                let suffixIndex = tokens[index].index
                let suffix = consumeText()
                if tryConsume(.close) == nil {
                    let found = tokens[index]
                    let problem: PatternSyntaxError.Problem =
                        found.kind == .end
                        ? .unexpectedToken(expected: "'}' to close the '{' at offset \(open.index)", found: found)
                        : .unexpectedToken(expected: "'}'", found: found)
                    throw PatternSyntaxError(problem, at: found.index)
                }
                let modifier = tryConsumeModifier()
                try addPart(
                    prefix: prefix, prefixIndex: prefixIndex, name: name, regexpOrWildcard: regexpOrWildcard,
                    suffix: suffix, suffixIndex: suffixIndex, modifier: modifier)
                continue
            }
            try maybeAddPartFromPendingFixedValue()
            _ = try consumeRequired(.end, expected: "the end of the pattern")
        }
    }

    private mutating func addPart(
        prefix: String, prefixIndex: Int, name nameToken: PatternToken?, regexpOrWildcard: PatternToken?,
        suffix: String, suffixIndex: Int, modifier modifierToken: PatternToken?
    ) throws(PatternSyntaxError) {
        var modifier = Part.Modifier.none
        switch modifierToken?.value {
        case "?": modifier = .optional
        case "*": modifier = .zeroOrMore
        case "+": modifier = .oneOrMore
        default: break
        }
        if nameToken == nil, regexpOrWildcard == nil, modifier == .none {
            appendPending(prefix, at: prefixIndex)
            return
        }
        try maybeAddPartFromPendingFixedValue()
        if nameToken == nil, regexpOrWildcard == nil {
            guard !prefix.isEmpty else { return }
            parts.append(Part(kind: .fixedText, value: try encoded(prefix, at: prefixIndex), modifier: modifier))
            return
        }
        var regexpValue: String
        if let token = regexpOrWildcard {
            regexpValue = token.kind == .asterisk ? PatternRegexGenerator.fullWildcardSource : token.value
        } else {
            regexpValue = segmentWildcardRegexp
        }
        var kind = Part.Kind.regexp
        if regexpValue == segmentWildcardRegexp {
            kind = .segmentWildcard
            regexpValue = ""
        } else if regexpValue == PatternRegexGenerator.fullWildcardSource {
            kind = .fullWildcard
            regexpValue = ""
        }
        var name = ""
        if let nameToken {
            name = nameToken.value
        } else if regexpOrWildcard != nil {
            name = String(nextNumericName)
            nextNumericName += 1
        }
        if !groupNames.isNew(name, among: parts) {
            throw PatternSyntaxError(.duplicateGroupName(name), at: nameToken?.index ?? regexpOrWildcard?.index ?? 0)
        }
        if kind == .regexp, let token = regexpOrWildcard {
            // Validate the ECMAScript regexp now, so the error points into it.
            do {
                try JavaScriptRegexTranslator.validate(regexpValue)
            } catch {
                throw PatternSyntaxError(.invalidRegexp(error.message), at: token.index + 1 + error.offset)
            }
        }
        parts.append(
            Part(
                kind: kind, value: regexpValue, modifier: modifier, name: name,
                prefix: try encoded(prefix, at: prefixIndex), suffix: try encoded(suffix, at: suffixIndex),
                position: regexpOrWildcard?.index ?? nameToken?.index ?? 0))
    }
}
