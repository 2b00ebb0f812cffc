import TestSupport
import Testing

@testable import AxiomURLPattern

/// Regexp groups the translator would give back as written (`:id(\d+)`) are neither translated
/// to be validated nor translated again inside their component's regexp (issue 33:
/// construction within Node's time). Where `keepsAsWritten` says so, translating must give the
/// text back without an error; where a component's regexp is kept, it must be what translating
/// the generated text gives.
@Suite struct KeptRegexpTests {
    static let pieces = [
        "a", "Z", "0", "-", "_", ",", ":", "/", "\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "\\t", "\\n", "\\/", "\\.", "\\(", "\\?", "\\\\",
        "\\b", "\\-", "\\x41", "\\u0041", "\\1", "\\q", "*", "+", "?", "??", "*?", "|", "^", "$", ".", "[a-z]", "[", "]", "(?:a)", "{2}",
        "{", "}", "é",
    ]

    @Test func whatIsKeptAsWrittenTranslatesToItself() throws {
        var generator = SplitMix64(state: 0x6E97)
        var kept = 0
        var refusedByTheTranslator = 0
        for _ in 0..<30_000 {
            let count = 1 + Int(generator.next() % 6)
            let regexp = (0..<count).map { _ in Self.pieces.randomElement(using: &generator) ?? "" }.joined()
            let translated = try? JavaScriptRegexTranslator.translate(regexp)
            if JavaScriptRegexTranslator.keepsAsWritten(regexp) {
                kept += 1
                #expect(translated == regexp, "\(regexp)")
            }
            if translated == nil { refusedByTheTranslator += 1 }
            // Validation says what translating says, fast path or not.
            #expect(((try? JavaScriptRegexTranslator.validate(regexp)) != nil) == (translated != nil), "\(regexp)")
        }
        #expect(kept > 3_000)
        #expect(refusedByTheTranslator > 3_000)
    }

    @Test(arguments: [
        ("\\d+", true), ("[a-z]+", false), ("a.b", false), ("+a", false), ("a++", false), ("a+?", true), ("^a|b$", true), ("\\b", false),
        ("\\-", false), ("(?:a)", false), ("a{2}", false), ("\\/\\d*?", true), ("\\", false), ("é", false), ("", false), ("^*", false),
    ])
    func examples(regexp: String, kept: Bool) {
        #expect(JavaScriptRegexTranslator.keepsAsWritten(regexp) == kept, "\(regexp)")
    }

    /// Every component of patterns with regexp groups: its PCRE2 source is what translating
    /// its generated regexp gives, and the pattern matches as one whose source was translated.
    @Test func componentsWithKeptRegexpGroupsCompileToTheTranslation() throws {
        let pieces = ["/", "a", ":id", "(\\d+)", ":n(\\w+|x)", "(a\\/b*?)", "([a-z]+)", "(.+)", "{/:y(\\d+)}?", "*", ":k(\\s)", "\\.", "é"]
        var generator = SplitMix64(state: 0x4EE9)
        var compiled = 0
        for _ in 0..<3_000 {
            let count = 1 + Int(generator.next() % 5)
            let pattern = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            for (options, encode) in [
                (PatternOptions.pathname, Canonicalizer.pathname as PatternParser.Encoder), (.hostname, Canonicalizer.hostname),
                (.default, Canonicalizer.search),
            ] {
                guard let parts = try? PatternParser.parse(pattern, options: options, encode: encode),
                    parts.contains(where: { $0.kind == .regexp })
                else { continue }
                let component = try CompiledComponent(.pathname, pattern: pattern, options: options, encode: encode)
                let generated = PatternRegexGenerator.regexp(parts, options: options).source
                #expect(component.regexSource == (try JavaScriptRegexTranslator.translate(generated)), "\(pattern)")
                compiled += 1
            }
        }
        #expect(compiled > 1_000)
    }
}
