// swift-format-ignore-file
// (Each test holds a Docs/Routing.md or Docs/RouteTableFormat.md example as the guide shows it;
// SwiftExampleLedgerTests checks that they still agree.)
import AxiomRouting
import TestSupport
import Testing

/// The Swift examples of Docs/Routing.md, as written, on the guide's table.
@Suite struct RoutingGuideExampleTests {
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

    @Test func resolveAndReadTheMatch() throws {
        let router = try Self.guideRouter()
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

    @Test func snapshots() throws {
        let sources = [RouteSource(name: "app.routes", text: "origins myapp:\nroute profile /profile/:userId\n  param userId int\n")]
        let text = RouterSnapshot.encode(try Router(sources: sources))     // at build time
        let router = try Router(snapshot: text)                             // at launch
        let answer = router.resolve("myapp://profile/42")                   // the same answers
        #expect(try answer.get().parameters["userId"] == .int(42))
    }

    @Test func aMissingParameter() throws {
        let router = try Self.guideRouter()
        do {
            _ = try router.url(for: "profile", parameters: [:])
        } catch {
            print(error.code == .missingParameter)    // true
            print(error.code == "missing-parameter")  // true: a code is also its string
            print(error.parameter ?? "")              // userId
            print(error)                              // route 'profile' needs parameter 'userId'
        }
        #expect {
            _ = try router.url(for: "profile", parameters: [:])
        } throws: { error in
            guard let error = error as? RouteURLError else { return false }
            return error.code == .missingParameter && error.code == "missing-parameter" && error.parameter == "userId"
                && "\(error)" == "route 'profile' needs parameter 'userId'"
        }
    }

    @Test func explain() throws {
        let router = try Self.guideRouter()
        let explanation = router.explain("myapp://profile/abc")
        print(explanation.path ?? "")          // /profile/abc
        for candidate in explanation.candidates {
            print(candidate.route.rank, candidate.route.name, candidate.outcome)
        }
        print(explanation.expressions)         // the compiled expressions tried, in order
        #expect(explanation.path == "/profile/abc")
        #expect(explanation.candidates.first?.route.name == "profile")
        #expect("\(explanation.candidates.first.map { "\($0.outcome)" } ?? "")".contains("is not a valid 'int'"))
        #expect(!explanation.expressions.isEmpty)
    }

    @Test func everyReading() throws {
        let router = try Self.guideRouter()
        let readings = try router.matches("myapp://profile/42").get().map(\.route.name)
        #expect(readings == ["profile"])
    }

    /// Docs/RouteTableFormat.md, loading a folder of tables.
    @Test func loadAFolder() throws {
        let root = packageRoot()
        let sources = try RouteSource.load(from: root + "/Routes")
        let router = try Router(sources: sources, resolver: RouteSource.resolver(among: sources))
        #expect(router.routes.count > 30)
    }
}
