import AxiomNavigationTesting
import AxiomRouting
import Clocks
import Testing

@testable import AxiomNavigation

/// The seeds' scenario and its edges: a deep link into a signed-in screen survives the login.
@MainActor
@Suite struct AuthenticationTests {
    let router: Router
    let clock = TestClock()

    static let table = """
        origins myapp:
        tabs home, inbox
        login login
        route home /
          transition tab(home)
        route profile /profile/:userId
          param userId int
          auth
          parent home
        route inbox /inbox
          transition tab(inbox)
          auth
        route conversation /inbox/:id
          param id int
          auth
          parent inbox
        route login /login
          query returnTo string optional
          query next string optional
          query redirect string optional
          transition modal(fullScreen)
        route about /about
        """

    init() throws {
        router = try Router(source: RouteSource(name: "t.routes", text: Self.table))
    }

    private func makeFlow(timeToLive: Duration = .seconds(300)) -> (NavigationFlow, AuthenticationMiddleware<TestClock<Duration>>) {
        let flow = NavigationFlow(router: router, state: NavigationState(tabs: ["home": Destination("home"), "inbox": nil]))
        let auth = AuthenticationMiddleware(loginRoute: router.loginRoute, timeToLive: timeToLive, clock: clock)
        flow.add(auth)
        return (flow, auth)
    }

    private func profile(_ id: Int) -> Destination { Destination("profile", parameters: ["userId": .int(id)]) }

    /// Every route in the state, tabs in order then modals.
    private func routes(_ state: NavigationState) -> [String] { state.entries.map(\.route) }

    @Test func aProfileLinkWhileSignedOutGoesToLoginAndLandsOnTheProfileExactlyOnceAfterSignIn() async throws {
        let (flow, _) = makeFlow()
        let redirected = await flow.open(url: "myapp://profile/42")
        #expect(redirected == .redirected(chain: [profile(42)], final: Destination("login")))
        // The login screen is presented over the screen as it was; nothing else changed.
        #expect(routes(flow.state) == ["home", "login"])
        #expect(flow.state.modals.map(\.style) == [.fullScreen])
        #expect(flow.parkedRequest?.destination == profile(42))
        #expect(flow.isSignedIn == false)

        let resumed = try #require(await flow.signIn())
        #expect(resumed == .completed)
        // The deep link's whole target: its parent below it, the login taken down.
        #expect(flow.state.activeStack.map(\.destination) == [Destination("home"), profile(42)])
        #expect(flow.state.modals.isEmpty)
        #expect(routes(flow.state).filter { $0 == "profile" }.count == 1)
        #expect(flow.isSignedIn == true)
        #expect(flow.parkedRequest == nil)

        // A second sign-in does nothing.
        let historyCount = flow.history.count
        let before = flow.state
        #expect(await flow.signIn() == nil)
        #expect(flow.state == before)
        #expect(flow.history.count == historyCount)
    }

    @Test func signedInUsersGoStraightThroughAndSigningOutSendsThemToLoginAgain() async throws {
        let (flow, _) = makeFlow()
        _ = await flow.signIn()
        #expect(await flow.open(url: "myapp://inbox/3") == .completed)
        #expect(flow.state.visible?.route == "conversation")
        let conversation = try #require(flow.state.visible)
        flow.signOut()
        // Sign-out checks the screen on top in one commit: the login over the conversation.
        #expect(flow.state.visible?.route == "login")
        #expect(flow.history.last?.action == .signOut)
        // With the login on screen, an auth-only request is parked and nothing else changes.
        #expect(await flow.navigate(to: profile(1)) == .cancelled(.guardRejected))
        #expect(flow.parkedRequest?.destination == profile(1))
        // Dismissing the login would show the auth-only conversation under it: it is withheld
        // (kept in the state, not shown), and so is its tab's whole stack — home shows.
        #expect(await flow.dismiss() == .completed)
        #expect(flow.state.visible?.route == "home")
        #expect(flow.state.entries.contains(conversation))
        #expect(flow.parkedRequest?.destination == profile(1))
        // Routes without `auth` never need a sign-in.
        #expect(await flow.navigate(to: Destination("about")) == .completed)
    }

