import TestSupport
import Testing

@_spi(Lookup) @testable import AxiomURLPattern

/// The escapers and the scalar-run helpers work on UTF-8 bytes and copy runs in one piece (long
/// literals compile in linear time). Compared here with the plain character-by-character
/// definitions on random text mixing ASCII syntax, non-ASCII letters and astral characters.
@Suite struct EscapingTests {
    private static let alphabet: [Unicode.Scalar] = Array(".+*?^${}()[]|/\\:az09-_%é漢\u{FFFD}😀\u{2028}".unicodeScalars)

    private static func randomText(_ random: inout SplitMix64) -> String {
        var text = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...24, using: &random) { text.append(alphabet.randomElement(using: &random) ?? "a") }
        return String(text)
    }

    /// The definition: `\` before each character of `special`.
    private static func reference(_ text: String, _ special: String) -> String {
        var output = ""
        for scalar in text.unicodeScalars {
            if special.unicodeScalars.contains(scalar) { output += "\\" }
            output.unicodeScalars.append(scalar)
        }
        return output
    }

    @Test func escapersAgreeWithTheirDefinition() {
        var random = SplitMix64(state: 0xE5CA9E)
        for _ in 0..<3_000 {
            let text = Self.randomText(&random)
            #expect(PatternRegexGenerator.escapeRegexpString(text) == Self.reference(text, ".+*?^${}()[]|/\\"), "\(text.debugDescription)")
            #expect(PatternRegexGenerator.escapePatternString(text) == Self.reference(text, "+*?:{}()\\"), "\(text.debugDescription)")
        }
    }

    @Test func knownSpellings() {
        #expect(PatternRegexGenerator.escapeRegexpString("/a.b") == "\\/a\\.b")
        #expect(PatternRegexGenerator.escapeRegexpString("%E2%82%AC") == "%E2%82%AC")
        #expect(PatternRegexGenerator.escapeRegexpString("é(x)") == "é\\(x\\)")
        #expect(PatternRegexGenerator.escapePatternString("a:b/c") == "a\\:b/c")
    }

    @Test func oneScalarEscapesAsItsString() {
        for scalar in Self.alphabet + (0..<128).compactMap(Unicode.Scalar.init) {
            #expect(PatternRegexGenerator.escapeRegexpScalar(scalar) == PatternRegexGenerator.escapeRegexpString(String(scalar)), "\(scalar)")
        }
    }

    @Test func stringFromScalarsKeepsEveryScalar() {
        var random = SplitMix64(state: 0x5CA1A5)
        for _ in 0..<1_000 {
            let text = Self.randomText(&random)
            let scalars = Array(text.unicodeScalars)
            #expect(String(scalars: scalars) == text)
            if scalars.count > 2 { #expect(String(scalars: scalars[1..<2]) == String(scalars[1])) }
        }
        #expect(String(scalars: [Unicode.Scalar]()) == "")
    }

    /// A run of ordinary characters is copied in one piece; the syntax around it still counts
    /// (a quantifier applies to the run's last character only, as in ECMAScript).
    @Test func translatorCopiesRunsAndKeepsTheirSyntax() throws {
        #expect(try JavaScriptRegexTranslator.translate("abcé漢+") == "abcé漢+")
        #expect(try JavaScriptRegexTranslator.translate("😀x*y.") == "😀x*y" + JavaScriptRegexTranslator.dot)
        #expect(throws: JavaScriptRegexTranslator.Failure.self) { try JavaScriptRegexTranslator.translate("ab)") }
        let regex = try CompiledRegex(JavaScriptRegexTranslator.translate("^ab+$"), caseless: false)
        let scratch = MatchScratch(captures: regex.captureCount, limits: MatchLimits())
        func matches(_ subject: String) throws -> Bool {
            var text = subject
            return try text.withUTF8 { try regex.match($0, scratch: scratch) }
        }
        #expect(try matches("abbb"))
        #expect(try !matches("abab"))
    }
}
