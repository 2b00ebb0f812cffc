/// Splits a pattern string into tokens (https://urlpattern.spec.whatwg.org/#tokenizing).
package struct Tokenizer {
    private let input: [Unicode.Scalar]
    private let policy: TokenizePolicy
    /// Whether tokens carry their values (the constructor string parser reads the input at a
    /// token's index instead, and leaves them empty).
    private let values: Bool
    private var tokens: [PatternToken] = []
    private var index = 0

    /// Tokenizes `input`; under `.strict` the first invalid piece of syntax throws. Without
    /// `values`, every token's ``PatternToken/value`` is empty (no string made for each).
    package static func tokenize(_ input: [Unicode.Scalar], policy: TokenizePolicy, values: Bool = true) throws(PatternSyntaxError) -> [PatternToken]
    {
        var tokenizer = Tokenizer(input: input, policy: policy, values: values)
        try tokenizer.run()
        return tokenizer.tokens
    }

    private init(input: [Unicode.Scalar], policy: TokenizePolicy, values: Bool) {
        self.input = input
        self.policy = policy
        self.values = values
        // At most a token a code point, and the end: the array never grows while it is filled.
        tokens.reserveCapacity(input.count + 1)
    }

    private func text(_ range: Range<Int>) -> String {
        String(scalars: input[range])
    }

    private mutating func add(_ kind: PatternToken.Kind, next: Int, valueStart: Int, valueLength: Int) {
        tokens.append(PatternToken(kind: kind, index: index, value: values ? text(valueStart..<(valueStart + valueLength)) : ""))
        index = next
    }

    private mutating func add(_ kind: PatternToken.Kind, next: Int, valueStart: Int) {
        add(kind, next: next, valueStart: valueStart, valueLength: next - valueStart)
    }

    private mutating func addSingle(_ kind: PatternToken.Kind) {
        add(kind, next: index + 1, valueStart: index)
    }

    private mutating func error(next: Int, valueStart: Int, _ problem: PatternSyntaxError.Problem) throws(PatternSyntaxError) {
        if policy == .strict { throw PatternSyntaxError(problem, at: valueStart) }
        add(.invalidChar, next: next, valueStart: valueStart)
    }

    private mutating func run() throws(PatternSyntaxError) {
        while index < input.count {
            let scalar = input[index]
            switch scalar {
            case "*":
                addSingle(.asterisk)
            case "+", "?":
                addSingle(.otherModifier)
            case "\\":
                if index == input.count - 1 {
                    try error(next: index + 1, valueStart: index, .trailingBackslash)
                    continue
                }
                add(.escapedChar, next: index + 2, valueStart: index + 1, valueLength: 1)
            case "{":
                addSingle(.open)
            case "}":
                addSingle(.close)
            case ":":
                var position = index + 1
                let start = position
                while position < input.count, isValidNameCodePoint(input[position], first: position == start) {
                    position += 1
                }
                if position <= start {
                    try error(next: start, valueStart: index, .missingGroupName)
                    continue
                }
                add(.name, next: position, valueStart: start)
            case "(":
                try regexp()
            default:
                addSingle(.char)
            }
        }
        tokens.append(PatternToken(kind: .end, index: index, value: ""))
    }

    private mutating func regexp() throws(PatternSyntaxError) {
        var depth = 1
        var position = index + 1
        let start = position
        while position < input.count {
            let scalar = input[position]
            guard scalar.isASCII else {
                try error(next: start, valueStart: index, .regexpNonASCII(at: position))
                return
            }
            if position == start, scalar == "?" {
                try error(next: start, valueStart: index, .regexpStartsWithQuestionMark)
                return
            }
            if scalar == "\\" {
                guard position != input.count - 1 else {
                    try error(next: start, valueStart: index, .regexpTrailingBackslash)
                    return
                }
                guard input[position + 1].isASCII else {
                    try error(next: start, valueStart: index, .regexpNonASCII(at: position + 1))
                    return
                }
                position += 2
                continue
            }
            if scalar == ")" {
                depth -= 1
                if depth == 0 {
                    position += 1
                    break
                }
            } else if scalar == "(" {
                depth += 1
                guard position != input.count - 1, input[position + 1] == "?" else {
                    try error(next: start, valueStart: index, .regexpCapturingGroup(at: position))
                    return
                }
            }
            position += 1
        }
        if depth != 0 {
            try error(next: start, valueStart: index, .regexpUnbalanced)
            return
        }
        let length = position - start - 1
        if length == 0 {
            try error(next: start, valueStart: index, .regexpEmpty)
            return
        }
        add(.regexp, next: position, valueStart: start, valueLength: length)
    }
}

