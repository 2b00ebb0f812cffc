import TestSupport
import Testing

@testable import AxiomURLPattern

/// A constructor string of the common shape is split without the tokenizer and the state
/// machine (issues 17 and 33: construction time), pattern syntax in its host, path, search
/// and hash included. Wherever that fast path answers, it must answer as
/// the state machine does.
@Suite struct PlainConstructorStringTests {
    static let schemes = ["https", "HTTP", "myapp", "file", "ws", "a.b-c", "a+b", "1x", ""]
    static let separators = ["://", ":/", ":", ":///"]
    static let hosts = [
        "example.com", "EXAMPLE.com", "h", "xn--a", "127.0.0.1", "a-b", "", "u@h", "[::1]", "h:", "a b", "é", "{:tenant.}?example.com", ":sub.h",
        "*.h", "{www.}?h", "{a", "a}", "h{:x}*", ":x?", "(a|b).h", "\\:h", "{a?b}.h", "{/}h", "h(", "*?", "{x}+h", "{:x\\}}", "{(a)}h", ":",
    ]
    static let ports = ["", ":8080", ":0", ":", ":x", "::1", ":8{0}", ":*", ":8?"]
    static let paths = [
        "", "/", "/a", "/a/b", "/a.b", "/%20", "/:id", "/*", "/a?b", "/{x}", "/a:b", "/(a)", "/\\\\x", "//", "/u/:user/p/:post", "/:a:b", "/:",
        "/a:", "/:1", "/:id/x", "/:_$", "/:id.json", "/:id(\\\\d+)", "/{a}?", "/*?", "/a@b", "/[x]", "/(a?b)", "/(a#b)", "/\\\\?",
        "/:id+", "/(", "/)", "/\\#", "/(a#", "/\\?x", "/search/:kind\\?", "/:id?", "/*?", "/{a}?", "/(a)?", "/a\\.?", "/:id??", "/{#}",
        "/{?}", "/{a", "/a}?", "/:x(\\d+)?", "/\\", "/a?:b", "/*#",
    ]
    static let searches = ["", "?", "?q", "?a=1&b=2", "?a/b", "?a:b", "?*", "??", "\\?q=:query", "?{#}", "?:q", "?a\\#"]
    static let hashes = ["", "#", "#h", "#a?b", "#a#b", "#:x", "#*", "#{a}?"]

    @Test func theFastPathAnswersAsTheStateMachineDoes() throws {
        var generator = SplitMix64(state: 0xC0_57)
        var plain = 0
        var syntaxInHost = 0
        var syntaxBeforeSearch = 0
        for _ in 0..<160_000 {
            let input = [Self.schemes, Self.separators, Self.hosts, Self.ports, Self.paths, Self.searches, Self.hashes]
                .map { $0.randomElement(using: &generator) ?? "" }.joined()
            guard let fast = input.utf8.withContiguousStorageIfAvailable(ConstructorStringParser.parsePlain) ?? nil else { continue }
            plain += 1
            if fast.hostname?.utf8.contains(where: PatternParser.isSyntax) == true { syntaxInHost += 1 }
            if fast.search?.isEmpty == false, fast.pathname?.utf8.contains(where: PatternParser.isSyntax) == true { syntaxBeforeSearch += 1 }
            #expect(fast == (try ConstructorStringParser.parseByStateMachine(input)), "\(input)")
        }
        #expect(plain > 5_000)
        // The syntax the fast path reads was read often (else this tested little of it).
        #expect(syntaxInHost > 1_000)
        #expect(syntaxBeforeSearch > 1_000)
    }

    @Test(arguments: [
        "https://example.com/settings/privacy", "https://example.com", "https://example.com:8080/a?x=1#h", "myapp://profile/42",
        "https://ex.com?q", "myapp://h#x", "https://example.com/users/:user/posts/:post/comments/:comment", "https://example.com/orders/:id(\\d+)",
        "https://{:tenant.}?example.com/search/:kind\\?q=:query#*", "https://example.com/:id?q", "https://{:sub.}?example.com/",
        "https://example.com/*#x", "https://h/a?:b", "myapp://profile/:id#top",
    ])
    func literalPatternsTakeIt(input: String) throws {
        let fast = try #require(input.utf8.withContiguousStorageIfAvailable(ConstructorStringParser.parsePlain) ?? nil)
        #expect(fast == (try ConstructorStringParser.parseByStateMachine(input)))
    }

    @Test(arguments: [
        "https://u@h/", "https://[::1]/", "https://h:1x/", "https://h\\:1/", "https://{a/b", "https://h:8{0}/", "https:///a", "https://h:/a",
        "https://h/(a", "https://h/a\\",
    ])
    func otherShapesTakeTheStateMachine(input: String) {
        #expect((input.utf8.withContiguousStorageIfAvailable(ConstructorStringParser.parsePlain) ?? nil) == nil)
    }
}
