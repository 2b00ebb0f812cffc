import TestSupport
import Testing

@testable import AxiomRouting
@testable import AxiomURLPattern

@Suite struct RouterRobustnessTests {
    static let pieces = [
        "myapp://", "https://example.com", "https://evil.example", "http://", "myapp:", "/", "profile", "posts", "42", "-7",
        "99999999999999999999", "settings", "privacy", "%", "%zz", "%FF", "%2e%2e", "..", ".", "?", "q=x", "&", "=", "#",
        "+", "é", " ", "\u{0}", "\u{7}", "\\", "@", ":", "search", "u", "inbox", "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
    ]
    static let codes: Set<String> = [
        "empty-input", "invalid-url", "input-too-long", "origin-not-accepted", "no-route", "conversion-failed",
        "invalid-percent-encoding", "missing-query-parameter", "limit-exceeded", "app-url-without-host", "credentials-not-allowed",
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
                    #expect(Self.codes.contains(failure.code.rawValue), "\(url)")
                    #expect(!failure.description.isEmpty)
                }
            }
        }
        #expect(matched > 30)
        #expect(failed > 30)
    }
}
