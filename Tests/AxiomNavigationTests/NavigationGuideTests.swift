import AxiomRouting
import Clocks
import TestSupport
import Testing

@testable import AxiomNavigation

/// The worked example's context and journal (Docs/Navigation.md, "A worked example").
@MainActor final class Screen: Context {
    let route: String
    let journal: Journal
    let navigation: NavigationHandle
    init(route: String, journal: Journal, navigation: NavigationHandle) {
        self.route = route
        self.journal = journal
        self.navigation = navigation
    }
    func onAppear() async { journal.lines.append("appear \(route)") }
    func onDisappear() async { journal.lines.append("disappear \(route)") }
}

@MainActor final class Journal {
    var lines: [String] = []
}

/// The examples of `Docs/Navigation.md` and the documentation comments, run as written.
@Suite struct NavigationGuideTests {
    @Test func stateExample() throws {
        var state = NavigationState(tabs: ["home": Destination("home"), "profile": Destination("me")])
        state = try NavigationPlanner.plan(.push(Destination("post", parameters: ["postId": .int(7)])), in: state).get().state
        print(state.visible?.route ?? "none")   // post
        print(state.canGoBack)                  // true
        #expect(state.visible?.route == "post")
        #expect(state.canGoBack)
    }

    @Test func eventsExample() throws {
        let start = NavigationState(stack: [Destination("home")])
        let plan = try NavigationPlanner.plan(.push(Destination("post", parameters: ["postId": .int(7)])), in: start).get()
        print(plan.events)   // [disappear #0 home, appear #1 post [postId: 7]]
        #expect(plan.events.map(\.description) == ["disappear #0 home", "appear #1 post [postId: 7]"])
    }

    @Test func deepLinkExample() throws {
        let sources = try RouteSource.load(from: packageRoot() + "/Routes")
        let router = try Router(sources: sources, resolver: RouteSource.resolver(among: sources))
        let state = NavigationState(tabs: ["home": Destination("home"), "profile": Destination("me")])
        let match = try router.resolve("myapp://posts/7/comments").get()
        let plan = try NavigationPlanner.deepLink(to: Destination(match), router: router, in: state).get()
        print(plan.state.activeStack.map(\.route))   // ["home", "post", "comments"]
        #expect(plan.state.activeStack.map(\.route) == ["home", "post", "comments"])
    }

    @MainActor @Test func workedExample() async throws {
        let router = try Router(
            source: RouteSource(
                name: "app.routes",
                text: """
                    origins myapp:
                    tabs home, profile
                    route home /
                      transition tab(home)
                    route post /posts/:postId
                      param postId int
                      parent home
                    route me /me
                      transition tab(profile)
                    route admin /admin
                    """))
        let journal = Journal()
        let screen: ContextFactory = { Screen(route: $0.entry.route, journal: journal, navigation: $0.navigation) }
        let orchestrator = Orchestrator(
            router: router,
            state: NavigationState(tabs: ["home": Destination("home"), "profile": Destination("me")]),
            factories: ["home": screen, "post": screen, "me": screen, "admin": screen])

        // A guard: no deep link reaches admin.
        orchestrator.navigation.add(
            MiddlewareClosure { request, next in
                if request.source == .deepLink, request.destination?.route == "admin" { return .cancelled(.guardRejected) }
                return try await next(request)
            })

        await orchestrator.start()                               // home appears
        await orchestrator.open(url: "myapp://posts/7")          // .completed: home tab, stack [home, post]
        await orchestrator.open(url: "myapp://admin")            // .cancelled(.guardRejected), nothing changed
        await orchestrator.open(url: "myapp://nowhere")          // .notFound(…), code "not-found"
        await orchestrator.navigation.back()                     // .completed: home again; post's context released
        await orchestrator.navigation.selectTab("profile")       // .completed
        print(journal.lines)
        print(orchestrator.navigation.history.map(\.result))    // ["completed", "completed", "completed"]
        #expect(journal.lines == ["appear home", "disappear home", "appear post", "disappear post", "appear home", "disappear home", "appear me"])
        #expect(orchestrator.navigation.history.map(\.result.rawValue) == ["completed", "completed", "completed"])
        #expect(orchestrator.contexts.count == 2)  // home and me; post was released

        if let me = orchestrator.contexts.values.compactMap({ $0 as? Screen }).first(where: { $0.route == "me" }) {
            await me.navigation.selectTab("home")                // .completed
            await me.navigation.open(url: "myapp://posts/8")     // .completed: home tab, stack [home, post]
            await me.navigation.open(url: "myapp://admin")       // .cancelled(.guardRejected)
        }
        print(journal.lines.suffix(4))  // ["disappear me", "appear home", "disappear home", "appear post"]
        #expect(orchestrator.navigation.state.activeStack.map(\.route) == ["home", "post"])
        #expect(journal.lines.suffix(4) == ["disappear me", "appear home", "disappear home", "appear post"])
        // The admin link was refused without a commit: two more commits, no third.
        #expect(orchestrator.navigation.history.map(\.result.rawValue) == ["completed", "completed", "completed", "completed", "completed"])
    }
}

