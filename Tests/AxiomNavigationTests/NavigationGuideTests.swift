import AxiomRouting
import TestSupport
import Testing

@testable import AxiomNavigation

/// The examples of `Docs/Navigation.md` and the documentation comments, run as written.
@Suite struct NavigationGuideTests {
    @Test func stateExample() throws {
        var state = NavigationState(tabs: ["home": Destination("home"), "profile": Destination("me")])
        state = try NavigationPlanner.plan(.push(Destination("post", parameters: ["postId": .int(7)])), in: state).get().state
        #expect(state.visible?.route == "post")
        #expect(state.canGoBack)
    }

    @Test func eventsExample() throws {
        let start = NavigationState(stack: [Destination("home")])
        let plan = try NavigationPlanner.plan(.push(Destination("post", parameters: ["postId": .int(7)])), in: start).get()
        #expect(plan.events.map(\.description) == ["disappear #0 home", "appear #1 post [postId: 7]"])
    }

    @Test func deepLinkExample() throws {
        let sources = try RouteSource.load(from: packageRoot() + "/Routes")
        let router = try Router(sources: sources, resolver: RouteSource.resolver(among: sources))
        let state = NavigationState(tabs: ["home": Destination("home"), "profile": Destination("me")])
        let match = try router.resolve("myapp://posts/7/comments").get()
        let plan = try NavigationPlanner.deepLink(to: Destination(match), router: router, in: state).get()
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

        await orchestrator.start()  // home appears
        #expect(await orchestrator.open(url: "myapp://posts/7") == .completed)
        #expect(orchestrator.navigation.state.activeStack.map(\.route) == ["home", "post"])
        #expect(await orchestrator.open(url: "myapp://admin") == .cancelled(.guardRejected))
        #expect(await orchestrator.open(url: "myapp://nowhere").code == "not-found")
        #expect(await orchestrator.navigation.back() == .completed)  // home again
        #expect(await orchestrator.navigation.selectTab("profile") == .completed)
        #expect(journal.lines == ["appear home", "disappear home", "appear post", "disappear post", "appear home", "disappear home", "appear me"])
        #expect(orchestrator.navigation.history.map(\.result) == ["completed", "completed", "completed"])
        #expect(orchestrator.contexts.count == 2)  // home and me; post was released

        // A context navigates through its handle: the profile screen switches tabs and opens a
        // link it holds — trusted as a deep link, so it does not reach admin either.
        let me = try #require(orchestrator.contexts.values.compactMap { $0 as? Screen }.first { $0.route == "me" })
        #expect(await me.navigation.selectTab("home") == .completed)
        #expect(await me.navigation.open(url: "myapp://posts/8") == .completed)
        #expect(await me.navigation.open(url: "myapp://admin") == .cancelled(.guardRejected))
        #expect(orchestrator.navigation.state.activeStack.map(\.route) == ["home", "post"])
        #expect(journal.lines.suffix(4) == ["disappear me", "appear home", "disappear home", "appear post"])
        #expect(orchestrator.navigation.history.map(\.result) == ["completed", "completed", "completed", "completed", "completed"])
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
        let token = flow.add(RequireLogin(isLoggedIn: { false }))
        #expect(await flow.navigate(to: Destination("inbox")) == .redirected(chain: [Destination("inbox")], final: Destination("login")))
        #expect(flow.state.activeStack.map(\.route) == ["home", "login"])
        flow.remove(token)
        #expect(await flow.navigate(to: Destination("inbox")) == .completed)
        #expect(flow.state.activeStack.map(\.route) == ["home", "login", "inbox"])
    }

    /// Docs/Middleware.md, "Authentication", on the default table.
    @MainActor @Test func authenticationExample() async throws {
        let sources = try RouteSource.load(from: packageRoot() + "/Routes")
        let router = try Router(sources: sources, resolver: RouteSource.resolver(among: sources))
        let flow = NavigationFlow(router: router, state: NavigationState(router: router))
        let auth = AuthenticationMiddleware(loginRoute: router.loginRoute, clock: ContinuousClock())
        flow.add(auth)
        let profile = Destination("profile", parameters: ["userId": .int(42)], query: ["tab": .string("posts")])
        #expect(await flow.open(url: "myapp://profile/42") == .redirected(chain: [profile], final: Destination("login")))
        #expect(await flow.signIn() == .completed)
        #expect(flow.state.activeStack.map(\.destination) == [Destination("home"), profile])
        #expect(flow.state.modals.isEmpty)
        #expect(await flow.signIn() == nil)
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

/// The host example of `Docs/Navigation.md` ("Your own host"), as written.
@MainActor private final class ScreenLog: NavigationHost {
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
