import Testing

@testable import AxiomRouting

/// Ice Cubes (Dimillian/IceCubesApp, AGPL-3.0): the links `RouterPath.handle(url:)` opens, as
/// `Corpus/IceCubes/icecubes.routes`, and every assertion of its `RouterTests.swift`, replayed
/// through the engine. `Destination` mirrors the app's `RouterDestination` (the cases its tests
/// compare) and the account lookup it starts; `destination(for:)` builds it from the route's name
/// and typed values (a remote post is opened by its URL, as the app does).
@Suite struct IceCubesCorpusTests {
    enum Destination: Equatable, Sendable {
        case hashTag(tag: String)
        case account(acct: String)
        case statusDetail(id: String)
        case remoteStatusDetail(url: String)
    }

    static let app = Result { try CorpusApp("Corpus/IceCubes/icecubes.routes") }

    static func destination(for url: String) -> Destination? {
        guard let app = try? app.get(), case .success(let match) = app.router.resolve(url) else { return nil }
        let values = match.parameters
        switch (match.route.name, values["tag"], values["user"], values["host"], values["id"]) {
        case ("hashtag", .string(let tag)?, _, _, _): return .hashTag(tag: tag)
        case ("hashtagAlone", _, _, _, _): return .hashTag(tag: "tags")
        case ("account", _, .string(let user)?, .string(let host)?, _): return .account(acct: user + "@" + host)
        case ("status", _, _, _, .int(let id)?): return .statusDetail(id: String(id))
        case ("remoteStatus", _, _, _, .int): return .remoteStatusDetail(url: url)
        default: return nil
        }
    }

    /// `RouterTests.swift`, in its order: what `router.path.first` is after `handle(url:)` (nil:
    /// nothing was pushed, the link went to the browser).
    static let assertions: [CorpusAssertion<Destination>] = [
        CorpusAssertion("testRouterThreadsURL", "https://www.threads.net/@dimillian", nil),
        CorpusAssertion("testRouterTagsURL", "https://mastodon.social/tags/test", .hashTag(tag: "test")),
        CorpusAssertion("testRouterLocalStatusURL", "https://mastodon.social/status/1010384", .statusDetail(id: "1010384")),
        CorpusAssertion(
            "testRouterRemoteStatusURL", "https://mastodon.online/status/1010384", .remoteStatusDetail(url: "https://mastodon.online/status/1010384")),
        CorpusAssertion("testRouteRandomURL", "https://theweb.com/test/test/one", nil),
    ]

    @Test func theTableIsCleanAndItsMarksAreTheDocumentedOnes() throws {
        let app = try Self.app.get()
        #expect(app.diagnostics.isEmpty, "\(app.diagnostics)")
        #expect(app.marks == [.asWritten: 3, .workaround: 2])
        let samples: [String: RouteValue] = [
            "before": .string("a/"), "between": .string("/b"), "tag": .string("swift"), "user": .string("@ada"), "host": .string("mastodon.social"),
            "id": .int(42),
        ]
        #expect(app.roundTrips(samples: samples) == [])
    }

    @Test func theAppsOwnAssertionsAgree() {
        #expect(Self.assertions.count == 5)
        #expect(replay(Self.assertions, Self.destination(for:)) == 5)
    }

    /// The app's order, which the table's ranking keeps: a tag before a post, an account on any
    /// server but a `www` one.
    @Test func theAppsOrderAndOtherShapes() {
        #expect(Self.destination(for: "https://mastodon.social/tags/123") == .hashTag(tag: "123"))
        #expect(Self.destination(for: "https://x.example/@ada/tagged/tags/ios/swift") == .hashTag(tag: "swift"))
        #expect(Self.destination(for: "https://x.example/@ada/tags") == .hashTag(tag: "tags"))
        #expect(Self.destination(for: "https://mastodon.social/@dimillian") == .account(acct: "@dimillian@mastodon.social"))
        #expect(Self.destination(for: "https://wwwx.example/@ada") == nil)
        #expect(Self.destination(for: "https://mastodon.social/@ada/112233") == .statusDetail(id: "112233"))
        // A server the client is not connected to: the browser.
        #expect(Self.destination(for: "https://other.example/@ada/112233") == nil)
    }
}
