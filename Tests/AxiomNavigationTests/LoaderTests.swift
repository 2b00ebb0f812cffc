import AxiomRouting
import Clocks
import Testing

@testable import AxiomNavigation

/// What the loaders saw, shared with the test (loaders run off the main actor).
final class LoaderLog: Sendable {
    private let state = Locked<(calls: [LoadRequest], cancelled: [String], running: Int, mostAtOnce: Int)>(([], [], 0, 0))

    var calls: [LoadRequest] { state.withLock { $0.calls } }
    var cancelled: [String] { state.withLock { $0.cancelled } }
    var mostAtOnce: Int { state.withLock { $0.mostAtOnce } }
    var running: Int { state.withLock { $0.running } }

    func begin(_ request: LoadRequest) {
        state.withLock {
            $0.calls.append(request)
            $0.running += 1
            $0.mostAtOnce = max($0.mostAtOnce, $0.running)
        }
    }

    func end(_ request: LoadRequest, cancelled: Bool) {
        state.withLock {
            $0.running -= 1
            if cancelled { $0.cancelled.append(request.loader) }
        }
    }
}

/// Loaders (`load NAME` in the table): run after the middleware and before the commit, all at
/// once; their data reaches the context; a failure commits nothing; a newer request cancels
/// them; and they never run for a navigation the policy refuses.
@MainActor
@Suite struct LoaderTests {
    static let table = """
        origins myapp:
        login login
        route home /
        route profile /profile/:userId
          param userId int
          load profileData, recentPosts
          parent home
        route followers /profile/:userId/followers
          param userId int
          load followerList
          parent profile
        route privateProfile /private/:userId
          param userId int
          auth
          load profileData
        route privateFollowers /private/:userId/followers
          param userId int
          load followerList
          parent privateProfile
        route inbox /inbox
          auth
          load messages
        route about /about
        route login /login
          transition modal(fullScreen)
        """

    let router: Router
    let log = LoaderLog()
    let clock = TestClock()

    init() throws {
        router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
    }

    /// A flow with a loader for each name that returns "NAME(values)", and the contexts' data.
    func makeOrchestrator(signedIn: Bool = true) -> (Orchestrator, Box) {
        let box = Box()
        let orchestrator = Orchestrator(
            router: router, state: NavigationState(stack: [Destination("home")]),
            factories: [
                "profile": { environment in
                    box.received[environment.entry.route] = environment.loaded
                    return PlainContext()
                },
                "followers": { environment in
                    box.received[environment.entry.route] = environment.loaded
                    return PlainContext()
                },
            ])
        orchestrator.navigation.add(AuthenticationMiddleware(loginRoute: "login", signedIn: signedIn, clock: clock))
        for name in ["profileData", "recentPosts", "followerList", "messages"] {
            orchestrator.navigation.loaders[name] = { [log] request in
                log.begin(request)
                defer { log.end(request, cancelled: false) }
                return "\(name)\(request.destination.parameters)"
            }
        }
        return (orchestrator, box)
    }

    @MainActor final class Box {
        var received: [String: LoadedData] = [:]
    }

    final class PlainContext: Context {
        func onAppear() async {}
        func onDisappear() async {}
    }

    @Test func theRoutesLoadersRunAndTheirDataReachesTheContext() async throws {
        let (orchestrator, box) = makeOrchestrator()
        let flow = orchestrator.navigation
        await orchestrator.start()
        #expect(await flow.navigate(to: Destination("profile", parameters: ["userId": .int(42)])) == .completed)
        #expect(Set(log.calls.map(\.loader)) == ["profileData", "recentPosts"])
        let entry = try #require(flow.state.visible)
        #expect(log.calls.allSatisfy { $0.entry == entry.id && $0.destination == entry.destination && $0.source == .inApp })
        let data = try #require(box.received["profile"])
        #expect(data["profileData", as: String.self] == "profileData[userId: 42]")
        #expect(data["recentPosts", as: String.self] == "recentPosts[userId: 42]")
        #expect(data["profileData", as: Int.self] == nil)
        #expect(data.names == ["profileData", "recentPosts"])
        #expect(flow.loaded[entry.id]?.names == ["profileData", "recentPosts"])
        // A route that loads nothing awaits nothing.
        #expect(await flow.navigate(to: Destination("about")) == .completed)
        #expect(log.calls.count == 2)
        // The data leaves with its entry.
        #expect(await flow.back() == .completed)
        #expect(await flow.back() == .completed)
        #expect(flow.loaded.isEmpty)
    }

