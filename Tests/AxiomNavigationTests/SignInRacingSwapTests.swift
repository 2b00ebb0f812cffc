import AxiomRouting
import Clocks
import Testing

@testable import AxiomNavigation

/// A sign-in racing a table swap, the ordering the model fuzzer met only on a loaded machine:
/// alice's guarded screen (`followers`, auth-only in the release table) is saved, the app swaps to
/// a table where the route is public and restores it while signed out, then swaps back while bob
/// signs in. The sign-in decides against the table it sees (Middleware.md, "Guarded state belongs
/// to who signed in"): the swap first, and alice's screen goes; the sign-in first, and the screen —
/// public, shown to anyone, when bob signed in — is bob's, and the swap keeps it for him.
@MainActor
@Suite struct SignInRacingSwapTests {
    struct Setup {
        let flow: NavigationFlow
        let release: Router
        let orchestrator: Orchestrator
    }

    /// Alice's followers screen saved under the release table (auth-only there), then restored,
    /// signed out, under the earlier table (public there).
    func setUp() async throws -> Setup {
        let earlier = try Router(source: RouteSource(name: "a.routes", text: ModelFuzzTests.tableA))
        let release = try Router(source: RouteSource(name: "b.routes", text: ModelFuzzTests.tableB))
        #expect(release.route(named: "followers")?.metadata.requiresAuthentication == true)
        #expect(earlier.route(named: "followers")?.metadata.requiresAuthentication == false)
        let orchestrator = Orchestrator(router: release, state: NavigationState(router: release), factories: [:])
        let flow = orchestrator.navigation
        flow.add(AuthenticationMiddleware(loginRoute: "login", clock: TestClock()))
        await orchestrator.start()
        _ = await flow.signIn(as: "alice")
        _ = await flow.perform(.selectTab("me"))
        _ = await flow.navigate(to: Destination("followers", parameters: ["userId": .int(1)]))
        #expect(flow.state.visible?.route == "followers")
        let saved = flow.state
        flow.signOut()
        _ = await flow.replaceTable(with: earlier)
        _ = await flow.restore(saved, source: .inApp)
        flow.signOut()
        return Setup(flow: flow, release: release, orchestrator: orchestrator)
    }

    @Test func theSwapFirstTakesAlicesScreenAwayFromBob() async throws {
        let setup = try await setUp()
        _ = await setup.flow.replaceTable(with: setup.release)
        _ = await setup.flow.signIn(as: "bob")
        #expect(!setup.flow.state.entries.contains { $0.route == "followers" }, "\(setup.flow.state.outline)")
        #expect(setup.flow.state.owner == "bob")
    }

    @Test func theSignInFirstDecidesOnThePublicScreenAndTheSwapKeepsItForBob() async throws {
        let setup = try await setUp()
        let flow = setup.flow
        let release = setup.release
        let swap = Task { @MainActor in _ = await flow.replaceTable(with: release) }
        _ = await flow.signIn(as: "bob")
        await swap.value
        #expect(flow.router === release)
        #expect(flow.state.owner == "bob")
        // Public when bob signed in: his now, as every screen a sign-in keeps.
        #expect(flow.state.entries.contains { $0.route == "followers" }, "\(flow.state.outline)")
    }
}
