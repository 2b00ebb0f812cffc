import AxiomNavigation
import AxiomNavigationSimulator
import AxiomRouting
import TestSupport
import Testing

@testable import AxiomRouteCommands

/// A route's loaders run off the main actor, in a task group. On a busy machine the simulator
/// called a step whose loader had not yet been scheduled stuck, and cancelled it, so one script
/// gave two reports (found by the simulation fuzzer's oracle). `Simulation.settle` must wait
/// for loaders in flight, here one that takes 100 ms of real time, as a busy machine's would.
@Suite struct SimulateBusyMachineTests {
    /// Whether the step's task has ended.
    @MainActor final class Done {
        var value = false
    }

    /// A simulator over the default table (its `followers` route loads `followerList`).
    @MainActor static func navigator() throws -> NavigationSimulator {
        let sources = try RouteSource.load(from: packageRoot() + "/Routes")
        return NavigationSimulator(router: try Router(sources: sources, resolver: RouteSource.resolver(among: sources)))
    }

    @MainActor @Test func settlingWaitsForALoaderInFlight() async throws {
        let navigator = try Self.navigator()
        navigator.flow.loaders["followerList"] = { request in
            try await Task.sleep(for: .milliseconds(100))
            return "slow followers for \(request.entry)"
        }
        await navigator.start()
        let done = Done()
        let step = Task { @MainActor in
            defer { done.value = true }
            return await navigator.open("myapp://profile/21/followers")
        }
        // A bound no run reaches: other tests share the main actor, on which the wait resumes.
        await Simulation.settle(navigator.flow, bound: .seconds(600))
        #expect(done.value, "the step was left waiting for its loader")
        let result = await step.value
        #expect(result.code.rawValue == "completed")
        #expect(navigator.state.activeStack.map(\.route) == ["home", "profile", "followers"])
    }

    @MainActor @Test func settlingIsBoundedWhenALoaderNeverEnds() async throws {
        let navigator = try Self.navigator()
        navigator.flow.loaders["followerList"] = { _ in
            try await Task.sleep(for: .seconds(3600))
            return "never"
        }
        await navigator.start()
        let step = Task { @MainActor in await navigator.open("myapp://profile/21/followers") }
        let clock = ContinuousClock()
        let waited = await clock.measure { await Simulation.settle(navigator.flow, bound: .milliseconds(200)) }
        // It returned because of the bound (the loader is still in flight), not because the
        // loading ended; how long past the bound depends on the other tests on the main actor.
        #expect(navigator.flow.isLoading && waited >= .milliseconds(200))
        step.cancel()
        _ = await step.value
        #expect(!navigator.flow.isLoading)
    }
}