    @Test func aDeepLinkLoadsForEveryEntryItAdds() async throws {
        let (orchestrator, _) = makeOrchestrator()
        let flow = orchestrator.navigation
        #expect(await flow.open(url: "myapp://profile/7/followers") == .completed)
        #expect(flow.state.activeStack.map(\.route) == ["home", "profile", "followers"])
        #expect(Set(log.calls.map(\.loader)) == ["profileData", "recentPosts", "followerList"])
        #expect(log.calls.allSatisfy { $0.source == .deepLink })
        #expect(flow.loaded.count == 2)
    }

    @Test func loadersRunAtOnce() async throws {
        let (orchestrator, _) = makeOrchestrator()
        let flow = orchestrator.navigation
        // Each waits (for at most a few seconds) until the other has started: one after the
        // other, the first would give up waiting, and `mostAtOnce` would stay 1.
        for name in ["profileData", "recentPosts"] {
            flow.loaders[name] = { [log] request in
                log.begin(request)
                defer { log.end(request, cancelled: false) }
                var waits = 0
                while log.mostAtOnce < 2, waits < 2_000 {
                    try await Task.sleep(for: .milliseconds(2))
                    waits += 1
                }
                return name
            }
        }
        #expect(await flow.navigate(to: Destination("profile", parameters: ["userId": .int(1)])) == .completed)
        #expect(log.mostAtOnce == 2)
    }

    @Test func aFailingLoaderCommitsNothing() async throws {
        let (orchestrator, box) = makeOrchestrator()
        let flow = orchestrator.navigation
        await orchestrator.start()
        struct Offline: Error, CustomStringConvertible { var description: String { "offline" } }
        flow.loaders["recentPosts"] = { _ in throw Offline() }
        let before = flow.state
        let historyBefore = flow.history.count
        let result = await flow.navigate(to: Destination("profile", parameters: ["userId": .int(1)]))
        guard case .failed(let error) = result else {
            Issue.record("\(result)")
            return
        }
        #expect(error.code == .loaderFailed)
        #expect(error.loader == "recentPosts")
        #expect(error.description == "loader 'recentPosts' failed: offline")
        #expect(result.code.rawValue == "failed.loader-failed")
        #expect(flow.state == before)
        #expect(flow.history.count == historyBefore)
        #expect(box.received.isEmpty)
        #expect(flow.loaded.isEmpty)
    }

    @Test func aLoaderTheAppDidNotRegisterFailsWithItsName() async throws {
        let (orchestrator, _) = makeOrchestrator()
        let flow = orchestrator.navigation
        flow.loaders["messages"] = nil
        let result = await flow.open(url: "myapp://inbox")
        guard case .failed(let error) = result else {
            Issue.record("\(result)")
            return
        }
        #expect(error.code == .loaderNotRegistered)
        #expect(error.loader == "messages")
        #expect(flow.state.visible?.route == "home")
    }

    @Test func aNewerRequestCancelsTheLoadersOfTheOlderOne() async throws {
        let (orchestrator, _) = makeOrchestrator()
        let flow = orchestrator.navigation
        flow.loaders["profileData"] = { [log] request in
            log.begin(request)
            do {
                // Long enough that only cancellation ends it on a loaded machine (CI ran past 5 s once).
                try await Task.sleep(for: .seconds(120))
            } catch {
                log.end(request, cancelled: true)
                throw error
            }
            log.end(request, cancelled: false)
            return "never"
        }
        async let slow = flow.navigate(to: Destination("profile", parameters: ["userId": .int(1)]))
        // Wait until the slow loader runs, then navigate elsewhere.
        // The loader runs on another thread: wait (at most a few seconds) until it has started.
        var waits = 0
        while !log.calls.contains(where: { $0.loader == "profileData" }), waits < 2_000 {
            try await Task.sleep(for: .milliseconds(2))
            waits += 1
        }
        #expect(log.calls.contains { $0.loader == "profileData" })
        #expect(await flow.navigate(to: Destination("about")) == .completed)
        #expect(await slow == .cancelled(.superseded))
        #expect(log.cancelled.contains("profileData"))
        #expect(flow.state.activeStack.map(\.route) == ["home", "about"])
        #expect(flow.loaded.isEmpty)
    }

