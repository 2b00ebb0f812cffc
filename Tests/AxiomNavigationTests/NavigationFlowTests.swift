import AxiomRouting
import Observation
import Testing

@testable import AxiomNavigation

/// A context that records its lifecycle into a shared log.
@MainActor
final class RecordingContext: Context {
    let entry: NavigationEntry
    let log: EventLog

    init(entry: NavigationEntry, log: EventLog) {
        self.entry = entry
        self.log = log
        log.lines.append("create \(entry)")
    }

    func onAppear() async { log.lines.append("appear \(entry)") }
    func onDisappear() async { log.lines.append("disappear \(entry)") }
}

/// `count` navigations to `post(postId: 0…)`, each from a task of its own, all at once.
@MainActor
private func raceNavigations(_ flow: NavigationFlow, count: Int) async -> [NavigationResult] {
    await withTaskGroup(of: NavigationResult.self) { group in
        for value in 0..<count {
            group.addTask { @Sendable in
                await Task.detached { await flow.navigate(to: Destination("post", parameters: ["postId": .int(value)])) }.value
            }
        }
        var results: [NavigationResult] = []
        for await result in group { results.append(result) }
        return results
    }
}

/// A context whose lifecycle methods suspend (as ones that load data do).
@MainActor
final class SuspendingContext: Context {
    func onAppear() async {
        for _ in 0..<3 { await Task.yield() }
    }
    func onDisappear() async { await Task.yield() }
}

@MainActor
final class EventLog {
    var lines: [String] = []
}

@MainActor
private func makeOrchestrator(state: NavigationState? = nil, log: EventLog = EventLog()) throws -> Orchestrator {
    let router = try Router(
        source: RouteSource(
            name: "t.routes",
            text: """
                origins myapp:
                tabs home, profile
                route home /
                  transition tab(home)
                route post /posts/:postId
                  param postId int
                  parent home
                route comments /posts/:postId/comments
                  param postId int
                  parent post
                route me /me
                  transition tab(profile)
                route compose /compose
                  transition modal(sheet)
                route login /login
                route a /a
                route b /b
                route c /c
                """))
    let factory: ContextFactory = { RecordingContext(entry: $0.entry, log: log) }
    let factories = Dictionary(uniqueKeysWithValues: ["home", "post", "comments", "me", "compose", "login", "a", "b", "c"].map { ($0, factory) })
    return Orchestrator(
        router: router, state: state ?? NavigationState(tabs: ["home": Destination("home"), "profile": Destination("me")]),
        factories: factories)
}

private func entry(_ id: Int, _ route: String, _ parameters: RouteParameters = [:], source: NavigationSource = .inApp) -> NavigationEntry {
    NavigationEntry(id: EntryID(id), destination: Destination(route, parameters: parameters), source: source)
}

@MainActor
@Suite struct NavigationFlowTests {
    /// The orchestrator keeps the last events delivered, capped (four times the history's
    /// limit): the newest kept, in order, the oldest let go.
    @Test func deliveredEventsKeepTheNewestUpToTheirCap() async throws {
        let orchestrator = try makeOrchestrator()
        await orchestrator.start()
        let cap = 4 * orchestrator.navigation.configuration.historyLimit
        for index in 0..<(cap / 2) { _ = await orchestrator.navigation.navigate(to: Destination("post", parameters: ["postId": .int(index)])) }
        let events = orchestrator.deliveredEvents
        #expect(events.count == cap)
        guard case .appear(let last)? = events.last else {
            Issue.record("the last event is not an appear: \(String(describing: events.last))")
            return
        }
        #expect(last.destination.parameters["postId"] == .int(cap / 2 - 1))
        // In order: each appear of a post is of the post after the one before.
        let posts = events.compactMap { event -> Int? in
            guard case .appear(let entry) = event, entry.route == "post", case .int(let id)? = entry.destination.parameters["postId"] else {
                return nil
            }
            return id
        }
        #expect(posts == Array(posts.first.map { $0..<(cap / 2) } ?? 0..<0))
    }

