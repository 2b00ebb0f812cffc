import Testing
@testable import AxiomRouting

@Suite struct MatchLimitsTests {
    @Test func oneMebibyteInputIsRejectedBeforeMatching() throws {
        let compiled = try URLPattern("https://example.com/*")
        let huge = "https://example.com/" + String(repeating: "a", count: 1 << 20)
        #expect(throws: URLPatternMatchError.inputTooLong(length: huge.utf8.count, limit: 8192)) {
            try compiled.exec(huge)
        }
        #expect(throws: URLPatternMatchError.self) {
            try compiled.exec(URLPatternInit(pathname: String(repeating: "b", count: 1 << 20)))
        }
    }

    @Test func inputLengthLimitIsConfigurable() throws {
        var limits = MatchLimits()
        limits.maxInputLength = 32
        let compiled = try URLPattern("https://example.com/*", options: .init(limits: limits))
        #expect(try compiled.test("https://example.com/short"))
        #expect(throws: URLPatternMatchError.inputTooLong(length: 40, limit: 32)) {
            try compiled.exec("https://example.com/" + String(repeating: "x", count: 20))
        }
    }

    @Test func catastrophicBacktrackingStopsAtTheMatchLimit() throws {
        // (a+)+ against a run of 'a' that ends in '!' takes exponential time without a limit.
        let options = URLPattern.Options(limits: MatchLimits(maxInputLength: 20_000))
        let compiled = try URLPattern(URLPatternInit(pathname: "/:x((?:a+)+)"), options: options)
        let input = URLPatternInit(pathname: "/" + String(repeating: "a", count: 10_000) + "!")
        #expect(throws: URLPatternMatchError.matchLimitExceeded(component: .pathname)) {
            try compiled.exec(input)
        }
        // The same pattern still matches ordinary input.
        #expect(try compiled.exec(URLPatternInit(pathname: "/aaa"))?.pathname["x"] == "aaa")
    }

    /// Found by the table fuzzer: `explain` matches each route with its own expression, run
    /// without the JIT, which counts the match limit differently from the combined expression
    /// `resolve` uses. A route `resolve` took must not be "pattern does not match" in `explain`.
    @Test func explainAgreesWithResolveWhenARoutesOwnExpressionHitsTheLimit() throws {
        let pattern = "/*********" + String(repeating: "\u{0}", count: 100) + "*gs/account/passwo*********rd"
        let table = "route notifications \(pattern)\nroute other /other\n"
        let limits = MatchLimits(matchLimit: 100_000)
        let router = try #require(Router.compile([RouteSource(name: "t.routes", text: table)], limits: limits).router)
        let url = "myapp:/route notifications \(pattern)"
        // The scenario: the route's own expression stops at the limit on this path.
        guard case .success(let (routed, _)) = router.routed(url) else { Issue.record("not routed"); return }
        var path = router.normalized(routed)
        let scratch = MatchScratch(captures: 64, limits: limits)
        let own = try #require(router.rank(ofRouteNamed: "notifications").flatMap { router.regex(of: $0) })
        #expect(throws: RegexMatchFailure.limitExceeded) { try path.withUTF8 { try own.match($0, scratch: scratch) } }

        guard case .success(let match) = router.resolve(url) else { Issue.record("resolve failed"); return }
        #expect(match.route.name == "notifications")
        let outcomes = router.explain(url).candidates.map { "\($0.route.name): \($0.outcome)" }
        #expect(outcomes.contains("notifications: taken"))
    }
}