    @Test func anInAppNavigationResumesOnItsOwnStackWithTheLoginTakenDown() async throws {
        let (flow, _) = makeFlow()
        #expect(await flow.navigate(to: Destination("about")) == .completed)
        #expect(await flow.navigate(to: profile(7)).code.rawValue == "redirected")
        #expect(try #require(await flow.signIn()) == .completed)
        // Pushed where the user was (over about), not over the login modal.
        #expect(flow.state.activeStack.map(\.route) == ["home", "about", "profile"])
        #expect(flow.state.modals.isEmpty)
    }

    @Test func aParkedRequestPastItsTimeToLiveIsDropped() async {
        let (flow, _) = makeFlow()
        _ = await flow.open(url: "myapp://profile/42")
        await clock.advance(by: .seconds(300))
        #expect(flow.parkedRequest != nil)  // exactly 5 minutes: still alive
        await clock.advance(by: .milliseconds(1))
        #expect(flow.parkedRequest == nil)
        let before = flow.state
        #expect(await flow.signIn() == nil)
        #expect(flow.state == before)  // still on the login screen; the user carries on from there
        #expect(flow.isSignedIn == true)
    }

    @Test func theTimeToLiveIsConfigurable() async {
        let (flow, _) = makeFlow(timeToLive: .seconds(10))
        _ = await flow.open(url: "myapp://profile/42")
        await clock.advance(by: .seconds(11))
        #expect(await flow.signIn() == nil)
    }

    @Test func aNewerParkedRequestReplacesTheOlderOne() async throws {
        let (flow, _) = makeFlow()
        _ = await flow.open(url: "myapp://profile/1")
        _ = await flow.dismiss()
        _ = await flow.open(url: "myapp://inbox/9")
        #expect(try #require(await flow.signIn()) == .completed)
        #expect(flow.state.selectedTab == "inbox")
        #expect(flow.state.visible?.destination == Destination("conversation", parameters: ["id": .int(9)]))
        #expect(!routes(flow.state).contains("profile"))
    }

    /// `returnTo`, `next` and `redirect` are never followed: the return target is only ever the
    /// parked, already-resolved request.
    @Test(arguments: [
        "myapp://login?returnTo=https://evil.example",
        "myapp://login?returnTo=https%3A%2F%2Fevil.example%2Fphish",
        "myapp://login?next=//evil.example",
        "myapp://login?redirect=javascript:alert(1)",
        "myapp://login?returnTo=myapp://inbox",
        "myapp://login?returnTo=/inbox/1",
        "myapp://login?next=%2Finbox&redirect=..%2F..%2Fevil",
        "myapp://login?returnTo=https://evil.example&returnTo=myapp://about",
    ])
    func loginLinksCarryingAReturnTargetNeverNavigateAnywhereElse(url: String) async throws {
        let (flow, _) = makeFlow()
        #expect(await flow.open(url: url) == .completed)
        #expect(routes(flow.state) == ["home", "login"])
        let before = flow.state
        #expect(await flow.signIn() == nil)
        #expect(flow.state == before)

        // With a parked request, sign-in lands on it, whatever the login link said.
        let (other, _) = makeFlow()
        _ = await other.open(url: "myapp://profile/5")
        _ = await other.open(url: url)
        #expect(try #require(await other.signIn()) == .completed)
        #expect(other.state.visible?.destination == profile(5))
        #expect(Set(routes(other.state)).isSubset(of: ["home", "profile"]))
    }

    /// One notion of the login (issue 51): a session middleware that names none falls back to the
    /// table's `login`, as Docs/Middleware.md says.
    @Test func theTablesLoginIsTheFallbackWhenTheSessionNamesNone() async throws {
        let flow = NavigationFlow(router: router, state: NavigationState(tabs: ["home": Destination("home"), "inbox": nil]))
        flow.add(AuthenticationMiddleware(loginRoute: nil, clock: clock))
        #expect(await flow.open(url: "myapp://profile/3") == .redirected(chain: [profile(3)], final: Destination("login")))
        #expect(flow.state.visible?.route == "login")
        #expect(try #require(await flow.signIn()) == .completed)
        #expect(flow.state.visible?.destination == profile(3))
    }