    @Test func deepLinkIntoAThirdLevelRouteFromAModalBuildsTheWholeTargetAndBackWalksToTheTabRoot() async throws {
        let log = EventLog()
        let orchestrator = try makeOrchestrator(
            state: NavigationState(tabs: ["home": Destination("home"), "profile": Destination("me")], selected: "profile"), log: log)
        let flow = orchestrator.navigation
        await orchestrator.start()
        #expect(log.lines == ["create #1 me", "appear #1 me"])
        #expect(await flow.navigate(to: Destination("compose")) == .completed)
        #expect(log.lines.suffix(3) == ["disappear #1 me", "create #2 compose", "appear #2 compose"])
        log.lines = []

        #expect(await orchestrator.open(url: "myapp://posts/7/comments") == .completed)

        let comments = entry(5, "comments", ["postId": .int(7)], source: .deepLink)
        var expected = NavigationState(tabs: ["home": Destination("home"), "profile": Destination("me")], selected: "profile")
        expected = try NavigationPlanner.plan(.present(Destination("compose"), style: .sheet), in: expected).get().state
        expected = try NavigationPlanner.deepLink(to: Destination("comments", parameters: ["postId": .int(7)]), router: flow.router, in: expected)
            .get().state
        #expect(flow.state == expected)
        #expect(flow.state.selectedTab == "home")
        #expect(flow.state.modals.isEmpty)
        #expect(flow.state.activeStack == [entry(3, "home", source: .deepLink), entry(4, "post", ["postId": .int(7)], source: .deepLink), comments])
        // Only the visible entry got a context; the compose modal's was released.
        #expect(Set(orchestrator.contexts.keys) == [EntryID(1), EntryID(5)])
        #expect(log.lines == ["disappear #2 compose", "create \(comments)", "appear \(comments)"])

        log.lines = []
        #expect(await flow.back() == .completed)
        #expect(await flow.back() == .completed)
        #expect(flow.state.visible == entry(3, "home", source: .deepLink))
        #expect(!flow.state.canGoBack)
        #expect(
            log.lines == [
                "disappear \(comments)", "create #4 post [postId: 7]", "appear #4 post [postId: 7]", "disappear #4 post [postId: 7]",
                "create #3 home", "appear #3 home",
            ])
        #expect(Set(orchestrator.contexts.keys) == [EntryID(1), EntryID(3)])
    }

    @Test func unresolvableURLsAreNotFoundAndChangeNothing() async throws {
        let orchestrator = try makeOrchestrator()
        let before = orchestrator.navigation.state
        guard case .notFound(let failure) = await orchestrator.open(url: "myapp://nowhere") else {
            Issue.record("expected notFound")
            return
        }
        #expect(failure.code.rawValue == "no-route")
        #expect(orchestrator.navigation.state == before)
        #expect(orchestrator.navigation.history.isEmpty)
    }

    @Test func concurrentRequestsLeaveTheStateOfTheLastArrivalAndASequentialHistory() async throws {
        let orchestrator = try makeOrchestrator()
        let flow = orchestrator.navigation
        // Record which request carried which destination, and let requests interleave.
        let seen = Locked<[Int: Destination]>([:])
        flow.add(
            MiddlewareClosure { request, next in
                if let destination = request.destination { seen.withLock { $0[request.id.rawValue] = destination } }
                await Task.yield()
                return try await next(request)
            })
        let results = await raceNavigations(flow, count: 1_000)
        let last = try #require(flow.history.last)
        #expect(last.request == RequestID(999))
        #expect(flow.state.visible?.destination == seen.withLock { $0[999] })
        #expect(flow.state.visible == last.to)
        #expect(results.allSatisfy { $0 == .completed || $0 == .cancelled(.superseded) || $0 == .duplicated })
        #expect(results.count { $0 == .completed } == flow.state.activeStack.count - 1)
        let ids = flow.history.map(\.request.rawValue)
        #expect(ids == ids.sorted())
        let live = Set(flow.state.entries.map(\.id))
        #expect(Set(orchestrator.contexts.keys).isSubset(of: live))
    }

    @Test func theHistoryIsInCommitOrderWithTrueBeforeAndAfterWhenContextsSuspend() async throws {
        // Contexts whose lifecycle suspends: while one request delivers its events, others
        // commit. Each record must still be written with its own commit.
        let router = try Router(
            source: RouteSource(
                name: "t.routes",
                text: """
                    route home /
                    route post /posts/:postId
                      param postId int
                    """))
        let factory: ContextFactory = { _ in SuspendingContext() }
        let orchestrator = Orchestrator(
            router: router, state: NavigationState(stack: [Destination("home")]), factories: ["home": factory, "post": factory],
            configuration: .init(historyLimit: 10_000))
        let flow = orchestrator.navigation
        await orchestrator.start()
        let results = await raceNavigations(flow, count: 2_000)
        let history = Array(flow.history)
        #expect(history.count == results.count { $0.committed })
        let ids = history.map(\.request.rawValue)
        #expect(ids == ids.sorted())
        #expect(Set(ids).count == ids.count)
        // Each record starts where the one before it ended, and the last ends on screen.
        for (earlier, later) in zip(history, history.dropFirst()) where earlier.to != later.from {
            Issue.record(
                "\(later.request) starts at \(later.from.map(\.description) ?? "nothing"), but \(earlier.request) ended at \(earlier.to.map(\.description) ?? "nothing")"
            )
            break
        }
        #expect(history.first?.from?.route == "home")
        #expect(history.last?.to == flow.state.visible)
        #expect(history.allSatisfy { $0.result.rawValue == "completed" && $0.metrics.total >= $0.metrics.commit })
    }

    @Test func aTaskCancelledInsideASlowMiddlewareChangesNothing() async throws {
        let orchestrator = try makeOrchestrator()
        let flow = orchestrator.navigation
        flow.add(
            MiddlewareClosure { request, next in
                try await Task.sleep(for: .seconds(30))
                return try await next(request)
            })
        let before = flow.state
        let contexts = Set(orchestrator.contexts.keys)
        let task = Task { await flow.navigate(to: Destination("post", parameters: ["postId": .int(1)])) }
        try await Task.sleep(for: .milliseconds(20))
        task.cancel()
        #expect(await task.value == .cancelled(.taskCancelled))
        #expect(flow.state == before)
        #expect(flow.history.isEmpty)
        #expect(Set(orchestrator.contexts.keys) == contexts)
    }

    @Test func aNewerRequestSupersedesOneInFlight() async throws {
        let flow = try makeOrchestrator().navigation
        flow.add(
            MiddlewareClosure { request, next in
                if request.destination?.route == "a" { try await Task.sleep(for: .milliseconds(50)) }
                return try await next(request)
            })
        async let slow = flow.navigate(to: Destination("a"))
        try await Task.sleep(for: .milliseconds(10))
        #expect(await flow.navigate(to: Destination("b")) == .completed)
        #expect(await slow == .cancelled(.superseded))
        #expect(flow.state.visible?.route == "b")
        #expect(flow.history.map(\.to?.route) == ["b"])
    }

    @Test func redirectsRestartThePipelineAndLoopsFailWithTheWholeChain() async throws {
        let flow = try makeOrchestrator().navigation
        flow.add(
            MiddlewareClosure { request, next in
                switch request.destination?.route {
                case "a": return .redirected(chain: [], final: Destination("b"))
                case "b": return .redirected(chain: [], final: Destination("c"))
                default: return try await next(request)
                }
            })
        #expect(await flow.navigate(to: Destination("a")) == .redirected(chain: [Destination("a"), Destination("b")], final: Destination("c")))
        #expect(flow.state.visible?.route == "c")

        let looping = try makeOrchestrator().navigation
        looping.add(
            MiddlewareClosure { request, next in
                request.destination?.route == "a"
                    ? .redirected(chain: [], final: Destination("b")) : .redirected(chain: [], final: Destination("a"))
            })
        #expect(await looping.navigate(to: Destination("a")) == .failed(.redirectLoop([Destination("a"), Destination("b"), Destination("a")])))
        #expect(looping.history.isEmpty)
    }

    @Test func moreRedirectsThanTheLimitFail() async throws {
        let flow = try makeOrchestrator().navigation
        let counter = Locked(0)
        flow.add(
            MiddlewareClosure { request, next in
                let hop = counter.withLock { value -> Int in
                    value += 1
                    return value
                }
                return .redirected(chain: [], final: Destination("post", parameters: ["postId": .int(hop)]))
            })
        guard case .failed(let error) = await flow.navigate(to: Destination("a")), error.code == .tooManyRedirects else {
            Issue.record("expected too many redirects (none repeats: not a loop)")
            return
        }
        // The original, the five redirects `maxRedirects` allows, then the sixth's target.
        #expect(error.chain.count == 7)
        #expect(error.chain.first == Destination("a") && error.chain.last?.parameters["postId"] == .int(6))
    }

    /// The table's redirect chain counts against `maxRedirects` as a middleware's redirects
    /// do (issue 30): a chain of twelve fails at the default five, and completes when the
    /// flow allows twelve; five complete at the default.
    @Test func aTableRedirectChainCountsAgainstTheRedirectLimit() async throws {
        var table = "origins myapp:\nroute home /\nroute tag /tags/:tag\nredirect r1 /r1/:tag -> tag\n"
        for hop in 2...12 { table += "redirect r\(hop) /r\(hop)/:tag -> r\(hop - 1)\n" }
        let router = try Router(source: RouteSource(name: "t.routes", text: table))
        let flow = NavigationFlow(router: router, state: NavigationState(stack: [Destination("home")]))
        guard case .failed(let error) = await flow.open(url: "myapp://r12/swift"), error.code == .tooManyRedirects else {
            Issue.record("a twelve-step chain passed the limit of five")
            return
        }
        #expect(error.chain.map(\.route) == (1...12).reversed().map { "r\($0)" } + ["tag"])
        #expect(flow.state.visible?.route == "home")
        let five = await flow.open(url: "myapp://r5/swift")
        #expect(
            five
                == .redirected(
                    chain: (1...5).reversed().map { Destination("r\($0)", parameters: ["tag": .string("swift")]) },
                    final: Destination("tag", parameters: ["tag": .string("swift")])))
        #expect(
            await flow.open(url: "myapp://r6/swift")
                == .failed(
                    .tooManyRedirects(
                        (1...6).reversed().map { Destination("r\($0)", parameters: ["tag": .string("swift")]) } + [
                            Destination("tag", parameters: ["tag": .string("swift")])
                        ], limit: 5)))
        var configuration = NavigationFlow.Configuration()
        configuration.maxRedirects = 12
        let lenient = NavigationFlow(router: router, state: NavigationState(stack: [Destination("home")]), configuration: configuration)
        #expect(await lenient.open(url: "myapp://r12/swift").committed)
        #expect(lenient.state.visible?.route == "tag")
        // One count for both kinds: four table redirects and a middleware's fifth pass, a sixth fails.
        for (url, passes) in [("myapp://r4/swift", true), ("myapp://r5/swift", false)] {
            let mixed = NavigationFlow(router: router, state: NavigationState(stack: [Destination("home")]))
            mixed.add(
                MiddlewareClosure { request, next in
                    request.destination?.parameters["tag"] == .string("swift")
                        ? .redirected(chain: [], final: Destination("tag", parameters: ["tag": .string("ios")])) : try await next(request)
                })
            let result = await mixed.open(url: url)
            #expect(result.committed == passes, "\(url): \(result)")
            #expect((mixed.state.visible?.route == "tag") == passes, "\(url)")
        }
        // No redirect allowed: a request without one still goes through; with one, it fails.
        configuration.maxRedirects = -1
        let none = NavigationFlow(router: router, state: NavigationState(stack: [Destination("home")]), configuration: configuration)
        #expect(await none.open(url: "myapp://tags/swift") == .completed)
        guard case .failed(let refused) = await none.open(url: "myapp://r1/swift"), refused.code == .tooManyRedirects else {
            Issue.record("a redirect passed a limit of none")
            return
        }
    }

    /// A redirect's `set NAME = VALUE` reaches the screen (issue 30): the entry holds the value
    /// the old URL never carried, and the chain says where it came from.
    @Test func aRedirectWithASetValueOpensItsTargetWithThatValue() async throws {
        let table = "origins myapp:\nroute home /\nroute tag /tags/:tag\nredirect oldSwift /old-swift -> tag\n  set tag = swift\n"
        let router = try Router(source: RouteSource(name: "t.routes", text: table))
        let flow = NavigationFlow(router: router, state: NavigationState(stack: [Destination("home")]))
        let swift = Destination("tag", parameters: ["tag": .string("swift")])
        #expect(
            await flow.open(url: "myapp://old-swift")
                == .redirected(chain: [Destination("oldSwift", parameters: ["tag": .string("swift")])], final: swift))
        #expect(flow.state.visible?.destination == swift)
        // The same screen as its own link: a duplicate, not a second entry.
        #expect(await flow.open(url: "myapp://tags/swift") == .duplicated)
    }

    @Test func aThrowingMiddlewareFailsThatNavigationAndTheFlowKeepsWorking() async throws {
        struct Broken: Error {}
        let flow = try makeOrchestrator().navigation
        let token = flow.add(MiddlewareClosure { _, _ in throw Broken() })
        #expect(await flow.navigate(to: Destination("a")) == .failed(.middleware("Broken()")))
        flow.remove(token)
        #expect(await flow.navigate(to: Destination("a")) == .completed)
    }

    @Test func middlewareFormAnOnionInTheOrderAdded() async throws {
        let flow = try makeOrchestrator().navigation
        let order = Locked<[String]>([])
        for name in ["outer", "inner"] {
            flow.add(
                MiddlewareClosure { request, next in
                    order.withLock { $0.append("\(name) in") }
                    let result = try await next(request)
                    order.withLock { $0.append("\(name) out") }
                    return result
                })
        }
        _ = await flow.navigate(to: Destination("a"))
        #expect(order.withLock { $0 } == ["outer in", "inner in", "inner out", "outer out"])
    }

    @Test func stateChangesAreObservable() async throws {
        let flow = try makeOrchestrator().navigation
        let changed = Locked(false)
        withObservationTracking {
            _ = flow.state
        } onChange: {
            changed.withLock { $0 = true }
        }
        #expect(!changed.withLock { $0 })
        _ = await flow.navigate(to: Destination("a"))
        #expect(changed.withLock { $0 })
    }

    @Test func contextsAreReleasedWhenTheirEntryLeaves() async throws {
        let orchestrator = try makeOrchestrator()
        let flow = orchestrator.navigation
        _ = await flow.navigate(to: Destination("a"))
        let id = try #require(flow.state.visible?.id)
        weak let context = orchestrator.contexts[id]
        #expect(context != nil)
        _ = await flow.back()
        #expect(orchestrator.contexts[id] == nil)
        #expect(context == nil)
    }

    @Test func duplicatesAndBadCommandsChangeNothing() async throws {
        let flow = try makeOrchestrator().navigation
        _ = await flow.navigate(to: Destination("a"))
        #expect(await flow.navigate(to: Destination("a")) == .duplicated)
        #expect(await flow.dismiss() == .failed(.plan(.noModal)))
        #expect(flow.history.count == 1)
    }

    @Test func historyIsCapped() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: "route a /a\nroute b /b"))
        let flow = NavigationFlow(router: router, state: NavigationState(stack: [Destination("a")]), configuration: .init(historyLimit: 3))
        for index in 0..<10 { _ = await flow.navigate(to: Destination(index.isMultiple(of: 2) ? "b" : "a")) }
        #expect(flow.history.count == 3)
        #expect(flow.history.map(\.request.rawValue) == [7, 8, 9])
    }

    @Test func metricsAreRecordedPerNavigation() async throws {
        let flow = try makeOrchestrator().navigation
        _ = await flow.navigate(to: Destination("a"))
        let metrics = try #require(flow.lastMetrics)
        #expect(metrics.total >= metrics.commit + metrics.contextCreation)
        #expect(flow.history.last?.metrics == metrics)
    }

    @Test func resultCodesAreStableKebabCase() {
        let post = Destination("post", parameters: ["postId": .int(1)])
        let cases: [(NavigationResult, String)] = [
            (.completed, "completed"),
            (.redirected(chain: [post], final: Destination("login")), "redirected"),
            (.cancelled(.superseded), "cancelled.superseded"),
            (.cancelled(.taskCancelled), "cancelled.task-cancelled"),
            (.cancelled(.guardRejected), "cancelled.guard-rejected"),
            (.cancelled(.rateLimited(retryAfter: .milliseconds(250))), "cancelled.rate-limited"),
            (.cancelled(.untrustedSource), "cancelled.untrusted-source"),
            (.duplicated, "duplicated"),
            (.failed(.redirectLoop([post, post])), "failed.redirect-loop"),
            (.failed(.middleware("boom")), "failed.middleware"),
            (.failed(.plan(.atRoot)), "failed.at-root"),
            (.failed(.unknownRoute("x")), "failed.unknown-route"),
        ]
        for (result, code) in cases { #expect(result.code.rawValue == code) }
        #expect(cases.filter { $0.0.committed }.map(\.1) == ["completed", "redirected"])
    }

    /// Errors are structs that keep what caused them; their codes are the causes' codes.
    @Test func navigationErrorsKeepTheirCause() {
        let invalid = NavigationError.invalidDestination(.missingParameter(route: "post", parameter: "postId"))
        #expect(invalid.code == .missingParameter && invalid.destination?.parameter == "postId" && invalid.plan == nil)
        #expect(NavigationResult.failed(invalid).code == .failed(.missingParameter))
        let plan = NavigationError.plan(.unknownTab("inbox"))
        #expect(plan.code == .unknownTab && plan.plan?.name == "inbox" && plan.description == "there is no tab 'inbox'")
        #expect(NavigationError.plan(.atRoot).code.rawValue == "at-root")
        #expect(NavigationResult.cancelled(.superseded).code == .cancelled(.superseded))
        #expect(NavigationResult.cancelled(.superseded).code != .cancelled(.middleware))
    }

    @Test func middlewareAreToldTheResultAndMetricsOfEveryNavigation() async throws {
        final class Reporter: NavigationMiddleware {
            let reports = Locked<[(String, NavigationMetrics)]>([])
            func process(_ request: NavigationRequest, next: NavigationNext) async throws -> NavigationResult {
                try await next(request)
            }
            func didFinish(_ request: NavigationRequest, result: NavigationResult, metrics: NavigationMetrics) {
                reports.withLock { $0.append((result.code.rawValue, metrics)) }
            }
        }
        let flow = try makeOrchestrator().navigation
        let reporter = Reporter()
        flow.add(reporter)
        _ = await flow.navigate(to: Destination("a"))
        _ = await flow.dismiss()
        let reports = reporter.reports.withLock { $0 }
        #expect(reports.map(\.0) == ["completed", "failed.no-modal"])
        #expect(reports.first?.1 == flow.history.last?.metrics)
        #expect(reports.last?.1 == flow.lastMetrics)
    }
}
