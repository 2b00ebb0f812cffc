import Testing

@testable import AxiomRouting
@_spi(Lookup) @testable import AxiomURLPattern

/// The router under PCRE2's match limit: adjacent wildcards in their linear form, and `explain`
/// agreeing with `resolve` when a route's own expression stops at the limit.
@Suite struct RouterMatchLimitTests {
    /// In the standard's form, `/p/:a:b/end` on a 3,000-byte segment tries every split of the
    /// segment (4.5 million steps) before it fails; the linear form tries each end once. The
    /// fuzzer's `/*****legal` route spent the default limit (a million steps) on short paths.
    @Test func routesWithAdjacentWildcardsResolveWithinALowLimit() throws {
        func router(_ table: String) throws -> Router {
            try #require(Router.compile([RouteSource(name: "t.routes", text: table)], limits: MatchLimits(matchLimit: 20_000)).router)
        }
        let legal = try router("route legal /*****legal/:document\n")
        let pair = try router("route pair /p/:a:b/end\n")
        for (router, path) in [(legal, "/route login /login and some more text"), (pair, "/p/" + String(repeating: "q", count: 3000) + "/nope")] {
            guard case .failure(let failure) = router.resolve(path: path) else {
                Issue.record("\(path) resolved")
                continue
            }
            #expect(failure.code.rawValue == "no-route")
        }
        guard case .success(let match) = pair.resolve(path: "/p/xyz/end") else {
            Issue.record("no match")
            return
        }
        #expect(match.route.name == "pair" && match.parameters["a"] == .string("x") && match.parameters["b"] == .string("yz"))
    }

    /// Found by the table fuzzer: `explain` matches each route with its own expression, run
    /// without the JIT, which counts the match limit differently from the combined expression
    /// `resolve` uses. A route `resolve` took must not be "pattern does not match" in `explain`.
    ///
    /// On both engines (CI runs the suite on a PCRE2 built without the JIT too): with the JIT,
    /// the combined expression matches within the limit; without it, the interpreter counts
    /// more steps, stops at the limit, and `resolve` fails with `limit-exceeded` — a typed
    /// failure, never a wrong route — and `explain` says the same.
    @Test func explainAgreesWithResolveWhenARoutesOwnExpressionHitsTheLimit() throws {
        let pattern = "/*********" + String(repeating: "\u{0}", count: 100) + "*gs/account/passwo*********rd"
        let table = "option app-scheme-host optional\nroute notifications \(pattern)\nroute other /other\n"
        let limits = MatchLimits(matchLimit: 100_000)
        let router = try #require(Router.compile([RouteSource(name: "t.routes", text: table)], limits: limits).router)
        let url = "myapp:/route notifications \(pattern)"
        // The scenario: the route's own expression stops at the limit on this path.
        guard case .success(let context) = router.routed(url) else {
            Issue.record("not routed")
            return
        }
        var path = router.normalized(context.path)
        let scratch = MatchScratch(captures: 64, limits: limits)
        let own = try #require(router.rank(ofRouteNamed: "notifications").flatMap { router.regex(of: $0) })
        #expect(throws: RegexMatchFailure.limitExceeded) { try path.withUTF8 { try own.match($0, scratch: scratch) } }

        let outcomes = router.explain(url).candidates.map { "\($0.route.name): \($0.outcome)" }
        switch (router.resolve(url), CompiledRegex.jitAvailable) {
        case (.success(let match), true):
            #expect(match.route.name == "notifications")
            #expect(outcomes.contains("notifications: taken"))
        case (.failure(let failure), false):
            #expect(failure.code.rawValue == "limit-exceeded")
            #expect(!outcomes.contains { $0.hasSuffix(": taken") }, "\(outcomes)")
            #expect(outcomes.contains("notifications: rejected: match limit exceeded: a route's regexp backtracks too much on this input"), "\(outcomes)")
        case (let result, let jit):
            Issue.record("\(jit ? "with" : "without") the JIT, resolve gave \(result)")
        }
    }

    /// The other way round (found by the table fuzzer): the combined expression stops at the
    /// limit on an earlier route, so `resolve` fails, while a later route's own expression
    /// matches. `explain` must not say that route was taken.
    @Test func explainTakesNothingWhenResolveStoppedAtTheLimit() throws {
        let table = "route greedy /:a((?:x+)+)/end\nroute plain /:b/end\n"
        let router = try #require(
            Router.compile([RouteSource(name: "t.routes", text: "option app-scheme-host optional\n" + table)], limits: MatchLimits(matchLimit: 5_000))
                .router)
        // Longer than the breadth-first fallback examines, so the limit is the answer.
        let path = "/" + String(repeating: "x", count: 200) + "!/end"
        guard case .failure(let failure) = router.resolve(path: path) else {
            Issue.record("resolve did not stop at the limit")
            return
        }
        #expect(failure.code.rawValue == "limit-exceeded")
        let outcomes = router.explain("myapp:/" + path).candidates.map { "\($0.route.name): \($0.outcome)" }
        #expect(!outcomes.contains { $0.hasSuffix(": taken") }, "\(outcomes)")
        #expect(outcomes.contains("plain: rejected: match limit exceeded: a route's regexp backtracks too much on this input"), "\(outcomes)")
    }

    /// Issue 16, item 5, in the router: many groups in one segment on an ordinary path that
    /// no route takes. The combined expression and the route's own both spend the limit
    /// backtracking; the route's own is then answered breadth-first, so the path is a plain
    /// miss (and a later route still gets its turn), and `explain` says the same.
    @Test func manyGroupsInASegmentAreAMissNotTheLimit() throws {
        let table = "route seven /:a-:b-:c-:d-:e-:f-:g\nroute catchAll /*\n"
        let router = try #require(Router.compile([RouteSource(name: "t.routes", text: "option app-scheme-host optional\n" + table)]).router)
        let path = "/" + String(repeating: "a-", count: 30) + "/x"  // 63 bytes, two segments
        guard case .success(let match) = router.resolve(path: path) else {
            Issue.record("\(path) did not resolve")
            return
        }
        #expect(match.route.name == "catchAll")
        let outcomes = router.explain("myapp:/" + path).candidates.map { "\($0.route.name): \($0.outcome)" }
        #expect(outcomes.first == "seven: pattern does not match", "\(outcomes)")
        #expect(outcomes.contains("catchAll: taken"), "\(outcomes)")
        // Without the catch-all: a miss, not the limit.
        let alone = try #require(Router.compile([RouteSource(name: "t.routes", text: "route seven /:a-:b-:c-:d-:e-:f-:g\n")]).router)
        guard case .failure(let failure) = alone.resolve(path: path) else {
            Issue.record("resolved")
            return
        }
        #expect(failure.code.rawValue == "no-route")
        // Many such routes: each answered by the fallback costs milliseconds, so a lookup has a
        // budget of them; past it, the limit.
        let many = (0..<8).map { "route r\($0) /:a-:b-:c-:d-:e-:f-:g\($0)x\n" }.joined()
        let crowded = try #require(Router.compile([RouteSource(name: "t.routes", text: many)]).router)
        guard case .failure(let crowdedFailure) = crowded.resolve(path: path) else {
            Issue.record("resolved")
            return
        }
        #expect(crowdedFailure.code.rawValue == "limit-exceeded")
    }
}
