import Testing

@testable import AxiomRouting
@_spi(Lookup) @testable import AxiomURLPattern

/// The overlap analysis's regexp automata agree with PCRE2 (through the same JavaScript
/// translation lookups use) on every string up to a length, for random expressions of what the
/// builder models; what it does not model is refused, never guessed.
@Suite struct RegexAutomatonTests {
    private func accepts(_ nfa: PathNFA, _ text: String) -> Bool { LanguageComparison.accepts(nfa, text) }

    private func automaton(_ source: String) -> PathNFA? {
        var nfa = PathNFA()
        guard let fragment = try? RegexAutomatonBuilder.fragment(source, caseless: false, in: &nfa) else { return nil }
        nfa.start = fragment.start
        nfa.accept = fragment.end
        return nfa
    }

    @Test func randomExpressionsAgreeWithPCRE2() throws {
        let atoms = ["a", "b", "1", "/", "[ab]", "[^a]", ".", "\\d", "\\w", "[a-b1]", "\\/", "(?:a|b1)", "(?:)"]
        let quantifiers = ["", "", "*", "+", "?", "{0}", "{2}", "{0,2}", "{1,}", "*?", "{1,3}?"]
        var seed: UInt64 = 0xC0FFEE
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(seed >> 33) % bound
        }
        func expression(_ depth: Int) -> String {
            var pieces: [String] = []
            for _ in 0..<(1 + next(3)) {
                let atom = depth > 0 && next(4) == 0 ? "(?:" + expression(depth - 1) + ")" : atoms[next(atoms.count)]
                pieces.append(atom + quantifiers[next(quantifiers.count)])
            }
            let sequence = pieces.joined()
            return next(5) == 0 ? sequence + "|" + expression(depth - 1 < 0 ? 0 : depth - 1) : sequence
        }
        var strings = [""]
        var frontier = [""]
        for _ in 0..<5 {
            frontier = frontier.flatMap { text in ["a", "b", "1", "/"].map { text + $0 } }
            strings += frontier
        }
        let scratch = MatchScratch(captures: 4, limits: MatchLimits())
        for _ in 0..<150 {
            let source = expression(1)
            let nfa = try #require(automaton(source), "\(source)")
            let regex = try CompiledRegex(try JavaScriptRegexTranslator.translate("^(?:" + source + ")$"), caseless: false, jit: false)
            for text in strings {
                var subject = text
                let pcre = subject.withUTF8 { (try? regex.match($0, scratch: scratch)) ?? false }
                #expect(accepts(nfa, text) == pcre, "/\(source)/ on '\(text)'")
            }
        }
    }

    @Test func countsOfZeroAndEmptyRangesAreTheEmptyString() throws {
        // `{0}` once made a range whose end came before its start: a trap on a table's pattern.
        for source in ["b{0}c", "b{0,0}c", "(?:ab){0}", "b{0}"] {
            let nfa = try #require(automaton(source))
            #expect(accepts(nfa, source.hasSuffix("c") ? "c" : ""), "\(source)")
            #expect(!accepts(nfa, "bc"), "\(source)")
        }
        #expect(compile("route a /a/:x(b{0}c)\nroute b /a/:y(c)").diagnostics.map(\.code) == [.ambiguousRoutes])
    }

    /// Nested counts multiply: the builder stops at the size the analysis compares instead of
    /// building millions of states (8.6 s and 2.3 GB for one route's ranking, found reading the change).
    @Test func nestedCountsStopAtTheSizeLimit() {
        var nfa = PathNFA()
        #expect(throws: RegexAutomatonBuilder.Unsupported.self) {
            _ = try RegexAutomatonBuilder.fragment("(?:(?:(?:a{64}){64}){64}){64}", caseless: false, in: &nfa)
        }
        #expect(nfa.stateCount < PathLanguage.stateLimit * 2)
        #expect(!PathLanguage.canMatchSlash("(?:(?:(?:a{64}){64}){64}){64}"))
    }

    @Test(arguments: ["(?=a)a", "(?!a)b", "(?<=a)b", "\\1", "\\bword", "\\p{L}", "(?<name>a)\\k<name>", "a{65}", "[[a]]"])
    func whatTheBuilderDoesNotModelIsRefused(source: String) {
        #expect(automaton(source) == nil)
    }
}
