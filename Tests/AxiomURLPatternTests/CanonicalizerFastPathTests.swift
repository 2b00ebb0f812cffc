import TestSupport
import Testing

@testable import AxiomURLPattern

/// Construction's fast paths (issue 17): the hostname and pathname canonicalisers skip their
/// work for text already in canonical form, ASCII group names skip the property tables, a
/// literal component its regexp. Where they do, the answer must be the full rule's.
@Suite struct CanonicalizerFastPathTests {
    static let pathPieces = ["/", "a", "B", "-", ".", "..", "%2e", "%41", "~", "_", "0", " ", "\\", "?", "#", "\u{E4}", "{", "`", "'", "!", "$"]
    static let hostPieces = ["a", "Z", "0", "-", ".", "xn--", "%41", "\u{FC}", "_", ":", "\u{FF0E}", "ß"]

    @Test func plainPathnamesAreWhatTheFullRuleGives() {
        var generator = SplitMix64(state: 0x9A7)
        var plain = 0
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 8)
            let value = (0..<count).map { _ in Self.pathPieces.randomElement(using: &generator) ?? "" }.joined()
            #expect(Canonicalizer.pathname(value) == Canonicalizer.pathnameInFull(value), "\(value)")
            if Canonicalizer.isPlainPathname(value) { plain += 1 }
        }
        #expect(plain > 1_000)
    }

    @Test func plainHostnamesAreWhatTheFullRuleGives() throws {
        var generator = SplitMix64(state: 0x4057)
        var plain = 0
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 8)
            let value = (0..<count).map { _ in Self.hostPieces.randomElement(using: &generator) ?? "" }.joined()
            let fast = try? Canonicalizer.hostname(value)
            let full = try? Canonicalizer.hostnameInFull(value)
            #expect(fast == full, "\(value)")
            if Canonicalizer.isPlainHostname(value) { plain += 1 }
        }
        #expect(plain > 1_000)
    }

    @Test(arguments: [
        ("/a/./b", false), ("/a/%2e%2E/b", false), ("/a b", false), ("/Settings/Privacy", true), ("/x/.hidden", false), ("/a\\b", false),
    ])
    func pathnamesThatNeedTheFullRuleTakeIt(value: String, plain: Bool) {
        #expect(Canonicalizer.isPlainPathname(value) == plain)
    }

    /// Group names in ASCII are checked without Unicode's property tables: every ASCII code
    /// point must get the standard's answer (ID_Start, ID_Continue, `$`, `_`).
    @Test func asciiNameCodePointsAreTheStandardsOnes() throws {
        for value in UInt32(0)..<0x80 {
            let scalar = try #require(Unicode.Scalar(value))
            #expect(isValidNameCodePoint(scalar, first: true) == (scalar == "$" || scalar == "_" || scalar.properties.isIDStart), "\(value)")
            #expect(isValidNameCodePoint(scalar, first: false) == (scalar == "$" || scalar.properties.isIDContinue), "\(value)")
        }
    }

    /// A regexp generated from parts without a regexp group is kept as it is where the
    /// translator would give it back unchanged: on random patterns, it must.
    @Test func generatedRegexpsTheTranslatorLeavesAloneAreLeftAlone() throws {
        let pieces = [
            "/", "a", ":id", ":x?", "*", "{/:y}*", "{a}?", ".", "\\.", "+", "\\+", "$", "^", "|", "[", "]", "-", "%41", "~", "é", "{:t.}?", ":n+",
        ]
        var generator = SplitMix64(state: 0x7E57)
        var kept = 0
        for _ in 0..<6_000 {
            let count = 1 + Int(generator.next() % 5)
            let pattern = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            for options in [PatternOptions.pathname, .hostname, .default] {
                guard let parts = try? PatternParser.parse(pattern, options: options, encode: { $0 }) else { continue }
                let generated = PatternRegexGenerator.regexp(parts, options: options).source
                guard !parts.contains(where: { $0.kind == .regexp }), JavaScriptRegexTranslator.leavesUnchanged(generated) else { continue }
                kept += 1
                #expect(try JavaScriptRegexTranslator.translate(generated) == generated, "\(pattern)")
            }
        }
        #expect(kept > 2_000)
        // What it must not keep: a `.` (rewritten), an escape of a letter, non-ASCII.
        #expect(!JavaScriptRegexTranslator.leavesUnchanged("^a.b$"))
        #expect(!JavaScriptRegexTranslator.leavesUnchanged("^\\d$"))
        #expect(!JavaScriptRegexTranslator.leavesUnchanged("^é$"))
        #expect(JavaScriptRegexTranslator.leavesUnchanged("^\\/a(?:\\/([^\\/]+?))$"))
    }

    /// A literal component generates its regexp only when asked, and it is the one a pattern
    /// of the same text with a group would have had before its group.
    @Test func aLiteralComponentsRegexpIsGeneratedOnDemand() throws {
        let pattern = try URLPattern("https://example.com/settings/privacy")
        #expect(pattern.regularExpression(for: .pathname) == "^\\/settings\\/privacy$")
        #expect(pattern.regularExpression(for: .hostname) == "^example\\.com$")
        #expect(pattern.regularExpression(for: .protocol) == "^https$")
    }
}