/// The middleware example of `Docs/Navigation.md`.
struct RequireLogin: NavigationMiddleware {
    let isLoggedIn: @Sendable () -> Bool
    func process(_ request: NavigationRequest, next: NavigationNext) async throws -> NavigationResult {
        if request.destination?.route == "inbox", !isLoggedIn() {
            return .redirected(chain: [], final: Destination("login"))
        }
        return try await next(request)
    }
}

extension NavigationGuideTests {
    @MainActor @Test func middlewareExample() async throws {
        let router = try Router(source: RouteSource(name: "app.routes", text: "route home /\nroute inbox /inbox\nroute login /login"))
        let flow = NavigationFlow(router: router, state: NavigationState(stack: [Destination("home")]))
        // As Docs/Middleware.md writes it:
        let token = flow.add(RequireLogin(isLoggedIn: { false }))
        await flow.navigate(to: Destination("inbox"))   // .redirected(chain: [inbox], final: login)
        flow.remove(token)
        await flow.navigate(to: Destination("inbox"))   // .completed
        #expect(flow.history.map(\.result.rawValue) == ["redirected", "completed"])
        #expect(flow.state.activeStack.map(\.route) == ["home", "login", "inbox"])
    }

    /// Docs/Middleware.md, "Authentication", on the default table.
    @MainActor @Test func authenticationExample() async throws {
        let sources = try RouteSource.load(from: packageRoot() + "/Routes")
        let router = try Router(sources: sources, resolver: RouteSource.resolver(among: sources))
        let flow = NavigationFlow(router: router, state: NavigationState(router: router))
        // As the guide writes it:
        let auth = AuthenticationMiddleware(loginRoute: router.loginRoute, clock: ContinuousClock())
        flow.add(auth)
        await flow.open(url: "myapp://profile/42")   // .redirected(chain: [profile], final: login)
        // … the user signs in …
        await flow.signIn()                          // .completed: home > profile 42, login gone
        await flow.signIn()                          // nil: nothing left to resume
        let profile = Destination("profile", parameters: ["userId": .int(42)], query: ["tab": .string("posts")])
        #expect(flow.history.map(\.result.rawValue).suffix(2) == ["redirected", "completed"])
        #expect(flow.state.activeStack.map(\.destination) == [Destination("home"), profile])
        #expect(flow.state.modals.isEmpty)
        #expect(flow.parkedRequest == nil)
    }

