import Testing

@_spi(Benchmarks) @testable import AxiomRouting

/// `firstCandidate(path:)`, the first half of a lookup that the benchmark times apart from the
/// rest (issue 17): it must find the route `resolve(path:)` finds, by the same steps.
@Suite struct FirstCandidateTests {
    static let table = """
        route home /
        route settings /settings/privacy
        route profile /profile/:id
        route post /profile/:id/posts/:post
        route files /files/*
        """

    @Test(arguments: ["/", "/settings/privacy", "/profile/42", "/profile/42/posts/7", "/files/a/b/c"])
    func findsTheRouteResolveFinds(path: String) throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        let rank = try #require(router.firstCandidate(path: path))
        #expect(router.entries[rank].name == (try router.resolve(path: path).get().route.name))
    }

    /// Reading the values as well gives as many as the match carries.
    @Test(arguments: [("/", 0), ("/settings/privacy", 0), ("/profile/42", 1), ("/profile/42/posts/7", 2)])
    func readsTheValuesResolveReads(path: String, count: Int) throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        #expect(router.firstCandidateValues(path: path) == count)
        #expect(try router.resolve(path: path).get().parameters.count == count)
        #expect(router.firstCandidateValues(path: "/nosuch/x") == nil)
    }

    @Test func aMissOrAPathToNormaliseHasNone() throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
        #expect(router.firstCandidate(path: "/nosuch/x") == nil)
        #expect(router.firstCandidate(path: "/profile") == nil)
        // Not canonical: resolve(path:) normalises it first; the breakdown times canonical paths.
        #expect(router.firstCandidate(path: "/profile/%34%32") == nil)
        #expect(router.firstCandidate(path: "profile/42") == nil)
    }
}