    /// Swapping the table is a newer request too: the loaders in flight are cancelled.
    @Test func swappingTheTableCancelsTheLoadersInFlight() async throws {
        let (orchestrator, _) = makeOrchestrator()
        let flow = orchestrator.navigation
        flow.loaders["profileData"] = { [log] request in
            log.begin(request)
            do {
                // Long enough that only cancellation ends it on a loaded machine (CI ran past 5 s once).
                try await Task.sleep(for: .seconds(120))
            } catch {
                log.end(request, cancelled: true)
                throw error
            }
            log.end(request, cancelled: false)
            return "never"
        }
        async let slow = flow.navigate(to: Destination("profile", parameters: ["userId": .int(1)]))
        var waits = 0
        while !log.calls.contains(where: { $0.loader == "profileData" }), waits < 2_000 {
            try await Task.sleep(for: .milliseconds(2))
            waits += 1
        }
        _ = await flow.replaceTable(with: router)
        #expect(await slow == .cancelled(.superseded))
        #expect(log.cancelled.contains("profileData"))
        #expect(!flow.state.entries.contains { $0.route == "profile" })
    }

    @Test func aNavigationThePolicyRefusesLoadsNothing() async throws {
        let (orchestrator, _) = makeOrchestrator(signedIn: false)
        let flow = orchestrator.navigation
        let result = await flow.open(url: "myapp://inbox")
        #expect(result == .redirected(chain: [Destination("inbox")], final: Destination("login")))
        #expect(log.calls.isEmpty)
    }

    /// A deep link while signed out to a screen whose parent requires sign-in: the parent is in
    /// the back stack, but its data is not fetched (the policy would not show it now).
    @Test func aDeepLinksAuthOnlyParentGetsNoDataWhileSignedOut() async throws {
        let (orchestrator, _) = makeOrchestrator(signedIn: false)
        let flow = orchestrator.navigation
        #expect(await flow.open(url: "myapp://private/9/followers") == .completed)
        #expect(flow.state.activeStack.map(\.route) == ["privateProfile", "privateFollowers"])
        #expect(log.calls.map(\.loader) == ["followerList"])
        let parent = try #require(flow.state.activeStack.first { $0.route == "privateProfile" })
        #expect(flow.loaded[parent.id] == nil)
    }

    /// A restored state's entries keep their saved numbers, and are all new to the flow: they load.
    @Test func aRestoredStatesEntriesLoad() async throws {
        let (orchestrator, _) = makeOrchestrator()
        let flow = orchestrator.navigation
        await orchestrator.start()
        let saved = NavigationState(stack: [Destination("home"), Destination("followers", parameters: ["userId": .int(3)])])
        let restored = await flow.restore(saved)
        #expect(restored.result == .completed)
        #expect(log.calls.map(\.loader) == ["followerList"])
        let entry = try #require(flow.state.visible)
        #expect(flow.loaded[entry.id]?.names == ["followerList"])
    }

    @Test func signingOutWhileLoadersRunIsCheckedBeforeTheCommit() async throws {
        let (orchestrator, _) = makeOrchestrator()
        let flow = orchestrator.navigation
        flow.loaders["messages"] = { @Sendable _ in
            await MainActor.run { flow.signOut() }
            return "secret"
        }
        let result = await flow.open(url: "myapp://inbox")
        #expect(result != .completed)
        #expect(!flow.state.entries.contains { $0.route == "inbox" })
        #expect(!flow.loaded.values.contains { $0["messages", as: String.self] == "secret" })
    }

    @Test func loadingTimeIsInTheMetrics() async throws {
        let (orchestrator, _) = makeOrchestrator()
        let flow = orchestrator.navigation
        flow.loaders["followerList"] = { _ in
            try await Task.sleep(for: .milliseconds(30))
            return 1
        }
        #expect(await flow.navigate(to: Destination("followers", parameters: ["userId": .int(1)])) == .completed)
        let metrics = try #require(flow.lastMetrics)
        #expect(metrics.loading >= .milliseconds(30))
        #expect(metrics.total >= metrics.loading)
        // Not counted twice: the middleware's share is what is left after the loaders'.
        #expect(metrics.middleware + metrics.loading + metrics.commit + metrics.contextCreation <= metrics.total)
    }
}
