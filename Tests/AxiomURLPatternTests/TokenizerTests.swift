import Testing

@testable import AxiomURLPattern

@Suite struct TokenizerTests {
    private func kinds(_ input: String, _ policy: TokenizePolicy = .strict) throws -> [PatternToken.Kind] {
        try Tokenizer.tokenize(Array(input.unicodeScalars), policy: policy).map(\.kind)
    }

    @Test func splitsEverySyntaxElement() throws {
        #expect(
            try kinds("{/:id(\\d+)}?*+\\:x") == [
                .open, .char, .name, .regexp, .close, .otherModifier, .asterisk, .otherModifier, .escapedChar, .char, .end,
            ])
    }

    @Test func namesFollowUnicodeIdentifierRules() throws {
        let tokens = try Tokenizer.tokenize(Array("/:café_$1\u{200D}-x".unicodeScalars), policy: .strict)
        #expect(tokens[1].value == "café_$1\u{200D}")
        #expect(tokens[2].value == "-")
        #expect(throws: PatternSyntaxError.self) { try kinds("/:1abc") }
        #expect(throws: PatternSyntaxError.self) { try kinds("/:🚲") }
    }

    @Test func regexpValuesExcludeTheParenthesesAndKeepNestedGroups() throws {
        let tokens = try Tokenizer.tokenize(Array("((?:a|b)\\))".unicodeScalars), policy: .strict)
        #expect(tokens[0].kind == .regexp)
        #expect(tokens[0].value == "(?:a|b)\\)")
    }

    @Test(arguments: [
        ("/(", PatternSyntaxError.Problem.regexpUnbalanced, 1),
        ("/()", .regexpEmpty, 1),
        ("/(?:a)", .regexpStartsWithQuestionMark, 1),
        ("/(a(b))", .regexpCapturingGroup(at: 3), 1),
        ("/(é)", .regexpNonASCII(at: 2), 1),
        ("/(a\\", .regexpTrailingBackslash, 1),
        ("/a\\", .trailingBackslash, 2),
        ("/:", .missingGroupName, 1),
    ])
    func strictPolicyThrowsWithThePosition(input: String, problem: PatternSyntaxError.Problem, position: Int) {
        #expect(throws: PatternSyntaxError(problem, at: position)) {
            try Tokenizer.tokenize(Array(input.unicodeScalars), policy: .strict)
        }
    }

    @Test func lenientPolicyTurnsErrorsIntoInvalidCharTokens() throws {
        #expect(try kinds("https://[::1]", .lenient).contains(.invalidChar))
        #expect(try kinds("a\\", .lenient) == [.char, .invalidChar, .end])
    }
}
