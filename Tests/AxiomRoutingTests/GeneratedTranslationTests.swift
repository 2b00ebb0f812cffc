import Foundation
import TestSupport
import Testing

@testable import AxiomRouting
@_spi(Lookup) @testable import AxiomURLPattern

/// A route's expressions (its segment tokens' and its own) keep generated text as it is where
/// translating would give it back (`JavaScriptRegexTranslator.translate(generated:parts:)`):
/// on random patterns and on every route of the repository's tables, what is kept must be
/// what translating gives.
@Suite struct GeneratedTranslationTests {
    private static func check(_ shape: RouteShape, untypedParts: [Part], _ label: String) throws {
        for token in shape.tokens where token.pcre != "\\/([^\\/]++)" {
            #expect(token.pcre == (try JavaScriptRegexTranslator.translate(token.source)), "\(label): \(token.source)")
        }
        let generated = PatternRegexGenerator.regexp(untypedParts, options: .pathname).source
        #expect(shape.regexSource == (try JavaScriptRegexTranslator.translate(generated)), "\(label)")
    }

    @Test func randomPatternsKeepOnlyWhatTranslatingGivesBack() throws {
        let pieces = [
            "/", "/", "a", "-", ".", "\\.", "%41", "~", "é", ":id", ":x?", ":n+", ":r*", "*", "{/:y}?", "{a}?", "(\\d+)", "([a-z]+)", "(.+)",
            ":t([^\\/]+?)", ":g((?<n>a))", "+", "$", "(\\w+|x)", ":k(a\\/b*?)", "(^\\s\\.$)", "(\\d\\D\\t+)",
        ]
        var generator = SplitMix64(state: 0x5E6)
        var shapes = 0
        var kept = 0
        for _ in 0..<4_000 {
            let count = 1 + Int(generator.next() % 6)
            let pattern = (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
            guard let parts = try? PatternParser.parse(pattern, options: .pathname, encode: Canonicalizer.pathname),
                let shape = try? RouteShape(untypedParts: parts, parameters: [])
            else { continue }
            shapes += 1
            kept += shape.tokens.count { !$0.source.isEmpty && $0.pcre == $0.source }
            try Self.check(shape, untypedParts: parts, pattern)
        }
        #expect(shapes > 2_000)
        // The fast path was taken often (else this tested little).
        #expect(kept > 1_000)
    }

    @Test func everyRouteOfTheRepositorysTablesKeepsOnlyWhatTranslatingGivesBack() throws {
        let root = packageRoot()
        var routes = 0
        for name in [
            "Corpus/Signal/signal.routes", "Corpus/WordPress/wordpress.routes", "Corpus/Firefox/firefox.routes", "Corpus/IceCubes/icecubes.routes",
            "Corpus/Kickstarter/kickstarter.routes", "Corpus/DuckDuckGo/duckduckgo.routes",
        ] {
            let text = try String(contentsOfFile: root + "/" + name, encoding: .utf8)
            let router = try Router(source: RouteSource(name: name, text: text))
            for index in router.routes.indices {
                let shape = try #require(router.shape(of: index))
                try Self.check(shape, untypedParts: router.parts(of: index), "\(name) \(router.routes[index].name)")
                routes += 1
            }
        }
        #expect(routes > 100)
    }
}
