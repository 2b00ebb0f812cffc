import AxiomNavigationTesting
import AxiomRouting
import Testing

@testable import AxiomNavigation

/// A request a newer one took over while it waited in a middleware ends `superseded`, whatever the
/// middleware decides once it resumes (refuse, redirect, pass): its decision is moot.
@MainActor
@Suite struct SupersededDecisionTests {
    @Test(arguments: ["refuse", "redirect", "pass"])
    func aWaitingRequestTakenOverEndsSupersededWhateverItsGuardDecidesLater(decision: String) async throws {
        let simulator = try NavigationSimulator(routes: "origins myapp:\nroute home /\nroute a /a\nroute b /b\nroute c /c\n")
        await simulator.start()
        let clock = simulator.clock
        simulator.flow.add(
            MiddlewareClosure { request, next in
                guard request.destination?.route == "a" else { return try await next(request) }
                try await clock.sleep(for: .seconds(1))
                switch decision {
                case "refuse": return .cancelled(.guardRejected)
                case "redirect": return .redirected(chain: [], final: Destination("c"))
                default: return try await next(request)
                }
            })
        let older = Task { await simulator.navigate(to: Destination("a")) }
        for _ in 0..<32 { await Task.yield() }
        #expect(await simulator.navigate(to: Destination("b")) == .completed)
        await simulator.advance(by: .seconds(1))
        #expect(await older.value == .cancelled(.superseded))
        #expect(simulator.state.activeStack.map(\.route) == ["home", "b"])
    }
}