/// The parser's one-pass reading of a pattern of text and `:name` groups
/// (`PatternParser.simpleParts`) gives the parts the tokenizer and the standard's parser give,
/// for every component's options and canonicaliser; anything else it leaves to them.
@Suite struct SimplePatternPartsTests {
    static let pieces = [
        "/", "/", "a", "B", "-", ".", "..", "%41", "~", "_", "0", " ", ":", ":id", ":id", ":x1", ":$y", ":_", ":9", "/:id", "/:post",
        "=", "&", "@", "\u{E4}", "*", "(\\d+)", "?", "{", "}", "\\:", "+", "[", "`",
        // Regexps after a name: plain, a wildcard's own text, groups inside, and ones the
        // tokenizer or the translator refuses (empty, `?` first, a capturing group, a trailing
        // `\\`, unbalanced, an escape ECMAScript lacks, non-ASCII).
        ":r(\\d+)", ":r([a-z]+)", ":r([^\\/]+?)", ":r([^\\.]+?)", ":r(.*)", ":r((?:a|b))", ":r(a:b)", ":r()", ":r(?a)", ":r((a))",
        ":r(a\\)", ":r(a", ":r(\\m)", ":r(\u{E9})", "(\\d+)?", ")", "(",
        // Groups, modifiers and wildcards (issue 33): with text, a name, a regexp or a wildcard
        // inside, escapes, and ones the parser refuses (left open, nested, empty).
        "{a}", "{a}?", "{:x}?", "{:t.}?", "{/:y(\\d+)}*", "{a:b.}+", "{(\\d+)}", "{*}", "{a\\}}", "{}?", "{{a}}", "{a", "*?", "/*", ":id?",
        ":id*", ":id+", "??",
    ]

    static var components: [(String, PatternOptions, PatternParser.Encoder)] {
        [
            ("pathname", .pathname, Canonicalizer.pathname), ("opaque pathname", .default, Canonicalizer.opaquePathname),
            ("hostname", .hostname, Canonicalizer.hostname), ("search", .default, Canonicalizer.search), ("hash", .default, Canonicalizer.hash),
            ("username", .default, Canonicalizer.username),
            ("port", .default, { (value) throws(PatternSyntaxError.Problem) in try Canonicalizer.port(value) }),
            ("protocol", .default, Canonicalizer.protocol),
        ]
    }

    @Test func simplePatternsGiveTheStandardParsersParts() throws {
        var generator = SplitMix64(state: 0x51_3F1E)
        var answered = 0
        var named = 0
        var regexps = 0
        var groups = 0
        for round in 0..<50_000 {
            let (name, options, encode) = Self.components[round % Self.components.count]
            let count = Int(generator.next() % 9)
            let pattern = (0..<count).map { _ in Self.pieces.randomElement(using: &generator) ?? "" }.joined()
            let full = Result { () throws(PatternSyntaxError) in try PatternParser.parseTokens(pattern, options: options, encode: encode) }
            guard let simple = PatternParser.simpleParts(pattern, options: options, encode: encode) else { continue }
            answered += 1
            if simple.contains(where: { $0.kind == .segmentWildcard }) { named += 1 }
            if simple.contains(where: { $0.kind == .regexp }) { regexps += 1 }
            if simple.contains(where: { $0.modifier != .none || !$0.suffix.isEmpty || $0.kind == .fullWildcard }) { groups += 1 }
            #expect(try full.get() == simple, "\(name): \(pattern)")
            #expect(try PatternParser.parse(pattern, options: options, encode: encode) == simple, "\(name): \(pattern)")
        }
        // Both ways were compared often, with names among them (else this tested little).
        #expect(answered > 5_000)
        #expect(named > 2_000)
        #expect(regexps > 500)
        #expect(groups > 2_000)
    }

    @Test func patternsTheParserRefusesOrWithNonASCIIAreLeftToIt() {
        for pattern in [
            "/a/:id(\\m)", "/a/:id()", "/a/:id((x))", "/:", "/:9", "/:a/:a", "/caf\u{E9}/:id", "/{a", "/a}", "/?x", "/:id??", "/{{a}}", "/a\\",
        ] {
            #expect(PatternParser.simpleParts(pattern, options: .pathname, encode: Canonicalizer.pathname) == nil, "\(pattern)")
        }
        for pattern in ["/a/(\\d+)", "/a/:id(\\d+)?", "/a/:id?", "/a/*", "/{a}", "/a\\:b", "/a/:id+", "/{:x}?/b"] {
            #expect(
                PatternParser.simpleParts(pattern, options: .pathname, encode: Canonicalizer.pathname)
                    == (try? PatternParser.parseTokens(pattern, options: .pathname, encode: Canonicalizer.pathname)), "\(pattern)")
        }
        #expect(
            PatternParser.simpleParts("{:tenant.}?example.com", options: .hostname, encode: Canonicalizer.hostname) == [
                Part(kind: .segmentWildcard, value: "", modifier: .optional, name: "tenant", prefix: "", suffix: ".", position: 1),
                Part(kind: .fixedText, value: "example.com", modifier: .none),
            ])
        #expect(
            PatternParser.simpleParts("/users/:id/posts/:post", options: .pathname, encode: Canonicalizer.pathname) == [
                Part(kind: .fixedText, value: "/users", modifier: .none),
                Part(kind: .segmentWildcard, value: "", modifier: .none, name: "id", prefix: "/", position: 7),
                Part(kind: .fixedText, value: "/posts", modifier: .none),
                Part(kind: .segmentWildcard, value: "", modifier: .none, name: "post", prefix: "/", position: 17),
            ])
        #expect(
            PatternParser.simpleParts("/orders/:id(\\d+)-:rest(.*)", options: .pathname, encode: Canonicalizer.pathname) == [
                Part(kind: .fixedText, value: "/orders", modifier: .none),
                Part(kind: .regexp, value: "\\d+", modifier: .none, name: "id", prefix: "/", position: 11),
                Part(kind: .fixedText, value: "-", modifier: .none),
                Part(kind: .fullWildcard, value: "", modifier: .none, name: "rest", position: 22),
            ])
    }
}
