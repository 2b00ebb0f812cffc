import AxiomNavigation
import AxiomNavigationSimulator
import Testing

/// `NavigationSimulator`: the flow `axiom-route simulate` runs on, without assertions.
@MainActor
@Suite struct NavigationSimulatorTests {
    /// The example of `NavigationSimulator`'s documentation, as written.
    @Test func documentationExample() async throws {
        let simulator = try NavigationSimulator(routes: "route home /\nroute post /posts/:id\n  param id int\n")
        #expect(await simulator.open("myapp://posts/7") == .completed)
        #expect(simulator.state.visible?.route == "post")
    }

    @Test func stepsStartTheFlowAndRecordContextsAndAnalytics() async throws {
        let simulator = try NavigationSimulator(routes: "route home /\nroute post /posts/:id\n  param id int\n  parent home\n")
        #expect(simulator.lifecycle.isEmpty)
        #expect(await simulator.open("myapp://posts/7") == .completed)
        #expect(await simulator.back() == .completed)
        #expect(simulator.lifecycle.first?.description == "appear #0 home")
        #expect(simulator.analytics.events.map(\.outcome.rawValue) == ["completed", "completed"])
        #expect(simulator.contexts.values.allSatisfy { $0 is RecordedContext })
    }
}
