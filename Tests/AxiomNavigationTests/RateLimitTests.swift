import AxiomRouting
import Clocks
import Testing

@testable import AxiomNavigation

@MainActor
@Suite struct RateLimitTests {
    let router: Router

    init() throws {
        router = try Router(source: RouteSource(name: "t.routes", text: "route home /\nroute a /a\nroute b /b\nroute p /p/:n\n  param n int"))
    }

    private func flow(_ limiter: some NavigationMiddleware) -> NavigationFlow {
        let flow = NavigationFlow(router: router, state: NavigationState(stack: [Destination("home")]))
        flow.add(limiter)
        return flow
    }

    private func post(_ n: Int) -> Destination { Destination("p", parameters: ["n": .int(n)]) }

    @Test func elevenNavigationsInOneSecondTenCompleteOneIsLimitedAndTheWindowReopens() async throws {
        let clock = TestClock()
        let flow = flow(RateLimitMiddleware(clock: clock))
        var results: [NavigationResult] = []
        for n in 0..<11 {
            results.append(await flow.navigate(to: post(n)))
            await clock.advance(by: .milliseconds(50))
        }
        #expect(results.prefix(10).allSatisfy { $0 == .completed })
        // The first was admitted at 0 ms, the eleventh asks at 500 ms: 500 ms to wait.
        #expect(results[10] == .cancelled(.rateLimited(retryAfter: .milliseconds(500))))
        #expect(flow.state.activeStack.count == 11)
        #expect(flow.history.count == 10)

        await clock.advance(by: .milliseconds(500))
        #expect(await flow.navigate(to: post(11)) == .completed)
    }

    @Test func theWindowSlides() async throws {
        let clock = TestClock()
        let flow = flow(RateLimitMiddleware(limit: 2, per: .seconds(1), clock: clock))
        #expect(await flow.navigate(to: post(0)) == .completed)  // t = 0
        await clock.advance(by: .milliseconds(600))
        #expect(await flow.navigate(to: post(1)) == .completed)  // t = 600
        await clock.advance(by: .milliseconds(300))
        #expect(await flow.navigate(to: post(2)) == .cancelled(.rateLimited(retryAfter: .milliseconds(100))))
        await clock.advance(by: .milliseconds(100))  // t = 1000: the first left
        #expect(await flow.navigate(to: post(3)) == .completed)
        #expect(await flow.navigate(to: post(4)) == .cancelled(.rateLimited(retryAfter: .milliseconds(600))))
    }

    @Test func perSourceBudgetsAndSourcesLeftAlone() async throws {
        let clock = TestClock()
        let flow = flow(RateLimitMiddleware(limit: 1, key: .source, appliesTo: [.pushNotification, .deepLink], clock: clock))
        #expect(await flow.navigate(to: post(0), source: .pushNotification) == .completed)
        #expect(await flow.navigate(to: post(1), source: .pushNotification).code.rawValue == "cancelled.rate-limited")
        #expect(await flow.navigate(to: post(2), source: .deepLink) == .completed)  // its own budget
        for n in 3..<20 { #expect(await flow.navigate(to: post(n)) == .completed) }  // in-app: not limited
    }

    @Test func perRouteBudgets() async throws {
        let clock = TestClock()
        let flow = flow(RateLimitMiddleware(limit: 1, key: .route, clock: clock))
        #expect(await flow.navigate(to: Destination("a")) == .completed)
        #expect(await flow.navigate(to: Destination("b")) == .completed)
        #expect(await flow.navigate(to: Destination("a")).code.rawValue == "cancelled.rate-limited")
        #expect(await flow.back() == .completed)  // commands share a budget
        #expect(await flow.back().code.rawValue == "cancelled.rate-limited")
    }

    @Test func aLimitOfZeroRefusesEverything() async throws {
        let flow = flow(RateLimitMiddleware(limit: 0, clock: TestClock()))
        #expect(await flow.navigate(to: Destination("a")) == .cancelled(.rateLimited(retryAfter: .seconds(1))))
        #expect(flow.state.activeStack.count == 1)
    }

    /// The examples of `Docs/Middleware.md`, "Rate limiting".
    @Test func guideExamples() async throws {
        let pushLimited = flow(
            RateLimitMiddleware(
                limit: 3, per: .seconds(1), key: .source, appliesTo: [.pushNotification],
                clock: ContinuousClock()))
        var pushes: [NavigationResult] = []
        for n in 0..<4 { pushes.append(await pushLimited.navigate(to: post(n), source: .pushNotification)) }
        #expect(pushes.map(\.code.rawValue) == ["completed", "completed", "completed", "cancelled.rate-limited"])
        #expect(await pushLimited.navigate(to: Destination("a")) == .completed)

        let clock = TestClock()
        let flow = flow(RateLimitMiddleware(clock: clock))
        var results: [NavigationResult] = []
        for n in 0..<11 { results.append(await flow.navigate(to: Destination("p", parameters: ["n": .int(n)]))) }
        #expect(results.filter { $0 == .completed }.count == 10)
        #expect(results.last?.code.rawValue == "cancelled.rate-limited")
        await clock.advance(by: .seconds(1))
        #expect(await flow.navigate(to: Destination("a")) == .completed)
    }
}