    @Test func withoutALoginRouteSignedOutRequestsAreRefusedButStillResumeAfterSignIn() async throws {
        // Neither the session nor the table names a login.
        let text = Self.table.split(separator: "\n", omittingEmptySubsequences: false).filter { $0 != "login login" }.joined(separator: "\n")
        let router = try Router(source: RouteSource(name: "t.routes", text: text))
        #expect(router.loginRoute == nil)
        let flow = NavigationFlow(router: router, state: NavigationState(tabs: ["home": Destination("home"), "inbox": nil]))
        flow.add(AuthenticationMiddleware(loginRoute: nil, clock: clock))
        #expect(await flow.open(url: "myapp://profile/3") == .cancelled(.guardRejected))
        #expect(routes(flow.state) == ["home"])
        #expect(try #require(await flow.signIn()) == .completed)
        #expect(flow.state.visible?.destination == profile(3))
    }

    @Test func withoutASessionMiddlewareSignInHasNothingToResume() async {
        let flow = NavigationFlow(router: router, state: NavigationState(stack: [Destination("home")]))
        #expect(flow.isSignedIn == nil)
        #expect(await flow.signIn() == nil)
    }
}

/// Route metadata `sources …`: the table says who may open a route, the flow enforces it.
@MainActor
@Suite struct SourceTrustTests {
    let router: Router

    init() throws {
        router = try Router(
            source: RouteSource(
                name: "t.routes",
                text: """
                    origins myapp:
                    route home /
                    route password /password
                      sources inApp
                    route billing /billing
                      sources inApp, universalLink
                    route promo /promo
                    """))
    }

    @Test func aRouteOpensOnlyFromTheSourcesItsTableAllows() async {
        let flow = NavigationFlow(router: router, state: NavigationState(stack: [Destination("home")]))
        for source in [NavigationSource.deepLink, .universalLink, .pushNotification] {
            #expect(await flow.open(url: "myapp://password", source: source) == .cancelled(.untrustedSource))
        }
        #expect(await flow.open(url: "myapp://billing", source: .pushNotification) == .cancelled(.untrustedSource))
        #expect(flow.state == NavigationState(stack: [Destination("home")]))
        #expect(flow.history.isEmpty)
        #expect(await flow.open(url: "myapp://billing", source: .universalLink) == .completed)
        #expect(await flow.navigate(to: Destination("password")) == .completed)
        #expect(flow.state.activeStack.map(\.route) == ["billing", "password"])
    }

    @Test func aRedirectToAnUntrustedRouteIsRefusedToo() async {
        let flow = NavigationFlow(router: router, state: NavigationState(stack: [Destination("home")]))
        flow.add(
            MiddlewareClosure { request, next in
                if request.destination?.route == "promo" { return .redirected(chain: [], final: Destination("password")) }
                return try await next(request)
            })
        #expect(await flow.open(url: "myapp://promo", source: .deepLink) == .cancelled(.untrustedSource))
        #expect(await flow.open(url: "myapp://promo", source: .inApp).code.rawValue == "redirected")
    }

    @Test func analyticsSeeTheRefusal() async {
        let flow = NavigationFlow(router: router, state: NavigationState(stack: [Destination("home")]))
        let sink = InMemoryAnalyticsSink()
        flow.add(AnalyticsMiddleware(sink: sink))
        _ = await flow.open(url: "myapp://password", source: .pushNotification)
        #expect(sink.events.map(\.outcome.rawValue) == ["cancelled.untrusted-source"])
    }

    @Test func theTableNamesTheSourcesOfNavigationSource() {
        #expect(Route.Metadata.sourceNames == NavigationSource.allCases.map(\.rawValue))
        #expect(router.route(named: "billing")?.metadata.allowedSources == ["inApp", "universalLink"])
        #expect(router.route(named: "promo")?.metadata.allowedSources == nil)
    }
}
