/// ``PatternParser/simpleParts(_:options:encode:)``: the standard's parser
/// (https://urlpattern.spec.whatwg.org/#parse-a-pattern-string) step for step, over the bytes
/// of an ASCII pattern read as ``ASCIIToken``s. Where the tokenizer or the parser would report
/// an error, ``run()`` gives up (false) and the pattern is parsed again by them, which report
/// it with its position; so no error is made here.
struct ASCIIPatternReader {
    let bytes: UnsafeBufferPointer<UInt8>
    let options: PatternOptions
    let encode: PatternParser.Encoder
    private(set) var parts: [Part] = []
    /// The fixed text not yet made a part, as the parser's pending fixed value: where it is
    /// one run of the pattern's bytes (most often), that run; else its bytes.
    private var pendingRun: Range<Int>? = nil
    private var pending: [UInt8] = []
    private var index = 0
    private var nextNumericName = 0
    private var groupNames = GroupNameCheck()
    /// The encoder's answers for the empty prefix or suffix and for the options' prefix
    /// (`/`), asked once.
    private var encodedEmpty: String? = nil
    private var encodedPrefix: String? = nil
    private let prefixByte: UInt8?

    init(bytes: UnsafeBufferPointer<UInt8>, options: PatternOptions, encode: @escaping PatternParser.Encoder) {
        self.bytes = bytes
        self.options = options
        self.encode = encode
        self.prefixByte = options.prefix.flatMap { $0.isASCII ? UInt8(truncatingIfNeeded: $0.value) : nil }
    }

    /// The token read last, and where: the parser's steps ask for the token at one position
    /// several times (a character? a name? a regexp?).
    private var lookahead: (at: Int, token: ASCIIToken?) = (-1, nil)

    /// The token at the reader's position; nil at the end, and where the tokenizer fails (a
    /// later ``step()`` then finds no token where one must be, and gives up).
    private mutating func peek() -> ASCIIToken? {
        guard index < bytes.count else { return nil }
        if lookahead.at != index { lookahead = (index, ASCIIToken(bytes, at: index)) }
        return lookahead.token
    }

    private mutating func tryConsume(_ kind: PatternToken.Kind) -> ASCIIToken? {
        guard let token = peek(), token.kind == kind else { return nil }
        index = token.end
        return token
    }

    private mutating func tryConsumeModifier() -> ASCIIToken? {
        tryConsume(.otherModifier) ?? tryConsume(.asterisk)
    }

    private func text(_ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
    }

    /// Reads the pattern; false where the tokenizer or the parser would report an error.
    mutating func run() -> Bool {
        guard !bytes.contains(where: { $0 >= 0x80 }) else { return false }
        while index < bytes.count {
            // A run of plain characters is pending text, but for its last, which may be the
            // prefix of a group after it: the parser's steps take that one.
            var runEnd = index
            while runEnd < bytes.count, !Self.startsToken(bytes[runEnd]) { runEnd += 1 }
            if runEnd - index > 1 {
                let last = runEnd < bytes.count ? runEnd - 1 : runEnd
                appendPending(index..<last)
                index = last
                if index == bytes.count { break }
            }
            guard step() else { return false }
        }
        return flushPending()
    }

    /// The pathname's prefix, made once.
    private static let slash: [UInt8] = [UInt8(ascii: "/")]

