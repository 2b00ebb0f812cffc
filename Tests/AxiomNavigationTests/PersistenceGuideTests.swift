// swift-format-ignore-file
// (Each test holds a Docs/Persistence.md example as the guide shows it; SwiftExampleLedgerTests
// checks that they still agree.)
import AxiomNavigationTesting
import AxiomRouting
import Foundation
import Testing

@testable import AxiomNavigation

/// The Swift examples of Docs/Persistence.md, as written, on the persistence tests' table.
@MainActor
@Suite struct PersistenceGuideTests {
    /// What the guide's `logger` stands for: any logger with `notice`.
    struct NoticeLog {
        var notices: [String] = []
        mutating func notice(_ message: String) { notices.append(message) }
    }

    static func factories(_ router: Router) -> [String: ContextFactory] {
        var factories: [String: ContextFactory] = [:]
        for route in router.routes { factories[route.name] = { RecordedContext(entry: $0.entry, loaded: $0.loaded) } }
        return factories
    }

    @Test func saveAndRestoreAtLaunch() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: PersistenceTests.table))
        let factories = Self.factories(router)
        var logger = NoticeLog()
        let flow = NavigationFlow(router: router, state: NavigationState(router: router))
        _ = await flow.navigate(to: Destination("post", parameters: ["postId": .int(7)]))
        let data = try JSONEncoder().encode(flow.state)      // write it where the app keeps its files

        let saved = try JSONDecoder().decode(NavigationState.self, from: data)
        let restoration = saved.restored(against: router)            // what fits the table, and what not
        for dropped in restoration.dropped { logger.notice("\(dropped)") }
        let orchestrator = Orchestrator(router: router, state: restoration.state, factories: factories)
        await orchestrator.start()
        #expect(logger.notices.isEmpty)
        #expect(orchestrator.navigation.state == flow.state)
        #expect(orchestrator.navigation.state.visible?.route == "post")
    }

    @Test func restoreIntoARunningFlow() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: PersistenceTests.table))
        let flow = NavigationFlow(router: router, state: NavigationState(router: router))
        let saved = try NavigationPlanner.plan(.push(Destination("password")), in: NavigationState(router: router)).get().state
        let outcome = await flow.restore(saved)           // RestoreResult: the navigation's result, and what was dropped
        #expect(outcome.result == .completed)
        #expect(flow.state.visible?.route == "password")
    }

    @Test func restoreAStateSentInALink() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: PersistenceTests.table))
        let flow = NavigationFlow(router: router, state: NavigationState(router: router))
        let saved = try NavigationPlanner.plan(.push(Destination("password")), in: NavigationState(router: router)).get().state
        let restoration = saved.restored(against: router, source: .deepLink)   // a state sent in a link
        _ = await flow.restore(saved, source: .deepLink)
        // No entry is trusted more than the link; `password` is `sources inApp`, so the gate
        // does not show it.
        #expect(restoration.state.activeStack.allSatisfy { $0.source == .deepLink })
        #expect(flow.state.visible?.route == "home")
    }

    @Test func swapTheTable() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: PersistenceTests.table))
        let flow = NavigationFlow(router: router, state: NavigationState(router: router))
        _ = await flow.navigate(to: Destination("password"))
        let downloadedSources = [
            RouteSource(name: "t.routes", text: PersistenceTests.table.replacingOccurrences(of: "route password /settings/password\n  sources inApp\n", with: ""))
        ]
        let next = try Router(sources: downloadedSources)
        let swap = await flow.replaceTable(with: next)    // RestoreResult: completed, and what was dropped
        #expect(swap.result == .completed)
        #expect(swap.dropped.compactMap { $0.entry?.route } == ["password"])
        #expect(flow.state.visible?.route == "home")
    }
}
