import TestSupport
import Testing

@testable import AxiomURLPattern

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
                if let result = try pattern.execOrThrow(url) {
                    for component in URLPattern.Component.allCases {
                        #expect(result[component].groups.names == pattern.groupNames(for: component))
                    }
                }
            } catch {
                // Typed by the signature; an invalid URL must say where it failed.
                if error.code == .invalidURL, let position = error.parseError?.position {
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
