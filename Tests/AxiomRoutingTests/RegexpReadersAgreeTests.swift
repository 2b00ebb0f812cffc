import TestSupport
import Testing

@testable import AxiomRouting
@_spi(Lookup) @testable import AxiomURLPattern

/// ECMAScript regexp syntax (in `v` mode, as URLPattern compiles it) has one full reader
/// (`JavaScriptRegexTranslator.translate`), which alone decides what is valid, and quick ones
/// kept for speed, each answering one question in a single pass: does the translator keep
/// this group as written (`keepsAsWritten`), can PCRE2's compile of it wait
/// (`DeferredRegex.isPlainRegexp`), and what paths does it match (`RegexAutomatonBuilder`, for
/// the overlap analysis, which reads only what the translator accepts). This test binds them
/// to the full reader and to PCRE2 on the same generated regexps — classes, ranges, set
/// operations, escapes, groups, quantifiers, lookarounds — so that a quick reader that says
/// yes where the full one means otherwise fails here, whichever reader drifts.
/// (`leavesUnchanged` reads generated sources, not regexp groups: `CanonicalizerFastPathTests`
/// binds it on those.)
@Suite struct RegexpReadersAgreeTests {
    /// The pieces regexps are made of: atoms, class syntax (ranges either way, negation,
    /// escapes and `-` inside a class, set operations), group openers, quantifiers, anchors,
    /// and escapes the translator rewrites or refuses.
    static let pieces = [
        "a", "b", "1", "/", "-", "_", ".", "^", "$", "|", "*", "+", "?", "*?", "{2}", "{0,2}", "{1,}", "{", "}",
        "[", "]", "[^", "[a-b]", "[b-a]", "[^/]", "[\\d-]", "[a\\-b]", "[-a]", "[\\w]", "[.]", "[\\/]", "[[a]]", "[a&&b]",
        "(", ")", "(?:", "(?=", "(?!", "(?<=", "(?<x>", "\\k<x>", "\\1",
        "\\d", "\\D", "\\w", "\\W", "\\s", "\\S", "\\/", "\\.", "\\-", "\\b", "\\B", "\\n", "\\t", "\\u0061", "\\x61", "\\p{L}", "\\m", "é",
    ]

    /// The paths every automaton is compared with PCRE2 on: all strings up to three
    /// characters over the pieces' ASCII letters. (A canonical path is ASCII — anything else
    /// is percent-encoded — and the automata are of paths: a non-ASCII literal matches none.)
    static let subjects: [String] = {
        var strings = [""]
        var frontier = [""]
        for _ in 0..<3 {
            frontier = frontier.flatMap { text in ["a", "b", "1", "/", "-", "%"].map { text + $0 } }
            strings += frontier
        }
        return strings
    }()

    @Test func theQuickReadersAgreeWithTheTranslatorAndPCRE2() throws {
        var generator = SplitMix64(state: 0x5EAD_E45)
        var counts = (kept: 0, plain: 0, automaton: 0)
        let scratch = MatchScratch(captures: 8, limits: MatchLimits())
        for _ in 0..<12_000 {
            let length = Int(generator.next() % 5) + 1
            let regexp = (0..<length).map { _ in Self.pieces[Int(generator.next() % UInt64(Self.pieces.count))] }.joined()
            let translated = try? JavaScriptRegexTranslator.translate(regexp)
            #expect((try? JavaScriptRegexTranslator.validate(regexp)) != nil || translated == nil, "validate refuses '\(regexp)'")

            // Kept as written: the translator accepts it and gives it back.
            if JavaScriptRegexTranslator.keepsAsWritten(regexp) {
                counts.kept += 1
                #expect(translated == regexp, "keepsAsWritten('\(regexp)'), but the translator gives \(translated ?? "a failure")")
            }
            // Plain: what the translator accepts, PCRE2 compiles, with no capture of its own.
            if DeferredRegex.isPlainRegexp(regexp), let whole = try? JavaScriptRegexTranslator.translate("^\\/(" + regexp + ")$") {
                counts.plain += 1
                for caseless in [false, true] {
                    let compiled = try? CompiledRegex(whole, caseless: caseless, deferJIT: true)
                    #expect(compiled?.captureCount == 1, "isPlainRegexp('\(regexp)'), but PCRE2 compiles it to \(String(describing: compiled?.captureCount))")
                }
            }
            // The automaton: only of what the translator accepts, and matching exactly what
            // PCRE2 matches.
            var nfa = PathNFA()
            guard let fragment = try? RegexAutomatonBuilder.fragment(regexp, caseless: false, in: &nfa) else { continue }
            counts.automaton += 1
            guard let full = try? JavaScriptRegexTranslator.translate("^(?:" + regexp + ")$") else {
                Issue.record("the automaton builder reads '\(regexp)', which the translator refuses")
                continue
            }
            nfa.start = fragment.start
            nfa.accept = fragment.end
            let regex = try CompiledRegex(full, caseless: false, jit: false)
            for text in Self.subjects {
                var subject = text
                let pcre = subject.withUTF8 { (try? regex.match($0, scratch: scratch)) ?? false }
                #expect(LanguageComparison.accepts(nfa, text) == pcre, "/\(regexp)/ on '\(text)': automaton and PCRE2 differ")
            }
        }
        // Each quick reader says yes often enough for the comparison to mean something.
        #expect(counts.kept > 300)
        #expect(counts.plain > 300)
        #expect(counts.automaton > 300)
    }
}
