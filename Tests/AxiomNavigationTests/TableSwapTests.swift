import AxiomNavigationTesting
import AxiomRouting
import Foundation
import Testing

@testable import AxiomNavigation

/// Swapping the route table while the flow runs (Docs/Persistence.md, "Swapping the table").
@MainActor
@Suite struct TableSwapTests {
    /// The next version of `PersistenceTests.table`: `place` is gone, `post` takes a uuid, and
    /// `files` now requires sign-in.
    static let nextTable = PersistenceTests.table
        .replacingOccurrences(of: "route place /places/:latitude/:longitude\n  param latitude double\n  param longitude double\n", with: "")
        .replacingOccurrences(of: "route post /posts/:postId\n  param postId int", with: "route post /posts/:postId\n  param postId uuid")
        .replacingOccurrences(of: "route files /files/:rest+\n  param rest path", with: "route files /files/:rest+\n  param rest path\n  auth")

    /// Every entry of `state` fits `router`'s table.
    static func fits(_ state: NavigationState, _ router: Router) -> Bool {
        state.entries.allSatisfy { entry in
            (try? router.validate(entry.route, parameters: entry.destination.parameters, query: entry.destination.query)) != nil
        }
    }

    @Test func theStateIsCheckedAgainstTheNewTableAndDroppedEntriesLoseTheirContexts() async throws {
        let navigator = try TestNavigator(routes: PersistenceTests.table, options: .init(signedIn: true))
        navigator.exhaustive = false
        await navigator.start()
        await navigator.navigate(to: Destination("compose"), expect: "completed")
        await navigator.perform(.dismiss, expect: "completed")
        await navigator.perform(.push(Destination("post", parameters: ["postId": .int(7)])), expect: "completed")
        await navigator.perform(.push(Destination("home")), expect: "completed")
        #expect(navigator.flow.state.activeStack.map(\.route) == ["home", "post", "home"])
        let next = try Router(source: RouteSource(name: "next.routes", text: Self.nextTable))
        let swap = await navigator.flow.replaceTable(with: next)
        #expect(swap.result == .completed)
        #expect(swap.dropped.map { "\($0.entry?.route ?? "-") \($0.code)" } == ["post wrong-type", "home above-dropped-entry"])
        #expect(navigator.flow.router === next)
        #expect(navigator.flow.state.activeStack.map(\.route) == ["home"])
        #expect(Self.fits(navigator.flow.state, next))
        // Only the visible entry has a context: the dropped ones' were released.
        #expect(Array(navigator.orchestrator.contexts.keys) == [navigator.flow.state.visible?.id].compactMap { $0 })
        #expect(navigator.flow.history.last?.action == .replaceTable)
        // Later requests use the new table.
        #expect(await navigator.flow.navigate(to: Destination("post", parameters: ["postId": .int(7)])).code == .failed(.wrongType))
    }

    @Test func aScreenTheNewTableForbidsIsNotShown() async throws {
        let navigator = try TestNavigator(routes: PersistenceTests.table)
        navigator.exhaustive = false
        await navigator.start()
        await navigator.perform(.push(Destination("files", parameters: ["rest": .path(["a"])])), expect: "completed")
        await navigator.perform(.push(Destination("files", parameters: ["rest": .path(["b"])])), expect: "completed")
        let swap = await navigator.flow.replaceTable(with: try Router(source: RouteSource(name: "next.routes", text: Self.nextTable)))
        // `files` now requires sign-in and the user is signed out: the same commit presents the
        // login over it (the gate), and nothing is erased — the files come back after sign-in.
        #expect(swap.dropped.isEmpty)
        #expect(navigator.flow.state.visible?.route == "login")
        #expect(navigator.flow.state.activeStack.map(\.route) == ["login"])
        #expect(navigator.flow.state.entries.filter { $0.route == "files" }.count == 2)
        #expect(navigator.flow.history.last?.action == .replaceTable)
        await navigator.signIn(expect: "completed")
        #expect(navigator.flow.state.visible?.destination.parameters["rest"] == .path(["b"]))
        #expect(navigator.flow.state.modals.isEmpty)
    }

