import TestSupport
import Testing

@testable import AxiomURLPattern

@Suite struct PatternParserTests {
    private func parts(_ pattern: String, _ options: PatternOptions = .pathname) throws -> [Part] {
        try PatternParser.parse(pattern, options: options) { $0 }
    }

    @Test func namedGroupTakesThePrecedingSlashAsItsPrefix() throws {
        let parsed = try parts("/users/:id")
        #expect(parsed.count == 2)
        #expect(parsed[0] == Part(kind: .fixedText, value: "/users", modifier: .none))
        #expect(parsed[1].kind == .segmentWildcard)
        #expect(parsed[1].name == "id")
        #expect(parsed[1].prefix == "/")
    }

    @Test func otherCharactersBeforeAGroupStayFixedText() throws {
        let parsed = try parts("/users-:id")
        #expect(parsed.map(\.kind) == [.fixedText, .segmentWildcard])
        #expect(parsed[0].value == "/users-")
        #expect(parsed[1].prefix == "")
    }

    @Test func unnamedGroupsAreNumberedInOrder() throws {
        let parsed = try parts("/(\\d+)/:name/*")
        #expect(parsed.filter { $0.kind != .fixedText }.map(\.name) == ["0", "name", "1"])
    }

    @Test func modifiersAndBracesBuildOneGroupWithPrefixAndSuffix() throws {
        let parsed = try parts("{/:id.json}?")
        #expect(parsed.count == 1)
        #expect(parsed[0].prefix == "/")
        #expect(parsed[0].suffix == ".json")
        #expect(parsed[0].modifier == .optional)
    }

    @Test func segmentWildcardRegexpWrittenOutIsRecognised() throws {
        let named = try parts("/:id([^\\/]+?)")
        #expect(named.count == 1)
        #expect(named.first?.kind == .segmentWildcard)
        let unnamed = try parts("/(.*)")
        #expect(unnamed.count == 1)
        #expect(unnamed.first?.kind == .fullWildcard)
    }

    @Test func encoderIsAppliedToFixedTextPrefixAndSuffix() throws {
        let parsed = try PatternParser.parse("{a:id b}x", options: .default) { $0.uppercased() }
        #expect(parsed[0].prefix == "A")
        #expect(parsed[0].suffix == " B")
        #expect(parsed[1].value == "X")
    }

    // Canonical pattern strings, from the standard's "generate a pattern string".
    @Test(arguments: [
        ("/foo/(.*)", "/foo/*"),
        ("/foo/(.*)?", "/foo/*?"),
        ("/foo/:bar([^\\/]+?)", "/foo/:bar"),
        ("/foo/([^\\/]+?)", "/foo/([^\\/]+?)"),
        ("/:foo\\bar", "{/:foo}bar"),
        ("{/:foo}bar", "{/:foo}bar"),
        ("/foo{/bar}", "/foo/bar"),
        ("/foo{bar}?", "/foo{bar}?"),
        ("{/foo}?", "{/foo}?"),
        ("/:a:b", "/:a:b"),
        ("/:a{(\\d+)}", "{/:a}(\\d+)"),
        ("/:a(\\d+):b", "/:a(\\d+):b"),
        ("/:id(.*)", "/:id(.*)"),
        ("{/:id.json}?", "{/:id.json}?"),
        ("/foo\\:bar", "/foo\\:bar"),
        ("/*/*", "/*/*"),
        ("/:name.html", "/:name.html"),
        ("/:name\\x", "{/:name}x"),
        ("/foo/*+", "/foo/*+"),
    ])
    func printsTheCanonicalPatternString(pattern: String, canonical: String) throws {
        #expect(PatternRegexGenerator.patternString(try parts(pattern), options: .pathname) == canonical)
    }

    @Test func hostnameOptionsUseDotAsTheSegmentDelimiter() throws {
        let parsed = try parts(":sub.example.com", .hostname)
        #expect(PatternRegexGenerator.regexp(parsed, options: .hostname).source == "^([^\\.]+?)\\.example\\.com$")
    }

    @Test func generatesTheStandardsRegularExpression() throws {
        let cases: [(String, String)] = [
            ("/foo/:bar", "^\\/foo(?:\\/([^\\/]+?))$"),
            ("/foo/:bar?", "^\\/foo(?:\\/([^\\/]+?))?$"),
            ("/foo/:bar+", "^\\/foo(?:\\/((?:[^\\/]+?)(?:\\/(?:[^\\/]+?))*))$"),
            ("/foo/:bar*", "^\\/foo(?:\\/((?:[^\\/]+?)(?:\\/(?:[^\\/]+?))*))?$"),
            ("(a)+", "^((?:a)+)$"),
            ("/foo{bar}?", "^\\/foo(?:bar)?$"),
        ]
        for (pattern, regexp) in cases {
            #expect(PatternRegexGenerator.regexp(try parts(pattern), options: .pathname).source == regexp, "\(pattern)")
        }
    }

    /// A component without pattern syntax skips the tokenizer and parser
    /// (`CompiledComponent.plainTextParts`): its parts must be the parser's, under every
    /// component's canonicaliser, for text of every kind the canonicalisers treat specially.
    @Test func plainTextPartsAreTheParsersParts() throws {
        let encoders: [(PatternOptions, PatternParser.Encoder)] = [
            (.default, Canonicalizer.protocol), (.default, Canonicalizer.username), (.default, Canonicalizer.password),
            (.hostname, Canonicalizer.hostname), (.default, { (value) throws(PatternSyntaxError.Problem) in try Canonicalizer.port(value) }),
            (.pathname, Canonicalizer.pathname), (.default, Canonicalizer.opaquePathname), (.default, Canonicalizer.search),
            (.default, Canonicalizer.hash),
        ]
        let alphabet: [String] = [
            "a", "Z", "0", "9", ".", "/", "-", "_", "%", "%2e", "%41", " ", "#", "@", "[", "]", "!", "é", "ß", "😀", "..", "&", "=", "~",
            "\t", "xn--", "\u{AD}", "|", "<", ";",
        ]
        var generator = SplitMix64(state: 0x5EED_2026)
        var fast = 0
        for _ in 0..<4_000 {
            let text = (0..<Int.random(in: 1...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator) ?? "a" }.joined()
            for (options, encode) in encoders {
                guard let plain = CompiledComponent.plainTextParts(text, encode: encode) else { continue }
                fast += 1
                #expect(plain == (try? PatternParser.parse(text, options: options, encode: encode)), "\(text.debugDescription)")
            }
        }
        #expect(fast > 10_000)
        // Pattern syntax, or text the canonicaliser refuses, goes to the parser.
        #expect(CompiledComponent.plainTextParts("/users/:id", encode: Canonicalizer.pathname) == nil)
        #expect(CompiledComponent.plainTextParts("a b", encode: Canonicalizer.protocol) == nil)
        #expect(CompiledComponent.plainTextParts("", encode: Canonicalizer.pathname) == nil)
    }
}