    /// Whether a byte starts a token other than a plain character: `*`, `+`, `?`, `\`, `{`,
    /// `}`, `:`, `(`, `)`. (A lone `)` is a character to the tokenizer; it is read one at a time.)
    private static func startsToken(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ":") || PatternParser.isSyntax(byte)
    }

    /// One turn of the parser's loop.
    private mutating func step() -> Bool {
        guard let first = peek() else { return false }
        if first.kind == .invalidChar { return false }
        let charToken = tryConsume(.char)
        let nameToken = tryConsume(.name)
        let regexpOrWildcard = tryConsume(.regexp) ?? (nameToken == nil ? tryConsume(.asterisk) : nil)
        if nameToken != nil || regexpOrWildcard != nil {
            var prefix: [UInt8] = []
            if let charToken {
                if charToken.value == prefixByte {
                    prefix = charToken.value == UInt8(ascii: "/") ? Self.slash : [charToken.value]
                } else {
                    appendPending(charToken.start..<charToken.end)
                }
            }
            guard flushPending() else { return false }
            let modifier = tryConsumeModifier()
            return addPart(prefix: prefix, name: nameToken, regexpOrWildcard: regexpOrWildcard, suffix: [], modifier: modifier)
        }
        if let charToken {
            appendPending(charToken.start..<charToken.end)
            return true
        }
        if let escaped = tryConsume(.escapedChar) {
            appendPending([escaped.value])
            return true
        }
        if tryConsume(.open) != nil {
            guard let prefix = consumeText() else { return false }
            let name = tryConsume(.name)
            let regexpOrWildcard = tryConsume(.regexp) ?? (name == nil ? tryConsume(.asterisk) : nil)
            guard let suffix = consumeText(), tryConsume(.close) != nil else { return false }
            let modifier = tryConsumeModifier()
            return addPart(prefix: prefix, name: name, regexpOrWildcard: regexpOrWildcard, suffix: suffix, modifier: modifier)
        }
        // Anything else before the end is the parser's error.
        return false
    }

    /// Characters and escaped characters, as the parser's "consume text"; nil where the
    /// tokenizer fails.
    private mutating func consumeText() -> [UInt8]? {
        var result: [UInt8] = []
        while index < bytes.count {
            guard let token = peek() else { return nil }
            guard token.kind == .char || token.kind == .escapedChar else { break }
            result.append(token.value)
            index = token.end
        }
        return result
    }

    /// Appends the pattern's bytes in `range` to the pending text: kept as a run when they
    /// follow the run pending.
    private mutating func appendPending(_ range: Range<Int>) {
        if pending.isEmpty {
            guard let run = pendingRun else {
                pendingRun = range
                return
            }
            if run.upperBound == range.lowerBound {
                pendingRun = run.lowerBound..<range.upperBound
                return
            }
        }
        appendPending(Array(UnsafeBufferPointer(rebasing: bytes[range])))
    }

    /// Appends text that is not a run of the pattern's bytes (an escaped character, a group's
    /// text).
    private mutating func appendPending(_ text: [UInt8]) {
        if let run = pendingRun {
            pending.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run]))
            pendingRun = nil
        }
        pending.append(contentsOf: text)
    }

    private mutating func flushPending() -> Bool {
        let text: String
        if let run = pendingRun {
            text = self.text(run)
        } else if !pending.isEmpty {
            text = String(decoding: pending, as: UTF8.self)
        } else {
            return true
        }
        guard let value = try? encode(text) else { return false }
        pendingRun = nil
        pending.removeAll(keepingCapacity: true)
        parts.append(Part(kind: .fixedText, value: value, modifier: .none))
        return true
    }

    private mutating func encoded(_ text: [UInt8]) -> String? {
        if text.isEmpty {
            if encodedEmpty == nil { encodedEmpty = try? encode("") }
            return encodedEmpty
        }
        if text.count == 1, text[0] == prefixByte {
            if encodedPrefix == nil { encodedPrefix = try? encode(String(decoding: text, as: UTF8.self)) }
            return encodedPrefix
        }
        return try? encode(String(decoding: text, as: UTF8.self))
    }

    /// The parser's "add a part".
    private mutating func addPart(prefix: [UInt8], name: ASCIIToken?, regexpOrWildcard: ASCIIToken?, suffix: [UInt8], modifier: ASCIIToken?)
        -> Bool
    {
        let modifier: Part.Modifier =
            switch modifier?.value {
            case UInt8(ascii: "?"): .optional
            case UInt8(ascii: "*"): .zeroOrMore
            case UInt8(ascii: "+"): .oneOrMore
            default: .none
            }
        if name == nil, regexpOrWildcard == nil, modifier == .none {
            if !prefix.isEmpty { appendPending(prefix) }
            return true
        }
        guard flushPending() else { return false }
        if name == nil, regexpOrWildcard == nil {
            guard !prefix.isEmpty else { return true }
            guard let value = encoded(prefix) else { return false }
            parts.append(Part(kind: .fixedText, value: value, modifier: modifier))
            return true
        }
        var kind = Part.Kind.segmentWildcard
        var value = ""
        if let token = regexpOrWildcard {
            if token.kind == .asterisk {
                kind = .fullWildcard
            } else {
                // As the parser reads a regexp token: its own wildcards' text names them.
                let regexp = text(token.valueRange)
                if regexp == PatternRegexGenerator.fullWildcardSource {
                    kind = .fullWildcard
                } else if regexp != PatternRegexGenerator.segmentWildcardSource(options) {
                    guard (try? JavaScriptRegexTranslator.validate(regexp)) != nil else { return false }
                    kind = .regexp
                    value = regexp
                }
            }
        }
        let partName: String
        if let name {
            partName = text(name.valueRange)
        } else {
            partName = String(nextNumericName)
            nextNumericName += 1
        }
        guard groupNames.isNew(partName, among: parts), let encodedPrefix = encoded(prefix), let encodedSuffix = encoded(suffix)
        else { return false }
        parts.append(
            Part(
                kind: kind, value: value, modifier: modifier, name: partName, prefix: encodedPrefix, suffix: encodedSuffix,
                position: regexpOrWildcard?.start ?? name?.start ?? 0))
        return true
    }
}
