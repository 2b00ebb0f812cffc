import Testing

@testable import AxiomRouting
@testable import AxiomURLPattern

/// The examples of `Docs/Routing.md` and the `Router` documentation comment, run as written.
@Suite struct RoutingGuideTests {
    let router: Router

    init() throws {
        router = try Router(
            source: RouteSource(
                name: "app.routes",
                text: """
                    origins myapp:, https://example.com
                    route profile /profile/:userId
                      param userId int
                      query tab enum(posts, likes) = posts
                    route user /users/:name
                    """))
    }

    enum ProfileTab: String { case posts, likes }

    @Test func resolveExample() throws {
        let match = try router.resolve("myapp://profile/42?tab=likes").get()
        #expect(match.route.name == "profile")
        #expect(match.parameters["userId"] == .int(42))
        #expect(match.parameters.get("userId", as: Int.self) == 42)
        #expect(match.query["tab"] == .string("likes"))
        #expect(match.route.metadata.transition == .push)
        #expect(try match.query.require("tab", as: ProfileTab.self) == .likes)
    }

    @Test func pathsAreCanonicalisedFirst() throws {
        #expect(try router.resolve(path: "/users/a b").get().parameters == (try router.resolve(path: "/users/a%20b").get().parameters))
    }

    /// One spelling for app-scheme URLs (issue 20): the host-less forms are refused with their
    /// own code unless the table accepts them, and then they route the same.
    @Test func appSchemeURLsHaveOneSpellingUnlessTheTableAcceptsMore() throws {
        #expect(try router.resolve("myapp://profile/42").get().route.name == "profile")
        for url in ["myapp:///profile/42", "myapp:profile/42", "myapp:/profile/42"] {
            guard case .failure(let failure) = router.resolve(url) else {
                Issue.record("\(url) resolved")
                continue
            }
            #expect(failure.code == .appURLWithoutHost, "\(url)")
        }
        // The app's root has no host to name.
        let withRoot = try Router(source: RouteSource(name: "t.routes", text: "origins myapp:\nroute home /\nroute profile /profile/:userId"))
        for url in ["myapp://", "myapp:///", "myapp:"] { #expect((try? withRoot.resolve(url).get())?.route.name == "home", "\(url)") }
        #expect(throws: RouteFailure.self) { try withRoot.resolve("myapp:///profile/42").get() }
        let lenient = try Router(
            source: RouteSource(name: "t.routes", text: "origins myapp:\noption app-scheme-host optional\nroute profile /profile/:userId"))
        for url in ["myapp://profile/42", "myapp:///profile/42", "myapp:profile/42", "myapp:/profile/42"] {
            #expect(try lenient.resolve(url).get().route.name == "profile", "\(url)")
        }
    }

    @Test func printExample() throws {
        #expect(
            try router.url(for: "profile", parameters: ["userId": .int(42)], query: ["tab": .string("likes")])
                == "myapp://profile/42?tab=likes")
        #expect(try router.url(for: "user", parameters: ["name": .string("a/b c")]) == "myapp://users/a%2Fb%20c")
    }

    @Test func errorCodesExample() throws {
        do {
            _ = try router.url(for: "profile", parameters: [:])
            Issue.record("expected a missing parameter")
        } catch {
            #expect(error.code == .missingParameter)
            #expect(error.code == "missing-parameter")
            #expect(error.parameter == "userId")
            #expect("\(error)" == "route 'profile' needs parameter 'userId'")
            #expect(error.code != .wrongType)
        }
    }

    /// Every error keeps its details beside its message, and the codes are their strings.
    @Test func errorsKeepTheirDetails() {
        let unknown = RouteURLError.unknownParameter(route: "profile", parameter: "userID", suggestions: ["userId"])
        #expect(unknown.code.rawValue == "unknown-parameter")
        #expect(unknown.route == "profile" && unknown.parameter == "userID" && unknown.suggestions == ["userId"])
        #expect(unknown.description == "route 'profile' has no parameter 'userID'; did you mean 'userId'?")
        #expect(RouteURLError.notReversible(route: "a", url: "myapp://x", resolvesTo: "route 'b'").url == "myapp://x")
        #expect(unknown != RouteURLError.unknownParameter(route: "profile", parameter: "userID", suggestions: []))
        let missing = RouteParameterError.missing("tab")
        #expect(missing.code == .missing && missing.parameter == "tab" && missing.description == "parameter 'tab' is absent")
        #expect(RouteParameterError.notConvertible("id", value: "x", to: "Int").code == "not-convertible")
    }

    @Test func explainExample() {
        let explanation = router.explain("myapp://profile/abc")
        #expect(explanation.path == "/profile/abc")
        #expect(explanation.candidates.first?.route.rank == 0)
        #expect(explanation.candidates.first?.route.name == "profile")
        #expect(
            explanation.candidates.first?.outcome.description
                == "rejected: route 'profile' matched, but parameter 'userId' = 'abc' is not a valid 'int'")
        #expect(!explanation.expressions.isEmpty)
    }

    @Test func routerDocCommentExample() throws {
        let router = try Router(
            source: RouteSource(
                name: "app.routes",
                text: """
                    origins myapp:, https://example.com
                    route profile /profile/:userId
                      param userId int
                    """))
        let match = try router.resolve("myapp://profile/42").get()
        #expect("\(match.route.name) \(match.parameters["userId"].map { "\($0)" } ?? "")" == "profile 42")
    }
}
