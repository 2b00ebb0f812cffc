#if BundledPCRE2 && canImport(CPCRE2Bundled)
    import CPCRE2Bundled
#else
    import CPCRE2
#endif
import TestSupport
import Testing

@_spi(Lookup) @testable import AxiomURLPattern

/// Wildcards written next to each other (`**`, `:a:b`, `*:a`) compile to a linear form of the
/// standard's expression. These tests check that the two forms agree — same match, same groups
/// — and that the linear form costs little where the standard's form runs into the match limit.
@Suite struct LinearWildcardTests {
    /// Group texts of `source` on `subject` (nil: no match; a nil group: did not participate).
    private func groups(_ source: String, _ subject: String, limits: MatchLimits = MatchLimits()) throws -> [String?]? {
        let regex = try CompiledRegex(JavaScriptRegexTranslator.translate(source), caseless: false)
        let scratch = MatchScratch(captures: regex.captureCount, limits: limits)
        var text = subject
        return try text.withUTF8 { bytes in
            guard try regex.match(bytes, scratch: scratch) else { return nil }
            return (0...regex.captureCount).map { index in
                scratch.range(ofGroup: index).map { String(decoding: bytes[$0], as: UTF8.self) }
            }
        }
    }

    private func parts(_ pattern: String, _ options: PatternOptions) throws -> [Part] {
        try PatternParser.parse(pattern, options: options, encode: { $0 })
    }

    @Test func adjacentWildcardsGetTheirLinearForm() throws {
        // `**` is one wildcard repeated: `((?:.*)*)` in the standard's form.
        #expect(PatternRegexGenerator.regexp(try parts("/**", .pathname), options: .pathname).source == #"^(?:\/(.*))?$"#)
        #expect(PatternRegexGenerator.regexp(try parts("/***", .pathname), options: .pathname).source == #"^(?:\/(.*))?(.*)$"#)
        #expect(PatternRegexGenerator.regexp(try parts("/x***", .pathname), options: .pathname).source == #"^\/x(.*)()$"#)
        #expect(PatternRegexGenerator.regexp(try parts("/x:a+y", .pathname), options: .pathname).source == #"^\/x([^\/]+)y$"#)
        #expect(PatternRegexGenerator.regexp(try parts("/:a:b", .pathname), options: .pathname).source == #"^(?:\/([^\/]))([^\/]+?)$"#)
        #expect(PatternRegexGenerator.regexp(try parts("*:a", .pathname), options: .pathname).source == #"^(.*)([^\/])$"#)
        // Not adjacent (text, a modifier or a custom regexp between): the standard's form.
        #expect(PatternRegexGenerator.regexp(try parts("/:a-:b", .pathname), options: .pathname).source == #"^(?:\/([^\/]+?))-([^\/]+?)$"#)
        #expect(PatternRegexGenerator.regexp(try parts("/:a/:b", .pathname), options: .pathname).source == #"^(?:\/([^\/]+?))(?:\/([^\/]+?))$"#)
        #expect(PatternRegexGenerator.regexp(try parts("/*?*", .pathname), options: .pathname).source == #"^(?:\/(.*))?(.*)$"#)
        #expect(PatternRegexGenerator.regexp(try parts(":a.:b", .hostname), options: .hostname).source == #"^([^\.]+?)\.([^\.]+?)$"#)
        #expect(PatternRegexGenerator.regexp(try parts(":a:b", .hostname), options: .hostname).source == #"^([^\.])([^\.]+?)$"#)
    }

    /// Random patterns built from wildcards, parameters and a little text, with and without
    /// modifiers, matched against random inputs: the linear form gives exactly the standard's
    /// result every time.
    @Test(arguments: [PatternOptions.pathname, .hostname, .default])
    func linearFormAgreesWithTheStandardsForm(options: PatternOptions) throws {
        var random = SplitMix64(state: 0x5EED_0000 + UInt64(options.delimiter?.value ?? 0))
        let pieces = [
            "*", ":a", ":b", ":c", "/", ".", "x", "/*", "/:d", "{x}?", ":e?", "*?", "(.*)", "/:f+", "**", ":g+", ":h*", "{x:i}+", "{:j}*", "*+",
            "{x*}*", "{/:k}?", "(x)",
        ]
        let alphabet: [Character] = ["/", ".", "x", "y", "x", "/"]
        var compared = 0
        for _ in 0..<400 {
            var pattern = ""
            for _ in 0..<Int.random(in: 0..<6, using: &random) + 1 { pattern += pieces[Int.random(in: 0..<pieces.count, using: &random)] }
            // Reusing a name is an error; those patterns are skipped.
            guard let parsed = try? parts(pattern, options) else { continue }
            let linear = PatternRegexGenerator.regexp(parsed, options: options).source
            let standard = PatternRegexGenerator.regexp(parsed, options: options, linear: false).source
            for _ in 0..<12 {
                let input = String(
                    (0..<Int.random(in: 0..<9, using: &random)).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] })
                let expected = try groups(standard, input)
                let actual = try groups(linear, input)
                #expect(actual == expected, "pattern \(pattern) on \(input.debugDescription): \(linear) vs \(standard)")
                compared += 1
            }
        }
        #expect(compared > 2000)
    }

    /// The fuzzer's find: five full wildcards before a literal made a 30-byte path spend
    /// PCRE2's whole match limit (about 4 ms) in the standard's form.
    @Test func chainedWildcardsStayFarBelowTheMatchLimit() throws {
        let parsed = try parts("/*****legal/:document", .pathname)
        let path = "/route login /login and some more text"
        let tight = MatchLimits(matchLimit: 5_000)
        // The standard's form spends the whole limit backtracking (the breadth-first fallback
        // would then answer, so PCRE2's backtracking matcher is called directly here).
        let standard = try CompiledRegex(
            JavaScriptRegexTranslator.translate(PatternRegexGenerator.regexp(parsed, options: .pathname, linear: false).source), caseless: false)
        let scratch = MatchScratch(captures: standard.captureCount, limits: tight)
        var subject = path
        let rc = subject.withUTF8 { bytes in
            pcre2_match_8(standard.handle.code, bytes.baseAddress, bytes.count, 0, 0, scratch.matchData, scratch.matchContext)
        }
        #expect(rc == PCRE2_ERROR_MATCHLIMIT)
        #expect(try groups(PatternRegexGenerator.regexp(parsed, options: .pathname).source, path, limits: tight) == nil)
        let long = "/" + String(repeating: "a", count: 4000) + "legal/terms"
        let match = try #require(try groups(PatternRegexGenerator.regexp(parsed, options: .pathname).source, long, limits: tight))
        #expect(match[1] == String(repeating: "a", count: 4000) && match[2] == "" && match[3] == "" && match[4] == "terms")
    }
}