/// A syntax error in one pattern string, before it is tied to a component.
package struct PatternSyntaxError: Error, Sendable, Equatable {
    package enum Problem: Error, Sendable, Equatable {
        case trailingBackslash
        case missingGroupName
        case regexpNonASCII(at: Int)
        case regexpStartsWithQuestionMark
        case regexpTrailingBackslash
        case regexpCapturingGroup(at: Int)
        case regexpUnbalanced
        case regexpEmpty
        case unexpectedToken(expected: String, found: PatternToken)
        case duplicateGroupName(String)
        case invalidRegexp(String)
        case invalidFixedText(String)
    }

    package var problem: Problem
    /// Offset in Unicode scalars into the pattern string.
    package var position: Int

    package init(_ problem: Problem, at position: Int) {
        self.problem = problem
        self.position = position
    }
}

/// A token of an ASCII pattern read straight from its bytes, by the tokenizer's rules
/// (https://urlpattern.spec.whatwg.org/#tokenize), for the one-pass readers of common patterns
/// (``PatternParser/simpleParts(_:options:encode:)``, ``ConstructorStringParser``): no token
/// array, no string for a value. Its bytes are `start..<end`.
struct ASCIIToken {
    var kind: PatternToken.Kind
    var start: Int
    var end: Int
    /// The code point of a one-code-point token (the escaped one for `\\x`); 0 for a name or a
    /// regexp, whose value is `bytes[valueRange]`.
    var value: UInt8

    /// Where a name's or a regexp's value is (after the `:`; inside the parentheses).
    var valueRange: Range<Int> { kind == .regexp ? (start + 1)..<(end - 1) : (start + 1)..<end }

    /// The token at `position` (`bytes[position]` ASCII). A `:` that starts no name is the
    /// lenient tokenizer's invalid character (the strict one's error). Nil where the tokenizer
    /// reports a problem either way: a trailing `\\`, a regexp it refuses (including one with a
    /// byte outside ASCII).
    init?(_ bytes: UnsafeBufferPointer<UInt8>, at position: Int) {
        let byte = bytes[position]
        start = position
        end = position + 1
        value = byte
        switch byte {
        case UInt8(ascii: "*"): kind = .asterisk
        case UInt8(ascii: "+"), UInt8(ascii: "?"): kind = .otherModifier
        case UInt8(ascii: "{"): kind = .open
        case UInt8(ascii: "}"): kind = .close
        case UInt8(ascii: "\\"):
            guard position + 1 < bytes.count else { return nil }
            kind = .escapedChar
            end = position + 2
            value = bytes[position + 1]
        case UInt8(ascii: ":"):
            var nameEnd = position + 1
            while nameEnd < bytes.count, PatternParser.isNameByte(bytes[nameEnd], first: nameEnd == position + 1) { nameEnd += 1 }
            guard nameEnd > position + 1 else {
                kind = .invalidChar
                return
            }
            kind = .name
            end = nameEnd
            value = 0
        case UInt8(ascii: "("):
            guard let close = PatternParser.regexpGroupEnd(bytes, open: position) else { return nil }
            kind = .regexp
            end = close + 1
            value = 0
        default:
            kind = .char
        }
    }
}
