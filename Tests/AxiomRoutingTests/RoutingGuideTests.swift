// swift-format-ignore-file
// (The guide's examples are held as Docs/Routing.md writes them; SwiftExampleLedgerTests checks.)
import Testing

@testable import AxiomRouting
@testable import AxiomURLPattern

/// The examples of `Docs/Routing.md` and the `Router` documentation comment, run as written.
@Suite struct RoutingGuideTests {
    let router: Router

    init() throws {
        router = try Self.guideRouter()
    }

    /// The guide's table, as Routing.md compiles it.
    static func guideRouter() throws -> Router {
        let router = try Router(source: RouteSource(name: "app.routes", text: """
            origins myapp:, https://example.com
            route profile /profile/:userId
              param userId int
              query tab enum(posts, likes) = posts
            route user /users/:name
            """))
        return router
    }

    @Test func resolveExample() throws {
        // As the guide writes it:
        switch router.resolve("myapp://profile/42?tab=likes") {
        case .success(let match):
            print(match.route.name)                              // profile
            print(match.parameters["userId"] as Any)             // .int(42)
            print(match.parameters.get("userId", as: Int.self) as Any)  // 42
            print(match.query["tab"] as Any)                     // .string("likes")
            print(match.route.metadata.transition)               // push
        case .failure(let failure):
            print(failure.code, failure)
        }
        let match = try router.resolve("myapp://profile/42?tab=likes").get()
        #expect(match.route.name == "profile")
        #expect(match.parameters["userId"] == .int(42))
        #expect(match.parameters.get("userId", as: Int.self) == 42)
        #expect(match.query["tab"] == .string("likes"))
        #expect(match.route.metadata.transition == .push)
        enum ProfileTab: String { case posts, likes }
        let tab = try match.query.require("tab", as: ProfileTab.self)
        #expect(tab == .likes)
    }

    @Test func aFailureIsReadThroughItsCodeAndAccessorsExample() throws {
        // As the guide writes it:
        if case .failure(let failure) = router.resolve("myapp://profile/abc") {
            print(failure.code == .conversionFailed)         // true
            print(failure.route ?? "", failure.value ?? "")  // profile abc
        }
        let failure = try #require(router.resolve("myapp://profile/abc").failure)
        #expect(failure.code == .conversionFailed)
        #expect(failure.route == "profile" && failure.value == "abc" && failure.parameter == "userId")
    }

    @Test func borrowedMatchExample() throws {
        // As the guide writes it:
        let router = try Router(source: RouteSource(name: "app.routes", text: """
            route profile /profile/:userId
              param userId int
            route docs /docs/:page*
            """))
        // The route's name and the id, read straight from the path's bytes: no RouteMatch is made.
        let found = router.withMatch(path: "/profile/42") { match in (match.routeName, match.int(at: 0)) }
        print(try found.get())  // ("profile", Optional(42))
        // A miss is the failure resolve(path:) gives.
        if case .failure(let failure) = router.withMatch(path: "/nowhere", { $0.rank }) { print(failure.code) }  // no-route
        let (name, id) = try found.get()
        #expect(name == "profile" && id == 42)
        let borrowed = try router.withMatch(path: "/profile/42") { $0.isBorrowed }.get()
        #expect(borrowed)
        let missed = router.withMatch(path: "/nowhere", { $0.rank })
        guard case .failure(let failure) = missed else {
            Issue.record("expected a failure")
            return
        }
        #expect(failure.code == .noRoute)
        let kept = try router.withMatch(path: "/docs/a/b") { $0.match() }.get()
        #expect(kept == (try router.resolve(path: "/docs/a/b").get()))
        #expect(kept.parameters["page"] == .path(["a", "b"]))
    }

    @Test func aMadeMatchReadsItsValuesWhenReadExample() throws {
        let router = try Router(source: RouteSource(name: "app.routes", text: """
            route profile /profile/:userId
              param userId int
            route docs /docs/:page*
            """))
        // As the guide writes it:
        let match = try router.resolve(path: "/profile/42").get()
        print(match.parameters.count)                          // 1: no value converted yet
        print(try match.parameters.require("userId", as: Int.self))  // 42: converted now
        #expect(match.parameters.count == 1)
        #expect(try match.parameters.require("userId", as: Int.self) == 42)
        #expect(match.parameters.values == [.int(42)])
        #expect(match.parameters == ["userId": .int(42)])
    }

    @Test func snapshotsAnswerTheSame() throws {
        let sources = [RouteSource(name: "app.routes", text: "origins myapp:\nroute profile /profile/:userId\n  param userId int\n")]
        let text = RouterSnapshot.encode(try Router(sources: sources))     // at build time
        let router = try Router(snapshot: text)                             // at launch
        let answer = router.resolve("myapp://profile/42")                   // the same answers
        #expect(try answer.get().parameters["userId"] == .int(42))
    }

    @Test func everyReading() throws {
        let readings = try router.matches("myapp://profile/42").get().map(\.route.name)
        #expect(readings == ["profile"])
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
        // As the guide writes it:
        do {
            _ = try router.url(for: "profile", parameters: [:])
        } catch {
            print(error.code == .missingParameter)    // true
            print(error.code.rawValue)                // missing-parameter
            print(error.parameter ?? "")              // userId
            print(error)                              // route 'profile' needs parameter 'userId'
        }
        do {
            _ = try router.url(for: "profile", parameters: [:])
            Issue.record("expected a missing parameter")
        } catch {
            #expect(error.code == .missingParameter)
            #expect(error.code.rawValue == "missing-parameter")
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
        #expect(RouteParameterError.notConvertible("id", value: "x", to: "Int").code.rawValue == "not-convertible")
    }

    @Test func explainExample() {
        // As the guide writes it:
        let explanation = router.explain("myapp://profile/abc")
        print(explanation.path ?? "")          // /profile/abc
        for candidate in explanation.candidates {
            print(candidate.route.rank, candidate.route.name, candidate.outcome)
        }
        print(explanation.expressions)         // the compiled expressions tried, in order
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