    @Test func aParkedRequestResumesAgainstTheNewTable() async throws {
        let navigator = try TestNavigator(routes: PersistenceTests.table)
        navigator.exhaustive = false
        await navigator.start()
        await navigator.selectTab("inbox", expect: "redirected")
        #expect(navigator.flow.parkedRequest != nil)
        // The new table has no inbox tab route any more.
        let next = try Router(
            source: RouteSource(
                name: "next.routes",
                text: PersistenceTests.table.replacingOccurrences(of: "tabs home, inbox", with: "tabs home")
                    .replacingOccurrences(of: "route inbox /inbox\n  transition tab(inbox)\n  auth\n", with: "")))
        await navigator.flow.replaceTable(with: next)
        #expect(Self.fits(navigator.flow.state, next))
        let resumed = await navigator.flow.signIn()
        #expect(resumed?.code == .failed(.unknownTab))
        #expect(Self.fits(navigator.flow.state, next))
    }

    /// A request in flight when the table is swapped ends superseded and commits nothing.
    @Test func aRequestInFlightDuringASwapEndsSupersededAndCommitsNothing() async throws {
        struct Gate: NavigationMiddleware {
            let entered: AsyncStream<Void>.Continuation
            let open: AsyncStream<Void>
            func process(_ request: NavigationRequest, next: NavigationNext) async throws -> NavigationResult {
                entered.yield()
                for await _ in open { break }
                return try await next(request)
            }
        }
        let (entered, enteredContinuation) = AsyncStream<Void>.makeStream()
        let (open, openContinuation) = AsyncStream<Void>.makeStream()
        let navigator = try TestNavigator(routes: PersistenceTests.table, options: .init(signedIn: true))
        navigator.exhaustive = false
        await navigator.start()
        let token = navigator.flow.add(Gate(entered: enteredContinuation, open: open))
        let flow = navigator.flow
        let inFlight = Task { @MainActor in
            await flow.navigate(to: Destination("place", parameters: ["latitude": .double(1), "longitude": .double(2)]))
        }
        for await _ in entered { break }
        navigator.flow.remove(token)
        await flow.replaceTable(with: try Router(source: RouteSource(name: "next.routes", text: Self.nextTable)))
        openContinuation.yield()
        #expect(await inFlight.value == .cancelled(.superseded))
        #expect(flow.state.visible?.route == "home")
        #expect(Self.fits(flow.state, flow.router))
    }

    /// Racing navigations whose contexts suspend in `onAppear`, and a swap among them: the
    /// state fits the new table, no context outlives its entry, the history is sequential.
    @Test func aSwapAmongRacingNavigationsLeavesAValidStateNoLeakedContextsAndASequentialHistory() async throws {
        final class Slow: Context {
            func onAppear() async { await Task.yield() }
            func onDisappear() async { await Task.yield() }
        }
        let router = try Router(source: RouteSource(name: "t.routes", text: PersistenceTests.table))
        var factories: [String: ContextFactory] = [:]
        for route in router.routes { factories[route.name] = { _ in Slow() } }
        let orchestrator = Orchestrator(
            router: router, state: NavigationState(stack: [Destination("home")]), factories: factories,
            configuration: .init(historyLimit: 10_000))
        let flow = orchestrator.navigation
        // A middleware that suspends: requests are in flight when the swap comes.
        struct Yielding: NavigationMiddleware {
            func process(_ request: NavigationRequest, next: NavigationNext) async throws -> NavigationResult {
                await Task.yield()
                return try await next(request)
            }
        }
        flow.add(Yielding())
        await orchestrator.start()
        let next = try Router(source: RouteSource(name: "next.routes", text: Self.nextTable))
        var tasks: [Task<Void, Never>] = []
        for index in 0..<200 {
            let destination =
                index.isMultiple(of: 3)
                ? Destination("place", parameters: ["latitude": .double(1), "longitude": .double(2)])
                : Destination("post", parameters: ["postId": .int(index)])
            tasks.append(Task { @MainActor in _ = await flow.perform(.push(destination)) })
            if index == 100 { tasks.append(Task { @MainActor in _ = await flow.replaceTable(with: next) }) }
        }
        for task in tasks { await task.value }
        #expect(flow.router === next)
        #expect(Self.fits(flow.state, next))
        let live = Set(flow.state.entries.map(\.id))
        #expect(Set(orchestrator.contexts.keys).isSubset(of: live))
        let history = Array(flow.history)
        #expect(history.contains { $0.action == .replaceTable })
        for (earlier, later) in zip(history, history.dropFirst()) { #expect(later.from == earlier.to) }
    }
}
