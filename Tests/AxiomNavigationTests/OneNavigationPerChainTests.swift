import AxiomNavigationTesting
import AxiomRouting
import Testing

@testable import AxiomNavigation

/// Each chain of hops is one navigation (issue 51): a link sent through guard redirects takes one
/// slot of the rate limit, as a chain of the table's redirects does; a guard's redirect of
/// `replace old` replaces and reports its whole chain; a chain past `maxRedirects` that never
/// repeats is not called a loop.
@MainActor
@Suite struct OneNavigationPerChainTests {
    static let table = """
        origins myapp:
        route home /
        route a /a
          parent home
        route b /b
          parent home
        route c /c
          parent home
        route d /d
          parent home
        route e /e
          parent home
        redirect old /old -> a
        """

    /// A guard that sends `from` to `to`, as a middleware redirects.
    static func redirect(_ pairs: [String: String]) -> MiddlewareClosure {
        MiddlewareClosure { request, next in
            if let route = request.target?.route, let to = pairs[route] { return .redirected(chain: [], final: Destination(to)) }
            return try await next(request)
        }
    }

    static func navigator(limit: Int = 10, maxRedirects: Int = 5) throws -> TestNavigator {
        let navigator = try TestNavigator(
            routes: table,
            options: .init(
                signedIn: true, rateLimit: .init(limit: limit, appliesTo: [.deepLink]), configuration: .init(maxRedirects: maxRedirects)))
        navigator.exhaustive = false
        return navigator
    }

    @Test func aLinkThroughThreeGuardRedirectsTakesOneSlotOfTheRateLimit() async throws {
        let navigator = try Self.navigator(limit: 2)
        navigator.flow.add(Self.redirect(["a": "b", "b": "c", "c": "d"]))
        await navigator.start()
        let first = await navigator.flow.open(url: "myapp://a")
        #expect(first == .redirected(chain: [Destination("a"), Destination("b"), Destination("c")], final: Destination("d")))
        // The second link fits in the limit of two: the first took one slot, not four. (Back in
        // between, in-app: not limited, and the link is not a duplicate of the screen on top.)
        #expect(await navigator.flow.back() == .completed)
        #expect(await navigator.flow.open(url: "myapp://a").code == .redirected)
        #expect(await navigator.flow.back() == .completed)
        #expect(await navigator.flow.open(url: "myapp://a").code == .cancelled(.rateLimited))
        // A chain of the table's redirects is one slot too.
        await navigator.advance(by: .seconds(2))
        let viaTable = await navigator.flow.open(url: "myapp://old")
        if case .redirected(let chain, let final) = viaTable {
            #expect(chain.map(\.route) == ["old", "a", "b", "c"])
            #expect(final.route == "d")
        } else {
            Issue.record("\(viaTable)")
        }
        #expect(await navigator.flow.back() == .completed)
        #expect(await navigator.flow.open(url: "myapp://e") == .completed)
        #expect(await navigator.flow.open(url: "myapp://e").code == .cancelled(.rateLimited))
    }

    @Test func aGuardsRedirectOfReplaceReplacesAndReportsTheWholeChain() async throws {
        let navigator = try Self.navigator()
        navigator.flow.add(Self.redirect(["b": "c", "c": "d"]))
        await navigator.start()
        #expect(await navigator.flow.perform(.push(Destination("a"))) == .completed)
        let result = await navigator.flow.perform(.replace(Destination("b")))
        #expect(result == .redirected(chain: [Destination("b"), Destination("c")], final: Destination("d")))
        #expect(navigator.state.activeStack.map(\.route) == ["home", "d"])
        // A push stays a push.
        #expect(await navigator.flow.perform(.push(Destination("b"))).code == .redirected)
        #expect(navigator.state.activeStack.map(\.route) == ["home", "d", "d"])
    }

    @Test func aChainPastTheLimitIsNotALoopAndALoopIs() async throws {
        let navigator = try Self.navigator(maxRedirects: 2)
        navigator.flow.add(Self.redirect(["a": "b", "b": "c", "c": "d", "d": "e", "e": "c"]))
        await navigator.start()
        let long = await navigator.flow.navigate(to: Destination("a"))
        #expect(long.code == .failed(.tooManyRedirects))
        if case .failed(let error) = long { #expect(error.chain.map(\.route) == ["a", "b", "c", "d"]) }
        let loops = try Self.navigator(maxRedirects: 10)
        loops.flow.add(Self.redirect(["c": "d", "d": "e", "e": "c"]))
        await loops.start()
        let loop = await loops.flow.navigate(to: Destination("c"))
        #expect(loop.code == .failed(.redirectLoop))
        if case .failed(let error) = loop { #expect(error.chain.map(\.route) == ["c", "d", "e", "c"]) }
        #expect(navigator.state.activeStack.map(\.route) == ["home"])
    }
}
