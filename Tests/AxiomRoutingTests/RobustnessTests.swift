import Testing
@testable import AxiomRouting

/// Generated patterns and URLs: every failure must be a typed error whose position lies
/// inside the text it points into, and every match must report exactly the pattern's groups.
@Suite struct RobustnessTests {
    static let patternPieces = [
        "/", ":", "a", "id", "(", ")", "?", "*", "+", "{", "}", "\\", ".", "é", "🚲", "[", "]", "^", "$", "|", "-", "0",
        "#", "@", "%", " ", "\u{2028}", "(?:", "(?=", "\\d", "\\u{41}", "\\p{L}", "https://", "app://", "x.com", ":80",
        "?q", "#h", "\u{0}", "\t", "(?<n>", "\\1", "[^]", "{,}", "::",
    ]
    static let urlPieces = [
        "https://", "app://", "x.com", "/", "a", "42", "?", "#", "%", "%zz", "%C3%A9", "é", " ", "..", ".", ":", "8080",
        "@", "[", "]", "::1", "\\", "\u{0}", "\u{FFFD}", "\n",
    ]

    private func text(_ pieces: [String], _ generator: inout SplitMix64) -> String {
        let count = Int(generator.next() % 10)
        return (0..<count).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined()
    }

    private func check(_ error: URLPatternError) {
        if let position = error.position {
            #expect((0...error.pattern.unicodeScalars.count).contains(position), "\(error)")
        }
        #expect(!error.message.isEmpty)
    }

    private func exercise(_ pattern: URLPattern, _ generator: inout SplitMix64) {
        for _ in 0..<3 {
            let url = text(Self.urlPieces, &generator)
            do {
                if let result = try pattern.exec(url) {
                    for component in URLPattern.Component.allCases {
                        #expect(result[component].groups.names == pattern.groupNames(for: component))
                    }
                }
            } catch {
                // Typed by the signature; an invalid URL must say where it failed.
                if case .invalidURL(let parseError) = error, let position = parseError.position {
                    #expect(position <= url.unicodeScalars.count)
                }
            }
        }
    }

    @Test func generatedPatternsAndURLsNeverFailUntyped() {
        var generator = SplitMix64(state: 0x0A11_CE)
        var compiled = 0
        var rejected = 0
        for _ in 0..<2_500 {
            let source = text(Self.patternPieces, &generator)
            do {
                exercise(try URLPattern(source, baseURL: "https://example.com"), &generator)
                compiled += 1
            } catch {
                check(error)
                rejected += 1
            }
            do {
                exercise(try URLPattern(URLPatternInit(hostname: source, pathname: source)), &generator)
                compiled += 1
            } catch {
                check(error)
                rejected += 1
            }
        }
        // Both outcomes must be well represented, or the generator is not testing much.
        #expect(compiled > 500)
        #expect(rejected > 500)
    }
}

@Suite struct RouterRobustnessTests {
    static let pieces = [
        "myapp://", "https://example.com", "https://evil.example", "http://", "myapp:", "/", "profile", "posts", "42", "-7",
        "99999999999999999999", "settings", "privacy", "%", "%zz", "%FF", "%2e%2e", "..", ".", "?", "q=x", "&", "=", "#",
        "+", "é", " ", "\u{0}", "\u{7}", "\\", "@", ":", "search", "u", "inbox", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
    ]
    static let codes: Set<String> = [
        "empty-input", "invalid-url", "input-too-long", "origin-not-accepted", "no-route", "conversion-failed",
        "invalid-percent-encoding", "missing-query-parameter", "limit-exceeded",
    ]

    @Test func generatedURLsResolveOrFailWithAKnownReason() throws {
        let router = try defaultRouter()
        let names = Set(router.routes.map(\.name))
        var generator = SplitMix64(state: 0xD1CE)
        var matched = 0
        var failed = 0
        for _ in 0..<1_000 {
            let count = Int(generator.next() % 8)
            let url = (0..<count).map { _ in Self.pieces.randomElement(using: &generator) ?? "" }.joined()
            for result in [router.resolve(url), router.resolve(path: url)] {
                switch result {
                case .success(let match):
                    matched += 1
                    #expect(names.contains(match.route.name))
                    #expect(match.parameters.count <= match.route.parameters.count)
                case .failure(let failure):
                    failed += 1
                    #expect(Self.codes.contains(failure.code), "\(url)")
                    #expect(!failure.description.isEmpty)
                }
            }
        }
        #expect(matched > 30)
        #expect(failed > 30)
    }
}