    /// Docs/Middleware.md, "Rate limiting": pushes are limited by source, in-app navigation not.
    @MainActor @Test func rateLimitExamples() async throws {
        let router = try Router(source: RouteSource(name: "app.routes", text: "origins myapp:\nroute home /\nroute a /a\nroute p /p/:n\n  param n int\n"))
        do {
            let flow = NavigationFlow(router: router, state: NavigationState(stack: [Destination("home")]))
            // Bursts of push notifications do not thrash the stack; in-app navigation is not limited.
            flow.add(RateLimitMiddleware(limit: 3, per: .seconds(1), key: .source, appliesTo: [.pushNotification],
                                         clock: ContinuousClock()))
            var results: [String] = []
            for n in 0..<4 { results.append(await flow.open(url: "myapp://p/\(n)", source: .pushNotification).code.rawValue) }
            #expect(results == ["completed", "completed", "completed", "cancelled.rate-limited"])
            #expect(await flow.navigate(to: Destination("a")) == .completed)
        }
        let flow = NavigationFlow(router: router, state: NavigationState(stack: [Destination("home")]))
        // As the guide writes it:
        let clock = TestClock()
        flow.add(RateLimitMiddleware(clock: clock))
        for n in 0..<11 { _ = await flow.navigate(to: Destination("p", parameters: ["n": .int(n)])) }
        // 10 completed, the 11th: .cancelled(.rateLimited(retryAfter: …))
        await clock.advance(by: .seconds(1))
        await flow.navigate(to: Destination("a"))   // .completed
        #expect(flow.state.activeStack.count == 1 + 10 + 1)
        #expect(flow.state.visible?.route == "a")
        #expect(flow.history.count == 11)
    }

    /// Docs/Middleware.md, "Duplicates and leave guards": the context of the example.
    @MainActor @Test func leaveGuardExample() async {
        let context = EditProfileContext()
        #expect(await context.shouldLeave(.removed))
        context.hasUnsavedChanges = true
        #expect(await context.shouldLeave(.covered))
        #expect(!(await context.shouldLeave(.removed)))
    }
}

@MainActor final class EditProfileContext: LeaveGuardingContext {
    var hasUnsavedChanges = false
    func onAppear() async {}
    func onDisappear() async {}
    func shouldLeave(_ departure: Departure) async -> Bool {
        // .removed: back, dismiss, a deep link rebuilding the stack; .covered: something on top.
        departure == .covered || !hasUnsavedChanges
    }
}

/// The worked example's context: it writes its lifecycle into a journal.
/// The host example of `Docs/Navigation.md` ("Your own host"), as written.
@MainActor final class ScreenLog: NavigationHost {
    var lines: [String] = []
    func flow(_ flow: NavigationFlow, deliver events: [LifecycleEvent]) async -> Duration {
        lines += events.map(\.description)
        return .zero  // time spent creating contexts, for the metrics
    }
    func flow(_ flow: NavigationFlow, leaveQuestionsFrom old: NavigationState, to new: NavigationState) -> [LeaveQuestion] {
        []  // no screen refuses to be left
    }
}

extension NavigationGuideTests {
    @MainActor @Test func hostExample() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: "route home /\nroute settings /settings\n"))
        let host = ScreenLog()
        let flow = NavigationFlow(router: router, state: NavigationState(stack: [Destination("home")]), host: host)
        #expect(await flow.navigate(to: Destination("settings")) == .completed)
        #expect(host.lines == ["disappear #0 home", "appear #1 settings"])
    }
}

/// Navigation.md, "Loaders: data before the screen", as written (with a stand-in API).
@MainActor @Suite struct LoadersGuideTests {
    struct User: Sendable, Equatable { var id: Int }
    struct API: Sendable {
        func followers(of userId: Int) async throws -> [User] { [User(id: userId + 1), User(id: userId + 2)] }
    }
    final class FollowersContext: Context {
        let followers: [User]
        init(followers: [User]) { self.followers = followers }
        func onAppear() async {}
        func onDisappear() async {}
    }

