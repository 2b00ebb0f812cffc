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

    /// The parts of a pattern of ASCII text and `:name` groups only (`/users/:id/posts/:post`),
    /// a name maybe with a regexp (`/orders/:id(\\d+)`), read in one pass over its bytes with
    /// no token made: the parts the standard's parser gives it. Nil for anything else, which
    /// the tokenizer and parser then read, errors and all: any other pattern syntax (`*`, `+`,
    /// `?`, `\\`, `{`, `}`, a `(` not after a name, a modifier after a group), a byte outside
    /// ASCII, a `:` with no name, a name used twice, a regexp the tokenizer or the regexp
    /// translator refuses, text the encoder refuses.
    ///
    /// The parser's rules for this shape: a run of text is one fixed-text part (encoded); the
    /// character just before a `:name` is its prefix when it is the options' prefix (`/` in a
    /// pathname), else it stays with the text; a name is a segment wildcard with no suffix, or
    /// with a regexp, a regexp group (a segment wildcard or a full wildcard when the regexp is
    /// one's own text).
    package static func simpleParts(_ input: String, options: PatternOptions, encode: Encoder) -> [Part]? {
        var input = input
        return input.withUTF8 { bytes -> [Part]? in
            // Looked at whole first: a pattern with other syntax costs one pass, not the work
            // done on its text before the syntax is reached.
            guard Self.isSimple(bytes) else { return nil }
            let prefixByte = options.prefix.flatMap { $0.isASCII ? UInt8(truncatingIfNeeded: $0.value) : nil }
            var parts: [Part] = []
            var pendingStart = 0
            var index = 0
            // The encoder's answers for the prefix and the empty suffix, asked once.
            var encodedPrefix: String? = nil
            var encodedEmpty: String? = nil
            func text(_ range: Range<Int>) -> String { String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self) }
            func addPending(upTo end: Int) -> Bool {
                guard pendingStart < end else { return true }
                guard let value = try? encode(text(pendingStart..<end)) else { return false }
                parts.append(Part(kind: .fixedText, value: value, modifier: .none))
                return true
            }
            while index < bytes.count {
                guard bytes[index] == UInt8(ascii: ":") else {
                    index += 1
                    continue
                }
                var end = index + 1
                while end < bytes.count, Self.isNameByte(bytes[end], first: end == index + 1) { end += 1 }
                guard end > index + 1 else { return nil }
                // The character before the name (text, not another name's end) is its prefix
                // when it is the options' prefix.
                var prefix: String? = nil
                var textEnd = index
                if pendingStart < index, let prefixByte, bytes[index - 1] == prefixByte {
                    textEnd = index - 1
                    if encodedPrefix == nil { encodedPrefix = try? encode(String(UnicodeScalar(prefixByte))) }
                    guard let encodedPrefix else { return nil }
                    prefix = encodedPrefix
                }
                guard addPending(upTo: textEnd) else { return nil }
                let name = text((index + 1)..<end)
                guard !parts.contains(where: { $0.name == name }) else { return nil }
                if encodedEmpty == nil { encodedEmpty = try? encode("") }
                guard let encodedEmpty else { return nil }
                var kind = Part.Kind.segmentWildcard
                var value = ""
                var position = index
                if end < bytes.count, bytes[end] == UInt8(ascii: "("), let close = Self.regexpGroupEnd(bytes, open: end) {
                    // As the parser reads a regexp token: its own wildcards' text names them.
                    let regexp = text((end + 1)..<close)
                    if regexp == PatternRegexGenerator.fullWildcardSource {
                        kind = .fullWildcard
                    } else if regexp != PatternRegexGenerator.segmentWildcardSource(options) {
                        // Validated as the parser validates it (its error, with its position, is
                        // the parser's to report).
                        guard (try? JavaScriptRegexTranslator.validate(regexp)) != nil else { return nil }
                        kind = .regexp
                        value = regexp
                    }
                    position = end
                    end = close + 1
                }
                parts.append(
                    Part(
                        kind: kind, value: value, modifier: .none, name: name, prefix: prefix ?? encodedEmpty, suffix: encodedEmpty,
                        position: position))
                index = end
                pendingStart = end
            }
            guard addPending(upTo: bytes.count) else { return nil }
            return parts
        }
    }

    /// Whether ``simpleParts(_:options:encode:)`` reads `bytes`: ASCII, with no pattern syntax
    /// but `:name` groups, each maybe followed by a regexp (``regexpGroupEnd(_:open:)``) and
    /// no modifier.
    private static func isSimple(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            guard byte < 0x80, !isSyntax(byte) else { return false }
            index += 1
            guard byte == UInt8(ascii: ":") else { continue }
            let nameStart = index
            while index < bytes.count, isNameByte(bytes[index], first: index == nameStart) { index += 1 }
            guard index < bytes.count, bytes[index] == UInt8(ascii: "(") else { continue }
            guard index > nameStart, let close = regexpGroupEnd(bytes, open: index) else { return false }
            // A modifier after it is syntax, read next: the group is then the parser's.
            index = close + 1
        }
        return true
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
        if parts.contains(where: { $0.name == name }) {
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
