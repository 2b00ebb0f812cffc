import Testing

@testable import AxiomRouting

/// `matches(_:)`: every pattern that takes a URL, in rank order, the first being `resolve`'s.
@Suite struct AllMatchesTests {
    static let table = """
        origins https://example.com
        route share /me/:account/share/:type
        route shareAgain /me/:account/share/:test
        route shareCount /me/:account/share/:n
          param n int
        route shareGroup /me/:account/share/group
        route me /me
          alias /i
        route any /:section/*
        """

    let router: Router

    init() throws { router = try Router(source: RouteSource(name: "t.routes", text: Self.table)) }

    @Test func everyRouteThatTakesTheURLInRankOrder() throws {
        let readings = try router.matches("https://example.com/me/bob/share/group").get()
        // The literal ranks first; the two plain parameters tie and keep their order; the int
        // does not convert 'group', so it is not a reading; the wildcard comes last.
        #expect(readings.map(\.route.name) == ["shareGroup", "share", "shareAgain", "any"])
        #expect(readings[1].parameters["type"] == .string("group") && readings[2].parameters["test"] == .string("group"))
        #expect(readings[1].parameters["account"] == .string("bob"))
        #expect(try router.matches("https://example.com/me/bob/share/7").get().map(\.route.name) == ["shareCount", "share", "shareAgain", "any"])
    }

    @Test func theFirstIsResolvesAndAnAliasCounts() throws {
        for url in ["https://example.com/me", "https://example.com/i", "https://example.com/me/a/share/b", "https://example.com/x/y/z"] {
            let first = try router.matches(url).get().first
            #expect(first == (try? router.resolve(url).get()), "\(url)")
        }
        #expect(try router.matches("https://example.com/i").get().first?.alias == "/i")
    }

    @Test func noReadingIsAnEmptyListAndABadInputAFailure() throws {
        #expect(try router.matches("https://example.com/").get().isEmpty)
        #expect(try router.matches(path: "/nowhere").get().map(\.route.name) == [])
        guard case .failure(let failure) = router.matches("https://evil.example/me") else {
            Issue.record("an origin the table does not accept must fail")
            return
        }
        #expect(failure.code == .originNotAccepted)
        #expect(try router.matches(path: "me/bob/share/group").get().count == 4)
    }
}