    @Test func loadersExample() async throws {
        let sources = try RouteSource.load(from: packageRoot() + "/Routes")
        let router = try Router(sources: sources, resolver: RouteSource.resolver(among: sources))
        let state = NavigationState(stack: [Destination("home")])
        let api = API()
        let orchestrator = Orchestrator(
            router: router, state: state,
            factories: [
                "followers": { environment in
                    FollowersContext(followers: environment.loaded["followerList", as: [User].self] ?? [])
                }
            ])
        orchestrator.navigation.loaders["followerList"] = { request in
            try await api.followers(of: request.destination.parameters.require("userId", as: Int.self))
        }
        await orchestrator.open(url: "myapp://profile/42/followers")  // loads, then shows the list
        let visible = try #require(orchestrator.navigation.state.visible)
        #expect(visible.route == "followers")
        let context = try #require(orchestrator.contexts[visible.id] as? FollowersContext)
        #expect(context.followers == [User(id: 43), User(id: 44)])
    }
}

/// Navigation.md, "Metrics": a middleware that reports slow navigations, as written.
struct SlowNavigationReporter: NavigationMiddleware {
    func process(_ request: NavigationRequest, next: NavigationNext) async throws -> NavigationResult {
        try await next(request)
    }
    func didFinish(_ request: NavigationRequest, result: NavigationResult, metrics: NavigationMetrics) {
        if metrics.total > .milliseconds(10) { print("\(request.id) \(result.code) took \(metrics.total)") }
    }
}

extension NavigationGuideTests {
    @MainActor @Test func slowNavigationReporterPassesEveryRequestOn() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: "route home /\nroute a /a\n"))
        let flow = NavigationFlow(router: router, state: NavigationState(stack: [Destination("home")]))
        flow.add(SlowNavigationReporter())
        #expect(await flow.navigate(to: Destination("a")) == .completed)
        #expect(flow.lastMetrics != nil)
    }

    /// Navigation.md, "Concurrency": requests fired together leave the state of the one that
    /// arrived last; the other, if it was still in a middleware, ends superseded.
    @MainActor @Test func concurrencyExample() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: "route home /\nroute me /me\nroute post /posts/:postId\n  param postId int\n"))
        let flow = NavigationFlow(router: router, state: NavigationState(stack: [Destination("home")]))
        flow.add(MiddlewareClosure { request, next in
            if request.destination?.route == "post" { await Task.yield() }
            return try await next(request)
        })
        // As the guide writes it:
        let slow = Task { await flow.navigate(to: Destination("post", parameters: ["postId": .int(1)])) }
        let fast = await flow.navigate(to: Destination("me"))   // .completed
        let first = await slow.value                              // .cancelled(.superseded) if it was still in a middleware
        #expect(fast == .completed)
        // Whichever arrived last decides the state; the other is superseded or came before it.
        switch first {
        case .completed: #expect(flow.state.activeStack.map(\.route) == ["home", "me", "post"])
        case .cancelled(.superseded): #expect(flow.state.activeStack.map(\.route) == ["home", "me"])
        default: Issue.record("\(first)")
        }
        #expect(flow.history.count == (first == .completed ? 2 : 1))
    }

    /// Navigation.md, "The gate": screens withheld at sign-out come back after sign-in.
    @MainActor @Test func withheldScreensExample() async throws {
        let router = try Router(source: RouteSource(name: "t.routes", text: GateTests.table))
        let flow = NavigationFlow(router: router, state: NavigationState(router: router))
        flow.add(AuthenticationMiddleware(loginRoute: router.loginRoute, signedIn: true, clock: ContinuousClock()))
        _ = await flow.perform(.selectTab("me"))
        _ = await flow.navigate(to: Destination("settings"))
        // As the guide writes it:
        await flow.navigate(to: Destination("privacy"))    // me > settings > privacy (auth), signed in
        flow.signOut()                                     // the login over privacy, one commit
        flow.uiDidChange(.dismissed(level: 0))             // the login dragged down:
        print(flow.state.visible?.route ?? "none")         // settings; privacy is in flow.state.withheld
        await flow.signIn()                                // privacy is back on top
        // (GateTests checks the state between: settings visible, privacy withheld.)
        #expect(flow.history.suffix(3).map(\.action.summary) == ["sign-out", "ui-dismiss(0)", "sign-in"])
        #expect(flow.state.activeStack.map(\.route) == ["me", "settings", "privacy"])
    }
}
